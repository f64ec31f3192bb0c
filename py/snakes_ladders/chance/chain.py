"""The game of chance as an absorbing Markov chain, and exact solves with its transient part.

``build_chain`` lists, for every position reachable from the start, where each
face of the die leads; ``closed_classes`` finds the classes the game never
leaves (the last square and any trap); ``Factors`` factors I - Q over the
transient states by sparse Gaussian elimination in the Grassmann-Taksar-Heyman
form (see ``markov``), solves with it, and finds the diagonal of (I - Q)⁻¹ by
selected inversion.

The arithmetic is generic: ``Factors`` works on floats, or on ``decimal.Decimal``
numbers in a context with an unbounded exponent (``wide_context``) when a figure
would overflow or underflow a float.  In float arithmetic ``Factors`` raises
``OutOfRange`` as soon as a pivot falls below ``SAFE_SMALL``, and callers check
their results with ``check_range``: the caller then redoes the work in Decimal.

Work: building the chain is O(n²); the elimination is O(W), W = Σ_k (rows
pointing at k) × (entries of row k) in the order of elimination, at most the
cube of the number of states and in practice about ten times the fill (see the
benchmark); the selected inversion is O(W) too (2W products); each solve is
O(fill).  The states are eliminated from the highest index down, and the
caller's numbering is the order: GTH holds in any order (each pivot is the
outflow to the states not yet eliminated plus the way out), and numbering by
square gave the least W of the orders tried, fill-reducing ones included
(bench/elimination_orders.py).  The elimination's inner loop is a plain loop
over row k (in CPython 3.11 faster than chained ``map`` calls, and it finds
the fill as it goes); the inversion's dot products run at C speed
(``itemgetter`` and ``sum``, or ``math.sumprod`` where it exists).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import MAX_EMAX, MIN_EMIN, Context, Decimal, InvalidOperation
from itertools import repeat
from operator import add, itemgetter, mul
from typing import Any, Generic, TypeVar

from ..board import DIE, Board, Rules

__all__ = [
    "SAFE_LARGE",
    "SAFE_SMALL",
    "Chain",
    "Factors",
    "OutOfRange",
    "OverBudget",
    "build_chain",
    "check_range",
    "closed_classes",
    "wide_context",
]

Number = TypeVar("Number", float, Decimal)

#: In float arithmetic, pivots below this (and figures outside SAFE_SMALL..SAFE_LARGE) send the work to Decimal.
SAFE_SMALL = 1e-280
SAFE_LARGE = 1e280
#: Significant digits of the Decimal arithmetic (floats carry about 16).
DIGITS = 34


class OutOfRange(ArithmeticError):
    """A float figure left the range where floats are accurate: redo the work in Decimal."""


class OverBudget(ArithmeticError):
    """The elimination would take more work than its budget allows; ``work`` is what it had reached.

    The work is counted in the units of W (one product added into a row), before it is done, so a
    refusal costs at most about ``budget`` units.
    """

    def __init__(self, work: int, budget: int, state: int) -> None:
        super().__init__(f"the elimination reached {work:,} units of work at state {state}, over its budget {budget:,}")
        self.work = work
        self.budget = budget
        self.state = state


def wide_context() -> Context:
    """A Decimal context with DIGITS digits and an exponent range no figure here can leave."""
    return Context(prec=DIGITS, Emax=MAX_EMAX, Emin=MIN_EMIN, traps=[InvalidOperation])


def check_range(values: Iterable[float | Decimal]) -> None:
    """Raise OutOfRange unless every float is 0 or finite within SAFE_SMALL..SAFE_LARGE (Decimals always fit)."""
    for value in values:
        if isinstance(value, float) and value != 0.0 and not SAFE_SMALL <= abs(value) <= SAFE_LARGE:
            raise OutOfRange(f"{value!r} is outside the float range kept for exact figures")


@dataclass
class Chain:
    """Positions reached from the start, and one (jump square landed on or 0, end) per face of the die."""

    last: int
    start: int
    outcomes: list[tuple[tuple[int, int], ...] | None]  # None where not reached, and on the last square
    reached: list[bool]

    def ends(self, p: int) -> dict[int, int]:
        """``{end: number of faces}`` for one roll from p."""
        counts: dict[int, int] = {}
        for _, end in self.outcomes[p] or ():
            counts[end] = counts.get(end, 0) + 1
        return counts


def build_chain(board: Board, rules: Rules) -> Chain:
    """The positions reachable from the start under ``rules`` and every roll's outcome; O(n²)."""
    cells = board.cells()
    last = board.last
    outcomes: list[tuple[tuple[int, int], ...] | None] = [None] * (last + 1)
    reached = [False] * (last + 1)
    start = rules.start_position
    queue = [start]
    reached[start] = True
    for position in queue:  # the queue grows while it is read: a breadth-first search
        if position == last:
            continue  # absorbing: the game is over
        here = []
        for roll in DIE:
            landing, end = rules.move(cells, position, roll)
            here.append((0 if landing == end else landing, end))
            if not reached[end]:
                reached[end] = True
                queue.append(end)
        outcomes[position] = tuple(here)
    return Chain(last=last, start=start, outcomes=outcomes, reached=reached)


