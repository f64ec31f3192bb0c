"""min_moves(matrix) on sparse matrices: ``board.read_matrix`` reads them row by row.

A matrix with fewer than one jump in ``_SPARSE`` squares is read by ``_read_sparse``: rows of -1
by ``list.count`` and ``sum``, rows with jumps by ``marshal``, without the flat list of cells
(``Board.flat`` builds it on first use).  These tests hold that route to the cell-by-cell reader
(``check_matrix``) and the independent reference: the same board, the same answer, the same
error at the same cell.
"""

from __future__ import annotations

import enum
import random
from decimal import Decimal
from fractions import Fraction

import pytest
import reference
from hypothesis import example, given
from hypothesis import strategies as st
from snakes_ladders import Board, BoardError, min_moves
from snakes_ladders.board import check_matrix, read_matrix


class _Empty(enum.IntEnum):
    CELL = -1
    FIVE = 5


class _Row(list):  # type: ignore[type-arg]
    """A row that is a list subclass: marshal cannot write it, so it is read cell by cell."""


def sparse_jumps(rng: random.Random, n: int, count: int) -> dict[int, int]:
    """``count`` jumps on random inner squares: snakes, ladders, self-jumps, to 1 and to n²."""
    last = n * n
    starts = rng.sample(range(2, last), min(count, last - 2))
    ends = (1, last, rng.randint(1, last))
    return {s: s if rng.random() < 0.1 else rng.choice(ends) for s in starts}


def read_by_cells(matrix: list[list[object]], allow_start_jump: bool = False) -> dict[int, int] | BoardError:
    """The jumps ``check_matrix`` reads, or the BoardError it raises."""
    jumps: dict[int, int] = {}
    try:
        check_matrix(matrix, allow_start_jump=allow_start_jump, jumps=jumps)
    except BoardError as error:
        return error
    return jumps


def assert_same_read(matrix: list[list[object]], allow_start_jump: bool = False) -> None:
    """Board.from_matrix gives the board check_matrix reads, or its exact error at the same cell."""
    expected = read_by_cells(matrix, allow_start_jump)
    if isinstance(expected, BoardError):
        with pytest.raises(BoardError) as caught:
            Board.from_matrix(matrix, allow_start_jump=allow_start_jump)
        assert str(caught.value) == str(expected)
        assert (caught.value.row, caught.value.column, caught.value.square) == (
            expected.row,
            expected.column,
            expected.square,
        )
        return
    board = Board.from_matrix(matrix, allow_start_jump=allow_start_jump)
    n = len(matrix)
    assert board.jumps == expected and list(board.jumps) == sorted(expected)
    assert board.jump_count == len(expected)
    assert board.flat == [-1] + [expected.get(s, -1) for s in range(1, n * n + 1)]


@given(st.integers(6, 40), st.integers(0, 2**32 - 1), st.data())
@example(6, 0, None)
def test_sparse_boards_read_and_solve_as_the_reference(n: int, seed: int, data: st.DataObject | None) -> None:
    rng = random.Random(seed)
    most = (n * n - 1) // 32  # the most jumps a matrix read by the sparse route can hold
    count = data.draw(st.integers(0, most), label="count") if data else most
    jumps = sparse_jumps(rng, n, count)
    matrix = reference.matrix_from_jumps(n, jumps)
    assert_same_read(matrix)
    assert Board.from_matrix(matrix) == Board(n, jumps)
    assert min_moves(matrix) == reference.least_moves(matrix)


BAD_VALUES = (0, -2, -5, -256, -(2**24), -(2**24) - 1, 2**24, 2**31 - 1, 2**31, 2**32, 10**30)
ODD_VALUES = (True, False, 2.0, -1.0, "5", None, [], Decimal(-1), Fraction(-1), _Empty.CELL, _Empty.FIVE)


@given(st.integers(6, 40), st.integers(0, 2**32 - 1), st.data())
def test_one_odd_cell_on_a_sparse_board(n: int, seed: int, data: st.DataObject) -> None:
    """Spoil one cell of a sparse board, in a row of -1 or beside a jump: the same error as cell by
    cell, naming that cell (or the same board, for an IntEnum equal to -1)."""
    rng = random.Random(seed)
    matrix: list[list[object]] = [list(row) for row in reference.matrix_from_jumps(n, sparse_jumps(rng, n, n // 6))]
    square = data.draw(st.integers(1, n * n), label="square")
    value = data.draw(st.sampled_from(BAD_VALUES + ODD_VALUES) | st.integers(1, n * n), label="value")
    row, column = reference.cell_of(square, n)
    matrix[row][column] = value
    assert_same_read(matrix)


@pytest.mark.parametrize("allow_start_jump", [False, True])
def test_a_jump_on_the_first_or_last_square(allow_start_jump: bool) -> None:
    n = 10
    for square, end in ((1, 50), (100, 3)):
        matrix = reference.matrix_from_jumps(n, {7: 30})
        row, column = reference.cell_of(square, n)
        matrix[row][column] = end
        assert_same_read(matrix, allow_start_jump)


def test_rows_that_are_list_subclasses() -> None:
    n = 12
    jumps = {5: 40, 77: 2}
    matrix = [_Row(row) for row in reference.matrix_from_jumps(n, jumps)]
    assert_same_read(matrix)
    assert Board.from_matrix(matrix) == Board(n, jumps)


@pytest.mark.parametrize("n", [6, 31, 100, 1000])
def test_sparse_matrices_take_the_row_route(n: int) -> None:
    """The route itself: a sparse matrix gives its jumps as a dict and no flat list (built on first
    use); one with a jump on one square in 32 or more is flattened and checked as one list."""
    rng = random.Random(n)
    sparse = sparse_jumps(rng, n, (n * n - 1) // 32)
    size, cells, count, jumps = read_matrix(reference.matrix_from_jumps(n, sparse))
    assert (size, cells, count, jumps) == (n, None, len(sparse), sparse)
    dense = sparse_jumps(rng, n, (n * n + 31) // 32)
    size, cells, count, build = read_matrix(reference.matrix_from_jumps(n, dense))
    assert cells is not None and callable(build) and build() == dense and count == len(dense)
