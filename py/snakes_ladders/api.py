"""The JSON boundary: one request string in, one response string out, never raising.

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
(a string)``), not as Python would (``board.VALUE_NAMES``).
"""

from __future__ import annotations

import json
import math
import re
from itertools import islice
from typing import Any

from .bignum import Magnitude
from .board import MAX_SIZE, MIN_SIZE, VALUE_NAMES, Board, BoardError, _describe
from .explain import Explanation, explain
from .generate import MAX_GENERATE_SIZE, GenerateError, Spec, generate, generated_to_json, not_met_message
from .jsontext import NestingError, check_nesting
from .markov import MAX_PLAYERS, Analysis, analyze
from .play import MAX_SEED, Game, play
from .rules import LEETCODE, Rules, RulesError
from .solve import Solution, min_moves, solve

__all__ = ["API_VERSION", "MAX_REQUEST_CHARS", "handle", "solution_to_json"]

API_VERSION = 1
# A 1000×1000 matrix of two-digit-wide values is about 7 MB of JSON; leave room.
MAX_REQUEST_CHARS = 32_000_000
OPS = ("solve", "validate", "min_moves")
# Not named in the unknown-op message, which tests/test_api.py pins to the three above.
RANDOM_PLAY_OPS = ("analyze", "explain", "play")
# Their work and replies grow with the number of squares: boards up to 100×100 (the page allows 50×50).
RANDOM_PLAY_MAX_SIZE = 100
_PREFIX = re.compile(r"\s*board\s*=\s*")


class RequestError(ValueError):
    """A request that is not of the documented form."""


class TextError(ValueError):
    """Board text that is not JSON."""


def handle(request: str) -> str:
    """Answer one JSON request with one JSON response; never raises.

    >>> handle('{"version": 1, "op": "min_moves", "board": [[-1, -1], [-1, 3]]}')
    '{"ok": true, "version": 1, "result": {"n": 2, "moves": 1}}'
    >>> print(handle('{"version": 1, "op": "solve", "board": [[-1, -1], [2, -1]]}'))
    {"ok": false, "version": 1, "error": {"kind": "board", "message": "row 1, column 0 (square 1): the start square cannot hold a snake or ladder", "row": 1, "column": 0, "square": 1}}
    """
    names = VALUE_NAMES.set("json")  # the values it reports were read from JSON: null, not None
    try:
        result = _dispatch(request)
        return json.dumps({"ok": True, "version": API_VERSION, "result": result}, ensure_ascii=False)
    except BoardError as error:
        return _error("board", str(error), error.row, error.column, error.square)
    except TextError as error:
        return _error("json", str(error))
    except RequestError as error:
        return _error("request", str(error))
    except RecursionError:
        return _error("json", "the text is nested too deeply to be a board")
    except MemoryError:
        return _error("request", "the request is too large to handle")
    except Exception as error:  # the boundary must never raise
        return _error("internal", f"internal error: {type(error).__name__}: {error}")
    finally:
        VALUE_NAMES.reset(names)


def _error(
    kind: str,
    message: str,
    row: int | None = None,
    column: int | None = None,
    square: int | None = None,
) -> str:
    error = {"kind": kind, "message": message, "row": row, "column": column, "square": square}
    return json.dumps({"ok": False, "version": API_VERSION, "error": error}, ensure_ascii=False)


def _dispatch(request: Any) -> dict[str, Any]:
    if not isinstance(request, str):
        raise RequestError(f"the request must be a JSON string, got {type(request).__name__}")
    if len(request) > MAX_REQUEST_CHARS:
        raise RequestError(f"the request is {len(request):,} characters; the limit is {MAX_REQUEST_CHARS:,}")
    try:
        check_nesting(request)
        message = json.loads(request)
    except NestingError as error:
        raise RequestError(f"the request is not a board request: {error}") from None
    except ValueError as error:
        raise RequestError(f"the request is not JSON: {error}") from None
    if not isinstance(message, dict):
        raise RequestError("the request must be a JSON object")
    version = message.get("version")
    if version != API_VERSION or type(version) is not int:
        raise RequestError(
            f"unsupported request version {_describe(version)}: this solver speaks version {API_VERSION}"
        )
    op = message.get("op")
    if op == "generate":  # a board to a target (issue 17): see _generate
        return _generate(message)
    if op not in OPS and op not in RANDOM_PLAY_OPS:
        raise RequestError(f"unknown op {_describe(op)}: expected one of {', '.join(OPS)}")
    max_size = message.get("max_size", MAX_SIZE)
    if type(max_size) is not int or not MIN_SIZE <= max_size <= MAX_SIZE:
        raise RequestError(f"max_size must be an integer from {MIN_SIZE} to {MAX_SIZE}")

    if op in RANDOM_PLAY_OPS:
        return _random_play(op, message, max_size)
    if op == "validate":
        # The editor checks boards for the rules it is set to: a classic game may put a ladder on square 1.
        return board_to_json(board_from_request(message, max_size, rules_from_request(message)))
    board = board_from_request(message, max_size)
    if op == "min_moves":
        return {"n": board.n, "moves": min_moves(board)}
    return solution_to_json(board, solve(board))


