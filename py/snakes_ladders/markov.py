"""Random play analysed exactly: the game as an absorbing Markov chain.

Each roll of a fair die moves the token by the chosen ``Rules``, so a game is
a Markov chain on the positions 0 (off the board) and 1..n², n² absorbing.
Nothing here simulates: every figure comes from the chain itself (``chain``).

The states are the positions the token can stand on from the start.  They fall
into closed classes, which the game never leaves (the last square, and any
*trap*: a loop of squares from which n² cannot be reached), and transient
states, which it leaves for good sooner or later.  The game finishes
``"always"`` when no trap can be reached, ``"never"`` when n² cannot be, and
``"not always"`` otherwise, with ``p_finish`` its probability.

Expected figures come from the fundamental matrix N = (I - Q)⁻¹ of the
transient part Q, by sparse Gaussian elimination in the
Grassmann-Taksar-Heyman form: states are eliminated from the highest square
down, and each pivot is the sum of the remaining outflows rather than 1 minus
the self-loop, so no step subtracts and the result is accurate to rounding
even when a square is left with a tiny probability.  When a figure leaves the
range of a float (finishing may need 417 sixes in a row: 6^417 rolls), the
same elimination runs in Decimal with an unbounded exponent, and such figures
are returned as ``decimal.Decimal`` (``Figure``); every other figure is a float.

- ``expected_rolls`` = Σ_p N[start, p] (and ``visits[p]`` = N[start, p]);
- ``p_finish`` = Σ_p N[start, p]·P(p → n² in one roll);
- ``expected_rolls_if_finished`` = Σ_p N[start, p]·h(p) / h(start), h the
  probability of finishing from p (one more solve, M h = P(· → n²));
- a jump on square s, ending on t, is used at least once with probability
  u / (1 + r): u is its expected number of uses and r the expected uses
  after a first one.  Each landed jump square is a state of its own in the
  chain (left at once for t), so u = N[start, s] comes with the visits and
  1 + r = N[s, s] is on N's diagonal, found for every jump at once by
  selected inversion of the factors (Sherman-Morrison with one solve per
  jump end instead when a trap that lands on s can be reached).  The landed
  states also cut the elimination's work: the six squares that roll onto a
  jump reach its end through one state.

The length distribution and the race are in ``length``: the probability in
play is propagated roll by roll, and once it has the shape of the
quasi-stationary distribution π (found here by inverse iteration, x ← xN) the
rest is geometric and summed in closed form.  Players take turns with
independent tokens, player 1 first; player i wins on round t when their token
finishes then, players before them have not finished by round t and players
after them not by round t - 1:

    P(i wins) = Σ_t f(t) S(t)^(i-1) S(t-1)^(k-i),   S(t) = P(not finished by turn t),

and the expected number of rolls until someone wins is the sum of
((t - 1)k + i)·P(player i wins on round t).

Over the elimination's budget the figures are estimated from the propagation
alone, and say so (``Approximation``): the finish chance is still exact when it
is 1 or 0, the expected rolls add to the propagated sums a geometric tail
fitted to the last rolls (``_estimate``).

(Over 400 lines: the figures, the linear algebra and the jump uses share the
private ``_Exact`` state; the chain and the length distribution are already in
``chain`` and ``length``.)

>>> from snakes_ladders.board import Board
>>> a = analyze(Board(2, {}))                     # exact landing on a 2×2 board: one roll in six wins
>>> a.finishable, round(a.expected_rolls, 12), a.length.median
('always', 6.0, 4)
"""

from __future__ import annotations

import decimal
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from decimal import Decimal
from operator import mul
from typing import Any, Generic, Literal, TypeVar

from .board import Board
from .chain import Chain, Factors, OutOfRange, OverBudget, build_chain, check_range, closed_classes, wide_context
from .length import MAX_TURNS, TAIL, Length, Race, Stationary, Tail, distribution, race
from .rules import LEETCODE, MAX_PLAYERS, JumpKind, Rules

