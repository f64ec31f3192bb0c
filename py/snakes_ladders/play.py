"""Play a game of chance: 1 to 4 players roll a seeded die in turn.

The die is ``random.Random(seed).randint(1, 6)``, one call per turn, so the
same board, rules, players and seed always give the same game, in CPython and
in Pyodide alike.  Players roll in order, player 1 first, each moving their own
token by ``Rules.step``; the first to stand on the last square wins.  A game
ends without a winner when every token stands where the last square can no
longer be reached (``"stuck"``), or after ``max_turns`` turns (``"turn limit"``).

>>> from snakes_ladders.board import Board
>>> game = play(Board(2, {}), players=2, seed=7)
>>> game.winner, game.end, len(game.turns) == len(set(t.number for t in game.turns))
(1, 'won', True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from .board import Board
from .rules import DIE, LEETCODE, MAX_PLAYERS, MAX_SEED, Overshoot, Rules, Step

__all__ = ["MAX_PLAYERS", "MAX_SEED", "MAX_TURNS", "Game", "Turn", "hopeless_positions", "play"]

#: The most turns (rolls, all players together) a game may take before it is called off.
MAX_TURNS = 10_000

End = Literal["won", "stuck", "turn limit"]
T = TypeVar("T")


class _StepField(Generic[T]):
    """A read-only attribute of a Turn read from its step: ``turn.roll`` is ``turn.step.roll``."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, turn: Turn, owner: type | None = None) -> T:
        value: T = getattr(turn.step, self._name)
        return value


@dataclass(frozen=True)
class Turn:
    """One roll: ``player`` (1-based) rolls ``roll`` on turn ``number`` (1-based)
    and moves by ``step`` (start, landing, end, and any overshoot rule applied); ``roll``,
    ``start``, ``landing``, ``end`` and ``overshoot`` are read from the step."""

    number: int
    player: int
    step: Step

    roll = _StepField[int]()
    start = _StepField[int]()
    landing = _StepField[int]()
    end = _StepField[int]()
    overshoot = _StepField[Overshoot | None]()


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


def hopeless_positions(board: Board, rules: Rules) -> set[int]:
    """Positions from which the last square can never be reached under ``rules``; O(n²) work."""
    cells = board.cells()
    last = board.last
    # Where one roll can lead from each position, reversed: who can reach each square.
    reaches: list[list[int]] = [[] for _ in range(last + 1)]
    for position in range(last):
        for roll in DIE:
            reaches[rules.move(cells, position, roll)[1]].append(position)
    hopeful = {last}
    queue = [last]
    while queue:
        square = queue.pop()
        for before in reaches[square]:
            if before not in hopeful:
                hopeful.add(before)
                queue.append(before)
    return set(range(last + 1)) - hopeful


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
    longer be reached, then O(1) per turn, at most ``max_turns`` turns (the
    reply holds one entry per turn).

    >>> game = play(Board(3, {2: 8}), seed=1)
    >>> [(t.roll, t.start, t.landing, t.end) for t in game.turns]
    [(2, 1, 3, 3), (5, 3, 8, 8), (1, 8, 9, 9)]
    >>> play(Board(3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}), seed=1).end
    'stuck'
    """
    _check_arguments(rules, players, seed, max_turns)
    board = rules.to_board(board)
    cells = board.cells()
    last = board.last
    hopeless = hopeless_positions(board, rules)
    rng = random.Random(seed)
    positions = [rules.start_position] * players
    turns: list[Turn] = []
    winner: int | None = None
    end: End = "turn limit"
    if all(p in hopeless for p in positions):
        end = "stuck"
    else:
        while len(turns) < max_turns:
            player = len(turns) % players
            step = rules.step(cells, positions[player], rng.randint(1, 6))
            positions[player] = step.end
            turns.append(Turn(number=len(turns) + 1, player=player + 1, step=step))
            if step.end == last:
                winner, end = player + 1, "won"
                break
            if all(p in hopeless for p in positions):
                end = "stuck"
                break
    return Game(
        players=players,
        seed=seed,
        rules=rules,
        turns=tuple(turns),
        winner=winner,
        end=end,
        positions=tuple(positions),
    )
