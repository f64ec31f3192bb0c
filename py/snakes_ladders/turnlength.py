"""How long a game lasts in rolls and in turns under a sixes rule, propagated turn by turn.

Under ``"again"`` or ``"again-three-to-start"`` a turn is one roll or several, so a game's length in
rolls and in turns differ, and a race (players alternate by turns) needs, for one player, how many
rolls their first T turns took.  This module propagates the chain of ``sixchain`` (states p·K + k)
turn by turn, keeping for every state the probability of each count of rolls so far: after T turns
the rolls are T + e, e the extra rolls the 6s gave, and each state holds a list over e.  Within a
turn the probability is rolled on from the states with k ≥ 1 (the turn goes on) until none is left;
under ``"again"`` what goes on shrinks six times a roll, so a turn takes at most about 27 rolls
before the rest is below DROP, and under ``"again-three-to-start"`` at most 3.

Every entry below DROP (1e-20) is dropped and counted in ``dropped``; with at most PROPAGATION_BUDGET
units of work (one unit a list entry multiplied, 8 a list), that is under 1e-12 in all, the rounding
the percentiles allow (``length.percentile``).  The lists stop once less than TAIL is still in play
by the rolls listed, or at ``max_turns`` turns, or when the next turn would pass the budget; then the
lengths are ``truncated``.  No geometric tail is fitted here: the lists are what is known exactly.

Work: at most ``budget`` units (O(K·n²·width) a turn, width the spread of e), memory O(turns × width).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import repeat
from operator import add, mul

from .chain import Chain
from .length import TAIL, Length, listed_length

__all__ = ["DROP", "Turns", "propagate_turns"]

#: Probabilities below this are dropped from the propagation (and counted).
DROP = 1e-20
#: Units of work charged per list handled, besides one per entry.
_PER_LIST = 8


@dataclass(frozen=True)
class Turns:
    """One player's game turn by turn.

    ``finish[T - 1][e]`` is the chance to finish on turn T having rolled T + e times; ``alive[T][e]``
    the chance not to have finished after T turns (a trapped token included: it still rolls), having
    rolled T + e times (``alive[0] == [1.0]``).  ``rolls`` is the length in rolls, listed for the
    rolls that every listed turn decides (at most one a turn); ``turns`` the length in turns.
    """

    finish: list[list[float]]
    alive: list[list[float]]
    rolls: Length
    turns: Length
    dropped: float


@dataclass
class _Tally:
    """What has finished or been trapped, by roll and by turn, and the work and drops so far."""

    finished_by_roll: list[float]
    trapped_by_roll: list[float]
    finished_by_turn: list[float]
    trapped_by_turn: list[float]
    work: int = 0
    dropped: float = 0.0

    def at_roll(self, bucket: list[float], roll: int, values: list[float]) -> None:
        """Add ``values[e]`` to ``bucket[roll + e]``."""
        need = roll + len(values) - len(bucket)
        if need > 0:
            bucket.extend([0.0] * need)
        for e, value in enumerate(values):
            bucket[roll + e] += value


def _plus(into: dict[int, list[float]], key: int, values: list[float]) -> None:
    """into[key] += values, entry by entry (the shorter list padded with zeros)."""
    old = into.get(key)
    if old is None:
        into[key] = values
    elif len(old) >= len(values):
        into[key] = list(map(add, old, values)) + old[len(values) :]
    else:
        into[key] = list(map(add, old, values[: len(old)])) + values[len(old) :]


def _pruned(values: list[float], tally: _Tally) -> list[float]:
    """``values`` with entries under DROP set to 0 (and counted) and trailing zeros removed."""
    small = [v for v in values if 0.0 < v < DROP]
    if small:
        tally.dropped += sum(small)
        values = [v if v >= DROP else 0.0 for v in values]
    end = len(values)
    while end and not values[end - 1]:
        end -= 1
    return values[:end]


def propagate_turns(chain: Chain, per: int, trap_of: dict[int, int], max_turns: int, budget: int) -> Turns | None:
    """The game of one player turn by turn (``Turns``); None when the start is in a trap.

    ``per`` is K, the states per position; ``trap_of`` the states of the closed classes other than
    the last square.  At most ``budget`` units of work (see the module docstring).
    """
    if chain.start in trap_of:
        return None
    moves: dict[int, list[tuple[int, float]]] = {}
    for state, outcomes in enumerate(chain.outcomes):
        if outcomes is not None:
            moves[state] = [(end, faces / 6) for end, faces in sorted(chain.ends(state).items())]
    tally = _Tally([0.0], [0.0], [], [])
    boundary: dict[int, list[float]] = {chain.start: [1.0]}
    finish: list[list[float]] = []
    alive: list[list[float]] = [[1.0]]
    in_play = 1.0
    while in_play >= TAIL and len(finish) < max_turns:
        cost = sum(len(v) + _PER_LIST for v in boundary.values()) * 6 * 3
        if tally.work + cost > budget:
            break  # the next turn could pass the budget: the lists stop here, truncated
        turn = len(finish) + 1
        boundary, ended = _turn(chain, per, trap_of, moves, boundary, turn, tally)
        finish.append(ended)
        alive.append(_total(boundary.values()))
        tally.finished_by_turn.append(sum(ended))
        # What every listed turn decides: the rolls up to ``turn`` (a turn is one roll at least).
        in_play = 1.0 - sum(tally.finished_by_roll[: turn + 1]) - sum(tally.trapped_by_roll[: turn + 1])
    count = len(finish)
    by_roll = tally.finished_by_roll[1 : count + 1] + [0.0] * (count + 1 - len(tally.finished_by_roll))
    trapped_rolls = sum(tally.trapped_by_roll[: count + 1])
    rolls = listed_length(by_roll[:count], trapped_rolls, in_play >= TAIL)
    trapped_turns = sum(tally.trapped_by_turn)
    turns_in_play = 1.0 - sum(tally.finished_by_turn) - trapped_turns
    turns = listed_length(tally.finished_by_turn, trapped_turns, turns_in_play >= TAIL)
    return Turns(finish, alive, rolls, turns, tally.dropped)


def _turn(
    chain: Chain,
    per: int,
    trap_of: dict[int, int],
    moves: dict[int, list[tuple[int, float]]],
    boundary: dict[int, list[float]],
    turn: int,
    tally: _Tally,
) -> tuple[dict[int, list[float]], list[float]]:
    """One turn from the states at its start: the states at the next turn's start, and what finished."""
    last = chain.last
    after: dict[int, list[float]] = {}
    ended: list[float] = []
    trapped_now = 0.0
    going = boundary
    while going:
        rolled: dict[int, list[float]] = {}
        for state, values in going.items():
            inside = state in trap_of
            for end, chance in moves[state]:
                tally.work += len(values) + _PER_LIST
                scaled = list(map(mul, values, repeat(chance)))
                if end == last:
                    ended = _padded_sum(ended, scaled)
                    tally.at_roll(tally.finished_by_roll, turn, scaled)
                    continue
                if not inside and end in trap_of:
                    tally.at_roll(tally.trapped_by_roll, turn, scaled)
                    trapped_now += sum(scaled)
                if end % per == 0:
                    _plus(after, end, scaled)
                else:  # the turn goes on: one more roll in it
                    _plus(rolled, end, [0.0, *scaled])
        going = {s: v for s, v in ((s, _pruned(v, tally)) for s, v in rolled.items()) if v}
    tally.trapped_by_turn.append(trapped_now)
    return {s: v for s, v in ((s, _pruned(v, tally)) for s, v in after.items()) if v}, _pruned(ended, tally)


def _padded_sum(a: list[float], b: list[float]) -> list[float]:
    """a + b entry by entry, the shorter padded with zeros."""
    if len(a) < len(b):
        a, b = b, a
    return list(map(add, a, b)) + a[len(b) :]


def _total(lists: Iterable[list[float]]) -> list[float]:
    """The entry-by-entry sum of several lists."""
    total: list[float] = []
    for values in lists:
        total = _padded_sum(total, values)
    return total
