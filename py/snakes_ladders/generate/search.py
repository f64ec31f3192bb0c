"""Generate a board to a target: a size, numbers of snakes and ladders, least moves, expected rolls.

``generate(Spec(n=10, snakes=8, ladders=8, seed=1, targets=Targets(min_moves=7,
expected_rolls=(30, 40))))`` searches boards until one meets every target:

- ``min_moves``: LeetCode's least number of moves, exactly (``solver.min_moves``);
- ``expected_rolls``: the expected number of rolls of random play under
  ``rules`` (LeetCode's by default), within ``[lo, hi]``;
- ``always_finishes`` (default true): no trap can be reached, so a game of
  chance always finishes (an ``expected_rolls`` target needs that anyway).

Every board generated has exactly the snakes and ladders asked for, and keeps
these limits: no jump on square 1 or n², the 2·(snakes + ladders) squares the
jumps start and end on all different (so no jump ends on another's start), every
jump ending on another row than it starts on, no jump longer than ``max_jump``
squares, and with ``no_edge_rows`` none on the first or last row.

The search starts from a random board and changes one jump at a
time, keeping a change unless the board moves further from the targets, and
starts again from a fresh board when it stalls.  Its only randomness is
``random.Random(seed)``, so the same spec always gives the same board.  Each
board looked at is one *evaluation*: the package's ``min_moves``, and the
expected rolls from ``expected.py`` (an exact solve of that one figure, checked
against ``chance.analyze`` in the tests).  A board that meets an expected-rolls
target by that figure is confirmed with ``analyze`` itself.

Always a board: a fresh board is drawn by rejection sampling, then from the
free squares; when neither can place one, the search goes on from the closest
board so far.  Only when no board was ever placed does a maximum matching of
the squares (``placement.Pairs``) decide exactly whether any board of the kind
asked for exists: it gives one, or ``Impossible`` says how many jumps at most
fit.  Targets that simple bounds show out of reach are refused up front
(``Impossible``); any other search ends with the closest board found, ``met``
false and ``missed`` naming the targets, when the evaluations or the work run out.

Bounded work, counted in *work units* so that it is the same for a seed on any
machine: a least-moves search is n² units; listing the rolls of each position
reached and the trap check 12 units a position; the expected-rolls solve one
unit a roll read and a coefficient handled (``expected.solve_counted``); a
placement draw ``DRAW_WORK`` units; a board changed one unit a square in use;
an ``analyze`` check ``check_work``; the matching one unit a pair looked at.  A
unit is 0.18-0.24 µs of CPython on 6×6 to 50×50 boards (tests/generate/test_generate_budget.py
checks that the rate is the same at two sizes), so the budget bounds the time,
while an evaluation costs O(n²·(snakes + 7)) units: a large board gets fewer of
them.  A search starts no evaluation once its work, plus what it keeps back for
the end (the dearest check so far, or one solve for the closest board's figures),
reaches ``max_work`` (at most and by default ``MAX_WORK``); nor past
``max_evaluations``.  Every search makes one evaluation however small the budget;
the budget is a bound to within the last evaluation and the end's work, which
can exceed what was kept back (an evaluation dearer than those before it, or a
closest board whose expected rolls cost more to solve than the first board's).
``Generated.work`` and ``stopped`` say what was spent and what ended the search.

The outcome and its JSON (``Generated``, ``Progress``, ``generated_to_json``) are in ``result``;
the request, placement and the fast figure are modules of their own.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection

from ..board import Board
from ..chance import Analysis, analyze
from ..solver import min_moves
from .expected import Moves, always_finishes, solve_counted
from .placement import PLACE_TRIES, Fits, Jump, Layout, Pairs, assign
from .result import Generated, Progress, generated_to_json, not_met_message, unplaced_message
from .spec import (
    DEFAULT_EVALUATIONS,
    MAX_EVALUATIONS,
    MAX_GENERATE_SIZE,
    MAX_WORK,
    Figures,
    GenerateError,
    Impossible,
    Spec,
    Targets,
    counted,
    distance,
    missed_targets,
)
from .tidy import Tidy, evict, fits, fresh

__all__ = [
    "DEFAULT_EVALUATIONS",
    "MAX_EVALUATIONS",
    "MAX_GENERATE_SIZE",
    "MAX_WORK",
    "Figures",
    "GenerateError",
    "Generated",
    "Impossible",
    "Progress",
    "Spec",
    "Targets",
    "generate",
    "generated_to_json",
    "not_met_message",
]


# --------------------------------------------------------------------------- the search

#: A change that fails this many times in a row without getting closer starts a fresh board.
STALL = 60
#: Boards drawn from the free squares (``Layout.fill``) when rejection sampling could not place one.
FILL_TRIES = 8
#: Work units charged for one draw of a placement (``Layout.draws``): a draw takes about five
#: times as long as a unit of an evaluation.
DRAW_WORK = 5
#: Work units charged for one test of the tidy check (``Tidy.tests``: a corridor test or an end counted).
TIDY_WORK = 5
#: Work units an ``analyze`` check is charged for each position reached and expected roll.
ANALYZE_WORK = 15
#: The progress callback is called every this many evaluations (and once at the end).
PROGRESS_EVERY = 100
#: The distance of a board the fast figures say meets the targets and ``analyze`` does not (rounding).
_UNCONFIRMED = 1e-9
#: Added to the distance of a board with the same jumps as one to avoid (another board of a class set).
DUPLICATE = 100.0


class _Search:
    """The state of one generation: the random source, the current board, the closest one so far, the work."""

    def __init__(
        self, spec: Spec, progress: Callable[[Progress], None] | None, avoid: Collection[frozenset[Jump]] = ()
    ) -> None:
        self.spec = spec
        self.avoid = avoid
        self.progress = progress
        self.rng = random.Random(spec.seed)
        edge = 1 if spec.no_edge_rows else 0
        rows = (edge, spec.n - 1 - edge)  # the rows a jump may touch: the spread rule's bands cut these
        self.tidy = Tidy(spec.n, (spec.snakes, spec.ladders), rows) if spec.tidy else None
        self.layout = Layout(
            spec.n,
            no_edge_rows=spec.no_edge_rows,
            max_jump=spec.max_jump,
            min_rows=spec.min_rows,
            max_rows=spec.longest_rows,
            shape=None if self.tidy is None else self.tidy.shaped,
        )
        self.moves = Moves(spec.n, spec.rules)
        self.kinds = (False,) * spec.snakes + (True,) * spec.ladders  # up: a ladder
        if spec.tidy:  # ladders drawn first, so the snakes fit around them rather than bar them
            self.kinds = self.kinds[::-1]
        self.evaluations = 0
        self.work = 0  # evaluations, checks and matching; the layout counts placement draws (see ``used``)
        self.reserve: int | None = None  # kept back for the last check or figures (see ``spent``)
        self.stopped = "evaluations"
        self.best: tuple[float, list[Jump], Figures] | None = None
        self.checked: tuple[list[Jump], Analysis] | None = None  # the last board analyze was run on
        targets = spec.targets
        self.need_rolls = targets.expected_rolls is not None
        self.need_finish = targets.always_finishes or self.need_rolls

    @property
    def used(self) -> int:
        """Work units spent so far: evaluations, checks, matching, ``DRAW_WORK`` a placement draw and
        ``TIDY_WORK`` a segment test of the tidy check."""
        tests = 0 if self.tidy is None else self.tidy.tests
        return self.work + DRAW_WORK * self.layout.draws + TIDY_WORK * tests

    def fits(self, others: list[Jump]) -> Fits:
        return fits(self.tidy, others)

    def spent(self) -> bool:
        """Whether no further evaluation may start: the cap reached, or the budget but for what is kept
        back for the end (``reserve``): the dearest ``analyze`` check of a board so far when the search
        computes expected rolls, else one fast solve of them for the closest board."""
        if self.evaluations >= self.spec.max_evaluations:
            self.stopped = "evaluations"
            return True
        if self.best is None:
            return False
        if self.reserve is None:
            self.reserve = 0 if self.need_rolls else self.chance(Board(self.spec.n, dict(self.best[1])), 0, True)[1]
        if self.used + self.reserve >= self.spec.max_work:
            self.stopped = "work"
            return True
        return False

    def fresh(self) -> list[Jump] | None:
        """A random board with the jumps asked for, or None when they did not all fit.

        First by rejection sampling (``Layout.place``; a tidy board by ``tidy.fresh``, which pushes aside
        what jams it, ``FILL_TRIES`` times), then from the free squares (``Layout.fill``), which only a
        board nearly full of jumps can defeat.  A tidy board tests each draw against the jumps placed
        before it: O(jumps) tests a draw.
        """
        tidy = self.tidy
        if tidy is not None:
            for _ in range(FILL_TRIES):
                placed = fresh(self.layout, tidy, self.rng, self.kinds)
                if placed is not None:
                    return placed
        else:
            for _ in range(PLACE_TRIES):
                if (drawn := self.layout.draw(self.rng, self.kinds)) is not None:
                    return drawn
        for _ in range(FILL_TRIES):
            filled = self.layout.fill(self.rng, self.kinds, None if tidy is None else tidy.clear)
            if filled is not None:
                return filled
        return None

    def fit(self) -> list[Jump]:
        """A board with the jumps asked for from a maximum matching of the squares, or Impossible
        when even the largest matching is too small (no board of this kind exists), or, for a tidy
        board, when the matching's board is not tidy either (then none was found, not proven absent)."""
        spec = self.spec
        wanted = spec.snakes + spec.ladders
        pairs = Pairs(self.layout, spec.snakes, spec.ladders)
        found = pairs.matching(wanted, self.layout.partial)
        self.work += pairs.work
        if len(found) < wanted:
            raise Impossible(unplaced_message(spec, len(found)))
        jumps = assign(found, spec.snakes, spec.ladders, spec.n * spec.n, self.rng)
        if self.tidy is not None and not self.tidy.board(jumps):
            raise Impossible(
                f"found no tidy board with {counted(spec.snakes, 'snake')} and {counted(spec.ladders, 'ladder')} on a "
                f"{spec.n}×{spec.n} board: every draw left two jumps too close as drawn, or too many ends in a few "
                "rows (ask for fewer, loosen min_rows or max_rows, or set tidy false)"
            )
        return jumps

    def change(self, jumps: list[Jump]) -> list[Jump] | None:
        """``jumps`` with one jump moved or nudged, or None when the drawn change does not fit."""
        i = self.rng.randrange(len(jumps))
        up = self.kinds[i]
        others = [*jumps[:i], *jumps[i + 1 :]]
        used = {square for jump in others for square in jump}
        self.work += len(used)
        fits = self.fits(others)  # O(jumps) segment tests a draw: the others are tidy already
        if self.rng.random() < 0.3:
            if self.tidy is not None:
                return evict(self.layout, self.tidy, self.rng, self.kinds, jumps, i, used)
            moved = self.layout.place(self.rng, up, used, fits)
        else:
            moved = self.layout.nudge(self.rng, jumps[i], up, used, fits)
        if moved is None:
            return None
        return [*jumps[:i], moved, *jumps[i + 1 :]]

    def evaluate(self, jumps: list[Jump], worst: float) -> float:
        """The distance of ``jumps`` from the targets, keeping the closest board; one evaluation.

        Stops early, returning more than ``worst``, once the least moves alone are further than that.
        """
        self.evaluations += 1
        far = self._distance(jumps, worst)
        if self.progress is not None and self.evaluations % PROGRESS_EVERY == 0:
            self.report()
        return far

    def _distance(self, jumps: list[Jump], worst: float) -> float:
        spec = self.spec
        board = Board(spec.n, dict(jumps))
        least = min_moves(board)
        self.work += spec.n * spec.n
        figures = Figures(least, True, None)
        far = distance(spec, figures)
        if self.avoid:  # O(jumps): one frozenset looked up
            self.work += len(jumps)
            far += DUPLICATE if frozenset(jumps) in self.avoid else 0.0
        if far > worst:
            return far
        check = 0
        if self.need_finish:
            figures, check = self.chance(board, least, self.need_rolls)
            self.reserve = max(self.reserve or 0, check) if self.need_rolls else self.reserve
            far = distance(spec, figures)
        if far == 0.0 and not self.confirmed(board, jumps, check):
            far = _UNCONFIRMED
        if self.best is None or far < self.best[0]:
            self.best = (far, jumps, figures)
        return far

    def chance(self, board: Board, least: int, rolls: bool) -> tuple[Figures, int]:
        """The board's figures of random play by the fast solve (``expected.py``), charging twelve units a
        position reached (its rolls listed, then read back for the trap check) plus the solve's own count;
        and what an ``analyze`` check of this board would be charged (see ``check_work``)."""
        ends = self.moves.ends(board.cells())
        finishes = always_finishes(ends, self.moves.last)
        cost = 12 * len(ends)
        expected = None
        if finishes and rolls:
            expected, solving = solve_counted(ends, self.moves.start, self.moves.last)
            cost += solving
        self.work += cost
        return Figures(least, finishes, expected), check_work(self.spec, len(ends), cost, expected)

    def confirmed(self, board: Board, jumps: list[Jump], check: int) -> bool:
        """Whether ``analyze`` agrees that the board meets the expected-rolls target (rounding at a bound).

        The trap check of the fast figures is exact, so only an expected-rolls target needs ``analyze``.
        """
        if not self.need_rolls:
            return True
        analysis = analyze(board, self.spec.rules)
        self.work += check
        self.checked = (jumps, analysis)
        if analysis.finishable != "always":
            return False
        lo, hi = self.spec.targets.expected_rolls or (0.0, 0.0)
        return analysis.expected_rolls is not None and lo <= analysis.expected_rolls <= hi

    def report(self) -> None:
        assert self.progress is not None and self.best is not None
        far, _, figures = self.best
        spec = self.spec
        self.progress(Progress(self.evaluations, spec.max_evaluations, far, figures, self.used, spec.max_work))

    def run(self) -> None:
        """Search until a board meets every target, the evaluations run out or the work budget does.

        A fresh board that cannot be placed is replaced by the closest board so far; only when no
        board was ever placed does ``fit`` decide, exactly, whether any can be.
        """
        while not self.spent():
            jumps = self.fresh()
            if jumps is None:
                jumps = self.fit() if self.best is None else list(self.best[1])
            here = self.evaluate(jumps, math.inf)
            stall = 0
            while here > 0.0 and stall < STALL and jumps and not self.spent():
                changed = self.change(jumps)
                stall += 1
                if changed is None:
                    continue
                far = self.evaluate(changed, here)
                if far <= here:
                    if far < here:
                        stall = 0
                    jumps, here = changed, far
            if here == 0.0 or not jumps:  # met, or the only board there is (no jumps asked for)
                self.stopped = "met" if here == 0.0 else "only board"
                return

    def outcome(self) -> Generated:
        """The closest board with its figures: ``analyze``'s when it was checked, else the fast ones."""
        assert self.best is not None  # run evaluates at least one board
        spec = self.spec
        far, jumps, figures = self.best
        board = Board(spec.n, dict(jumps))
        if self.checked is not None and self.checked[0] == jumps:
            analysis = self.checked[1]
            rolls = analysis.expected_rolls  # a Decimal only beyond float range, where inf compares as it should
            figures = Figures(
                figures.min_moves, analysis.finishable == "always", None if rolls is None else float(rolls)
            )
        elif not self.need_rolls:
            figures = self.chance(board, figures.min_moves, rolls=True)[0]
        if self.progress is not None:
            self.report()
        missed = missed_targets(spec, figures) if far > 0.0 else ()
        if self.avoid and frozenset(jumps) in self.avoid:
            missed += ("a board different from the others (the closest board repeats one)",)
        return Generated(spec, board, figures, far == 0.0, missed, self.evaluations, self.used, self.stopped)


