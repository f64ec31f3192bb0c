"""How long a game of chance lasts, and who wins a race: the length distribution and its tail.

The probability still in play is propagated roll by roll.  Once its shape (the
share of each position) matches the chain's quasi-stationary distribution π,
every later roll finishes a fixed fraction ``a`` of what is in play and traps a
fixed fraction ``b``: the rest of the distribution is geometric and is written
in closed form (``Tail``), so the percentiles, the race and its expected length
are exact sums however long the game can last.  π, a and b come from inverse
iteration with the exact factors (``markov``), in Decimal when they leave the
float range.  The shapes must agree on every position to 1e-12 relative plus
1e-15 absolute (as shares of the whole); the figures from the tail carry that
tolerance.  When the shapes never agree within ``MAX_TURNS`` rolls the list is
``truncated`` and the race says how much of it is still ``undecided``.

Work: O(max_turns × (n² + jumps)) for the propagation (``markov`` bounds max_turns × n² by a
budget), plus one comparison of O(n²) every CHECK_EVERY rolls; the tail and the race are O(players²).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal, localcontext
from operator import add, itemgetter

from ..board import DIE, Board, Rules
from .chain import Chain, wide_context

__all__ = ["MAX_TURNS", "TAIL", "Length", "Race", "Stationary", "Tail", "distribution", "listed_length", "race"]

#: The listed distribution stops once less than this much probability is still in play.
TAIL = 1e-9
#: ... or after this many rolls, whichever comes first.
MAX_TURNS = 10_000
#: The shape of what is in play is compared with π every this many rolls.
CHECK_EVERY = 32
#: The percentiles reported, as (name, probability).
PERCENTILES = (("median", 0.5), ("p90", 0.9), ("p95", 0.95))
_RELATIVE, _ABSOLUTE = 1e-12, 1e-15
# Running sums of a few thousand probabilities carry rounding of this order.
_ROUNDING = 1e-12
#: Masses this small are dropped from the propagation (every 16 rolls, before they turn subnormal);
#: entries of the listed distribution below it are listed as 0.
NEGLIGIBLE = 1e-280


#: π (each position's share), the finishing rate a and the trapping rate b.
Stationary = tuple[list[float], float | Decimal, float | Decimal]


@dataclass(frozen=True)
class Tail:
    """The geometric rest of the distribution after roll ``after``.

    Then ``in_play`` is still in play, ``finished`` has finished; every later
    roll finishes ``finish_rate`` and traps ``trap_rate`` of what is in play
    (Decimal when smaller than a float holds accurately).
    """

    after: int
    in_play: float
    finished: float
    finish_rate: float | Decimal
    trap_rate: float | Decimal


@dataclass(frozen=True)
class Length:
    """The distribution of the number of rolls a single player needs to finish.

    ``p_on_turn[i]`` is the probability of finishing on roll i + 1 exactly and
    ``p_by_turn[i]`` on or before it (entries under NEGLIGIBLE are listed as 0).
    ``remaining`` is what is still in play after the last roll listed and
    ``trapped`` what is caught in a trap by then; with the last ``p_by_turn``
    they add up to 1.  The list stops once ``remaining`` < TAIL, or at
    MAX_TURNS rolls with ``truncated`` set.  ``tail`` (when known) gives every
    roll after ``tail.after`` in closed form, and entries past it come from
    there.  ``median``, ``p90`` and ``p95`` are the least t with P(finished by
    roll t) ≥ 0.5, 0.9, 0.95, read from the list or else from the tail, or None
    when the game does not finish that often or is truncated with no tail.
    """

    p_on_turn: tuple[float, ...]
    p_by_turn: tuple[float, ...]
    remaining: float
    trapped: float
    truncated: bool
    median: int | None
    p90: int | None
    p95: int | None
    tail: Tail | None = None


@dataclass(frozen=True)
class Race:
    """Several players taking turns, player 1 first, each with their own token.

    ``p_win[i]`` is player i + 1's chance of winning, ``p_no_winner`` the chance
    that every token is trapped, and ``expected_total_rolls`` the expected
    number of rolls (all players together) until someone wins, None when there
    may be no winner or ``undecided`` > 0.  ``undecided`` is the chance that no
    one has won within the rolls listed when the length was truncated without
    a known tail (0 otherwise); p_win, p_no_winner and undecided add up to 1.
    Under a sixes rule the players take turns, each of one roll or more (``turnlength``).
    ``total_rolls_median`` and ``total_rolls_p90`` are the least t with P(total rolls ≤ t) ≥ 0.5 and
    0.9 (``totals``), None when not reached within the totals known exactly; ``total_rolls_cut_off``
    says that one of them may lie past those rather than never be reached.
    """

    players: int
    p_win: tuple[float, ...]
    p_no_winner: float
    expected_total_rolls: float | Decimal | None
    undecided: float = 0.0
    total_rolls_median: int | None = None
    total_rolls_p90: int | None = None
    total_rolls_cut_off: bool = False


@dataclass
class _Walk:
    """The propagation's state: mass (scaled by ``scale``), and the list so far."""

    mass: list[float]
    scale: float
    on_turn: list[float]
    by_turn: list[float]
    finished: float = 0.0
    trapped: float = 0.0
    in_play: float = 1.0


