"""Board model: the zig-zag numbering, validation messages, and Board's value semantics."""

from __future__ import annotations

import copy
import pickle
import random
import re

import pytest
import reference
from helpers import EXAMPLE_1
from hypothesis import example, given
from hypothesis import strategies as st
from snakes_ladders import MAX_SIZE, MIN_SIZE, Board, BoardError, cell_to_square, square_to_cell


def test_size_limits() -> None:
    assert (MIN_SIZE, MAX_SIZE) == (2, 1000)


# --------------------------------------------------------------------------- numbering

# (square, n, (row, column)), worked out on paper from the LeetCode picture.
SPOTS = [
    (1, 2, (1, 0)),
    (2, 2, (1, 1)),
    (3, 2, (0, 1)),
    (4, 2, (0, 0)),
    (1, 3, (2, 0)),
    (3, 3, (2, 2)),
    (4, 3, (1, 2)),
    (6, 3, (1, 0)),
    (7, 3, (0, 0)),
    (9, 3, (0, 2)),
    (1, 6, (5, 0)),
    (2, 6, (5, 1)),
    (6, 6, (5, 5)),
    (7, 6, (4, 5)),
    (12, 6, (4, 0)),
    (13, 6, (3, 0)),
    (14, 6, (3, 1)),
    (15, 6, (3, 2)),
    (17, 6, (3, 4)),
    (35, 6, (0, 1)),
    (36, 6, (0, 0)),
    (16, 10, (8, 4)),
    (28, 10, (7, 7)),
    (80, 10, (2, 0)),
    (91, 10, (0, 9)),
    (100, 10, (0, 0)),
    (400, 20, (0, 0)),
    (381, 20, (0, 19)),
    (999_001, 1000, (0, 999)),
    (1_000_000, 1000, (0, 0)),
    (1000, 1000, (999, 999)),
    (1001, 1000, (998, 999)),
]


class TestSquareToCell:
    @pytest.mark.parametrize(("square", "n", "cell"), SPOTS, ids=[f"n{n}-sq{s}" for s, n, _ in SPOTS])
    def test_hand_checked(self, square: int, n: int, cell: tuple[int, int]) -> None:
        assert square_to_cell(square, n) == cell

    @pytest.mark.parametrize("n", range(2, 21), ids=lambda n: f"n{n}")
    def test_agrees_with_walking_the_board(self, n: int) -> None:
        walked = reference.walk_numbering(n)
        assert [square_to_cell(s, n) for s in range(1, n * n + 1)] == walked[1:]

    @pytest.mark.parametrize(
        ("square", "n"),
        [(0, 3), (10, 3), (-1, 3), (5, 2), (True, 3), (1.0, 3), ("1", 3), (None, 3), (2, 1), (2, 1001), (2, True)],
        ids=["zero", "past-last", "negative", "past-last-2x2", "bool", "float", "str", "none", "n1", "n1001", "n-bool"],
    )
    def test_rejects(self, square: object, n: object) -> None:
        with pytest.raises(ValueError):
            square_to_cell(square, n)  # type: ignore[arg-type]


class TestCellToSquare:
    @pytest.mark.parametrize(("square", "n", "cell"), SPOTS, ids=[f"n{n}-sq{s}" for s, n, _ in SPOTS])
    def test_hand_checked(self, square: int, n: int, cell: tuple[int, int]) -> None:
        assert cell_to_square(*cell, n) == square

    @pytest.mark.parametrize("n", range(2, 21), ids=lambda n: f"n{n}")
    def test_bijection_and_round_trip(self, n: int) -> None:
        cells = [(r, c) for r in range(n) for c in range(n)]
        squares = [cell_to_square(r, c, n) for r, c in cells]
        assert sorted(squares) == list(range(1, n * n + 1))
        for (r, c), s in zip(cells, squares, strict=True):
            assert square_to_cell(s, n) == (r, c)
            assert reference.square_of(r, c, n) == s

    @pytest.mark.parametrize(
        ("row", "column", "n"),
        [(-1, 0, 3), (3, 0, 3), (0, -1, 3), (0, 3, 3), (True, 0, 3), (0, 1.0, 3), (0, "0", 3), (0, 0, 1)],
        ids=["row-negative", "row-n", "column-negative", "column-n", "row-bool", "column-float", "column-str", "n1"],
    )
    def test_rejects(self, row: object, column: object, n: object) -> None:
        with pytest.raises(ValueError):
            cell_to_square(row, column, n)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- validation


