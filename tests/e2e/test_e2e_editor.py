"""The board editor: placing snakes and ladders by drag, click and keyboard; removing; undo and redo;
refusing invalid placements; resizing; the tools (Jumps, Words, Pan) and a board no pointer or key
changes outside Design. Every test starts from the first visit's board, LeetCode example 1 (6×6:
ladders 2→15 and 14→35, snake 17→13), in Design with Jumps (a mouse's first tool), and needs no Python."""

from __future__ import annotations

import re

import pytest
from app_page import AppPage, jumps_of, load_fixture
from playwright.sync_api import Locator, expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

EXAMPLE_1 = load_fixture("leetcode_example_1")["board"]


@pytest.fixture
def app(app: AppPage) -> AppPage:
    """The first visit, in Design with Jumps: the only workspace whose board a pointer or key changes."""
    app.tool("Jumps")
    return app


class TestPlacing:
    def test_drag_up_places_a_ladder(self, app: AppPage) -> None:
        app.drag(3, 20)
        app.expect_jump(3, 20)
        expect(app.square(3)).to_have_accessible_name("Square 3, ladder to 20")

    def test_drag_down_places_a_snake(self, app: AppPage) -> None:
        app.drag(30, 7)
        app.expect_jump(30, 7)
        expect(app.square(30)).to_have_accessible_name("Square 30, snake to 7")

    def test_click_start_then_end_places_a_ladder_and_a_snake(self, app: AppPage) -> None:
        app.select(5, 26)
        app.select(32, 9)
        app.expect_jump(5, 26)
        app.expect_jump(32, 9)
        expect(app.jump_squares).to_have_count(5)

    def test_a_drag_that_ends_off_the_board_says_why_nothing_was_placed(self, app: AppPage) -> None:
        before = app.matrix.text_content()
        x, y = app._centre(3)
        corner = app.square(1).bounding_box()
        assert corner is not None
        mouse = app.page.mouse
        mouse.move(x, y)
        mouse.down()
        mouse.move(x, corner["y"] + corner["height"] * 3, steps=8)  # well below the bottom row
        mouse.up()
        app.expect_message(re.compile(r"^Nothing was placed: the drag from square 3 ended outside the board\b"))
        app.expect_no_jump(3)
        assert app.matrix.text_content() == before

    def test_selected_square_is_named_selected(self, app: AppPage) -> None:
        app.square(5).click()
        expect(app.square(5)).to_have_accessible_name(re.compile(r"^Square 5, selected$"))

    def test_keyboard_arrows_and_enter_place_a_ladder_then_a_snake(self, app: AppPage) -> None:
        app.clear()
        app.square(1).focus()
        # Square 1 is bottom left; 2 and 3 follow it to the right on the bottom row.
        app.press("ArrowRight", "ArrowRight")
        expect(app.square(3)).to_be_focused()
        app.press("Enter")
        expect(app.square(3)).to_have_accessible_name(re.compile(r"\bselected$"))
        # Three rows up the zig-zag, the same column holds 10, 15 and 22.
        app.press("ArrowUp", "ArrowUp", "ArrowUp")
        expect(app.square(22)).to_be_focused()
        app.press("Enter")
        app.expect_jump(3, 22)
        # One more row up is 27; back down three rows is 10.
        app.press("ArrowUp", "Enter", "ArrowDown", "ArrowDown", "ArrowDown")
        expect(app.square(10)).to_be_focused()
        app.press("Enter")
        app.expect_jump(27, 10)
        expect(app.jump_squares).to_have_count(2)

    def test_choosing_a_new_end_for_a_selected_jump_moves_it(self, app: AppPage) -> None:
        app.select(2, 9)
        app.expect_jump(2, 9)
        expect(app.jump_squares).to_have_count(3)


