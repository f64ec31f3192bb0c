"""Play a game of chance: 1 to 4 players roll a seeded die in turn.

The die is ``random.Random(seed).randint(1, 6)``, one call per roll, so the
same board, rules, players and seed always give the same game, in CPython and
in Pyodide alike.  Each turn is ``turn.take_turn``, as in the page's hot-seat
game: players roll in order, player 1 first, each moving their own token by
``Rules.step``; the first to stand on the last square wins.  A game ends without
a winner when every token stands where the last square can no longer be reached
(``"stuck"``), or after ``max_turns`` turns (``"turn limit"``).

>>> from snakes_ladders.board import Board
>>> game = play(Board(2, {}), players=2, seed=7)
>>> game.winner, game.end, len(game.turns) == len(set(t.number for t in game.turns))
(1, 'won', True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..board import LEETCODE, MAX_PLAYERS, MAX_SEED, Board, Rules
from .turn import MAX_TURNS, End, Table, Turn, hopeless_positions, opening, take_turn

__all__ = ["MAX_PLAYERS", "MAX_SEED", "MAX_TURNS", "ROLLS_PER_TURN", "Game", "Turn", "hopeless_positions", "play"]

#: A game holds at most this many rolls per turn allowed (a 6 gives another roll under a sixes rule).
ROLLS_PER_TURN = 6


@dataclass(frozen=True)
class Game:
    """A whole game: every turn, the winner (1-based, or None) and how it ended.

    ``positions`` are where the tokens stand at the end, player 1 first (0 for
    a token still off the board).
    """

    players: int
    seed: int
    rules: Rules
    turns: tuple[Turn, ...]
    winner: int | None
    end: End
    positions: tuple[int, ...]


def _check_arguments(rules: object, players: object, seed: object, max_turns: object) -> None:
    """Raise ValueError or TypeError, with an exact message, for a bad argument of ``play``."""
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be an integer from 1 to {MAX_PLAYERS}, got {players!r}")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer from 0 to {MAX_SEED}, got {seed!r}")
    if type(max_turns) is not int or max_turns < 1:
        raise ValueError(f"max_turns must be a positive integer, got {max_turns!r}")
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")


def play(
    board: Board | Any,
    rules: Rules = LEETCODE,
    players: int = 1,
    seed: int = 0,
    max_turns: int = MAX_TURNS,
) -> Game:
    """Play one seeded game on ``board`` under ``rules`` and return every turn.

    Takes a Board or a LeetCode matrix (checked for the rules; BoardError when
    malformed).

    Work bound: O(n²) to find the positions from which the last square can no
    longer be reached (``turn.Table.of``), then O(players) per roll, at most ``max_turns`` turns (the
    reply holds one entry per roll: under a sixes rule other than plain a turn is one roll and one
    more after each 6, and the game is called off, ``"turn limit"``, at ROLLS_PER_TURN × ``max_turns``
    rolls whatever the die shows).

    >>> [(t.number, t.roll, t.end, t.again) for t in play(Board(3, {}), Rules(sixes="again"), seed=19).turns]
    [(1, 6, 7, True), (1, 1, 8, False), (2, 5, 8, False), (3, 1, 9, False)]

    >>> game = play(Board(3, {2: 8}), seed=1)
    >>> [(t.roll, t.start, t.landing, t.end) for t in game.turns]
    [(2, 1, 3, 3), (5, 3, 8, 8), (1, 8, 9, 9)]
    >>> play(Board(3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}), seed=1).end
    'stuck'
    """
    _check_arguments(rules, players, seed, max_turns)
    table = Table.of(rules.to_board(board), rules)
    rng = random.Random(seed)
    positions, end = opening(table, players)
    turns: list[Turn] = []
    winner: int | None = None
    player = None if end else 1
    number, sixes = 1, 0
    while player is not None:
        outcome = take_turn(table, positions, player, number, rng.randint(1, 6), max_turns, sixes)
        turns.append(outcome.turn)
        positions, player, end, winner = outcome.positions, outcome.next_player, outcome.end, outcome.winner
        number, sixes = (number, outcome.sixes) if outcome.sixes else (number + 1, 0)
        if player is not None and len(turns) >= ROLLS_PER_TURN * max_turns:
            player, end = None, "turn limit"  # a bound on the rolls a game holds, whatever the die shows
    assert end is not None  # a turn with no next player ended the game
    return Game(
        players=players,
        seed=seed,
        rules=rules,
        turns=tuple(turns),
        winner=winner,
        end=end,
        positions=positions,
    )
