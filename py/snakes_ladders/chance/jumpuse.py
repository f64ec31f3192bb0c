"""How often random play uses each snake and ladder: from the visits and N's diagonal (``elimination``).

The formula is in ``markov``'s docstring; ``jump_uses`` is the second stage on its own, with a budget.
"""

from __future__ import annotations

import decimal
from decimal import Decimal
from typing import Any

from ..board import LEETCODE, Board, JumpKind, Rules
from .chain import OutOfRange, OverBudget, build_chain, check_range, wide_context
from .elimination import JUMP_USE_BUDGET, Exact, System, decimal_sum, solved
from .figures import JumpUse, Number, as_figure


class JumpUseRefused(ArithmeticError):
    """The jump uses would take more work than their budget: ``work`` is the estimate (or a lower bound)."""

    def __init__(self, work: int, budget: int, at_least: bool, why: str | None = None) -> None:
        about = "at least" if at_least else "about"
        super().__init__(
            why or f"jump use not computed: it would take {about} {work:,} units of work, over the budget of {budget:,}"
        )
        self.work = work
        self.budget = budget


def jump_uses(board: Board | Any, rules: Rules = LEETCODE, budget: int | None = JUMP_USE_BUDGET) -> tuple[JumpUse, ...]:
    """How often random play uses each snake and ladder: ``analyze(...).jumps``, figure for figure.

    The elimination costs W, the selected inversion 2W (``analyze``'s bound) and, when a trap
    can be reached, a solve (the fill) per jump end at most; JumpUseRefused, before the
    inversion starts, when that sum would exceed ``budget`` (and as soon as the
    elimination passes a third of it), so a refusal costs at most about a third
    of ``budget`` units.  None: no limit.  Refused (JumpUseRefused, no work) under a sixes rule other
    than plain.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
    board = rules.to_board(board)
    if rules.sixes != "plain":  # a landing's state then carries the turn's 6s: u / N[s][s] no longer holds
        raise JumpUseRefused(0, budget or 0, False, f"jump use not computed under sixes {rules.sixes!r}: only plain")
    system = System(build_chain(board, rules))
    try:  # the whole costs at least 3W: the elimination stops once W passes a third of the budget
        exact = solved(system, None if budget is None else budget // 3)
    except OverBudget as error:
        raise JumpUseRefused(3 * error.work, budget or 0, at_least=True) from None
    factors = exact.factors
    ends = len(set(board.jumps.values())) if exact.reached_traps else 0  # one solve per end a trap lands on, at most
    work = 3 * factors.work + ends * factors.fill() if factors is not None else 0
    if budget is not None and work > budget:
        raise JumpUseRefused(work, budget, at_least=False)
    return jump_uses_exact(board, system, exact)


def jump_uses_exact(board: Board, system: System, exact: Exact[Any]) -> tuple[JumpUse, ...]:
    try:
        return _jump_uses(board, system, exact)
    except OutOfRange:
        with decimal.localcontext(wide_context()):
            return _jump_uses(board, system, Exact(system, Decimal(1), decimal_sum, exact.budget))


def _jump_uses(board: Board, system: System, exact: Exact[Any]) -> tuple[JumpUse, ...]:
    """How often each snake and ladder is used; see the module docstring for the formula.

    Its expected uses u are the visits to the state *landed on s* (``System``).  Without a trap
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
        uses.append(JumpUse(s, t, kind, as_figure(used), None if catching else as_figure(x0)))
    return tuple(uses)


def _dot(values: list[Number], weights: dict[int, Number], zero: Number) -> Number:
    return sum((values[i] * w for i, w in weights.items()), zero)


def _jump_plans(
    board: Board, system: System, exact: Exact[Number]
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
