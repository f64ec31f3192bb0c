"""The results of ``markov.analyze`` and how a figure is held: a float, or a Decimal past a float's range.

``Analysis`` holds the figures of random play, ``JumpUse`` one snake's or ladder's use, ``Approximation``
how figures past the elimination's budget were estimated; ``figure_to_json`` spells a figure out for JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, TypeVar

from ..board import JumpKind, Rules
from .length import Length, Race

Finishable = Literal["always", "not always", "never"]
#: A figure: a float, or a Decimal when it is beyond the range a float holds accurately.
Figure = float | Decimal
Number = TypeVar("Number", float, Decimal)
# Floats hold figures from the smallest normal float up to the largest one.
FLOAT_MIN, FLOAT_MAX = 2.2250738585072014e-308, 1.7976931348623157e308
# Integers beyond this are not exact as JavaScript numbers.
_JS_SAFE = 2**53


@dataclass(frozen=True)
class JumpUse:
    """How often random play uses one snake or ladder.

    ``p_used`` is the probability that a game lands on ``start`` at least once;
    ``expected_uses`` the expected number of landings, None when infinite (a
    trap that keeps landing on it can be reached).
    """

    start: int
    end: int
    kind: JumpKind
    p_used: Figure
    expected_uses: Figure | None


@dataclass(frozen=True)
class Approximation:
    """How the figures of a board over the elimination's budget were estimated (``Analysis.approximate``).

    ``rolls`` rolls were propagated.  The chance to finish lies in [``p_finish_low``,
    ``p_finish_high``]: finished within those rolls, and 1 - trapped within them (a trapped token
    stays trapped); both are 1 when no trap can be reached, and it is then exact.  The expected
    rolls (and the race) add to the sums over those rolls a geometric tail whose ratio per roll,
    ``decay``, is the mean over the last DECAY_WINDOW rolls (None: no decay seen, no estimate);
    ``tail_share`` is that tail's share of the expected rolls (None when not estimated).
    ``note`` says all this in words.
    """

    rolls: int
    p_finish_low: float
    p_finish_high: float
    decay: float | None
    tail_share: float | None
    note: str


@dataclass(frozen=True)
class Analysis:
    """Everything exact about random play on one board under one set of rules.

    ``unsolved`` (None when every figure is exact) says why the figures that
    need the elimination were not computed exactly: then ``visits`` is empty,
    the length list has no tail, and ``p_finish`` (exact when it is 1 or 0),
    the expected rolls and the race are estimates from the propagation, as
    ``approximate`` says (None when the figures are exact).
    ``visits[s]`` is the expected number of times the token stands on square s
    (the start counts once; ``visits[0]`` is the off-board start, 0.0 when the
    game starts on square 1; ``visits[n²]`` is ``p_finish``); None on the squares
    of a trap that can be reached, which are stood on forever.  ``traps`` lists
    those traps, each a sorted tuple of squares.  Figures beyond a float's
    range are Decimals (see ``Figure``).  ``expected_turns`` is the expected number of turns (the
    expected rolls under plain sixes, where a turn is a roll); ``length`` counts rolls.
    """

    n: int
    rules: Rules
    finishable: Finishable
    p_finish: Figure | None
    expected_rolls: Figure | None
    expected_rolls_if_finished: Figure | None
    length: Length
    visits: tuple[Figure | None, ...]
    jumps: tuple[JumpUse, ...]
    traps: tuple[tuple[int, ...], ...]
    race: Race
    unsolved: str | None = None
    approximate: Approximation | None = None
    expected_turns: Figure | None = None


def as_figure(value: float | Decimal) -> Figure:
    """A float when a float holds the value accurately (or it is 0), else the Decimal itself."""
    if isinstance(value, float) or value == 0:
        return float(value)
    return float(value) if Decimal(FLOAT_MIN) <= abs(value) <= Decimal(FLOAT_MAX) else value


def figure_to_json(value: Figure | int | None) -> float | int | dict[str, Any] | None:
    """A figure for JSON: a number when JSON and JavaScript hold it, else its magnitude spelt out.

    None stays None.  A Decimal beyond a float's range, or an integer beyond
    2⁵³, becomes ``{"exact": false, "value": null, "mantissa": m, "exponent": e}``
    with m in [1, 10): the value is about m × 10^e.

    >>> figure_to_json(0.25), figure_to_json(Decimal("3.5e400")), figure_to_json(6**417)["exponent"]
    (0.25, {'exact': False, 'value': None, 'mantissa': 3.5, 'exponent': 400}, 324)
    """
    if value is None or type(value) is float or (type(value) is int and abs(value) <= _JS_SAFE):
        return value
    number = Decimal(value)
    exponent = number.adjusted()
    return {"exact": False, "value": None, "mantissa": float(number.scaleb(-exponent)), "exponent": exponent}
