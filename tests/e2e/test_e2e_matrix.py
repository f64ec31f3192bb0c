"""The LeetCode matrix panel linked with the board, at a desktop's 1280x900 and a phone's 390x844.

Each value of the panel's ``board = [[...]]`` text is a grid cell: hovering, focusing or selecting a square
marks its cell (scrolled into view inside the panel, not the page), and hovering or focusing a cell marks its
square (the ``linked`` class); a click or Enter on a cell is a click on its square. The text stays the one
LeetCode takes (``AppPage.matrix_rows`` reads it), an edit rewrites only the value it changed (a
MutationObserver on the panel counts the cells touched), and a hidden panel builds no cells until shown.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from app_page import AppPage, jumps_of
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.e2e

N = 50
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
MATRIX_NAME = "Current board as a LeetCode matrix"

# Which matrix cells an edit touches: the data-square of every cell whose text or name changed ("other"
# for a change outside the cells), and whether the cells built before are still the ones shown.
WATCH = """() => {
  const root = document.querySelector("#matrix");
  window.__cells = [...root.querySelectorAll('[role="gridcell"]')];
  window.__touched = new Set();
  window.__note = (records) => {
    for (const record of records) {
      const element = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      window.__touched.add(element.closest('[role="gridcell"]')?.dataset.square ?? "other");
    }
  };
  window.__watch = new MutationObserver(window.__note);
  window.__watch.observe(root, { subtree: true, childList: true, characterData: true, attributeFilter: ["aria-label"] });
}"""
TOUCHED = """() => {
  window.__note(window.__watch.takeRecords());
  window.__watch.disconnect();
  return { touched: [...window.__touched].sort(), same: window.__cells.every((cell) => cell.isConnected) };
}"""
# Whether a cell lies wholly inside the panel's box (the panel scrolls it there at its next frame).
INSIDE = """(cell) => {
  const a = cell.closest("#matrix").getBoundingClientRect();
  const b = cell.getBoundingClientRect();
  return b.top >= a.top && b.bottom <= a.bottom && b.left >= a.left && b.right <= a.right;
}"""


def square_of(row: int, col: int, n: int) -> int:
    from_bottom = n - 1 - row
    return from_bottom * n + (n - 1 - col if from_bottom % 2 else col) + 1


def cell_of(square: int, n: int) -> tuple[int, int]:
    from_bottom, offset = divmod(square - 1, n)
    return n - 1 - from_bottom, (n - 1 - offset if from_bottom % 2 else offset)


def grid(app: AppPage) -> Locator:
    return app.page.get_by_role("grid", name=MATRIX_NAME)


def matrix_cell(app: AppPage, square: int) -> Locator:
    """The matrix cell of ``square``, found by its spoken name ("board[r][c], square 7, ...")."""
    return grid(app).get_by_role("gridcell", name=re.compile(rf"^board\[\d+\]\[\d+\], square {square}(,|$)"))


def board_square(app: AppPage, square: int) -> Locator:
    return app.page.locator(f'.grid .cell[data-square="{square}"]')


def dense_fragment(seed: int) -> tuple[str, dict[int, int]]:
    """A 50×50 share link with 750 jumps (none on 1 or 2500, none ending on a start)."""
    rng = random.Random(seed)
    starts = rng.sample(range(2, N * N), 750)
    free = sorted(set(range(1, N * N + 1)) - set(starts))
    jumps = {start: rng.choice(free) for start in sorted(starts)}
    return "n=50&j=" + ".".join(f"{start}-{end}" for start, end in jumps.items()), jumps


def free_neighbour(jumps: dict[int, int], square: int, n: int) -> tuple[str, int]:
    """An arrow key from ``square``'s cell to a cell whose square holds no jump and is no new end."""
    row, col = cell_of(square, n)
    for key, (dr, dc) in {"ArrowRight": (0, 1), "ArrowLeft": (0, -1), "ArrowDown": (1, 0), "ArrowUp": (-1, 0)}.items():
        if 0 <= row + dr < n and 0 <= col + dc < n:
            other = square_of(row + dr, col + dc, n)
            if other not in jumps and other not in (1, n * n, jumps[square]):
                return key, other
    raise AssertionError(f"no free neighbour of square {square}")


def expect_inside(app: AppPage, cell: Locator) -> None:
    app.page.wait_for_function(INSIDE, arg=cell.element_handle())


def edit_touches(app: AppPage, edit: Callable[[], Any]) -> dict[str, Any]:
    app.page.evaluate(WATCH)
    edit()
    return app.page.evaluate(TOUCHED)