def distribution(
    board: Board,
    rules: Rules,
    chain: Chain,
    trap_of: dict[int, int],
    stationary: Callable[[list[float]], Stationary | None] | None,
    max_turns: int = MAX_TURNS,
) -> Length:
    """The length distribution, propagated for at most ``max_turns`` rolls (``truncated`` says when cut off).

    ``stationary(shape)`` (None when π cannot be found) runs inverse iteration from ``shape`` (each
    position's share of what is in play) and returns (π per position, a, b),
    or None when it has not settled; it is asked only once the shape has
    stopped changing to 1e-6 between checks, and its answer is kept.
    """
    if chain.start in trap_of:
        return Length((), (), 0.0, 1.0, False, None, None, None)
    walk = _Walk(mass=[0.0] * (chain.last + 1), scale=1.0, on_turn=[], by_turn=[])
    walk.mass[chain.start] = 1.0
    roll = _roller(board, rules, chain, trap_of)
    tail: Tail | None = None
    found: Stationary | None = None
    before: list[float] = []
    while walk.in_play >= TAIL and len(walk.on_turn) < max_turns:
        roll(walk)
        if stationary is None or len(walk.on_turn) % CHECK_EVERY or walk.in_play < TAIL:
            continue  # without π (None: no factors to find it with) no shape is compared
        if found is None:
            shape = _shares(walk.mass)
            if _close_shapes(shape, before, 1e-6, 1e-9):
                found = stationary(shape)
            before = shape
        if found is not None and _close_shapes(_shares(walk.mass), found[0], _RELATIVE, _ABSOLUTE):
            walk.in_play = max(0.0, 1.0 - walk.finished - walk.trapped)  # the sum of the masses, without rounding
            tail = Tail(len(walk.on_turn), walk.in_play, walk.finished, found[1], found[2])
            _extend(walk, tail)
    marks = {name: _percentile(walk.by_turn, level, tail) for name, level in PERCENTILES}
    return Length(
        p_on_turn=tuple(walk.on_turn),
        p_by_turn=tuple(walk.by_turn),
        remaining=walk.in_play,
        trapped=walk.trapped,
        truncated=walk.in_play >= TAIL,
        median=marks["median"],
        p90=marks["p90"],
        p95=marks["p95"],
        tail=tail,
    )


def listed_length(on_turn: list[float], trapped: float, truncated: bool) -> Length:
    """A Length from the chances of finishing on each listed turn (no tail), with its percentiles.

    >>> listed_length([0.5, 0.25], 0.0, False).p90 is None, listed_length([0.5, 0.25], 0.0, False).median
    (True, 1)
    """
    by_turn = list(itertools.accumulate(on_turn))
    remaining = max(0.0, 1.0 - (by_turn[-1] if by_turn else 0.0) - trapped)
    marks = {name: _percentile(by_turn, level, None) for name, level in PERCENTILES}
    listed = tuple(f if f >= NEGLIGIBLE else 0.0 for f in on_turn)
    return Length(listed, tuple(by_turn), remaining, trapped, truncated, marks["median"], marks["p90"], marks["p95"])