def _random_play(op: str, message: dict[str, Any], max_size: int) -> dict[str, Any]:
    """Answer ``analyze``, ``play`` and ``explain``: check the request's fields, then the board."""
    max_size = min(max_size, RANDOM_PLAY_MAX_SIZE)
    if op == "explain":
        board = board_from_request(message, max_size)
        return explanation_to_json(board, explain(board))
    rules = rules_from_request(message)
    players = message.get("players", 1)
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise RequestError(f"players must be an integer from 1 to {MAX_PLAYERS}")
    seed = 0
    if op == "play":
        if "seed" not in message:
            raise RequestError(f"play needs a seed: an integer from 0 to {MAX_SEED}")
        seed = message["seed"]
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise RequestError(f"seed must be an integer from 0 to {MAX_SEED}")
    board = board_from_request(message, max_size, rules)
    if op == "play":
        return game_to_json(board, play(board, rules, players, seed))
    return analysis_to_json(board, analyze(board, rules, players))


def rules_from_request(message: dict[str, Any]) -> Rules:
    """Read the optional ``rules`` of a request (LeetCode's when absent)."""
    if "rules" not in message:
        return LEETCODE
    try:
        return Rules.from_json(message["rules"])
    except RulesError as error:
        raise RequestError(str(error)) from None


def parse_board_text(text: str) -> Any:
    """Parse board text: JSON, optionally prefixed by ``board =``.

    >>> parse_board_text("board = [[-1, -1], [-1, 3]]")
    [[-1, -1], [-1, 3]]
    """
    if not text.strip():
        raise TextError("the board text is empty: paste a LeetCode matrix such as [[-1, -1], [-1, -1]]")
    match = _PREFIX.match(text)
    # Blank the prefix out rather than cut it, so error lines and columns count in the text as given.
    body = re.sub(r"[^\n]", " ", text[: match.end()]) + text[match.end() :] if match else text
    try:
        check_nesting(body)
    except NestingError as error:
        raise TextError(f"the board text is not a board: {error}") from None
    try:
        return json.loads(body)
    except json.JSONDecodeError as error:
        line, column = error.lineno, error.colno
        raise TextError(f"the board text is not valid JSON: {error.msg} at line {line}, column {column}") from None
    except ValueError as error:  # a number longer than Python's integer conversion limit
        raise TextError(f"the board text cannot be read: {error}") from None


def board_from_request(message: dict[str, Any], max_size: int = MAX_SIZE, rules: Rules = LEETCODE) -> Board:
    """Read the board of a request, from ``board`` or ``board_text``, checked for ``rules``."""
    if "board_text" in message:
        text = message["board_text"]
        if not isinstance(text, str):
            raise RequestError("board_text must be a string")
        # Sixteen characters a cell is room for any number and generous white space; longer text
        # cannot be a board this size, and parsing megabytes to say so would keep the page waiting.
        if len(text) > max_size * max_size * 16 + 65_536:
            raise BoardError(
                f"the board text is {len(text):,} characters: too long for a board of at most {max_size}×{max_size}"
            )
        rows = parse_board_text(text)
    elif "board" in message:
        rows = message["board"]
    else:
        raise RequestError("the request has no board: give 'board' (a matrix) or 'board_text' (a string)")
    if isinstance(rows, list) and len(rows) > max_size:
        raise BoardError(f"the board has {len(rows)} rows: the largest board here is {max_size}×{max_size}")
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


def _number(value: float | None) -> float | None:
    """A float for JSON: None stays None (JSON has no infinity; the fields say what null means)."""
    return None if value is None or not math.isfinite(value) else value


