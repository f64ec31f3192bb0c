"""Generate a board to a target: a size, numbers of snakes and ladders, least moves, expected rolls.

``generate(Spec(n=10, snakes=8, ladders=8, seed=1, targets=Targets(min_moves=7,
expected_rolls=(30, 40))))`` searches boards until one meets every target:

- ``min_moves``: LeetCode's least number of moves, exactly (``solve.min_moves``);
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
against ``markov.analyze`` in the tests).  The board returned is confirmed with
``analyze`` itself.

Bounded work: at most ``max_evaluations`` evaluations (default
``DEFAULT_EVALUATIONS``, at most ``MAX_EVALUATIONS``), each O(n²·(snakes + 7))
time and memory, plus O(max_evaluations) random draws for placing jumps (each
placement tries at most ``PLACE_TRIES`` squares) and one ``analyze`` of each
board that meets the targets by the fast figures.  Targets that cannot be met
on any board of the kind asked for, as far as simple bounds tell, are refused
up front with ``Impossible``; others that are not met within the cap give the
closest board found, with ``met`` false and ``missed`` naming the targets.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .board import Board
from .expected import Moves, always_finishes, solve_expected
from .genspec import (
    DEFAULT_EVALUATIONS,
    MAX_EVALUATIONS,
    MAX_GENERATE_SIZE,
    GenerateError,
    Impossible,
    Spec,
    Targets,
    counted,
)
from .markov import Analysis, analyze
from .placement import PLACE_TRIES, Jump, Layout
from .solve import min_moves

__all__ = [
    "DEFAULT_EVALUATIONS",
    "MAX_EVALUATIONS",
    "MAX_GENERATE_SIZE",
    "Figures",
    "GenerateError",
    "Generated",
    "Impossible",
    "Progress",
    "Spec",
    "Targets",
    "generate",
]


# --------------------------------------------------------------------------- the search

#: A change that fails this many times in a row without getting closer starts a fresh board.
STALL = 60
#: The progress callback is called every this many evaluations (and once at the end).
PROGRESS_EVERY = 100
#: A board that cannot be finished is this far from the targets, plus its other misses.
_TRAP_DISTANCE = 1000.0
#: One move off the least-moves target weighs as much as expected rolls 10% outside their range.
_ROLLS_WEIGHT = 10.0
#: The distance of a board the fast figures say meets the targets and ``analyze`` does not (rounding).
_UNCONFIRMED = 1e-9


@dataclass(frozen=True)
class Figures:
    """What a board achieves: LeetCode's least moves (-1 when n² is unreachable), whether random
    play always finishes, and its expected rolls (None when not always, or not computed)."""

    min_moves: int
    always_finishes: bool
    expected_rolls: float | None


@dataclass(frozen=True)
class Progress:
    """Reported to the callback: evaluations so far, the cap, and the closest board's distance and figures."""

    evaluations: int
    max_evaluations: int
    distance: float
    best: Figures


@dataclass(frozen=True)
class Generated:
    """The outcome: a board meeting every target (``met``), or the closest board found.

    ``figures`` come from ``min_moves`` and ``analyze``; ``missed`` says, for
    each target the board does not meet, what it asked and what the board has.
    """

    spec: Spec
    board: Board
    figures: Figures
    met: bool
    missed: tuple[str, ...]
    evaluations: int


def distance(spec: Spec, figures: Figures) -> float:
    """How far ``figures`` are from the spec's targets; 0.0 when every target is met.

    >>> spec = Spec(n=10, snakes=8, ladders=8, seed=1, targets=Targets(min_moves=7, expected_rolls=(30, 40)))
    >>> distance(spec, Figures(6, True, 44.0)), distance(spec, Figures(7, True, 35.0))
    (2.0, 0.0)
    """
    targets = spec.targets
    far = 0.0
    if targets.min_moves is not None:
        far += abs(figures.min_moves - targets.min_moves) if figures.min_moves > 0 else spec.n * spec.n
    if not figures.always_finishes and (targets.always_finishes or targets.expected_rolls is not None):
        return far + _TRAP_DISTANCE
    if targets.expected_rolls is not None and figures.expected_rolls is not None:
        lo, hi = targets.expected_rolls
        rolls = figures.expected_rolls
        if rolls < lo:
            far += _ROLLS_WEIGHT * (lo - rolls) / max(lo, 1.0)
        elif rolls > hi:
            far += _ROLLS_WEIGHT * (rolls - hi) / max(hi, 1.0)
    return far


