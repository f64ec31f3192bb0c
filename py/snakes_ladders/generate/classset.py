"""A class set: ``count`` boards (2 to 8) of one kind, different from each other and equally hard.

``generate_set(SetSpec(Spec(...), count=4, tolerance=0.05))`` generates the first board to the spec's
targets as ``generate`` does, then each other board to the first one's figures: its least moves
exactly, and expected rolls within a window around the first one's, E·(1 + tolerance)^(±1/2) (and
within the spec's own range when the first board met it), so that any two boards of a met set have
the same least moves and expected rolls at most ``tolerance`` apart, relatively:

- **different**: no two boards have the same jumps (the same set of (start, end) pairs); each search
  is told the boards before it and counts a repeat as far from its targets (``generate``'s ``avoid``);
- **equally hard**: the same least moves, and the largest expected rolls at most (1 + tolerance)
  times the smallest (``spread``, the largest over the smallest minus 1, says how far apart they are).

When a board misses (the budget ran out first, or the kind allows no other board that close), the set
is the closest one: every board found, ``met`` false, and ``missed`` naming each board's misses and the
spread, with the figures.  The same spec always gives the same set: board i is searched with seed
``seed + i`` (modulo 2⁵³).

Bounded like ``generate``: ``max_evaluations`` is each board's cap, ``max_work`` the whole set's work
budget, shared out as the set goes (board i may spend what is left over the boards still to find), so
the set's work stays within ``max_work`` but for each board's last evaluation and end (see
``generate``); the checks of the set itself are O(count²·jumps).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..board import MAX_SEED, Shown
from .search import Generated, GenerateError, Progress, Spec, Targets, generate, generated_to_json

__all__ = ["MAX_COUNT", "MIN_COUNT", "GeneratedSet", "SetSpec", "generate_set", "set_to_json"]

#: The fewest and most boards in a set.
MIN_COUNT, MAX_COUNT = 2, 8
#: The tolerance when none is asked: expected rolls at most 5% apart.
DEFAULT_TOLERANCE = 0.05


@dataclass(frozen=True)
class SetSpec:
    """A class set's request: the boards' spec, how many boards, and how far apart their expected rolls may be
    (a fraction: the largest at most (1 + tolerance) times the smallest, 0 to 1)."""

    spec: Spec
    count: int
    tolerance: float = DEFAULT_TOLERANCE

    def __post_init__(self) -> None:
        if type(self.count) is not int or not MIN_COUNT <= self.count <= MAX_COUNT:
            raise GenerateError(
                f"count must be an integer from {MIN_COUNT} to {MAX_COUNT}, got ", Shown(self.count), code="range"
            )
        if type(self.tolerance) not in (int, float) or not 0 <= self.tolerance <= 1:
            raise GenerateError("tolerance must be a number from 0 to 1, got ", Shown(self.tolerance), code="range")

    @classmethod
    def from_json(cls, message: Mapping[str, Any]) -> SetSpec:
        """Read a set's request: ``count`` (required), ``tolerance``, and the fields of ``generate``."""
        if "count" not in message:
            raise GenerateError(f"generate_set needs count: the number of boards, {MIN_COUNT} to {MAX_COUNT}")
        rest = {key: value for key, value in message.items() if key not in ("count", "tolerance")}
        return cls(Spec.from_json(rest), message["count"], message.get("tolerance", DEFAULT_TOLERANCE))


@dataclass(frozen=True)
class GeneratedSet:
    """The set found: its boards (the first to the spec's targets, the others to the first one's figures),
    whether every board met its targets with no two alike (``met``), the spread of their expected rolls
    (largest over smallest minus 1; None when a board's are unknown), each miss in words, and the work."""

    request: SetSpec
    boards: tuple[Generated, ...]
    met: bool
    spread: float | None
    missed: tuple[str, ...]
    work: int


def _window(first: Generated, tolerance: float) -> tuple[float, float] | None:
    """The expected rolls the other boards aim at: within (1 + tolerance)^(±1/2) of the first board's, and
    within the spec's range when the first board met it; None when the first board's are unknown."""
    rolls = first.figures.expected_rolls
    if rolls is None or not math.isfinite(rolls):
        return None
    half = math.sqrt(1 + tolerance)
    lo, hi = rolls / half, rolls * half
    asked = first.spec.targets.expected_rolls
    if asked is not None and first.met:
        lo, hi = max(lo, asked[0]), min(hi, asked[1])
    return lo, hi


