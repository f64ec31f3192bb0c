"""The board: the Board type, its squares and the zig-zag numbering.

A LeetCode matrix is read and checked in ``matrix`` (at C speed in ``fastread``); a cell's checks
and BoardError are in ``checks``.  Other rooms import these names from the room (``board``).

A board of size n has squares 1..n*n, numbered boustrophedonically from the
bottom-left cell: the bottom row runs left to right, the row above it right to
left, and so on.  Matrices use LeetCode's orientation, where row 0 is the top.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from types import MappingProxyType
from typing import Any

from .checks import EMPTY, BoardError, check_jump, check_size
from .errors import Shown
from .matrix import cells_of, read_matrix

__all__ = ["Board", "cell_to_square", "square_to_cell", "to_board"]


def square_to_cell(square: int, n: int) -> tuple[int, int]:
    """Return the ``(row, column)`` of ``square`` on an n×n board, row 0 at the top.

    >>> square_to_cell(1, 6), square_to_cell(7, 6), square_to_cell(36, 6)
    ((5, 0), (4, 5), (0, 0))
    """
    check_size(n)
    if type(square) is not int or not 1 <= square <= n * n:
        raise ValueError(f"square must be an integer from 1 to {n * n}, got {square!r}")
    from_bottom, offset = divmod(square - 1, n)
    column = n - 1 - offset if from_bottom % 2 else offset
    return n - 1 - from_bottom, column


def cell_to_square(row: int, column: int, n: int) -> int:
    """Return the square number at ``(row, column)`` on an n×n board, row 0 at the top.

    >>> cell_to_square(5, 0, 6), cell_to_square(4, 5, 6), cell_to_square(0, 0, 6)
    (1, 7, 36)
    """
    check_size(n)
    for name, value in (("row", row), ("column", column)):
        if type(value) is not int or not 0 <= value < n:
            raise ValueError(f"{name} must be an integer from 0 to {n - 1}, got {value!r}")
    from_bottom = n - 1 - row
    offset = n - 1 - column if from_bottom % 2 else column
    return from_bottom * n + offset + 1


class Board:
    """An immutable n×n snakes-and-ladders board.

    ``jumps`` maps the start square of each snake or ladder to its end square.
    A square whose value is its own number is accepted, as LeetCode accepts it:
    it is a jump that goes nowhere, in ``jumps`` but in neither ``ladders`` nor
    ``snakes``.

    Square 1 may hold a jump only with ``allow_start_jump=True``, for games that
    start off the board (see ``snakes_ladders.board.rules``); LeetCode's rules forbid it.

    >>> board = Board(6, {2: 15, 17: 13})
    >>> board.ladders, board.snakes
    ({2: 15}, {17: 13})
    >>> Board.from_matrix(board.to_matrix()) == board
    True
    """

    __slots__ = ("_build", "_cells", "_count", "_hash", "_jumps", "_n")

    # ``_cells[s]`` is the end of the jump on square s or -1 (``_cells[0]`` is -1): the searches
    # of dense boards read this flat list; it is built on first use for a sparse board read from
    # a matrix, whose searches need only the jumps.  ``_jumps``, the ``{start: end}`` view, is
    # built on first use when a dense board was read from a matrix (by ``_build``, which
    # read_matrix gives: it finds the jumps in a byte mask its check made).
    _n: int
    _cells: list[int]
    _count: int
    _jumps: Mapping[int, int]
    _build: Callable[[], dict[int, int]]
    _hash: int

    def __init__(self, n: int, jumps: Mapping[int, int] | None = None, *, allow_start_jump: bool = False) -> None:
        n = check_size(n)
        checked: dict[int, int] = {}
        if jumps is None:
            jumps = {}
        if not isinstance(jumps, Mapping):
            raise BoardError(
                "jumps must be a mapping of start square to end square, got ", Shown(jumps), code="jumps_type"
            )
        last = n * n
        for start in jumps:
            if type(start) is not int or not 1 <= start <= last:
                raise BoardError(
                    "a snake or ladder starts on ",
                    Shown(start),
                    f", which is not a square from 1 to {last}",
                    code="start_off_board",
                )
        cells = [EMPTY] * (last + 1)
        for start in sorted(jumps):
            end = jumps[start]
            row, column = square_to_cell(start, n)
            where = {"row": row, "column": column, "square": start}
            if type(end) is not int:
                raise BoardError("expected an integer, got ", Shown(end), **where, code="not_integer")
            check_jump(start, end, last, where, allow_start_jump, cell=False)
            checked[start] = end
            cells[start] = end
        self._set(n, cells, len(checked), checked)

    def _set(
        self, n: int, cells: list[int] | None, count: int, jumps: dict[int, int] | Callable[[], dict[int, int]]
    ) -> None:
        object.__setattr__(self, "_n", n)
        if cells is not None:
            object.__setattr__(self, "_cells", cells)
        object.__setattr__(self, "_count", count)
        if isinstance(jumps, dict):
            object.__setattr__(self, "_jumps", MappingProxyType(jumps))
        else:
            object.__setattr__(self, "_build", jumps)

    @classmethod
    def from_matrix(cls, rows: Any, *, allow_start_jump: bool = False) -> Board:
        """Build a board from a LeetCode matrix, checking every cell (see ``read_matrix``).

        >>> Board.from_matrix([[-1, -1], [-1, 3]]).jumps
        {2: 3}
        >>> try:
        ...     Board.from_matrix([[-1, -1], [2, -1]])
        ... except BoardError as error:
        ...     print(error)
        square 1 (row 1, column 0): the start square cannot hold a snake or ladder
        """
        n, cells, count, jumps = read_matrix(rows, allow_start_jump=allow_start_jump)
        board = cls.__new__(cls)
        board._set(n, cells, count, jumps)
        return board

    @property
    def n(self) -> int:
        """The number of rows (and of columns)."""
        return self._n

    @property
    def last(self) -> int:
        """The final square, n*n."""
        return self._n * self._n

    @property
    def jump_map(self) -> Mapping[int, int]:
        """Every snake and ladder, ``{start: end}`` in order of start square, as a read-only view
        (not copied: the searches use it).  Built on first use for a board read from a matrix:
        O(n²) at C speed, or about 150 ns a jump when they are few (``read_matrix``)."""
        try:
            return self._jumps
        except AttributeError:
            view = MappingProxyType(self._build())
            object.__setattr__(self, "_jumps", view)
            object.__delattr__(self, "_build")  # and the byte mask it holds
            return view

    @property
    def jump_count(self) -> int:
        """How many squares hold a snake or ladder (a jump to itself included)."""
        return self._count

    @property
    def flat(self) -> Sequence[int]:
        """The cells in square order: ``flat[s]`` is the end of the jump on square s, or -1
        (``flat[0]`` is -1, unused).  The board's own list, not a copy: read it, never change it
        (``cells()`` gives a copy to change).  Built on first use for a sparse board read from a
        matrix: O(n²) at C speed."""
        try:
            return self._cells
        except AttributeError:
            cells = cells_of(self.last, self.jump_map)
            object.__setattr__(self, "_cells", cells)
            return cells

    @property
    def jumps(self) -> dict[int, int]:
        """Every snake and ladder, ``{start: end}``, in order of start square."""
        return dict(self.jump_map)

    @property
    def ladders(self) -> dict[int, int]:
        """The jumps that go up."""
        return {s: e for s, e in self.jump_map.items() if e > s}

    @property
    def snakes(self) -> dict[int, int]:
        """The jumps that go down."""
        return {s: e for s, e in self.jump_map.items() if e < s}

    def cells(self) -> list[int]:
        """Return ``cells`` with ``cells[s]`` the jump end on square s or -1 (``cells[0]`` unused)."""
        return list(self.flat)

    def to_matrix(self) -> list[list[int]]:
        """Return the LeetCode matrix, row 0 at the top.

        >>> Board(2, {2: 3}).to_matrix()
        [[-1, -1], [-1, 3]]
        """
        n = self._n
        cells = self.cells()
        rows: list[list[int]] = []
        for from_bottom in range(n - 1, -1, -1):
            row = cells[from_bottom * n + 1 : from_bottom * n + n + 1]
            rows.append(row[::-1] if from_bottom % 2 else row)
        return rows

    def chained(self) -> dict[int, int]:
        """Jumps that end on another jump's start: ``{start: end}``.

        They are legal, but the second jump is not taken in the same move.

        >>> Board(3, {2: 5, 5: 8}).chained()
        {2: 5}
        """
        jumps = self.jump_map
        return {s: e for s, e in jumps.items() if e != s and e in jumps}

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(self.jump_map.items())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._n == other._n and self.flat == other.flat

    def __hash__(self) -> int:
        # Computed on first use: hashing a million-square board's jumps costs more
        # than solving it, and most boards are never hashed.
        try:
            return self._hash
        except AttributeError:
            value = hash((self._n, tuple(self.jump_map.items())))
            object.__setattr__(self, "_hash", value)
            return value

    def __repr__(self) -> str:
        return f"Board({self._n}, {self.jumps!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Board is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Board is immutable")

    def __reduce__(self) -> tuple[Callable[..., Board], tuple[int, dict[int, int]]]:
        rebuild = partial(Board, allow_start_jump=True) if self.flat[1] != EMPTY else Board
        return (rebuild, (self._n, self.jumps))


def to_board(value: Board | Any, *, allow_start_jump: bool = False) -> Board:
    """The one way any input becomes a Board: a Board as it is, anything else read as a
    LeetCode matrix by ``Board.from_matrix`` (BoardError when malformed).

    >>> to_board([[-1, -1], [-1, 3]]) == to_board(Board(2, {2: 3}))
    True
    """
    if isinstance(value, Board):
        return value
    return Board.from_matrix(value, allow_start_jump=allow_start_jump)
