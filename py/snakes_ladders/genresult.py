"""What a generation gives back: the board found (``Generated``), the progress heard on the way
(``Progress``), and both in words and as JSON (``not_met_message``, ``generated_to_json``).

The search itself is ``generate.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import Board
from .genspec import MAX_WORK, Figures, Spec


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

    >>> from snakes_ladders.generate import Targets, generate
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

    >>> from snakes_ladders.generate import Targets, generate
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