__all__ = [
    "HEADLINE_BUDGET",
    "JUMP_USE_BUDGET",
    "MAX_PLAYERS",
    "MAX_TURNS",
    "PROPAGATION_BUDGET",
    "TAIL",
    "Analysis",
    "Approximation",
    "Figure",
    "JumpUse",
    "JumpUseRefused",
    "Length",
    "Race",
    "analyze",
    "figure_to_json",
    "jump_uses",
]

Finishable = Literal["always", "not always", "never"]
#: A figure: a float, or a Decimal when it is beyond the range a float holds accurately.
Figure = float | Decimal
Number = TypeVar("Number", float, Decimal)

#: Inverse iterations allowed to find the quasi-stationary distribution, and their agreement.
MAX_ITERATIONS = 64
ITERATIONS_PER_TRY = 8
_ITERATION_SCALE = 10**14  # successive rates agree to 1 part in this
# Floats hold figures from the smallest normal float up to the largest one.
_FLOAT_MIN, _FLOAT_MAX = 2.2250738585072014e-308, 1.7976931348623157e308
#: Work budgets, in units of the elimination's W (one product added into a row: about 0.1 µs of
#: CPython each, docs/benchmarks.md): the headline figures' elimination (the API's analyze op), and
#: the jump uses, whose elimination and selected inversion cost 3W in all (the jump_use op).
HEADLINE_BUDGET = 10_000_000
JUMP_USE_BUDGET = 60_000_000
#: The length distribution's propagation: at most this many units, a roll costing n² + 3J + 1.
PROPAGATION_BUDGET = 32_000_000
#: The inverse iteration's solves: at most this many entries of the factors read (solves × fill).
SOLVE_BUDGET = 20_000_000
# Integers beyond this are not exact as JavaScript numbers.
_JS_SAFE = 2**53
#: An estimate's tail is negligible when less than this is still in play after the rolls propagated.
NEGLIGIBLE_TAIL = 1e-12
#: The decay per roll of what is in play is the mean ratio over at most this many last rolls.
DECAY_WINDOW = 32


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
    range are Decimals (see ``Figure``).
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


def analyze(
    board: Board | Any,
    rules: Rules = LEETCODE,
    players: int = 1,
    *,
    jump_use: bool = True,
    budget: int | None = None,
    rolls: int | None = None,
) -> Analysis:
    """Analyse random play on ``board`` under ``rules``, for 1 to 4 players.

    Takes a Board or a LeetCode matrix (checked for the rules; BoardError when malformed).  See the
    module docstring for the methods.  ``jump_use=False`` leaves the jump uses out (``jump_uses``).
    ``budget`` (units of W, below; None: no limit) bounds the elimination: over it, ``unsolved`` says
    why, and the figures that need it are estimated from the propagation alone (``Approximation``; the
    length has no tail).  ``rolls`` caps the propagation (None: ``propagation_turns``).

    Work bound, for n² squares, J jumps and S reachable transient states: O(n²) to build the chain;
    the elimination O(W) over the S + J states (positions and landed jump squares), eliminated from
    the highest square down, with W = Σ_k (rows pointing at k) × (entries of row k) when k is
    eliminated, at most (S + J)³ and in practice some ten times the fill, and never more than
    ``budget`` (counted before it is done); for random jumps W grows about as J³ (each snake end costs
    the ladders crossing it times the snakes crossing it; no fill-reducing order tried does less,
    bench/elimination_orders.py); the selected inversion (jump use) O(W); one solve (O(fill)) per end
    of a jump a reachable trap lands on, and at most MAX_ITERATIONS + 2 more (after the inverse
    iteration's first try, no more than SOLVE_BUDGET entries read in all); at most min(MAX_TURNS,
    PROPAGATION_BUDGET / (n² + 3J + 1)) rolls of propagation at O(n² + J) each, the estimates
    O(rolls); in Decimal (only when a figure leaves the float range) the same steps, each slower.

    >>> a = analyze(Board(3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}))
    >>> a.finishable, a.p_finish, a.expected_rolls, a.traps
    ('never', 0.0, None, ((1, 2),))
    """
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be an integer from 1 to {MAX_PLAYERS}, got {players!r}")
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
    board = rules.to_board(board)
    system = _System(build_chain(board, rules))
    max_turns = propagation_turns(board) if rolls is None else max(1, min(MAX_TURNS, rolls))
    try:
        exact = _solved(system, budget)
    except OverBudget as error:
        return _unsolved(board, rules, players, system, error, max_turns)
    jumps = _jump_uses_exact(board, system, exact) if jump_use else ()
    length = distribution(board, rules, system.chain, system.trap_of, exact.stationary, max_turns)
    expected = exact.expected_rolls
    return Analysis(
        n=board.n,
        rules=rules,
        finishable=exact.finishable,
        p_finish=_figure(exact.p_finish),
        expected_rolls=None if expected is None else _figure(expected),
        expected_rolls_if_finished=None if exact.if_finished is None else _figure(exact.if_finished),
        length=length,
        visits=tuple(None if v is None else _figure(v) for v in exact.visits()),
        jumps=jumps,
        traps=tuple(tuple(system.traps[number]) for number in exact.reached_traps),
        race=race(length, players, float(exact.p_finish), None if expected is None else _figure(expected)),
    )