def cases(*items):
    """pytest.param for each (id, input, message, (row, column, square))."""
    return [pytest.param(given_, message, where, id=name) for name, given_, message, where in items]


NOWHERE = (None, None, None)
LONG = "x" * 50

MATRIX_ERRORS = cases(
    # --- not a list of lists
    ("tuple", ([-1, -1], [-1, -1]), "the board must be a list of rows, got ([-1, -1], [-1, -1]) (tuple)", NOWHERE),
    ("none", None, "the board must be a list of rows, got None (NoneType)", NOWHERE),
    ("dict", {}, "the board must be a list of rows, got {} (dict)", NOWHERE),
    ("string", "[[-1,-1],[-1,-1]]", "the board must be a list of rows, got '[[-1,-1],[-1,-1]]' (str)", NOWHERE),
    ("long-repr-cut", LONG, f"the board must be a list of rows, got '{'x' * 36}... (str)", NOWHERE),
    ("row-tuple", [[-1, -1], (-1, -1)], "row 1: expected a list of 2 integers, got (-1, -1) (tuple)", (1, None, None)),
    ("row-none", [None, [-1, -1]], "row 0: expected a list of 2 integers, got None (NoneType)", (0, None, None)),
    ("row-int", [[-1, -1, -1], [-1, -1, -1], 7], "row 2: expected a list of 3 integers, got 7 (int)", (2, None, None)),
    # --- size
    ("no-rows", [], "the board has 0 rows: the smallest board is 2×2", NOWHERE),
    ("one-row", [[-1]], "the board has 1 row: the smallest board is 2×2", NOWHERE),
    ("1001-rows", [[-1]] * 1001, "the board has 1001 rows: the largest board is 1000×1000", NOWHERE),
    # --- ragged
    (
        "short-row",
        [[-1, -1], [-1]],
        "row 1: has 1 value, but a board with 2 rows needs 2 in every row",
        (1, None, None),
    ),
    (
        "long-row",
        [[-1, -1, -1], [-1, -1]],
        "row 0: has 3 values, but a board with 2 rows needs 2 in every row",
        (0, None, None),
    ),
    ("empty-rows", [[], []], "row 0: has 0 values, but a board with 2 rows needs 2 in every row", (0, None, None)),
    (
        "middle-row-short",
        [[-1, -1, -1], [-1, -1], [-1, -1, -1]],
        "row 1: has 2 values, but a board with 3 rows needs 3 in every row",
        (1, None, None),
    ),
    (
        "shape-before-values",
        [[0, 0, 0], [0, 0, 0], [0, 0]],
        "row 2: has 2 values, but a board with 3 rows needs 3 in every row",
        (2, None, None),
    ),
    # --- values that are not ints
    (
        "bool-true",
        [[-1, -1], [-1, True]],
        "square 2 (row 1, column 1): expected an integer, got True (bool)",
        (1, 1, 2),
    ),
    (
        "bool-false-start",
        [[-1, -1], [False, -1]],
        "square 1 (row 1, column 0): expected an integer, got False (bool)",
        (1, 0, 1),
    ),
    ("float", [[-1, 3.0], [-1, -1]], "square 3 (row 0, column 1): expected an integer, got 3.0 (float)", (0, 1, 3)),
    (
        "float-minus-one",
        [[-1, -1], [-1.0, -1]],
        "square 1 (row 1, column 0): expected an integer, got -1.0 (float)",
        (1, 0, 1),
    ),
    (
        "string-value",
        [[-1, -1], [-1, "3"]],
        "square 2 (row 1, column 1): expected an integer, got '3' (str)",
        (1, 1, 2),
    ),
    (
        "none-value",
        [[None, -1], [-1, -1]],
        "square 4 (row 0, column 0): expected an integer, got None (NoneType)",
        (0, 0, 4),
    ),
    ("list-value", [[-1, -1], [-1, [3]]], "square 2 (row 1, column 1): expected an integer, got [3] (list)", (1, 1, 2)),
    # --- values out of range
    (
        "zero",
        [[-1, -1], [-1, 0]],
        "square 2 (row 1, column 1): value 0 is out of range: use -1 or a square from 1 to 4",
        (1, 1, 2),
    ),
    (
        "minus-two",
        [[-1, -2], [-1, -1]],
        "square 3 (row 0, column 1): value -2 is out of range: use -1 or a square from 1 to 4",
        (0, 1, 3),
    ),
    (
        "past-last",
        [[-1, -1], [-1, 5]],
        "square 2 (row 1, column 1): value 5 is out of range: use -1 or a square from 1 to 4",
        (1, 1, 2),
    ),
    (
        "past-last-3x3",
        [[-1, -1, -1], [10, -1, -1], [-1, -1, -1]],
        "square 6 (row 1, column 0): value 10 is out of range: use -1 or a square from 1 to 9",
        (1, 0, 6),
    ),
    (
        "out-of-range-on-start",
        [[-1, -1], [0, -1]],
        "square 1 (row 1, column 0): value 0 is out of range: use -1 or a square from 1 to 4",
        (1, 0, 1),
    ),
    # --- the first and last squares
    (
        "start-6x6",
        [[-1] * 6 for _ in range(5)] + [[2, -1, -1, -1, -1, -1]],
        "square 1 (row 5, column 0): the start square cannot hold a snake or ladder",
        (5, 0, 1),
    ),
    (
        "start-2x2",
        [[-1, -1], [2, -1]],
        "square 1 (row 1, column 0): the start square cannot hold a snake or ladder",
        (1, 0, 1),
    ),
    (
        "start-self",
        [[-1, -1], [1, -1]],
        "square 1 (row 1, column 0): the start square cannot hold a snake or ladder",
        (1, 0, 1),
    ),
    (
        "last-2x2",
        [[3, -1], [-1, -1]],
        "square 4 (row 0, column 0): the last square cannot hold a snake or ladder",
        (0, 0, 4),
    ),
    (
        "last-3x3",
        [[-1, -1, 5], [-1, -1, -1], [-1, -1, -1]],
        "square 9 (row 0, column 2): the last square cannot hold a snake or ladder",
        (0, 2, 9),
    ),
    # LeetCode's old no-chaining example put a 4 on square 4 of a 2x2 board.
    (
        "last-self",
        [[4, -1], [-1, 3]],
        "square 4 (row 0, column 0): the last square cannot hold a snake or ladder",
        (0, 0, 4),
    ),
    # --- the first fault in square order is the one reported
    (
        "lowest-square-first",
        [[0, -1], [-1, "x"]],
        "square 2 (row 1, column 1): expected an integer, got 'x' (str)",
        (1, 1, 2),
    ),
    (
        "lowest-square-first-3x3",
        [[99, -1, -1], [-1, -1, 0], [-1, -1, -1]],
        "square 4 (row 1, column 2): value 0 is out of range: use -1 or a square from 1 to 9",
        (1, 2, 4),
    ),
)

