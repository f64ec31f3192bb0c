"""What a generation gives back: the board found (``Generated``), the progress heard on the way
(``Progress``), and both in words and as JSON (``not_met_message``, ``generated_to_json``); and why
no board of a spec's kind exists (``unplaced_message``).

The search itself is ``search``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..board import Board
from .spec import MAX_WORK, Figures, Spec, counted
from .tidy import FLAT_RATIO, MIN_LENGTH


@dataclass(frozen=True)
class Progress:
    """Reported to the callback: evaluations so far, the cap, the closest board's distance and figures,
    and the work units spent so far out of the budget."""

    evaluations: int
    max_evaluations: int
    distance: float
    best: Figures
    work: int = 0
    max_work: int = MAX_WORK


@dataclass(frozen=True)
class Generated:
    """The outcome: a board meeting every target (``met``), or the closest board found.

    ``figures`` come from ``min_moves`` and ``analyze`` for a board that met random-play targets,
    else from ``min_moves`` and the fast solve (``expected.py``, which agrees with ``analyze`` to
    rounding); ``missed`` says, for each target the board does not meet, what it asked and what
    the board has.  ``work`` is the work units spent; ``stopped`` says what ended the search:
    ``"met"``, ``"evaluations"`` (the cap), ``"work"`` (the budget) or ``"only board"`` (no jumps asked).
    """

    spec: Spec
    board: Board
    figures: Figures
    met: bool
    missed: tuple[str, ...]
    evaluations: int
    work: int = 0
    stopped: str = "met"


def not_met_message(found: Generated) -> str:
    """One line saying which targets the closest board misses, and by how much.

    >>> from snakes_ladders.generate.search import Targets, generate
    >>> spec = Spec(n=10, snakes=1, ladders=1, seed=1, targets=Targets(min_moves=12), max_evaluations=5)
    >>> print(not_met_message(generate(spec)))
    no board met every target in 5 evaluations (seed 1): least moves 12 (the closest board takes 14)
    """
    ended = f"; the work budget, {found.spec.max_work:,} units, ran out" if found.stopped == "work" else ""
    return f"no board met every target in {found.evaluations:,} evaluations (seed {found.spec.seed}{ended}): " + (
        "; ".join(found.missed)
    )


def generated_to_json(found: Generated) -> dict[str, Any]:
    """The generated board and its figures as JSON-ready data (the API's ``generate`` result).

    >>> from snakes_ladders.generate.search import Targets, generate
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
        "message": "" if found.met else not_met_message(found),
        "evaluations": found.evaluations,
        "work": found.work,
        "max_work": spec.max_work,
        "stopped": found.stopped,
        "seed": spec.seed,
        "rules": spec.rules.to_json(),
        "targets": {
            "min_moves": targets.min_moves,
            "expected_rolls": None if targets.expected_rolls is None else list(targets.expected_rolls),
            "always_finishes": targets.always_finishes,
        },
    }


def unplaced_message(spec: Spec, fit: int) -> str:
    """Why no board of ``spec``'s kind exists: at most ``fit`` jumps fit its limits, named with each one to loosen."""
    apart = f" at most {counted(spec.max_jump, 'square')} apart" if spec.max_jump is not None else ""
    rows = " off its first and last rows" if spec.no_edge_rows else ""
    span = (spec.min_rows, spec.longest_rows)
    between = f" {span[0]} to {span[1]} rows" if span[0] < span[1] else f" {counted(span[0], 'row')}"
    between = f"{between} apart" if span != (1, spec.n - 1) else " on different rows"
    shape = f", at least {MIN_LENGTH} squares long and no flatter than {FLAT_RATIO} columns a row" if spec.tidy else ""
    limits = (("max_jump", apart), ("no_edge_rows", rows), ("min_rows or max_rows", span != (1, spec.n - 1)))
    loosen = "".join(", or loosen " + name for name, on in limits if on) + (", or set tidy false" if shape else "")
    return (
        f"could not place {counted(spec.snakes, 'snake')} and {counted(spec.ladders, 'ladder')}: at most "
        f"{counted(fit, 'jump')} fit on a {spec.n}×{spec.n} board{rows}, each on two squares of its "
        f"own{between}{apart}{shape} (ask for fewer{loosen})"
    )
