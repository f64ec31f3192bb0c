"""A new board starts without the old board's words, as a new user meets it.

Words and symbols on squares belong to their board. Every path that puts another board on the page (a
generated board, a class set's board opened from the Generate dialog, the closest board, a preset, a plain
matrix from Board JSON, Practice's failing board) brings that board's words, which are none, unless the
Generate dialog's "Keep the words on squares" is checked. Taking them off is part of the load's one undo
step: Undo brings back the old board and its words together. The message says the words went.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage
from playwright.sync_api import expect
from practice_solutions import WRONG
from snakes_ladders.board import Board
from test_e2e_designer import Generate
from test_e2e_practice import Practice
from test_e2e_squares import drawn_notes

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

# A 6×6 board with a ladder 2 -> 15 and words on two squares: a star and a sum on 7, "Hi" on 9.
WORDS = "t=7.1.Add%203%0A9.0.Hi"
WITH_WORDS = {"7": "Add 3 ★", "9": "Hi"}
BOARD = "n=6&j=2-15"
BEFORE = Board(6, {2: 15}).to_matrix()
GONE = "The words on 2 squares went with the old board."


def expect_words(app: AppPage, words: dict[str, str]) -> None:
    """The notes layer draws exactly ``words`` (square -> its text and symbol)."""
    app.page.wait_for_function(
        "n => document.querySelectorAll('#board .notes [data-square]').length >= n", arg=len(words)
    )
    got = drawn_notes(app)
    assert {square: sorted(text.split()) for square, text in got.items()} == {
        square: sorted(text.split()) for square, text in words.items()
    }, got


def small_search(gen: Generate) -> None:
    """A quick 6×6 search with two snakes and two ladders, no figure targets."""
    gen.field("Squares on a side").fill("6")
    gen.field("Snakes").fill("2")
    gen.field("Ladders").fill("2")
    gen.dialog.get_by_label("Least moves exactly").uncheck()
    gen.dialog.get_by_label("Expected rolls from").uncheck()


def undo_beside(gen: Generate) -> None:
    """Undo with the board's button, which the dialog may cover: closed first, opened again after."""
    gen.dialog.get_by_role("button", name="Close").click()
    gen.app.button("Undo").click()
    gen.open()


def test_generated_and_class_set_boards_start_without_words_unless_kept(open_app: Callable[..., AppPage]) -> None:
    app = open_app(f"#design&{BOARD}&{WORDS}")
    app.wait_ready()
    before = BEFORE
    expect_words(app, WITH_WORDS)
    gen = Generate(app).open()
    keep = gen.dialog.get_by_label("Keep the words on squares")
    expect(keep).not_to_be_checked()
    small_search(gen)
    gen.go()
    gen.wait("met")
    expect_words(app, {})
    app.expect_message(
        re.compile(rf"^Generated a board meeting every target in (1 try|[\d,]+ tries)\. {re.escape(GONE)}$")
    )
    expect(gen.status).to_contain_text(
        f"It is on the board now (Undo takes it back). {GONE}"
    )  # a phone's sheet hides the message line
    undo_beside(gen)  # one step: the old board and its words
    app.expect_board(before)
    expect_words(app, WITH_WORDS)

    keep.check()
    gen.go()
    gen.wait("met")
    assert app.matrix_rows() != before
    expect_words(app, WITH_WORDS)  # kept on purpose
    undo_beside(gen)
    keep.uncheck()

    gen.dialog.get_by_label("Boards", exact=True).select_option("2")
    gen.go()
    gen.wait("met")
    gen.dialog.locator('[data-generate="set-list"] li').first.get_by_role("button").click()
    expect_words(app, {})
    app.expect_message(f"Opened board 1 of the class set. {GONE}")
    expect(gen.status).to_have_text(f"Board 1 of the set is on the board now (Undo takes it back). {GONE}")
    undo_beside(gen)
    app.expect_board(before)
    expect_words(app, WITH_WORDS)