class JumpUseRefused(ArithmeticError):
    """The jump uses would take more work than their budget: ``work`` is the estimate (or a lower bound)."""

    def __init__(self, work: int, budget: int, at_least: bool) -> None:
        about = "at least" if at_least else "about"
        super().__init__(
            f"jump use not computed: it would take {about} {work:,} units of work, over the budget of {budget:,}"
        )
        self.work = work
        self.budget = budget


def jump_uses(board: Board | Any, rules: Rules = LEETCODE, budget: int | None = JUMP_USE_BUDGET) -> tuple[JumpUse, ...]:
    """How often random play uses each snake and ladder: ``analyze(...).jumps``, figure for figure.

    The elimination costs W, the selected inversion 2W (``analyze``'s bound) and, when a trap
    can be reached, a solve (the fill) per jump end at most; JumpUseRefused, before the
    inversion starts, when that sum would exceed ``budget`` (and as soon as the
    elimination passes a third of it), so a refusal costs at most about a third
    of ``budget`` units.  None: no limit.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
    board = rules.to_board(board)
    system = _System(build_chain(board, rules))
    try:  # the whole costs at least 3W: the elimination stops once W passes a third of the budget
        exact = _solved(system, None if budget is None else budget // 3)
    except OverBudget as error:
        raise JumpUseRefused(3 * error.work, budget or 0, at_least=True) from None
    factors = exact.factors
    ends = len(set(board.jumps.values())) if exact.reached_traps else 0  # one solve per end a trap lands on, at most
    work = 3 * factors.work + ends * factors.fill() if factors is not None else 0
    if budget is not None and work > budget:
        raise JumpUseRefused(work, budget, at_least=False)
    return _jump_uses_exact(board, system, exact)


def propagation_turns(board: Board) -> int:
    """The most rolls the length distribution is propagated on ``board``: PROPAGATION_BUDGET / (n² + 3J + 1).

    A roll costs about a unit a square and three a jump (measured: 100×100 boards, empty and with 30% jumps).
    """
    return max(1, min(MAX_TURNS, PROPAGATION_BUDGET // (board.last + 3 * len(board.jumps) + 1)))


def _solved(system: _System, budget: int | None) -> _Exact[Any]:
    """The figures from the elimination, in floats or else in Decimal (OverBudget over ``budget``)."""
    try:
        exact: _Exact[Any] = _Exact(system, 1.0, math.fsum, budget)
        exact.check()
        return exact
    except OutOfRange:
        with decimal.localcontext(wide_context()):
            return _Exact(system, Decimal(1), _decimal_sum, budget)


def _jump_uses_exact(board: Board, system: _System, exact: _Exact[Any]) -> tuple[JumpUse, ...]:
    try:
        return _jump_uses(board, system, exact)
    except OutOfRange:
        with decimal.localcontext(wide_context()):
            return _jump_uses(board, system, _Exact(system, Decimal(1), _decimal_sum, exact.budget))


def _unsolved(board: Board, rules: Rules, players: int, system: _System, error: OverBudget, max_turns: int) -> Analysis:
    """What is known without the elimination: the chain's classes exactly, the rest from the propagation.

    The chance to finish is exactly 1 when no trap can be reached (``closed_classes``: every
    reachable position then reaches n²) and 0 when n² cannot be; otherwise it, the expected rolls
    and the race are estimates (``_estimate``).
    """
    chain = system.chain
    length = distribution(board, rules, chain, system.trap_of, None, max_turns)
    finishable: Finishable = "never" if not chain.reached[chain.last] else "not always" if system.traps else "always"
    tail, approximation, expected, if_finished = _estimate(length, finishable)
    p_finish = {"always": 1.0, "never": 0.0}.get(finishable, length.p_by_turn[-1] if length.p_by_turn else 0.0)
    if tail is not None:
        p_finish = {"always": 1.0, "never": 0.0}.get(finishable, _tail_finish(tail))
        result = race(replace(length, tail=tail), players, p_finish, expected)
    elif players == 1:
        by = length.p_by_turn[-1] if length.p_by_turn else 0.0
        rest = max(0.0, 1.0 - by - length.trapped)
        result = Race(1, (by,), length.trapped, None, rest if length.truncated else 0.0)
    else:
        result = race(length, players, 1.0 - length.trapped, None)
    return Analysis(
        n=board.n,
        rules=rules,
        finishable=finishable,
        p_finish=p_finish if finishable != "not always" or tail is not None else None,
        expected_rolls=expected,
        expected_rolls_if_finished=if_finished,
        length=length,
        visits=(),
        jumps=(),
        traps=tuple(tuple(trap) for trap in system.traps),
        race=result,
        unsolved=(
            f"exact figures not computed: they would take more than {error.work:,} units of work, "
            f"over the budget of {error.budget:,}"
        ),
        approximate=None if finishable == "never" else approximation,  # no figure is estimated: 0 and none
    )


def _tail_finish(tail: Tail) -> float:
    """The chance to finish: finished by the tail's start plus what its geometric rest finishes."""
    a, b = float(tail.finish_rate), float(tail.trap_rate)
    return min(1.0, tail.finished + (tail.in_play * a / (a + b) if a + b > 0 else 0.0))


