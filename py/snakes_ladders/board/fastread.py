"""The C-speed matrix readers: ``marshal`` writes a row or the whole flattened matrix as bytes, and
byte operations check its values and find its jumps (``matrix.read_matrix`` chooses between them).

``read_sparse`` and ``fast_count`` return None when a value needs a closer look:
``matrix.check_matrix`` then reads the matrix cell by cell, to name the fault.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from functools import lru_cache, partial
from itertools import compress, repeat
from typing import Any

from .checks import EMPTY

__all__ = ["fast_count", "jump_dict", "read_sparse", "row_counts"]

_INT = {int}


# A matrix with fewer than one cell in this many other than -1 is read row by row (``read_sparse``),
# a denser one flattened and checked as one list (``fast_count``): about 8 ms plus 0.5-0.8 µs a jump
# against 25-30 ms whatever the jumps, at 1000×1000 (bench/solver_cpu_bench.py).
_SPARSE = 32


def row_counts(rows: list[list[Any]], last: int) -> list[int] | None:
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


def read_sparse(rows: list[list[Any]], counts: list[int], first: int) -> dict[int, int] | None:
    """The jumps, in square order, of a matrix whose row r holds ``counts[r]`` cells equal to -1
    (jumps on squares above ``first`` only); None when a cell needs a closer look (``check_matrix``
    reads the matrix then, to name the fault).

    A row of -1 passes when its cells add up to an int (a float, Decimal or numpy value makes the
    sum something else).  A row with jumps is written by ``marshal``, which writes plain ints of 32
    bits as 5-byte records and anything else otherwise (``fast_count``); a record's top byte is
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


def jump_dict(cells: list[int], mask: Callable[[], bytes], count: int) -> dict[int, int]:
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


def fast_count(cells: list[int], last: int) -> tuple[int, Callable[[], bytes]] | None:
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
