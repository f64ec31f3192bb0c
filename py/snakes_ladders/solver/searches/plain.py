"""The textbook search: breadth-first over the board's flat cells, one layer of squares a move.

It settles every square it reaches and tries six rolls from each, so it does O(n²) work on
any board; it wins where a jump sits on one square in eight or more (bench/solver_bench.py),
and it is the statement of the rules the other searches are tested against.
"""

from __future__ import annotations

from ...board import Board

__all__ = ["min_moves"]


def min_moves(board: Board) -> int:
    """The least number of moves by plain breadth-first search over the flat cells
    (``Board.flat``: ``cells[s]`` the end of the jump on s or -1), one layer at a time,
    stopping as soon as the last square is reached: the textbook search, on the board's
    own list.  O(n²) time and memory at most, six list reads per square reached.

    >>> min_moves(Board(3, {2: 8})), min_moves(Board(3, dict.fromkeys(range(3, 9), 1)))
    (2, -1)
    """
    cells = board.flat
    last = len(cells) - 1
    seen = bytearray(last + 1)
    seen[1] = 1
    frontier = [1]
    move = 0
    while frontier:
        move += 1
        following: list[int] = []
        append = following.append
        for x in frontier:
            landing = x
            for y in cells[x + 1 : x + 7]:  # play starts on square 1: a jump there is never landed on
                landing += 1
                if y < 0:
                    y = landing
                if not seen[y]:
                    if y == last:
                        return move
                    seen[y] = 1
                    append(y)
        frontier = following
    return -1