def _follower(first: Generated, index: int, tolerance: float, budget: int) -> Spec:
    """The spec of board ``index`` (1 on): the first board's least moves and window, its own seed and budget."""
    spec = first.spec
    least = first.figures.min_moves
    targets = Targets(
        min_moves=least if least > 0 else spec.targets.min_moves,
        expected_rolls=_window(first, tolerance),
        always_finishes=spec.targets.always_finishes,
    )
    return replace(spec, targets=targets, seed=(spec.seed + index) % (MAX_SEED + 1), max_work=max(1, budget))


def spread_of(boards: tuple[Generated, ...]) -> float | None:
    """The largest expected rolls over the smallest, minus 1; None when one is unknown (or not finite).

    O(count)."""
    rolls = [found.figures.expected_rolls for found in boards]
    known = [value for value in rolls if value is not None and math.isfinite(value) and value > 0]
    return max(known) / min(known) - 1 if len(known) == len(rolls) else None


def _misses(request: SetSpec, boards: tuple[Generated, ...], spread: float | None) -> tuple[str, ...]:
    """Each board's misses (``Generated.missed``) and the set's: least moves that differ, two boards alike,
    expected rolls further apart than the tolerance. O(count²·jumps)."""
    missed = [
        f"board {i + 1}: {miss}"
        for i, found in enumerate(boards)
        for miss in found.missed
        if not miss.startswith("a board different")  # said below, naming the two boards
    ]
    moves = sorted({found.figures.min_moves for found in boards})
    if len(moves) > 1:
        missed.append(f"the same least moves (the boards take {', '.join(map(str, moves))})")
    seen: dict[frozenset[tuple[int, int]], int] = {}
    for i, found in enumerate(boards):
        jumps = frozenset(found.board.jumps.items())
        if jumps in seen:
            missed.append(f"boards {seen[jumps] + 1} and {i + 1} are the same board")
        seen.setdefault(jumps, i)
    wanted = f"expected rolls at most {request.tolerance:.0%} apart"
    if spread is None:
        missed.append(f"{wanted} (a board's expected rolls are unknown: it may never finish)")
    elif spread > request.tolerance + 1e-12:
        rolls = ", ".join(f"{found.figures.expected_rolls:.2f}" for found in boards)
        missed.append(f"{wanted} (they are {spread:.1%} apart: {rolls})")
    return tuple(dict.fromkeys(missed))


def generate_set(request: SetSpec, progress: Callable[[int, Progress], None] | None = None) -> GeneratedSet:
    """Generate a class set (see the module docstring); ``progress`` hears (board index from 0, its progress).

    >>> spec = Spec(n=10, snakes=6, ladders=6, seed=3, targets=Targets(min_moves=7, expected_rolls=(30, 40)))
    >>> found = generate_set(SetSpec(spec, count=3))
    >>> found.met, [board.figures.min_moves for board in found.boards], found.spread <= 0.05
    (True, [7, 7, 7], True)
    """
    spec = request.spec
    budget = spec.max_work
    boards: list[Generated] = []
    for index in range(request.count):
        share = (budget - sum(found.work for found in boards)) // (request.count - index)
        hear = None if progress is None else _bind(progress, index)
        if index == 0:
            found = generate(replace(spec, max_work=max(1, share)), hear)
        else:
            avoid = {frozenset(board.board.jumps.items()) for board in boards}
            found = generate(_follower(boards[0], index, request.tolerance, share), hear, avoid)
        boards.append(found)
    done = tuple(boards)
    spread = spread_of(done)
    missed = _misses(request, done, spread)
    return GeneratedSet(request, done, not missed, spread, missed, sum(found.work for found in done))


def _bind(progress: Callable[[int, Progress], None], index: int) -> Callable[[Progress], None]:
    return lambda state: progress(index, state)


def set_to_json(found: GeneratedSet) -> dict[str, Any]:
    """The set as JSON-ready data (the API's ``generate_set`` result): each board as ``generate`` gives it."""
    request = found.request
    missed = list(found.missed)
    message = f"the set of {request.count} boards (seed {request.spec.seed}) misses: " + "; ".join(missed)
    return {
        "count": request.count,
        "boards": [generated_to_json(board) for board in found.boards],
        "met": found.met,
        "min_moves": [board.figures.min_moves for board in found.boards],
        "expected_rolls": [board.figures.expected_rolls for board in found.boards],
        "spread": found.spread,
        "tolerance": request.tolerance,
        "missed": missed,
        "message": "" if found.met else message,
        "work": found.work,
        "max_work": request.spec.max_work,
        "seed": request.spec.seed,
    }
