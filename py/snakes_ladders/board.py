"""The board: squares, the zig-zag numbering, and validation of LeetCode matrices.

(Over 400 lines: the matrix readers, the exact one and the C-speed one, live with the Board they build.)

A board of size n has squares 1..n*n, numbered boustrophedonically from the
bottom-left cell: the bottom row runs left to right, the row above it right to
left, and so on.  Matrices use LeetCode's orientation, where row 0 is the top.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache, partial
from itertools import compress, repeat
from operator import is_not
from types import MappingProxyType
from typing import Any

from .errors import MessageError, Number, Part, Shown, ValueNames, render

MIN_SIZE = 2
MAX_SIZE = 1000
EMPTY = -1

__all__ = [
    "EMPTY",
    "MAX_SIZE",
    "MIN_SIZE",
    "Board",
    "BoardError",
    "cell_to_square",
    "read_matrix",
    "square_to_cell",
    "to_board",
]


class BoardError(MessageError):
    """A malformed board, with the place at fault when there is one.

    ``str(error)`` is the whole message, location first, for example
    ``square 1 (row 1, column 0): the start square cannot hold a snake or ladder``.
    ``reason`` is the message without the location; ``row``, ``column`` and
    ``square`` are ``None`` when the fault is not in one cell.  As every
    ``MessageError``, it holds the wording and the offending ``values`` as data
    (``parts``), names the check that failed in ``code``, and ``render("json")``
    writes the values as JSON (``got null``) where ``str`` writes Python (``got None (NoneType)``).

    >>> error = BoardError("expected an integer, got ", Shown(None), row=1, column=0, square=1, code="not_integer")
    >>> str(error)
    'square 1 (row 1, column 0): expected an integer, got None (NoneType)'
    >>> error.render("json"), error.code, error.values
    ('square 1 (row 1, column 0): expected an integer, got null', 'not_integer', (None,))
    """

    def __init__(
        self,
        *parts: Part,
        row: int | None = None,
        column: int | None = None,
        square: int | None = None,
        code: str | None = None,
    ) -> None:
        self.row = row
        self.column = column
        self.square = square
        super().__init__(*parts, code=code)

    @property
    def reason(self) -> str:
        """The message without its location, in Python's terms."""
        return render(self.parts)

    def render(self, names: ValueNames = "python") -> str:
        """The whole message, location first, its values named in Python's terms or JSON's."""
        return _locate(self.row, self.column, self.square) + render(self.parts, names)


def _locate(row: int | None, column: int | None, square: int | None) -> str:
    if row is not None and column is not None:
        where = f"row {row}, column {column}"
        # The square first, for designers; the matrix's row and column for LeetCode users.
        return f"square {square} ({where}): " if square is not None else f"{where}: "
    if row is not None:
        return f"row {row}: "
    if square is not None:
        return f"square {square}: "
    return ""


def _check_size(n: object) -> int:
    if type(n) is not int:
        raise BoardError("board size must be an integer, got ", Shown(n), code="size_type")
    if n < MIN_SIZE:
        raise BoardError(
            "board size ", Number(n), f" is too small: the smallest board is {MIN_SIZE}×{MIN_SIZE}", code="size_small"
        )
    if n > MAX_SIZE:
        raise BoardError(
            "board size ", Number(n), f" is too large: the largest board is {MAX_SIZE}×{MAX_SIZE}", code="size_large"
        )
    return n


def square_to_cell(square: int, n: int) -> tuple[int, int]:
    """Return the ``(row, column)`` of ``square`` on an n×n board, row 0 at the top.

    >>> square_to_cell(1, 6), square_to_cell(7, 6), square_to_cell(36, 6)
    ((5, 0), (4, 5), (0, 0))
    """
    _check_size(n)
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
    _check_size(n)
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
    start off the board (see ``snakes_ladders.rules``); LeetCode's rules forbid it.

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
        n = _check_size(n)
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
            _check_jump(start, end, last, where, allow_start_jump, cell=False)
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
        >>> Board.from_matrix([[-1, -1], [2, -1]])
        Traceback (most recent call last):
        ...
        snakes_ladders.board.BoardError: square 1 (row 1, column 0): the start square cannot hold a snake or ladder
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
            cells = _cells_of(self.last, self.jump_map)
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