#: A fit to the propagation: the tail, the decay, the expected rolls, those if finished, the tail's share.
_Fit = tuple[Tail | None, float | None, float | None, float | None, float | None]


def _estimate(length: Length, finishable: Finishable) -> tuple[Tail | None, Approximation, float | None, float | None]:
    """A geometric tail fitted to the last rolls, the Approximation, the expected rolls and those if finished.

    What is in play decays by ``decay`` a roll, the mean ratio over the last DECAY_WINDOW rolls:
    of S(t) = P(still in play after t) when no trap can be reached (S known exactly from the end
    back: S(t - 1) = S(t) + f(t)), else of f(t) = P(finish on roll t).  The expected rolls are
    Σ_{t<T} S(t) + S(T) / (1 - decay); those if finished Σ t f(t) + f(T) Σ_j (T + j) decay^j, over
    the estimated chance to finish.  O(T) for T rolls listed.
    """
    count, rest = len(length.p_on_turn), length.remaining
    finished = length.p_by_turn[-1] if length.p_by_turn else 0.0
    if finishable == "always":
        low, high = 1.0, 1.0
    else:
        low, high = (0.0, 0.0) if finishable == "never" else (finished, 1.0 - length.trapped)
    window = min(DECAY_WINDOW, count - 1)
    fit: _Fit = (None, None, None, None, None)
    if finishable == "always" and count:
        fit = _fit_survival(length, window)
    elif finishable == "not always" and window > 0 and length.p_on_turn[-1 - window] > 0:
        fit = _fit_finishing(length, window)
    tail, decay, expected, if_finished, share = fit
    approximation = Approximation(count, low, high, decay, share, _estimate_note(count, rest, share, (low, high)))
    return tail, approximation, expected, if_finished