BOARD_ERRORS = cases(
    ("size-str", ("3", {}), "board size must be an integer, got '3' (str)", NOWHERE),
    ("size-bool", (True, {}), "board size must be an integer, got True (bool)", NOWHERE),
    ("size-float", (3.0, {}), "board size must be an integer, got 3.0 (float)", NOWHERE),
    ("size-1", (1, {}), "board size 1 is too small: the smallest board is 2×2", NOWHERE),
    ("size-0", (0, {}), "board size 0 is too small: the smallest board is 2×2", NOWHERE),
    ("size-negative", (-4, {}), "board size -4 is too small: the smallest board is 2×2", NOWHERE),
    ("size-1001", (1001, {}), "board size 1001 is too large: the largest board is 1000×1000", NOWHERE),
    (
        "jumps-list",
        (3, [(2, 5)]),
        "jumps must be a mapping of start square to end square, got [(2, 5)] (list)",
        NOWHERE,
    ),
    ("start-0", (3, {0: 5}), "a snake or ladder starts on 0 (int), which is not a square from 1 to 9", NOWHERE),
    ("start-10", (3, {10: 5}), "a snake or ladder starts on 10 (int), which is not a square from 1 to 9", NOWHERE),
    ("start-str", (3, {"2": 5}), "a snake or ladder starts on '2' (str), which is not a square from 1 to 9", NOWHERE),
    (
        "start-bool",
        (3, {True: 5}),
        "a snake or ladder starts on True (bool), which is not a square from 1 to 9",
        NOWHERE,
    ),
    ("end-str", (3, {2: "5"}), "square 2 (row 2, column 1): expected an integer, got '5' (str)", (2, 1, 2)),
    ("end-bool", (3, {2: True}), "square 2 (row 2, column 1): expected an integer, got True (bool)", (2, 1, 2)),
    ("end-float", (3, {4: 5.0}), "square 4 (row 1, column 2): expected an integer, got 5.0 (float)", (1, 2, 4)),
    (
        "end-10",
        (3, {2: 10}),
        "square 2 (row 2, column 1): the snake or ladder ends on 10, which is not a square from 1 to 9",
        (2, 1, 2),
    ),
    (
        "end-0",
        (3, {6: 0}),
        "square 6 (row 1, column 0): the snake or ladder ends on 0, which is not a square from 1 to 9",
        (1, 0, 6),
    ),
    (
        "start-square",
        (3, {1: 5}),
        "square 1 (row 2, column 0): the start square cannot hold a snake or ladder",
        (2, 0, 1),
    ),
    (
        "last-square",
        (3, {9: 5}),
        "square 9 (row 0, column 2): the last square cannot hold a snake or ladder",
        (0, 2, 9),
    ),
    (
        "lowest-start-first",
        (3, {9: 5, 7: 0}),
        "square 7 (row 0, column 0): the snake or ladder ends on 0, which is not a square from 1 to 9",
        (0, 0, 7),
    ),
)


