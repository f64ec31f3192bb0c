"""How long a game lasts in rolls and in turns under a sixes rule, and a turn's rolls for races.

Under ``"again"`` or ``"again-three-to-start"`` a turn is one roll or several, so a game's length in
rolls and in turns differ.  This module propagates the chain of ``sixchain`` (states p·K + k):

- ``by_rolls``: roll by roll, the chance of finishing on each roll (the length in rolls);
- ``by_turns``: turn by turn, the chance of finishing on each turn, the chance S(T) of not having
  finished after T turns (a trapped token included: it still rolls) and the expected rolls m(T) of
  turn T (0 once finished), for the race by turns and its expected total rolls;
- ``joint_turns``: turn by turn with, for every state, a list over e of the chance of having rolled
  T + e times in the first T turns (e the extra rolls the 6s gave), for the race's total rolls
  (``totals``), as long as the caller reads it.

Within a turn the probability is rolled on from the states with k ≥ 1 (the turn goes on) until none
is left: under ``"again"`` what goes on shrinks six times a roll, so a turn takes at most about 27
rolls before the rest is below DROP, and under ``"again-three-to-start"`` at most 3.  Every chance
below DROP (1e-20) is dropped; each drop costs a unit of work at least, so within the budgets of
``sixes`` (under 3 × 10⁷ units) that is under 1e-12 in all, the rounding the percentiles allow.
The lists stop once less than TAIL is still in play, or
at ``max_turns`` rolls or turns, or before the next step would pass ``budget`` units of work (one unit
a state's outcome handled, or a list entry); then the length is ``truncated``.  No geometric tail is
fitted: the lists are what is known exactly.

Work: at most ``budget`` units each; memory O(K·n²) for the two lists, and O(K·n² × width) for the
joint one (width the spread of e).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import repeat
from operator import add, mul

from .chain import Chain
from .length import TAIL, Length, listed_length

__all__ = ["DROP", "Turns", "by_rolls", "by_turns", "joint_turns", "moves_of"]

#: Chances below this are dropped from the propagation (and counted).
DROP = 1e-20
#: Units of work charged per list handled, besides one per entry.
_PER_LIST = 8

Moves = dict[int, list[tuple[int, float]]]


@dataclass(frozen=True)
class Turns:
    """One player's game turn by turn: the length in turns, S(T) and m(T) (``by_turns``)."""

    length: Length
    survive: list[float]
    spent: list[float]


def moves_of(chain: Chain) -> Moves:
    """For every state that rolls, its ends with their chances: O(K·n²)."""
    return {
        state: [(end, faces / 6) for end, faces in sorted(chain.ends(state).items())]
        for state, outcomes in enumerate(chain.outcomes)
        if outcomes is not None
    }


def by_rolls(chain: Chain, trap_of: dict[int, int], moves: Moves, max_rolls: int, budget: int) -> Length:
    """The length in rolls, propagated roll by roll (a trapped token is set aside: it never finishes)."""
    last = chain.last
    mass = {chain.start: 1.0}
    on_roll: list[float] = []
    trapped, in_play, work = 0.0, 1.0, 0
    while in_play >= TAIL and len(on_roll) < max_rolls and work + 6 * len(mass) <= budget:
        work += 6 * len(mass)
        after: dict[int, float] = {}
        done = 0.0
        for state, chance in mass.items():
            for end, share in moves[state]:
                value = chance * share
                if end == last:
                    done += value
                elif end in trap_of:
                    trapped += value
                else:
                    after[end] = after.get(end, 0.0) + value
        mass = {state: value for state, value in after.items() if value >= DROP}
        on_roll.append(done)
        in_play = sum(mass.values())
    return listed_length(on_roll, trapped, in_play >= TAIL)


