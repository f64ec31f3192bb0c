"""One turn of a game of chance, answered once for seeded games and the page's hot-seat game alike.

Given the board, the rules, where every token stands, whose turn it is, the turn's number and
the roll, ``take_turn`` answers everything the turn decides: the step (``Rules.step``: the
landing, the overshoot rule, one jump at most), the squares the token walks over pip by pip
(``Rules.path``: what the page animates, a bounce and a move from off the board included),
where every token stands after it, who rolls next, and whether the game ended.

Turn order: every player in turn, player 1 first, whether or not their token can still reach
the last square, so turn k is player ``(k - 1) % players + 1``.  A game ends ``"won"`` when a
token stands on the last square, ``"stuck"`` when no token can reach it any more (also before
the first roll: ``opening``), and ``"turn limit"`` after turn ``max_turns``.

``seeded.play`` plays seeded games with these two functions; the API's ``turn`` op answers the
page's hot-seat game with them, so the two follow the same rules by construction.

>>> from snakes_ladders.board import Board
>>> table = Table.of(Board(3, {2: 8}), Rules())
>>> opening(table, 2)
((1, 1), None)
>>> outcome = take_turn(table, (1, 1), player=1, number=1, roll=1)
>>> outcome.turn.visits, outcome.turn.end, outcome.positions, outcome.next_player, outcome.end
((2,), 8, (8, 1), 2, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from ..board import DIE, MAX_PLAYERS, MAX_TURNS, SIXES_TO_START, Board, Overshoot, Rules, Step

__all__ = [
    "MAX_TURNS",
    "End",
    "Outcome",
    "Table",
    "Turn",
    "TurnError",
    "hopeless_positions",
    "opening",
    "remembered_table",
    "take_turn",
]

End = Literal["won", "stuck", "turn limit"]
T = TypeVar("T")


class TurnError(ValueError):
    """A turn asked of a game state that cannot be: the message names the argument and its range."""


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
    ``start``, ``landing``, ``end`` and ``overshoot`` are read from the step.  ``visits`` are the
    squares walked over pip by pip, ending on ``landing`` (none for a wasted roll); a jump then
    takes the token from ``landing`` to ``end``.  Under a sixes rule other than plain, ``again``
    says that the same player rolls again in this turn (after a 6) and ``to_start`` that a third 6
    sent the token back to the start (``end``); both None and False under plain sixes."""

    number: int
    player: int
    step: Step
    visits: tuple[int, ...]
    again: bool | None = None
    to_start: bool = False

    roll = _StepField[int]()
    start = _StepField[int]()
    landing = _StepField[int]()
    end = _StepField[int]()
    overshoot = _StepField[Overshoot | None]()


@dataclass(frozen=True)
class Outcome:
    """What a turn decided: the ``turn``, where every token stands after it (player 1 first),
    who rolls next (None once the game ended), how the game ended (None while it goes on), the
    winner (1-based, or None), and the 6s rolled so far in this turn when the same player rolls
    again (0 when the turn passed)."""

    turn: Turn
    positions: tuple[int, ...]
    next_player: int | None
    end: End | None
    winner: int | None
    sixes: int = 0


def hopeless_positions(board: Board, rules: Rules) -> frozenset[int]:
    """Positions from which the last square can never be reached under ``rules`` at a turn's start.

    Under a sixes rule a state is a position and the 6s so far in the turn (``Rules.sixes_states``
    of them a position, as in ``chance.sixchain``): a third 6 can free a token, and a square may need more
    6s in a row than a turn allows.  O(K·n²) work, K ≤ 3.
    """
    cells = board.cells()
    last = board.last
    per = rules.sixes_states
    # Where one roll can lead from each state, reversed: who can reach each state.
    reaches: list[list[int]] = [[] for _ in range((last + 1) * per)]
    for state in range(last * per):
        position, sixes = divmod(state, per)
        for roll in DIE:
            step, carry = rules.after_roll(cells, position, roll, sixes)
            end = step.end * per + (0 if carry is None or step.end == last else min(carry, per - 1))
            reaches[end].append(state)
    hopeful = {last * per}
    queue = [last * per]
    while queue:
        state = queue.pop()
        for before in reaches[state]:
            if before not in hopeful:
                hopeful.add(before)
                queue.append(before)
    return frozenset(p for p in range(last + 1) if p * per not in hopeful)


@dataclass(frozen=True)
class Table:
    """What every turn on one board under one set of rules reads: its jumps (``Board.cells``), its
    last square, and the positions from which that square can no longer be reached.

    ``Table.of`` costs O(n²) (``hopeless_positions``); a game builds it once, a turn reads it in O(1).
    """

    rules: Rules
    cells: list[int]
    last: int
    hopeless: frozenset[int]

    @classmethod
    def of(cls, board: Board, rules: Rules) -> Table:
        """The table of ``board`` under ``rules`` (checked: BoardError when ``rules`` forbid the board)."""
        board = rules.check_board(board)
        return cls(rules, board.cells(), board.last, hopeless_positions(board, rules))


#: The last table built by ``remembered_table``, under its key: a hot-seat game asks about one board every turn.
_REMEMBERED: dict[tuple[object, ...], Table] = {}


def remembered_table(board: Board, rules: Rules) -> Table:
    """``Table.of(board, rules)``, kept for the next call: O(jumps) to recognise the board and rules of
    the last call (O(n²) for a new one).  One table is kept, so memory stays that of one board.

    >>> from snakes_ladders.board import Board
    >>> remembered_table(Board(3, {2: 8}), Rules()) is remembered_table(Board(3, {2: 8}), Rules())
    True
    """
    key = (board.n, frozenset(board.jumps.items()), rules)
    table = _REMEMBERED.get(key)
    if table is None:
        table = Table.of(board, rules)
        _REMEMBERED.clear()
        _REMEMBERED[key] = table
    return table


