"""Rules of random play: values, exact errors, and every overshoot case worked by hand."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import ClassVar

import pytest
import reference
from exact_chain import walk_pips
from hypothesis import given
from hypothesis import strategies as st
from snakes_ladders.board import Board, BoardError
from snakes_ladders.board.rules import CLASSIC, LEETCODE, OFF_BOARD, Rules, RulesError, Step

ALL_RULES = [Rules(start, overshoot) for start in ("square1", "off-board") for overshoot in ("stay", "bounce", "win")]
RULE_IDS = [f"{r.start}-{r.overshoot}" for r in ALL_RULES]


class TestValues:
    def test_default_is_leetcode(self) -> None:
        assert Rules() == LEETCODE == Rules("square1", "stay")
        assert LEETCODE.start_position == 1

    def test_classic(self) -> None:
        assert Rules(start="off-board", overshoot="stay") == CLASSIC
        assert CLASSIC.start_position == OFF_BOARD == 0

    def test_frozen_and_hashable(self) -> None:
        with pytest.raises(dataclasses.FrozenInstanceError):
            CLASSIC.start = "square1"  # type: ignore[misc]
        assert len({Rules(), Rules(), CLASSIC}) == 2
        assert pickle.loads(pickle.dumps(CLASSIC)) == CLASSIC
        assert copy.deepcopy(CLASSIC) == CLASSIC

    @pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
    def test_json_round_trip(self, rules: Rules) -> None:
        data = rules.to_json()
        assert data == {"start": rules.start, "overshoot": rules.overshoot}
        assert Rules.from_json(data) == rules

    @pytest.mark.parametrize(
        ("data", "expected"),
        [
            ({}, Rules()),
            ({"start": "off-board"}, CLASSIC),
            ({"overshoot": "bounce"}, Rules(overshoot="bounce")),
            ({"overshoot": "win", "start": "off-board"}, Rules("off-board", "win")),
        ],
        ids=["empty", "start-only", "overshoot-only", "both"],
    )
    def test_from_json_defaults(self, data: dict, expected: Rules) -> None:
        assert Rules.from_json(data) == expected


BAD_RULES = {
    "start-unknown": (
        {"start": "square0"},
        "start must be 'square1' or 'off-board', got 'square0' (str)",
    ),
    "start-case": ({"start": "Off-Board"}, "start must be 'square1' or 'off-board', got 'Off-Board' (str)"),
    "start-number": ({"start": 0}, "start must be 'square1' or 'off-board', got 0 (int)"),
    "start-null": ({"start": None}, "start must be 'square1' or 'off-board', got None (NoneType)"),
    "overshoot-unknown": ({"overshoot": "exact"}, "overshoot must be 'stay', 'bounce' or 'win', got 'exact' (str)"),
    "overshoot-list": (
        {"overshoot": ["stay"]},
        "overshoot must be 'stay', 'bounce' or 'win', got ['stay'] (list)",
    ),
    "overshoot-true": ({"overshoot": True}, "overshoot must be 'stay', 'bounce' or 'win', got True (bool)"),
}


class TestErrors:
    @pytest.mark.parametrize(("kwargs", "message"), list(BAD_RULES.values()), ids=list(BAD_RULES))
    def test_constructor(self, kwargs: dict, message: str) -> None:
        with pytest.raises(RulesError) as caught:
            Rules(**kwargs)
        assert str(caught.value) == message

    @pytest.mark.parametrize(("kwargs", "message"), list(BAD_RULES.values()), ids=list(BAD_RULES))
    def test_from_json(self, kwargs: dict, message: str) -> None:
        with pytest.raises(RulesError) as caught:
            Rules.from_json(kwargs)
        assert str(caught.value) == message

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            ({"die": 8}, "unknown rule 'die': the rules are start, overshoot and sixes"),
            ({"start": "square1", "Start": "x"}, "unknown rule 'Start': the rules are start, overshoot and sixes"),
            ({"x" * 60: 1}, "unknown rule '" + "x" * 36 + "...: the rules are start, overshoot and sixes"),
            ([], "rules must be an object with start, overshoot and sixes, got [] (list)"),
            ("classic", "rules must be an object with start, overshoot and sixes, got 'classic' (str)"),
            (None, "rules must be an object with start, overshoot and sixes, got None (NoneType)"),
        ],
        ids=["unknown-key", "key-case", "long-key", "list", "string", "null"],
    )
    def test_from_json_shape(self, data: object, message: str) -> None:
        with pytest.raises(RulesError) as caught:
            Rules.from_json(data)
        assert str(caught.value) == message

    def test_is_a_value_error(self) -> None:
        assert issubclass(RulesError, ValueError)


class TestLanding:
    """Where a roll lands before any jump: last square 100 unless said otherwise."""

    @pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
    @pytest.mark.parametrize(("position", "roll"), [(0, 1), (0, 6), (1, 6), (50, 3), (94, 6), (97, 3)])
    def test_within_the_board_every_rule_agrees(self, rules: Rules, position: int, roll: int) -> None:
        assert rules.landing(position, roll, 100) == (position + roll, None)

    @pytest.mark.parametrize(
        ("overshoot", "position", "roll", "expected"),
        [
            ("stay", 97, 4, (97, "stay")),
            ("stay", 99, 6, (99, "stay")),
            ("win", 97, 4, (100, "win")),
            ("win", 99, 6, (100, "win")),
            ("bounce", 97, 4, (99, "bounce")),  # 98, 99, 100, back to 99
            ("bounce", 99, 6, (95, "bounce")),  # 100, then 5 back
            ("bounce", 95, 6, (99, "bounce")),
        ],
    )
    def test_past_the_last_square(self, overshoot: str, position: int, roll: int, expected: tuple) -> None:
        assert Rules(overshoot=overshoot).landing(position, roll, 100) == expected  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("position", "roll", "expected"),
        [
            # 2×2 board: count 3 -> 4 -> 3 -> 2 -> 1, then turn up again at square 1.
            (3, 4, 1),
            (3, 5, 2),
            (3, 6, 3),
            (2, 6, 2),
            (1, 6, 1),
            (0, 5, 3),
            (0, 6, 2),
        ],
    )
    def test_bounce_turns_at_square_1_on_a_2x2_board(self, position: int, roll: int, expected: int) -> None:
        assert Rules(overshoot="bounce").landing(position, roll, 4) == (expected, "bounce")

    @given(
        st.sampled_from(ALL_RULES),
        st.integers(2, 30).flatmap(lambda n: st.tuples(st.just(n * n), st.integers(0, n * n - 1))),
        st.integers(1, 6),
    )
    def test_landing_is_a_square(self, rules: Rules, board: tuple[int, int], roll: int) -> None:
        last, position = board
        landing, overshoot = rules.landing(position, roll, last)
        assert (overshoot is None) == (position + roll <= last)
        if overshoot == "stay":
            assert landing == position
        else:
            assert 1 <= landing <= last
        if overshoot == "bounce":
            assert landing == walk_pips(position, roll, last)  # the pips walked one by one


class TestMove:
    BOARD = Board(10, {1: 38, 4: 14, 16: 6, 98: 78, 80: 100, 2: 16}, allow_start_jump=True)

    def test_off_board_start_takes_the_jump_on_square_1(self) -> None:
        assert CLASSIC.move(self.BOARD.cells(), 0, 1) == (1, 38)
        assert CLASSIC.move(self.BOARD.cells(), 0, 4) == (4, 14)
        assert CLASSIC.move(self.BOARD.cells(), 0, 3) == (3, 3)

    def test_one_jump_per_move(self) -> None:
        # 2 -> 16 ends on the snake 16 -> 6, which is not taken in the same move.
        assert LEETCODE.move(self.BOARD.cells(), 1, 1) == (2, 16)

    def test_stay_takes_no_jump(self) -> None:
        assert LEETCODE.move(self.BOARD.cells(), 97, 5) == (97, 97)

    def test_bounce_takes_the_jump_where_it_lands(self) -> None:
        # 97 + 5: 98, 99, 100, back to 99, 98: a snake to 78.
        assert Rules(overshoot="bounce").move(self.BOARD.cells(), 97, 5) == (98, 78)

    def test_win_and_a_ladder_to_the_last_square(self) -> None:
        cells = self.BOARD.cells()
        assert Rules(overshoot="win").move(cells, 97, 5) == (100, 100)
        assert LEETCODE.move(cells, 77, 3) == (80, 100)

    @pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
    def test_step_agrees_with_move(self, rules: Rules) -> None:
        cells = self.BOARD.cells()
        for position in range(100):
            for roll in range(1, 7):
                step = rules.step(cells, position, roll)
                assert (step.landing, step.end) == rules.move(cells, position, roll)
                assert step.start == position and step.roll == roll
                assert step.overshoot == rules.landing(position, roll, 100)[1]

    def test_step_jump_kind(self) -> None:
        assert Step(1, 1, 2, 16, None).jump == "ladder"
        assert Step(15, 1, 16, 6, None).jump == "snake"
        assert Step(97, 5, 97, 97, "stay").jump is None

    @given(st.integers(0, 2**32 - 1), st.sampled_from(ALL_RULES))
    def test_against_reference_destinations(self, seed: int, rules: Rules) -> None:
        import random

        matrix = reference.random_board(random.Random(seed))
        board = Board.from_matrix(matrix)
        dest = reference.destinations(matrix)
        last = len(dest) - 1
        cells = board.cells()
        for position in range(1, last):
            for roll in range(1, 7):
                landing, end = rules.move(cells, position, roll)
                if position + roll <= last:
                    assert (landing, end) == (position + roll, dest[position + roll])
                elif rules.overshoot == "stay":
                    assert (landing, end) == (position, position)
                elif rules.overshoot == "win":
                    assert (landing, end) == (last, last)
                else:
                    assert end == dest[landing]


class TestBoards:
    START_LADDER: ClassVar[list[list[int]]] = [[-1, -1], [3, -1]]  # square 1 -> 3

    def test_square1_start_keeps_the_leetcode_message(self) -> None:
        with pytest.raises(BoardError) as caught:
            LEETCODE.board_from_matrix(self.START_LADDER)
        assert str(caught.value) == "square 1 (row 1, column 0): the start square cannot hold a snake or ladder"
        assert (caught.value.row, caught.value.column, caught.value.square) == (1, 0, 1)

    def test_off_board_start_allows_a_jump_on_square_1(self) -> None:
        board = CLASSIC.board_from_matrix(self.START_LADDER)
        assert board.jumps == {1: 3}
        assert board.to_matrix() == self.START_LADDER

    def test_off_board_start_still_checks_the_rest(self) -> None:
        with pytest.raises(BoardError) as caught:
            CLASSIC.board_from_matrix([[3, -1], [9, -1]])
        assert (
            str(caught.value) == "square 1 (row 1, column 0): value 9 is out of range: use -1 or a square from 1 to 4"
        )
        with pytest.raises(BoardError) as caught:
            CLASSIC.board_from_matrix([[3, -1], [2, -1]])
        assert str(caught.value) == "square 4 (row 0, column 0): the last square cannot hold a snake or ladder"

    def test_check_board(self) -> None:
        board = Board(2, {1: 3}, allow_start_jump=True)
        assert CLASSIC.check_board(board) is board
        with pytest.raises(BoardError) as caught:
            LEETCODE.check_board(board)
        assert str(caught.value) == "square 1 (row 1, column 0): the start square cannot hold a snake or ladder"
        plain = Board(2, {2: 3})
        assert LEETCODE.check_board(plain) is plain

    def test_board_keyword_default_is_unchanged(self) -> None:
        with pytest.raises(BoardError) as caught:
            Board(2, {1: 3})
        assert str(caught.value) == "square 1 (row 1, column 0): the start square cannot hold a snake or ladder"
        with pytest.raises(BoardError):
            Board.from_matrix(self.START_LADDER)

    def test_start_jump_boards_copy_and_pickle(self) -> None:
        board = Board(10, {1: 38, 16: 6}, allow_start_jump=True)
        for clone in (pickle.loads(pickle.dumps(board)), copy.copy(board), copy.deepcopy(board)):
            assert clone == board and clone.jumps == {1: 38, 16: 6}
        assert Board.from_matrix(board.to_matrix(), allow_start_jump=True) == board
