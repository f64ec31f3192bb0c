"""Tidy boards: jumps drawn as straight segments between square centres that never meet.

A square's centre on the zig-zag grid is the lattice point (column, row), the row counted from the
bottom and the column boustrophedon (left to right on even rows from the bottom, right to left on odd
ones), so every test below is exact integer arithmetic, no float.  Two jumps *meet* when their closed
segments share a point: a proper crossing, one ending on the other's line between its ends, or two on
one line sharing a stretch ("overlap": collinear segments that share any point; two collinear segments
that leave a gap between them are apart and allowed).  Since the generator never lets two jumps share a
square, a shared end square is also a meeting, and ``Tidy.clear`` refuses it outright.  A set of jumps
is tidy when no two of its jumps meet.

``Tidy.clear(jump, others)`` tests one jump against the others: O(len(others)) segment tests, each a
few integer products, counted in ``tests`` so the generator can charge them as work.  The search keeps a
board tidy by testing only the jump it places or moves against the rest: O(jumps) a candidate, never
O(jumps²); only a whole board handed in from elsewhere (the matching of ``placement.Pairs``) is tested
pair by pair (``Tidy.board``).

The search's moves on a tidy board (``Spec.tidy``) are here too: ``fits``, the check of a drawn jump
against the others, and ``evict``, the fresh placement of a jump that pushes aside the few it meets.

>>> tidy = Tidy(10)
>>> tidy.centre(1), tidy.centre(10), tidy.centre(11), tidy.centre(100)
((0, 0), (9, 0), (9, 1), (0, 9))
>>> tidy.clear((2, 40), [(3, 60)]), tidy.clear((2, 40), [(21, 4)]), tidy.clear((2, 40), [(40, 5)])
(True, False, False)
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .placement import Fits, Jump, Layout

__all__ = ["EVICT", "Tidy", "evict", "fits", "row_of"]

Point = tuple[int, int]


def row_of(square: int, n: int) -> int:
    """The row of ``square`` on an n×n board, 0 at the bottom.

    >>> row_of(1, 10), row_of(10, 10), row_of(11, 10), row_of(100, 10)
    (0, 0, 1, 9)
    """
    return (square - 1) // n


def _turn(a: Point, b: Point, c: Point) -> int:
    """The sign of the cross product (b - a) × (c - a): 1 when c lies left of a→b, -1 right, 0 on its line."""
    cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (cross > 0) - (cross < 0)


def _within(a: Point, b: Point, c: Point) -> bool:
    """Whether c, known to lie on the line a-b, lies on the closed segment a-b."""
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the closed segments a-b and c-d share a point (crossing, touching or overlapping).

    >>> meet((0, 0), (2, 2), (0, 2), (2, 0)), meet((0, 0), (0, 4), (0, 2), (0, 6)), meet((0, 0), (0, 1), (0, 2), (0, 3))
    (True, True, False)
    """
    d1, d2, d3, d4 = _turn(a, b, c), _turn(a, b, d), _turn(c, d, a), _turn(c, d, b)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return (
        (d1 == 0 and _within(a, b, c))
        or (d2 == 0 and _within(a, b, d))
        or (d3 == 0 and _within(c, d, a))
        or (d4 == 0 and _within(c, d, b))
    )


class Tidy:
    """The centres of one size of board, and whether jumps between them stay apart."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.centres: list[Point] = [(0, 0)] + [self._place(square) for square in range(1, n * n + 1)]
        self.tests = 0  # segment tests made: the generator charges them as work

    def _place(self, square: int) -> Point:
        row, k = divmod(square - 1, self.n)
        return (k if row % 2 == 0 else self.n - 1 - k), row

    def centre(self, square: int) -> Point:
        """The centre of ``square`` as the lattice point (column, row)."""
        return self.centres[square]

    def clear(self, jump: tuple[int, int], others: Iterable[tuple[int, int]]) -> bool:
        """Whether ``jump`` meets none of ``others`` (nor shares a square with one). O(len(others))."""
        centres = self.centres
        a, b = centres[jump[0]], centres[jump[1]]
        ends = set(jump)
        for other in others:
            self.tests += 1
            if other[0] in ends or other[1] in ends or meet(a, b, centres[other[0]], centres[other[1]]):
                return False
        return True

    def meeting(self, jump: tuple[int, int], others: list[tuple[int, int]], most: int) -> list[int] | None:
        """The indices in ``others`` of the jumps ``jump`` meets (or shares a square with), or None when more
        than ``most`` do. O(len(others))."""
        found: list[int] = []
        for k, other in enumerate(others):
            if not self.clear(jump, (other,)):
                found.append(k)
                if len(found) > most:
                    return None
        return found

    def board(self, jumps: list[tuple[int, int]]) -> bool:
        """Whether no two of ``jumps`` meet. O(len(jumps)²): for a whole board made elsewhere."""
        return all(self.clear(jump, jumps[:i]) for i, jump in enumerate(jumps))


#: The most jumps a tidy board's fresh placement of one jump may push aside (``evict``).
EVICT = 2


def fits(tidy: Tidy | None, others: list[Jump]) -> Fits:
    """The tidy check of a drawn jump against ``others`` (O(len(others)) segment tests), or None (not tidy)."""
    return None if tidy is None else lambda jump: tidy.clear(jump, others)


def evict(
    layout: Layout, tidy: Tidy, rng: random.Random, kinds: tuple[bool, ...], jumps: list[Jump], i: int, used: set[int]
) -> list[Jump] | None:
    """A tidy board's "place afresh": jump ``i`` drawn anywhere its limits allow (``used``: the other jumps'
    squares), and the jumps it meets, at most ``EVICT`` of them, drawn again clear of the rest; None when a
    draw fails or it meets more.  Without it a long jump could hardly ever move where others lie already.
    O(EVICT·PLACE_TRIES·jumps) segment tests.

    >>> board = [(2, 40), (21, 4)]  # crossing on purpose: the second is drawn again
    >>> moved = evict(Layout(10), Tidy(10), random.Random(1), (True, False), board, 0, {21, 4})
    >>> moved is not None and Tidy(10).board(moved)
    True
    """
    moved = layout.place(rng, kinds[i], used)
    if moved is None:
        return None
    others = [*jumps[:i], *jumps[i + 1 :]]
    meeting = tidy.meeting(moved, others, EVICT)
    if meeting is None:
        return None
    board = [*jumps[:i], moved, *jumps[i + 1 :]]
    for k in meeting:
        j = k if k < i else k + 1  # its index on the board
        rest = [jump for m, jump in enumerate(board) if m != j]
        placed = layout.place(rng, kinds[j], {square for jump in rest for square in jump}, fits(tidy, rest))
        if placed is None:
            return None
        board[j] = placed
    return board