def _fit_survival(length: Length, window: int) -> _Fit:
    """``_estimate`` when every game finishes: from S, exact backwards from the end."""
    on_turn, rest = length.p_on_turn, length.remaining
    count = len(on_turn)
    survival = [rest]
    for f in reversed(on_turn):
        survival.append(survival[-1] + f)
    survival.reverse()  # survival[t] = S(t), t = 0..T
    ended = math.fsum(on_turn[-window:]) if window > 0 else 0.0
    if rest == 0:
        hazard = 1.0
    elif ended > 0:  # 1 - decay from log1p: no cancellation when hardly any game ends in a roll
        fraction = ended / survival[count - window]
        hazard = 1.0 if fraction >= 1.0 else -math.expm1(math.log1p(-fraction) / window)
    else:
        return None, None, None, None, None
    tail_sum = rest / hazard if hazard > 0 else math.inf
    expected = math.fsum(survival[:count]) + tail_sum
    if not expected < _FLOAT_MAX:
        return None, None, None, None, None
    tail = Tail(count, rest, length.p_by_turn[-1], hazard, 0.0)
    return tail, 1.0 - hazard, expected, expected, tail_sum / expected


def _fit_finishing(length: Length, window: int) -> _Fit:
    """``_estimate`` when a trap can be reached: from the decay of f (what is trapped each roll is not listed)."""
    on_turn, rest = length.p_on_turn, length.remaining
    count = len(on_turn)
    ratio = on_turn[-1] / on_turn[-1 - window]
    hazard = -math.expm1(math.log(ratio) / window) if 0 < ratio < 1 else 0.0  # 1 - decay, without cancellation
    if hazard <= 0:
        return None, None, None, None, None
    decay, finished = 1.0 - hazard, length.p_by_turn[-1]
    later = min(rest, on_turn[-1] * decay / hazard)  # what the tail finishes, at most what is in play
    a = later * hazard / rest if rest else 0.0
    tail = Tail(count, rest, finished, a, max(0.0, hazard - a))
    sums = math.fsum(t * f for t, f in enumerate(on_turn, start=1))
    tail_sum = on_turn[-1] * (count * decay / hazard + decay / hazard**2)
    if not tail_sum < _FLOAT_MAX:
        return None, None, None, None, None
    if finished + later <= 0:
        return tail, decay, None, None, None
    return tail, decay, None, (sums + tail_sum) / (finished + later), tail_sum / (sums + tail_sum)


def _estimate_note(rolls: int, rest: float, share: float | None, bounds: tuple[float, float]) -> str:
    """The words for an Approximation."""
    low, high = bounds
    chance = "the chance to finish is exact; " if low == high else f"the chance to finish is {low:.6g} to {high:.6g}; "
    if share is None:
        tail = "no decay of what is still in play was seen, so nothing after them is estimated"
    elif rest < NEGLIGIBLE_TAIL:
        tail = f"the rest is negligible (less than {NEGLIGIBLE_TAIL:g} of games are still going)"
    else:
        tail = f"the rest is estimated from the decay of the last rolls ({share:.3g} of the expected rolls)"
    return (
        f"approximate: {chance}computed from the first {rolls:,} rolls of play, {tail}; "
        "the exact figures would take more work than the budget allows"
    )


def _decimal_sum(values: Iterable[Decimal]) -> Decimal:
    return sum(values, Decimal(0))


def _figure(value: float | Decimal) -> Figure:
    """A float when a float holds the value accurately (or it is 0), else the Decimal itself."""
    if isinstance(value, float) or value == 0:
        return float(value)
    return float(value) if Decimal(_FLOAT_MIN) <= abs(value) <= Decimal(_FLOAT_MAX) else value


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


# --------------------------------------------------------------------------- the linear algebra


