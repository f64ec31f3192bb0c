"""Random play analysed exactly: the game as an absorbing Markov chain.

Each roll of a fair die moves the token by the chosen ``Rules``, so a game is
a Markov chain on the positions 0 (off the board) and 1..n², n² absorbing.
Nothing here simulates: every figure comes from the chain itself.

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
even when a square is left with a tiny probability.  Each state has at most six
successors, mostly just ahead of it; a snake from s down to t fills in one
entry in each row between t and s, so the work is about six times the total
length of the snakes, not the cube of the number of squares.

- ``expected_rolls`` = Σ_p N[start, p] (and ``visits[p]`` = N[start, p]);
- ``p_finish`` = Σ_p N[start, p]·P(p → n² in one roll);
- ``expected_rolls_if_finished`` = Σ_p N[start, p]·h(p) / h(start), h the
  probability of finishing from p (one more solve, M h = P(· → n²));
- a jump on square s, ending on t, is used at least once with probability
  u / (1 + r): u = Σ_p N[start, p]·λ(p) is its expected number of uses, λ(p)
  the chance that a roll from p lands on s, and r = Σ_p N[t, p]·λ(p) the
  expected uses after a first one (Sherman-Morrison on the chain in which
  landing on s ends the game; one transposed solve per distinct jump end,
  and a correction when a trap that lands on s can be reached).

The distribution of the game's length is propagated turn by turn until less
than ``TAIL`` of the probability is still in play (or ``MAX_TURNS`` turns, when
``truncated`` says so); the percentiles and the several-player race are read
from it.  Players take turns with independent tokens, player 1 first; player i
wins on round t when their token finishes then, players before them have not
finished by round t and players after them not by round t - 1:

    P(i wins) = Σ_t f(t) S(t)^(i-1) S(t-1)^(k-i),   S(t) = P(not finished by turn t),

and the expected number of rolls until someone wins is the sum of
((t - 1)k + i)·P(player i wins on round t); both sums omit at most the
probability still in play at the last turn listed.

>>> from snakes_ladders.board import Board
>>> a = analyze(Board(2, {}))                     # exact landing on a 2×2 board: one roll in six wins
>>> a.finishable, round(a.expected_rolls, 12), a.length.median
('always', 6.0, 4)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import add, itemgetter, mul
from typing import Any, Literal

from .board import Board
from .rules import DIE, LEETCODE, JumpKind, Rules

__all__ = ["MAX_PLAYERS", "MAX_TURNS", "TAIL", "Analysis", "JumpUse", "Length", "Race", "analyze"]

Finishable = Literal["always", "not always", "never"]

#: The length distribution stops once less than this much probability is still in play.
TAIL = 1e-9
#: ... or after this many turns, whichever comes first (``Length.truncated`` then says so).
MAX_TURNS = 10_000
#: Players in a race.
MAX_PLAYERS = 4
#: The percentiles reported, as (name, probability).
PERCENTILES = (("median", 0.5), ("p90", 0.9), ("p95", 0.95))
# Running sums of a few thousand probabilities carry rounding of this order.
_ROUNDING = 1e-12
# Masses this small are dropped from the length distribution (every 16 rolls, before they turn subnormal).
_NEGLIGIBLE = 1e-280


@dataclass(frozen=True)
class Length:
    """The distribution of the number of rolls a single player needs to finish.

    ``p_on_turn[i]`` is the probability of finishing on roll i + 1 exactly and
    ``p_by_turn[i]`` on or before it.  ``remaining`` is the probability still in
    play after the last roll listed (below ``TAIL`` unless ``truncated``), and
    ``trapped`` the probability of being caught in a trap by then; with the
    last ``p_by_turn`` they add up to 1.  ``median``,
    ``p90`` and ``p95`` are the least t with P(finished by roll t) ≥ 0.5, 0.9,
    0.95, or None when the game does not finish that often (or the list stops
    first).
    """

    p_on_turn: tuple[float, ...]
    p_by_turn: tuple[float, ...]
    remaining: float
    trapped: float
    truncated: bool
    median: int | None
    p90: int | None
    p95: int | None


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
    p_used: float
    expected_uses: float | None


@dataclass(frozen=True)
class Race:
    """Several players taking turns, player 1 first, each with their own token.

    ``p_win[i]`` is player i + 1's chance of winning, ``p_no_winner`` the chance
    that every token is trapped, and ``expected_total_rolls`` the expected
    number of rolls (all players together) until someone wins, None when there
    may be no winner.
    """

    players: int
    p_win: tuple[float, ...]
    p_no_winner: float
    expected_total_rolls: float | None


@dataclass(frozen=True)
class Analysis:
    """Everything exact about random play on one board under one set of rules.

    ``visits[s]`` is the expected number of times the token stands on square s
    (the start counts once; ``visits[0]`` is the off-board start, 0.0 when the
    game starts on square 1; ``visits[n²]`` is ``p_finish``); None on the squares
    of a trap that can be reached, which are stood on forever.  ``traps`` lists
    those traps, each a sorted tuple of squares.
    """

    n: int
    rules: Rules
    finishable: Finishable
    p_finish: float
    expected_rolls: float | None
    expected_rolls_if_finished: float | None
    length: Length
    visits: tuple[float | None, ...]
    jumps: tuple[JumpUse, ...]
    traps: tuple[tuple[int, ...], ...]
    race: Race


# --------------------------------------------------------------------------- the chain


@dataclass
class _Chain:
    last: int
    start: int
    # For each position reached from the start (None elsewhere, and for the last square):
    # one (jump square landed on or 0, end) per face of the die.
    outcomes: list[tuple[tuple[int, int], ...] | None]
    reached: list[bool]

    def ends(self, p: int) -> dict[int, int]:
        """``{end: number of faces}`` for one roll from p."""
        counts: dict[int, int] = {}
        for _, end in self.outcomes[p] or ():
            counts[end] = counts.get(end, 0) + 1
        return counts


def _build_chain(board: Board, rules: Rules) -> _Chain:
    cells = board.cells()
    last = board.last
    outcomes: list[tuple[tuple[int, int], ...] | None] = [None] * (last + 1)
    reached = [False] * (last + 1)
    start = rules.start_position
    queue = [start]
    reached[start] = True
    head = 0
    while head < len(queue):
        position = queue[head]
        head += 1
        if position == last:
            continue  # absorbing: the game is over
        here = []
        for roll in DIE:
            landing, overshoot = rules.landing(position, roll, last)
            if overshoot == "stay":
                here.append((0, position))
                continue
            end = cells[landing]
            if end < 0:
                here.append((0, landing))
                end = landing
            else:
                here.append((landing, end))
            if not reached[end]:
                reached[end] = True
                queue.append(end)
        outcomes[position] = tuple(here)
    return _Chain(last=last, start=start, outcomes=outcomes, reached=reached)


def _closed_classes(chain: _Chain) -> list[list[int]]:
    """The closed communicating classes among the reached positions (Tarjan's algorithm, iteratively)."""
    successors = [sorted(chain.ends(p)) if chain.reached[p] else [] for p in range(chain.last + 1)]
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    on_stack: set[int] = set()
    stack: list[int] = []
    component_of: dict[int, int] = {}
    components: list[list[int]] = []
    for root in (p for p in range(chain.last + 1) if chain.reached[p]):
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
                        component_of[member] = len(components)
                        component.append(member)
                        if member == node:
                            break
                    components.append(component)
    return [
        sorted(component)
        for number, component in enumerate(components)
        if all(component_of[q] == number for p in component for q in successors[p])
    ]


# --------------------------------------------------------------------------- exact linear algebra


class _Factors:
    """I - Q over the transient states, factored by sparse GTH elimination from the top index down.

    ``rows[p]`` holds Q[p][q] for transient q != p, ``exits[p]`` the probability
    of leaving the transient states in one roll.  After elimination,
    ``pivot[k]`` is the outflow of k in the chain censored to states 0..k,
    ``upper[k]`` its transitions to lower states then, and ``lower[k]`` the
    multipliers f = Q[p][k] / pivot[k] of the rows p < k that pointed at k.
    """

    def __init__(self, rows: list[dict[int, float]], exits: list[float]) -> None:
        size = len(rows)
        exits = list(exits)
        # pointers[q]: the rows that hold an entry for q (some of them eliminated by the time q is).
        pointers: list[list[int]] = [[] for _ in range(size)]
        for p, row in enumerate(rows):
            for q in row:
                pointers[q].append(p)
        self.size = size
        self.pivot = [0.0] * size
        self.upper: list[list[tuple[int, float]]] = [[] for _ in range(size)]
        self.lower: list[list[tuple[int, float]]] = [[] for _ in range(size)]
        for k in range(size - 1, -1, -1):
            row = rows[k]
            pivot = exits[k] + math.fsum(row.values())
            if pivot <= 0.0:
                raise ArithmeticError(f"state {k} has no way out: it is not transient")
            self.pivot[k] = pivot
            self.upper[k] = upper = list(row.items())
            exit_k = exits[k]
            lower = self.lower[k]
            for p in pointers[k]:
                if p >= k:
                    continue  # already eliminated
                row_p = rows[p]
                weight = row_p.pop(k)
                factor = weight / pivot
                lower.append((p, factor))
                exits[p] += factor * exit_k
                for q, a in upper:
                    if q == p:
                        continue  # a return to p is a self-loop: not an outflow
                    old = row_p.get(q)
                    if old is None:
                        row_p[q] = factor * a
                        pointers[q].append(p)
                    else:
                        row_p[q] = old + factor * a
            rows[k] = {}

        self._gathers()

    def _gathers(self) -> None:
        """Index and value lists for the gathering loops of the solves, each summed at C speed."""
        size = self.size
        self.u_rows = [([q for q, _ in row], [a for _, a in row]) for row in self.upper]
        self.l_cols = [([p for p, _ in col], [f for _, f in col]) for col in self.lower]
        l_rows: list[tuple[list[int], list[float]]] = [([], []) for _ in range(size)]
        for k in range(size):
            for p, f in self.lower[k]:
                l_rows[p][0].append(k)
                l_rows[p][1].append(f)
        self.l_rows = l_rows

    def solve(self, b: list[float]) -> list[float]:
        """Return x with (I - Q) x = b."""
        size = self.size
        z = [0.0] * size
        get = z.__getitem__
        for k in range(size - 1, -1, -1):
            ks, fs = self.l_rows[k]
            z[k] = b[k] + sum(map(mul, fs, map(get, ks))) if ks else b[k]
        x = z  # overwritten from the bottom up: x[q] for q < k is final when k is reached
        for k in range(size):
            qs, as_ = self.u_rows[k]
            x[k] = ((z[k] + sum(map(mul, as_, map(get, qs)))) if qs else z[k]) / self.pivot[k]
        return x

    def solve_transposed(self, c: dict[int, float], top: int | None = None) -> list[float]:
        """Return y with yᵀ (I - Q) = cᵀ, for c given sparsely; entries above ``top`` are left 0."""
        size = self.size
        w = [0.0] * size
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
                y[k] += sum(map(mul, fs, map(get, ps)))
        for k in range(stop, size):
            y[k] = 0.0
        return y


# --------------------------------------------------------------------------- analysis


def analyze(board: Board | Any, rules: Rules = LEETCODE, players: int = 1) -> Analysis:
    """Analyse random play on ``board`` under ``rules``, for 1 to 4 players.

    Takes a Board or a LeetCode matrix (checked for the rules; BoardError when
    malformed).  See the module docstring for the methods.

    >>> a = analyze(Board(3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}))
    >>> a.finishable, a.p_finish, a.expected_rolls, a.traps
    ('never', 0.0, None, ((1, 2),))
    """
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be an integer from 1 to {MAX_PLAYERS}, got {players!r}")
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
    board = rules.check_board(board) if isinstance(board, Board) else rules.board_from_matrix(board)
    chain = _build_chain(board, rules)
    last = chain.last
    traps = [c for c in _closed_classes(chain) if c != [last]]
    trap_of = {p: number for number, trap in enumerate(traps) for p in trap}
    transient = [p for p in range(last) if chain.reached[p] and p not in trap_of]
    index = {p: i for i, p in enumerate(transient)}
    size = len(transient)

    # One row per transient state: Q to the other transient states, and where the rest goes.
    rows: list[dict[int, float]] = []
    to_last = [0.0] * size
    to_trap: list[dict[int, float]] = []
    for i, p in enumerate(transient):
        row: dict[int, float] = {}
        into_traps: dict[int, float] = {}
        for end, faces in chain.ends(p).items():
            probability = faces / 6
            if end == last:
                to_last[i] = probability
            elif end in trap_of:
                number = trap_of[end]
                into_traps[number] = into_traps.get(number, 0.0) + probability
            elif end != p:  # a roll that leaves the token where it was is not an outflow
                row[index[end]] = probability
        rows.append(row)
        to_trap.append(into_traps)
    exits = [to_last[i] + math.fsum(to_trap[i].values()) for i in range(size)]

    start = chain.start
    factors: _Factors | None = None
    visits_t: list[float] = []
    if start in index:
        factors = _Factors(rows, exits)
        visits_t = factors.solve_transposed({index[start]: 1.0})
        p_finish = math.fsum(map(mul, visits_t, to_last))
        p_trap = [
            math.fsum(v * into.get(number, 0.0) for v, into in zip(visits_t, to_trap)) for number in range(len(traps))
        ]
    else:  # the game starts inside a trap
        p_finish = 0.0
        p_trap = [1.0 if start in trap else 0.0 for trap in traps]
    reached_traps = [number for number, p in enumerate(p_trap) if p > 0.0]

    finishable: Finishable
    expected_rolls: float | None = None
    if_finished: float | None = None
    if not chain.reached[last]:
        finishable, p_finish = "never", 0.0
    elif reached_traps:
        finishable, p_finish = "not always", min(p_finish, 1.0)
        assert factors is not None  # n² is reached, so the start is transient
        h = factors.solve(to_last)
        if_finished = math.fsum(map(mul, visits_t, h)) / h[index[start]]
    else:
        finishable, p_finish = "always", 1.0
        expected_rolls = if_finished = math.fsum(visits_t)

    visits: list[float | None] = [0.0] * (last + 1)
    for p, v in zip(transient, visits_t):
        visits[p] = v
    for number in reached_traps:
        for p in traps[number]:
            visits[p] = None
    visits[last] = p_finish

    jumps = _jump_uses(board, chain, trap_of, set(reached_traps), index, factors, visits_t)
    length = _length(board, rules, chain, trap_of)
    race = _race(length, players, p_finish, expected_rolls)
    return Analysis(
        n=board.n,
        rules=rules,
        finishable=finishable,
        p_finish=p_finish,
        expected_rolls=expected_rolls,
        expected_rolls_if_finished=if_finished,
        length=length,
        visits=tuple(visits),
        jumps=jumps,
        traps=tuple(tuple(traps[number]) for number in reached_traps),
        race=race,
    )


def _jump_uses(
    board: Board,
    chain: _Chain,
    trap_of: dict[int, int],
    reached_traps: set[int],
    index: dict[int, int],
    factors: _Factors | None,
    visits_t: list[float],
) -> tuple[JumpUse, ...]:
    """How often each snake and ladder is used; see the module docstring for the formula.

    With λ(p) the chance that a roll from transient p lands on s, and β(p) the
    chance that it enters, without landing on s, a trap that lands on s (once
    inside, the game lands on s again and again), the game lands on s at least
    once with probability g(start), where (I - Q') g = λ + β and Q' is Q without
    the moves that land on s: Q' = Q - λ e_tᵀ when the jump ends on a transient
    t.  Sherman-Morrison turns that into solves with I - Q itself:
    g(start) = (x₀ + z₀ + z₀ x_t - x₀ z_t) / (1 + x_t), x = N λ, z = N β.
    """
    # Per jump square: λ over transient states, and the traps with a square that lands on it.
    lands: dict[int, dict[int, float]] = {}
    caught_by: dict[int, set[int]] = {}
    for p, outcomes in enumerate(chain.outcomes):
        for landing, _ in outcomes or ():
            if not landing:
                continue
            if p in index:
                row = lands.setdefault(landing, {})
                row[index[p]] = row.get(index[p], 0.0) + 1 / 6
            elif trap_of.get(p) in reached_traps:
                caught_by.setdefault(landing, set()).add(trap_of[p])

    plans = []
    tops: dict[int, int] = {}  # transient jump end -> the highest index its row of N is needed at
    for s, t in board.jumps.items():
        if s == t:
            continue  # a jump that goes nowhere is neither a snake nor a ladder
        lam = lands.get(s, {})
        catching = caught_by.get(s, set())
        beta: dict[int, float] = {}
        if catching:
            for p, i in index.items():
                total = sum(
                    1 for landing, end in chain.outcomes[p] or () if landing != s and trap_of.get(end) in catching
                )
                if total:
                    beta[i] = total / 6
        plans.append((s, t, lam, beta, catching))
        if factors is not None and t in index and (lam or beta):
            tops[t] = max(tops.get(t, -1), *lam, *beta)

    rows_of_n = {t: factors.solve_transposed({index[t]: 1.0}, top) for t, top in tops.items()} if factors else {}
    uses = []
    for s, t, lam, beta, catching in plans:
        kind: JumpKind = "ladder" if t > s else "snake"
        if factors is None:  # the game starts inside a trap
            uses.append(JumpUse(s, t, kind, 1.0 if catching else 0.0, None if catching else 0.0))
            continue
        x0 = math.fsum(visits_t[i] * w for i, w in lam.items())
        z0 = math.fsum(visits_t[i] * w for i, w in beta.items())
        if t in rows_of_n:
            row = rows_of_n[t]
            xt = math.fsum(row[i] * w for i, w in lam.items())
            zt = math.fsum(row[i] * w for i, w in beta.items())
            used = (x0 + z0 + z0 * xt - x0 * zt) / (1.0 + xt)
        else:  # landing on s leaves the transient states: no second use without a trap
            used = x0 + z0
        uses.append(JumpUse(s, t, kind, min(1.0, max(0.0, used)), None if catching else x0))
    return tuple(uses)


def _length(board: Board, rules: Rules, chain: _Chain, trap_of: dict[int, int]) -> Length:
    """Propagate the probability still in play roll by roll, until less than TAIL is left.

    Works on the squares themselves, six times faster than on the chain's rows:
    the chance of landing on square l is the sum of the six positions below it
    over 6, formed from sums of neighbouring pairs (two passes over the list);
    then the jumps, the rolls past the last square and the traps are settled
    square by square.  The factor 1/6 is applied once every 16 rolls, together
    with dropping masses under 1e-280 (their total stays under 1e-270), since
    floats smaller than about 1e-308 are subnormal and a hundred times slower.
    Every step adds non-negative numbers, so the tail keeps its relative accuracy.
    """
    last = chain.last
    width = last + 1
    start = chain.start
    on_turn: list[float] = []
    by_turn: list[float] = []
    if start in trap_of:
        return Length((), (), 0.0, 1.0, False, None, None, None)
    jumps = [(s, t) for s, t in board.jumps.items() if s != t and chain.reached[t]]
    starts = [s for s, _ in jumps]
    ends = [t for _, t in jumps]
    gather = itemgetter(*starts) if len(starts) > 1 else (lambda row: tuple(row[s] for s in starts))
    traps = sorted(trap_of)
    # Positions that can roll past the last square: (position, landings of those rolls).
    overshoots = []
    for p in range(max(0, last - 6), last):
        if chain.reached[p] and p not in trap_of:
            landings = [rules.landing(p, roll, last)[0] for roll in DIE if p + roll > last]
            if landings:
                overshoots.append((p, landings))
    stay, win = rules.overshoot == "stay", rules.overshoot == "win"
    zeros = [0.0] * 6
    # mass = (probability on each position) * 6**scale_rolls; only the window sums are taken each roll.
    mass = [0.0] * width
    mass[start] = 1.0
    scale = 1.0
    in_play = 1.0
    finished = 0.0
    trapped = 0.0
    truncated = False
    while in_play >= TAIL:
        if len(on_turn) >= MAX_TURNS:
            truncated = True
            break
        padded = zeros + mass[:-1]  # padded[i + 6] = mass[i]; mass[last] is always 0
        pairs = list(map(add, padded, padded[1:]))  # pairs[i] = padded[i] + padded[i + 1]
        landed = list(map(add, map(add, pairs, pairs[2:]), pairs[4:]))  # six positions below each square
        scale *= 6.0
        won = 0.0
        stays = []
        for p, landings in overshoots:
            share = mass[p]  # one face's share, in the units of landed
            if stay:
                stays.append((p, share * len(landings)))
            elif win:
                won += share * len(landings)
            else:
                for landing in landings:
                    landed[landing] += share
        if starts:
            moved = gather(landed)
            for s in starts:
                landed[s] = 0.0
            for t, value in zip(ends, moved):
                landed[t] += value
        for p, value in stays:
            landed[p] += value
        done = (landed[last] + won) / scale
        landed[last] = 0.0
        if traps:
            trapped += sum(landed[p] for p in traps) / scale
            for p in traps:
                landed[p] = 0.0
        if len(on_turn) % 16 == 15:
            factor = 1.0 / scale
            floor = _NEGLIGIBLE * scale
            landed = [m * factor if m > floor else 0.0 for m in landed]
            scale = 1.0
        mass = landed
        finished += done
        on_turn.append(done)
        by_turn.append(finished)
        in_play = sum(mass) / scale
    marks = {
        name: next((t for t, f in enumerate(by_turn, start=1) if f >= level - _ROUNDING), None)
        for name, level in PERCENTILES
    }
    return Length(
        p_on_turn=tuple(on_turn),
        p_by_turn=tuple(by_turn),
        remaining=in_play,
        trapped=trapped,
        truncated=truncated,
        median=marks["median"],
        p90=marks["p90"],
        p95=marks["p95"],
    )


def _race(length: Length, players: int, p_finish: float, expected_rolls: float | None) -> Race:
    if players == 1:
        return Race(1, (p_finish,), 1.0 - p_finish, expected_rolls)
    wins = [0.0] * players
    total_rolls = 0.0
    before = 1.0  # S(t - 1): not finished by the previous roll
    for t, (f, by) in enumerate(zip(length.p_on_turn, length.p_by_turn), start=1):
        after = max(0.0, 1.0 - by)  # S(t)
        for i in range(players):
            chance = f * after**i * before ** (players - 1 - i)
            wins[i] += chance
            total_rolls += ((t - 1) * players + i + 1) * chance
        before = after
    expected = total_rolls if expected_rolls is not None else None
    return Race(players, tuple(wins), (1.0 - p_finish) ** players, expected)
