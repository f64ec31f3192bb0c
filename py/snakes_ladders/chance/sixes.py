"""Random play analysed exactly under a sixes rule (``"again"``, ``"again-three-to-start"``).

The chain is ``sixchain``'s: a state is a position and the 6s rolled so far in the turn (K ≤ 3 states
a position).  The same elimination as for plain sixes (``elimination``: System, GTH elimination with
a landed state per jump square and count of 6s) gives N = (I - Q)⁻¹ over those states, so:

- ``p_finish`` and ``expected_rolls_if_finished`` as for plain sixes, on the larger chain;
- ``expected_rolls`` = Σ over every transient state of N[start, state] (every roll is made from one);
- ``expected_turns`` = Σ over the states with k = 0 (a turn's first roll is made from one: a turn
  starts with no 6 yet, and the turn in which the game ends counts);
- ``visits[s]``: the sum over s's states; ``traps``: the squares of each closed class reached.

A third 6 sends the token to the start, so under ``"again-three-to-start"`` a loop of snakes is left
with three 6s in a row and is no trap, and a square that needs four 6s in a row to be left towards
the last square (each 6 of a run landing on a snake back to it, say) is one where the game never
finishes.  The length (in rolls) and the race (in turns, the players alternating by turns) come
from ``turnlength``'s propagation, the race's total rolls from ``totals``.  No geometric tail is
fitted: a list that has not settled within its budget is ``truncated``, and says so.  Past the
elimination's budget nothing is estimated: the finish chance is 1 or 0 when the classes say so, else
None, the expected figures None, the length and the race from the propagation (``unsolved`` says why).

Jump uses are not computed under these rules (``jumpuse`` refuses).

Work: the chain has at most 3× the states of the plain one (O(n²) to build); the elimination O(W)
on it (W as in ``markov``, over at most 3(S + J) states, bounded by ``budget``); the propagation at
most ROLLS_BUDGET, TURNS_BUDGET and JOINT_BUDGET units, the totals' convolutions TOTALS_BUDGET
(``turnlength``, ``totals``); the joint propagation is read only until the race's 90th percentile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..board import Board, Rules
from .chain import OverBudget
from .elimination import Exact, System, solved
from .figures import Analysis, Figure, Finishable, as_figure
from .length import MAX_TURNS, Length, Race, race
from .sixchain import build_sixes_chain, states_per_position
from .totals import expected_total_rolls, total_rolls
from .turnlength import Joint, Turns, by_rolls, by_turns, joint_turns, moves_of

__all__ = ["JOINT_BUDGET", "ROLLS_BUDGET", "TURNS_BUDGET", "analyze_sixes"]

#: The propagations' work (``turnlength``), each at most this many units (a unit about 0.2 µs of CPython:
#: together a few seconds at worst): the length in rolls, in turns, and the race's joint turns and rolls.
ROLLS_BUDGET = 6_000_000
TURNS_BUDGET = 6_000_000
JOINT_BUDGET = 16_000_000


def analyze_sixes(board: Board, rules: Rules, players: int, budget: int | None, max_turns: int = MAX_TURNS) -> Analysis:
    """``markov.analyze`` for ``rules.sixes`` other than plain (``board`` checked for ``rules`` already).

    >>> a = analyze_sixes(Board(2, {}), Rules(sixes="again"), 1, None)     # as plain: 6 rolls, 5 of them turns
    >>> round(a.expected_rolls, 12), round(a.expected_turns, 12)
    (6.0, 5.0)
    """
    per = states_per_position(rules)
    system = System(build_sixes_chain(board, rules))
    parts = _Parts.of(system, per, max_turns)
    unsolved: str | None = None
    try:
        exact: Exact[Any] | None = solved(system, budget)
    except OverBudget as error:
        exact, unsolved = (
            None,
            (
                f"exact figures not computed: they would take more than {error.work:,} units of work, "
                f"over the budget of {error.budget:,}"
            ),
        )
    if exact is None:
        chain = system.chain
        finishable: Finishable = (
            "never" if not chain.reached[chain.last] else "not always" if system.traps else "always"
        )
        p_finish: Figure | None = {"always": 1.0, "never": 0.0}.get(finishable)
        rolls = turns_expected = if_finished = None
        visits: tuple[Figure | None, ...] = ()
        traps = [system.traps[number] for number in range(len(system.traps))]
    else:
        finishable, p_finish = exact.finishable, as_figure(exact.p_finish)
        rolls, if_finished = exact.expected_rolls, exact.if_finished
        turns_expected = None if rolls is None else sum(v for p, v in _by_state(exact) if p % per == 0)
        visits = _visits(exact, per)
        traps = [system.traps[number] for number in exact.reached_traps]
    return Analysis(
        n=board.n,
        rules=rules,
        finishable=finishable,
        p_finish=p_finish,
        expected_rolls=None if rolls is None else as_figure(rolls),
        expected_rolls_if_finished=None if if_finished is None else as_figure(if_finished),
        length=parts.rolls,
        visits=visits,
        jumps=(),
        traps=tuple(sorted({tuple(sorted({state // per for state in trap})) for trap in traps})),
        race=_race(parts, players, p_finish, None if rolls is None else as_figure(rolls)),
        unsolved=unsolved,
        expected_turns=None if turns_expected is None else as_figure(turns_expected),
    )


def _by_state(exact: Exact[Any]) -> list[tuple[int, Any]]:
    """(state, expected rolls made from it) for every transient state."""
    return list(zip(exact.system.transient, exact.visits_t, strict=True))


def _visits(exact: Exact[Any], per: int) -> tuple[Figure | None, ...]:
    """The expected times the token stands on each square: the sum over its states (None in a trap)."""
    last = exact.system.chain.last // per
    totals: list[Any] = [exact.zero] * (last + 1)
    for state, value in _by_state(exact):
        totals[state // per] += value
    visits: list[Figure | None] = [as_figure(v) for v in totals]
    for number in exact.reached_traps:
        for state in exact.system.traps[number]:
            visits[state // per] = None
    visits[last] = as_figure(exact.p_finish)
    return tuple(visits)


def _race(parts: _Parts, players: int, p_finish: Figure | None, expected: Figure | None) -> Race:
    """The race by turns (``length.race`` on the length in turns), with its total rolls (``totals``)."""
    turns = parts.turns
    if turns is None:
        return Race(players, (0.0,) * players, 1.0, None)
    known = p_finish if p_finish is not None else turns.length.p_by_turn[-1] if turns.length.p_by_turn else 0.0
    result = race(turns.length, players, float(known), expected)
    if players == 1:  # one player's total rolls are their own: the length in rolls
        rolls = parts.rolls
        cut_off = rolls.truncated and rolls.p90 is None
        return replace(result, total_rolls_median=rolls.median, total_rolls_p90=rolls.p90, total_rolls_cut_off=cut_off)
    median, p90, cut_off = total_rolls(parts.joint(), players, result.p_no_winner)
    total = None
    if expected is not None and not turns.length.truncated:
        total = expected_total_rolls(turns.survive, turns.spent, players)
    return replace(
        result,
        expected_total_rolls=total,
        total_rolls_median=median,
        total_rolls_p90=p90,
        total_rolls_cut_off=cut_off,
    )


@dataclass
class _Parts:
    """The propagations of one player's game: in rolls, in turns, and (read on demand) jointly."""

    rolls: Length
    turns: Turns | None
    joint: Callable[[], Iterator[Joint]]

    @classmethod
    def of(cls, system: System, per: int, max_turns: int) -> _Parts:
        chain, trap_of = system.chain, system.trap_of
        if chain.start in trap_of:  # a game that starts in a trap never finishes (as length.distribution)
            return cls(Length((), (), 0.0, 1.0, False, None, None, None), None, lambda: iter(()))
        moves = moves_of(chain)
        return cls(
            by_rolls(chain, trap_of, moves, max_turns, ROLLS_BUDGET),
            by_turns(chain, per, trap_of, moves, max_turns, TURNS_BUDGET),
            lambda: joint_turns(chain, per, moves, max_turns, JOINT_BUDGET),
        )
