"""What a practice solution read: a board whose rows record every ``board[r][c]`` read.

``recording(rows)`` gives the solution a plain list of ``RecordingRow`` s, list subclasses that
behave as the lists of ints LeetCode passes (indexing, negative indices, ``len``, iteration,
slicing, ``for row in board``, ``board[r][c]``, ``[r[:] for r in board]``) and note each cell a
read yields, in order, as ``(row, column)`` with the column counted from the left: ``row[c]``,
``row[-1]``, a slice (each cell it yields, in the order it yields them), iteration and
``reversed()`` (each cell as it is yielded, so ``list(row)``, ``sum(row)``, ``enumerate(row)`` and
``zip(*board)`` count), ``copy()``, ``in``, ``index()`` and ``count()`` (each cell compared).  A
copy is a plain list: reads through it are not reads of the board (the copying itself read each
cell once).  Not recorded: comparing or printing whole rows (``==``, ``repr``) and writing
(``board[r][c] = v``; ``mutated`` tells a board changed by the solution).  At most ``LIMIT`` reads
are kept; the total counts them all, so a cut-off log says so.  Work: each read costs O(1).
The checker reads the log back (``practice.reads``).
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from typing import Any, SupportsIndex

#: The most reads kept (the rest are counted).
LIMIT = 10_000
#: The largest count of reads believed: more than a run within any time limit makes, exact in JS.
MAX_TOTAL = 2**53 - 1

Cell = tuple[int, int]


class ReadLog:
    """The reads of one run, in order: the first ``LIMIT`` cells and how many there were."""

    __slots__ = ("cells", "total")

    def __init__(self) -> None:
        self.cells: list[Cell] = []
        self.total = 0


class RecordingRow(list):  # type: ignore[type-arg]
    """One row of the board handed to a solution: a list of ints that logs every cell read."""

    __slots__ = ("_log", "_row")

    def __init__(self, values: Sequence[int], row: int, log: ReadLog) -> None:
        super().__init__(values)
        self._row, self._log = row, log

    def _note(self, column: int) -> None:
        log = self._log
        log.total += 1
        if log.total <= LIMIT:
            log.cells.append((self._row, column))

    def _cell(self, column: int) -> Any:
        value = list.__getitem__(self, column)
        self._note(column)
        return value

    def __getitem__(self, index: Any) -> Any:
        if type(index) is not int:
            if type(index) is slice:
                return [self._cell(column) for column in range(list.__len__(self))[index]]
            index = operator.index(index)  # once: an __index__ of the solution's runs once, as list's own
        value = list.__getitem__(self, index)
        log = self._log  # _note written out: this is the hot path of every solution
        log.total += 1
        if log.total <= LIMIT:
            log.cells.append((self._row, index if index >= 0 else index + list.__len__(self)))
        return value

    def __iter__(self) -> Iterator[Any]:
        column = 0
        while column < list.__len__(self):
            yield self._cell(column)
            column += 1

    def __reversed__(self) -> Iterator[Any]:
        column = list.__len__(self) - 1
        while column >= 0:
            if column < list.__len__(self):
                yield self._cell(column)
            column -= 1

    def copy(self) -> list[Any]:
        return list(self.__iter__())

    def __contains__(self, value: object) -> bool:
        return any(cell is value or cell == value for cell in self.__iter__())

    def count(self, value: Any) -> int:
        return sum(1 for cell in self.__iter__() if cell is value or cell == value)

    def index(self, value: Any, start: SupportsIndex = 0, stop: SupportsIndex = 2**62) -> int:
        for column in range(list.__len__(self))[operator.index(start) : operator.index(stop)]:
            cell = self._cell(column)
            if cell is value or cell == value:
                return column
        raise ValueError(f"{value!r} is not in list" if type(value) is int else "value is not in list")


def recording(rows: Sequence[Sequence[int]]) -> tuple[list[RecordingRow], ReadLog]:
    """A fresh board for the solution (a list of ``RecordingRow``) and the log its rows write to."""
    log = ReadLog()
    return [RecordingRow(row, index, log) for index, row in enumerate(rows)], log


def taken(log: ReadLog, n: int) -> tuple[list[Cell], int]:
    """The log as data, checked: the solution can reach the log and write anything into it, so only
    pairs of in-range ints are kept (at most ``LIMIT``) and a total that is not an int, or not one from
    the count of those kept to ``MAX_TOTAL``, counts what is kept (an int of thousands of digits has no
    JSON text: the reply would fail).  Work: O(LIMIT)."""
    cells = object.__getattribute__(log, "cells")
    items = list.__getitem__(cells, slice(0, LIMIT)) if isinstance(cells, list) else []
    kept = [
        item
        for item in items
        if type(item) is tuple
        and tuple.__len__(item) == 2
        and type(item[0]) is int
        and type(item[1]) is int
        and 0 <= item[0] < n
        and 0 <= item[1] < n
    ]
    total = object.__getattribute__(log, "total")
    return kept, (total if type(total) is int and len(kept) <= total <= MAX_TOTAL else len(kept))


def mutated(board: Any, rows: Sequence[Sequence[int]], given: Sequence[Any]) -> bool:
    """Whether the solution changed the board it was given: ``given`` are the row objects handed to it,
    ``rows`` the values they held.  Only exact ints compare equal (no method of the solution's runs).
    Work: O(n²)."""
    if type(board) is not list or list.__len__(board) != len(rows):
        return True
    for index, values in enumerate(rows):
        row: Any = list.__getitem__(board, index)
        if row is not given[index] or list.__len__(row) != len(values):
            return True
        for column, value in enumerate(values):
            cell = list.__getitem__(row, column)
            if type(cell) is not int or cell != value:
                return True
    return False


__all__ = ["LIMIT", "MAX_TOTAL", "ReadLog", "RecordingRow", "mutated", "recording", "taken"]
