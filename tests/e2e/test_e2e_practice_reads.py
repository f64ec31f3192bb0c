"""Practice's failing board in the browser: shrunk, with the solution's reads step by step on the board and
the LeetCode matrix, the first differing read, why the right answer is right, and square <-> cell links.

Each wrong solution is run through the page's battery; the board the page shows, its size, the reads'
count, the read at each position asked and the first difference are compared with CPython's own
``practice_failure.diagnose`` of the same solution on the same failing board (an independent run of
the same Python, not a copy of the page's numbers). At 1280x900 and at a 390x844 phone.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from app_page import AppPage, load_fixture
from playwright.sync_api import Locator, expect
from test_e2e_practice import BOARDS, Practice

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from practice_solutions import WRONG
from snakes_ladders.board import cell_to_square
from snakes_ladders.practice import battery
from snakes_ladders.practice_failure import diagnose, failure_to_json
from snakes_ladders.practice_run import load, run

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]


def expected_failure(name: str) -> tuple[int, Any, dict[str, Any]]:
    """The first battery board (1-based) the wrong solution ``name`` fails, its case, and CPython's diagnosis."""
    _, source = WRONG[name]
    solver, _ = load(source)
    example = load_fixture("leetcode_example_1")["board"]
    for index, case in enumerate(battery(BOARDS, 0, board=example)):
        outcome = run(solver, case.rows())
        if not outcome.passed(case.expected):
            return index + 1, case, failure_to_json(diagnose(solver, case.rows(), outcome, 30))
    raise AssertionError(f"{name} passed every board")


def grid(table: Locator) -> list[list[str]]:
    return table.evaluate("t => [...t.rows].map(r => [...r.cells].map(c => c.textContent))")