def _check_jump(
    start: int, end: int, last: int, where: dict[str, int], allow_start_jump: bool = False, *, cell: bool = True
) -> None:
    """``cell``: the value was read from a matrix cell, where -1 means no jump; otherwise it is
    the end of a jump given by start and end, where -1 means nothing."""
    if not 1 <= end <= last:
        if not cell:
            raise BoardError(
                "the snake or ladder ends on ",
                Number(end),
                f", which is not a square from 1 to {last}",
                **where,
                code="end_off_board",
            )
        raise BoardError(
            "value ",
            Number(end),
            f" is out of range: use -1 or a square from 1 to {last}",
            **where,
            code="out_of_range",
        )
    if start == 1 and not allow_start_jump:
        raise BoardError("the start square cannot hold a snake or ladder", **where, code="start_square")
    if start == last:
        raise BoardError("the last square cannot hold a snake or ladder", **where, code="last_square")


def check_matrix(rows: Any, *, allow_start_jump: bool = False, jumps: dict[int, int] | None = None) -> int:
    """Check that ``rows`` is a valid LeetCode matrix and return its size n.

    Raises BoardError naming the first fault, scanning squares in order.  When
    ``jumps`` is given, each snake and ladder found is added to it, in square order.

    Rows are read at C speed where they can be (``_read_fast``): a row of -1
    by ``list.count`` and ``sum`` (a float, Decimal or numpy value makes the sum
    something else), a sparse row by comparing slices with a row of -1, a dense
    row by the set of its cells' types, ``min``, ``max`` and a search for 0.  Any
    row that does not pass is read cell by cell (``_read_slow``), so the fault
    reported is still the lowest one.  One difference: a cell that is equal to -1
    and adds up as an int, which in practice means an instance of an int subclass
    such as an IntEnum member, reads as empty instead of being refused as not an int.
    O(n²) time: about 20 ns a cell in CPython.

    >>> jumps = {}
    >>> check_matrix([[-1, -1, -1], [-1, 5, 1], [-1, 8, -1]], jumps=jumps), jumps
    (3, {2: 8, 4: 1, 5: 5})
    """
    n = _check_shape(rows)
    last = n * n
    first = 0 if allow_start_jump else 1  # squares above this one may hold a jump
    found: dict[int, int] = {} if jumps is None else jumps
    # Scan in square order so the first fault reported is the lowest square.
    for from_bottom in range(n):
        r = n - 1 - from_bottom
        row = rows[r]
        base = from_bottom * n
        ordered = row[::-1] if from_bottom % 2 else row
        if not _read_fast(ordered, base, last, first, found):
            _read_slow(ordered, r, base, last, allow_start_jump, found)
    return n


def _check_shape(rows: Any) -> int:
    """The size n of a list of n lists of n values (the values are not looked at)."""
    if not isinstance(rows, list):
        raise BoardError("the board must be a list of rows, got ", Shown(rows), code="rows_type")
    n = len(rows)
    if n < MIN_SIZE:
        raise BoardError(
            f"the board has {n} row{'s' if n != 1 else ''}: the smallest board is {MIN_SIZE}×{MIN_SIZE}",
            code="too_few_rows",
        )
    if n > MAX_SIZE:
        raise BoardError(f"the board has {n} rows: the largest board is {MAX_SIZE}×{MAX_SIZE}", code="too_many_rows")
    for r, row in enumerate(rows):
        if not isinstance(row, list):
            raise BoardError(f"expected a list of {n} integers, got ", Shown(row), row=r, code="row_type")
        if len(row) != n:
            raise BoardError(
                f"has {len(row)} value{'s' if len(row) != 1 else ''}, but a board with {n} rows needs {n} in every row",
                row=r,
                code="row_length",
            )
    return n


_INT = {int}
_FEW = 8  # up to this many jumps in a row, slice comparisons find them faster than a scan


def _read_fast(ordered: list[Any], base: int, last: int, first: int, jumps: dict[int, int]) -> bool:
    """Check a row (in square order, squares base + 1 ..) at C speed and add its jumps;
    False when it holds something to look at cell by cell (nothing has been added then)."""
    n = len(ordered)
    others = n - ordered.count(EMPTY)
    if not others:
        try:
            return type(sum(ordered)) is int
        except Exception:
            return False
    if others <= _FEW:
        columns = _few_columns(ordered, others)
        if columns is None:
            return False
        for c in columns:
            value = ordered[c]
            if not (type(value) is int and 1 <= value <= last and first < base + c + 1 < last):
                return False
        for c in columns:
            jumps[base + c + 1] = ordered[c]
        return True
    if not (set(map(type, ordered)) <= _INT and min(ordered) >= EMPTY and max(ordered) <= last and 0 not in ordered):
        return False
    if (base < first and ordered[0] != EMPTY) or (base + n == last and ordered[-1] != EMPTY):
        return False  # a jump on the start or the last square
    held = list(map(is_not, ordered, repeat(EMPTY)))  # the ints are checked: -1 is the cached object
    if held.count(True) != others:
        return False  # an int equal to -1 that is not that object: read cell by cell
    jumps.update(zip(compress(range(base + 1, base + n + 1), held), compress(ordered, held), strict=True))
    return True