def closed_classes(chain: Chain) -> list[list[int]]:
    """The closed communicating classes among the reached positions (Tarjan's algorithm, iteratively)."""
    successors = [sorted(chain.ends(p)) if chain.reached[p] else [] for p in range(chain.last + 1)]
    components = _components(successors, [p for p in range(chain.last + 1) if chain.reached[p]])
    component_of = {p: number for number, component in enumerate(components) for p in component}
    return [
        sorted(component)
        for number, component in enumerate(components)
        if all(component_of[q] == number for p in component for q in successors[p])
    ]


def _components(successors: list[list[int]], roots: list[int]) -> list[list[int]]:
    """Strongly connected components of the graph ``successors`` reachable from ``roots``."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[int] = []
    components: list[list[int]] = []
    for root in roots:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(successors[root]))]
        while work:
            node, pending = work[-1]
            for nxt in pending:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(successors[nxt])))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(component)
    return components


def _sum_of_products(vectors: Iterable[Iterable[Any]], weights: list[Any]) -> list[Any]:
    """Σ_i v[i] weights[i] for each non-empty v of ``vectors``, in order, at C speed (before Python 3.12)."""
    return list(map(sum, map(map, repeat(mul), vectors, repeat(weights))))


def _sumprod(vectors: Iterable[Iterable[Any]], weights: list[Any]) -> list[Any]:
    """The same with math.sumprod (Python 3.12 and later, so in Pyodide): no float per product, and more accurate."""
    return list(map(getattr(math, "sumprod"), vectors, repeat(weights)))  # noqa: B009 (absent before 3.12: mypy checks 3.10)


#: Dot products of many vectors with one list of weights: ``_sumprod`` where math.sumprod exists.
_dots = _sumprod if hasattr(math, "sumprod") else _sum_of_products


def _getter(keys: list[int]) -> Callable[[dict[int, Any]], tuple[Any, ...]]:
    """A function returning the values of ``keys`` in a dict as a tuple, at C speed (``itemgetter``)."""
    if len(keys) > 1:
        return itemgetter(*keys)
    return lambda d: tuple(d[key] for key in keys)


class Factors(Generic[Number]):
    """I - Q over the transient states, factored by sparse GTH elimination from the top index down.

    ``rows[p]`` holds Q[p][q] for transient q != p, ``exits[p]`` the probability
    of leaving the transient states in one roll; the exits gathered during the
    elimination are kept apart and added by ``total`` (exactly, for floats).  After elimination,
    ``pivot[k]`` is the outflow of k in the chain censored to states 0..k,
    ``upper[k]`` its transitions to lower states then, and ``lower[k]`` the
    multipliers f = Q[p][k] / pivot[k] of the rows p < k that pointed at k.
    ``total`` adds a row's entries (math.fsum for floats).
    """

    def __init__(
        self,
        rows: list[dict[int, Number]],
        exits: list[Number],
        total: Callable[[Iterable[Number]], Number],
        budget: int | None = None,
    ):
        size = len(rows)
        #: The elimination's work W so far, and the most it may do (OverBudget beyond it).
        self.work = 0
        self.budget = budget
        exits_in: list[list[Number]] = [[e] if e else [] for e in exits]  # summed by ``total`` when needed
        self.size = size
        self.zero: Number = exits[0] * 0 if exits else total(())
        self.pivot: list[Number] = list(exits)
        self.upper: list[list[tuple[int, Number]]] = [[] for _ in range(size)]
        self.lower: list[list[tuple[int, Number]]] = [[] for _ in range(size)]
        # pointers[q]: the rows that hold an entry for q (some of them eliminated by the time q is).
        pointers: list[list[int]] = [[] for _ in range(size)]
        for p, row in enumerate(rows):
            for q in row:
                pointers[q].append(p)
        for k in range(size - 1, -1, -1):
            self._eliminate(k, rows, exits_in, pointers, total)
        self._gathers()

    def _eliminate(
        self,
        k: int,
        rows: list[dict[int, Number]],
        exits: list[list[Number]],
        pointers: list[list[int]],
        total: Callable[[Iterable[Number]], Number],
    ) -> None:
        row = rows[k]
        exit_k = total(exits[k])
        pivot = total(exits[k] + list(row.values()))
        if type(pivot) is float and pivot < SAFE_SMALL:
            raise OutOfRange(f"pivot {pivot!r} of state {k}")
        if not pivot > 0:
            raise ArithmeticError(f"state {k} has no way out: it is not transient")
        self.pivot[k] = pivot
        self.upper[k] = list(row.items())
        items = self.upper[k]
        lower = self.lower[k]
        todo = [p for p in pointers[k] if p < k]  # the others are already eliminated
        self.work += len(todo) * len(items)  # counted before it is done: a refusal costs no more than the budget
        if self.budget is not None and self.work > self.budget:
            raise OverBudget(self.work, self.budget, k)
        for p in todo:
            row_p = rows[p]
            factor = row_p.pop(k) / pivot
            lower.append((p, factor))
            if exit_k:
                exits[p].append(factor * exit_k)
            get = row_p.get
            for q, a in items:  # row_p[q] += factor * a (a plain loop: faster than map chains in CPython 3.11)
                old = get(q)
                if old is None:  # the fill: an entry row p did not have
                    row_p[q] = factor * a
                    pointers[q].append(p)
                else:
                    row_p[q] = old + factor * a
            row_p.pop(p, None)  # a return to p is a self-loop, not an outflow
        rows[k] = {}

    def _gathers(self) -> None:
        """Index and value lists for the gathering loops of the solves, each summed at C speed."""
        size = self.size
        self.u_rows: list[tuple[list[int], list[Number]]] = [([q for q, _ in r], [a for _, a in r]) for r in self.upper]
        self.l_cols: list[tuple[list[int], list[Number]]] = [([p for p, _ in c], [f for _, f in c]) for c in self.lower]
        l_rows: list[tuple[list[int], list[Number]]] = [([], []) for _ in range(size)]
        for k in range(size):
            for p, f in self.lower[k]:
                l_rows[p][0].append(k)
                l_rows[p][1].append(f)
        self.l_rows: list[tuple[list[int], list[Number]]] = l_rows

    def fill(self) -> int:
        """The entries of the factors: what one solve reads."""
        return sum(map(len, self.upper)) + sum(map(len, self.lower))

    def inverse_diagonal(self) -> list[Number]:
        """The diagonal of N = (I - Q)⁻¹, found with N on the transposed pattern of the factors.

        Selected inversion (Takahashi, Erisman-Tinney) of I - Q = U D L, with U unit upper
        (-f above the diagonal), D the pivots and L unit lower (-a/d below it), from N = D⁻¹U⁻¹ + (I - L) N
        and N = L⁻¹D⁻¹ + N (I - U), state 0 first.  Every product is of non-negative numbers: no
        cancellation.  N[j][i] is kept wherever the factors have an entry (i, j): each step needs only
        such entries.  Work 2W and memory O(fill), W as for the elimination.
        """
        zero = self.zero
        cols: list[dict[int, Number]] = [{} for _ in range(self.size)]  # cols[j][i] = N[i][j]
        diagonal: list[Number] = [zero] * self.size
        for k in range(self.size):
            qs, as_ = self.u_rows[k]
            ps, fs = self.l_cols[k]
            pivot = self.pivot[k]
            scaled = [a / pivot for a in as_]
            at_ps = list(map(_getter(qs), map(cols.__getitem__, ps)))  # (N[q][p] for q in qs) for each p
            column = [zero] * len(qs)
            for f, at_p in zip(fs, at_ps, strict=True):  # N[q][k] = Σ_p N[q][p] f[p][k], p by p
                column = list(map(add, column, map(mul, at_p, repeat(f))))
            row = _dots(at_ps, scaled) if qs else [zero] * len(ps)  # N[k][p] = Σ_q (a[k][q] / d[k]) N[q][p]
            col_k = cols[k]
            for q, value in zip(qs, column, strict=True):
                col_k[q] = value
            for p, value in zip(ps, row, strict=True):
                cols[p][k] = value
            diagonal[k] = col_k[k] = (zero + 1) / pivot + (_dots([column], scaled)[0] if qs else zero)
        return diagonal

    def solve(self, b: list[Number]) -> list[Number]:
        """Return x with (I - Q) x = b."""
        size = self.size
        z = [self.zero] * size
        get = z.__getitem__
        zero = self.zero
        for k in range(size - 1, -1, -1):
            ks, fs = self.l_rows[k]
            z[k] = b[k] + sum(map(mul, fs, map(get, ks)), zero) if ks else b[k]
        x = z  # overwritten from the bottom up: x[q] for q < k is final when k is reached
        for k in range(size):
            qs, as_ = self.u_rows[k]
            x[k] = ((z[k] + sum(map(mul, as_, map(get, qs)), zero)) if qs else z[k]) / self.pivot[k]
        return x

    def solve_transposed(self, c: dict[int, Number], top: int | None = None) -> list[Number]:
        """Return y with yᵀ (I - Q) = cᵀ, for c given sparsely; entries above ``top`` are left 0."""
        size = self.size
        zero = self.zero
        w = [zero] * size
        get = w.__getitem__
        pivot = self.pivot
        for k, value in c.items():
            w[k] = value
        upper = self.upper
        for k in range(max(c), -1, -1):
            value = w[k]
            if value:  # scatter: the solution is often zero on much of 0..max(c)
                value /= pivot[k]
                w[k] = value
                for q, a in upper[k]:
                    w[q] += a * value
        y = w  # overwritten from the bottom up: y[p] for p < k is final when k is reached
        stop = size if top is None else min(size, top + 1)
        l_cols = self.l_cols
        for k in range(stop):
            ps, fs = l_cols[k]
            if ps:
                y[k] += sum(map(mul, fs, map(get, ps)), zero)
        for k in range(stop, size):
            y[k] = zero
        return y
