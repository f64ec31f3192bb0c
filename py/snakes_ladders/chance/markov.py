"""Random play analysed exactly: the game as an absorbing Markov chain.

Each roll of a fair die moves the token by the chosen ``Rules``, so a game is
a Markov chain on the positions 0 (off the board) and 1..n², n² absorbing.
Nothing here simulates: every figure comes from the chain itself (``chain``).

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
even when a square is left with a tiny probability.  When a figure leaves the
range of a float (finishing may need 417 sixes in a row: 6^417 rolls), the
same elimination runs in Decimal with an unbounded exponent, and such figures
are returned as ``decimal.Decimal`` (``Figure``); every other figure is a float.

- ``expected_rolls`` = Σ_p N[start, p] (and ``visits[p]`` = N[start, p]);
- ``p_finish`` = Σ_p N[start, p]·P(p → n² in one roll);
- ``expected_rolls_if_finished`` = Σ_p N[start, p]·h(p) / h(start), h the
  probability of finishing from p (one more solve, M h = P(· → n²));
- a jump on square s, ending on t, is used at least once with probability
  u / (1 + r): u is its expected number of uses and r the expected uses
  after a first one.  Each landed jump square is a state of its own in the
  chain (left at once for t), so u = N[start, s] comes with the visits and
  1 + r = N[s, s] is on N's diagonal, found for every jump at once by
  selected inversion of the factors (Sherman-Morrison with one solve per
  jump end instead when a trap that lands on s can be reached).  The landed
  states also cut the elimination's work: the six squares that roll onto a
  jump reach its end through one state.

The length distribution and the race are in ``length``: the probability in
play is propagated roll by roll, and once it has the shape of the
quasi-stationary distribution π (found here by inverse iteration, x ← xN) the
rest is geometric and summed in closed form.  Players take turns with
independent tokens, player 1 first; player i wins on round t when their token
finishes then, players before them have not finished by round t and players
after them not by round t - 1:

    P(i wins) = Σ_t f(t) S(t)^(i-1) S(t-1)^(k-i),   S(t) = P(not finished by turn t),

and the expected number of rolls until someone wins is the sum of
((t - 1)k + i)·P(player i wins on round t).

Over the elimination's budget the figures are estimated from the propagation
alone, and say so (``Approximation``): the finish chance is still exact when it
is 1 or 0, the expected rolls add to the propagated sums a geometric tail
fitted to the last rolls (``estimates``).

Under a sixes rule other than plain (a 6 gives another roll in the same turn) a state of the chain is
a position and the 6s rolled so far in the turn, at most three states a position: ``sixes`` analyses
that chain (expected rolls and turns, the race by turns).  Whatever the rule, the race's total rolls
(all players together: median and 90th percentile) are the exact convolution of ``totals``.

The modules by job: ``figures`` (the result types and how a figure is held), ``elimination``
(N by Gaussian elimination, the headline figures, π), ``jumpuse`` (each snake's and ladder's use),
``estimates`` (the figures past the elimination's budget); this one puts them together (``analyze``).

>>> from snakes_ladders.board import Board
>>> a = analyze(Board(2, {}))                     # exact landing on a 2×2 board: one roll in six wins
>>> a.finishable, round(a.expected_rolls, 12), a.length.median
('always', 6.0, 4)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..board import LEETCODE, MAX_PLAYERS, Board, Rules
from .chain import OverBudget, build_chain
from .elimination import HEADLINE_BUDGET, JUMP_USE_BUDGET, System, solved
from .estimates import unsolved
from .figures import Analysis, as_figure, figure_to_json
from .jumpuse import JumpUseRefused, jump_uses, jump_uses_exact
from .length import MAX_TURNS, distribution, race
from .sixes import analyze_sixes
from .totals import total_rolls

#: The API imports these from here on first use (``api.LATER``); the room hands on the rest.
__all__ = [
    "HEADLINE_BUDGET",
    "JUMP_USE_BUDGET",
    "PROPAGATION_BUDGET",
    "JumpUseRefused",
    "analyze",
    "figure_to_json",
    "jump_uses",
]

#: The length distribution's propagation: at most this many units, a roll costing n² + 3J + 1.
PROPAGATION_BUDGET = 32_000_000


def analyze(
    board: Board | Any,
    rules: Rules = LEETCODE,
    players: int = 1,
    *,
    jump_use: bool = True,
    budget: int | None = None,
    rolls: int | None = None,
) -> Analysis:
    """Analyse random play on ``board`` under ``rules``, for 1 to 4 players.

    Takes a Board or a LeetCode matrix (checked for the rules; BoardError when malformed).  See the
    module docstring for the methods.  ``jump_use=False`` leaves the jump uses out (``jump_uses``).
    ``budget`` (units of W, below; None: no limit) bounds the elimination: over it, ``unsolved`` says
    why, and the figures that need it are estimated from the propagation alone (``Approximation``; the
    length has no tail).  ``rolls`` caps the propagation (None: ``propagation_turns``).

    Work bound, for n² squares, J jumps and S reachable transient states: O(n²) to build the chain; the
    elimination O(W) over the S + J states (positions and landed jump squares), eliminated from the highest
    square down, with W = Σ_k (rows pointing at k) × (entries of row k) when k is eliminated, at most (S +
    J)³ and in practice some ten times the fill, and never more than ``budget`` (counted before it is done);
    for random jumps W grows about as J³ (each snake end costs the ladders crossing it times the snakes
    crossing it; no fill-reducing order tried does less, bench/elimination_orders.py); the selected
    inversion (jump use) O(W); one solve (O(fill)) per end of a jump a reachable trap lands on, and at most
    MAX_ITERATIONS + 2 more (after the inverse iteration's first try, no more than SOLVE_BUDGET entries read
    in all); at most min(MAX_TURNS, PROPAGATION_BUDGET / (n² + 3J + 1)) rolls of propagation at O(n² + J)
    each, the estimates O(rolls); in Decimal (only when a figure leaves the float range) the same steps,
    each slower; the race's total rolls O(turns × players). Under a sixes rule, ``sixes.analyze_sixes``'s
    bound.

    >>> a = analyze(Board(3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}))
    >>> a.finishable, a.p_finish, a.expected_rolls, a.traps
    ('never', 0.0, None, ((1, 2),))
    """
    _check(rules, players)
    board = rules.to_board(board)
    max_turns = propagation_turns(board) if rolls is None else max(1, min(MAX_TURNS, rolls))
    if rules.sixes != "plain":
        return analyze_sixes(board, rules, players, budget, max_turns)
    system = System(build_chain(board, rules))
    try:
        exact = solved(system, budget)
    except OverBudget as error:
        return _with_totals(unsolved(board, rules, players, system, error, max_turns))
    length = distribution(board, rules, system.chain, system.trap_of, exact.stationary, max_turns)
    expected = None if exact.expected_rolls is None else as_figure(exact.expected_rolls)
    analysis = Analysis(
        n=board.n,
        rules=rules,
        finishable=exact.finishable,
        p_finish=as_figure(exact.p_finish),
        expected_rolls=expected,
        expected_rolls_if_finished=None if exact.if_finished is None else as_figure(exact.if_finished),
        length=length,
        visits=tuple(None if v is None else as_figure(v) for v in exact.visits()),
        jumps=jump_uses_exact(board, system, exact) if jump_use else (),
        traps=tuple(tuple(system.traps[number]) for number in exact.reached_traps),
        race=race(length, players, float(exact.p_finish), expected),
    )
    return _with_totals(analysis)


def _check(rules: object, players: object) -> None:
    """Raise ValueError or TypeError, with an exact message, for bad ``players`` or ``rules``."""
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be an integer from 1 to {MAX_PLAYERS}, got {players!r}")
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")


def _with_totals(analysis: Analysis) -> Analysis:
    """Plain sixes: a turn is a roll, so the expected turns are the expected rolls, and the race's total
    rolls come from the length in rolls (``totals``: O(turns × players) until its 90th percentile)."""
    length, result = analysis.length, analysis.race
    turns = (([f], [max(0.0, 1.0 - by)]) for f, by in zip(length.p_on_turn, length.p_by_turn, strict=True))
    median, p90, cut_off = total_rolls(turns, result.players, result.p_no_winner)
    totals = replace(result, total_rolls_median=median, total_rolls_p90=p90, total_rolls_cut_off=cut_off)
    return replace(analysis, race=totals, expected_turns=analysis.expected_rolls)


def propagation_turns(board: Board) -> int:
    """The most rolls the length distribution is propagated on ``board``: PROPAGATION_BUDGET / (n² + 3J + 1).

    A roll costs about a unit a square and three a jump (measured: 100×100 boards, empty and with 30% jumps).
    """
    return max(1, min(MAX_TURNS, PROPAGATION_BUDGET // (board.last + 3 * len(board.jumps) + 1)))