class TestRemoving:
    def test_remove_button_of_the_selected_square(self, app: AppPage) -> None:
        app.square(2).click()
        app.remove_button.click()
        app.expect_no_jump(2)
        expect(app.jump_squares).to_have_count(2)
        expect(app.remove_button).to_be_hidden()

    def test_delete_key_on_the_focused_square(self, app: AppPage) -> None:
        app.square(1).focus()
        app.press("ArrowRight", "ArrowUp", "ArrowUp")
        expect(app.square(14)).to_be_focused()
        app.press("Delete")
        app.expect_no_jump(14)
        app.expect_jump(2, 15)
        app.expect_jump(17, 13)

    def test_delete_key_on_the_selected_square(self, app: AppPage) -> None:
        app.square(17).click()
        app.press("Delete")
        app.expect_no_jump(17)
        expect(app.jump_squares).to_have_count(2)


class TestUndoRedo:
    def test_buttons_undo_and_redo_a_placement(self, app: AppPage) -> None:
        expect(app.button("Undo")).to_be_disabled()
        expect(app.button("Redo")).to_be_disabled()
        app.drag(3, 20)
        app.expect_jump(3, 20)
        app.button("Undo").click()
        app.expect_no_jump(3)
        app.expect_board(EXAMPLE_1)
        expect(app.button("Undo")).to_be_disabled()
        app.button("Redo").click()
        app.expect_jump(3, 20)
        expect(app.button("Redo")).to_be_disabled()

    def test_ctrl_z_and_ctrl_y_undo_and_redo_a_removal(self, app: AppPage) -> None:
        app.square(2).click()
        app.remove_button.click()
        app.expect_no_jump(2)
        app.press("Control+z")
        app.expect_jump(2, 15)
        app.press("Control+y")
        app.expect_no_jump(2)

    def test_undo_walks_back_several_edits_in_order(self, app: AppPage) -> None:
        app.drag(3, 20)
        app.drag(30, 7)
        app.clear()
        app.press("Control+z")
        app.expect_jump(3, 20)
        app.expect_jump(30, 7)
        app.press("Control+z")
        app.expect_no_jump(30)
        app.expect_jump(3, 20)
        app.press("Control+z")
        app.expect_board(EXAMPLE_1)


REFUSALS = [
    # (how, start, end, what the message must say)
    pytest.param("drag", 1, 10, r"Square 1\b.*\bstart", id="drag-from-square-1"),
    pytest.param("click", 1, 10, r"Square 1\b.*\bstart", id="click-square-1"),
    pytest.param("drag", 36, 20, r"Square 36\b.*\bgoal", id="drag-from-the-goal"),
    pytest.param("click", 36, 20, r"Square 36\b.*\bgoal", id="click-the-goal"),
    pytest.param("drag", 2, 20, r"Square 2\b.*\balready\b.*\bladder to 15", id="drag-second-jump-from-2"),
    pytest.param("drag", 17, 4, r"Square 17\b.*\balready\b.*\bsnake to 13", id="drag-second-jump-from-17"),
]


class TestRefusals:
    @pytest.mark.parametrize(("how", "start", "end", "message"), REFUSALS)
    def test_invalid_placement_is_refused_with_a_message(
        self, app: AppPage, how: str, start: int, end: int, message: str
    ) -> None:
        before = app.matrix.text_content()
        if how == "drag":
            app.drag(start, end)
            app.expect_message(re.compile(message))
        else:
            app.square(start).click()
            app.expect_message(re.compile(message))
            expect(app.square(start)).not_to_have_accessible_name(re.compile(r"\bselected$"))
            app.square(end).click()  # with no start chosen, this only selects the end square
        app.expect_board(EXAMPLE_1)
        assert app.matrix.text_content() == before
        expect(app.button("Undo")).to_be_disabled()  # nothing entered the history

    def test_choosing_the_selected_square_as_its_own_end_places_nothing(self, app: AppPage) -> None:
        app.square(5).click()
        app.square(5).click()
        app.expect_message(re.compile("cancel", re.IGNORECASE))
        expect(app.square(5)).to_have_accessible_name("Square 5")  # neither a jump nor still selected
        app.expect_board(EXAMPLE_1)
        expect(app.button("Undo")).to_be_disabled()


