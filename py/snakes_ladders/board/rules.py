"""Rules of random play: where the token starts and what a roll past the last square does.

LeetCode 909 has no dice: it asks for the least number of moves when the player
picks every roll.  Its rules, read as a game of chance, are the default here:
the token starts on square 1, a roll that would pass the last square leaves it
where it is, and a snake or ladder on the landing square is taken, one per move.
The classic board game differs in two ways that ``Rules`` can express:

``start``
    ``"square1"`` (LeetCode): the token stands on square 1 before the first roll,
    so square 1 may not hold a jump.  ``"off-board"`` (classic): the token waits
    off the board, on position 0; the first roll r lands on square r and takes
    its jump, so square 1 may hold a ladder (the classic 1->38).
``overshoot``
    ``"stay"`` (LeetCode and the classic default): a roll that would pass the
    last square is wasted, the token stays put; only the exact roll finishes.
    ``"bounce"``: the token counts up to the last square and back down by the
    excess (and, on a 2×2 board, up again from square 1), then takes any jump
    where it lands.  ``"win"``: any roll that reaches or passes the last square
    finishes.
``sixes``
    ``"plain"`` (LeetCode and the default): every roll is a turn of its own.
    ``"again"``: a 6 gives the same player another roll in the same turn, after
    moving, also a 6 that cannot move the token (``"stay"``).  ``"again-three-to-start"``:
    as ``"again"``, but a third 6 in a row within a turn does not move the token: it goes
    back to the start (square 1, or off the board, as ``start`` says) and the turn ends,
    even when that 6 would have reached the last square.  ``Rules.after_roll`` says
    where a roll leaves the token and whether the same player rolls again.

Whatever the rules, one jump at most is taken per move, as in LeetCode: a jump
that ends on another jump's start stops there.  ``solve`` takes ``Rules`` (the least
number of moves with every roll chosen, from the rules' start); ``min_moves`` always
answers LeetCode's question.

>>> cells = Board(10, {1: 38, 98: 78}, allow_start_jump=True).cells()
>>> CLASSIC.move(cells, 0, 1)                       # off the board, roll 1: land on 1, climb to 38
(1, 38)
>>> CLASSIC.move(cells, 97, 4), Rules(overshoot="bounce").move(cells, 97, 5)
((97, 97), (98, 78))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .checks import EMPTY, BoardError
from .errors import Key, MessageError, Quoted, Shown
from .model import Board, square_to_cell, to_board

__all__ = [
    "CLASSIC",
    "DIE",
    "LEETCODE",
    "MAX_PLAYERS",
    "MAX_SEED",
    "MAX_TURNS",
    "OFF_BOARD",
    "OVERSHOOTS",
    "SIXES",
    "SIXES_TO_START",
    "STARTS",
    "JumpKind",
    "Overshoot",
    "Rules",
    "RulesError",
    "Step",
]

#: What a move took after landing: a ladder up or a snake down.
JumpKind = Literal["ladder", "snake"]
Start = Literal["square1", "off-board"]
Overshoot = Literal["stay", "bounce", "win"]
Sixes = Literal["plain", "again", "again-three-to-start"]

STARTS: tuple[Start, ...] = ("square1", "off-board")
OVERSHOOTS: tuple[Overshoot, ...] = ("stay", "bounce", "win")
SIXES: tuple[Sixes, ...] = ("plain", "again", "again-three-to-start")
#: Under ``"again-three-to-start"``, this many 6s in a row within a turn send the token back to the start.
SIXES_TO_START = 3
#: The faces of the die, each with probability 1/6.
DIE = (1, 2, 3, 4, 5, 6)
#: The position of a token that has not entered the board yet (``start="off-board"``).
OFF_BOARD = 0
#: Players in a game or a race (``play``, ``markov``).
MAX_PLAYERS = 4
#: Seeds of the die are integers from 0 to 2**53 - 1, so that JavaScript numbers hold them exactly.
MAX_SEED = 2**53 - 1
#: The most turns (rolls, all players together) a game may take before it is called off.
MAX_TURNS = 10_000
_KEYS = ("start", "overshoot", "sixes")


class RulesError(MessageError):
    """Rules that are not of the documented form; the message says which part and why.

    A ``MessageError``: ``str`` names the values in Python's terms, ``render("json")`` in JSON's.
    """


@dataclass(frozen=True)
class Step:
    """One roll of a game of chance: from ``start`` the die shows ``roll``.

    The token lands on ``landing`` and ends the move on ``end`` (different when
    it takes a snake or ladder).  ``overshoot`` is the rule applied when the roll
    would pass the last square (``"stay"``, ``"bounce"`` or ``"win"``), else None;
    after ``"stay"`` the token has not moved: ``landing == end == start``.

    >>> step = Step(start=95, roll=4, landing=99, end=78, overshoot=None)
    >>> step.jump
    'snake'
    """

    start: int
    roll: int
    landing: int
    end: int
    overshoot: Overshoot | None

    @property
    def jump(self) -> JumpKind | None:
        """``"ladder"``, ``"snake"``, or ``None`` when the move ends where it landed."""
        if self.end == self.landing:
            return None
        return "ladder" if self.end > self.landing else "snake"


@dataclass(frozen=True)
class Rules:
    """How a game of chance is played on a board; the default is LeetCode 909's rules.

    >>> Rules()
    Rules(start='square1', overshoot='stay', sixes='plain')
    >>> Rules.from_json({"start": "off-board"}) == CLASSIC
    True
    >>> Rules(overshoot="jump")
    Traceback (most recent call last):
    ...
    snakes_ladders.board.rules.RulesError: overshoot must be 'stay', 'bounce' or 'win', got 'jump' (str)
    """

    start: Start = "square1"
    overshoot: Overshoot = "stay"
    sixes: Sixes = "plain"

    def __post_init__(self) -> None:
        if type(self.start) is not str or self.start not in STARTS:
            starts = _choices(STARTS, " or ")
            raise RulesError("start must be ", *starts, ", got ", Shown(self.start), code="start")
        if type(self.overshoot) is not str or self.overshoot not in OVERSHOOTS:
            overshoots = _choices(OVERSHOOTS, ", ")
            raise RulesError("overshoot must be ", *overshoots, ", got ", Shown(self.overshoot), code="overshoot")
        if type(self.sixes) is not str or self.sixes not in SIXES:
            raise RulesError("sixes must be ", *_choices(SIXES, ", "), ", got ", Shown(self.sixes), code="sixes")

    @property
    def start_position(self) -> int:
        """Where the token stands before the first roll: 1, or 0 for off the board.

        >>> Rules().start_position, CLASSIC.start_position
        (1, 0)
        """
        return OFF_BOARD if self.start == "off-board" else 1

    @property
    def sixes_states(self) -> int:
        """K, the states a position has in the game's chain: the 6s so far in this turn that matter.

        1 under ``"plain"``, 2 under ``"again"`` (whether the turn goes on), 3 under
        ``"again-three-to-start"`` (0, 1 or 2 6s).

        >>> Rules().sixes_states, Rules(sixes="again").sixes_states, Rules(sixes="again-three-to-start").sixes_states
        (1, 2, 3)
        """
        return {"plain": 1, "again": 2}.get(self.sixes, SIXES_TO_START)

    @classmethod
    def from_json(cls, value: Any) -> Rules:
        """Read rules from JSON data: an object with optional ``start``, ``overshoot`` and ``sixes``.

        >>> Rules.from_json({"overshoot": "win"})
        Rules(start='square1', overshoot='win', sixes='plain')
        >>> Rules.from_json({"die": 8})
        Traceback (most recent call last):
        ...
        snakes_ladders.board.rules.RulesError: unknown rule 'die': the rules are start, overshoot and sixes
        >>> Rules.from_json({"sixes": "two"})
        Traceback (most recent call last):
        ...
        snakes_ladders.board.rules.RulesError: sixes must be 'plain', 'again' or 'again-three-to-start', got 'two' (str)
        """
        if not isinstance(value, dict):
            raise RulesError(
                "rules must be an object with start, overshoot and sixes, got ", Shown(value), code="rules_type"
            )
        for key in value:
            if key not in _KEYS:  # the words predate sixes: existing callers and tests match them exactly
                raise RulesError(
                    "unknown rule ", Key(key), ": the rules are start, overshoot and sixes", code="unknown_rule"
                )
        return cls(**value)

    def to_json(self) -> dict[str, str]:
        """The rules as JSON data: start and overshoot always, sixes when not ``"plain"``.

        Plain sixes are left out so that the rules every existing caller and link holds read as before.

        >>> CLASSIC.to_json(), Rules(sixes="again").to_json()["sixes"]
        ({'start': 'off-board', 'overshoot': 'stay'}, 'again')
        """
        if self.sixes == "plain":
            return {"start": self.start, "overshoot": self.overshoot}
        return {"start": self.start, "overshoot": self.overshoot, "sixes": self.sixes}

    def board_from_matrix(self, rows: Any) -> Board:
        """Check a LeetCode matrix for these rules: square 1 may hold a jump only off-board.

        >>> CLASSIC.board_from_matrix([[-1, -1], [-1, -1]]).n
        2
        """
        return to_board(rows, allow_start_jump=self.start == "off-board")

    def to_board(self, value: Board | Any) -> Board:
        """Any input (a Board, or a LeetCode matrix) as a Board these rules can play, else BoardError.

        >>> Rules().to_board([[-1, -1], [-1, 3]]) == CLASSIC.to_board(Board(2, {2: 3}))
        True
        """
        return self.check_board(value) if isinstance(value, Board) else self.board_from_matrix(value)

    def check_board(self, board: Board) -> Board:
        """Return ``board`` if it can be played under these rules, else raise BoardError.

        >>> try:
        ...     Rules().check_board(Board(3, {1: 9}, allow_start_jump=True))
        ... except BoardError as error:
        ...     print(error)
        square 1 (row 2, column 0): the start square cannot hold a snake or ladder
        """
        if self.start == "square1" and 1 in board.jumps:
            row, column = square_to_cell(1, board.n)
            raise BoardError(
                "the start square cannot hold a snake or ladder", row=row, column=column, square=1, code="start_square"
            )
        return board

    def landing(self, position: int, roll: int, last: int) -> tuple[int, Overshoot | None]:
        """Where a roll from ``position`` lands before any jump, and the overshoot rule used.

        >>> Rules().landing(98, 3, 100), Rules(overshoot="bounce").landing(98, 3, 100)
        ((98, 'stay'), (99, 'bounce'))
        >>> Rules(overshoot="win").landing(98, 3, 100), Rules(overshoot="bounce").landing(3, 5, 4)
        ((100, 'win'), (2, 'bounce'))
        """
        target = position + roll
        if target <= last:
            return target, None
        if self.overshoot == "stay":
            return position, "stay"
        if self.overshoot == "win":
            return last, "win"
        return _bounce(position, roll, last)[-1], "bounce"

    def path(self, position: int, roll: int, last: int) -> tuple[int, ...]:
        """The squares a roll from ``position`` takes the token over, pip by pip, in order, before any jump.

        The last is the landing square (``landing``): a bounce goes up to ``last`` and back down,
        a move from off the board (position 0) starts on square 1; a wasted roll (``"stay"``) visits
        none.  At most 6 squares, O(1) work.

        >>> Rules().path(0, 3, 9), Rules(overshoot="bounce").path(7, 4, 9), Rules().path(7, 4, 9)
        ((1, 2, 3), (8, 9, 8, 7), ())
        >>> Rules(overshoot="bounce").path(3, 6, 4), Rules(overshoot="win").path(7, 4, 9)
        ((4, 3, 2, 1, 2, 3), (8, 9))
        """
        if position + roll <= last:
            return tuple(range(position + 1, position + roll + 1))
        if self.overshoot == "stay":
            return ()
        if self.overshoot == "win":
            return tuple(range(position + 1, last + 1))
        return _bounce(position, roll, last)

    def move(self, cells: list[int], position: int, roll: int) -> tuple[int, int]:
        """Return ``(landing, end)`` for a roll from ``position`` (0 is off the board).

        ``cells`` is ``Board.cells()``: ``cells[s]`` the end of the jump on s, or -1.
        A jump is taken only where the token lands: a wasted roll (``"stay"``)
        takes none.

        >>> cells = Board(3, {2: 8, 7: 3}).cells()
        >>> Rules().move(cells, 1, 1), Rules().move(cells, 1, 6), Rules().move(cells, 8, 2)
        ((2, 8), (7, 3), (8, 8))
        """
        landing, overshoot = self.landing(position, roll, len(cells) - 1)
        if overshoot == "stay":
            return position, position
        end = cells[landing]
        return landing, (landing if end == EMPTY else end)

    def step(self, cells: list[int], position: int, roll: int) -> Step:
        """Return the whole ``Step`` for a roll from ``position``.

        >>> CLASSIC.step(Board(10, {1: 38}, allow_start_jump=True).cells(), 0, 1)
        Step(start=0, roll=1, landing=1, end=38, overshoot=None)
        """
        landing, overshoot = self.landing(position, roll, len(cells) - 1)
        if overshoot == "stay":
            return Step(start=position, roll=roll, landing=position, end=position, overshoot=overshoot)
        end = cells[landing]
        return Step(
            start=position, roll=roll, landing=landing, end=landing if end == EMPTY else end, overshoot=overshoot
        )

    def after_roll(self, cells: list[int], position: int, roll: int, sixes: int = 0) -> tuple[Step, int | None]:
        """The ``Step`` of a roll made after ``sixes`` 6s in a row in this turn, and the 6s to carry.

        The second value is the number of 6s rolled in this turn so far when the same player rolls
        again (``"again"``, ``"again-three-to-start"``: after every 6), or None when the turn passes.
        A third 6 under ``"again-three-to-start"`` moves nothing: the token goes back to the start
        (``landing == end == start_position``, no jump) and the turn passes.  O(1) work.

        >>> cells = Board(3, {}).cells()
        >>> Rules(sixes="again").after_roll(cells, 1, 6), Rules(sixes="again").after_roll(cells, 7, 2, 1)[1]
        ((Step(start=1, roll=6, landing=7, end=7, overshoot=None), 1), None)
        >>> Rules(sixes="again-three-to-start").after_roll(cells, 3, 6, 2)
        (Step(start=3, roll=6, landing=1, end=1, overshoot=None), None)
        """
        if roll == 6 and self.sixes == "again-three-to-start" and sixes >= SIXES_TO_START - 1:
            back = self.start_position
            return Step(start=position, roll=roll, landing=back, end=back, overshoot=None), None
        step = self.step(cells, position, roll)
        return step, (sixes + 1 if roll == 6 and self.sixes != "plain" else None)


def _bounce(position: int, roll: int, last: int) -> tuple[int, ...]:
    """The squares of a bouncing roll, pip by pip: up to the last square, then back down by the excess.

    A 2×2 board can send the count past square 1, where it turns up again, as a token walked
    pip by pip would.  ``roll`` pips, O(1) work.
    """
    squares = []
    square, direction = position, 1
    for _ in range(roll):
        if square + direction > last or square + direction < 1:
            direction = -direction
        square += direction
        squares.append(square)
    return tuple(squares)


def _choices(names: tuple[str, ...], between: str) -> list[str | Quoted]:
    """Message parts naming each choice quoted: ``'a', 'b' or 'c'`` (``between`` before all but the last)."""
    parts: list[str | Quoted] = []
    for index, name in enumerate(names):
        if index:
            parts.append(" or " if index == len(names) - 1 else between)
        parts.append(Quoted(name))
    return parts


#: LeetCode 909's rules read as a game of chance (the default).
LEETCODE = Rules()
#: The classic board game: start off the board, land exactly on the last square.
CLASSIC = Rules(start="off-board", overshoot="stay")
