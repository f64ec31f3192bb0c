"""The figures past the elimination's budget: estimated from the propagation alone, and saying so.

The chance to finish is exact when it is 1 or 0, else between what finished and 1 - what was
trapped within the rolls propagated; the expected rolls add to the propagated sums a geometric
tail fitted to the last rolls (``Approximation`` says how).
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..board import Board, Rules
from .chain import OverBudget
from .elimination import System
from .figures import FLOAT_MAX, Analysis, Approximation, Finishable
from .length import Length, Race, Tail, distribution, race

#: An estimate's tail is negligible when less than this is still in play after the rolls propagated.
NEGLIGIBLE_TAIL = 1e-12
#: The decay per roll of what is in play is the mean ratio over at most this many last rolls.
DECAY_WINDOW = 32


def unsolved(board: Board, rules: Rules, players: int, system: System, error: OverBudget, max_turns: int) -> Analysis:
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
    if not expected < FLOAT_MAX:
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
    if not tail_sum < FLOAT_MAX:
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