def in_view(page: Any, locator: Locator) -> None:
    """The element's box lies within the viewport's width once scrolled to (nothing cut off sideways)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (box, width)


def check_failure(app: AppPage, name: str) -> tuple[Practice, dict[str, Any]]:
    """Run ``name``, and check the failing board shown against CPython's diagnosis; returns the diagnosis."""
    number, case, failure = expected_failure(name)
    practice = Practice(app).open()
    practice.write(WRONG[name][1])
    practice.run()
    practice.wait_done("failed")
    title = practice.failure.locator("h3")
    expect(title).to_have_text(re.compile(rf"^Board {number} of {BOARDS} \({case.kind}, {case.n}×{case.n}\): .+\.$"))
    n, original = failure["n"], failure["original_n"]
    assert original == case.n
    expect(practice.failure).to_contain_text(
        f"Smallest board that breaks it: {n}×{n} (the board was {original}×{original}), found in {failure['shrink']['runs']} runs."
    )
    board = practice.panel.get_by_role("table", name="Failing board", exact=True)
    matrix = practice.panel.get_by_role("table", name="LeetCode matrix of the failing board")
    expect(board.get_by_role("row")).to_have_count(n)
    assert grid(matrix) == [[str(value) for value in row] for row in failure["board"]]
    squares = [[int(text.split("→")[0]) for text in row] for row in grid(board)]
    assert squares == [[cell_to_square(r, c, n) for c in range(n)] for r in range(n)]
    expect(practice.failure).to_contain_text(
        f"On this board: expected {failure['expected']}, your answer: {failure['shown']}."
    )
    slider = practice.panel.get_by_role("slider", name="Read")
    expect(slider).to_have_attribute("max", str(len(failure["reads"])))
    for index in sorted({0, len(failure["reads"]) // 2, len(failure["reads"]) - 1}):
        slider.fill(str(index + 1))
        show_read(practice, failure, index)
    return practice, failure


def show_read(practice: Practice, failure: dict[str, Any], index: int) -> None:
    """Read ``index`` is the one shown: its words, its cell on the matrix and its square on the board."""
    row, col = failure["reads"][index]
    square = failure["read_squares"][index]
    reads = practice.panel.locator('[data-practice="reads"]')
    expect(reads).to_have_attribute("data-read", str(index))
    expect(reads).to_contain_text(
        f"Read {index + 1} of {len(failure['reads'])}: board[{row}][{col}], which is square {square}."
    )
    matrix = practice.panel.get_by_role("table", name="LeetCode matrix of the failing board")
    board = practice.panel.get_by_role("table", name="Failing board", exact=True)
    expect(matrix.locator("td.read")).to_have_count(1)
    expect(matrix.locator(f'td.read[data-row="{row}"][data-col="{col}"]')).to_have_count(1)
    expect(board.locator("td.read")).to_have_attribute("data-square", str(square))


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_wrong_mapping_shows_the_first_differing_read(open_app: Callable[..., AppPage], phone: bool) -> None:
    app = open_app(phone=phone)
    practice, failure = check_failure(app, "parity-from-top")
    difference = failure["first_difference"]
    assert difference is not None
    expect(practice.failure).to_contain_text(
        f"First differing read (read {difference['read'] + 1}): {difference['text']}."
    )
    practice.panel.get_by_role("slider", name="Read").fill(str(difference["read"] + 1))
    show_read(practice, failure, difference["read"])
    said = practice.panel.locator('[data-practice="read-difference"]')
    expect(said).to_have_text(f"Here your code read the wrong cell: {difference['text']}.")
    board = practice.panel.get_by_role("table", name="Failing board", exact=True)
    matrix = practice.panel.get_by_role("table", name="LeetCode matrix of the failing board")
    expect(board.locator("td.meant")).to_have_attribute("data-square", str(difference["square"]))
    row, col = difference["actual"]
    expect(matrix.locator(f'td.meant[data-row="{row}"][data-col="{col}"]')).to_have_count(1)
    # Step and Back move one read; hovering a square marks its matrix cell and the other way round.
    step = practice.panel.get_by_role("button", name="Step", exact=True)
    step.click()
    show_read(practice, failure, difference["read"] + 1)
    practice.panel.get_by_role("button", name="Back", exact=True).click()
    show_read(practice, failure, difference["read"])
    for view in (board, matrix, practice.panel.locator('[data-practice="reads"]'), step):
        in_view(app.page, view.locator("xpath=..") if view in (board, matrix) else view)
    board.locator('td[data-square="2"]').hover()
    expect(matrix.locator("td.linked")).to_have_attribute("data-square", "2")
    matrix.locator('td[data-row="0"][data-col="0"]').hover()
    expect(board.locator("td.linked")).to_have_attribute("data-square", str(cell_to_square(0, 0, failure["n"])))


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_chained_jump_shows_the_chain_and_the_layers(open_app: Callable[..., AppPage], phone: bool) -> None:
    app = open_app(phone=phone)
    practice, failure = check_failure(app, "chains-jumps")
    chain = failure["why"]["chain"]
    assert chain is not None and chain["chains"]
    board = practice.panel.get_by_role("table", name="Failing board", exact=True)
    chained = sorted({square for each in chain["chains"] for square in each})
    marked = board.locator("td.chain").evaluate_all("cells => cells.map(c => Number(c.dataset.square))")
    assert sorted(marked) == chained
    why = practice.panel.locator('[data-practice="why"]')
    expect(why).to_contain_text(
        "Your count follows more than one jump in a move: " + " → ".join(map(str, chain["chains"][0]))
    )
    expect(why).to_contain_text("After 0 moves: 1")
    got = failure["got"]
    expect(why).to_contain_text(f"Your answer, {got}: no game of {got} moves reaches square {failure['n'] ** 2}")
    # Play runs through the reads to the last and stops there (from three before it: a second's play).
    practice.panel.get_by_role("slider", name="Read").fill(str(len(failure["reads"]) - 3))
    practice.panel.get_by_role("button", name="Play").click()
    reads = practice.panel.locator('[data-practice="reads"]')
    expect(reads).to_have_attribute("data-read", str(len(failure["reads"]) - 1), timeout=10_000)
    expect(practice.panel.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "false")
    in_view(app.page, reads)
