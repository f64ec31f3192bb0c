"""What a practice solution read, read back: which cells, and where its numbering first differs.

The sandbox's runner records the reads (``runner.recording``: its docstring says which are counted).
The outcome carries the first ``LIMIT`` cells read, as ``(row, column)``, and the count of them all
(``Reads``).

``first_difference`` reads the log back: it replays the reads as the textbook breadth-first search
(or one pass over squares 1 to n²) would make them, infers the numbering the solution used, and
names the first read where that numbering is not LeetCode's, but only when every read fits the
replay and the replay gives the solution's own answer; otherwise it says nothing.
Work: the replay is O(reads + n²).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from ..board import cell_to_square, square_to_cell
from ..runner.recording import LIMIT, MAX_TOTAL, Cell


@dataclass(frozen=True)
class Reads:
    """The reads of a run: the first ``LIMIT`` cells ``(row, column)`` and the count of them all."""

    cells: tuple[Cell, ...]
    total: int

    @property
    def truncated(self) -> bool:
        """True when reads past the first ``LIMIT`` were counted but not kept."""
        return self.total > len(self.cells)


# --- reading the log back ----------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """The first read where the solution's numbering is not LeetCode's.

    ``read`` is its index in the reads; the solution read ``cell`` for ``square``, which is at ``actual``
    (and ``cell`` is really square ``cell_square``).
    """

    read: int
    cell: Cell
    square: int
    actual: Cell
    cell_square: int

    def sentence(self) -> str:
        """``your code read board[4][0] for square 7; square 7 is board[4][1]``."""
        (row, column), (true_row, true_column) = self.cell, self.actual
        return (
            f"your code read board[{row}][{column}] for square {self.square}; "
            f"square {self.square} is board[{true_row}][{true_column}] "
            f"(board[{row}][{column}] is square {self.cell_square})"
        )


def _collapsed(cells: Sequence[Cell]) -> list[tuple[int, Cell]]:
    """The reads with a read of the cell just read dropped (``board[r][c] if board[r][c] != -1``), with
    their indices."""
    kept: list[tuple[int, Cell]] = []
    for index, cell in enumerate(cells):
        if not kept or kept[-1][1] != cell:
            kept.append((index, cell))
    return kept


class _Numbering:
    """The squares read so far and the cell read for each: one cell a square, one square a cell."""

    def __init__(self) -> None:
        self.cell_of: dict[int, Cell] = {}
        self.square_of: dict[Cell, int] = {}
        self.first: dict[int, int] = {}

    def fits(self, square: int, cell: Cell, index: int) -> bool:
        if self.cell_of.setdefault(square, cell) != cell or self.square_of.setdefault(cell, square) != square:
            return False
        self.first.setdefault(square, index)
        return True


Replayed = tuple["_Numbering", set[int]]


def _replay_search(reads: list[tuple[int, Cell]], matrix: Sequence[Sequence[int]]) -> Replayed | None:
    """The numbering and answers of the textbook search (landings 1 to 6 of each square, in the order
    squares are first stood on) if it makes exactly these reads, taking each read cell's value as the
    jump of the square being read; None when a read does not fit, or the answer cannot be told.  Two
    answers when the square read as n² holds a jump: a search may stop on landing there or follow it."""
    n = len(matrix)
    last, numbering = n * n, _Numbering()
    dist, queue, position = {1: 0}, deque([1]), 0
    answers: set[int] = set()
    while queue and position < len(reads):
        square = queue.popleft()
        for landing in range(square + 1, min(square + 6, last) + 1):
            if position == len(reads):
                break
            index, (row, column) = reads[position]
            position += 1
            if not numbering.fits(landing, (row, column), index):
                return None
            value = matrix[row][column]
            end = value if 1 <= value <= last else landing
            if landing == last and not answers:
                answers.add(dist[square] + 1)
            if end not in dist:
                dist[end] = dist[square] + 1
                queue.append(end)
    if position < len(reads):
        return None  # reads this search would not make
    if last in dist:
        answers.add(dist[last])
    elif not queue:
        answers.add(-1)
    return (numbering, answers) if answers else None  # none: it stopped before it knew the answer


def _search_answers(n: int, ends: dict[int, int]) -> set[int]:
    """The least moves to n² when landing on square s ends the move on ``ends[s]``: stopping on landing on
    n², and following its jump if it has one."""
    last = n * n
    dist, queue = {1: 0}, deque([1])
    answers: set[int] = set()
    while queue:
        square = queue.popleft()
        for landing in range(square + 1, min(square + 6, last) + 1):
            if landing == last and not answers:
                answers.add(dist[square] + 1)
            end = ends.get(landing, landing)
            if end not in dist:
                dist[end] = dist[square] + 1
                queue.append(end)
    answers.add(dist.get(last, -1))
    return answers


def _replay_pass(reads: list[tuple[int, Cell]], matrix: Sequence[Sequence[int]]) -> Replayed | None:
    """The numbering and answers when the reads are one pass over squares 1 to n², each cell once."""
    n = len(matrix)
    if len(reads) != n * n:
        return None
    numbering = _Numbering()
    for square, (index, cell) in enumerate(reads, start=1):
        if not numbering.fits(square, cell, index):
            return None
    ends = {}
    for square, (row, column) in numbering.cell_of.items():
        if 1 <= matrix[row][column] <= n * n:
            ends[square] = matrix[row][column]
    return numbering, _search_answers(n, ends)


def first_difference(matrix: Sequence[Sequence[int]], reads: Reads, answer: int | None) -> Difference | None:
    """Where the solution's numbering first differs from LeetCode's, when the reads tell it.

    The reads (a read of the cell just read dropped) are replayed as the textbook breadth-first
    search would make them, or as one pass over squares 1 to n² in order; each read cell's value
    is taken as the jump of the square the replay was reading.  When every read fits (each square
    read from one cell, no cell read for two squares, no read left over), the reads are all kept,
    and the replay's answer is the solution's ``answer``, the replay is the solution's numbering:
    the first read of a square from a cell that is not that square's is the difference.  Anything
    else (reads cut off, another order, an answer the replay does not give, a numbering that is
    right) gives None: nothing is said rather than a guess.  Work: O(reads + n²), one solve.

    >>> rows = [[-1, -1, -1, 15], [-1, -1, -1, -1], [-1, -1, -1, -1], [-1, -1, -1, -1]]  # 13 -> 15
    >>> bottom_up = Reads(tuple((row, column) for row in (3, 2, 1, 0) for column in range(4)), 16)
    >>> first_difference(rows, bottom_up, -1).sentence()  # each row read left to right: 16 -> 15 seen
    'your code read board[2][0] for square 5; square 5 is board[2][3] (board[2][0] is square 8)'
    >>> first_difference(rows, bottom_up, 2) is None  # an answer that numbering does not give
    True
    """
    n = len(matrix)
    if reads.truncated or not reads.cells or answer is None:
        return None
    collapsed = _collapsed(reads.cells)
    for replay in (_replay_search, _replay_pass):
        found = replay(collapsed, matrix)
        if found is None or answer not in found[1]:
            continue
        numbering = found[0]
        wrong = [
            (numbering.first[square], square)
            for square, cell in numbering.cell_of.items()
            if cell != square_to_cell(square, n)
        ]
        if not wrong:
            return None  # the numbering is right: the mistake is elsewhere
        index, square = min(wrong)
        cell = numbering.cell_of[square]
        return Difference(index, cell, square, square_to_cell(square, n), cell_to_square(*cell, n))
    return None


__all__ = ["LIMIT", "MAX_TOTAL", "Difference", "Reads", "first_difference"]