class TestBoardSize:
    def test_size_input_grows_the_board_and_keeps_its_jumps_in_place(self, app: AppPage) -> None:
        """Each jump keeps its squares' (row, column) from the bottom-left (web/board/resize.mjs): 2→15,
        14→35 and 17→13 of the 6×6 are 2→19, 18→47 and 21→17 of the 8×8."""
        expect(app.size).to_have_value("6")
        app.resize(8)
        expect(app.squares).to_have_count(64)
        expect(app.square(64)).to_have_accessible_name(re.compile(r"^Square 64, goal$"))
        for start, end in {2: 19, 18: 47, 21: 17}.items():
            app.expect_jump(start, end)

    def test_shrinking_drops_jumps_that_no_longer_fit(self, app: AppPage) -> None:
        app.resize(4)
        expect(app.squares).to_have_count(16)
        app.expect_board([[-1] * 4, [-1] * 4, [-1] * 4, [-1, 11, -1, -1]])
        app.expect_message(re.compile(r"Dropped, as they no longer fit \(2\): 14→35 \(square 35 is off the 4×4 grid\)"))

    @pytest.mark.parametrize("size", ["1", "51"])
    def test_size_out_of_range_is_refused(self, app: AppPage, size: str) -> None:
        app.resize(size)
        app.expect_message(re.compile(r"Board size.*\b2\b.*\b50\b"))
        expect(app.size).to_have_value("6")
        app.expect_board(EXAMPLE_1)


def board_hint(app: AppPage) -> Locator:
    """The words the board shows for a moment when a gesture did nothing."""
    return app.page.locator("#board .board-hint")


def selected(app: AppPage, square: int) -> None:
    expect(app.square(square)).to_have_attribute("aria-selected", "true")


WORDS = [
    (17, "What is 3 + 4?", "★"),
    (40, "Name a cat", "●"),
    (23, "Spell dog", "◆"),
    (8, "2 × 5?", "▲"),
    (30, "Say hi", "♥"),
]