def _few_columns(row: list[Any], others: int) -> list[int] | None:
    """The columns of the ``others`` cells that are not -1, found by halving slices; None if
    the row does not add up as integers (it is then read cell by cell)."""
    try:
        if type(sum(row)) is not int:
            return None
    except Exception:
        return None
    n = len(row)
    empty_row = [EMPTY] * n
    columns: list[int] = []
    c = 0
    while len(columns) < others:
        # Gallop to a slice holding a value other than -1, then halve it.
        width = 1
        while row[c : c + width] == empty_row[:width]:
            c += width
            width *= 2
        lo, hi = c, min(c + width, n)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if row[lo:mid] == empty_row[: mid - lo]:
                lo = mid
            else:
                hi = mid
        columns.append(lo)
        c = lo + 1
    return columns


def _read_slow(ordered: list[Any], r: int, base: int, last: int, allow_start_jump: bool, jumps: dict[int, int]) -> None:
    """Read a row cell by cell, raising BoardError at its first fault."""
    n = len(ordered)
    odd = (base // n) % 2
    for square, value in enumerate(ordered, base + 1):
        if value is EMPTY or (type(value) is int and value == EMPTY):
            continue
        where = {"row": r, "column": base + n - square if odd else square - base - 1, "square": square}
        if type(value) is not int:
            raise BoardError("expected an integer, got ", Shown(value), **where, code="not_integer")
        _check_jump(square, value, last, where, allow_start_jump)
        jumps[square] = value


def read_matrix(
    rows: Any, *, allow_start_jump: bool = False
) -> tuple[int, list[int] | None, int, dict[int, int] | Callable[[], dict[int, int]]]:
    """Check a LeetCode matrix and return ``(n, cells, count, jumps)`` for a Board.

    ``cells[s]`` is the value on square s (-1 or a jump's end; ``cells[0]`` is -1),
    or None for a sparse matrix (``Board`` builds it on first use: the searches of
    sparse boards need only the jumps), ``count`` the number of jumps, and ``jumps``
    the ``{start: end}`` dict, or a function that builds it (``Board`` calls it on
    first use: the searches of dense boards need only ``cells``).  A matrix with
    fewer than one jump in ``_SPARSE`` squares is read row by row
    (``_read_sparse``); a denser one is flattened once,
    then checked at C speed as one list (``_fast_count``).  A matrix that fails those
    checks is read again by ``check_matrix``, which raises BoardError at its lowest
    fault (or accepts what the fast checks are too strict for, such as an IntEnum
    equal to -1).  O(n²) time and memory: about 6 ns a cell for a board of -1, 25
    ns a cell for a dense board in CPython (bench/solver_cpu_bench.py, ``read``).

    >>> n, cells, count, jumps = read_matrix([[-1, -1, -1], [-1, 5, 1], [-1, 8, -1]])
    >>> n, cells, count, jumps()
    (3, [-1, -1, 8, -1, 1, 5, -1, -1, -1, -1], 3, {2: 8, 4: 1, 5: 5})
    >>> read_matrix([[-1] * 6] * 5 + [[-1, 15, -1, -1, -1, -1]])[1:]  # sparse: the dict itself
    (None, 1, {2: 15})
    """
    n = _check_shape(rows)
    last = n * n
    counts = _row_counts(rows, last)
    if counts is not None:
        jumps = _read_sparse(rows, counts, 0 if allow_start_jump else 1)
        if jumps is not None:
            return n, None, len(jumps), jumps
    else:
        cells: list[int] = [EMPTY]
        for from_bottom in range(n):
            row = rows[n - 1 - from_bottom]
            cells += reversed(row) if from_bottom % 2 else row
        found = _fast_count(cells, last)
        # (The cells are plain ints when found is not None, so comparing them is safe.)
        if found is not None and (allow_start_jump or cells[1] == EMPTY) and cells[last] == EMPTY:
            count, held = found
            return n, cells, count, partial(_jump_dict, cells, held, count)
    read: dict[int, int] = {}
    check_matrix(rows, allow_start_jump=allow_start_jump, jumps=read)
    return n, _cells_of(last, read), len(read), read


def _cells_of(last: int, jumps: Mapping[int, int]) -> list[int]:
    """``cells[s]``, the end of the jump on square s or -1, for squares 0..last."""
    cells = [EMPTY] * (last + 1)
    for start, end in jumps.items():
        cells[start] = end
    return cells


# A matrix with fewer than one cell in this many other than -1 is read row by row (``_read_sparse``),
# a denser one flattened and checked as one list (``_fast_count``): about 8 ms plus 0.5-0.8 µs a jump
# against 25-30 ms whatever the jumps, at 1000×1000 (bench/solver_cpu_bench.py).
_SPARSE = 32


def _row_counts(rows: list[list[Any]], last: int) -> list[int] | None:
    """How many cells of each row equal -1, when fewer than one cell in ``_SPARSE`` is other than
    -1; else None.  Every eighth row is counted first, and the rest only when those are sparse
    enough: ``list.count`` takes about 1 ns a cell where the cells are the cached -1, 8 elsewhere."""
    n = len(rows)
    step = max(1, n // 8)
    sample = rows[::step]
    if (len(sample) * n - sum(map(list.count, sample, repeat(EMPTY)))) * step * _SPARSE >= 2 * last:
        return None
    counts = list(map(list.count, rows, repeat(EMPTY)))
    return counts if (last - sum(counts)) * _SPARSE < last else None


_NOT_EMPTY = bytes(0 if value == 0xFF else 1 for value in range(256))  # a record's top byte: 0xff for -1


def _read_sparse(rows: list[list[Any]], counts: list[int], first: int) -> dict[int, int] | None:
    """The jumps, in square order, of a matrix whose row r holds ``counts[r]`` cells equal to -1
    (jumps on squares above ``first`` only); None when a cell needs a closer look (``check_matrix``
    reads the matrix then, to name the fault).

    A row of -1 passes when its cells add up to an int (a float, Decimal or numpy value makes the
    sum something else).  A row with jumps is written by ``marshal``, which writes plain ints of 32
    bits as 5-byte records and anything else otherwise (``_fast_count``); a record's top byte is
    0xff for -1 (or another negative value, which the row's count of -1 then exposes) and the jumps
    are found by ``bytes.find`` on the others.  O(n²) at C speed: about 6 ns a cell in a row of -1,
    10 in a row with jumps, and under 1 µs a jump.
    """
    n = len(rows)
    last = n * n
    try:
        if not set(map(type, map(sum, compress(rows, map(n.__eq__, counts))))) <= _INT:
            return None
    except Exception:  # a value that does not add up
        return None
    size, marks = 5 + 5 * n, _MARKS[:n]
    jumps: dict[int, int] = {}
    for r in reversed(list(compress(range(n), map(n.__ne__, counts)))):  # from the bottom row up
        row = rows[r]
        try:
            data = marshal.dumps(row, 2)  # version 2: no back-references, one record per cell
        except Exception:  # something marshal cannot write (an int subclass, a list subclass)
            return None
        if len(data) != size or data[5::5] != marks:
            return None  # a record that is not a 32-bit int
        held = data[9::5].translate(_NOT_EMPTY)
        if held.count(0) != counts[r]:
            return None  # a negative value other than -1
        from_bottom = n - 1 - r
        base = from_bottom * n
        odd = from_bottom % 2  # the row runs right to left: its squares in order from its last column
        column = held.rfind(1) if odd else held.find(1)
        while column >= 0:
            value = row[column]
            square = base + n - column if odd else base + column + 1
            if not (0 < value <= last and first < square < last):
                return None
            jumps[square] = value
            column = held.rfind(1, 0, column) if odd else held.find(1, column + 1)
    return jumps


def _jump_dict(cells: list[int], mask: Callable[[], bytes], count: int) -> dict[int, int]:
    """``{s: cells[s]}`` for the ``count`` squares s where ``held[s]`` is 1 (``held = mask()``):
    found one by one (C-speed ``find``, about 150 ns each) when they are fewer than one square
    in six, else by ``compress`` over every square (about 27 ns a square)."""
    held = mask()
    if count * 6 > len(held):
        return dict(zip(compress(range(len(held)), held), compress(cells, held), strict=True))
    jumps = {}
    find = held.find
    at = find(1)
    while at >= 0:
        jumps[at] = cells[at]
        at = find(1, at + 1)
    return jumps


_HELD = bytes.maketrans(b"\x00\xff", b"\x01\x00")  # top byte of a cell: 0 for a jump's end, 0xff for -1


def _fast_count(cells: list[int], last: int) -> tuple[int, Callable[[], bytes]] | None:
    """``(count, held)`` when every cell is an ``int`` (not a bool or a subclass) equal to -1 or in
    1..last; else None.  ``count`` is the number of cells other than -1, and ``held()`` gives
    bytes with ``held()[s]`` 1 where square s holds a jump and 0 where it holds -1.

    ``marshal`` writes a list of ints that fit in 32 bits as 5 bytes each, ``i`` and the value in
    little-endian order, and anything else (a bool, a float, a longer int, an int subclass)
    otherwise or not at all; so the output has the length of k such records exactly when every
    cell is such an int.  The values are then checked ``_CHUNK`` cells at a time (``_chunk_minus``),
    so that the byte strings and integers made on the way stay small and in the CPU's cache
    instead of costing fresh memory (page faults cost as much as the work).  O(len(cells)) at C
    speed: about 12 ns a cell for ``marshal``, 10 for the rest.
    """
    size = len(cells)
    try:
        data = marshal.dumps(cells, 2)  # version 2: no back-references, one record per cell
    except Exception:  # something marshal cannot write (an int subclass, numpy): not plain ints
        return None
    if len(data) != 5 + 5 * size:
        return None
    tables = _codes(last)
    tops = []
    minus = 0
    for lo in range(0, size, _CHUNK):
        hi = min(size, lo + _CHUNK)
        if data[5 + 5 * lo : 5 + 5 * hi : 5] != _MARKS[: hi - lo]:
            return None  # a record that is not a 32-bit int
        lanes = [data[k + 5 * lo : k + 5 * hi : 5] for k in range(6, 10)]
        found = _chunk_minus(lanes, tables)
        if found is None:
            return None
        minus += found
        tops.append(lanes[3])
    return size - minus, partial(_held, tops)


_CHUNK = 1 << 15
_MARKS = b"i" * _CHUNK


def _held(tops: list[bytes]) -> bytes:
    return b"".join(tops).translate(_HELD)


def _chunk_minus(lanes: list[bytes], tables: tuple[bytes, bytes, bytes]) -> int | None:
    """The number of -1s among a run of cells given by the four bytes of their values (``lanes``,
    lowest first), when every value is -1 or from 1 to the last square (``tables``: ``_codes``);
    else None."""
    b0, b1, b2, b3 = lanes
    if b3.translate(None, b"\x00\xff"):
        return None  # a value from 2^24 up, or below -1
    top = int.from_bytes(b3, "little")  # 0xff for each -1 (and any other negative value)
    low = [int.from_bytes(b, "little") for b in (b0, b1, b2)]
    if any(top & value != top for value in low):
        return None  # a negative value other than -1
    if 0 in (low[0] | low[1] | low[2]).to_bytes(len(b0), "little"):
        return None  # a 0
    # Past the last square: each byte is translated to a code and a cell's three codes added up,
    # with no carry between cells (``_codes``); the sum reaches 0x80 exactly when the value is past.
    total = sum(int.from_bytes(lane.translate(table), "little") for lane, table in zip(lanes, tables, strict=False))
    if (total & ~top).to_bytes(len(b0), "little").translate(None, _SMALL):
        return None
    return top.bit_count() // 8  # every byte of top is 0 or 0xff


@lru_cache(maxsize=4)
def _codes(last: int) -> tuple[bytes, bytes, bytes]:
    """The translation tables of ``_chunk_minus``'s range check, for a value's first, second and
    third byte: ``0x80`` when its third byte is above last's, ``0x60`` when equal, plus ``0x20``
    when its second byte is above last's, ``0x01`` when equal, plus ``0x1f`` when its first byte
    is above last's.  The sum of a value's codes reaches 0x80 exactly when the value is past last
    (and is at most 0xbf, so cells do not carry into each other).

    >>> def code(value, last):
    ...     return hex(sum(table[(value >> (8 * k)) & 0xFF] for k, table in enumerate(_codes(last))))
    >>> [code(value, 1000) for value in (1, 999, 1000, 1001, 1256, 65536)]
    ['0x60', '0x61', '0x61', '0x80', '0x80', '0x80']
    """
    tables = []
    for shift, (above, equal) in zip((0, 8, 16), ((0x1F, 0), (0x20, 0x01), (0x80, 0x60)), strict=True):
        cap = (last >> shift) & 0xFF
        tables.append(bytes(above if value > cap else equal if value == cap else 0 for value in range(256)))
    return tables[0], tables[1], tables[2]


_SMALL = bytes(range(0x80))
