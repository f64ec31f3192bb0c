"""Tidy boards: every jump a clear climb or fall, drawn apart from the others as the page draws them,
and the jumps spread over the rows.

A square's centre on the zig-zag grid is the lattice point (column, row), the row counted from the
bottom and the column boustrophedon, so every test here is exact integer arithmetic, no float.  The page
draws each jump inside its *corridor* (``board.drawing``: every point of its picture within a half width
of the segment between its squares' centres, 3/10 of a square for a snake, 1/4 for a ladder; the
drawing sizes itself from the same numbers).  A set of jumps is tidy when:

- **shape**: each jump ends on another row than it starts on, its segment is at least ``MIN_LENGTH``
  (2) squares long, and it runs at most ``FLAT_RATIO`` (2) columns across for each row it climbs or
  falls.  A shorter picture has no room for a snake's head and a wave of its body, nor for more than a
  rung or two of a ladder (a snake from 41 to 40 on a 10×10 board is a blob across one square's edge); a
  flatter one reads as a bridge along a row rather than a climb or a fall, and its picture lies along
  that row's numbers (a ladder from 5 to 13 runs three columns for its one row).  So a tidy jump rises
  or falls at least 1 in 2 (about 27°);
- **apart**: any two jumps' corridors keep ``drawing.CLEARANCE`` (1/10 of a square) apart: their segments
  are at least the two half widths plus the clearance apart (squared distances of lattice points to
  segments against a squared fraction, in integers).  So no two pictures cross, touch or overlap however
  they sway, and no two jumps lie on one line close enough for the page to spread them into lanes
  (jumpart.mjs's ``laneOffsets`` moves only jumps on one line that overlap or touch end to end, which
  are closer than any clearance): a tidy board is drawn with every jump on its centre segment;
- **spread**: the rows a jump may touch are cut into ``BANDS`` (5) bands of whole rows, as even as can
  be, and no band holds more than ``SPREAD`` (twice) its fair share of the snakes' ends, nor of the
  ladders' (the share of a kind's ends its rows would hold were the ends spread evenly over the rows),
  rounded down, but 2 are always allowed (one jump within a band).  Eight snakes on a 10×10 board have
  16 ends: a band of two rows has a fair share of 3.2, so at most 6 snake ends, and four snakes piled in
  the bottom two rows (8 ends) are refused.  Ends are counted rather than rows crossed because an end is
  where a picture's head, tail, foot or top sits, the crowded part of a drawing; twice because at one
  and a half times the search met least moves 12 with expected rolls 60–80 on a 10×10 board with 8 + 8
  for none of ten seeds (at twice, for four of six).

``Tidy.clear(jump, others)`` tests one jump against the others: its shape (O(1)), then one corridor test
and one band count a jump of ``others``, counted in ``tests`` so the generator can charge them as work:
O(len(others)) a candidate.  A corridor test is a box test (boxes a whole square apart are apart, since
every least distance is under a square) and, for the few near pairs, a segment-crossing test and four
point-to-segment distances, each a few integer products.  The search keeps a board tidy by testing only
the jump it places or moves against the rest: O(jumps) a candidate, never O(jumps²); only a whole board
handed in from elsewhere (the matching of ``placement.Pairs``) is tested pair by pair (``Tidy.board``).

The search's moves on a tidy board (``Spec.tidy``) are here too: ``fits``, the check of a drawn jump
against the others, and ``evict``, the fresh placement of a jump that pushes aside the few it meets.

>>> tidy = Tidy(10, counts=(8, 8))
>>> tidy.centre(1), tidy.centre(10), tidy.centre(11), tidy.centre(100)
((0, 0), (9, 0), (9, 1), (0, 9))
>>> tidy.clear((2, 40), [(3, 60)]), tidy.clear((2, 40), [(21, 4)]), tidy.clear((41, 40), []), tidy.clear((5, 13), [])
(True, False, False, False)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

from ..board.drawing import CLEARANCE, corridor
from .placement import Fits, Jump, Layout

__all__ = ["BANDS", "EVICT", "FLAT_RATIO", "MIN_LENGTH", "PUSHES", "SPREAD", "Tidy", "evict", "fits", "fresh", "meet"]

Point = tuple[int, int]

#: The shortest segment between a tidy jump's squares' centres, in squares.
MIN_LENGTH = 2
#: The most columns a tidy jump runs across for each row it climbs or falls.
FLAT_RATIO = 2
#: The row bands of the spread rule (fewer on a board with fewer rows to touch) ...
BANDS = 5
#: ... and how many times its fair share of a kind's ends a band may hold, as (numerator, denominator).
SPREAD = (2, 1)


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


def near(p: Point, a: Point, b: Point, gap: tuple[int, int]) -> bool:
    """Whether ``p`` lies closer than √(P/Q) to the segment a-b (a ≠ b), ``gap`` being (P, Q): exact.

    >>> near((1, 1), (0, 0), (2, 0), (1, 1)), near((1, 1), (0, 0), (2, 0), (101, 100))
    (False, True)
    >>> near((3, 0), (0, 0), (2, 0), (2, 1)), near((3, 0), (0, 0), (2, 0), (1, 1))
    (True, False)
    """
    squared, over = gap
    vx, vy = b[0] - a[0], b[1] - a[1]
    wx, wy = p[0] - a[0], p[1] - a[1]
    along = vx * wx + vy * wy
    if along <= 0:  # nearest to a
        return (wx * wx + wy * wy) * over < squared
    length = vx * vx + vy * vy
    if along >= length:  # nearest to b
        ex, ey = p[0] - b[0], p[1] - b[1]
        return (ex * ex + ey * ey) * over < squared
    cross = vx * wy - vy * wx
    return cross * cross * over < squared * length


def _least(up: bool, other_up: bool) -> tuple[int, int]:
    """The least distance between the segments of two jumps of these kinds, squared, as (P, Q)."""
    least = (corridor(up) + corridor(other_up) + CLEARANCE) ** 2
    return least.numerator, least.denominator


class Tidy:
    """The centres of one size of board, and whether jumps between them are tidy (module docstring).

    ``counts``: the board's (snakes, ladders), for the spread rule (None: no spread rule);
    ``rows``: the first and last row a jump may touch (default all).
    """

    def __init__(self, n: int, counts: tuple[int, int] | None = None, rows: tuple[int, int] | None = None) -> None:
        self.n = n
        self.centres: list[Point] = [(0, 0)] + [self._place(square) for square in range(1, n * n + 1)]
        self.xs = [x for x, _ in self.centres]
        self.ys = [y for _, y in self.centres]
        self.tests = 0  # corridor tests and ends counted: the generator charges them as work
        self.gaps = {(up, other): _least(up, other) for up in (False, True) for other in (False, True)}
        # Lattice points whose boxes are this far apart in a coordinate are further apart than any least distance.
        self.reach = math.isqrt(max(p // q for p, q in self.gaps.values())) + 1
        first, last = rows if rows is not None else (0, n - 1)
        height = max(1, last - first + 1)
        bands = min(BANDS, height)
        self.band = [min(bands - 1, max(0, (y - first) * bands // height)) for _, y in self.centres]
        self.limits: dict[bool, list[int]] | None = None
        if counts is not None:
            heights = [0] * bands
            for y in range(first, last + 1):
                heights[(y - first) * bands // height] += 1
            top, bottom = SPREAD
            self.limits = {
                up: [max(2, top * 2 * count * rows_in // (bottom * height)) for rows_in in heights]
                for up, count in ((False, counts[0]), (True, counts[1]))
            }

    def _place(self, square: int) -> Point:
        row, k = divmod(square - 1, self.n)
        return (k if row % 2 == 0 else self.n - 1 - k), row

    def centre(self, square: int) -> Point:
        """The centre of ``square`` as the lattice point (column, row)."""
        return self.centres[square]

    def shaped(self, jump: Jump) -> bool:
        """Whether ``jump`` has a tidy shape: on two rows, ``MIN_LENGTH`` long at least, no flatter than
        ``FLAT_RATIO`` columns a row. O(1).

        >>> tidy = Tidy(10)
        >>> tidy.shaped((41, 40)), tidy.shaped((5, 13)), tidy.shaped((5, 14)), tidy.shaped((5, 35)), tidy.shaped((2, 9))
        (False, False, True, True, False)
        """
        (x1, y1), (x2, y2) = self.centres[jump[0]], self.centres[jump[1]]
        across, rows = abs(x1 - x2), abs(y1 - y2)
        return rows >= 1 and across * across + rows * rows >= MIN_LENGTH * MIN_LENGTH and across <= FLAT_RATIO * rows

    def apart(self, jump: Jump, other: Jump) -> bool:
        """Whether the corridors of two jumps keep the clearance apart (so they share no square). O(1)."""
        xs, ys, reach = self.xs, self.ys, self.reach
        (s, e), (t, f) = jump, other
        if (
            min(xs[t], xs[f]) - max(xs[s], xs[e]) >= reach
            or min(xs[s], xs[e]) - max(xs[t], xs[f]) >= reach
            or min(ys[t], ys[f]) - max(ys[s], ys[e]) >= reach
            or min(ys[s], ys[e]) - max(ys[t], ys[f]) >= reach
        ):
            return True  # boxes a whole square apart: further apart than any least distance
        return self._apart_near(jump, other)

    def _apart_near(self, jump: Jump, other: Jump) -> bool:
        centres = self.centres
        a, b, c, d = centres[jump[0]], centres[jump[1]], centres[other[0]], centres[other[1]]
        gap = self.gaps[jump[1] > jump[0], other[1] > other[0]]
        return not (
            meet(a, b, c, d) or near(a, c, d, gap) or near(b, c, d, gap) or near(c, a, b, gap) or near(d, a, b, gap)
        )

    def clear(self, jump: Jump, others: Iterable[Jump]) -> bool:
        """Whether ``jump`` has a tidy shape, keeps clear of each of ``others`` and crowds no band with them.

        O(len(others)): a corridor test and a band count each (the box test written out here: it settles
        most pairs, and a call each was most of the cost)."""
        if not self.shaped(jump):
            return False
        xs, ys, reach, band = self.xs, self.ys, self.reach, self.band
        start, end = jump
        up = end > start
        left, right = min(xs[start], xs[end]) - reach, max(xs[start], xs[end]) + reach
        low, high = min(ys[start], ys[end]) - reach, max(ys[start], ys[end]) + reach
        mine = (band[start], band[end])
        held = {mine[0]: 0, mine[1]: 0}
        count = 0
        for other in others:
            count += 1
            t, f = other
            if (
                (xs[t] > left or xs[f] > left)
                and (xs[t] < right or xs[f] < right)
                and (ys[t] > low or ys[f] > low)
                and (ys[t] < high or ys[f] < high)
                and not self._apart_near(jump, other)
            ):
                self.tests += count
                return False
            if (f > t) == up:
                if band[t] in held:
                    held[band[t]] += 1
                if band[f] in held:
                    held[band[f]] += 1
        self.tests += count
        if self.limits is None:
            return True
        limits = self.limits[up]
        return all(held[b] + mine.count(b) <= limits[b] for b in held)

    def meeting(self, jump: Jump, others: list[Jump], most: int) -> list[int] | None:
        """The indices in ``others`` of the jumps whose corridors ``jump``'s comes too close to, or None
        when more than ``most`` do. O(len(others))."""
        found: list[int] = []
        for k, other in enumerate(others):
            self.tests += 1
            if not self.apart(jump, other):
                found.append(k)
                if len(found) > most:
                    return None
        return found

    def spread(self, jumps: list[Jump]) -> bool:
        """Whether no band holds more of a kind's ends than the spread rule allows. O(len(jumps))."""
        if self.limits is None:
            return True
        self.tests += len(jumps)
        held = {up: [0] * len(self.limits[up]) for up in (False, True)}
        for jump in jumps:
            for square in jump:
                held[jump[1] > jump[0]][self.band[square]] += 1
        return all(count <= limit for up in held for count, limit in zip(held[up], self.limits[up], strict=True))

    def board(self, jumps: list[Jump]) -> bool:
        """Whether ``jumps`` are tidy: every shape, every pair apart, the spread. O(len(jumps)²): for a whole
        board made elsewhere."""
        return (
            all(self.shaped(jump) for jump in jumps)
            and all(self.apart(jump, other) for i, jump in enumerate(jumps) for other in jumps[:i])
            and self.spread(jumps)
        )