def by_turns(chain: Chain, per: int, trap_of: dict[int, int], moves: Moves, max_turns: int, budget: int) -> Turns:
    """The length in turns, S(T) and m(T), propagated turn by turn (one number a state)."""
    last = chain.last
    boundary = {chain.start: 1.0}
    on_turn: list[float] = []
    survive, spent = [1.0], []
    trapped, in_play, work = 0.0, 1.0, 0
    while in_play >= TAIL and len(on_turn) < max_turns and work + 6 * 32 * len(boundary) <= budget:
        after: dict[int, float] = {}
        ended = rolled = 0.0
        going = boundary
        while going:  # the rolls of one turn: on from the states with k ≥ 1
            rolled += sum(going.values())
            more: dict[int, float] = {}
            for state, chance in going.items():
                work += 6
                inside = state in trap_of
                for end, share in moves[state]:
                    value = chance * share
                    if end == last:
                        ended += value
                        continue
                    if not inside and end in trap_of:
                        trapped += value
                    into = after if end % per == 0 else more
                    into[end] = into.get(end, 0.0) + value
            going = {state: value for state, value in more.items() if value >= DROP}
        boundary = {state: value for state, value in after.items() if value >= DROP}
        on_turn.append(ended)
        spent.append(rolled)
        survive.append(sum(boundary.values()))
        in_play = survive[-1] - sum(value for state, value in boundary.items() if state in trap_of)
    return Turns(listed_length(on_turn, trapped, in_play >= TAIL), survive, spent)


def joint_turns(chain: Chain, per: int, moves: Moves, max_turns: int, budget: int) -> Iterator[Joint]:
    """Turn after turn, (what finished on turn T, what had not finished after it), each as a list over e.

    The chance of finishing on turn T with T + e rolls, and of not having finished after T turns having
    rolled T + e times.  Stops (the caller sees the end of the turns) after ``max_turns`` turns or before
    passing ``budget`` units.
    """
    boundary = {chain.start: [1.0]}
    work = 0
    for _ in range(max_turns):
        if work + 6 * 32 * sum(len(v) + _PER_LIST for v in boundary.values()) > budget:
            return
        step = _Step(chain, per, moves)
        boundary, ended = step.turn(boundary)
        work += step.work
        alive: list[float] = []
        for values in boundary.values():
            alive = _padded_sum(alive, values)
        yield ended, alive


#: One turn of ``joint_turns``: (finished on it, not finished after it), lists over e.
Joint = tuple[list[float], list[float]]


class _Step:
    """One turn of ``joint_turns`` from the states at its start: the states at the next turn's start
    (each a list over the extra rolls e), and what finished.  After ``turn``, ``work`` is its cost and
    ``dropped`` what was dropped.
    """

    def __init__(self, chain: Chain, per: int, moves: Moves) -> None:
        self.chain, self.per, self.moves = chain, per, moves
        self.work = 0
        self.dropped = 0.0

    def turn(self, boundary: dict[int, list[float]]) -> tuple[dict[int, list[float]], list[float]]:
        last, per = self.chain.last, self.per
        after: dict[int, list[float]] = {}
        ended: list[float] = []
        going = boundary
        while going:
            rolled: dict[int, list[float]] = {}
            for state, values in going.items():
                for end, chance in self.moves[state]:
                    self.work += len(values) + _PER_LIST
                    scaled = list(map(mul, values, repeat(chance)))
                    if end == last:
                        ended = _padded_sum(ended, scaled)
                        continue
                    if end % per == 0:
                        _plus(after, end, scaled)
                    else:  # the turn goes on: one more roll in it
                        _plus(rolled, end, [0.0, *scaled])
            going = self._pruned_all(rolled)
        return self._pruned_all(after), self._pruned(ended)

    def _pruned_all(self, lists: dict[int, list[float]]) -> dict[int, list[float]]:
        return {s: v for s, v in ((s, self._pruned(v)) for s, v in lists.items()) if v}

    def _pruned(self, values: list[float]) -> list[float]:
        """``values`` with entries under DROP set to 0 (and counted) and trailing zeros removed."""
        small = [v for v in values if 0.0 < v < DROP]
        if small:
            self.dropped += sum(small)
            values = [v if v >= DROP else 0.0 for v in values]
        end = len(values)
        while end and not values[end - 1]:
            end -= 1
        return values[:end]


def _plus(into: dict[int, list[float]], key: int, values: list[float]) -> None:
    """into[key] += values, entry by entry (the shorter list padded with zeros)."""
    old = into.get(key)
    into[key] = values if old is None else _padded_sum(old, values)


def _padded_sum(a: list[float], b: list[float]) -> list[float]:
    """a + b entry by entry, the shorter padded with zeros."""
    if len(a) < len(b):
        a, b = b, a
    return list(map(add, a, b)) + a[len(b) :]
