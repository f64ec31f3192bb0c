"""The exact figures of random play: N = (I - Q)⁻¹ by elimination, the headline figures and π.

``System`` numbers the transient states (positions and landed jump squares) and counts the faces
between them; ``Exact`` eliminates them (``chain.Factors``) in floats or, past a float's range, in
Decimal, and finds the finish chance, the expected rolls and the quasi-stationary distribution π
by inverse iteration.  The method is in ``markov``'s docstring.
"""

from __future__ import annotations

import decimal
import math
from collections.abc import Callable, Iterable
from decimal import Decimal
from operator import mul
from typing import Any, Generic

from .chain import Chain, Factors, OutOfRange, OverBudget, check_range, closed_classes, wide_context
from .figures import Finishable, Number, as_figure
from .length import Stationary

#: Inverse iterations allowed to find the quasi-stationary distribution, and their agreement.
MAX_ITERATIONS = 64
ITERATIONS_PER_TRY = 8
_ITERATION_SCALE = 10**14  # successive rates agree to 1 part in this
#: Work budgets, in units of the elimination's W (one product added into a row: about 0.1 µs of
#: CPython each, docs/benchmarks.md): the headline figures' elimination (the API's analyze op), and
#: the jump uses, whose elimination and selected inversion cost 3W in all (the jump_use op).
HEADLINE_BUDGET = 10_000_000
JUMP_USE_BUDGET = 60_000_000
#: The inverse iteration's solves: at most this many entries of the factors read (solves × fill).
SOLVE_BUDGET = 20_000_000


def solved(system: System, budget: int | None) -> Exact[Any]:
    """The figures from the elimination, in floats or else in Decimal (OverBudget over ``budget``)."""
    try:
        exact: Exact[Any] = Exact(system, 1.0, math.fsum, budget)
        exact.check()
        return exact
    except OutOfRange:
        with decimal.localcontext(wide_context()):
            return Exact(system, Decimal(1), decimal_sum, budget)


def decimal_sum(values: Iterable[Decimal]) -> Decimal:
    return sum(values, Decimal(0))


class System:
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


class Exact(Generic[Number]):
    """The figures from N = (I - Q)⁻¹, in float or Decimal arithmetic (``one`` says which)."""

    def __init__(
        self, system: System, one: Number, total: Callable[[Iterable[Number]], Number], budget: int | None = None
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
        self._wide: Exact[Decimal] | None = None

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
                        self._wide = Exact(self.system, Decimal(1), decimal_sum, self.budget)
                    except OverBudget:  # the tail stays unknown: the list is cut off, and says so
                        self._iterations = MAX_ITERATIONS
                        return None
                return _quasi_stationary(self._wide, shape)


def _quasi_stationary(exact: Exact[Number], shape: list[float]) -> Stationary | None:
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
            return position, as_figure(a), as_figure(b)
        previous = (a, b)
    return None


def _close(new: Number, old: Number) -> bool:
    return bool(abs(new - old) * _ITERATION_SCALE <= abs(new))