def test_the_matrix_is_linked_with_a_50_by_50_board(
    open_app: Callable[..., AppPage], subtests: pytest.Subtests
) -> None:
    fragment, jumps = dense_fragment(25)
    app = open_app(f"#solve&{fragment}")
    expect(app.jump_squares).to_have_count(len(jumps))

    with subtests.test(msg="hidden (Solve), the panel builds no cells, and its text is the board"):
        expect(app.page.locator('#matrix [role="gridcell"]')).to_have_count(0)
        assert jumps_of(app.matrix_rows()) == jumps

    app.workspace("design")
    with subtests.test(msg="shown, the matrix is a grid of 50 rows of 50 cells, and still the board's text"):
        expect(grid(app).get_by_role("row")).to_have_count(N)
        expect(grid(app).get_by_role("gridcell")).to_have_count(N * N)
        rows = app.matrix_rows()
        assert len(rows) == N and jumps_of(rows) == jumps
        expect(grid(app).locator('[tabindex="0"]')).to_have_count(1)  # one tab stop

    with subtests.test(msg="hovering a square marks its cell, scrolled into view inside the panel"):
        board_square(app, 2500).hover()
        expect(matrix_cell(app, 2500)).to_have_class(re.compile(r"\blinked\b"))
        before = app.page.evaluate("() => window.scrollY")
        board_square(app, 1).hover()
        cell = matrix_cell(app, 1)
        expect(cell).to_have_class(re.compile(r"\blinked\b"))
        expect(cell).to_have_accessible_name("board[49][0], square 1, -1 (no snake or ladder)")
        expect(grid(app).locator(".linked")).to_have_count(1)
        expect_inside(app, cell)
        place = cell.evaluate("cell => [cell.closest('#matrix').scrollTop, window.scrollY]")
        assert place[0] > 0 and place[1] == before, place  # the panel scrolled, not the page

    start = min(jumps)
    key, target = free_neighbour(jumps, start, N)
    with subtests.test(msg="hovering a cell marks its square on the board; leaving it unmarks it"):
        cell = matrix_cell(app, start)
        expect(cell).to_have_accessible_name(
            re.compile(rf"^board\[\d+\]\[\d+\], square {start}, (ladder|snake) to {jumps[start]}$")
        )
        cell.hover()
        expect(board_square(app, start)).to_have_class(re.compile(r"\blinked\b"))
        app.page.get_by_role("heading", name="LeetCode matrix").hover()
        expect(board_square(app, start)).not_to_have_class(re.compile(r"\blinked\b"))

    with subtests.test(msg="a click on a cell selects its square, as a click on the board does"):
        matrix_cell(app, start).click()
        expect(board_square(app, start)).to_have_attribute("aria-selected", "true")
        expect(matrix_cell(app, start)).to_be_focused()
        app.expect_message(f"Square {start} selected")

    with subtests.test(msg="arrow keys move inside the matrix; Enter there moves the jump; only its cell is rewritten"):
        app.page.keyboard.press(key)
        expect(matrix_cell(app, target)).to_be_focused()
        expect(board_square(app, target)).to_have_class(re.compile(r"\blinked\b"))
        change = edit_touches(app, lambda: app.page.keyboard.press("Enter"))
        app.expect_jump(start, target)
        row, col = cell_of(start, N)
        assert app.matrix_rows()[row][col] == target
        assert jumps_of(app.matrix_rows()) == {**jumps, start: target}
        assert change == {"touched": [str(start)], "same": True}, change


def test_the_matrix_is_linked_on_a_phone(open_app: Callable[..., AppPage], subtests: pytest.Subtests) -> None:
    app = open_app("#design&n=8&j=3-40.60-12", phone=True)
    app.expect_jump(60, 12)
    app.tool("Jumps")  # a touch screen starts with Pan: a tap then only selects

    with subtests.test(msg="tapping a square selects it and marks its cell, inside the panel"):
        board_square(app, 5).tap()
        expect(board_square(app, 5)).to_have_attribute("aria-selected", "true")
        cell = matrix_cell(app, 5)
        expect(cell).to_have_class(re.compile(r"\blinked\b"))
        expect_inside(app, cell)

    with subtests.test(msg="tapping a cell is a tap on its square: the ladder is placed, only its cell rewritten"):
        change = edit_touches(app, lambda: matrix_cell(app, 20).tap())
        app.expect_jump(5, 20)
        row, col = cell_of(5, 8)
        assert app.matrix_rows()[row][col] == 20
        assert change == {"touched": ["5"], "same": True}, change
        expect(matrix_cell(app, 5)).to_have_accessible_name(f"board[{row}][{col}], square 5, ladder to 20")

    with subtests.test(msg="axe finds no violation in the matrix panel (grid, rows, cells, names, contrast)"):
        app.page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
        found = app.page.evaluate(
            """async () => (await axe.run(document.querySelector("#matrix").closest("section"),
                { resultTypes: ["violations"] })).violations.map((v) => [v.id, v.nodes.length])"""
        )
        assert found == [], found

    with subtests.test(msg="resized to 50×50, the matrix has 50 rows of 50 and keeps the jumps"):
        app.resize(N)
        expect(grid(app).get_by_role("row")).to_have_count(N)
        expect(grid(app).get_by_role("gridcell")).to_have_count(N * N)
        rows = app.matrix_rows()
        assert len(rows) == N and all(len(row) == N for row in rows)
        assert len(jumps_of(rows)) == 3
        page_width = app.page.evaluate("() => document.documentElement.scrollWidth")
        assert page_width <= 390, page_width  # the matrix scrolls inside its panel, never the page sideways
