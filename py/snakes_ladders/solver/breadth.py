"""The plain breadth-first search that counts shortest games as it goes (``breadth_first``), used
for dense boards, where it beats the runner search, and to explain a search square by square.

Its three loops (small counts, counts of any size, the rest of the final layer) are kept apart
for speed: the first does nothing but the textbook's work and two list writes per square reached.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from ..board import Board
from .bignum import EXACT_LIMIT
from .counting import add_count, add_into, count_at, count_of

__all__ = ["Reached", "breadth_first", "first_game", "walk_layers"]


@dataclass(frozen=True)
class Reached:
    """What the plain breadth-first search found (``breadth_first``).

    ``dist[s]`` is the least number of moves to stand on s (None where never, or
    beyond ``limit``), ``mant``/``expo`` the optimal counts as ``optimal_counts``
    gives them, ``pred[s]`` the square a shortest game stands on before s, and
    ``order`` the squares in the order they were reached.  ``limit`` is None
    when every square that can be stood on is in ``dist``, else the largest
    distance in it (the answer: the search stopped once its layer was complete).
    """

    dist: list[int | None]
    mant: list[Any]
    expo: list[int]
    pred: list[int]
    order: list[int]
    limit: int | None


def breadth_first(board: Board, *, complete: bool = False, start: int = 1) -> Reached:
    """Breadth-first search from square 1 (or ``start``: 0 is off the board), counting optimal games as it goes.

    Without ``complete`` it stops once the layer holding the last square is
    complete: every square first stood on after ``moves`` moves or fewer is
    found, and nothing farther, so it does what the textbook search does plus
    the rest of the layer it stops in.  Counts are exact (``mant``/``expo``) for
    every square nearer than that and for the last square; once the last square
    is found, the rest of the layer only marks the squares it reaches and adds to
    the last square's count.  A square's count is complete when it is taken from
    the queue (every square one move nearer was taken before it).  O(n²) time and
    memory at most (lists of n² + 1 are allocated at C speed), about six list
    operations per square reached.

    >>> found = breadth_first(Board(3, {2: 8}))
    >>> found.dist, found.limit
    ([None, 0, None, 1, 1, 1, 1, 1, 1, 2], 2)
    """
    walk = walk_layers(board, complete=complete, start=start)
    limit = walk.dist[walk.last] if walk.found and not complete else None
    expo = walk.expo if walk.expo is not None else [0] * (walk.last + 1)
    return Reached(walk.dist, walk.mant, expo, walk.pred, walk.order, limit)


def walk_layers(board: Board, *, complete: bool, start: int = 1) -> _Walk:
    """``breadth_first``'s search, with ``expo`` None while every count is a small int.

    ``start`` is where the token stands before the first move: square 1 (LeetCode), or 0, off the
    board (the classic start): the first roll r then lands on square r and takes its jump, square
    1's included, since the loops read the six cells after the square moved from.
    """
    last = board.last
    walk = _Walk(board.flat, last, [None] * (last + 1), [0] * (last + 1), None, [0] * (last + 1), [start], complete)
    walk.dist[start] = 0
    walk.mant[start] = 1
    queue = iter(walk.order)  # the list grows as the search goes
    first = _small_layers(walk, queue)
    if first is not None:
        walk.expo = [0] * (last + 1)
        _large_layers(walk, queue, first)
    if walk.found and not complete:
        _finish_layer(walk)
    return walk


# The counts of the first 38 layers are below 6^38 < EXACT_LIMIT: exact ints, with no check.
_SMALL_STEPS = 38


def _safe_layers(total: int) -> int:
    """How many layers from one whose counts add up to ``total`` can be expanded with every count
    an int below EXACT_LIMIT: the layer k moves on adds up to at most total × 6^k.

    >>> _safe_layers(1), _safe_layers(EXACT_LIMIT // 36), _safe_layers(EXACT_LIMIT // 6 + 1)
    (38, 2, 0)
    """
    layers = 0
    bound = total * 6
    while bound < EXACT_LIMIT:
        layers += 1
        bound *= 6
    return layers


@dataclass
class _Walk:
    """The state ``breadth_first``'s loops share: the board's cells, the lists it fills, where
    the layer being expanded ends in ``order`` (``boundary``) and where the search is in it
    (``position``, the next square's index), and whether the last square has been reached."""

    cells: Sequence[int]
    last: int
    dist: list[int | None]
    mant: list[Any]
    expo: list[int] | None
    pred: list[int]
    order: list[int]
    complete: bool
    boundary: int = 1
    position: int = 1
    found: bool = False


def _small_layers(walk: _Walk, queue: Iterator[int]) -> int | None:
    """Expand squares while every count is an int below EXACT_LIMIT (6 × a layer's total bounds
    the next layer's, so counts are added up only once every ``_safe_layers`` layers), with
    nothing but the textbook's work and two list writes per square reached.  Returns the first
    square of the first layer whose counts may be larger (not expanded yet), or None when the
    search is over or the last square found."""
    cells, last, dist, mant, pred, order = walk.cells, walk.last, walk.dist, walk.mant, walk.pred, walk.order
    append = order.append
    current = -1
    step = 0
    boundary = 1
    check_at = _SMALL_STEPS + 1  # the first layer whose counts may reach EXACT_LIMIT
    found = False
    for x in queue:
        d: int = dist[x]  # type: ignore[assignment]
        if d != current:  # the first square of a layer: every square of the layer is in order now
            current = d
            step = d + 1
            boundary = len(order)
            if step >= check_at:
                start = len(order) - queue.__length_hint__() - 1  # type: ignore[attr-defined]
                safe = _safe_layers(sum(map(mant.__getitem__, order[start:])))
                if not safe:
                    return x
                check_at = step + safe
        m = mant[x]
        # jscpd:ignore-start -- the six rolls from x, as searches/plain.py reads them: the hot loop of
        # both searches is written out in each (a shared generator would cost a call per square).
        landing = x
        for y in cells[x + 1 : x + 7]:  # from square 1 a jump there is never landed on; from 0 it is
            landing += 1
            if y < 0:
                y = landing
            # jscpd:ignore-end
            here = dist[y]
            if here is None:
                dist[y] = step
                mant[y] = m
                pred[y] = x
                append(y)
                if y == last:
                    found = True
            elif here == step:
                mant[y] += m
        if found and not walk.complete:
            break
    _stopped(walk, found, boundary, queue)
    return None


def _stopped(walk: _Walk, found: bool, boundary: int, queue: Iterator[int]) -> None:
    """Record where a layered expansion stopped: whether it found the last square, where the layer
    it stopped in begins in ``walk.order``, and how far along ``order`` it had expanded."""
    walk.found = found
    walk.boundary = boundary
    walk.position = len(walk.order) - queue.__length_hint__()  # type: ignore[attr-defined]


def _large_layers(walk: _Walk, queue: Iterator[int], first: int) -> None:
    """Expand ``first`` and the squares after it, with counts of any size: a float mantissa and a
    block exponent once past EXACT_LIMIT (``settle``, ``add_into``)."""
    cells, last, dist, mant, pred, order = walk.cells, walk.last, walk.dist, walk.mant, walk.pred, walk.order
    expo: list[int] = walk.expo  # type: ignore[assignment]
    append = order.append
    current = -1
    step = 0
    boundary = 1
    found = False
    for x in chain((first,), queue):
        d: int = dist[x]  # type: ignore[assignment]
        if d != current:
            current = d
            step = d + 1
            boundary = len(order)
        m, e = count_of(mant, expo, x)
        landing = x
        for y in cells[x + 1 : x + 7]:
            landing += 1
            if y < 0:
                y = landing
            here = dist[y]
            if here is None:
                dist[y] = step
                mant[y] = m
                expo[y] = e
                pred[y] = x
                append(y)
                if y == last:
                    found = True
            elif here == step:
                if expo[y] == e:
                    mant[y] += m
                else:
                    add_into(mant, expo, y, m, e)
        if found and not walk.complete:
            break
    _stopped(walk, found, boundary, queue)


def _landings(cells: Sequence[int], x: int) -> Iterator[int]:
    """Where the six rolls from ``x`` end, jumps taken (the searches' hot loops write this out)."""
    landing = x
    for y in cells[x + 1 : x + 7]:
        landing += 1
        yield landing if y < 0 else y


def _finish_layer(walk: _Walk) -> None:
    """The rest of the layer the last square was found from: mark the squares it reaches (their
    distance is the answer) and add to the last square's count, and nothing more."""
    cells, last, dist, mant, expo, pred = walk.cells, walk.last, walk.dist, walk.mant, walk.expo, walk.pred
    append = walk.order.append
    step = dist[last]
    for x in walk.order[walk.position : walk.boundary]:
        m, e = count_at(mant, expo, x)
        for y in _landings(cells, x):
            if dist[y] is None:
                dist[y] = step
                pred[y] = x
                append(y)
            elif y == last:
                add_count(mant, expo, last, m, e)


def first_game(last: int, pred: list[int], cells: Sequence[int], start: int = 1) -> tuple[list[int], list[int]]:
    """The squares stood on and the squares landed on along the game ``breadth_first`` found first
    (from ``start``: square 1, or 0 off the board, as ``walk_layers`` was given)."""
    squares = [last]
    landings = []
    y = last
    while y != start:
        x = pred[y]
        # The first roll from x that ends on y: a jump to y, or a plain landing on y itself.
        end = cells[x + 1]
        if end == y or (end < 0 and x + 1 == y):
            roll = 0  # most often, on long boards
        else:
            ends = cells[x + 1 : x + 7]
            roll = ends.index(y) if y in ends else 6
            plain = y - x - 1
            if 0 <= plain < roll and ends[plain] < 0:
                roll = plain
        landings.append(x + 1 + roll)
        y = x
        squares.append(y)
    squares.reverse()
    landings.reverse()
    return squares, landings