class _System:
    """The transient states and, per state, the faces of the die that lead to each kind of place.

    Besides the transient positions, every jump square that a roll from one of them lands on is a
    state of its own, *landed on s*, left at once for the jump's end (six faces of six).  N restricted
    to the positions is the game's own; the landed states cut the elimination's work (the six rows
    that roll onto a jump no longer each carry the fill of its end), their visits are the jump's
    expected uses and N's diagonal on them the jump uses.  States go by square, a landed state just
    above its square's position: ``index`` maps a position, ``landed`` a jump square to its state,
    and ``positions`` lists the state of each transient position in order.
    """

    def __init__(self, chain: Chain) -> None:
        self.chain = chain
        last = chain.last
        self.traps = [c for c in closed_classes(chain) if c != [last]]
        self.trap_of = {p: number for number, trap in enumerate(self.traps) for p in trap}
        self.transient = [p for p in range(last) if chain.reached[p] and p not in self.trap_of]
        jump_end = {s: end for p in self.transient for s, end in chain.outcomes[p] or () if s}
        order = {
            key: i for i, key in enumerate(sorted([2 * p for p in self.transient] + [2 * s + 1 for s in jump_end]))
        }
        self.index = {p: order[2 * p] for p in self.transient}
        self.landed = {s: order[2 * s + 1] for s in jump_end}
        self.positions = [self.index[p] for p in self.transient]
        # Faces: to other states (a roll that stays put is not an outflow), to n², into each trap.
        self.rows: list[dict[int, int]] = [{} for _ in order]
        self.to_last = [0] * len(order)
        self.to_trap: list[dict[int, int]] = [{} for _ in order]
        for p, i in zip(self.transient, self.positions, strict=True):
            for s, end in chain.outcomes[p] or ():
                if s:
                    self.rows[i][self.landed[s]] = self.rows[i].get(self.landed[s], 0) + 1
                elif end != p:
                    self._add(i, end, 1)
        for s, end in jump_end.items():
            self._add(self.landed[s], end, 6)

    def _add(self, i: int, end: int, faces: int) -> None:
        """Count ``faces`` from state i to position ``end``, transient or not."""
        if end == self.chain.last:
            self.to_last[i] += faces
        elif end in self.trap_of:
            into = self.to_trap[i]
            into[self.trap_of[end]] = into.get(self.trap_of[end], 0) + faces
        else:
            self.rows[i][self.index[end]] = self.rows[i].get(self.index[end], 0) + faces


