"""A long computation is cancelled by restarting Python; a solver that raises shows its error.

Both keep the board on screen, and the app recovers without a page reload.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage, load_fixture, serve_patched_package
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

EXAMPLE_1 = load_fixture("leetcode_example_1")


def dense_board(n: int, seed: int) -> list[list[int]]:
    """A 50×50 board with many short snakes: its exact analysis takes seconds, not milliseconds."""
    rng = random.Random(seed)
    rows = [[-1] * n for _ in range(n)]
    last = n * n
    for square in range(2, last):
        if rng.random() < 0.12:
            row, col = divmod(square - 1, n)
            col = n - 1 - col if row % 2 else col
            rows[n - 1 - row][col] = max(1, square - rng.randint(1, 30))
    return rows


def test_a_long_analysis_is_cancelled_and_python_restarts(open_app: Callable[..., AppPage]) -> None:
    app = open_app()
    app.wait_ready()
    states: list[str] = []

    def record(state: str) -> None:
        states.append(state)

    # The analysis runs in a worker of its own: its state is the Random play panel's data-engine.
    app.page.expose_function("recordEngine", record)
    app.page.evaluate(
        """() => new MutationObserver(() => window.recordEngine(document.getElementById('analysis').dataset.engine))
          .observe(document.getElementById('analysis'), { attributes: true, attributeFilter: ['data-engine'] })"""
    )
    board = dense_board(50, seed=7)
    app.load_json(json.dumps(board))
    expect(app.squares).to_have_count(50 * 50)  # loaded (Python checks the text first)
    assert app.matrix_rows() == board
    before = app.matrix.text_content()
    app.button("Analyze").click()
    cancel = app.button("Cancel").and_(app.page.locator("#cancel-analysis"))
    expect(cancel).to_be_visible()
    # Cancel once the analysis worker has started and is computing, so the cut-off is what is tested.
    expect(app.page.locator("#analysis")).to_have_attribute("data-engine", "ready", timeout=PYTHON_TIMEOUT_MS)
    cancel.click()
    expect(app.analysis_summary).to_have_text(re.compile(r"^Analysis cancelled\. Python is restarting"))
    expect(cancel).to_be_hidden()
    expect(app.page.locator("#analysis")).to_have_attribute("data-engine", "ready", timeout=PYTHON_TIMEOUT_MS)
    assert "loading" in states[states.index("ready") :], states  # started, then really replaced
    assert app.matrix.text_content() == before
    # The fresh Python answers: the same board solves, and the board is still the one loaded.
    app.solve()
    expect(app.result).to_have_text(re.compile(r"^(Minimum moves: \d+|Unreachable)"), timeout=PYTHON_TIMEOUT_MS)
    assert app.matrix_rows() == board


def test_a_solver_that_raises_shows_the_error_and_keeps_the_board(open_app: Callable[..., AppPage]) -> None:
    app = open_app(navigate=False)
    # The real package, but its solve() raises: what a bug in the solver would look like.
    serve_patched_package(
        app,
        "snakes_ladders/solver/solution.py",
        b"\n\ndef solve(board, rules=None):\n    raise RuntimeError('the solver broke')\n",
    )
    app.goto()
    app.wait_ready()
    before = app.matrix.text_content()
    app.solve()
    expect(app.result).to_have_text(
        "Could not solve: internal error: RuntimeError: the solver broke.", timeout=PYTHON_TIMEOUT_MS
    )
    assert app.matrix.text_content() == before
    app.expect_board(EXAMPLE_1["board"])
    # The rest of the engine still works: the board is still checked and editable.
    app.select(3, 20)
    app.expect_jump(3, 20)
    expect(app.engine).to_have_attribute("data-engine", "ready")
