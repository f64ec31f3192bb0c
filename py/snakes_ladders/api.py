"""The JSON boundary: one request string in, one response string out, never raising.

(Over 400 lines because it is the whole boundary: the declared contract ``CONTRACT``
that the dispatcher reads and ``contract`` writes for the page, the checks made
before any text is parsed, and the functions that shape each op's result.)

This is the only entry point the browser calls.  Requests are data, never
Python source, and replies are plain JSON, so nothing crosses the boundary that
would need freeing on the JavaScript side.

Request (version 1)::

    {"version": 1, "op": "solve", "board": [[-1, -1], [-1, 3]]}
    {"version": 1, "op": "validate", "board_text": "board = [[-1, -1], [-1, 3]]"}

``op`` is ``"solve"``, ``"validate"`` or ``"min_moves"``, or one of the
random-play ops below.  The board is given either as a matrix in ``board`` or
as text in ``board_text`` (JSON, optionally prefixed with ``board =`` as
LeetCode prints it).  ``max_size`` (optional) lowers the largest accepted board
size, as the editor does.

``validate`` also takes ``rules`` (below): under ``"start": "off-board"`` square 1
may hold a jump.  ``solve`` and ``min_moves`` always use LeetCode's rules.

Random play and the search explained (see ``markov``, ``play``, ``explain``)::

    {"version": 1, "op": "analyze", "board": [...], "rules": {"start": "off-board", "overshoot": "stay"},
     "players": 2}
    {"version": 1, "op": "play", "board": [...], "rules": {...}, "players": 2, "seed": 42}
    {"version": 1, "op": "explain", "board": [...]}

``rules`` (optional; default LeetCode's ``{"start": "square1", "overshoot":
"stay"}``, and either key may be left out): ``start`` is ``"square1"`` or
``"off-board"`` (then square 1 may hold a jump), ``overshoot`` is ``"stay"``,
``"bounce"`` or ``"win"``.  ``players`` (optional, default 1) is 1 to 4.
``seed`` (``play`` only, required) is an integer from 0 to 2**53 - 1; the same
request always plays the same game.  ``explain`` always uses LeetCode's rules.
A bad ``rules``, ``players`` or ``seed`` is an error of kind ``"request"``;
these three ops take boards up to 100×100 (``max_size`` can lower that).
The results are described by ``analysis_to_json``, ``game_to_json`` and
``explanation_to_json``.

Response::

    {"ok": true, "version": 1, "result": {...}}
    {"ok": false, "version": 1, "error": {"kind": "board", "message": "...",
                                           "row": 5, "column": 0, "square": 1}}

Error kinds: ``"json"`` (text that is not JSON), ``"request"`` (a malformed
request), ``"board"`` (a malformed board; ``row``, ``column`` and ``square`` say
where, or are null), ``"internal"`` (a bug: the message says what was raised).
Messages show values as the JSON they were read from (``got null``, ``got "3"
(a string)``), not as Python would: the domain raises ``errors.MessageError``
with its values as data, and ``_guard`` renders them with ``render("json")``.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any

from .bignum import Magnitude
from .board import MAX_SIZE, MIN_SIZE, Board, BoardError
from .errors import show
from .genspec import DEFAULT_EVALUATIONS, MAX_EVALUATIONS, MAX_GENERATE_SIZE, MAX_WORK, GenerateError, Spec
from .jsontext import CHUNK, NestingError, check_nesting, clip_digits, clip_numbers
from .rules import LEETCODE, MAX_PLAYERS, MAX_SEED, MAX_TURNS, Rules, RulesError
from .solve import Solution, min_moves, solve

# Random play (``play``), its analysis (``markov``), the search explained (``explain``) and the
# generator (``generate``) are imported by the functions that use them, on first use. The page's
# worker is ready once this module is imported, and those modules were about half of the package's
# import time in Pyodide (creating their dataclasses, mostly). The memory snapshot imports them all
# (``LATER``), so a repeat visit has them at once.
if TYPE_CHECKING:
    from .explain import Explanation
    from .markov import Analysis, JumpUse
    from .play import Game
    from .turn import Outcome, Table, Turn

#: The package's modules this one imports on first use.
LATER = (
    "snakes_ladders.explain",
    "snakes_ladders.generate",
    "snakes_ladders.markov",
    "snakes_ladders.play",
    "snakes_ladders.turn",
)

__all__ = ["API_VERSION", "MAX_BOARD_VALUES", "MAX_REQUEST_CHARS", "answer", "handle", "solution_to_json"]

API_VERSION = 1
# A 1000×1000 matrix of two-digit-wide values is about 7 MB of JSON; leave room.
MAX_REQUEST_CHARS = 32_000_000
#: The values in the text of the largest board: its cells, its rows and the list of rows.
MAX_BOARD_VALUES = MAX_SIZE * MAX_SIZE + MAX_SIZE + 1
#: A request holds a board and a few fields; this leaves room for a thousand more values.
MAX_REQUEST_VALUES = MAX_BOARD_VALUES + 1_000
#: Board text may take this many characters a cell, and this many more in all.
TEXT_CHARS_PER_CELL = 16
TEXT_CHARS_EXTRA = 65_536
BOM = "\ufeff"
# Random play's work and replies grow with the number of squares: boards up to 100×100.
RANDOM_PLAY_MAX_SIZE = 100
#: The largest board the page's editor makes (``max_size`` in its requests).
PAGE_MAX_SIZE = 50

#: What each kind of error means; ``row``, ``column`` and ``square`` are set for some board errors.
ERROR_KINDS = {
    "json": "board text that is not JSON",
    "request": "a request not of the documented form (fields, ranges, size of the text)",
    "board": "a board that breaks a rule; row, column and square say where, or are null",
    "internal": "a bug: the message says what was raised",
}


@dataclass(frozen=True)
class Field:
    """One field of a request: its JSON type (as JSDoc writes it), whether it is required, its range."""

    name: str
    kind: str
    about: str
    required: bool = False
    low: int | None = None
    high: int | None = None
    default: int | None = None


@dataclass(frozen=True)
class Op:
    """One op of the boundary: its request fields, the largest board it takes, and its result."""

    name: str
    about: str
    fields: tuple[Field, ...]
    max_size: int
    result: tuple[tuple[str, str], ...]

    def reads(self, name: str) -> bool:
        """Whether the op reads the field ``name``."""
        return any(field.name == name for field in self.fields)


VERSION_FIELD = Field("version", str(API_VERSION), "the API version", required=True, low=API_VERSION, high=API_VERSION)
BOARD_FIELD = Field("board", "number[][]", "the LeetCode matrix (or give board_text)")
BOARD_TEXT_FIELD = Field(
    "board_text",
    "string",
    "the matrix as text, optionally after 'board ='; wins over board; at most "
    f"{TEXT_CHARS_PER_CELL} characters a cell and {TEXT_CHARS_EXTRA:,} more",
    high=MAX_SIZE * MAX_SIZE * TEXT_CHARS_PER_CELL + TEXT_CHARS_EXTRA,
)
MAX_SIZE_FIELD = Field(
    "max_size", "number", "lowers the largest board accepted", low=MIN_SIZE, high=MAX_SIZE, default=MAX_SIZE
)
RULES_FIELD = Field("rules", "Rules", "rules of play; LeetCode's when absent, and either key may be left out")
PLAYERS_FIELD = Field("players", "number", "players taking turns", low=1, high=MAX_PLAYERS, default=1)
SEED_FIELD = Field("seed", "number", "seed of the die: same request, same game", required=True, low=0, high=MAX_SEED)
_BOARD_FIELDS = (VERSION_FIELD, BOARD_FIELD, BOARD_TEXT_FIELD, MAX_SIZE_FIELD)
_STEP = "{start: number, roll: number, landing: number, end: number, jump: JumpKind | null}"
_TURN = (
    "{number: number, player: number, roll: number, start: number, landing: number, end: number, "
    "jump: JumpKind | null, overshoot: OvershootRule | null, visits: number[]}"
)
_WARNINGS = ("warnings", "{total: number, shown: {square: number, message: string}[]}")
_CHAINED = ("chained", "number[]")
_COUNT = "Magnitude"

#: The ops, their request fields and results: the dispatcher reads this, and ``contract`` writes it for the page.
CONTRACT: dict[str, Op] = {
    op.name: op
    for op in (
        Op(
            "solve",
            "the least number of moves under LeetCode's rules, one optimal path and its detail",
            _BOARD_FIELDS,
            MAX_SIZE,
            (
                ("n", "number"),
                ("moves", "number"),
                ("reachable", "boolean"),
                ("path", "number[] | null"),
                ("steps", f"{_STEP}[]"),
                ("distances", "(number | null)[]"),
                ("distances_limit", "number | null"),
                ("paths_count", _COUNT),
                ("explored", "number"),
                _WARNINGS,
                _CHAINED,
            ),
        ),
        Op(
            "validate",
            "the checked board and its warnings",
            (*_BOARD_FIELDS, RULES_FIELD),
            MAX_SIZE,
            (
                ("n", "number"),
                ("matrix", "number[][]"),
                ("jumps", "[number, number][]"),
                _WARNINGS,
                _CHAINED,
            ),
        ),
        Op(
            "min_moves",
            "only the least number of moves (-1 when unreachable)",
            _BOARD_FIELDS,
            MAX_SIZE,
            (
                ("n", "number"),
                ("moves", "number"),
            ),
        ),
        Op(
            "analyze",
            "exact random-play figures: expected rolls, game length, visits, the players' chances (jump use: jump_use)",
            (*_BOARD_FIELDS, RULES_FIELD, PLAYERS_FIELD),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("n", "number"),
                ("rules", "Rules"),
                ("finishable", '"always" | "not always" | "never"'),
                ("p_finish", "number | null"),
                ("expected_rolls", "number | Magnitude | null"),
                ("length", "object"),
                ("visits", "(number | null)[]"),
                ("jumps", "object[]"),
                ("traps", "number[][]"),
                ("race", "object"),
                ("unsolved", "string | null"),
                _WARNINGS,
                _CHAINED,
            ),
        ),
        Op(
            "jump_use",
            "the chance that random play uses each snake and ladder (analyze's second stage), or why not",
            (*_BOARD_FIELDS, RULES_FIELD),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("n", "number"),
                ("jumps", "object[]"),
                ("refused", "string | null"),
            ),
        ),
        Op(
            "explain",
            "the LeetCode search layer by layer, and the wall when unreachable",
            _BOARD_FIELDS,
            RANDOM_PLAY_MAX_SIZE,
            (
                ("n", "number"),
                ("moves", "number"),
                ("reachable", "boolean"),
                ("paths_count", _COUNT),
                ("layers", "object[]"),
                ("distances", "(number | null)[]"),
                ("wall", "object | null"),
                _WARNINGS,
                _CHAINED,
            ),
        ),
        Op(
            "play",
            "one seeded game: every turn, the winner and how it ended",
            (*_BOARD_FIELDS, RULES_FIELD, PLAYERS_FIELD, SEED_FIELD),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("n", "number"),
                ("rules", "Rules"),
                ("players", "number"),
                ("seed", "number"),
                ("winner", "number | null"),
                ("end", "string"),
                ("turns", "object[]"),
                ("positions", "number[]"),
            ),
        ),
        Op(
            "move",
            "where one roll of a real die takes a token (hot-seat play)",
            (
                *_BOARD_FIELDS,
                RULES_FIELD,
                Field(
                    "position",
                    "number",
                    "where the token stands: 0 off the board (classic start), else 1 to n² - 1",
                    required=True,
                    low=0,
                    high=RANDOM_PLAY_MAX_SIZE * RANDOM_PLAY_MAX_SIZE - 1,
                ),
                Field("roll", "number", "the die's roll", required=True, low=1, high=6),
            ),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("start", "number"),
                ("roll", "number"),
                ("landing", "number"),
                ("end", "number"),
                ("jump", "JumpKind | null"),
                ("overshoot", "string | null"),
                ("won", "boolean"),
                ("hopeless", "boolean"),
            ),
        ),
        Op(
            "turn",
            "one turn of a game (hot-seat play): the move, the squares walked, who rolls next, how the game ended",
            (
                *_BOARD_FIELDS,
                RULES_FIELD,
                PLAYERS_FIELD,
                Field(
                    "positions",
                    "number[]",
                    "where each token stands, player 1 first: 0 off the board (classic start), else 1 to n² - 1; "
                    "left out: every player's token at the start",
                    low=0,
                    high=RANDOM_PLAY_MAX_SIZE * RANDOM_PLAY_MAX_SIZE - 1,
                ),
                Field(
                    "player",
                    "number",
                    "who rolls: turn k is player (k - 1) % players + 1",
                    low=1,
                    high=MAX_PLAYERS,
                    default=1,
                ),
                Field("number", "number", "the turn's number, 1 first", low=1, high=MAX_TURNS, default=1),
                Field("roll", "number", "the die's roll; left out: the game before a roll", low=1, high=6),
            ),
            RANDOM_PLAY_MAX_SIZE,
            (
                ("n", "number"),
                ("turn", f"{_TURN} | null"),
                ("positions", "number[]"),
                ("hopeless", "boolean[]"),
                ("next_player", "number | null"),
                ("over", '"won" | "stuck" | "turn limit" | null'),
                ("winner", "number | null"),
            ),
        ),
        Op(
            "generate",
            "a board with the asked snakes and ladders meeting the targets (generate.Spec.from_json checks them)",
            (
                VERSION_FIELD,
                Field("n", "number", "board size", required=True, low=MIN_SIZE, high=MAX_GENERATE_SIZE),
                Field("snakes", "number", "number of snakes", required=True, low=0),
                Field("ladders", "number", "number of ladders", required=True, low=0),
                Field(
                    "seed",
                    "number",
                    "seed of the search: same request, same board",
                    required=True,
                    low=0,
                    high=MAX_SEED,
                ),
                Field("targets", "GenerateTargets", "least moves, expected rolls [lo, hi], always finishes"),
                RULES_FIELD,
                Field("max_jump", "number", "longest jump in squares", low=1),
                Field("no_edge_rows", "boolean", "no jump on the first or last row"),
                Field(
                    "max_evaluations",
                    "number",
                    "boards looked at, at most",
                    low=1,
                    high=MAX_EVALUATIONS,
                    default=DEFAULT_EVALUATIONS,
                ),
                Field(
                    "max_work", "number", "work budget in work units, at most", low=1, high=MAX_WORK, default=MAX_WORK
                ),
                MAX_SIZE_FIELD,
            ),
            MAX_GENERATE_SIZE,
            (
                ("n", "number"),
                ("matrix", "number[][]"),
                ("min_moves", "number"),
                ("expected_rolls", "number | null"),
                ("met", "boolean"),
                ("missed", "string[]"),
                ("message", "string"),
                ("evaluations", "number"),
                ("work", "number"),
                ("max_work", "number"),
                ("stopped", "string"),
                ("seed", "number"),
            ),
        ),
    )
}


class RequestError(ValueError):
    """A request that is not of the documented form."""


class TextError(ValueError):
    """Board text that is not JSON."""


def handle(request: str) -> str:
    """Answer one JSON request with one JSON response; never raises.

    Time and memory are bounded by the request's length: text over
    ``MAX_REQUEST_CHARS`` characters, nested over ``MAX_DEPTH`` deep or holding
    over ``MAX_REQUEST_VALUES`` values is refused before it is parsed (a linear
    scan, ``jsontext.measure``), and what is parsed builds at most that many
    values.  A UTF-8 byte order mark at the start is ignored.

    >>> handle('{"version": 1, "op": "min_moves", "board": [[-1, -1], [-1, 3]]}')
    '{"ok": true, "version": 1, "result": {"n": 2, "moves": 1}}'
    >>> reply = json.loads(handle('{"version": 1, "op": "solve", "board": [[-1, -1], [2, -1]]}'))
    >>> reply["ok"], reply["error"]["kind"], reply["error"]["square"]
    (False, 'board', 1)
    >>> reply["error"]["message"]
    'square 1 (row 1, column 0): the start square cannot hold a snake or ladder'
    """
    return json.dumps(_guard(lambda: _dispatch(_read_request(request))), ensure_ascii=False)


def answer(message: dict[str, Any]) -> dict[str, Any]:
    """Answer a request that is already data (the command line's), as ``handle`` would; never raises.

    The reply is the parsed form of ``handle``'s: the same checks, the same results and errors.

    >>> answer({"version": 1, "op": "min_moves", "board_text": "\\ufeffboard = [[-1, -1], [-1, 3]]"})
    {'ok': True, 'version': 1, 'result': {'n': 2, 'moves': 1}}
    """
    return _guard(lambda: _dispatch(message))


def _guard(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """Run ``work`` and return its reply: the result, or the error it raised as data."""
    try:
        return {"ok": True, "version": API_VERSION, "result": work()}
    except BoardError as error:
        # The values it reports were read from JSON: null, not None.
        return _error("board", error.render("json"), error.row, error.column, error.square)
    except TextError as error:
        return _error("json", str(error))
    except RequestError as error:
        return _error("request", str(error))
    except (RecursionError, MemoryError) as error:  # the checks before parsing are meant to rule these out
        return _error("internal", f"internal error: {type(error).__name__}: the request exhausted the interpreter")
    except Exception as error:  # the boundary must never raise
        return _error("internal", f"internal error: {type(error).__name__}: {error}")


def _error(
    kind: str,
    message: str,
    row: int | None = None,
    column: int | None = None,
    square: int | None = None,
) -> dict[str, Any]:
    """An error reply; long numbers in the message are clipped (see ``jsontext.clip_numbers``)."""
    error = {"kind": kind, "message": clip_numbers(message), "row": row, "column": column, "square": square}
    return {"ok": False, "version": API_VERSION, "error": error}


def _read_request(request: Any) -> Any:
    """Parse the request text after checking its length, nesting and number of values."""
    if not isinstance(request, str):
        # A caller in Python (or a JavaScript value through Pyodide) passed something else.
        raise RequestError(f"the request must be a JSON string, got {type(request).__name__}")
    if len(request) > MAX_REQUEST_CHARS:
        raise RequestError(f"the request is {len(request):,} characters; the limit is {MAX_REQUEST_CHARS:,}")
    if request.startswith(BOM):
        request = request[1:]
    return _parse_json(request, _REQUEST_TEXT)


@dataclass(frozen=True)
class _Reading:
    """One kind of JSON text the boundary reads: its name and faults in messages, the error raised, and
    the most values it may hold (``too_many`` words the error for more)."""

    name: str
    not_shaped: str
    not_json: str
    error: type[ValueError]
    limit: int
    too_many: Callable[[int], ValueError]


def _parse_json(text: str, reading: _Reading) -> Any:
    """Parse ``text`` after refusing nesting over ``MAX_DEPTH`` and more than ``reading.limit`` values,
    found by a linear scan before any parsing (``jsontext.check_nesting``); errors name ``reading``."""
    try:
        values = check_nesting(text).values
    except NestingError as error:
        raise reading.error(f"{reading.name} is {reading.not_shaped}: {error}") from None
    if values > reading.limit:
        raise reading.too_many(values)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise reading.error(f"{reading.name} is {reading.not_json}: {_where(error)}") from None
    except ValueError:  # an integer too long for Python to read
        raise reading.error(f"{reading.name} holds an integer too long to read: {_long_integer(text)}") from None


_REQUEST_TEXT = _Reading(
    "the request",
    "not a board request",
    "not JSON",
    RequestError,
    MAX_REQUEST_VALUES,
    lambda values: RequestError(
        f"the request holds {values:,} values; the limit is {MAX_REQUEST_VALUES:,} (a {MAX_SIZE}×{MAX_SIZE} "
        "board and a few fields)"
    ),
)
_BOARD_TEXT = _Reading(
    "the board text",
    "not a board",
    "not valid JSON",
    TextError,
    MAX_BOARD_VALUES,
    lambda values: BoardError(
        f"the board text holds {values:,} values: a board of at most {MAX_SIZE}×{MAX_SIZE} holds no more "
        f"than {MAX_BOARD_VALUES:,} (its cells, its rows and the list of rows)",
        code="too_many_values",
    ),
)


def _where(error: json.JSONDecodeError) -> str:
    """The parser's complaint and where: ``Expecting value at line 2, column 6``.

    >>> _where(json.JSONDecodeError("Unterminated string starting at", '["', 1))
    'Unterminated string starting at line 1, column 2'
    """
    return f"{error.msg.removesuffix(' at')} at line {error.lineno}, column {error.colno}"


def _long_integer(text: str) -> str:
    """The first integer in the JSON ``text`` too long for Python to read, clipped for a message."""
    found: list[str] = []

    def read(digits: str) -> int:
        try:
            return int(digits)
        except ValueError:
            found.append(clip_digits(digits))
            raise

    with contextlib.suppress(ValueError):
        json.loads(text, parse_int=read)
    return found[0] if found else "(not found)"


def _dispatch(message: Any) -> dict[str, Any]:
    """Check a parsed request against its op in ``CONTRACT`` and answer it."""
    if not isinstance(message, dict):
        raise RequestError("the request must be a JSON object")
    version = message.get("version")
    if version != API_VERSION or type(version) is not int:
        shown = show(version, "json")
        raise RequestError(f"unsupported request version {shown}: this solver speaks version {API_VERSION}")
    name = message.get("op")
    if name == "generate":  # a board to a target (issue 17): see _generate
        return _generate(message)
    if name == "turn":  # reads a list of positions: see _turn
        return _turn(message)
    op = CONTRACT.get(name) if type(name) is str else None
    if op is None:
        raise RequestError(f"unknown op {show(name, 'json')}: expected one of {', '.join(CONTRACT)}")
    max_size = _integer(op.name, message, MAX_SIZE_FIELD)
    rules = rules_from_request(message) if op.reads("rules") else LEETCODE
    numbers = {
        f.name: _integer(op.name, message, f) for f in op.fields if f.kind == "number" and f is not MAX_SIZE_FIELD
    }
    board = board_from_request(message, min(max_size, op.max_size), rules)
    return _RUNNERS[op.name](board, rules, numbers)


def _integer(op: str, message: dict[str, Any], field: Field) -> int:
    """The integer ``field`` of a request, checked against its range, or its default."""
    assert field.low is not None and field.high is not None
    if field.name not in message:
        if field.default is None:
            raise RequestError(f"{op} needs a {field.name}: an integer from {field.low} to {field.high}")
        return field.default
    value = message[field.name]
    if type(value) is not int or not field.low <= value <= field.high:
        raise RequestError(f"{field.name} must be an integer from {field.low} to {field.high}")
    return value


def _analyze(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    from .markov import HEADLINE_BUDGET, analyze

    # The headline figures only, within a budget: the jump uses cost twice the elimination again.
    return analysis_to_json(board, analyze(board, rules, numbers["players"], jump_use=False, budget=HEADLINE_BUDGET))


def _jump_use(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    """``{"n", "jumps", "refused"}``: each jump as in ``analysis_to_json``, or none and the refusal."""
    from .markov import JUMP_USE_BUDGET, JumpUseRefused, jump_uses

    try:
        uses = jump_uses(board, rules, JUMP_USE_BUDGET)
    except JumpUseRefused as refusal:
        return {"n": board.n, "jumps": [], "refused": str(refusal)}
    return {"n": board.n, "jumps": [_jump_to_json(use) for use in uses], "refused": None}


def _explain(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    from .explain import explain

    return explanation_to_json(board, explain(board))


def _play(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    from .play import play

    return game_to_json(board, play(board, rules, numbers["players"], numbers["seed"]))


_RUNNERS: dict[str, Callable[[Board, Rules, dict[str, int]], dict[str, Any]]] = {
    "solve": lambda board, rules, numbers: solution_to_json(board, solve(board)),
    "min_moves": lambda board, rules, numbers: {"n": board.n, "moves": min_moves(board)},
    # The editor checks boards for the rules it is set to: a classic game may put a ladder on square 1.
    "validate": lambda board, rules, numbers: board_to_json(board),
    "analyze": _analyze,
    "jump_use": _jump_use,
    "explain": _explain,
    "play": _play,
}


def rules_from_request(message: dict[str, Any]) -> Rules:
    """Read the optional ``rules`` of a request (LeetCode's when absent)."""
    if "rules" not in message:
        return LEETCODE
    try:
        return Rules.from_json(message["rules"])
    except RulesError as error:
        raise RequestError(error.render("json")) from None


def parse_board_text(text: str) -> Any:
    """Parse board text: JSON, optionally prefixed by ``board =`` and by a UTF-8 byte order mark.

    Text nested deeper than ``MAX_DEPTH`` or holding more than ``MAX_BOARD_VALUES``
    values is refused before it is parsed.  Time is linear in ``len(text)``;
    memory is a copy of the text and the values parsed.

    >>> parse_board_text("board = [[-1, -1], [-1, 3]]")
    [[-1, -1], [-1, 3]]
    """
    if text.startswith(BOM):
        text = text[1:]
    if _skip_space(text, 0) == len(text):
        raise TextError("the board text is empty: paste a LeetCode matrix such as [[-1, -1], [-1, -1]]")
    return _parse_json(_blank_prefix(text), _BOARD_TEXT)


def _skip_space(text: str, start: int) -> int:
    """The index of the first character at or after ``start`` that is not white space (or the length).

    Linear in the white space skipped, reading ``CHUNK`` characters at a time.
    """
    while start < len(text):
        piece = text[start : start + CHUNK]
        rest = piece.lstrip()
        if rest:
            return start + len(piece) - len(rest)
        start += len(piece)
    return start


def _blank_prefix(text: str) -> str:
    """The text with a leading ``board =`` blanked out (line breaks kept), so that error lines
    and columns count in the text as given.

    >>> _blank_prefix(" board =\\n [[-1]]"), _blank_prefix("boards = 1")
    ('        \\n [[-1]]', 'boards = 1')
    """
    word = _skip_space(text, 0)
    if not text.startswith("board", word):
        return text
    equals = _skip_space(text, word + len("board"))
    if not text.startswith("=", equals):
        return text
    end = _skip_space(text, equals + 1)
    prefix = "\n".join(" " * len(line) for line in text[:end].split("\n"))
    return prefix + text[end:]


def max_board_text_chars(max_size: int) -> int:
    """The longest board text read for boards up to ``max_size``: room for any number and white space.

    >>> max_board_text_chars(50), max_board_text_chars(1000)
    (105536, 16065536)
    """
    return max_size * max_size * TEXT_CHARS_PER_CELL + TEXT_CHARS_EXTRA


def board_from_request(message: dict[str, Any], max_size: int = MAX_SIZE, rules: Rules = LEETCODE) -> Board:
    """Read the board of a request, from ``board`` or ``board_text``, checked for ``rules``."""
    if "board_text" in message:
        text = message["board_text"]
        if not isinstance(text, str):
            raise RequestError("board_text must be a string")
        # Longer text cannot be a board this size, and parsing megabytes to say so would keep the page waiting.
        if len(text) > max_board_text_chars(max_size):
            raise BoardError(
                f"the board text is {len(text):,} characters: too long for a board of at most {max_size}×{max_size}",
                code="text_too_long",
            )
        rows = parse_board_text(text)
    elif "board" in message:
        rows = message["board"]
    else:
        raise RequestError("the request has no board: give 'board' (a matrix) or 'board_text' (a string)")
    if isinstance(rows, list) and len(rows) > max_size:
        raise BoardError(
            f"the board has {len(rows)} rows: the largest board here is {max_size}×{max_size}", code="too_many_rows"
        )
    return rules.board_from_matrix(rows)


def board_to_json(board: Board) -> dict[str, Any]:
    """The board as the page reads it: size, matrix, jumps, chained-jump warnings (at most
    ``SHOWN_WARNINGS`` shown, with the total) and every chained jump's start in ``chained``."""
    return {
        "n": board.n,
        "matrix": board.to_matrix(),
        "jumps": [[start, end] for start, end in board.jumps.items()],
        **_warnings(board),
    }


#: The most warnings a reply spells out; ``chained`` still lists every chained jump's start.
SHOWN_WARNINGS = 5


def _warnings(board: Board) -> dict[str, Any]:
    """``{"warnings": {"total", "shown": [...at most 5]}, "chained": [starts, sorted]}``: bounded
    by the board's size (one int per chained jump), not by a message per jump.

    >>> _warnings(Board(3, {2: 5, 5: 8}))["warnings"]["total"], _warnings(Board(3, {2: 5, 5: 8}))["chained"]
    (1, [2])
    """
    chained = board.chained()
    shown = [
        {
            "square": start,
            "message": f"the jump from square {start} ends on square {end}, where another jump starts; "
            f"that one is not taken in the same move",
        }
        for start, end in islice(chained.items(), SHOWN_WARNINGS)
    ]
    return {"warnings": {"total": len(chained), "shown": shown}, "chained": list(chained)}


def count_to_json(count: Magnitude) -> dict[str, Any]:
    """A count as JSON: ``{"exact", "value" (decimal string, or null when approximate), "mantissa"
    (in [1, 10), 0 for zero), "exponent"}``; exact below 10^30 (``bignum.EXACT_LIMIT``).

    >>> count_to_json(Magnitude.of(21))
    {'exact': True, 'value': '21', 'mantissa': 2.1, 'exponent': 1}
    """
    return count.to_json()


def count_to_text(count: int | Magnitude) -> str:
    """Write a count in decimal, or as ``about M.MM × 10^E`` from 10^30 on.

    >>> count_to_text(12), count_to_text(2 ** 20000)
    ('12', 'about 3.98 × 10^6020')
    """
    return str(count if isinstance(count, Magnitude) else Magnitude.of(count))


def solution_to_json(board: Board, solution: Solution) -> dict[str, Any]:
    """The solution as JSON-ready data.

    ``paths_count`` is ``count_to_json``'s object: exact digits below 10^30, else mantissa and exponent.
    ``distances_limit`` is ``Solution.distances_limit``: null when ``distances`` holds every square
    that can be stood on, else the largest distance reported (the answer; farther squares are null).
    """
    return {
        "n": solution.n,
        "moves": solution.moves,
        "reachable": solution.reachable,
        "path": list(solution.path) if solution.path is not None else None,
        "steps": [
            {"start": m.start, "roll": m.roll, "landing": m.landing, "end": m.end, "jump": m.jump}
            for m in solution.steps
        ],
        "distances": list(solution.distances),
        "distances_limit": solution.distances_limit,
        "paths_count": count_to_json(solution.paths_count),
        "explored": solution.explored,
        **_warnings(board),
    }


# --------------------------------------------------------------------------- random play


def analysis_to_json(board: Board, analysis: Analysis) -> dict[str, Any]:
    """The random-play analysis as JSON-ready data.

    ``expected_rolls`` is null unless ``finishable`` is ``"always"``.  ``length`` lists
    P(finish on roll i + 1) and P(by then) for ``rolls`` rolls; ``truncated`` says ``remaining``
    is still in play after them, and ``tail_from`` (or null) the roll after which the rest is
    geometric.  ``visits`` has one entry per position 0..n² (null on a reachable trap).
    ``race.undecided``: the chance of no winner within a truncated list with no known tail.
    ``jumps`` is empty from the ``analyze`` op (its second stage is the ``jump_use`` op).
    ``unsolved`` is null, or says why the exact figures were not computed (over the op's work
    budget, ``markov.HEADLINE_BUDGET``): then ``p_finish`` and the expected rolls are null,
    ``visits`` is empty and the length list has no tail.  A
    figure beyond a float (or a roll count beyond 2⁵³) is ``{"exact": false, "value": null,
    "mantissa": m, "exponent": e}``, about m × 10^e (``markov.figure_to_json``).  See the README.

    >>> from snakes_ladders.markov import analyze
    >>> data = analysis_to_json(Board(2, {}), analyze(Board(2, {})))
    >>> data["finishable"], round(data["expected_rolls"], 9), data["length"]["median"], data["visits"]
    ('always', 6.0, 4, [0.0, 2.0, 1.0, 3.0, 1.0])
    """
    from .markov import figure_to_json as big

    length = analysis.length
    race = analysis.race
    return {
        "n": analysis.n,
        "rules": analysis.rules.to_json(),
        "finishable": analysis.finishable,
        "p_finish": big(analysis.p_finish),
        "expected_rolls": big(analysis.expected_rolls),
        "expected_rolls_if_finished": big(analysis.expected_rolls_if_finished),
        "length": {
            "p_on_turn": list(length.p_on_turn),
            "p_by_turn": list(length.p_by_turn),
            "rolls": len(length.p_on_turn),
            "remaining": length.remaining,
            "trapped": length.trapped,
            "truncated": length.truncated,
            "tail_from": None if length.tail is None else length.tail.after,
            "median": big(length.median),
            "p90": big(length.p90),
            "p95": big(length.p95),
        },
        "visits": [big(v) for v in analysis.visits],
        "jumps": [_jump_to_json(use) for use in analysis.jumps],
        "traps": [list(trap) for trap in analysis.traps],
        "race": {
            "players": race.players,
            "p_win": list(race.p_win),
            "p_no_winner": race.p_no_winner,
            "undecided": race.undecided,
            "expected_total_rolls": big(race.expected_total_rolls),
        },
        "unsolved": analysis.unsolved,
        **_warnings(board),
    }


def _jump_to_json(use: JumpUse) -> dict[str, Any]:
    from .markov import figure_to_json as big

    return {
        "start": use.start,
        "end": use.end,
        "kind": use.kind,
        "p_used": big(use.p_used),
        "expected_uses": big(use.expected_uses),
    }


def game_to_json(board: Board, game: Game) -> dict[str, Any]:
    """A played game as JSON-ready data: every turn, the winner (1-based or null) and how it ended.

    >>> from snakes_ladders.play import play
    >>> data = game_to_json(Board(3, {2: 8}), play(Board(3, {2: 8}), seed=1))
    >>> data["winner"], data["end"], data["turns"][0]
    (1, 'won', {'number': 1, 'player': 1, 'roll': 2, 'start': 1, 'landing': 3, 'end': 3, 'jump': None, \
'overshoot': None, 'visits': [2, 3]})
    """
    return {
        "n": board.n,
        "rules": game.rules.to_json(),
        "players": game.players,
        "seed": game.seed,
        "winner": game.winner,
        "end": game.end,
        "turns": [turn_to_json(turn) for turn in game.turns],
        "positions": list(game.positions),
    }


def explanation_to_json(board: Board, explanation: Explanation) -> dict[str, Any]:
    """The search explained as JSON-ready data; counts are ``count_to_json`` objects, as ``paths_count`` is.

    >>> from snakes_ladders.explain import explain
    >>> data = explanation_to_json(Board(2, {2: 3}), explain(Board(2, {2: 3})))
    >>> data["moves"], data["layers"][1]["squares"], [w["value"] for w in data["layers"][1]["ways"]], data["wall"]
    (1, [3, 4], ['2', '1'], None)
    """
    wall = explanation.wall
    return {
        "n": explanation.n,
        "moves": explanation.moves,
        "reachable": explanation.moves >= 0,
        "paths_count": count_to_json(explanation.paths_count),
        "layers": [
            {
                "move": layer.move,
                "squares": list(layer.squares),
                "ways": [count_to_json(w) for w in layer.ways],
                "arrivals": [
                    {"start": a.start, "roll": a.roll, "landing": a.landing, "end": a.end, "jump": a.jump}
                    for a in layer.arrivals
                ],
            }
            for layer in explanation.layers
        ],
        "distances": list(explanation.distances),
        "reached": list(explanation.reached),
        "wall": None
        if wall is None
        else {"furthest": wall.furthest, "squares": list(wall.squares), "ends": list(wall.ends)},
        **_warnings(board),
    }


# --------------------------------------------------------------------------- generate


def _generate(message: dict[str, Any]) -> dict[str, Any]:
    """Answer ``generate``: a board meeting the targets, else the closest board, ``met`` false.

    Fields (``generate.Spec.from_json``): ``n`` (2 to 50, and at most ``max_size``),
    ``snakes``, ``ladders``, ``seed`` (0 to 2**53 - 1), optional ``targets``
    (``min_moves``, ``expected_rolls`` as ``[lo, hi]``, ``always_finishes``),
    ``rules``, ``max_jump``, ``no_edge_rows``, ``max_evaluations`` (1 to
    100,000, default 2,000) and ``max_work`` (the work budget, at most and by
    default ``genspec.MAX_WORK``).  The result is ``generate.generated_to_json``
    with ``message``: empty, or the targets the closest board misses.  A
    ``request`` error only for a bad field or targets no board can meet.
    """
    from .generate import generate, generated_to_json

    max_size = _integer("generate", message, MAX_SIZE_FIELD)
    try:
        spec = Spec.from_json(message)
        if spec.n > max_size:
            raise GenerateError(f"n must be at most max_size, {max_size}, got {spec.n}")
        found = generate(spec)
    except GenerateError as error:  # a malformed field, or targets no board can meet
        raise RequestError(error.render("json")) from None
    return generated_to_json(found)


# --------------------------------------------------------------------------- move (hot-seat play, issue 17)


def _move(board: Board, rules: Rules, numbers: dict[str, int]) -> dict[str, Any]:
    """Answer ``move``: where one roll of a real die takes a token, by ``rules.Rules.step``.

    ``position`` is 0 (off the board, under ``"start": "off-board"``) or 1, up
    to n² - 1; ``roll`` 1 to 6.  The result holds ``start``, ``roll``,
    ``landing``, ``end``, ``jump`` (``"ladder"``, ``"snake"`` or null),
    ``overshoot`` (as in ``play``), ``won`` (``end`` is n²) and ``hopeless`` (n²
    can never be reached from ``end``).  Work: O(n²), the ``hopeless`` check.

    >>> reply = json.loads(handle('{"version": 1, "op": "move", "board": [[-1, -1, -1], [-1, -1, -1], [-1, 8, -1]], '
    ...                           '"position": 1, "roll": 1}'))
    >>> [reply["result"][key] for key in ("start", "roll", "landing", "end", "jump", "overshoot", "won", "hopeless")]
    [1, 1, 2, 8, 'ladder', None, False, False]
    """
    from .play import hopeless_positions

    low, position, roll = rules.start_position, numbers["position"], numbers["roll"]
    if not low <= position < board.last:
        raise RequestError(f"position must be an integer from {low} to {board.last - 1}, got {position}")
    step = rules.step(board.cells(), position, roll)
    return {
        "start": step.start,
        "roll": step.roll,
        "landing": step.landing,
        "end": step.end,
        "jump": step.jump,
        "overshoot": step.overshoot,
        "won": step.end == board.last,
        "hopeless": step.end in hopeless_positions(board, rules),
    }


_RUNNERS["move"] = _move


def _turn(message: dict[str, Any]) -> dict[str, Any]:
    """Answer ``turn``: one turn of a game, by ``turn.take_turn``, the function seeded games are played with.

    ``positions`` (default: every one of ``players`` tokens at the start), ``player`` and ``number``
    (the turn's, default 1) describe the game before the roll; ``roll`` is the die's.  The result is
    ``outcome_to_json``; without ``roll``, ``turn`` is null and the rest describes the game as it
    stands (``over`` is ``"stuck"`` when no token can reach n² any more).  A state no game reaches
    (a token on n², the wrong player for the number, a stuck game asked for a roll) is a ``request``
    error naming the field.

    Work: O(n²) per call, reading the board; the hopeless positions (``turn.Table.of``, a search
    over the n² squares and six rolls each, about 20 times the reading's cost) are found once for
    a board and rules and kept for the next call (``turn.remembered_table``: one table, recognised
    in O(jumps)), as a game asks about one board every turn; the turn itself is O(players).

    >>> reply = json.loads(handle('{"version": 1, "op": "turn", "board": [[-1, -1, -1], [-1, -1, -1], [-1, 8, -1]], '
    ...                           '"positions": [1, 1], "roll": 1}'))["result"]
    >>> reply["turn"]["visits"], reply["turn"]["end"], reply["positions"], reply["next_player"], reply["over"]
    ([2], 8, [8, 1], 2, None)
    """
    from .turn import TurnError, opening, remembered_table, take_turn

    op = CONTRACT["turn"]
    fields = {field.name: field for field in op.fields}
    rules = rules_from_request(message)
    number = {name: _integer("turn", message, fields[name]) for name in ("max_size", "players", "player", "number")}
    board = board_from_request(message, min(number["max_size"], op.max_size), rules)
    table = remembered_table(board, rules)
    try:
        given = "positions" in message
        positions = _positions(message["positions"]) if given else opening(table, number["players"])[0]
        if "roll" not in message:
            return outcome_to_json(table, None, positions, number["player"])
        roll = _integer("turn", message, fields["roll"])
        return outcome_to_json(table, take_turn(table, positions, number["player"], number["number"], roll))
    except TurnError as error:
        raise RequestError(str(error)) from None


def _positions(value: Any) -> tuple[int, ...]:
    """The ``positions`` of a ``turn`` request as a tuple; ``take_turn`` checks each one's range."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PLAYERS or any(type(p) is not int for p in value):
        raise RequestError(f"positions must be a list of 1 to {MAX_PLAYERS} integers, got {show(value, 'json')}")
    return tuple(value)


def turn_to_json(turn: Turn) -> dict[str, Any]:
    """One turn as JSON-ready data: who rolled what, the step, and ``visits``, the squares walked over.

    >>> from snakes_ladders.play import play
    >>> turn_to_json(play(Board(3, {2: 8}), seed=1).turns[1])
    {'number': 2, 'player': 1, 'roll': 5, 'start': 3, 'landing': 8, 'end': 8, 'jump': None, 'overshoot': None, \
'visits': [4, 5, 6, 7, 8]}
    """
    return {
        "number": turn.number,
        "player": turn.player,
        "roll": turn.roll,
        "start": turn.start,
        "landing": turn.landing,
        "end": turn.end,
        "jump": turn.step.jump,
        "overshoot": turn.overshoot,
        "visits": list(turn.visits),
    }


def outcome_to_json(
    table: Table, outcome: Outcome | None, positions: tuple[int, ...] = (), player: int = 1
) -> dict[str, Any]:
    """A turn's outcome as the ``turn`` op answers it; with no outcome, the game as ``positions`` stand
    before ``player`` rolls.  ``hopeless`` says, token by token, that n² can no longer be reached."""
    if outcome is not None:
        positions = outcome.positions
    stuck = all(position in table.hopeless for position in positions)
    return {
        "n": round(table.last**0.5),
        "turn": None if outcome is None else turn_to_json(outcome.turn),
        "positions": list(positions),
        "hopeless": [position in table.hopeless for position in positions],
        "next_player": (None if stuck else player) if outcome is None else outcome.next_player,
        "over": ("stuck" if stuck else None) if outcome is None else outcome.end,
        "winner": None if outcome is None else outcome.winner,
    }


# --------------------------------------------------------------------------- end of move