def check_error(error: BoardError, message: str, where: tuple) -> None:
    assert isinstance(error, ValueError)
    assert str(error) == message
    assert (error.row, error.column, error.square) == where
    # reason is the message without its location prefix
    expected_reason = message if where == NOWHERE else message.split(": ", 1)[1]
    assert error.reason == expected_reason


class TestFromMatrixErrors:
    @pytest.mark.parametrize(("matrix", "message", "where"), MATRIX_ERRORS)
    def test_exact_message(self, matrix: object, message: str, where: tuple) -> None:
        with pytest.raises(BoardError, match=f"^{re.escape(message)}$") as caught:
            Board.from_matrix(matrix)
        check_error(caught.value, message, where)

    def test_the_input_is_not_changed(self) -> None:
        matrix = [[-1, -1], [-1, 0]]
        with pytest.raises(BoardError):
            Board.from_matrix(matrix)
        assert matrix == [[-1, -1], [-1, 0]]


class TestBoardErrors:
    @pytest.mark.parametrize(("arguments", "message", "where"), BOARD_ERRORS)
    def test_exact_message(self, arguments: tuple, message: str, where: tuple) -> None:
        with pytest.raises(BoardError, match=f"^{re.escape(message)}$") as caught:
            Board(*arguments)
        check_error(caught.value, message, where)


class TestBoardErrorLocation:
    @pytest.mark.parametrize(
        ("keywords", "message"),
        [
            ({}, "bad"),
            ({"row": 1}, "row 1: bad"),
            ({"row": 1, "column": 2}, "row 1, column 2: bad"),
            ({"row": 1, "column": 2, "square": 8}, "square 8 (row 1, column 2): bad"),
            ({"square": 8}, "square 8: bad"),
        ],
        ids=["nowhere", "row", "cell", "cell-and-square", "square"],
    )
    def test_str(self, keywords: dict, message: str) -> None:
        error = BoardError("bad", **keywords)
        assert str(error) == message
        assert error.reason == "bad"
        assert (error.row, error.column, error.square) == tuple(keywords.get(k) for k in ("row", "column", "square"))


HUGE = 10**5000  # more digits than Python turns into text by default


