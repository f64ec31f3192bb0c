"""Exact LeetCode 909 search: least moves, one shortest path, and per-square detail.

Rules: start on square 1; a move picks a roll of 1 to 6 (never past the last
square); a snake or ladder on the landing square is taken, but only one per
move.  The answer is the least number of moves to stand on the last square.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .board import EMPTY, Board

__all__ = ["Move", "Solution", "min_moves", "shortest_path", "solve"]

JumpKind = Literal["ladder", "snake"]


@dataclass(frozen=True)
class Move:
    """One move of a path: from ``start`` the die shows ``roll``, the token lands on
    ``landing`` and ends the move on ``end`` (different when a jump is taken)."""

    start: int
    roll: int
    landing: int
    end: int

    @property
    def jump(self) -> JumpKind | None:
        """``"ladder"``, ``"snake"``, or ``None`` when the move ends where it landed."""
        if self.end > self.landing:
            return "ladder"
        if self.end < self.landing:
            return "snake"
        return None


@dataclass(frozen=True)
class Solution:
    """Everything the search found about one board.

    ``moves`` is LeetCode's answer (-1 when the last square cannot be reached).
    ``path`` lists the squares stood on after each move, starting with 1, and
    ``steps`` the moves between them; both are ``None``/empty when unreachable.
    ``distances[s]`` is the least number of moves to stand on square s, ``None``
    where that cannot happen (``distances[0]`` is unused and ``None``).
    ``paths_count`` counts the distinct roll sequences that reach the last square
    in ``moves`` moves, and ``explored`` the squares the search settled.
    """

    n: int
    moves: int
    path: tuple[int, ...] | None
    steps: tuple[Move, ...]
    distances: tuple[int | None, ...]
    paths_count: int
    explored: int

    @property
    def reachable(self) -> bool:
        return self.moves >= 0


def _as_board(board: Board | Any) -> Board:
    return board if isinstance(board, Board) else Board.from_matrix(board)


def _search(cells: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Breadth-first search from square 1.

    Returns ``dist`` (-1 where never stood on), ``parent`` (the square moved
    from, 0 for none) and ``order`` (squares in the order they were settled).
    """
    last = len(cells) - 1
    dist = [-1] * (last + 1)
    parent = [0] * (last + 1)
    dist[1] = 0
    order = [1]
    head = 0
    while head < len(order):
        square = order[head]
        head += 1
        step = dist[square] + 1
        for landing in range(square + 1, min(square + 6, last) + 1):
            end = cells[landing]
            if end == EMPTY:
                end = landing
            if dist[end] < 0:
                dist[end] = step
                parent[end] = square
                order.append(end)
    return dist, parent, order


def _roll_to(cells: list[int], start: int, end: int) -> int:
    """The smallest roll that takes ``start`` to ``end`` in one move."""
    for roll in range(1, 7):
        landing = start + roll
        if landing >= len(cells):
            break
        if (cells[landing] if cells[landing] != EMPTY else landing) == end:
            return roll
    raise AssertionError(f"no roll takes square {start} to square {end}")


def min_moves(board: Board | Any) -> int:
    """Return the least number of moves from square 1 to the last square, or -1.

    Takes a Board or a LeetCode matrix (checked; BoardError when malformed).

    >>> min_moves([[-1, -1, -1, -1, -1, -1],
    ...            [-1, -1, -1, -1, -1, -1],
    ...            [-1, -1, -1, -1, -1, -1],
    ...            [-1, 35, -1, -1, 13, -1],
    ...            [-1, -1, -1, -1, -1, -1],
    ...            [-1, 15, -1, -1, -1, -1]])
    4
    >>> min_moves([[-1, -1], [-1, 3]])
    1
    """
    cells = _as_board(board).cells()
    return _search(cells)[0][-1]


def shortest_path(board: Board | Any) -> list[int] | None:
    """Return the squares stood on after each move of one shortest game, or None.

    >>> shortest_path(Board(3, {2: 8}))
    [1, 8, 9]
    >>> shortest_path(Board(3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1})) is None
    True
    """
    solution = solve(board)
    return list(solution.path) if solution.path is not None else None


def solve(board: Board | Any) -> Solution:
    """Solve a board: moves, one shortest path with its rolls, and per-square detail.

    >>> s = solve(Board(6, {2: 15, 14: 35, 17: 13}))
    >>> s.moves, s.path
    (4, (1, 15, 13, 35, 36))
    >>> [(m.roll, m.landing, m.jump) for m in s.steps]
    [(1, 2, 'ladder'), (2, 17, 'snake'), (1, 14, 'ladder'), (1, 36, None)]
    """
    board = _as_board(board)
    cells = board.cells()
    last = board.last
    dist, parent, order = _search(cells)

    # Count optimal roll sequences layer by layer: ``order`` is non-decreasing in
    # distance, so every square's count is complete before it is expanded.
    counts = [0] * (last + 1)
    counts[1] = 1
    for square in order:
        if square == last:
            continue
        step = dist[square] + 1
        here = counts[square]
        for landing in range(square + 1, min(square + 6, last) + 1):
            end = cells[landing]
            if end == EMPTY:
                end = landing
            if dist[end] == step:
                counts[end] += here

    moves = dist[last]
    path: tuple[int, ...] | None = None
    steps: tuple[Move, ...] = ()
    if moves >= 0:
        squares = [last]
        while squares[-1] != 1:
            squares.append(parent[squares[-1]])
        squares.reverse()
        path = tuple(squares)
        built = []
        for a, b in zip(squares, squares[1:]):
            roll = _roll_to(cells, a, b)
            built.append(Move(start=a, roll=roll, landing=a + roll, end=b))
        steps = tuple(built)
    distances = tuple(d if d >= 0 else None for d in dist)
    distances = (None,) + distances[1:]
    return Solution(
        n=board.n,
        moves=moves,
        path=path,
        steps=steps,
        distances=distances,
        paths_count=counts[last] if moves >= 0 else 0,
        explored=len(order),
    )