class _Exact(Generic[Number]):
    """The figures from N = (I - Q)⁻¹, in float or Decimal arithmetic (``one`` says which)."""

    def __init__(
        self, system: _System, one: Number, total: Callable[[Iterable[Number]], Number], budget: int | None = None
    ) -> None:
        self.system = system
        self.budget = budget
        self.one: Number = one
        self.zero: Number = one * 0
        sixth = one / 6

        def weight(faces: int) -> Number:
            return one if faces == 6 else faces * sixth

        self.to_last: list[Number] = [weight(faces) for faces in system.to_last]
        self.to_trap: list[dict[int, Number]] = [
            {n: weight(faces) for n, faces in into.items()} for into in system.to_trap
        ]
        self.factors: Factors[Number] | None = None
        self.visits_all: list[Number] = []  # per state, landed states included
        self.visits_t: list[Number] = []  # per transient position
        self.p_finish: Number = self.zero
        p_trap: list[Number] = []
        start = system.chain.start
        if start in system.index:
            rows = [{q: weight(faces) for q, faces in row.items()} for row in system.rows]
            exits = [to + total(into.values()) for to, into in zip(self.to_last, self.to_trap, strict=True)]
            self.factors = Factors(rows, exits, total, budget)
            self.visits_all = self.factors.solve_transposed({system.index[start]: one})
            self.visits_t = [self.visits_all[i] for i in system.positions]
            self.p_finish = total(map(mul, self.visits_all, self.to_last))
            p_trap = [
                total(v * into.get(n, self.zero) for v, into in zip(self.visits_all, self.to_trap, strict=True))
                for n in range(len(system.traps))
            ]
        else:  # the game starts inside a trap
            p_trap = [one if start in trap else self.zero for trap in system.traps]
        self.reached_traps = [number for number, p in enumerate(p_trap) if p > 0]
        self.expected_rolls: Number | None = None
        self.if_finished: Number | None = None
        self._finish(total)
        self._iterations = 0
        self._wide: _Exact[Decimal] | None = None

    def _finish(self, total: Callable[[Iterable[Number]], Number]) -> None:
        """Whether the game finishes, and the expected figures that are finite."""
        system = self.system
        self.finishable: Finishable
        if not system.chain.reached[system.chain.last]:
            self.finishable, self.p_finish = "never", self.zero
        elif self.reached_traps:
            self.finishable, self.p_finish = "not always", min(self.p_finish, self.one)
            assert self.factors is not None  # n² is reached, so the start is transient
            h = self.factors.solve(self.to_last)
            at_positions = [h[i] for i in system.positions]
            self.if_finished = total(map(mul, self.visits_t, at_positions)) / h[system.index[system.chain.start]]
        else:
            self.finishable, self.p_finish = "always", self.one
            self.expected_rolls = self.if_finished = total(self.visits_t)

    def check(self) -> None:
        """Raise OutOfRange if a float figure is beyond the range where floats stay accurate."""
        check_range(self.visits_all)
        check_range([self.p_finish, self.expected_rolls or self.zero, self.if_finished or self.zero])

    def visits(self) -> list[Number | None]:
        system = self.system
        visits: list[Number | None] = [self.zero] * (system.chain.last + 1)
        for p, v in zip(system.transient, self.visits_t, strict=True):
            visits[p] = v
        for number in self.reached_traps:
            for p in system.traps[number]:
                visits[p] = None
        visits[system.chain.last] = self.p_finish
        return visits

    def stationary(self, shape: list[float]) -> Stationary | None:
        """π as each position's share (floats), and the rates a (finish) and b (trap); None when unknown.

        Inverse iteration from ``shape``, at most ITERATIONS_PER_TRY solves a try and MAX_ITERATIONS
        in all, and after the first try no more than SOLVE_BUDGET / fill; in Decimal when a figure
        leaves the float range.
        """
        if self.factors is None or self._iterations >= MAX_ITERATIONS:
            return None
        if self._iterations and (self._iterations + ITERATIONS_PER_TRY) * self.factors.fill() > SOLVE_BUDGET:
            return None  # the first try is always made: its solves cost no more than the elimination
        self._iterations += ITERATIONS_PER_TRY
        try:
            return _quasi_stationary(self, shape)
        except OutOfRange:
            with decimal.localcontext(wide_context()):
                if self._wide is None:
                    try:
                        self._wide = _Exact(self.system, Decimal(1), _decimal_sum, self.budget)
                    except OverBudget:  # the tail stays unknown: the list is cut off, and says so
                        self._iterations = MAX_ITERATIONS
                        return None
                return _quasi_stationary(self._wide, shape)


def _quasi_stationary(exact: _Exact[Number], shape: list[float]) -> Stationary | None:
    """Inverse iteration x ← xN from ``shape``, until the rates a and b agree between steps (1 in 10¹⁴)."""
    factors = exact.factors
    assert factors is not None
    one = exact.one
    trap_total = [sum(into.values(), exact.zero) for into in exact.to_trap]
    number = type(one)
    positions = exact.system.positions
    x = [number(shape[p]) for p in exact.system.transient]
    previous: tuple[Number, Number] | None = None
    for _ in range(ITERATIONS_PER_TRY):
        y = factors.solve_transposed({i: v for i, v in zip(positions, x, strict=True) if v})
        size = sum(map(y.__getitem__, positions), exact.zero)
        x = [y[i] / size for i in positions]
        a = sum(map(mul, y, exact.to_last), exact.zero) / size  # landed states roll nothing: they pass a share on
        b = sum(map(mul, y, trap_total), exact.zero) / size
        if type(size) is float:
            check_range([size, 1.0 / size] + ([a] if a else []) + ([b] if b else []))
        if previous is not None and _close(a, previous[0]) and _close(b, previous[1]):
            position = [0.0] * (exact.system.chain.last + 1)
            for p, share in zip(exact.system.transient, x, strict=True):
                position[p] = float(share)
            return position, _figure(a), _figure(b)
        previous = (a, b)
    return None