def opening(table: Table, players: int) -> tuple[tuple[int, ...], End | None]:
    """Where the tokens of ``players`` players stand before the first roll (``Rules.start_position``),
    and ``"stuck"`` if none of them can ever reach the last square (else None).  O(players).

    >>> from snakes_ladders.board import Board
    >>> opening(Table.of(Board(3, dict.fromkeys(range(3, 9), 1)), Rules()), 3)
    ((1, 1, 1), 'stuck')
    """
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise TurnError(f"players must be an integer from 1 to {MAX_PLAYERS}, got {players!r}")
    positions = (table.rules.start_position,) * players
    return positions, ("stuck" if table.rules.start_position in table.hopeless else None)


def take_turn(
    table: Table,
    positions: tuple[int, ...],
    player: int,
    number: int,
    roll: int,
    max_turns: int = MAX_TURNS,
    sixes: int = 0,
) -> Outcome:
    """Play a roll of turn ``number`` (1-based): ``player`` (1-based) rolls ``roll`` from ``positions[player - 1]``.

    ``sixes`` is the 6s already rolled in this turn (``Outcome.sixes`` of the roll before): under
    ``"again"`` and ``"again-three-to-start"`` a 6 gives the same player another roll in the same
    turn, so a turn is one roll or several (``Rules.after_roll``), and the turn passes (or the
    game ends at the turn limit) only after a roll that gives none.
    Refuses (TurnError, naming the argument and its range) a state no game reaches: a position
    outside the board's start to n² - 1 (a token on n² has already won), a player other than
    turn ``number``'s, a number outside 1 to ``max_turns``, a roll outside 1 to 6, 6s that the
    rules do not carry (any under plain, more than 2 under ``"again-three-to-start"``), or a game
    already stuck.  O(players) work: the table holds the hopeless positions.

    >>> from snakes_ladders.board import Board
    >>> table = Table.of(Board(2, {}), Rules(overshoot="bounce"))
    >>> outcome = take_turn(table, (3, 1), player=1, number=3, roll=3)
    >>> outcome.turn.visits, outcome.turn.overshoot, outcome.positions, outcome.next_player
    ((4, 3, 2), 'bounce', (2, 1), 2)
    >>> take_turn(table, (3, 1), player=2, number=3, roll=3)
    Traceback (most recent call last):
    ...
    snakes_ladders.game.turn.TurnError: turn 3 is player 1's (every player in turn, player 1 first), got player 2
    """
    _check_turn(table, positions, number, player, roll, max_turns)
    rules = table.rules
    _check_sixes(rules, sixes)
    step, carry = rules.after_roll(table.cells, positions[player - 1], roll, sixes)
    to_start = roll == 6 and carry is None and rules.sixes == "again-three-to-start"
    visits = () if to_start else rules.path(step.start, roll, table.last)
    again = None if rules.sixes == "plain" else carry is not None and step.end != table.last
    turn = Turn(number, player, step, visits, again, to_start)
    after = (*positions[: player - 1], step.end, *positions[player:])
    end: End | None = None
    if step.end == table.last:
        end = "won"
    elif again:
        return Outcome(turn, after, player, None, None, carry or 0)
    elif all(position in table.hopeless for position in after):
        end = "stuck"
    elif number == max_turns:
        end = "turn limit"
    next_player = None if end else player % len(positions) + 1
    return Outcome(turn, after, next_player, end, player if end == "won" else None)


def _check_sixes(rules: Rules, sixes: int) -> None:
    """Raise TurnError unless ``sixes`` is a count of 6s in a row that ``rules`` let a turn carry."""
    high = {"plain": 0, "again": MAX_TURNS}.get(rules.sixes, SIXES_TO_START - 1)
    if type(sixes) is not int or not 0 <= sixes <= high:
        raise TurnError(f"sixes must be an integer from 0 to {high} under the rule sixes={rules.sixes}, got {sixes!r}")


def _check_turn(table: Table, positions: tuple[int, ...], number: int, player: int, roll: int, max_turns: int) -> None:
    """Raise TurnError, with an exact message, for a turn no game under these rules can ask."""
    if type(positions) is not tuple or not 1 <= len(positions) <= MAX_PLAYERS:
        raise TurnError(f"positions must be a tuple of 1 to {MAX_PLAYERS} positions, got {positions!r}")
    low, high = table.rules.start_position, table.last - 1
    for index, position in enumerate(positions):
        if type(position) is not int or not low <= position <= high:
            raise TurnError(f"positions[{index}] must be an integer from {low} to {high}, got {position!r}")
    if type(max_turns) is not int or max_turns < 1:
        raise TurnError(f"max_turns must be a positive integer, got {max_turns!r}")
    if type(number) is not int or not 1 <= number <= max_turns:
        raise TurnError(f"number must be an integer from 1 to {max_turns}, got {number!r}")
    due = (number - 1) % len(positions) + 1
    if player != due or type(player) is not int:
        raise TurnError(
            f"turn {number} is player {due}'s (every player in turn, player 1 first), got player {player!r}"
        )
    if type(roll) is not int or roll not in DIE:
        raise TurnError(f"roll must be an integer from 1 to 6, got {roll!r}")
    if all(position in table.hopeless for position in positions):
        raise TurnError(f"the game is already over: no token can reach square {table.last}")
