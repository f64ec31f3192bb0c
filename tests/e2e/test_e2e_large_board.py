"""A 50×50 board with 30% of its squares holding jumps: the board is redrawn piece by piece
(web/board/render.mjs redraws only the jumps an edit changed), so after any sequence of edits, undos and
redos the jumps drawn must be exactly the board's jumps, as the LeetCode matrix panel shows them. And the
Solve answer replaces the note the page opened with ("… Press Solve!").
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage, jumps_of
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

N = 50
DRAWN = """() => [...document.querySelectorAll(".overlay .jumps > .jump")].map((jump) =>
  [Number(jump.dataset.start), Number(jump.dataset.end)])"""


def dense_hash(seed: int) -> tuple[str, dict[int, int]]:
    """A 50×50 share link with 30% of the squares holding a jump (none on 1 or 2500, none chained)."""
    rng = random.Random(seed)
    last = N * N
    starts = rng.sample(range(2, last), round(0.3 * last))
    free = sorted(set(range(1, last + 1)) - set(starts))
    jumps = {start: rng.choice(free) for start in sorted(starts)}
    return "#n=50&j=" + ".".join(f"{start}-{end}" for start, end in jumps.items()), jumps


def click(app: AppPage, square: int) -> None:
    cell = app.page.locator(f'.grid .cell[data-square="{square}"]')
    cell.scroll_into_view_if_needed()
    cell.click()


def drawn_matches_state(app: AppPage) -> None:
    """The pictures on the board are the matrix's jumps, one each, with the same start and end."""
    expect(app.page.locator("body")).not_to_have_attribute("data-saved", "pending")
    state = jumps_of(app.matrix_rows())
    drawn = app.page.evaluate(DRAWN)
    assert len(drawn) == len(state), (len(drawn), len(state))
    assert dict(drawn) == state


def test_after_random_edits_undos_and_redos_the_drawn_jumps_are_the_boards(open_app: Callable[..., AppPage]) -> None:
    fragment, jumps = dense_hash(23)
    app = open_app(fragment)
    expect(app.page.locator(".overlay .jumps > .jump")).to_have_count(len(jumps))
    drawn_matches_state(app)
    rng = random.Random(909)
    app.workspace("design")
    undo, redo = app.button("Undo"), app.button("Redo")
    for _ in range(24):
        board = jumps_of(app.matrix_rows())
        action = rng.choice(["place", "move", "delete", "undo", "redo"])
        if action == "place":
            start, end = rng.sample([s for s in range(2, N * N) if s not in board], 2)
            click(app, start)
            click(app, end)
        elif action == "move":
            start = rng.choice(sorted(board))
            click(app, start)
            click(app, rng.choice([s for s in range(1, N * N + 1) if s != start]))
        elif action == "delete":
            click(app, rng.choice(sorted(board)))
            app.page.keyboard.press("Delete")
        elif action == "undo" and undo.is_enabled():
            undo.click()
        elif action == "redo" and redo.is_enabled():
            redo.click()
        drawn_matches_state(app)
    assert jumps_of(app.matrix_rows()) != jumps, "the edits changed the board"
    while undo.is_enabled():  # all the way back: the board the link opened
        undo.click()
    drawn_matches_state(app)
    assert jumps_of(app.matrix_rows()) == jumps


def test_the_answer_replaces_the_note_to_press_solve(open_app: Callable[..., AppPage]) -> None:
    app = open_app()
    expect(app.page.locator("#message")).to_contain_text("Press Solve!")
    app.wait_ready()
    app.solve()
    expect(app.result).to_have_text(re.compile(r"^Minimum moves: \d+$"), timeout=PYTHON_TIMEOUT_MS)
    expect(app.page.locator("#message")).not_to_contain_text("Press Solve!")