#: The most jumps a tidy board's fresh placement of one jump may push aside (``evict``, ``fresh``).
EVICT = 2
#: The pushes aside a fresh tidy board may make, for each of its jumps (``fresh``).
PUSHES = 8


def fits(tidy: Tidy | None, others: list[Jump]) -> Fits:
    """The tidy check of a drawn jump against ``others`` (O(len(others)) tests), or None (not tidy)."""
    return None if tidy is None else lambda jump: tidy.clear(jump, others)


def evict(
    layout: Layout, tidy: Tidy, rng: random.Random, kinds: tuple[bool, ...], jumps: list[Jump], i: int, used: set[int]
) -> list[Jump] | None:
    """A tidy board's "place afresh": jump ``i`` drawn anywhere its limits allow (``used``: the other jumps'
    squares), and the jumps whose corridors it comes too close to, at most ``EVICT`` of them, drawn again
    clear of the rest; None when a draw fails, it meets more, or the board's ends end up crowding a band.
    Without it a long jump could hardly ever move where others lie already.
    O(EVICT·PLACE_TRIES·jumps) tests.

    >>> tidy = Tidy(10, counts=(1, 1))
    >>> board = [(2, 40), (21, 4)]  # crossing on purpose: the second is drawn again
    >>> moved = evict(Layout(10, shape=tidy.shaped), tidy, random.Random(1), (True, False), board, 0, {21, 4})
    >>> moved is not None and tidy.board(moved)
    True
    """
    moved = layout.place(rng, kinds[i], used, tidy.shaped)
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
    return board if tidy.spread(board) else None