def _roller(board: Board, rules: Rules, chain: Chain, trap_of: dict[int, int]) -> Callable[[_Walk], None]:
    """One roll of the propagation, on the squares themselves (six times faster than on the chain's rows).

    The chance of landing on square l is the sum of the six positions below it
    over 6, formed from sums of neighbouring pairs; then the jumps, the rolls
    past the last square and the traps are settled square by square.  The
    factor 1/6 is applied once every 16 rolls, together with dropping masses
    under NEGLIGIBLE (their total stays under 1e-270), since floats smaller
    than about 1e-308 are subnormal and a hundred times slower.
    """
    last = chain.last
    jumps = [(s, t) for s, t in board.jumps.items() if s != t and chain.reached[t]]
    starts, ends = [s for s, _ in jumps], [t for _, t in jumps]
    gather = itemgetter(*starts) if len(starts) > 1 else (lambda row: tuple(row[s] for s in starts))
    traps = sorted(trap_of)
    overshoots = _overshoots(rules, chain, trap_of)
    stay, win = rules.overshoot == "stay", rules.overshoot == "win"
    zeros = [0.0] * 6

    def roll(walk: _Walk) -> None:
        mass = walk.mass
        padded = zeros + mass[:-1]  # padded[i + 6] = mass[i]; mass[last] is always 0
        pairs = list(map(add, padded, padded[1:]))
        landed = list(map(add, map(add, pairs, pairs[2:]), pairs[4:]))  # six positions below each square
        walk.scale *= 6.0
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
            for t, value in zip(ends, moved, strict=True):
                landed[t] += value
        for p, value in stays:
            landed[p] += value
        done = (landed[last] + won) / walk.scale
        landed[last] = 0.0
        for p in traps:
            walk.trapped += landed[p] / walk.scale
            landed[p] = 0.0
        if len(walk.on_turn) % 16 == 15:
            factor, floor = 1.0 / walk.scale, NEGLIGIBLE * walk.scale
            landed = [m * factor if m > floor else 0.0 for m in landed]
            walk.scale = 1.0
        walk.mass = landed
        walk.finished += done
        walk.on_turn.append(done)
        walk.by_turn.append(walk.finished)
        walk.in_play = sum(landed) / walk.scale

    return roll


def _overshoots(rules: Rules, chain: Chain, trap_of: dict[int, int]) -> list[tuple[int, list[int]]]:
    """The positions that can roll past the last square, with the landings of those rolls."""
    last = chain.last
    return [
        (p, [rules.landing(p, r, last)[0] for r in DIE if p + r > last])
        for p in range(max(0, last - 6), last)
        if chain.reached[p] and p not in trap_of
    ]


def _shares(mass: list[float]) -> list[float]:
    """Each position's share of the mass."""
    total = sum(mass)
    return [m / total for m in mass] if total > 0 else mass


def _close_shapes(new: list[float], old: list[float], relative: float, absolute: float) -> bool:
    """Whether two shapes agree on every position to ``relative`` plus ``absolute``."""
    if len(new) != len(old):
        return False
    return all(abs(x - y) <= relative * max(x, y) + absolute for x, y in zip(new, old, strict=True) if x != y)


def _extend(walk: _Walk, tail: Tail) -> None:
    """List the rolls after the tail's start from its closed form (O(1) each), until TAIL or MAX_TURNS."""
    a, b = float(tail.finish_rate), float(tail.trap_rate)
    while walk.in_play >= TAIL and len(walk.on_turn) < MAX_TURNS:
        done = walk.in_play * a
        walk.trapped += walk.in_play * b
        walk.in_play = max(0.0, walk.in_play - done - walk.in_play * b)
        walk.finished += done
        walk.on_turn.append(done if done >= NEGLIGIBLE else 0.0)
        walk.by_turn.append(walk.finished)


def _one_minus_power(h: Decimal, m: int) -> Decimal:
    """1 - (1 - h)^m without cancellation for small h: Σ (-1)^(j+1) C(m, j) h^j."""
    return sum((Decimal((-1) ** (j + 1) * math.comb(m, j)) * h**j for j in range(1, m + 1)), Decimal(0))


def _log_survival(h: Decimal) -> Decimal:
    """-ln(1 - h), accurately for tiny h."""
    if h < Decimal("1e-8"):
        return h + h * h / 2 + h**3 / 3
    return -(1 - h).ln()


