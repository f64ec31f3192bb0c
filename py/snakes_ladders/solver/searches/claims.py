"""The runner search's claims, and its queue of runners by move (terms and proof in ``runner``).

After every move, each runner that moved on and each jump end reached claims the windows it can
cross without an event, in one ``bytearray`` slice, and is queued for its next step that many
moves later (proof, point 3); a jump end that lands ahead of a claim's owner cuts the claim
back (point 4).  ``Claims`` is the base of ``runner.Search``, which sets the state declared
here and takes the steps.
"""

from __future__ import annotations

from heapq import heappush

__all__ = ["Claims", "Runner"]

# A segment marker at least this often in a long stretch, so that finding the
# segment of a square is a short backwards scan.
_MARK_EVERY = 4096


class Runner:
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


class Claims:
    """Claiming stretches, cutting claims back, and queueing runners, for ``runner.Search``."""

    # The search's state, set by ``Search.__init__`` (what each holds is said there).
    last: int
    landed: bytearray
    isstart: bytearray
    ends: dict[int, int]
    pointlayer: dict[int, int]
    segstart: bytearray
    segc: dict[int, int]
    moves: int
    first_landing: int
    first_pred: int
    _tolast: bytearray
    _reach_from: int
    _ones: memoryview
    _claim_at: dict[int, Runner]
    _claims: int
    _obstacle: int
    _queue: dict[int, list[int | Runner]]
    _moves_queued: list[int]
    _arrivals: list[int]

    def landing_move(self, x: int) -> int:
        """``D(x)``, the first move that lands on x (x must be landed)."""
        a = self.segstart.rfind(1, 0, x + 1)
        return (x + self.segc[a]) // 6

    def _board_state(self) -> tuple[int, bytearray, bytearray, dict[int, int], dict[int, int]]:
        """What the hot loops read, to bind to locals: last, landed, isstart, ends, pointlayer."""
        return self.last, self.landed, self.isstart, self.ends, self.pointlayer

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

    def _enqueue(self, move: int, item: int | Runner, front: int) -> None:
        if front >= self._reach_from:
            self._reach(move, front)
        bucket = self._queue.get(move)
        if bucket is None:
            self._queue[move] = [item]
            heappush(self._moves_queued, move)
        else:
            bucket.append(item)

    def _claim_fronts(self, after: int, fronts: list[int]) -> None:
        """Phase 2: each runner that moved on, and each jump end reached, claims the
        windows it can cross without an event (proof, point 3) and is queued for its
        next step."""
        last = self.last
        landed = self.landed
        isstart = self.isstart
        arrivals = self._arrivals
        if arrivals:
            self._arrivals = []
            fronts[:0] = [-t for t in arrivals]
        for f in fronts:
            jumped = f < 0  # a jump end, not a runner that moved on
            entry: int | Runner = f
            if jumped:
                f = -f
                if self._claims and landed[f + 1] and f + 1 < last:
                    self._cut_claim(f, after, None)
            m = self._stretch(f, after)
            top = f + 6 * m
            end = top
            o = self._obstacle
            if not jumped and 0 < o < last - 12 and landed.find(0, o, o + 6) < 0 and isstart.find(1, top + 1, o) < 0:
                # A dead end: the runner lands (top, o - 1] with its next step, and the
                # window after that is landed already, so it is done there.  (Not for
                # a jump end: the squares ahead of it may be a claim it beats.)
                end = o - 1
                if end == f:
                    continue
            if end > f:
                entry = self._claim(f, after, m, end)
                if end > top:
                    continue  # no step: it ends at the dead end
                due = after + m
            else:
                due = after
            self._enqueue(due, entry, top)

    def _claim(self, f: int, after: int, m: int, end: int) -> Runner:
        """Claim the m windows (f, f + 6m] of the runner on f at move ``after`` at once,
        and the dead end up to ``end`` if any."""
        entry = Runner(f, after, m, end)
        self._claims += 1
        self.landed[f + 1 : end + 1] = self._ones[: end - f]
        c = 6 * after - f + 5
        segstart = self.segstart
        segc = self.segc
        segstart[f + 1] = 1
        segc[f + 1] = c
        self._claim_at[f + 1] = entry
        if end - f > _MARK_EVERY:
            for q in range(f + 1 + _MARK_EVERY, end + 1, _MARK_EVERY):
                segstart[q] = 1
                segc[q] = c
                self._claim_at[q] = entry
        return entry

    def _stretch(self, f: int, k: int) -> int:
        """How many windows the runner (f, k) can cross without an event."""
        last, landed, isstart, ends, pointlayer = self._board_state()
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

    def _cut_claim(self, t: int, p: int, due: list[int | Runner] | None) -> None:
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
            item: int | Runner = owner
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