def fresh(layout: Layout, tidy: Tidy, rng: random.Random, kinds: tuple[bool, ...]) -> list[Jump] | None:
    """A random tidy board with a jump of each of ``kinds`` (True: a ladder), or None.

    The jumps are drawn one at a time, each clear of those placed (``Layout.place``).  One that finds no
    room is drawn anywhere its own limits allow and pushes aside the at most ``EVICT`` placed jumps whose
    corridors it comes too close to, which go back to be drawn again: corridors a few tenths of a square
    wide jam a board drawn only one way (on a 10×10 board with 8 + 8 jumps about one draw in two hundred
    placed all sixteen), and pushing aside unjams it (nearly every board placed).  At most ``PUSHES``
    pushes a jump, so O(PUSHES·EVICT·PLACE_TRIES·jumps²) tests in all.
    """
    jumps: list[Jump | None] = [None] * len(kinds)
    queue = list(range(len(kinds)))
    pushes = 0
    while queue:
        i = queue.pop(0)
        placed = [(k, jump) for k, jump in enumerate(jumps) if jump is not None]
        others = [jump for _, jump in placed]
        used = {square for jump in others for square in jump}
        jump = layout.place(rng, kinds[i], used, fits(tidy, others))
        if jump is None:
            pushes += 1
            jump = layout.place(rng, kinds[i], used, tidy.shaped) if pushes <= PUSHES * len(kinds) else None
            if jump is None:
                return None
            meeting = tidy.meeting(jump, others, EVICT)
            pushed = set() if meeting is None else {placed[m][0] for m in meeting}
            if meeting is None or not tidy.clear(jump, [other for k, other in placed if k not in pushed]):
                queue.insert(0, i)
                continue
            for k in pushed:
                jumps[k] = None
                queue.append(k)
        jumps[i] = jump
    return [jump for jump in jumps if jump is not None]
