"""Reading a LeetCode matrix: ``read_matrix`` for a Board, ``check_matrix`` naming the lowest fault.

Rows are checked at C speed where they can be (``fastread``, and ``_read_fast`` here), and read
cell by cell where they cannot, so that a fault is reported at its lowest square.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from itertools import compress, repeat
from operator import is_not
from typing import Any

from .checks import EMPTY, MAX_SIZE, MIN_SIZE, BoardError, check_jump
from .errors import Shown
from .fastread import fast_count, jump_dict, read_sparse, row_counts

__all__ = ["cells_of", "check_matrix", "read_matrix"]


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
        check_jump(square, value, last, where, allow_start_jump)
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
    fewer than one jump in ``fastread._SPARSE`` squares is read row by row
    (``read_sparse``); a denser one is flattened once,
    then checked at C speed as one list (``fast_count``).  A matrix that fails those
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
    counts = row_counts(rows, last)
    if counts is not None:
        jumps = read_sparse(rows, counts, 0 if allow_start_jump else 1)
        if jumps is not None:
            return n, None, len(jumps), jumps
    else:
        cells: list[int] = [EMPTY]
        for from_bottom in range(n):
            row = rows[n - 1 - from_bottom]
            cells += reversed(row) if from_bottom % 2 else row
        found = fast_count(cells, last)
        # (The cells are plain ints when found is not None, so comparing them is safe.)
        if found is not None and (allow_start_jump or cells[1] == EMPTY) and cells[last] == EMPTY:
            count, held = found
            return n, cells, count, partial(jump_dict, cells, held, count)
    read: dict[int, int] = {}
    check_matrix(rows, allow_start_jump=allow_start_jump, jumps=read)
    return n, cells_of(last, read), len(read), read


def cells_of(last: int, jumps: Mapping[int, int]) -> list[int]:
    """``cells[s]``, the end of the jump on square s or -1, for squares 0..last."""
    cells = [EMPTY] * (last + 1)
    for start, end in jumps.items():
        cells[start] = end
    return cells