class TestHugeIntegers:
    """Integers too long for str() still give a BoardError with the right location."""

    @pytest.mark.parametrize(
        ("make", "pattern", "where"),
        [
            (
                lambda: Board(3, {2: HUGE}),
                r"^square 2 \(row 2, column 1\): the snake or ladder ends on .+, which is not a square from 1 to 9$",
                (2, 1, 2),
            ),
            (
                lambda: Board(3, {2: -HUGE}),
                r"^square 2 \(row 2, column 1\): the snake or ladder ends on .+,",
                (2, 1, 2),
            ),
            (lambda: Board(HUGE), r"^board size .+ is too large: the largest board is 1000×1000$", NOWHERE),
            (lambda: Board(-HUGE), r"^board size .+ is too small: the smallest board is 2×2$", NOWHERE),
            (
                lambda: Board(3, {HUGE: 2}),
                r"^a snake or ladder starts on .+ \(int\), which is not a square from 1 to 9$",
                NOWHERE,
            ),
            (
                lambda: Board(3, {2: [HUGE]}),
                r"^square 2 \(row 2, column 1\): expected an integer, got .+ \(list\)$",
                (2, 1, 2),
            ),
            (
                lambda: Board.from_matrix([[-1, -1], [-1, HUGE]]),
                r"^square 2 \(row 1, column 1\): value .+ is out of range: use -1 or a square from 1 to 4$",
                (1, 1, 2),
            ),
            (
                lambda: Board.from_matrix([[-1, -1], HUGE]),
                r"^row 1: expected a list of 2 integers, got .+ \(int\)$",
                (1, None, None),
            ),
            (
                lambda: Board.from_matrix([[-1, -1], (HUGE, 1)]),
                r"^row 1: expected a list of 2 integers, got .+ \(tuple\)$",
                (1, None, None),
            ),
        ],
        ids=[
            "end",
            "negative-end",
            "size",
            "negative-size",
            "start",
            "end-in-list",
            "matrix-value",
            "matrix-row",
            "matrix-row-tuple",
        ],
    )
    def test_board_error(self, make, pattern: str, where: tuple) -> None:
        with pytest.raises(BoardError, match=pattern) as caught:
            make()
        assert (caught.value.row, caught.value.column, caught.value.square) == where

    @pytest.mark.parametrize(
        ("call",), [(lambda: square_to_cell(HUGE, 3),), (lambda: cell_to_square(HUGE, 0, 3),)], ids=["square", "row"]
    )
    def test_numbering_value_error(self, call) -> None:
        with pytest.raises(ValueError):
            call()


# --------------------------------------------------------------------------- valid boards


