"""The game of chance under a sixes rule as a Markov chain on (position, 6s so far in this turn).

With ``sixes="plain"`` a roll is a turn and the chain's states are the positions (``chain.build_chain``).
With ``"again"`` a 6 gives another roll in the same turn, so a state is a position and whether the turn
goes on (K = 2); with ``"again-three-to-start"`` it is a position and the 6s rolled so far in this turn,
0, 1 or 2 (K = 3), since a third 6 sends the token back to the start.  The chain is a ``chain.Chain``
whose states are numbered p·K + k (position p, k 6s): numbering by square keeps the elimination's order,
and the last square is the one state p = n², k = 0 (the game is over, whatever the 6s).  Each state's
six outcomes are ``Rules.after_roll``'s.  So the chain has at most K times the states of the plain one
(K ≤ 3), and building it is O(K·n²).

>>> from snakes_ladders.board import Board
>>> chain = build_sixes_chain(Board(2, {}), Rules(sixes="again"))
>>> chain.last, chain.start, chain.outcomes[2]           # square 1, no 6 yet: rolls 1-2 end the turn, 3 wins
(8, 2, ((0, 4), (0, 6), (0, 8), (0, 2), (0, 2), (0, 3)))
"""

from __future__ import annotations

from ..board import DIE, Board, Rules
from .chain import Chain

__all__ = ["build_sixes_chain", "states_per_position"]


def states_per_position(rules: Rules) -> int:
    """K: the states a position has under ``rules.sixes`` (1 plain, 2 again, 3 again-three-to-start)."""
    return rules.sixes_states


def build_sixes_chain(board: Board, rules: Rules) -> Chain:
    """The states (p·K + k) reachable from the start, and one (landed jump state or 0, end state) per face.

    O(K·n²) work and memory; with plain sixes it is ``build_chain``'s chain exactly.
    """
    per = states_per_position(rules)
    cells = board.cells()
    last = board.last
    top = last * per
    outcomes: list[tuple[tuple[int, int], ...] | None] = [None] * (top + 1)
    reached = [False] * (top + 1)
    start = rules.start_position * per
    queue = [start]
    reached[start] = True
    for state in queue:  # the queue grows while it is read: a breadth-first search
        if state == top:
            continue  # absorbing: the game is over
        position, sixes = divmod(state, per)
        here = []
        for roll in DIE:
            step, carry = rules.after_roll(cells, position, roll, sixes)
            k = 0 if carry is None else min(carry, per - 1)
            end = top if step.end == last else step.end * per + k
            here.append((0 if step.landing == step.end else step.landing * per + k, end))
            if not reached[end]:
                reached[end] = True
                queue.append(end)
        outcomes[state] = tuple(here)
    return Chain(last=top, start=start, outcomes=outcomes, reached=reached)
