"""The classic rules preset (start off the board, a ladder on square 1): edited, checked and solved under
its own rules, and counted under them in My boards."""

from __future__ import annotations

import re

import pytest
from app_page import AppPage
from playwright.sync_api import expect
from snakes_ladders.board.rules import Rules
from snakes_ladders.solver.solution import solve
from test_e2e_designer import Generate, Library

pytestmark = pytest.mark.e2e


CLASSIC_RULES = "Classic 10×10, classic rules (ladder on 1)"


def test_classic_rules_preset_is_edited_and_solved_under_its_rules(app: AppPage) -> None:
    """The preset's rules start off the board, so square 1 holds a ladder: Python's check after an edit
    takes the rules too (it used to put the last valid board back), and Solve answers under those rules,
    from off the board, instead of a red error about square 1."""
    app.goto("#design")
    app.load_preset(CLASSIC_RULES)
    app.wait_ready()
    app.square(1).click()
    app.square(4).click()  # 1→4 ends on square 4's ladder: Python's check flags it when it accepts the board
    expect(app.square(1)).to_have_accessible_name(
        re.compile(r"^Square 1, ladder to 4, start, ends on another jump's start")
    )
    app.expect_jump(1, 4)
    rows = app.matrix_rows()
    app.page.locator('a[data-workspace="solve"]').click()
    app.solve()
    expected = solve(rows, rules=Rules(start="off-board")).moves
    expect(app.result).to_have_text(f"Minimum moves: {expected}")
    expect(app.page.locator("#solve-rules")).to_contain_text("The moves count from off the board")
    expect(app.result).not_to_have_attribute("data-kind", "error")


def test_my_boards_counts_a_classic_board_under_its_rules(app: AppPage) -> None:
    """My boards shows the least moves Solve gives, under the board's own rules, and names the classic
    start; the stored figure says which start it was counted from. (It used to ask under LeetCode's rules,
    which refuse the preset's ladder on square 1, so the line said "least moves —" for good.)"""
    app.goto("#design")
    app.load_preset(CLASSIC_RULES)
    app.wait_ready()
    expected = solve(app.matrix_rows(), rules=Rules(start="off-board")).moves
    lib = Library(app).ready()
    lib.save("Classic")
    expect(lib.items.first.locator(".library-meta")).to_have_text(f"10×10 · least moves from off the board: {expected}")
    assert [(e["moves"], e["movesStart"]) for e in lib.stored()] == [(expected, "off-board")]
    # The Generate dialog's least moves are LeetCode's count whatever the start: it says so under this one.
    rules_line = Generate(app).open().dialog.locator('[data-generate="rules"]')
    expect(rules_line).to_contain_text("Least moves here are LeetCode's count, from square 1; Solve and My boards")
    app.page.keyboard.press("Escape")
    app.page.locator('a[data-workspace="solve"]').click()
    app.solve()
    expect(app.result).to_have_text(f"Minimum moves: {expected}")
