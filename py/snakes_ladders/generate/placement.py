"""Where the board generator may put snakes and ladders, and random placements within that.

A ``Layout`` holds the limits of one generation request (``spec.Spec``):
jumps start on squares 2..n²-1 and end on 1..n², all their squares different,
each ending ``min_rows`` to ``max_rows`` rows away from its start (1 to n - 1 by
default: on another row), at most ``max_jump`` squares long, and with
``no_edge_rows`` off the first and last rows, and when given a ``shape`` (the tidy rule of a jump's
slope and length, ``tidy.Tidy.shaped``) passing it.  ``place`` draws a new jump and
``nudge`` shifts one end of a jump, both by rejection sampling with at most
``PLACE_TRIES`` draws, so each call is O(PLACE_TRIES) draws; a ``fits`` test
given to them (the tidy check) is called once a draw that keeps the limits.

>>> import random
>>> layout = Layout(6, no_edge_rows=True, max_jump=10)
>>> layout.place(random.Random(3), up=True, used=set())
(14, 23)
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator
from functools import partial

__all__ = ["PLACE_TRIES", "Jump", "Layout", "Pairs", "assign"]

#: Draws one placement or nudge makes before it gives up.
PLACE_TRIES = 64

Jump = tuple[int, int]
#: A further test a drawn jump must pass (the tidy check against the jumps already placed), or None.
Fits = Callable[[Jump], bool] | None


class Layout:
    """The squares and lengths allowed for jumps on one size of board, under one set of limits."""

    def __init__(
        self,
        n: int,
        *,
        no_edge_rows: bool = False,
        max_jump: int | None = None,
        min_rows: int = 1,
        max_rows: int | None = None,
        shape: Fits = None,
    ) -> None:
        last = n * n
        self.n = n
        self.low = n + 1 if no_edge_rows else 1  # the lowest square a jump may touch
        self.high = last - n if no_edge_rows else last  # and the highest
        self.first_start = max(2, self.low)
        self.last_start = min(last - 1, self.high)
        self.longest = max_jump if max_jump is not None else last
        self.min_rows = min_rows
        self.max_rows = max_rows if max_rows is not None else n - 1
        self.shape = shape  # a test of one jump's own shape, O(1), or None
        self.draws = 0  # draws and squares looked at by place, nudge and fill: the generator counts them as work
        self.partial: list[Jump] = []  # the most jumps a failed ``fill`` placed: where ``Pairs`` starts

    def ends(self, start: int, up: bool) -> tuple[int, int]:
        """The lowest and highest end allowed for a ladder (``up``) or snake from ``start``: the rows
        ``min_rows`` to ``max_rows`` above (or below) start's, at most ``longest`` squares away.

        >>> Layout(6).ends(8, up=True), Layout(6, max_jump=4).ends(8, up=False), Layout(6, max_rows=2).ends(8, True)
        ((13, 36), (4, 6), (13, 24))
        """
        n, row = self.n, (start - 1) // self.n
        if up:
            low = max((row + self.min_rows) * n + 1, self.low)
            return low, min(start + self.longest, (row + self.max_rows + 1) * n, self.high)
        low = max(start - self.longest, (row - self.max_rows) * n + 1, self.low)
        return low, min((row - self.min_rows + 1) * n, self.high)

    def allows(self, jump: Jump, up: bool, used: set[int]) -> bool:
        """Whether ``jump`` keeps the limits and touches no square in ``used``."""
        start, end = jump
        if not self.first_start <= start <= self.last_start or start in used or end in used:
            return False
        low, high = self.ends(start, up)
        return low <= end <= high and (self.shape is None or self.shape(jump))

    def place(self, rng: random.Random, up: bool, used: set[int], fits: Fits = None) -> Jump | None:
        """A random ladder (``up``) or snake clear of ``used`` (and passing ``fits``), or None after
        ``PLACE_TRIES`` draws."""
        for _ in range(PLACE_TRIES):
            self.draws += 1
            start = rng.randint(self.first_start, self.last_start)
            if start in used:
                continue
            low, high = self.ends(start, up)
            if low > high:
                continue
            end = rng.randint(low, high)
            if end in used or (self.shape is not None and not self.shape((start, end))):
                continue
            if fits is None or fits((start, end)):
                return start, end
        return None

    def draw(self, rng: random.Random, kinds: tuple[bool, ...]) -> list[Jump] | None:
        """Jumps of ``kinds`` (True: a ladder) drawn one after another (``place``), or None when one found no
        room. O(PLACE_TRIES·len(kinds)) draws."""
        used: set[int] = set()
        jumps: list[Jump] = []
        for up in kinds:
            jump = self.place(rng, up, used)
            if jump is None:
                return None
            jumps.append(jump)
            used.update(jump)
        return jumps

    def nudge(self, rng: random.Random, jump: Jump, up: bool, used: set[int], fits: Fits = None) -> Jump | None:
        """``jump`` with its start or its end moved by up to n squares, or None when no draw fits."""
        start, end = jump
        for _ in range(PLACE_TRIES):
            self.draws += 1
            shift = rng.randint(1, self.n) * rng.choice((-1, 1))
            moved = (start + shift, end) if rng.random() < 0.5 else (start, end + shift)
            if self.allows(moved, up, used) and (fits is None or fits(moved)):
                return moved
        return None

    def fill(
        self, rng: random.Random, kinds: tuple[bool, ...], fits: Callable[..., bool] | None = None
    ) -> list[Jump] | None:
        """Jumps of ``kinds`` (True: a ladder) drawn from the free squares, or None at a dead end.

        Unlike ``place`` it never rejects a draw: each start is drawn from the free squares and
        its end from the free squares its limits allow, so it fails only when no free square has
        a free end left, which dense boards reach rarely.  O(m·V) for m jumps and V usable squares
        (a dead start is passed over at most once per jump); each square looked at counts one
        ``draws``.  ``fits(jump, others=placed)`` (the tidy check) is asked about one random free end of
        each start looked at, and a start whose end fails it is passed over like a dead one.
        """
        free = list(range(self.low, self.high + 1))
        jumps: list[Jump | None] = [None] * len(kinds)
        order = list(range(len(kinds)))
        rng.shuffle(order)
        for i in order:
            placed = [jump for jump in jumps if jump is not None]
            jump = self._draw_free(rng, free, kinds[i], None if fits is None else partial(fits, others=placed))
            if jump is None:
                self.partial = max(self.partial, placed, key=len)
                return None
            jumps[i] = jump
            for square in jump:
                del free[bisect_left(free, square)]
        return [jump for jump in jumps if jump is not None]

    def _draw_free(self, rng: random.Random, free: list[int], up: bool, fits: Fits) -> Jump | None:
        """A jump on two squares of the sorted list ``free``: the first start from a random point on
        that has a free end, and a random free end for it."""
        first = rng.randrange(len(free)) if free else 0
        for k in range(len(free)):
            self.draws += 1
            start = free[(first + k) % len(free)]
            if not self.first_start <= start <= self.last_start:
                continue
            low, high = self.ends(start, up)
            lo, hi = bisect_left(free, low), bisect_right(free, high)
            if lo < hi:
                jump = start, free[rng.randrange(lo, hi)]
                if (self.shape is None or self.shape(jump)) and (fits is None or fits(jump)):
                    return jump
        return None


class Pairs:
    """The most jumps that fit a ``Layout``: a maximum matching of the squares (Edmonds' blossoms).

    Two squares can carry a jump when they lie ``min_rows`` to ``max_rows`` rows apart (on different rows by
    default), at most ``max_jump`` squares apart, passing the layout's ``shape`` (a symmetric test), both
    within the allowed rows; square 1 can only end a snake and n² only end a ladder, so they are
    left out when no snake (or no ladder) is asked for, and the pair (1, n²) is never one jump.
    Any other pair can be either a snake or a ladder, so ``snakes + ladders`` jumps fit exactly when
    this graph has a matching that large: ``matching(want)`` finds one, or proves the largest is
    smaller.  Work: O(V·(V + E)) for V usable squares and E ≤ V·min(2·max_jump, V) pairs, in the
    worst case; a search that finds no augmenting path removes its whole (Hungarian) tree, so
    each square is given up on once.  ``work`` counts the pairs looked at and the squares relabelled.
    """

    def __init__(self, layout: Layout, snakes: int, ladders: int) -> None:
        self.layout = layout
        last = layout.n * layout.n
        self.first = layout.low if snakes else max(layout.low, 2)
        top = layout.high if ladders else min(layout.high, last - 1)
        self.size = max(0, top - self.first + 1)
        self.work = 0

    def _neighbours(self, v: int, alive: bytearray) -> Iterator[int]:
        """The squares (as indices) still in the graph that can carry a jump with square index ``v``."""
        n, first, size = self.layout.n, self.first, self.size
        square = v + first
        low, high = self.layout.ends(square, up=False)  # the limits are symmetric: a pair is either kind
        below = range(max(0, low - first), max(0, min(size, high - first + 1)))
        low, high = self.layout.ends(square, up=True)
        above = range(max(0, low - first), min(size, high - first + 1))
        never = n * n - first if square == 1 else 1 - first if square == n * n else -1  # the pair (1, n²)
        shape = self.layout.shape
        for part in (below, above):
            for u in part:
                self.work += 1
                if alive[u] and u != never and (shape is None or shape((square, u + first))):
                    yield u

    def matching(self, want: int, start: Iterable[Jump] = ()) -> list[Jump]:
        """Pairs of squares (low, high), ``want`` of them, or fewer when no more fit (then the most).

        ``start``: jumps already placed (``Layout.partial``), kept unless augmenting paths move them.
        """
        size, first = self.size, self.first
        mate = [-1] * size
        alive = bytearray(b"\x01") * size
        count = 0
        for jump in start:
            low, high = min(jump) - first, max(jump) - first
            if 0 <= low < high < size and mate[low] == mate[high] == -1:
                mate[low], mate[high] = high, low
                count += 1
        for root in range(size):
            if count >= want:
                break
            if mate[root] != -1:
                continue
            tree, end, parent = self._search(root, mate, alive)
            if end == -1:
                for v in tree:
                    alive[v] = 0
                continue
            while end != -1:
                before = parent[end]
                after = mate[before]
                mate[end], mate[before] = before, end
                end = after
            count += 1
        first = self.first
        return [(v + first, mate[v] + first) for v in range(size) if v < mate[v]]

    def _search(self, root: int, mate: list[int], alive: bytearray) -> tuple[list[int], int, list[int]]:
        """An alternating-tree search from ``root``: (the tree's squares, an unmatched end or -1, parents)."""
        size = self.size
        self.work += size
        parent = [-1] * size
        base = list(range(size))
        outer = bytearray(size)
        outer[root] = 1
        queue = [root]
        for v in queue:
            for u in self._neighbours(v, alive):
                if base[v] == base[u] or mate[v] == u:
                    continue
                if u == root or (mate[u] != -1 and parent[mate[u]] != -1):
                    self._contract(v, u, base, parent, mate, outer, queue)
                elif parent[u] == -1:
                    parent[u] = v
                    if mate[u] == -1:
                        return [], u, parent
                    outer[mate[u]] = 1
                    queue.append(mate[u])
        return [v for v in range(size) if outer[v] or parent[v] != -1], -1, parent

    def _contract(
        self, v: int, u: int, base: list[int], parent: list[int], mate: list[int], outer: bytearray, queue: list[int]
    ) -> None:
        """Shrink the blossom closed by the edge v–u: its squares take one base and become outer."""
        top = _common_base(v, u, base, parent, mate)
        blossom = bytearray(len(base))
        _mark_path(v, top, u, base, parent, mate, blossom)
        _mark_path(u, top, v, base, parent, mate, blossom)
        self.work += len(base)
        for i in range(len(base)):
            if blossom[base[i]]:
                base[i] = top
                if not outer[i]:
                    outer[i] = 1
                    queue.append(i)


def _common_base(a: int, b: int, base: list[int], parent: list[int], mate: list[int]) -> int:
    """The base of the blossom's stem: the first base on both alternating paths back to the root."""
    seen = bytearray(len(base))
    while True:
        a = base[a]
        seen[a] = 1
        if mate[a] == -1:
            break
        a = parent[mate[a]]
    while True:
        b = base[b]
        if seen[b]:
            return b
        b = parent[mate[b]]


def _mark_path(
    v: int, top: int, child: int, base: list[int], parent: list[int], mate: list[int], blossom: bytearray
) -> None:
    """Mark the blossom's bases from ``v`` down to ``top``, pointing parents around the cycle."""
    while base[v] != top:
        blossom[base[v]] = blossom[base[mate[v]]] = 1
        parent[v] = child
        child = mate[v]
        v = parent[mate[v]]


def assign(pairs: list[Jump], snakes: int, ladders: int, last: int, rng: random.Random) -> list[Jump]:
    """``snakes`` snakes then ``ladders`` ladders on ``snakes + ladders`` of ``Pairs``' pairs (low, high).

    A pair on square 1 is a snake and one on n² (``last``) a ladder; the others are shuffled and
    take the kinds still to fill.  ``Pairs`` leaves out square 1 when no snake is asked for and n²
    when no ladder is, so this always succeeds.
    """
    chosen = pairs[: snakes + ladders]
    down = [pair for pair in chosen if pair[0] == 1]
    up = [pair for pair in chosen if pair[1] == last]
    rest = [pair for pair in chosen if pair[0] != 1 and pair[1] != last]
    rng.shuffle(rest)
    cut = snakes - len(down)
    down += rest[:cut]
    up += rest[cut:]
    return [(high, low) for low, high in down] + up