def analysis_to_json(board: Board, analysis: Analysis) -> dict[str, Any]:
    """The random-play analysis as JSON-ready data.

    ``finishable`` is ``"always"``, ``"not always"`` or ``"never"``;
    ``expected_rolls`` is null unless always.  ``length.p_on_turn[i]`` is the
    chance of finishing on roll i + 1, ``length.p_by_turn[i]`` by then;
    ``visits`` has one entry per position 0..n² (0 is off the board; null on
    the squares of a trap that can be reached); ``traps`` lists those traps.

    >>> data = analysis_to_json(Board(2, {}), analyze(Board(2, {})))
    >>> data["finishable"], round(data["expected_rolls"], 9), data["length"]["median"], data["visits"]
    ('always', 6.0, 4, [0.0, 2.0, 1.0, 3.0, 1.0])
    """
    length = analysis.length
    race = analysis.race
    return {
        "n": analysis.n,
        "rules": analysis.rules.to_json(),
        "finishable": analysis.finishable,
        "p_finish": analysis.p_finish,
        "expected_rolls": _number(analysis.expected_rolls),
        "expected_rolls_if_finished": _number(analysis.expected_rolls_if_finished),
        "length": {
            "p_on_turn": list(length.p_on_turn),
            "p_by_turn": list(length.p_by_turn),
            "remaining": length.remaining,
            "trapped": length.trapped,
            "truncated": length.truncated,
            "median": length.median,
            "p90": length.p90,
            "p95": length.p95,
        },
        "visits": [_number(v) for v in analysis.visits],
        "jumps": [
            {
                "start": use.start,
                "end": use.end,
                "kind": use.kind,
                "p_used": use.p_used,
                "expected_uses": _number(use.expected_uses),
            }
            for use in analysis.jumps
        ],
        "traps": [list(trap) for trap in analysis.traps],
        "race": {
            "players": race.players,
            "p_win": list(race.p_win),
            "p_no_winner": race.p_no_winner,
            "expected_total_rolls": _number(race.expected_total_rolls),
        },
        **_warnings(board),
    }


def game_to_json(board: Board, game: Game) -> dict[str, Any]:
    """A played game as JSON-ready data: every turn, the winner (1-based or null) and how it ended.

    >>> data = game_to_json(Board(3, {2: 8}), play(Board(3, {2: 8}), seed=1))
    >>> data["winner"], data["end"], data["turns"][0]
    (1, 'won', {'player': 1, 'roll': 2, 'start': 1, 'landing': 3, 'end': 3, 'jump': None, 'overshoot': None})
    """
    return {
        "n": board.n,
        "rules": game.rules.to_json(),
        "players": game.players,
        "seed": game.seed,
        "winner": game.winner,
        "end": game.end,
        "turns": [
            {
                "player": turn.player,
                "roll": turn.roll,
                "start": turn.start,
                "landing": turn.landing,
                "end": turn.end,
                "jump": turn.step.jump,
                "overshoot": turn.overshoot,
            }
            for turn in game.turns
        ],
        "positions": list(game.positions),
    }


def explanation_to_json(board: Board, explanation: Explanation) -> dict[str, Any]:
    """The search explained as JSON-ready data; counts are ``count_to_json`` objects, as ``paths_count`` is.

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
    """Answer ``generate``: a board meeting the targets, else a ``request`` error naming the targets missed.

    Fields (``generate.Spec.from_json``): ``n`` (2 to 50, and at most ``max_size``),
    ``snakes``, ``ladders``, ``seed`` (0 to 2**53 - 1), optional ``targets``
    (``min_moves``, ``expected_rolls`` as ``[lo, hi]``, ``always_finishes``),
    ``rules``, ``max_jump``, ``no_edge_rows`` and ``max_evaluations`` (1 to
    100,000, default 2,000).  The result is ``generate.generated_to_json``.
    """
    max_size = message.get("max_size", MAX_GENERATE_SIZE)
    if type(max_size) is not int or not MIN_SIZE <= max_size <= MAX_SIZE:
        raise RequestError(f"max_size must be an integer from {MIN_SIZE} to {MAX_SIZE}")
    try:
        spec = Spec.from_json(message)
        if spec.n > max_size:
            raise GenerateError(f"n must be at most max_size, {max_size}, got {spec.n}")
        found = generate(spec)
    except GenerateError as error:  # a malformed field, or targets no board can meet
        raise RequestError(str(error)) from None
    if not found.met:
        raise RequestError(not_met_message(found))
    return generated_to_json(found)
