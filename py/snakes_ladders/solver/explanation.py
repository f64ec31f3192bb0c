"""The LeetCode search explained: layer by layer, and why an unreachable board is unreachable.

The least number of moves is found by breadth-first search from square 1
(``solve``), or from position 0, off the board, under the classic start.  This module lays
that search out for reading: layer k holds the
squares first stood on after exactly k moves, with every move from layer k - 1
that ends on one of them, and the number of optimal roll sequences that reach
each square.  The squares in a layer are that step's *frontier*: the search
expands them next.

When the last square cannot be reached, the reason is always the same, a
*wall*: the six squares just past the furthest square that can be stood on
all hold snakes that lead back.

**Claim.** Under LeetCode's rules, if n² cannot be reached and m is the
furthest square that can be stood on, then m + 6 < n², and each of the six
squares m + 1, ..., m + 6 holds a snake to a square ≤ m.

**Proof.** Let R be the set of squares that can be stood on; 1 ∈ R, so m
exists, and m < n² because n² ∉ R.  If n² - m ≤ 6, the roll n² - m moves from
m to n², which holds no jump (the last square never does), so n² ∈ R: a
contradiction.  Hence m + 6 < n², and every roll r from m lands on the square
m + r < n².  The move ends on m + r itself when that square holds no jump, or
on its jump's end otherwise; either way the end is in R, so it is ≤ m.  Since
m + r > m, the square m + r must hold a jump, and its end is ≤ m < m + r: a
snake (a jump to itself would end on m + r > m).  ∎

Conversely, a wall is proof: if m + 1, ..., m + 6 hold snakes to squares ≤ m
and no square ≤ m holds a ladder that ends above m, then by induction on the
moves every move from a square ≤ m ends on a square ≤ m, so nothing above m is
ever stood on.

>>> from snakes_ladders.board import Board
>>> e = explain(Board(3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}))
>>> e.moves, e.reached, e.wall
(-1, (1, 2), Wall(furthest=2, squares=(3, 4, 5, 6, 7, 8), ends=(1, 1, 1, 1, 1, 1)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..board import DIE, EMPTY, LEETCODE, Board, Rules, to_board
from .bignum import Magnitude
from .breadth import breadth_first
from .counting import count_magnitude
from .solution import Move

__all__ = ["Arrival", "Explanation", "Layer", "Wall", "explain"]


#: One optimal move into a layer: the same value as a move of a solved path.
Arrival = Move


@dataclass(frozen=True)
class Layer:
    """The squares first stood on after exactly ``move`` moves, in increasing order.

    ``ways[i]`` counts the roll sequences of ``move`` rolls that end on
    ``squares[i]`` (each of them optimal for that square); ``arrivals`` lists
    every move from layer ``move - 1`` that ends in this layer, by start square
    and roll.
    """

    move: int
    squares: tuple[int, ...]
    ways: tuple[Magnitude, ...]
    arrivals: tuple[Arrival, ...]


@dataclass(frozen=True)
class Wall:
    """Why the last square is unreachable: the six squares after ``furthest``
    (``squares``) all hold snakes, to the squares in ``ends``, none past ``furthest``."""

    furthest: int
    squares: tuple[int, ...]
    ends: tuple[int, ...]


@dataclass(frozen=True)
class Explanation:
    """The breadth-first search of one board, laid out layer by layer.

    ``moves`` is LeetCode's answer (-1 when unreachable), ``distances`` as in
    ``Solution`` but for every square (``distances[s]`` the least moves to stand on
    s, None where never: the explanation runs the search to the end),
    ``paths_count`` the optimal roll sequences to the last square,
    ``reached`` every square that can be stood on, and ``wall`` the reason
    when the last square is not one of them (else None).  ``rules`` are the rules explained: the
    start asked for, every roll chosen, a roll past the last square wasted (``"stay"``: no other
    overshoot rule ever shortens a game); under the classic start layer 0 is position 0, off the board.
    """

    n: int
    moves: int
    layers: tuple[Layer, ...]
    distances: tuple[int | None, ...]
    paths_count: Magnitude
    reached: tuple[int, ...]
    wall: Wall | None
    rules: Rules = LEETCODE


def explain(board: Board | Any, rules: Rules = LEETCODE) -> Explanation:
    """Explain the LeetCode search on ``board``: layers, optimal counts, and the wall.

    Takes a Board or a LeetCode matrix (checked; BoardError when malformed).  Of ``rules`` only
    ``start`` is read: ``"off-board"`` searches from position 0 (square 1 may hold a jump, taken by
    a first roll of 1), and the wall's claim holds from there too.  O(n²) time and memory.

    >>> e = explain(Board(6, {2: 15, 14: 35, 17: 13}))
    >>> e.moves, [layer.squares for layer in e.layers[:2]]
    (4, [(1,), (3, 4, 5, 6, 7, 15)])
    >>> e.layers[1].arrivals[:2]
    (Move(start=1, roll=1, landing=2, end=15), Move(start=1, roll=2, landing=3, end=3))
    >>> final = e.layers[e.moves]
    >>> final.squares[-1], str(final.ways[-1]), str(e.paths_count)
    (36, '21', '21')
    """
    explained = Rules(start=rules.start)
    if explained.start == "off-board":
        board = explained.to_board(board)
    else:
        board = to_board(board)
        if board.flat[1] != EMPTY:  # only a board built for an off-board start can have one
            raise ValueError("the LeetCode search starts on square 1, which must not hold a jump")
    cells = board.flat
    last = board.last
    start = explained.start_position
    found = breadth_first(board, complete=True, start=start)
    distance = found.dist
    mant, expo = found.mant, found.expo

    layers = _layers(cells, distance, mant, expo, start)

    reached = tuple(s for s in range(1, last + 1) if distance[s] is not None)
    final = distance[last]
    moves = final if final is not None else -1
    wall = None
    if moves < 0:
        furthest = reached[-1]
        wall_squares = tuple(range(furthest + 1, furthest + 7))
        wall = Wall(furthest=furthest, squares=wall_squares, ends=tuple(cells[s] for s in wall_squares))
    return Explanation(
        n=board.n,
        moves=moves,
        layers=tuple(layers),
        distances=tuple(distance),
        paths_count=count_magnitude(mant[last], expo[last]) if moves >= 0 else Magnitude.of(0),
        reached=reached,
        wall=wall,
        rules=explained,
    )


def _layers(
    cells: Sequence[int], distance: list[int | None], mant: list[Any], expo: list[int], start: int
) -> list[Layer]:
    """The search's layers: the squares first stood on after each number of moves, with their
    optimal counts and every move from the layer before that ends on one of them (layer 0 is
    ``start``: square 1, or 0 off the board).  O(n²)."""
    last = len(cells) - 1
    depth = max(d for d in distance if d is not None)
    squares_at: list[list[int]] = [[] for _ in range(depth + 1)]
    for square in range(start, last + 1):
        d = distance[square]
        if d is not None:
            squares_at[d].append(square)

    layers = [Layer(move=0, squares=(start,), ways=(Magnitude.of(1),), arrivals=())]
    for move in range(1, depth + 1):
        arrivals = []
        for start in squares_at[move - 1]:
            if start == last:
                continue
            for roll in DIE:
                landing = start + roll
                if landing > last:
                    break
                end = cells[landing] if cells[landing] != EMPTY else landing
                if distance[end] == move:
                    arrivals.append(Arrival(start=start, roll=roll, landing=landing, end=end))
        layer_squares = tuple(squares_at[move])
        layers.append(
            Layer(
                move=move,
                squares=layer_squares,
                ways=tuple(count_magnitude(mant[s], expo[s]) for s in layer_squares),
                arrivals=tuple(arrivals),
            )
        )
    return layers
