"""The board editor: placing snakes and ladders by drag, click and keyboard; removing; undo and redo;
refusing invalid placements; resizing. Every test starts from the first visit's board, LeetCode
example 1 (6×6: ladders 2→15 and 14→35, snake 17→13), and needs no Python."""

from __future__ import annotations

import re

import pytest
from app_page import AppPage, load_fixture
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

EXAMPLE_1 = load_fixture("leetcode_example_1")["board"]


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
    def test_remove_button_in_the_inspector(self, app: AppPage) -> None:
        app.workspace("design")  # the inspector is Design's
        app.square(2).click()
        app.inspector_remove.click()
        app.expect_no_jump(2)
        expect(app.jump_squares).to_have_count(2)
        expect(app.inspector_remove).to_be_hidden()

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
        app.workspace("design")  # the inspector is Design's
        app.square(2).click()
        app.inspector_remove.click()
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