class TestTools:
    """Design's tools on the board's bar: Jumps draws, Words selects the square to write on, Pan only reads."""

    def test_the_tool_shows_as_pressed_on_the_board_bar_and_a_mouse_starts_with_jumps(self, app: AppPage) -> None:
        tools = app.page.get_by_role("group", name="Board tool")
        expect(tools.get_by_role("button")).to_have_text(["Jumps", "Words", "Pan"])
        expect(tools.get_by_role("button", name="Jumps")).to_have_attribute("aria-pressed", "true")
        app.tool("Words")
        expect(tools.locator('[aria-pressed="true"]')).to_have_text(["Words"])
        app.reload()  # remembered for the tab's session
        app.workspace("design")
        expect(tools.locator('[aria-pressed="true"]')).to_have_text(["Words"])
        app.workspace("solve")
        expect(tools).to_be_hidden()  # the tools are Design's; zoom stays with the board

    @pytest.mark.parametrize("first_tool", ["Jumps", "Words"])
    def test_writing_on_five_squares_places_no_jump_and_each_keeps_its_words(
        self, app: AppPage, first_tool: str
    ) -> None:
        """The sequence that placed two ladders and two snakes and lost a ◆: a click on a square, its
        question typed with Enter, its symbol chosen, then the next square. From Jumps (a mouse's first
        tool), working in the fields chooses Words; the Square field follows each click."""
        app.resize(10)
        before = app.matrix_rows()
        app.tool(first_tool)
        square_field = app.page.get_by_label("Square", exact=True)
        for square, question, symbol in WORDS:
            app.square(square).click()
            expect(app.jump_squares).to_have_count(len(jumps_of(before)))  # this click made no jump
            expect(square_field).to_have_value(str(square))
            text = app.page.get_by_label("Square text", exact=True)
            text.fill(question)
            text.press("Enter")
            app.page.get_by_label("Symbol", exact=True).select_option(symbol)
            expect(app.square(square)).to_have_attribute("aria-description", f"{question}, symbol {symbol}")
        assert app.matrix_rows() == before
        for square, question, symbol in WORDS:
            expect(app.square(square)).to_have_attribute("aria-description", f"{question}, symbol {symbol}")
        app.expect_message("Square 30 says “Say hi” with the symbol ♥.")
        expect(app.page.get_by_role("button", name="Words")).to_have_attribute("aria-pressed", "true")
        expect(app.page.locator("body")).not_to_contain_text("inspector")  # every instruction names something on screen

    @pytest.mark.parametrize("focus", ["Symbol", "Board size"])
    def test_escape_cancels_a_half_made_jump_wherever_the_focus_is(self, app: AppPage, focus: str) -> None:
        app.square(4).click()
        selected(app, 4)
        app.page.get_by_label(focus, exact=True).focus()
        app.press("Escape")
        expect(app.square(4)).to_have_attribute("aria-selected", "false")
        app.expect_message("Selection cancelled.")
        app.square(20).click()  # no longer the end of a jump from 4
        app.expect_no_jump(4)
        app.expect_board(EXAMPLE_1)

    def test_pan_and_words_never_draw_and_say_so(self, app: AppPage) -> None:
        for tool, words in [
            ("Pan", "Pan: a drag moves a zoomed board."),
            ("Words", "Words: click a square to write on it."),
        ]:
            app.tool(tool)
            app.mouse_drag(3, 20)
            expect(board_hint(app)).to_contain_text(words)
            app.square(5).click()
            app.square(26).click()
            selected(app, 26)
            expect(app.page.get_by_label("Square", exact=True)).to_have_value("26")
            app.press("Delete")  # a key on a jump's square under Words or Pan removes nothing
            app.expect_board(EXAMPLE_1)
        app.tool("Jumps")  # a selection made under Words is never a jump's start
        app.square(20).click()
        app.expect_message("Square 20 selected. Now choose the square where its snake or ladder ends.")
        app.expect_board(EXAMPLE_1)


class TestOnlyDesignChangesTheBoard:
    """Solve, Practice and Play show the board and never change it: no drag, click, tap or key there."""

    @pytest.mark.parametrize("workspace", ["solve", "practice", "play"])
    def test_no_pointer_or_key_on_the_board_or_matrix_changes_it(self, app: AppPage, workspace: str) -> None:
        app.workspace(workspace)
        app.mouse_drag(3, 20)
        app.square(5).click()
        selected(app, 5)  # selected to read: the matrix points at it
        app.square(26).click()
        app.square(2).focus()
        app.press("Delete", "Enter", "ArrowRight", "Enter", "Backspace")
        if workspace == "practice":  # the LeetCode matrix panel shows here: a click on a value is a click on a square
            app.page.locator('#matrix [data-square="5"]').click()
            app.page.locator('#matrix [data-square="26"]').click()
        app.expect_board(EXAMPLE_1)
        expect(board_hint(app)).to_have_text("Only Design changes the board.")
        assert app.current_workspace() == workspace
        app.workspace("design")
        expect(app.button("Undo")).to_be_disabled()  # nothing entered the history


def test_resize_keeps_each_jump_on_its_cell_and_says_what_moved(app: AppPage) -> None:
    """LeetCode's example 1 made 8×8: each jump keeps its (row, column) from the bottom-left, so square
    2's ladder to 15 becomes 2 to 19 (15 was row 3, column 3 of the 6×6); the status says so."""
    app.resize(8)
    app.expect_jump(2, 19)
    app.expect_message(re.compile(r"Board is now 8×8\. Kept in place with new numbers \(3\): 2→15 is now 2→19"))