def check_work(spec: Spec, positions: int, evaluation: int, rolls: float | None) -> int:
    """What an ``analyze`` of a board is charged: its evaluation's work twice over, plus
    ``ANALYZE_WORK`` units a position and expected roll (its length distribution is propagated
    roll by roll), the rolls taken at most at the target's upper bound, the most that is checked.
    An estimate fitted to measured times (0.4 to 8 µs an evaluation unit on 6×6 to 50×50 boards)."""
    high = spec.targets.expected_rolls[1] if spec.targets.expected_rolls is not None else 0.0
    expected = min(rolls, high) if rolls is not None else 0.0
    return 2 * evaluation + math.ceil(ANALYZE_WORK * positions * expected)


def generate(
    spec: Spec, progress: Callable[[Progress], None] | None = None, avoid: Collection[frozenset[Jump]] = ()
) -> Generated:
    """Search for a board meeting ``spec``'s targets; the closest board found when none is.

    ``avoid``: jump sets (frozensets of (start, end)) the board must not have, each as far from the
    targets as ``DUPLICATE`` more (so one is returned only when no other board was found): the boards
    already in a class set (``classset``).

    ``progress`` (optional) is called with a ``Progress`` every ``PROGRESS_EVERY``
    evaluations and once at the end.  Work: see the module docstring; the
    ``work`` reported stays within ``spec.max_work`` but for the last evaluation.
    Raises Impossible only when no board with these jumps fits the limits at all.

    >>> found = generate(Spec(n=6, snakes=3, ladders=3, seed=4, targets=Targets(min_moves=3, expected_rolls=(10, 14))))
    >>> found.met, found.figures.min_moves, 10 <= found.figures.expected_rolls <= 14, len(found.board.snakes)
    (True, 3, True, 3)
    """
    search = _Search(spec, progress, avoid)
    search.run()
    return search.outcome()