def _close(new: Number, old: Number) -> bool:
    return bool(abs(new - old) * _ITERATION_SCALE <= abs(new))


# --------------------------------------------------------------------------- jump uses


def _jump_uses(board: Board, system: _System, exact: _Exact[Any]) -> tuple[JumpUse, ...]:
    """How often each snake and ladder is used; see the module docstring for the formula.

    Its expected uses u are the visits to the state *landed on s* (``_System``).  Without a trap
    that lands on s, the game lands on s at least once with probability u / N[s][s], N[s][s] from
    the selected inversion.  Otherwise, with β(p) the chance that a roll from p enters, without
    landing on s, a trap that lands on s again and again, the probability is g(start), where
    (I - Q') g = λ + β, λ(p) the chance that a roll from p lands on s and Q' is Q without the
    moves that land on s.  Sherman-Morrison turns that into solves with I - Q itself:
    g(start) = (x₀ + z₀ + z₀ x_t - x₀ z_t) / (1 + x_t), x = N λ, z = N β, x₀ = u, and x_t is
    N[t][landed on s] when the jump ends on a transient t (one solve per such end).
    """
    plans = _jump_plans(board, system, exact)
    factors, index, landed, zero = exact.factors, system.index, system.landed, exact.zero
    tops: dict[int, int] = {}  # the end of a jump a trap lands on -> the highest index its row of N is needed at
    for s, t, beta, _ in plans:
        if factors is not None and t in index and beta:
            tops[t] = max(tops.get(t, -1), landed.get(s, -1), *beta)
    rows_of_n = {t: factors.solve_transposed({index[t]: exact.one}, top) for t, top in tops.items()} if factors else {}
    diagonal = factors.inverse_diagonal() if factors is not None and landed else []
    uses = []
    for s, t, beta, catching in plans:
        kind: JumpKind = "ladder" if t > s else "snake"
        if factors is None:  # the game starts inside a trap
            uses.append(JumpUse(s, t, kind, 1.0 if catching else 0.0, None if catching else 0.0))
            continue
        x0 = exact.visits_all[landed[s]] if s in landed else zero
        z0 = _dot(exact.visits_all, beta, zero)
        if t in rows_of_n and beta:
            xt = rows_of_n[t][landed[s]] if s in landed else zero
            zt = _dot(rows_of_n[t], beta, zero)
            if type(xt) is float:
                check_range([xt, zt])
            used = (x0 + z0 + z0 * xt - x0 * zt) / (1 + xt)
        else:  # z₀ = 0, or the jump leaves the transient states (N[s][s] = 1)
            used = (x0 / diagonal[landed[s]] if s in landed else zero) + z0
        used = min(exact.one, max(zero, used))
        uses.append(JumpUse(s, t, kind, _figure(used), None if catching else _figure(x0)))
    return tuple(uses)


def _dot(values: list[Number], weights: dict[int, Number], zero: Number) -> Number:
    return sum((values[i] * w for i, w in weights.items()), zero)


def _jump_plans(
    board: Board, system: _System, exact: _Exact[Number]
) -> list[tuple[int, int, dict[int, Number], set[int]]]:
    """Per jump (s, t): β over the transient states, and the reachable traps that land on s."""
    chain, index, trap_of = system.chain, system.index, system.trap_of
    reached = set(exact.reached_traps)
    sixth = exact.one / 6
    caught_by: dict[int, set[int]] = {}
    for p, outcomes in enumerate(chain.outcomes):
        if p not in index and trap_of.get(p) in reached:
            for landing, _ in outcomes or ():
                if landing:
                    caught_by.setdefault(landing, set()).add(trap_of[p])
    plans = []
    for s, t in board.jumps.items():
        if s == t:
            continue  # a jump that goes nowhere is neither a snake nor a ladder
        catching = caught_by.get(s, set())
        beta: dict[int, Number] = {}
        for p, i in index.items() if catching else ():
            faces = sum(1 for landing, end in chain.outcomes[p] or () if landing != s and trap_of.get(end) in catching)
            if faces:
                beta[i] = faces * sixth
        plans.append((s, t, beta, catching))
    return plans