def missed_targets(spec: Spec, figures: Figures) -> tuple[str, ...]:
    """Each target ``figures`` miss, with what the board has instead.

    >>> spec = Spec(n=10, snakes=8, ladders=8, seed=1, targets=Targets(min_moves=7, expected_rolls=(30, 40)))
    >>> missed_targets(spec, Figures(6, True, 44.25))
    ('least moves 7 (the closest board takes 6)', 'expected rolls 30 to 40 (the closest board has 44.25)')
    """
    targets = spec.targets
    missed = []
    if targets.min_moves is not None and figures.min_moves != targets.min_moves:
        has = f"takes {figures.min_moves}" if figures.min_moves > 0 else "cannot be finished"
        missed.append(f"least moves {targets.min_moves} (the closest board {has})")
    if targets.always_finishes and not figures.always_finishes:
        missed.append("always finishes (the closest board has a trap a game can fall into)")
    if targets.expected_rolls is not None:
        lo, hi = targets.expected_rolls
        rolls = figures.expected_rolls
        if rolls is None:
            missed.append(f"expected rolls {lo:g} to {hi:g} (the closest board may never finish)")
        elif not lo <= rolls <= hi:
            missed.append(f"expected rolls {lo:g} to {hi:g} (the closest board has {rolls:.2f})")
    return tuple(missed)


class _Search:
    """The state of one generation: the random source, the current board, the closest one so far."""

    def __init__(self, spec: Spec, progress: Callable[[Progress], None] | None) -> None:
        self.spec = spec
        self.progress = progress
        self.rng = random.Random(spec.seed)
        self.layout = Layout(spec.n, no_edge_rows=spec.no_edge_rows, max_jump=spec.max_jump)
        self.moves = Moves(spec.n, spec.rules)
        self.kinds = (False,) * spec.snakes + (True,) * spec.ladders  # up: a ladder
        self.evaluations = 0
        self.best: tuple[float, list[Jump], Figures] | None = None
        self.analysis: Analysis | None = None  # of the board that met the targets, once confirmed
        targets = spec.targets
        self.need_rolls = targets.expected_rolls is not None
        self.need_finish = targets.always_finishes or self.need_rolls

    def fresh(self) -> list[Jump] | None:
        """A random board with the jumps asked for, or None when they did not all fit."""
        for _ in range(PLACE_TRIES):
            used: set[int] = set()
            jumps: list[Jump] = []
            for up in self.kinds:
                jump = self.layout.place(self.rng, up, used)
                if jump is None:
                    break
                jumps.append(jump)
                used.update(jump)
            else:
                return jumps
        return None

    def change(self, jumps: list[Jump]) -> list[Jump] | None:
        """``jumps`` with one jump moved or nudged, or None when the drawn change does not fit."""
        i = self.rng.randrange(len(jumps))
        up = self.kinds[i]
        used = {square for j, jump in enumerate(jumps) if j != i for square in jump}
        if self.rng.random() < 0.3:
            moved = self.layout.place(self.rng, up, used)
        else:
            moved = self.layout.nudge(self.rng, jumps[i], up, used)
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
        figures = Figures(least, True, None)
        far = distance(spec, figures)
        if far > worst:
            return far
        if self.need_finish:
            ends = self.moves.ends(board.cells())
            finishes = always_finishes(ends, self.moves.last)
            rolls = solve_expected(ends, self.moves.start, self.moves.last) if finishes and self.need_rolls else None
            figures = Figures(least, finishes, rolls)
            far = distance(spec, figures)
        if far == 0.0 and not self.confirmed(board):
            far = _UNCONFIRMED
        if self.best is None or far < self.best[0]:
            self.best = (far, jumps, figures)
        return far

    def confirmed(self, board: Board) -> bool:
        """Whether ``analyze`` agrees that the board meets the random-play targets (rounding at a bound)."""
        if not self.need_finish:
            return True
        analysis = analyze(board, self.spec.rules)
        self.analysis = analysis
        if analysis.finishable != "always":
            return False
        if self.spec.targets.expected_rolls is None:
            return True
        lo, hi = self.spec.targets.expected_rolls
        return analysis.expected_rolls is not None and lo <= analysis.expected_rolls <= hi

    def report(self) -> None:
        assert self.progress is not None and self.best is not None
        far, _, figures = self.best
        self.progress(Progress(self.evaluations, self.spec.max_evaluations, far, figures))

    def run(self) -> None:
        """Search until a board meets every target or the evaluations run out."""
        cap = self.spec.max_evaluations
        while self.evaluations < cap:
            jumps = self.fresh()
            if jumps is None:
                raise Impossible(
                    f"could not place {counted(self.spec.snakes, 'snake')} and {counted(self.spec.ladders, 'ladder')} "
                    f"within the limits in {PLACE_TRIES} tries: ask for fewer, or loosen max_jump or no_edge_rows"
                )
            here = self.evaluate(jumps, math.inf)
            stall = 0
            while here > 0.0 and stall < STALL and self.evaluations < cap and jumps:
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
                return


