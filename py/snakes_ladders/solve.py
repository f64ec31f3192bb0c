"""Exact LeetCode 909 search: least moves, one shortest path, and per-square detail.

Rules: start on square 1; a move picks a roll of 1 to 6 (never past the last
square); a snake or ladder on the landing square is taken, but only one per
move.  The answer is the least number of moves to stand on the last square.

The searches are in :mod:`snakes_ladders.searches`, which chooses between them; the runner
search does work only where snakes and ladders are, so boards up to 1000×1000 are solved
quickly.  ``_search`` is the textbook breadth-first search, kept as the plain statement of
the rules that the searches are tested against.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from . import searches
from .bignum import Magnitude
from .board import EMPTY, Board, to_board
from .breadth import Reached, breadth_first, first_game, walk_layers
from .counting import count_magnitude, count_paths, optimal_counts
from .searches import Search, uses_plain

__all__ = [
    "Move",
    "Reached",
    "Solution",
    "breadth_first",
    "count_magnitude",
    "min_moves",
    "optimal_counts",
    "shortest_path",
    "solve",
]

JumpKind = Literal["ladder", "snake"]


def jump_kind(landing: int, end: int) -> JumpKind | None:
    """What a move took after landing: ``"ladder"`` up, ``"snake"`` down, or ``None``.

    >>> jump_kind(2, 15), jump_kind(17, 13), jump_kind(36, 36)
    ('ladder', 'snake', None)
    """
    if end > landing:
        return "ladder"
    if end < landing:
        return "snake"
    return None


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
        return jump_kind(self.landing, self.end)


@dataclass(frozen=True)
class Solution:
    """Everything the search found about one board.

    ``moves`` is LeetCode's answer (-1 when the last square cannot be reached).
    ``path`` lists the squares stood on after each move, starting with 1, and
    ``steps`` the moves between them; both are ``None``/empty when unreachable.
    ``distances[s]`` is the least number of moves to stand on square s, ``None``
    where that cannot happen or is more than ``distances_limit`` (``distances[0]``
    is unused and ``None``).  The search stops once it knows the answer, so when
    the last square is reached ``distances_limit`` is ``moves`` and the squares
    farther than that are ``None`` whether they can be reached or not; it is
    ``None`` when the last square cannot be reached (then every square that can
    be stood on has its distance).
    ``paths_count`` counts the distinct roll sequences that reach the last square
    in ``moves`` moves (a :class:`~snakes_ladders.bignum.Magnitude`: exact below
    10^30, mantissa × 10^exponent beyond), and ``explored`` the squares the search settled.
    """

    n: int
    moves: int
    path: tuple[int, ...] | None
    steps: tuple[Move, ...]
    distances: tuple[int | None, ...]
    paths_count: Magnitude
    explored: int
    distances_limit: int | None = None

    @property
    def reachable(self) -> bool:
        return self.moves >= 0


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


def _steps(squares: list[int], landings: list[int]) -> tuple[Move, ...]:
    """The moves of a game, built without Move's own ``__init__``: a frozen dataclass sets each
    field through ``object.__setattr__`` (about 0.7 µs a move, and a shortest game can have
    142,858 moves); filling the instance's ``__dict__`` gives the same objects at a third of that."""
    new = object.__new__
    moves: list[Move] = []
    append = moves.append
    for a, b, landing in zip(squares, squares[1:], landings, strict=False):
        move = new(Move)
        fields = move.__dict__
        fields["start"] = a
        fields["roll"] = landing - a
        fields["landing"] = landing
        fields["end"] = b
        append(move)
    return tuple(moves)


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
    board = to_board(board)
    return searches.min_moves(board)


def shortest_path(board: Board | Any) -> list[int] | None:
    """Return the squares stood on after each move of one shortest game, or None.

    The same path as ``solve(board).path``.

    >>> shortest_path(Board(3, {2: 8}))
    [1, 8, 9]
    >>> shortest_path(Board(3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1})) is None
    True
    """
    board = to_board(board)
    if uses_plain(board):
        path = solve(board).path
        return list(path) if path is not None else None
    found = Search(board.n, board).path()
    return found[0] if found is not None else None


def solve(board: Board | Any) -> Solution:
    """Solve a board: moves, one shortest path with its rolls, and per-square detail
    (distances up to the answer: see ``Solution.distances_limit``).

    >>> s = solve(Board(6, {2: 15, 14: 35, 17: 13}))
    >>> s.moves, s.path, s.distances_limit
    (4, (1, 15, 13, 35, 36), 4)
    >>> [(m.roll, m.landing, m.jump) for m in s.steps]
    [(1, 2, 'ladder'), (2, 17, 'snake'), (1, 14, 'ladder'), (1, 36, None)]
    """
    board = to_board(board)
    last = board.last
    if uses_plain(board):
        found = walk_layers(board, complete=False)
        dist = found.dist
        final = dist[last]
        moves = final if final is not None else -1
        game = first_game(last, found.pred, board.flat) if moves >= 0 else None
        block = found.expo[last] if found.expo is not None else 0
        count = count_magnitude(found.mant[last], block) if moves >= 0 else Magnitude.of(0)
        explored = len(found.order)
    else:
        search = Search(board.n, board.jump_map)
        moves = search.run()
        # The path is read before the search goes on to settle every square, so it is
        # the one shortest_path gives.
        game = search.path()
        dist = search.distances(moves if moves >= 0 else None)
        count = count_paths(board, search, dist, moves)
        explored = len(dist) - dist.count(None)
    path: tuple[int, ...] | None = None
    steps: tuple[Move, ...] = ()
    if game is not None:
        squares, landings = game
        path = tuple(squares)
        steps = _steps(squares, landings)
    return Solution(
        n=board.n,
        moves=moves,
        path=path,
        steps=steps,
        distances=tuple(dist),
        paths_count=count,
        explored=explored,
        distances_limit=moves if moves >= 0 else None,
    )
