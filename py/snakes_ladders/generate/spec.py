"""What the board generator is asked for: a ``Spec`` (size, jumps, limits, seed, cap) and its ``Targets``.

Both are checked when built, with exact messages (``GenerateError``), and a
spec whose targets no board of its kind can meet, by the bounds of
``least_moves_bounds``, is refused as ``Impossible``.  ``Spec.from_json`` reads
the fields of the API's ``generate`` request.  The search is ``search``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..board import LEETCODE, MAX_SEED, Key, MessageError, Quoted, Rules, RulesError, Shown

__all__ = [
    "DEFAULT_EVALUATIONS",
    "MAX_EVALUATIONS",
    "MAX_GENERATE_SIZE",
    "MAX_WORK",
    "Figures",
    "GenerateError",
    "Impossible",
    "Spec",
    "Targets",
    "distance",
    "least_moves_bounds",
    "missed_targets",
    "tidy_rows",
]
#: The sixes rules under which expected.py's rolls are the game's: a third 6 sends the token back.
_PLAIN_AGAIN = (Quoted("plain"), " and ", Quoted("again"))

#: The largest board generated (the page's largest board).
MAX_GENERATE_SIZE = 50
#: Boards looked at before giving up, unless the spec says otherwise ...
DEFAULT_EVALUATIONS = 2_000
#: ... and at most this many.
MAX_EVALUATIONS = 100_000
#: The work budget of every search, in work units (``search`` says what one is), and its default:
#: a request may ask for less, never more.  About 20 s of CPython (0.18-0.24 µs a unit) on the machine of
#: docs/benchmarks.md, 2-5 times that in the page's Pyodide.
MAX_WORK = 100_000_000

_TARGET_KEYS = ("min_moves", "expected_rolls", "always_finishes")
_SPEC_KEYS = (
    "n",
    "snakes",
    "ladders",
    "seed",
    "targets",
    "rules",
    "max_jump",
    "no_edge_rows",
    "tidy",
    "min_rows",
    "max_rows",
    "max_evaluations",
    "max_work",
)


class GenerateError(MessageError):
    """A generation request that is not of the documented form; the message says which field and why.

    A ``MessageError``: ``str`` names the values in Python's terms, ``render("json")`` in JSON's.
    """


class Impossible(GenerateError):
    """Targets that no board of the kind asked for can meet; the message gives the bound."""


def _whole(name: str, value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise GenerateError(f"{name} must be an integer from {low} to {high}, got ", Shown(value), code="range")
    return value


def _flag(name: str, value: object) -> bool:
    if type(value) is not bool:
        raise GenerateError(f"{name} must be true or false, got ", Shown(value), code="flag")
    return value


@dataclass(frozen=True)
class Targets:
    """What the board must achieve; a target left as None is not asked for.

    ``expected_rolls`` is ``(lo, hi)``, both included, 0 ≤ lo ≤ hi.

    >>> Targets(min_moves=7, expected_rolls=(30, 40))
    Targets(min_moves=7, expected_rolls=(30.0, 40.0), always_finishes=True)
    """

    min_moves: int | None = None
    expected_rolls: tuple[float, float] | None = None
    always_finishes: bool = True

    def __post_init__(self) -> None:
        if self.min_moves is not None and (type(self.min_moves) is not int or self.min_moves < 1):
            raise GenerateError(
                "targets.min_moves must be a positive integer, got ", Shown(self.min_moves), code="min_moves"
            )
        if self.expected_rolls is not None:
            object.__setattr__(self, "expected_rolls", _range(self.expected_rolls))
        _flag("targets.always_finishes", self.always_finishes)

    @classmethod
    def from_json(cls, value: Any) -> Targets:
        """Read targets from JSON data: an object with any of min_moves, expected_rolls, always_finishes."""
        if not isinstance(value, dict):
            raise GenerateError(
                f"targets must be an object with {_names(_TARGET_KEYS)}, got ", Shown(value), code="targets_type"
            )
        for key in value:
            if key not in _TARGET_KEYS:
                raise GenerateError(
                    "unknown target ", Key(key), f": the targets are {_names(_TARGET_KEYS)}", code="unknown_target"
                )
        return cls(**value)


def _names(keys: tuple[str, ...]) -> str:
    return ", ".join(keys[:-1]) + " and " + keys[-1]


def _range(value: object) -> tuple[float, float]:
    error = GenerateError(
        "targets.expected_rolls must be a pair [lo, hi] of numbers with 0 ≤ lo ≤ hi, got ",
        Shown(value),
        code="expected_rolls",
    )
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise error
    lo, hi = value
    for bound in (lo, hi):
        if type(bound) not in (int, float) or not math.isfinite(bound):
            raise error
    if not 0 <= lo <= hi:
        raise error
    return float(lo), float(hi)


@dataclass(frozen=True)
class Spec:
    """One generation request: the board's kind, the targets, the limits, the seed, the cap and the work budget.

    Checked when built: GenerateError names a malformed field, Impossible a
    target no board of this kind can meet (see ``least_moves_bounds``).

    >>> Spec(n=10, snakes=8, ladders=0, seed=1, targets=Targets(min_moves=1))
    Traceback (most recent call last):
    ...
    snakes_ladders.generate.spec.Impossible: least moves 1 is out of reach: with no ladders a 10×10 board takes at ...
    """

    n: int
    snakes: int
    ladders: int
    seed: int
    targets: Targets = field(default_factory=Targets)
    rules: Rules = LEETCODE
    max_jump: int | None = None
    no_edge_rows: bool = False
    tidy: bool = False
    min_rows: int = 1
    max_rows: int | None = None
    max_evaluations: int = DEFAULT_EVALUATIONS
    max_work: int = MAX_WORK

    def __post_init__(self) -> None:
        n = _whole("n", self.n, 2, MAX_GENERATE_SIZE)
        last = n * n
        _whole("snakes", self.snakes, 0, last)
        _whole("ladders", self.ladders, 0, last)
        _whole("seed", self.seed, 0, MAX_SEED)
        if not isinstance(self.targets, Targets):
            raise GenerateError("targets must be a Targets, got ", Shown(self.targets), code="targets_type")
        if not isinstance(self.rules, Rules):
            raise GenerateError("rules must be a Rules, got ", Shown(self.rules), code="rules_type")
        if self.rules.sixes == "again-three-to-start":  # expected.py's chain has no count of 6s: a third 6 differs
            refused = (" (the same rolls), not of ", Quoted("again-three-to-start"))
            raise GenerateError("generate's expected rolls are those of sixes ", *_PLAIN_AGAIN, *refused, code="sixes")
        if self.max_jump is not None:
            _whole("max_jump", self.max_jump, 1, last - 1)
        _flag("no_edge_rows", self.no_edge_rows)
        _flag("tidy", self.tidy)
        _whole("min_rows", self.min_rows, 1, max(1, n - 1))
        if self.max_rows is not None:
            _whole("max_rows", self.max_rows, self.min_rows, max(1, n - 1))
        _whole("max_evaluations", self.max_evaluations, 1, MAX_EVALUATIONS)
        _whole("max_work", self.max_work, 1, MAX_WORK)
        if self.targets.min_moves is not None:
            _whole("targets.min_moves", self.targets.min_moves, 1, last - 1)
        self._check_room()
        self._check_reach()

    @classmethod
    def from_json(cls, message: Mapping[str, Any]) -> Spec:
        """Read a spec from a JSON request object (``version``, ``op`` and ``max_size`` are skipped).

        >>> Spec.from_json({"n": 6, "snakes": 2, "ladders": 2, "seed": 5, "targets": {"min_moves": 3}}).targets
        Targets(min_moves=3, expected_rolls=None, always_finishes=True)
        """
        fields: dict[str, Any] = {}
        for key, value in message.items():
            if key in ("version", "op", "max_size"):
                continue
            if key not in _SPEC_KEYS:
                raise GenerateError(
                    "unknown field ",
                    Key(key),
                    f" for generate: the fields are {_names(_SPEC_KEYS)}",
                    code="unknown_field",
                )
            fields[key] = value
        for key in ("n", "snakes", "ladders", "seed"):
            if key not in fields:
                raise GenerateError(f"generate needs {key}: {_NEEDS[key]}", code="missing_field")
        if "targets" in fields:
            fields["targets"] = Targets.from_json(fields["targets"])
        if "rules" in fields:
            try:
                fields["rules"] = Rules.from_json(fields["rules"])
            except RulesError as error:
                raise GenerateError(*error.parts, code=error.code) from None
        return cls(**fields)

    @property
    def longest_rows(self) -> int:
        """The most rows a jump may span: ``max_rows``, else n - 2 for a tidy board (``tidy_rows``: no jump
        spans the whole board), else n - 1."""
        if self.max_rows is not None:
            return self.max_rows
        return max(self.min_rows, tidy_rows(self.n)) if self.tidy else self.n - 1

    def usable_squares(self) -> int:
        """How many squares a jump may start or end on: all, or all but the first and last rows."""
        return self.n * (self.n - 2) if self.no_edge_rows else self.n * self.n

    def _check_room(self) -> None:
        jumps = self.snakes + self.ladders
        usable = self.usable_squares()
        if 2 * jumps > usable:
            where = " outside its first and last rows" if self.no_edge_rows else ""
            raise Impossible(
                f"{counted(self.snakes, 'snake')} and {counted(self.ladders, 'ladder')} need {2 * jumps} different "
                f"squares to start and end on; a {self.n}×{self.n} board has {usable}{where}"
            )

    def _check_reach(self) -> None:
        rows = self.longest_rows
        low, high = least_moves_bounds(self.n, self.snakes, self.ladders, self.max_jump, rows)
        wanted = self.targets.min_moves
        size = f"a {self.n}×{self.n} board"
        longest = f" no longer than {self.max_jump} squares" if self.max_jump is not None else ""
        if rows < self.n - 1:
            longest += f"{',' if longest else ''} at most {counted(rows, 'row')} long"
            longest += "" if self.max_rows is not None else " (a tidy board's default max_rows)"
        if wanted is not None and wanted < low:
            having = "no ladders" if not self.ladders else counted(self.ladders, "ladder") + longest
            raise Impossible(f"least moves {wanted} is out of reach: with {having} {size} takes at least {low} moves")
        if wanted is not None and high is not None and wanted > high:
            having = "no snakes" if not self.snakes else counted(self.snakes, "snake")
            raise Impossible(f"least moves {wanted} is out of reach: with {having} {size} takes at most {high} moves")
        rolls = self.targets.expected_rolls
        floor = wanted if wanted is not None else low
        if rolls is not None and rolls[1] < floor:
            raise Impossible(
                f"expected rolls {rolls[0]:g} to {rolls[1]:g} is out of reach: a game of chance takes at least "
                f"the least number of moves, {'here ' if wanted is None else ''}{floor}"
            )


_NEEDS = {
    "n": f"the board size, an integer from 2 to {MAX_GENERATE_SIZE}",
    "snakes": "the number of snakes, an integer",
    "ladders": "the number of ladders, an integer",
    "seed": f"an integer from 0 to {MAX_SEED} (the same seed gives the same board)",
}


def counted(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def tidy_rows(n: int) -> int:
    """The most rows a tidy board's jump spans unless ``max_rows`` says otherwise: n - 2 (at least 1), so
    that no jump spans the whole board from its first row to its last.  Shorter defaults cost the search:
    half the rows missed least moves 3 on a 10×10 board with 8 + 8 jumps for one seed in 20 (docs/benchmarks.md).

    >>> tidy_rows(2), tidy_rows(3), tidy_rows(10)
    (1, 1, 8)
    """
    return max(1, n - 2)


def least_moves_bounds(
    n: int, snakes: int, ladders: int, max_jump: int | None = None, max_rows: int | None = None
) -> tuple[int, int | None]:
    """Bounds on LeetCode's least moves over every board with these jumps that can be finished.

    Low: a move advances at most 6 squares plus the length of the ladder it
    takes, a shortest game takes each ladder at most once, and a ladder is at
    most ``max_jump`` (else n² - 2) squares long, and one at most ``max_rows``
    rows long at most (max_rows + 1)·n - 1 squares (from its row's first square
    to the last square ``max_rows`` rows up).  High (None when there is no simple
    bound): with at most 5 snakes, rolling the largest roll that does not land
    on a snake is always possible; it advances 6 squares (or finishes) except
    when the square 6 ahead holds a snake, which happens once per snake at
    most, so ceil((n² - 1)/6) + snakes moves suffice.  With no snakes, the
    largest roll always advances min(6, squares left), so ceil((n² - 1)/6).

    >>> least_moves_bounds(10, 8, 0), least_moves_bounds(10, 3, 8, max_jump=20), least_moves_bounds(10, 0, 2)
    ((17, None), (4, 20), (1, 17))
    >>> least_moves_bounds(10, 0, 1, max_rows=8)  # one ladder at most 8 rows long gains at most 89 squares
    (2, 17)
    """
    last = n * n
    base = -(-(last - 1) // 6)
    longest = max_jump if max_jump is not None else last - 2
    if max_rows is not None:
        longest = min(longest, (max_rows + 1) * n - 1)
    low = 1
    while 6 * low + min(low, ladders) * longest < last - 1:
        low += 1
    high = base + snakes if snakes <= 5 else None
    return low, high


# --------------------------------------------------------------------------- how far a board is from them

#: A board that cannot be finished is this far from the targets, plus its other misses.
_TRAP_DISTANCE = 1000.0
#: One move off the least-moves target weighs as much as expected rolls 10% outside their range.
_ROLLS_WEIGHT = 10.0


@dataclass(frozen=True)
class Figures:
    """What a board achieves: LeetCode's least moves (-1 when n² is unreachable), whether random
    play always finishes, and its expected rolls (None when not always, or not computed)."""

    min_moves: int
    always_finishes: bool
    expected_rolls: float | None


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
