"""The runner search: runs of plain squares are crossed in one step, not square by square.

(The claims of point 3, and the queue of runners by move, are in
:mod:`snakes_ladders.solver.searches.claims`, the base class of ``Search``.)

The textbook breadth-first search settles every square and tries six rolls from
each.  This search does the same, move by move, but only does work where
something happens: where a move lands on the start of a snake or ladder, where
two advancing stretches meet, and at the last square.  Between those events a
stretch of plain squares advances six squares per move, and any number of moves
of it are taken in one arithmetic step.  The work is about O(J log J) for J snakes
and ladders plus the moves at which something happens, plus C-speed
``bytearray`` scans over the squares crossed.  Terms are defined in
:mod:`snakes_ladders.solver.searches`; the distances and one shortest game (point 6)
are read in :mod:`snakes_ladders.solver.searches.results`.

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

6. *Paths* are read from the segments in :mod:`snakes_ladders.solver.searches.results`.

Work: every start is landed once and looked at a bounded number of times,
runners are born at jump ends (or square 1) and take O(1) steps between the
starts and trails they meet, and a step costs O(1) plus C-speed scans of the
squares it crosses; the stretch scans gallop (growing windows), so a scan costs
in proportion to the squares it crosses, not to the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from heapq import heappop

from ...board import Board
from . import results
from .claims import Claims, Runner

__all__ = ["Search", "min_moves"]

_ONES = b"\x01" * 6


class Search(Claims):
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
        self._claim_at: dict[int, Runner] = {}  # segment first square -> claiming runner
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
        # claim, -t one that arrived on t by a jump, a Runner one with a claim.
        self._queue: dict[int, list[int | Runner]] = {}
        self._moves_queued: list[int] = []
        self._arrivals: list[int] = []  # jump ends reached by the move being stepped
        self._enqueue(0, -1, 1)

    # ------------------------------------------------------------------ lookups
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
    def run(self, complete: bool = False) -> int:
        """Search until the last square is reached (or, with ``complete``, until
        every square's distance is known); return the least number of moves or -1."""
        moves_queued = self._moves_queued
        while moves_queued:
            if not complete and 0 <= self.moves <= moves_queued[0] + 1:
                return self.moves
            move = heappop(moves_queued)
            fronts = self._step_due(move)
            self._claim_fronts(move + 1, fronts)
        self.complete = True
        return self.moves

    def _step_due(self, move: int) -> list[int]:
        """Phase 1: every runner due at ``move`` takes its step, landing its window at
        move + 1 (proof, points 2 and 4).  Returns the squares the runners moved on to."""
        items = self._queue[move]
        landed = self.landed
        pointlayer = self.pointlayer
        last = self.last
        fronts = []
        i = 0
        while i < len(items):  # a cut claim may append its owner to ``items``
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
            newfront = self._step(f, move)
            if newfront and newfront != last:
                fronts.append(newfront)
        del self._queue[move]
        return fronts

    def _step(self, f: int, move: int) -> int:
        """The runner on ``f`` lands the unlanded part of its window (f, f+6] at move + 1,
        spawning runners at the ends of the live jumps it lands on; returns the largest
        plain square it landed (the square it goes on from), or 0 when it landed none."""
        last, landed, isstart, ends, pointlayer = self._board_state()
        after = move + 1
        top = min(last, f + 6)
        a = landed.find(0, f + 1, top + 1)
        if a < 0:
            return 0  # its window is landed already: this runner is done
        c = 6 * move - f + 5
        newfront = 0
        while True:
            b = landed.find(1, a, top + 1)
            if b < 0:
                b = top + 1
            landed[a:b] = _ONES[: b - a]
            self.segstart[a] = 1
            self.segc[a] = c
            s = isstart.find(1, a, b)
            if s < 0:
                newfront = b - 1
            else:
                while s >= 0:
                    t = ends[s]
                    if t not in pointlayer and (isstart[t] or not landed[t] or self._stood_by(t, after) is False):
                        self._spawn(s, t, after)
                    s = isstart.find(1, s + 1, b)
                q = isstart.rfind(0, a, b)
                if q >= 0:
                    newfront = q
            if b > top:
                return newfront
            a = landed.find(0, b, top + 1)
            if a < 0:
                return newfront

    # ------------------------------------------------------------------ results

    def segments(self) -> list[tuple[int, int, int]]:
        """Every landed segment as ``(first, end, c)``: squares first..end-1 have D = (x + c) // 6."""
        return results.segments(self)

    def distances(self, limit: int | None = None) -> list[int | None]:
        """``dist[s]`` for every square (None where never stood on; ``dist[0]`` is None), or
        with ``limit`` for the squares at most ``limit`` moves away (None beyond).

        Runs the search to completion first (see ``results.distances``).
        """
        self.run(complete=True)
        return results.distances(self, limit)

    def path(self) -> tuple[list[int], list[int]] | None:
        """One shortest game: the squares stood on (1 first) and the square landed
        on by each move; None when the last square cannot be reached.

        Where several shortest games exist, the one chosen arrives by a jump when
        it can and comes from a square reached by a jump when it can (proof, point 6).
        """
        moves = self.run()
        if moves < 0:
            return None
        return results.shortest_game(self, moves)


def min_moves(board: Board) -> int:
    """The least number of moves by the runner search, or -1 (see ``Search``).

    >>> min_moves(Board(6, {2: 15, 14: 35, 17: 13})), min_moves(Board(1000))
    (4, 166667)
    """
    return Search(board.n, board.jump_map).run()
