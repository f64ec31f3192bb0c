"""Practice's failing board in the browser: shrunk, with the solution's reads step by step on the board and
the LeetCode matrix, the first differing read, why the right answer is right, and square <-> cell links.

Each wrong solution is run through the page's battery; the board the page shows, its size, the reads'
count, the read at each position asked and the first difference are compared with CPython's own
``practice.failure.diagnose`` of the same solution on the same failing board (an independent run of
the same Python, not a copy of the page's numbers). A wrong JavaScript solution (tests/js/practice-solutions.mjs)
is compared with CPython's diagnosis of its Python twin of the same name: the same mistake, reading the board
in the same order, recorded independently (practice_reads). At 1280x900 and at a 390x844 phone.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from app_page import AppPage, load_fixture
from playwright.sync_api import Locator, expect
from test_e2e_practice import BOARDS, JAVASCRIPT_STORAGE_KEY, Practice
from test_e2e_practice_view import EDITOR_CONTRAST, THEMES

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from in_process import diagnose, load, run
from practice_solutions import WRONG
from snakes_ladders.board import cell_to_square
from snakes_ladders.practice import battery
from snakes_ladders.practice.failure import failure_to_json

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


ROOT = Path(__file__).resolve().parents[2]


def javascript_solution(name: str) -> str:
    """The wrong JavaScript solution ``name`` (tests/js/practice-solutions.mjs), read through Node."""
    server = ROOT / "tests" / "js" / "practice-js-server.mjs"
    reply = subprocess.run(
        ["node", str(server)], input='{"solutions": true}\n', capture_output=True, text=True, check=True, cwd=ROOT
    )
    source: str = json.loads(reply.stdout)["wrong"][name][1]
    return source


def check_failure(app: AppPage, name: str, javascript: bool = False) -> tuple[Practice, dict[str, Any]]:
    """Run ``name`` (its JavaScript version if ``javascript``), and check the failing board shown against
    CPython's diagnosis of the Python one; returns the diagnosis."""
    number, case, failure = expected_failure(name)
    practice = Practice(app).open()
    if javascript:
        practice.language("JavaScript")
        expect(practice.editor).to_contain_text("var snakesAndLadders = function(board) {")  # the template
        practice.write(javascript_solution(name), JAVASCRIPT_STORAGE_KEY)
    else:
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


def check_difference(practice: Practice, failure: dict[str, Any]) -> dict[str, Any]:
    """The first differing read: said once (the reads view, at that read), its cells marked on both grids."""
    difference = failure["first_difference"]
    assert difference is not None
    practice.panel.get_by_role("slider", name="Read").fill("1")
    go = practice.panel.get_by_role("button", name=f"Go to the first differing read (read {difference['read'] + 1})")
    go.click()
    show_read(practice, failure, difference["read"])
    said = practice.panel.locator('[data-practice="read-difference"]')
    expect(said).to_have_text(f"Here your code read the wrong cell: {difference['text']}.")
    # Once on the page: the line above the grids only points to the read (it said the sentence a second time).
    assert practice.failure.inner_text().count(difference["text"]) == 1
    board = practice.panel.get_by_role("table", name="Failing board", exact=True)
    matrix = practice.panel.get_by_role("table", name="LeetCode matrix of the failing board")
    expect(board.locator("td.meant")).to_have_attribute("data-square", str(difference["square"]))
    row, col = difference["actual"]
    expect(matrix.locator(f'td.meant[data-row="{row}"][data-col="{col}"]')).to_have_count(1)
    return dict(difference)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_wrong_mapping_shows_the_first_differing_read(open_app: Callable[..., AppPage], phone: bool) -> None:
    app = open_app(phone=phone)
    practice, failure = check_failure(app, "parity-from-top")
    difference = check_difference(practice, failure)
    board = practice.panel.get_by_role("table", name="Failing board", exact=True)
    matrix = practice.panel.get_by_role("table", name="LeetCode matrix of the failing board")
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
    # Scrolled to, the failing board is not under the main board (sticky at the top of a phone's screen).
    board.scroll_into_view_if_needed()
    main, grid = app.page.locator("#board").bounding_box(), board.bounding_box()
    assert main is not None and grid is not None
    apart = [
        main["y"] + main["height"] <= grid["y"] + 1,
        grid["y"] + grid["height"] <= main["y"] + 1,
        main["x"] + main["width"] <= grid["x"] + 1,
        grid["x"] + grid["width"] <= main["x"] + 1,
    ]
    assert any(apart), (main, grid)


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


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_wrong_javascript_solution_is_caught_shrunk_and_its_reads_shown(
    open_app: Callable[..., AppPage], phone: bool
) -> None:
    """A JavaScript solution with the wrong numbering: caught on the board its Python twin fails, shrunk to the
    same board, the same reads and first difference shown on the board and the matrix; the editor in
    JavaScript mode keeps its contrast."""
    app = open_app(phone=phone)
    practice, failure = check_failure(app, "parity-from-top", javascript=True)
    check_difference(practice, failure)
    assert practice.editor.evaluate("el => el.querySelectorAll('span[class]').length") > 3  # highlighted as JavaScript
    practice.editor.click()  # the active line's background is measured too
    for theme, scheme in THEMES if not phone else THEMES[:1]:
        app.page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
        app.page.get_by_label("Theme").select_option(theme)
        seen = app.page.evaluate(EDITOR_CONTRAST)
        low = [f"{item['text']!r} ({item['cls']}): {item['ratio']:.2f}" for item in seen if item["ratio"] < 4.5]
        assert len(seen) >= 20 and low == [], (theme, scheme, low)
    if not phone:
        # The page's CSP, which the worker inherits, refuses the one way from the interpreter to the engine's
        # eval: the Function constructor every function reaches. The board fails with that reason.
        practice.write(
            "var snakesAndLadders = function(board) {\n  const F = (() => 0).constructor;\n"
            "  return F('return typeof fetch + typeof postMessage')();\n};\n",
            JAVASCRIPT_STORAGE_KEY,
        )
        practice.run()
        practice.wait_done("failed")
        expect(practice.status).to_have_text(f"0 of {BOARDS} boards passed.")
        expect(practice.panel.locator('[data-practice="failure-error"]')).to_contain_text("EvalError: ")