def test_a_preset_and_a_plain_matrix_start_without_words(open_app: Callable[..., AppPage]) -> None:
    app = open_app(f"#design&{BOARD}&{WORDS}")
    app.wait_ready()
    before = BEFORE
    expect_words(app, WITH_WORDS)
    app.load_preset("LeetCode example 2 (2×2)")
    app.expect_message(f"Loaded the preset “LeetCode example 2 (2×2)”. {GONE}")
    expect_words(app, {})
    app.button("Undo").click()
    app.expect_board(before)
    expect_words(app, WITH_WORDS)
    app.load_json("[[-1, -1], [-1, 3]]")
    app.expect_message(f"Loaded a 2×2 board with 1 snake or ladder from Board JSON. {GONE}")
    expect_words(app, {})
    app.button("Undo").click()
    app.expect_board(before)
    expect_words(app, WITH_WORDS)


def test_the_failing_practice_board_starts_without_words(open_app: Callable[..., AppPage]) -> None:
    app = open_app(f"#practice&{BOARD}&{WORDS}")
    practice = Practice(app).open()
    before = BEFORE
    _, source = WRONG["chains-jumps"]
    practice.write(source)
    practice.run()
    practice.wait_done("failed")
    practice.panel.get_by_role("button", name="Load failing board").click()
    expect(app.message).to_contain_text(GONE, timeout=PYTHON_TIMEOUT_MS)
    expect_words(app, {})
    app.button("Undo").click()
    app.expect_board(before)
    expect_words(app, WITH_WORDS)


# Whether the point at the centre of each element ``selector`` finds is inside the window and shows that
# element or, given ``within``, the element it is in (the board): nothing (the Generate dialog) covers it.
SHOWN_AT_CENTRE = """([selector, within]) => [...document.querySelectorAll(selector)].map((element) => {
  const box = element.getBoundingClientRect();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const top = document.elementFromPoint(x, y);
  const owner = within ? element.closest(within) : element;
  return x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight && top !== null && owner.contains(top);
})"""


def test_on_a_phone_the_class_sets_boards_and_the_board_opened_are_in_sight(open_app: Callable[..., AppPage]) -> None:
    """At 390 px the Generate dialog covered the whole board, so Open changed a board out of sight. Now each
    board of the set is drawn beside its Open button, in view when the search ends, and the board opened
    shows above the dialog: its corner squares are not covered."""
    app = open_app(f"#design&{BOARD}", phone=True)
    app.wait_ready()
    gen = Generate(app).open()
    small_search(gen)
    gen.dialog.get_by_label("Boards", exact=True).select_option("2")
    gen.go()
    gen.wait("met")
    items = gen.dialog.locator('[data-generate="set-list"] li')
    expect(items.get_by_role("img", name="6×6 board with 2 ladders and 2 snakes")).to_have_count(2)
    assert app.page.evaluate(SHOWN_AT_CENTRE, ['[data-generate="set-list"] li svg', None]) == [True, True]
    items.nth(1).get_by_role("button", name="Open board 2 of the set").click()
    expect(gen.dialog.locator('[data-generate="set-list"]')).to_have_attribute("data-open", "1")
    corners = [
        f'#board [role=gridcell]:is([aria-label="Square {s}"], [aria-label^="Square {s},"])' for s in (1, 6, 31, 36)
    ]
    assert app.page.evaluate(SHOWN_AT_CENTRE, [", ".join(corners), "#board"]) == [True] * 4
    gen.dialog.get_by_role("button", name="Save the set to My boards").click()  # it said nothing in sight
    status = gen.dialog.locator('[data-generate="status"]')
    expect(status).to_have_text("Saved the set of 2 boards to My boards as “Class set 6×6, seed 1”.")
    assert app.page.evaluate(SHOWN_AT_CENTRE, ['[data-generate="status"]', None]) == [True]