class TestFromMatrix:
    def test_example_1_jumps(self) -> None:
        board = Board.from_matrix(EXAMPLE_1)
        assert board.n == 6
        assert board.jumps == {2: 15, 14: 35, 17: 13}
        assert board.ladders == {2: 15, 14: 35}
        assert board.snakes == {17: 13}

    @pytest.mark.parametrize("n", [2, 3, 7, 20], ids=lambda n: f"n{n}")
    def test_empty(self, n: int) -> None:
        board = Board.from_matrix([[-1] * n for _ in range(n)])
        assert board == Board(n)
        assert board.jumps == board.ladders == board.snakes == {}

    def test_largest_size_is_accepted(self) -> None:
        row = [-1] * 1000
        board = Board.from_matrix([row] * 999 + [[-1, 7] + [-1] * 998])
        assert board.n == 1000
        assert board.jumps == {2: 7}

    def test_self_jump_is_neither_ladder_nor_snake(self) -> None:
        board = Board.from_matrix([[-1, -1, -1], [-1, 5, -1], [-1, -1, -1]])
        assert board.jumps == {5: 5}
        assert board.ladders == {}
        assert board.snakes == {}

    def test_ladder_to_last_and_snake_to_first_are_allowed(self) -> None:
        board = Board.from_matrix([[-1, -1], [-1, 4]])
        assert board.ladders == {2: 4}
        board = Board.from_matrix([[-1, 1], [-1, -1]])
        assert board.snakes == {3: 1}

    def test_does_not_alias_the_input(self) -> None:
        matrix = [[-1, -1, -1], [-1, -1, -1], [-1, 8, -1]]
        board = Board.from_matrix(matrix)
        matrix[2][1] = 3
        matrix[0][0] = 4
        assert board.jumps == {2: 8}

    @given(st.integers(0, 2**32 - 1))
    @example(0)
    def test_jumps_agree_with_reference(self, seed: int) -> None:
        matrix = reference.random_board(random.Random(seed))
        board = Board.from_matrix(matrix)
        jumps = reference.jumps_of(matrix)
        assert board.n == len(matrix)
        assert board.jumps == jumps
        assert list(board.jumps) == sorted(jumps)
        assert board.ladders == {s: e for s, e in jumps.items() if e > s}
        assert board.snakes == {s: e for s, e in jumps.items() if e < s}
        assert board.to_matrix() == matrix
        assert Board(len(matrix), jumps) == board

    @given(st.integers(0, 2**32 - 1), st.data())
    def test_one_bad_cell_is_found(self, seed: int, data: st.DataObject) -> None:
        """Spoil one cell of a valid board: the error names exactly that cell."""
        rng = random.Random(seed)
        matrix = reference.random_board(rng)
        n = len(matrix)
        square = data.draw(st.integers(1, n * n), label="square")
        inner = 1 < square < n * n
        bad = data.draw(
            st.one_of(
                st.sampled_from([0, -2, n * n + 1, True, False, 2.0, -1.0, "5", None]),
                st.integers(1, n * n) if not inner else st.nothing(),
            ),
            label="value",
        )
        row, column = reference.cell_of(square, n)
        matrix[row][column] = bad
        with pytest.raises(BoardError) as caught:
            Board.from_matrix(matrix)
        assert (caught.value.row, caught.value.column, caught.value.square) == (row, column, square)
        assert str(caught.value).startswith(f"square {square} (row {row}, column {column}): ")

    @pytest.mark.parametrize("n", [16, 181, 255, 256, 1000])
    def test_values_at_the_byte_edges_of_the_last_square(self, n: int) -> None:
        """The C-speed read compares each value's bytes with the last square's: values one off in
        each byte, and negatives and zero, are accepted or refused exactly as cell by cell."""
        last = n * n
        rng = random.Random(n)
        matrix = reference.matrix_from_jumps(n, reference.random_jumps(rng, n, 0.3))
        edges = {last, last - 1, last + 1, last - 255, last + 255, last - 256, last + 256, last | 0xFF}
        edges |= {last + 0x10000, last - 0x10000, last ^ 0xFF00, (last >> 16) << 16, ((last >> 16) << 16) | 0xFFFF}
        edges |= {0, -1, -2, -256, -0x10000, -(2**24), 2**24 - 1, 2**24, 2**31 - 1, -(2**31), 2**32, 255, 256}
        # The cell-by-cell reading of the unchanged matrix, once (at n = 1000 it is a million cells): each
        # case below changes one cell, so its expected board is this one with that one square changed.
        unchanged = Board(n, reference.jumps_of(matrix))
        assert Board.from_matrix(matrix) == unchanged
        for value in sorted(edges):
            square = rng.randrange(2, last)
            row, column = reference.cell_of(square, n)
            kept = matrix[row][column]
            matrix[row][column] = value
            if value == -1 or 1 <= value <= last:
                board = Board.from_matrix(matrix)
                expected = unchanged.flat[:]
                expected[square] = value  # -1 (no jump) is what flat holds for a square without one
                assert board.n == n and board.flat == expected
            else:
                with pytest.raises(BoardError) as caught:
                    Board.from_matrix(matrix)
                assert str(caught.value) == (
                    f"square {square} (row {row}, column {column}): "
                    f"value {value} is out of range: use -1 or a square from 1 to {last}"
                )
            matrix[row][column] = kept


class TestBoardConstructor:
    def test_equivalent_to_from_matrix(self) -> None:
        assert Board(6, {2: 15, 14: 35, 17: 13}) == Board.from_matrix(EXAMPLE_1)

    def test_no_jumps(self) -> None:
        assert Board(3) == Board(3, {}) == Board(3, None)
        assert Board(3).jumps == {}

    def test_jumps_in_square_order(self) -> None:
        board = Board(5, {20: 3, 2: 20, 7: 7})
        assert list(board.jumps.items()) == [(2, 20), (7, 7), (20, 3)]

    def test_accepts_any_mapping(self) -> None:
        from types import MappingProxyType

        assert Board(3, MappingProxyType({2: 8})).jumps == {2: 8}

    def test_does_not_alias_the_input(self) -> None:
        jumps = {2: 8}
        board = Board(3, jumps)
        jumps[3] = 1
        jumps[2] = 5
        assert board.jumps == {2: 8}

    def test_largest_size(self) -> None:
        board = Board(1000, {999_999: 2})
        assert board.n == 1000
        assert board.snakes == {999_999: 2}


