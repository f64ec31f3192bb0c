"""The fast exact search: runs of plain squares are crossed in one step, not square by square.

The textbook breadth-first search settles every square and tries six rolls from
each.  This engine does the same search, move by move, but only does work where
something happens: where a move lands on the start of a snake or ladder, where
two advancing stretches meet, and at the last square.  Between those events a
stretch of plain squares advances six squares per move, and any number of moves
of it are taken in one arithmetic step.  The work is about O(J log J) for J snakes
and ladders plus the moves at which something happens, plus C-speed
``bytearray`` scans over the squares crossed.  ``layered_min_moves`` is a second,
plain breadth-first search over bit sets, one whole move per step, for boards
whose answer is a few dozen moves (thick with long ladders), and
``sweep_min_moves`` a single pass from square 1 upwards for boards without
snakes (proof below, point 7); ``min_moves`` chooses between them.

Terms.  A *start* is a square holding a snake or ladder that goes somewhere
(a square whose value is its own number behaves exactly like a plain square and
is treated as one; a jump on square 1 is never landed on).  A move from x
*lands* on one of x+1..x+6 (never past the last square N) and *ends* on the
landing square, or on the jump's end when the landing square is a start.
``D(l)`` is the first move that lands on square l, ``dist(y)`` the least number
of moves to stand on y.  A start can only be stood on as the end of another
jump, so ``dist(y) = min(D(y) if y is plain, D(s) for s jumping to y)``, with
``dist(1) = 0``.

Proof sketch.

1. *Windows.*  The squares first landed on by move d+1 are the union of the
   windows (y, y+6] over the squares y with dist(y) = d, minus the squares
   landed on earlier.  This is breadth-first search on landings: landing on a
   square again later ends the move on the same square, later.

2. *Runners cover the windows.*  A runner (f, k) is a square f stood on by
   move k, responsible for the window (f, f+6] at move k+1.  Its *step* lands the
   unlanded part of that window at move k+1; the end t of every start in it
   becomes a new runner (t, k+1) unless t is already stood on by then; the runner
   goes on from the largest plain square f' it landed, and stops when it landed
   none.  Invariant: for every y with dist(y) = d, (y, y+6] is landed by move d
   or inside the window of a runner at move d.  It holds for y = 1, and steps
   keep it: the plain squares a runner lands lie in (f, f'], so their windows
   lie in (f, f'+6], of which (f, f'] is landed; jump ends are runners
   themselves.  So among the plain squares stood on in one window only the
   deepest moves on: seed 004's dominance, made exact by keeping the jumps.

3. *Stretches.*  If the next m windows of a runner (f, k) hold no landed
   square, not N, no start whose jump could still reach anything new ("live"),
   and each window's top square is plain, then its step at move k+i lands
   exactly (f+6(i-1), f+6i] and goes on from f+6i.  So D(x) = k + ceil((x-f)/6)
   on the whole stretch, which is *claimed* in one ``bytearray`` slice, and the
   runner's next step is queued m moves later.  A start s inside is dead when its
   end t is stood on by move D(s): t was reached earlier, or t is a plain square
   of the stretch below s, or t is landed with D(t) <= D(s).  A dead jump ends
   nowhere new.  When a stretch stops at a landed square o, the window after it
   holds no start, and the six squares from o are landed, the runner's next step
   would land the squares up to o - 1 and then find its window landed: that
   dead end is claimed with the stretch and the runner ends there.

4. *Moves in order.*  Runners wait in queues by the move of their next step;
   moves are taken in order, as the layers of breadth-first search are.  Each
   move has two phases: first every runner due takes its step (landing squares
   at the next move, which is final, since all earlier moves are done), then
   every runner that moved on, and every jump end reached, computes and claims
   its stretch.  So a stretch sees every square landed by the next move.
   Claims reach into the future, so they are tentative, but all runners
   advance at the same speed: a runner behind a claimed stretch stops at it,
   and one ahead never reaches into it, so a claim can only be beaten by a jump
   end t that lands ahead of its owner, inside or just below the stretch.  A
   jump end checks the claim holding t+1 before it moves: if the owner stands
   below t at that move, every claimed square above t is reached at least as
   early from t, so the claim is cut back to the last window that does not
   reach past t, and the owner's next step moves earlier (never to a move
   already taken).  Cutting never makes any square's first landing later, so the
   dead-jump decisions inside claims stay true.

5. *The answer.*  A runner queued for move d on a square from which N or a
   start jumping to N is within six squares bounds the answer by d+1; the
   search stops when the next move to take is at least the smallest bound, so
   the bound is exact: every earlier move has been taken.  With no runner left
   and no bound, N cannot be reached.  The bit-set search is point 1 verbatim.

6. *Paths.*  Every landed square belongs to a segment (a step's window or a
   claim) with one constant c such that D(x) = (x + c) // 6 and the square that
   moved onto x is x - (x + c) % 6 - 1 (the runner's square for a step; the top
   of the previous window inside a stretch).  A shortest game is rebuilt
   backwards from N through these predecessors.  Where there is a choice, it
   arrives on a square by a jump when one lands there at the right move, and
   comes from a square reached by a jump when one is in range; inside a
   stretch the game runs back six squares a move and is taken in one slice.

7. *Boards without snakes.*  When every jump goes up, nothing ever moves a
   token down, so dist(x) depends only on squares below x, and one pass upwards
   computes it: D(x) = 1 + min dist over x-6..x-1 (squares stood on), dist(x) =
   D(x) for a plain square and the least D(s) over ladders s -> x where one ends
   on x (a start is stood on only that way).  Write key(y) = 6 dist(y) - y; then
   for every x in (y, y+6], dist(y) + 1 = ceil((x + key(y)) / 6), so D(x) =
   ceil((x + K) / 6) with K the least key in x's window.  On a run of squares
   that are neither starts nor ladder ends ("quiet") the least key K of the
   window below the run gives dist(x) = ceil((x + K) / 6) for the whole run:
   the walk from the best square y of that window standing on y+6, y+12, ...
   stands only on run squares, and no game does better (induction over the
   run).  The keys along the run are then K + ((-x - K) mod 6), a "stair" whose
   every six consecutive squares have least key exactly K, and whose five
   squares below an event e have least key K + 1 when (e + K) is a multiple of
   6 and K otherwise.  So the pass only does work at starts and ladder ends
   (O(1) each when they are seven or more squares apart, six squares of plain
   arithmetic when closer), in increasing order of square.

Work: every start is landed once and looked at a bounded number of times,
runners are born at jump ends (or square 1) and take O(1) steps between the
starts and trails they meet, and a step costs O(1) plus C-speed scans of the
squares it crosses; the stretch scans gallop (growing windows), so a scan costs
in proportion to the squares it crosses, not to the board.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from heapq import heappop, heappush
from itertools import chain, islice

__all__ = [
    "Search",
    "bfs_min_moves",
    "estimated_moves",
    "layered_min_moves",
    "min_moves",
    "plain_min_moves",
    "sweep_min_moves",
]

# A segment marker at least this often in a long stretch, so that finding the
# segment of a square is a short backwards scan.
_MARK_EVERY = 4096
_ONES = b"\x01" * 6
_NONZERO = re.compile(rb"[^\x00]")


class _Runner:
    """A runner that stood on ``f`` by move ``k`` and has claimed its next ``m`` windows.

    Its next step is at move ``k + m`` from square ``f + 6 * m``; ``m = -1``
    marks a runner whose step has been taken (older queue entries are stale).
    """

    __slots__ = ("f", "hi", "k", "m")

    def __init__(self, f: int, k: int, m: int, hi: int) -> None:
        self.f = f
        self.k = k
        self.m = m
        self.hi = hi  # the claim is (f, hi]: f + 6m, or more when it ends at a dead end


class Search:
    """The layered search on one board, run with :meth:`run`.

    >>> search = Search(6, {2: 15, 14: 35, 17: 13})
    >>> search.run()
    4
    >>> search.path()
    ([1, 15, 13, 35, 36], [2, 17, 14, 36])
    """

    def __init__(self, n: int, jumps: Mapping[int, int] | Iterable[tuple[int, int]]) -> None:
        last = n * n
        self.n = n
        self.last = last
        pairs = jumps.items() if isinstance(jumps, Mapping) else jumps
        # A jump that ends where it starts is a plain square, and one on square 1
        # is never landed on (play starts there): neither is a start here.
        self.ends: dict[int, int] = {s: t for s, t in pairs if s != t and s != 1}
        self.isstart = isstart = bytearray(last + 2)
        self._tolast = tolast = bytearray(last + 2)
        # Runners on or above this square may reach the last square in one move.
        self._reach_from = last - 6
        for s, t in self.ends.items():
            isstart[s] = 1
            if t == last:
                tolast[s] = 1
                if s - 6 < self._reach_from:
                    self._reach_from = max(s - 6, 1)
        self.landed = bytearray(last + 2)
        self._ones = memoryview(b"\x01" * (last + 2))
        # Segments: segstart marks the first square of each run of squares landed
        # by one step or one claim, segc[first] its constant c, D(x) = (x + c) // 6.
        self.segstart = bytearray(last + 2)
        self.segc: dict[int, int] = {}
        self._claim_at: dict[int, _Runner] = {}  # segment first square -> claiming runner
        self._claims = 0  # claims not yet stepped from
        self.pointlayer: dict[int, int] = {1: 0}  # square -> move it is first reached by a jump
        self.via: dict[int, int] = {}  # that jump's start
        self._obstacle = -1  # the landed square that ended the last stretch, or -1
        self.moves = -1
        # How the last square is first reached: from first_pred, landing on first_landing.
        self.first_landing = 0
        self.first_pred = 0
        self.complete = False
        # Runners waiting to step, by move: an int f is a runner on f without a
        # claim, -t one that arrived on t by a jump, a _Runner one with a claim.
        self._queue: dict[int, list[int | _Runner]] = {}
        self._moves_queued: list[int] = []
        self._arrivals: list[int] = []  # jump ends reached by the move being stepped
        self._enqueue(0, -1, 1)

    # ------------------------------------------------------------------ lookups

    def landing_move(self, x: int) -> int:
        """``D(x)``, the first move that lands on x (x must be landed)."""
        a = self.segstart.rfind(1, 0, x + 1)
        return (x + self.segc[a]) // 6

    def _stood_by(self, t: int, move: int) -> bool:
        """Whether square t is stood on by ``move`` as far as the search knows now."""
        layer = self.pointlayer.get(t)
        if layer is not None and layer <= move:
            return True
        if self.isstart[t] or not self.landed[t]:
            return False
        a = self.segstart.rfind(1, 0, t + 1)
        return (t + self.segc[a]) // 6 <= move

    def _spawn(self, s: int, t: int, move: int) -> None:
        """The jump s -> t is taken at ``move`` and t is not known to be stood on by then."""
        self.pointlayer[t] = move
        self.via[t] = s
        if t != self.last:
            self._arrivals.append(t)
        elif self.moves < 0 or move < self.moves:
            self.moves = move
            self.first_landing = s
            self.first_pred = 0

    # ------------------------------------------------------------------ the search

    def _reach(self, move: int, front: int) -> None:
        """A runner on ``front`` at ``move`` that can reach the last square with its
        next move bounds the answer before that move is stepped (proof, point 5)."""
        if front < self._reach_from or (self.moves >= 0 and move + 1 >= self.moves):
            return
        if front >= self.last - 6:
            landing = self.last
        else:
            landing = self._tolast.find(1, front + 1, front + 7)
            if landing < 0:
                return
        self.moves = move + 1
        self.first_landing = landing
        self.first_pred = front

    def _enqueue(self, move: int, item: int | _Runner, front: int) -> None:
        if front >= self._reach_from:
            self._reach(move, front)
        bucket = self._queue.get(move)
        if bucket is None:
            self._queue[move] = [item]
            heappush(self._moves_queued, move)
        else:
            bucket.append(item)

    def run(self, complete: bool = False) -> int:
        """Search until the last square is reached (or, with ``complete``, until
        every square's distance is known); return the least number of moves or -1."""
        last = self.last
        queue = self._queue
        moves_queued = self._moves_queued
        landed = self.landed
        isstart = self.isstart
        segstart = self.segstart
        segc = self.segc
        ends = self.ends
        pointlayer = self.pointlayer
        stood_by = self._stood_by
        spawn = self._spawn
        stretch = self._stretch
        claim_at = self._claim_at
        ones = self._ones
        while moves_queued:
            if not complete and 0 <= self.moves <= moves_queued[0] + 1:
                return self.moves
            move = heappop(moves_queued)
            items = queue[move]
            after = move + 1
            fronts = []
            # Phase 1: every runner due at this move takes its step, landing its
            # window at move + 1 (proof, points 2 and 4).
            i = 0
            while i < len(items):
                item = items[i]
                i += 1
                if isinstance(item, int):
                    if item > 0:
                        f = item
                    else:
                        f = -item
                        if pointlayer[f] != move:
                            continue  # reached sooner by another jump: that runner moves on
                        if self._claims and landed[f + 1] and f + 1 < last:
                            self._cut_claim(f, move, items)
                else:
                    if item.m < 0 or item.k + item.m != move:
                        continue  # stale: the runner was rescheduled
                    f = item.f + 6 * item.m
                    item.m = -1
                    self._claims -= 1
                top = min(last, f + 6)
                a = landed.find(0, f + 1, top + 1)
                if a < 0:
                    continue  # its window is landed already: this runner is done
                c = 6 * move - f + 5
                newfront = 0
                while True:
                    b = landed.find(1, a, top + 1)
                    if b < 0:
                        b = top + 1
                    landed[a:b] = _ONES[: b - a]
                    segstart[a] = 1
                    segc[a] = c
                    s = isstart.find(1, a, b)
                    if s < 0:
                        newfront = b - 1
                    else:
                        while s >= 0:
                            t = ends[s]
                            if t not in pointlayer and (isstart[t] or not landed[t] or stood_by(t, after) is False):
                                spawn(s, t, after)
                            s = isstart.find(1, s + 1, b)
                        q = isstart.rfind(0, a, b)
                        if q >= 0:
                            newfront = q
                    if b > top:
                        break
                    a = landed.find(0, b, top + 1)
                    if a < 0:
                        break
                if newfront and newfront != last:
                    fronts.append(newfront)
            del queue[move]
            # Phase 2: each runner that moved on, and each jump end reached, claims
            # the windows it can cross without an event (proof, point 3).
            arrivals = self._arrivals
            if arrivals:
                self._arrivals = []
                fronts[:0] = [-t for t in arrivals]
            reach_from = self._reach_from
            for f in fronts:
                jumped = f < 0  # a jump end, not a runner that moved on
                entry: int | _Runner = f
                if jumped:
                    f = -f
                    if self._claims and landed[f + 1] and f + 1 < last:
                        self._cut_claim(f, after, None)
                m = stretch(f, after)
                top = f + 6 * m
                end = top
                o = self._obstacle
                if (
                    not jumped
                    and 0 < o < last - 12
                    and landed.find(0, o, o + 6) < 0
                    and isstart.find(1, top + 1, o) < 0
                ):
                    # A dead end: the runner lands (top, o - 1] with its next step, and the
                    # window after that is landed already, so it is done there.  (Not for
                    # a jump end: the squares ahead of it may be a claim it beats.)
                    end = o - 1
                    if end == f:
                        continue
                if end > f:
                    # Claim the m windows (f, f + 6m] at once, and the dead end if any.
                    entry = _Runner(f, after, m, end)
                    self._claims += 1
                    landed[f + 1 : end + 1] = ones[: end - f]
                    c = 6 * after - f + 5
                    segstart[f + 1] = 1
                    segc[f + 1] = c
                    claim_at[f + 1] = entry
                    if end - f > _MARK_EVERY:
                        for q in range(f + 1 + _MARK_EVERY, end + 1, _MARK_EVERY):
                            segstart[q] = 1
                            segc[q] = c
                            claim_at[q] = entry
                    if end > top:
                        continue  # no step: it ends at the dead end
                    due = after + m
                else:
                    due = after
                bucket = queue.get(due)
                if bucket is None:
                    queue[due] = [entry]
                    heappush(moves_queued, due)
                else:
                    bucket.append(entry)
                if top >= reach_from:
                    self._reach(due, top)
        self.complete = True
        return self.moves

    def _stretch(self, f: int, k: int) -> int:
        """How many windows the runner (f, k) can cross without an event."""
        last = self.last
        landed = self.landed
        isstart = self.isstart
        ends = self.ends
        pointlayer = self.pointlayer
        pos = f + 1
        width = 16
        self._obstacle = -1
        while True:
            hi = pos + width
            hi = min(hi, last)
            obstacle = landed.find(1, pos, hi)
            limit = obstacle if obstacle >= 0 else hi
            s = isstart.find(1, pos, limit)
            while s >= 0:
                if (s - f) % 6 == 0:
                    return (s - 1 - f) // 6  # a start on a window's top: the runner slows
                t = ends[s]
                if not (f <= t < s and not isstart[t]):
                    at = k + (s - f + 5) // 6  # the move that lands on s
                    layer = pointlayer.get(t)
                    if (layer is None or layer > at) and (isstart[t] or not landed[t] or self.landing_move(t) > at):
                        return (s - 1 - f) // 6  # a live jump: an event
                s = isstart.find(1, s + 1, limit)
            if obstacle >= 0 or hi == last:
                self._obstacle = obstacle
                return (limit - 1 - f) // 6
            pos = hi
            width *= 4

    def _cut_claim(self, t: int, p: int, due: list[int | _Runner] | None) -> None:
        """A jump end t stood on at move p: cut back the claim it beats, if any.

        ``due`` is the list of runners stepping at move p, for an owner whose
        step moves to p.
        """
        owner = self._claim_at.get(self.segstart.rfind(1, 0, t + 2))
        if owner is None or owner.m <= 0:
            return
        lo = owner.f
        hi = owner.hi
        if not lo <= t < hi:
            return
        if lo + 6 * (p - owner.k) >= t:
            return  # the owner is not behind t at move p: nothing is beaten
        keep = max(0, -((lo + 5 - t) // 6))  # windows that do not reach past t
        new_hi = lo + 6 * keep
        self.landed[new_hi + 1 : hi + 1] = bytes(hi - new_hi)
        self.segstart[new_hi + 1 : hi + 1] = bytes(hi - new_hi)
        if keep:
            owner.m = keep
            owner.hi = new_hi
            item: int | _Runner = owner
        else:
            # Nothing is left of the claim: the owner is again a runner without one,
            # on a jump end (checked for claims it beats when it steps) or a landed square.
            owner.m = -1
            self._claims -= 1
            item = -lo if self.pointlayer.get(lo) == owner.k else lo
        if owner.k + keep == p and due is not None:
            due.append(item)
            self._reach(p, new_hi)
        else:
            self._enqueue(owner.k + keep, item, new_hi)

    # ------------------------------------------------------------------ results

    def _segments(self) -> list[tuple[int, int, int]]:
        """Every landed segment as ``(first, end, c)``: squares first..end-1 have D = (x + c) // 6."""
        segstart = self.segstart
        landed = self.landed
        segc = self.segc
        firsts = sorted(a for a in segc if segstart[a])
        out = []
        for i, a in enumerate(firsts):
            bound = firsts[i + 1] if i + 1 < len(firsts) else self.last + 1
            end = landed.find(0, a, bound)
            out.append((a, bound if end < 0 else end, segc[a]))
        return out

    def distances(self, limit: int | None = None) -> list[int | None]:
        """``dist[s]`` for every square (None where never stood on; ``dist[0]`` is None), or
        with ``limit`` for the squares at most ``limit`` moves away (None beyond).

        Runs the search to completion first.
        """
        self.run(complete=True)
        last = self.last
        dist: list[int | None] = [None] * (last + 1)
        segments = self._segments()
        top = max((end - 1 + c for _, end, c in segments), default=0) // 6 + 1
        if limit is not None:
            top = min(top, limit)
            # D(x) = (x + c) // 6 <= limit exactly for x < 6 (limit + 1) - c
            segments = [(a, min(end, 6 * (limit + 1) - c), c) for a, end, c in segments]
        if segments:
            stair = list(chain.from_iterable(zip(*[range(top + 1)] * 6, strict=True)))
            for a, end, c in segments:
                if a < end:
                    dist[a:end] = stair[a + c : end + c]
        for s in self.ends:
            dist[s] = None
        for t, layer in self.pointlayer.items():
            here = dist[t]
            if (here is None or layer < here) and (limit is None or layer <= limit):
                dist[t] = layer
        return dist

    def path(self) -> tuple[list[int], list[int]] | None:
        """One shortest game: the squares stood on (1 first) and the square landed
        on by each move; None when the last square cannot be reached.

        Where several shortest games exist, the one chosen arrives by a jump when
        it can and comes from a square reached by a jump when it can.
        """
        moves = self.run()
        if moves < 0:
            return None
        last = self.last
        pointlayer = self.pointlayer
        via = self.via
        landed = self.landed
        isstart = self.isstart
        segstart = self.segstart
        segc = self.segc
        into: dict[int, list[int]] = {}
        isdest = bytearray(last + 2)
        for s, t in self.ends.items():
            into.setdefault(t, []).append(s)
            isdest[t] = 1
        ispoint = bytearray(last + 2)
        for t in pointlayer:
            ispoint[t] = 1
        dest_by_residue = [isdest[r::6] for r in range(6)]  # square r + 6i at index i

        squares = [last]
        landings: list[int] = []
        y = last
        d = moves
        landing = self.first_landing
        pred = self.first_pred
        while d:
            if landing == 0:
                if pointlayer.get(y) == d:
                    landing = via[y]
                else:
                    for s in into.get(y, ()):
                        if landed[s] and self.landing_move(s) == d:
                            landing = s
                            break
                    else:
                        landing = y
            if pred:
                x = pred
                pred = 0
                a = x + 1  # no slice through a stretch from here
                c = 0
            else:
                a = segstart.rfind(1, 0, landing + 1)
                c = segc[a]
                x = landing - (landing + c) % 6 - 1
                for q in range(landing - 1, max(landing - 7, 0), -1):
                    # reached by a jump at move d - 1, and not sooner by a landing
                    if (ispoint[q] and pointlayer[q] == d - 1) and (
                        isstart[q] or not landed[q] or self.landing_move(q) >= d - 1
                    ):
                        x = q
                        break
            landings.append(landing)
            squares.append(x)
            y = x
            d -= 1
            landing = 0
            # Inside a stretch the path runs back six squares a move: take that run in
            # one slice, down to the segment's start, but stop above a square some jump
            # arrives on and above the windows of squares reached by a jump.
            if x >= a and (x + c) % 6 == 5:
                r = x % 6
                low = x - 6 * ((x - a) // 6)
                j = dest_by_residue[r].rfind(1, (low - r) // 6, (x - r) // 6 + 1)
                if j >= 0:
                    low = r + 6 * j + 6
                p = ispoint.rfind(1, max(low - 6, 0), x + 1)
                if p >= 0:
                    low = max(low, p + 7 + (x - p - 7) % 6)
                if low <= x:
                    landings.extend(range(x, low - 1, -6))
                    squares.extend(range(x - 6, low - 7, -6))
                    d -= (x - low) // 6 + 1
                    y = squares[-1]
        squares.reverse()
        landings.reverse()
        return squares, landings


_BITS = [tuple(i for i in range(8) if byte >> i & 1) for byte in range(256)]  # the set bits of each byte


_CHUNK_BITS = 13  # the bit sets are cut into chunks of 8192 squares


def layered_min_moves(n: int, jumps: Mapping[int, int], max_moves: int) -> int | None:
    """Breadth-first search over bit sets of squares, one whole move per step: -1, the
    least number of moves, or None when that would take more than ``max_moves`` moves.

    It is the window lemma (proof, point 1) in bits: the squares landed on by
    move d+1 are the windows of the squares first stood on by move d, minus
    those landed on before.  The sets are big integers cut into chunks of 8192
    squares, and a move only touches the chunks its squares are in, so a move
    costs a few integer operations per chunk reached plus a little per jump
    taken; this wins where the answer is a few dozen moves (boards thick with
    jumps).  A square stood on again later is spread again, which lands nothing
    new (its window was landed the first time), so no set of squares stood on
    is kept.

    >>> layered_min_moves(6, {2: 15, 14: 35, 17: 13}, 10), layered_min_moves(20, {}, 10)
    (4, None)
    """
    last = n * n
    ends = jumps if isinstance(jumps, Mapping) else dict(jumps)
    shift = _CHUNK_BITS
    size = 1 << shift  # squares per chunk: chunk c holds squares c * size .. c * size + size - 1
    low = size - 1
    full = (1 << size) - 1
    chunk_bytes = size >> 3
    chunks = (last >> shift) + 1
    # A jump on square 1 is never landed on, and one that ends where it starts
    # leaves the token where it landed, as a plain square would: both are harmless here.
    marks = bytearray(b"0" * (chunks * size))  # marks[s] is b"1" on a start; read as binary numbers below
    for s in ends:
        marks[s] = 49
    starts = [int(marks[c * size : (c + 1) * size][::-1], 2) for c in range(chunks)]
    unlanded = [full] * chunks
    unlanded[0] ^= 1  # there is no square 0
    unlanded[-1] &= (2 << (last & low)) - 1  # nor any past the last
    last_chunk = last >> shift
    last_bit = 1 << (last & low)
    frontier = {0: 2}  # chunk -> squares first stood on by the last move (square 1)
    bits_of = _BITS
    nonzero = _NONZERO.finditer
    for move in range(1, max_moves + 1):
        spread: dict[int, int] = {}  # chunk -> the squares the frontier's windows cover
        for c, f in frontier.items():
            a = f << 1
            b = a | a << 1
            covered = b | b << 2 | b << 4
            here = covered & full
            if here:
                spread[c] = spread.get(c, 0) | here
            over = covered >> size  # up to six squares into the next chunk
            if over and c + 1 < chunks:
                spread[c + 1] = spread.get(c + 1, 0) | over
        if spread.get(last_chunk, 0) & unlanded[last_chunk] & last_bit:
            return move
        following: dict[int, int] = {}
        landed = False
        hit = bytearray(chunks * chunk_bytes)  # the ends of the jumps taken by this move, as bits
        hit_chunks = set()
        for c, covered in spread.items():
            new = covered & unlanded[c]  # landed on for the first time by this move
            if not new:
                continue
            landed = True
            unlanded[c] ^= new
            jumped = new & starts[c]
            if jumped:
                raw = jumped.to_bytes((jumped.bit_length() + 7) >> 3, "little")
                first = c << shift
                for found in nonzero(raw):
                    i = found.start()
                    base = first + (i << 3)
                    for bit in bits_of[raw[i]]:
                        t = ends[base + bit]
                        if t == last:
                            return move
                        hit[t >> 3] |= 1 << (t & 7)
                        hit_chunks.add(t >> shift)
                new ^= jumped  # the plain squares
                if not new:
                    continue
            following[c] = following.get(c, 0) | new
        if not landed:
            return -1
        for c in hit_chunks:
            following[c] = following.get(c, 0) | int.from_bytes(hit[c * chunk_bytes : (c + 1) * chunk_bytes], "little")
        frontier = following
    return None


# Squares times moves below which the bit-set search is preferred: about 25 ms of
# big-integer work in CPython for a 1000×1000 board's fifty moves.  Past a hundred
# or so moves the other searches win whatever the size (a 100×100 snake maze).
_LAYERED_BUDGET = 50_000_000
_LAYERED_MOVES = 100


def estimated_moves(n: int, jumps: Mapping[int, int]) -> float:
    """A rough guess at the number of moves: the board's length over the progress
    per move, six squares plus the climb of the ladders landed on along the way
    (estimated from a sample of at most about a thousand jumps)."""
    last = n * n
    count = len(jumps)
    if not count:
        return (last - 1) / 6
    step = max(1, count // 1000)
    # Every step-th start, taken at C speed (walking the items themselves would
    # make a tuple per jump: 15 ms on a 300,000-jump board).
    starts = list(islice(jumps, 0, None, step))
    climb = sum(max(jumps[s] - s, 0) for s in starts) * count / len(starts)
    return (last - 1) / (6 + 6 * climb / last)


# The stair of keys left by a quiet run with least key k: _STAIR[k % 6][y % 6] is
# the key of square y minus k (proof, point 7).
_STAIR = [tuple((-r - k) % 6 for r in range(6)) for k in range(6)]


def sweep_min_moves(n: int, jumps: Mapping[int, int]) -> int | None:
    """The least number of moves by one pass upwards (without snakes the last
    square is always reached); None when a snake goes down, which this pass
    cannot follow (proof, point 7).

    The pass visits only the starts and the ladder ends, in order.  Between two
    of them it keeps either the keys of the six squares below (``keys[y % 6]``)
    or, after a lone event, just the stair constant and the event's own key.

    >>> sweep_min_moves(6, {2: 15, 14: 35}), sweep_min_moves(1000, {}), sweep_min_moves(6, {17: 13})
    (4, 166667, None)
    """
    last = n * n
    up: dict[int, int] = {}
    for s, t in jumps.items():
        if t > s:
            if s != 1:  # play starts on square 1: a jump there is never taken
                up[s] = t
        elif t < s and s != 1:
            return None
    never = 1 << 62  # the key of a square not stood on; every real key is far below it
    arrive: dict[int, int] = {}  # ladder end -> least D over the ladders ending there
    get_up = up.get
    get_arrive = arrive.get
    keys = [never] * 6  # keys[y % 6] for the six squares below x
    keys[1] = -1  # square 1, stood on after 0 moves
    x = 2
    # After a lone event ``prev``: the window below prev + 1 is the stair of
    # stair_k on prev-5..prev-1 and key_prev on prev; ``keys`` is not kept then.
    stair = False
    stair_k = key_prev = prev = 0
    k = 0
    for e in sorted({*up, *up.values(), last}):
        if stair:
            if e - prev >= 7:
                # Six or more quiet squares since prev: e's window is a stair.
                k = stair_k + 1 if (prev + stair_k) % 6 == 0 else stair_k
                if key_prev < k:
                    k = key_prev
                pure = True
            else:
                keys = [stair_k + o for o in _STAIR[stair_k % 6]]
                keys[prev % 6] = key_prev
                x = prev + 1
                stair = False
        if not stair:
            if e - x >= 6:
                k = min(keys)  # squares x..e-1 are quiet: e's window is the stair of k
                pure = True
            else:
                while x < e:  # a quiet square close to the last event
                    here = min(keys)
                    keys[x % 6] = 6 * ((x + here + 5) // 6) - x
                    x += 1
                k = min(keys)
                pure = False
        d = (e + k + 5) // 6  # D(e)
        up_end = get_up(e)
        if up_end is not None:
            arrived = get_arrive(up_end)
            if arrived is None or d < arrived:
                arrive[up_end] = d
            arrived = get_arrive(e)  # a start is stood on only as a ladder's end
            key = 6 * arrived - e if arrived is not None else never
        else:
            arrived = get_arrive(e)
            if arrived is not None and arrived < d:
                d = arrived
            if e == last:
                return d  # always reached: without snakes every move goes up at least one square
            key = 6 * d - e
        if pure:
            stair = True
            stair_k = k
            key_prev = key
            prev = e
        else:
            keys[e % 6] = key
            x = e + 1
    raise AssertionError("the last square is always an event")


def min_moves(n: int, jumps: Mapping[int, int]) -> int:
    """The least number of moves on an n×n board with these jumps, or -1.

    Boards whose answer is expected to be a few dozen moves are searched move by
    move over bit sets (``layered_min_moves``); boards without snakes by one pass
    upwards (``sweep_min_moves``); the others, and any board where the guess of
    a few dozen moves proves wrong, by the runner search (``Search``).

    >>> min_moves(6, {2: 15, 14: 35, 17: 13}), min_moves(1000, {})
    (4, 166667)
    """
    guess = estimated_moves(n, jumps)
    if guess <= _LAYERED_MOVES and guess * n * n <= _LAYERED_BUDGET and len(jumps) > 64:
        found = layered_min_moves(n, jumps, int(3 * guess) + 20)
        if found is not None:
            return found
    swept = sweep_min_moves(n, jumps)
    if swept is not None:
        return swept
    if len(jumps) * 8 >= n * n:
        return bfs_min_moves(n, jumps)  # a jump on one square in eight or more: runners gain nothing
    return Search(n, jumps).run()


def plain_min_moves(cells: Sequence[int]) -> int:
    """The least number of moves by plain breadth-first search over the flat cells
    (``Board.flat``: ``cells[s]`` the end of the jump on s or -1), one layer at a time,
    stopping as soon as the last square is reached: the textbook search, on the board's
    own list.  O(n²) time and memory at most, six list reads per square reached.

    >>> plain_min_moves([-1, -1, 8, -1, -1, -1, -1, -1, -1, -1]), plain_min_moves([-1, -1] + [1] * 7 + [-1])
    (2, -1)
    """
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


def bfs_min_moves(n: int, jumps: Mapping[int, int]) -> int:
    """The least number of moves by plain breadth-first search, one layer at a time, stopping
    as soon as the last square is reached: O(n²) time and memory, six list reads per square.

    >>> bfs_min_moves(6, {2: 15, 14: 35, 17: 13}), bfs_min_moves(3, {s: 1 for s in range(3, 9)})
    (4, -1)
    """
    last = n * n
    end_of = list(range(last + 1))
    for s, t in jumps.items():
        if s != 1:  # play starts on square 1: a jump there is never taken
            end_of[s] = t
    seen = bytearray(last + 1)
    seen[1] = 1
    frontier = [1]
    move = 0
    while frontier:
        move += 1
        following: list[int] = []
        append = following.append
        for x in frontier:
            for y in end_of[x + 1 : x + 7]:
                if not seen[y]:
                    if y == last:
                        return move
                    seen[y] = 1
                    append(y)
        frontier = following
    return -1
