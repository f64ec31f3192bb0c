"""What a mistaken LeetCode 909 solution answers: the battery (``practice``) keeps a board for a kind
only when the mistake changes the answer there.

Each function is the package's solver asked about the board the mistaken solution effectively sees
(the matrix read in the wrong order, the jumps chained, ...) or the mistaken strategy played out (a
greedy walk, a search with a mistaken visited set, one pass of relaxation).  Work: one solve or one
walk of at most n² moves each, O(n²).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ..board import Board, square_to_cell
from ..solver import min_moves


def answer(board: Board) -> float:
    """min_moves with -1 as infinity, so that "fewer moves" compares the right way."""
    moves = min_moves(board)
    return float("inf") if moves < 0 else moves


def without(board: Board, drop: Callable[[int, int], bool]) -> Board:
    return Board(board.n, {s: e for s, e in board.jumps.items() if not drop(s, e)})


Reading = Callable[[int, int], tuple[int, int]]


def _no_alternation(square: int, n: int) -> tuple[int, int]:
    return n - 1 - (square - 1) // n, (square - 1) % n


def _parity_from_top(even_left: bool) -> Reading:
    def read(square: int, n: int) -> tuple[int, int]:
        row, offset = n - 1 - (square - 1) // n, (square - 1) % n
        return row, offset if (row % 2 == 0) == even_left else n - 1 - offset

    return read


def _rows_from_top(square: int, n: int) -> tuple[int, int]:
    row, column = square_to_cell(square, n)
    return n - 1 - row, column


# Readings that are wrong on even boards, and on odd boards.  Alternating by the parity of the
# row counted from the top is right for one parity of n and wrong for the other.
MISREADINGS: dict[bool, tuple[Reading, ...]] = {
    True: (_no_alternation, _parity_from_top(True), _rows_from_top),
    False: (_no_alternation, _parity_from_top(False), _rows_from_top),
}


def _misread(board: Board, read: Reading) -> Board | None:
    """The board a solution numbering squares with ``read`` sees, or None if it is not a board."""
    matrix, n = board.to_matrix(), board.n
    jumps = {}
    for square in range(1, n * n + 1):
        row, column = read(square, n)
        if matrix[row][column] != -1:
            jumps[square] = matrix[row][column]
    if 1 in jumps or n * n in jumps:
        return None
    return Board(n, jumps)


def numbering_matters(board: Board) -> bool:
    truth = min_moves(board)
    for read in MISREADINGS[board.n % 2 == 0]:
        seen = _misread(board, read)
        if seen is None or min_moves(seen) == truth:
            return False
    return True


def chain_matters(board: Board) -> bool:
    jumps, chained = board.jumps, {}
    for start, end in jumps.items():
        seen = {start}
        while end in jumps and end not in seen:
            seen.add(end)
            end = jumps[end]
        if end in seen:
            return True  # a chaining solution goes round forever
        chained[start] = end
    return min_moves(Board(board.n, chained)) != min_moves(board)


def greedy(board: Board, choose: Callable[[list[tuple[int, int]]], tuple[int, int]]) -> int:
    """Moves taken by a strategy picking one (landing, end) of each move's rolls, or -1 if it loops."""
    jumps, last = board.jumps, board.last
    square, moves, seen = 1, 0, {1}
    while square != last:
        options = [(landing, jumps.get(landing, landing)) for landing in range(square + 1, min(square + 6, last) + 1)]
        square = choose(options)[1]
        moves += 1
        if square in seen:
            return -1
        seen.add(square)
    return moves


def biggest_ladder(options: list[tuple[int, int]]) -> tuple[int, int]:
    ladders = [option for option in options if option[1] > option[0]]
    return max(ladders, key=lambda option: option[1]) if ladders else options[-1]


def roll_six(options: list[tuple[int, int]]) -> tuple[int, int]:
    return options[-1]


def marking(board: Board, *, foot: bool = False, by_landing: bool = False) -> int:
    """The breadth-first search with a mistaken visited set: ``foot`` marks a ladder's foot too when its top
    is first stood on (so standing there later, after a snake, is skipped); ``by_landing`` looks up the
    square rolled onto (marking it and the square stood on), so a square first stood on at a jump's end
    is never rolled onto later."""
    jumps, last = board.jumps, board.last
    seen, queue = {1}, deque([(1, 0)])
    while queue:
        square, moves = queue.popleft()
        for landing in range(square + 1, min(square + 6, last) + 1):
            end = jumps.get(landing, landing)
            if end == last:
                return moves + 1
            if (landing if by_landing else end) not in seen:
                seen.update((end, landing) if by_landing or (foot and end > landing) else (end,))
                queue.append((end, moves + 1))
    return -1


def one_pass(board: Board) -> int:
    """Moves found by relaxing squares once each in increasing order (a DP that ignores snakes' order)."""
    jumps, last = board.jumps, board.last
    dist: list[float] = [float("inf")] * (last + 1)
    dist[1] = 0
    for square in range(1, last):
        for landing in range(square + 1, min(square + 6, last) + 1):
            end = jumps.get(landing, landing)
            dist[end] = min(dist[end], dist[square] + 1)
    return -1 if dist[last] == float("inf") else int(dist[last])


__all__ = [
    "MISREADINGS",
    "answer",
    "biggest_ladder",
    "chain_matters",
    "greedy",
    "marking",
    "numbering_matters",
    "one_pass",
    "roll_six",
    "without",
]