class TestToMatrix:
    def test_example_1(self) -> None:
        assert Board(6, {2: 15, 14: 35, 17: 13}).to_matrix() == EXAMPLE_1

    def test_hand_checked_3x3(self) -> None:
        # squares: 7 8 9 / 6 5 4 / 1 2 3
        board = Board(3, {2: 8, 4: 1, 6: 9, 8: 3})
        assert board.to_matrix() == [[-1, 3, -1], [9, -1, 1], [-1, 8, -1]]

    def test_returns_a_fresh_copy(self) -> None:
        board = Board(2, {2: 3})
        matrix = board.to_matrix()
        matrix[1][1] = 4
        assert board.to_matrix() == [[-1, -1], [-1, 3]]
        assert board.jumps == {2: 3}

    @pytest.mark.parametrize("n", range(2, 21), ids=lambda n: f"n{n}")
    def test_round_trip_every_size(self, n: int) -> None:
        rng = random.Random(n)
        jumps = reference.random_jumps(rng, n, 0.4)
        matrix = reference.matrix_from_jumps(n, jumps)
        board = Board(n, jumps)
        assert board.to_matrix() == matrix
        assert Board.from_matrix(matrix) == board


class TestChained:
    @pytest.mark.parametrize(
        ("n", "jumps", "chained"),
        [
            (3, {2: 5, 5: 8}, {2: 5}),
            (3, {2: 5, 5: 2}, {2: 5, 5: 2}),
            (3, {2: 8, 4: 1}, {}),
            (3, {5: 5}, {}),
            (3, {}, {}),
            (4, {2: 15, 15: 16, 7: 2}, {2: 15, 7: 2}),
        ],
        ids=["ladder-onto-ladder", "cycle", "none", "self-jump-alone", "empty", "two-chains"],
    )
    def test_chained(self, n: int, jumps: dict, chained: dict) -> None:
        assert Board(n, jumps).chained() == chained


class TestValueSemantics:
    def test_equal_boards_hash_equal(self) -> None:
        a = Board(4, {2: 15, 7: 3})
        b = Board(4, {7: 3, 2: 15})
        c = Board.from_matrix(a.to_matrix())
        assert a == b == c
        assert hash(a) == hash(b) == hash(c)
        assert len({a, b, c}) == 1

    @pytest.mark.parametrize(
        ("other",),
        [
            (Board(4, {2: 15}),),
            (Board(4, {2: 14, 7: 3}),),
            (Board(4, {2: 15, 7: 3, 9: 9}),),
            (Board(5, {2: 15, 7: 3}),),
        ],
        ids=["missing-jump", "different-end", "extra-self-jump", "different-size"],
    )
    def test_different_boards_differ(self, other: Board) -> None:
        board = Board(4, {2: 15, 7: 3})
        assert board != other
        assert not board == other  # noqa: SIM201 - __eq__ itself, not __ne__
        assert len({board, other}) == 2

    def test_not_equal_to_other_types(self) -> None:
        board = Board(2, {2: 3})
        assert board != [[-1, -1], [-1, 3]]
        assert board != {2: 3}
        assert board != None  # noqa: E711

    @pytest.mark.parametrize("name", ["n", "last", "_n", "_jumps", "jumps", "other"])
    def test_attributes_cannot_be_set(self, name: str) -> None:
        board = Board(3, {2: 8})
        with pytest.raises(AttributeError):
            setattr(board, name, 4)
        assert board == Board(3, {2: 8})

    @pytest.mark.parametrize("name", ["_n", "_jumps", "n"])
    def test_attributes_cannot_be_deleted(self, name: str) -> None:
        board = Board(3, {2: 8})
        with pytest.raises(AttributeError):
            delattr(board, name)
        assert board.n == 3

    def test_returned_dicts_are_copies(self) -> None:
        board = Board(3, {2: 8, 6: 1, 5: 5})
        board.jumps[3] = 9
        board.ladders[3] = 9
        board.snakes[7] = 1
        board.chained()[4] = 4
        assert board.jumps == {2: 8, 5: 5, 6: 1}
        assert board.ladders == {2: 8}
        assert board.snakes == {6: 1}

    def test_pickle_and_copy(self) -> None:
        board = Board(5, {2: 20, 20: 3, 7: 7})
        for clone in (pickle.loads(pickle.dumps(board)), copy.copy(board), copy.deepcopy(board)):
            assert clone == board
            assert hash(clone) == hash(board)
            assert clone.jumps == board.jumps
