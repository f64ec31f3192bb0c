"""How many rolls a race takes, all players together: its distribution, median and 90th percentile.

Players take turns, player 1 first, each with their own token; the race ends when one finishes.  For
one player, finish_T[e] is the chance of finishing on turn T with T + e rolls in all, and
alive_T[e] the chance of not having finished after T turns having rolled T + e times (with plain
sixes e is always 0).  Player i wins on turn T when their token finishes then, players before them
have not finished after T turns and players after them not after T - 1.  The tokens are independent,
so the total number of rolls is the sum of theirs, and its distribution is the convolution

    P(total = (T - 1)k + i + e) = Σ_T Σ_i [finish_T ⊛ alive_T^(i - 1) ⊛ alive_(T - 1)^(k - i)](e),

computed exactly for every total up to k times the turns listed (a larger total needs a later turn).
A percentile (the least t with P(total ≤ t) ≥ level, to 1e-12) beyond those totals is None, and
``cut_off`` says when it may lie there (the race may still be won later) rather than never be reached.

Work: a convolution of lists of lengths a and b costs a·b units; at most k + 2(k - 1) of them a turn;
the whole stops (as if the list ended there: ``cut_off``) before passing TOTALS_BUDGET units.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat
from operator import add, mul

__all__ = ["TOTALS_BUDGET", "Totals", "expected_total_rolls", "total_rolls"]

#: The most units of work (one product of two list entries) the distribution of the total may take.
TOTALS_BUDGET = 20_000_000
#: The median, the 90th percentile (None: not reached within the totals known) and whether one is cut off.
Totals = tuple[int | None, int | None, bool]
#: Percentiles: P(total ≤ t) within this of the level counts as reaching it (as ``length``'s do).
_ROUNDING = 1e-12


def _convolve(a: list[float], b: list[float]) -> list[float]:
    """The convolution of two lists (a list per count of extra rolls), at C speed along b."""
    if not a or not b:
        return []
    out = [0.0] * (len(a) + len(b) - 1)
    width = len(b)
    for i, x in enumerate(a):
        if x:
            out[i : i + width] = map(add, out[i : i + width], map(mul, b, repeat(x)))
    return out


def _powers(values: list[float], top: int) -> list[list[float]]:
    """values convolved with itself 0, 1, ..., top times (the 0th power is [1.0])."""
    powers = [[1.0]]
    for _ in range(top):
        powers.append(_convolve(powers[-1], values))
    return powers


def total_rolls(turns: Iterable[tuple[list[float], list[float]]], players: int, p_no_winner: float) -> Totals:
    """The median and 90th percentile of the race's total rolls, and whether one was cut off.

    ``turns`` gives, turn after turn, (finish_T, alive_T) for one player (see the module docstring;
    alive_0 is [1.0]); it is read only until the 90th percentile is found.  ``p_no_winner`` is the
    chance that nobody ever finishes: a level above 1 - p_no_winner is never reached (None, not cut
    off).  Work as in the module docstring.

    >>> total_rolls([([0.5], [0.5]), ([0.25], [0.25]), ([0.25], [0.0])], 2, 0.0)   # plain: e always 0
    (1, 4, False)
    """
    k = players
    reachable = 1.0 - p_no_winner
    levels = [level for level in (0.5, 0.9) if reachable >= level - _ROUNDING]  # the others are never reached
    if not levels:
        return None, None, False
    chances: dict[int, float] = {}
    before = _powers([1.0], k - 1)
    work, known, total = 0, 0, 0.0
    marks: list[int | None] = [None] * len(levels)
    for turn, (ended, alive) in enumerate(turns, start=1):
        now = _powers(alive, k - 1)
        cost = len(ended) * sum(len(p) for p in now + before) + sum(len(p) * len(alive) for p in now)
        if work + cost > TOTALS_BUDGET:
            break  # the totals past ``known`` need the turns not convolved: cut off
        work += cost
        for i in range(1, k + 1):
            share = _convolve(_convolve(ended, now[i - 1]), before[k - i])
            base = (turn - 1) * k + i
            for e, chance in enumerate(share):
                chances[base + e] = chances.get(base + e, 0.0) + chance
        before = now
        for t in range(known + 1, turn * k + 1):  # every total up to turn·k is now complete
            total += chances.pop(t, 0.0)
            for index, level in enumerate(levels):
                if marks[index] is None and total >= level - _ROUNDING:
                    marks[index] = t
        known = turn * k
        if marks[-1] is not None:
            break
    # A level left in ``levels`` and not reached may still be reached past ``known``: cut off.
    found = dict(zip(levels, marks, strict=True))
    return found.get(0.5), found.get(0.9), None in marks


def expected_total_rolls(survive: list[float], spent: list[float], players: int) -> float:
    """The expected rolls of a race over the turns listed: Σ_T Σ_j S(T)^(j-1) S(T-1)^(k-j) m(T).

    S(T) (``survive[T]``, S(0) = 1) is the chance not to have finished after T turns, m(T)
    (``spent[T - 1]``) the expected rolls of a player's turn T (0 once finished): player j plays turn
    T when players before them have not finished after T turns and the others after T - 1.  Only the
    turns listed are summed: the caller vouches for the rest.  O(turns × players) work.

    >>> expected_total_rolls([1.0, 0.5, 0.0], [1.0, 0.5], 2)   # 1·1/2 + 2·1/4 + 3·1/4
    1.75
    """
    total = 0.0
    for turn, rolls in enumerate(spent, start=1):
        for j in range(1, players + 1):
            total += survive[turn] ** (j - 1) * survive[turn - 1] ** (players - j) * rolls
    return total