def generate(spec: Spec, progress: Callable[[Progress], None] | None = None) -> Generated:
    """Search for a board meeting ``spec``'s targets; the closest board found when none is.

    ``progress`` (optional) is called with a ``Progress`` every ``PROGRESS_EVERY``
    evaluations and once at the end.  Work: at most ``spec.max_evaluations``
    evaluations of O(n²·(snakes + 7)) each (see the module docstring).  Raises
    Impossible when the jumps do not fit the limits.

    >>> found = generate(Spec(n=6, snakes=3, ladders=3, seed=4, targets=Targets(min_moves=3, expected_rolls=(10, 14))))
    >>> found.met, found.figures.min_moves, 10 <= found.figures.expected_rolls <= 14, len(found.board.snakes)
    (True, 3, True, 3)
    """
    search = _Search(spec, progress)
    search.run()
    assert search.best is not None  # run evaluates at least one board
    far, jumps, _ = search.best
    board = Board(spec.n, dict(jumps))
    least = min_moves(board)
    analysis = search.analysis if far == 0.0 and search.analysis is not None else analyze(board, spec.rules)
    rolls = analysis.expected_rolls  # a Decimal only beyond float range, where inf compares as it should
    figures = Figures(least, analysis.finishable == "always", None if rolls is None else float(rolls))
    if progress is not None:
        search.report()
    missed = missed_targets(spec, figures) if far > 0.0 else ()
    return Generated(spec, board, figures, far == 0.0, missed, search.evaluations)


def not_met_message(found: Generated) -> str:
    """One line saying which targets the closest board misses, and by how much.

    >>> spec = Spec(n=10, snakes=1, ladders=1, seed=1, targets=Targets(min_moves=12), max_evaluations=5)
    >>> print(not_met_message(generate(spec)))
    no board met every target in 5 evaluations (seed 1): least moves 12 (the closest board takes 14)
    """
    return f"no board met every target in {found.evaluations:,} evaluations (seed {found.spec.seed}): " + "; ".join(
        found.missed
    )


def generated_to_json(found: Generated) -> dict[str, Any]:
    """The generated board and its figures as JSON-ready data (the API's ``generate`` result).

    >>> data = generated_to_json(generate(Spec(n=3, snakes=1, ladders=1, seed=2, targets=Targets(min_moves=1))))
    >>> data["matrix"], data["min_moves"], data["met"], data["evaluations"]
    ([[-1, -1, -1], [1, -1, -1], [-1, 9, -1]], 1, True, 9)
    """
    spec = found.spec
    board = found.board
    targets = spec.targets
    figures = found.figures
    return {
        "n": board.n,
        "matrix": board.to_matrix(),
        "jumps": [[start, end] for start, end in board.jumps.items()],
        "snakes": len(board.snakes),
        "ladders": len(board.ladders),
        "min_moves": figures.min_moves,
        "always_finishes": figures.always_finishes,
        "expected_rolls": figures.expected_rolls,
        "met": found.met,
        "missed": list(found.missed),
        "evaluations": found.evaluations,
        "seed": spec.seed,
        "rules": spec.rules.to_json(),
        "targets": {
            "min_moves": targets.min_moves,
            "expected_rolls": None if targets.expected_rolls is None else list(targets.expected_rolls),
            "always_finishes": targets.always_finishes,
        },
    }