def _percentile(by_turn: list[float], level: float, tail: Tail | None) -> int | None:
    """The least roll t with P(finished by t) ≥ level: from the list, else from the tail's closed form."""
    for t, f in enumerate(by_turn, start=1):
        if f >= level - _ROUNDING:
            return t
    if tail is None:
        return None
    with localcontext(wide_context()):
        a, b = Decimal(tail.finish_rate), Decimal(tail.trap_rate)
        if a == 0:
            return None
        x = Decimal(tail.in_play) * a / (a + b)  # what the tail will yet finish
        g = Decimal(tail.finished) + x - Decimal(level) + Decimal(_ROUNDING)  # need x (1 - h)^j <= g
        if g <= 0:
            return None
        if x <= g:
            return tail.after
        j = ((x / g).ln() / _log_survival(a + b)).to_integral_value(rounding=ROUND_CEILING)
        return tail.after + int(j)


def race(length: Length, players: int, p_finish: float, expected_rolls: float | Decimal | None) -> Race:
    """Each player's chance of winning a race of 1 to 4 players; see ``markov`` for the formula."""
    if players == 1:
        return Race(1, (p_finish,), 1.0 - p_finish, expected_rolls)
    never = 1.0 - p_finish
    tail = length.tail
    listed = tail.after if tail is not None else len(length.p_on_turn)
    wins = [0.0] * players
    total_rolls = 0.0
    before = 1.0  # S(t - 1): not finished by the previous roll
    for t, (f, by) in enumerate(zip(length.p_on_turn[:listed], length.p_by_turn[:listed], strict=True), start=1):
        after = max(0.0, 1.0 - by)  # S(t)
        for i in range(players):
            chance = f * after**i * before ** (players - 1 - i)
            wins[i] += chance
            total_rolls += ((t - 1) * players + i + 1) * chance
        before = after
    if tail is None:
        undecided = max(0.0, before**players - never**players) if length.truncated else 0.0
        listed_total: float | Decimal | None = total_rolls
        expected = listed_total if expected_rolls is not None and undecided == 0.0 else None
        return Race(players, tuple(wins), never**players, expected, undecided)
    extra, rolls = _race_tail(tail, players, 0.0 if expected_rolls is not None else never)
    wins = [w + float(e) for w, e in zip(wins, extra, strict=True)]
    expected = None if expected_rolls is None else _finite(Decimal(total_rolls) + rolls)
    return Race(players, tuple(wins), never**players, expected)


def _race_tail(tail: Tail, k: int, never: float) -> tuple[list[Decimal], Decimal]:
    """The tail's share of each player's win, and of the expected number of rolls (when ``never`` is 0).

    With D = ``never``, x = what the tail will yet finish, λ = 1 - h, U(t0 + j)
    = D + x λ^j and f(t0 + j) = R a λ^(j-1); expanding the powers of U turns the
    sum over rounds into geometric series in λ^(1 + u + v).
    """
    with localcontext(wide_context()):
        a, b = Decimal(tail.finish_rate), Decimal(tail.trap_rate)
        h, rest = a + b, Decimal(tail.in_play)
        x, d = rest * a / h, Decimal(never)
        t0 = tail.after
        wins: list[Decimal] = []
        rolls = Decimal(0)
        for i in range(1, k + 1):
            win = Decimal(0)
            for u in range(i):
                for v in range(k - i + 1):
                    m = 1 + u + v
                    weight = math.comb(i - 1, u) * math.comb(k - i, v) * _power(d, k - 1 - u - v) * _power(x, u + v)
                    term = rest * a * weight * _power(1 - h, u)
                    if term == 0:
                        continue
                    gap = _one_minus_power(h, m)  # 1 - q, q = λ^m
                    win += term / gap
                    rolls += term * ((t0 * k + i) / gap + k * (1 - gap) / (gap * gap))
            wins.append(win)
        return wins, rolls


def _power(base: Decimal, exponent: int) -> Decimal:
    """base ** exponent, with 0 ** 0 = 1 (Decimal refuses it)."""
    return base**exponent if exponent else Decimal(1)


def _finite(value: Decimal) -> float | Decimal:
    """A float when it holds the value accurately, else the Decimal itself."""
    number = float(value)
    return number if value == 0 or 1e-300 < number < 1e300 else value
