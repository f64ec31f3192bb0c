"""The envelope: one request string in, one response string out, never raising.

``handle`` checks the text before parsing it (``reading``), checks the request against its op in
``table.CONTRACT`` (version, op, every field known, each value in its range) and answers it with the
op's runner (``runners``); any error becomes an error reply.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..board import LEETCODE, BoardError, Key, render, show
from .declare import Op
from .jsontext import clip_numbers
from .reading import RequestError, TextError, board_from_request, integer, read_request, rules_from_request
from .runners import RUNNERS, generate_op, turn_op
from .table import API_VERSION, CONTRACT, MAX_SIZE_FIELD, PRACTICE_OPS


def handle(request: str, progress: Callable[[str], object] | None = None) -> str:
    """Answer one JSON request with one JSON response; never raises.

    ``progress``, when given, hears a long op's progress messages (JSON text, the op's declared
    ``progress`` keys: ``generate``'s) before the reply; the page's workers post each one.

    Time and memory are bounded by the request's length: text over
    ``MAX_REQUEST_CHARS`` characters, nested over ``MAX_DEPTH`` deep or holding
    over ``MAX_REQUEST_VALUES`` values is refused before it is parsed (a linear
    scan, ``jsontext.measure``), and what is parsed builds at most that many
    values.  A UTF-8 byte order mark at the start is ignored.

    >>> handle('{"version": 1, "op": "min_moves", "board": [[-1, -1], [-1, 3]]}')
    '{"ok": true, "version": 1, "result": {"n": 2, "moves": 1, "rules": {"start": "square1", "overshoot": "stay"}}}'
    >>> reply = json.loads(handle('{"version": 1, "op": "solve", "board": [[-1, -1], [2, -1]]}'))
    >>> reply["ok"], reply["error"]["kind"], reply["error"]["square"]
    (False, 'board', 1)
    >>> reply["error"]["message"]
    'square 1 (row 1, column 0): the start square cannot hold a snake or ladder'
    """
    return json.dumps(_guard(lambda: _dispatch(read_request(request), progress)), ensure_ascii=False)


def answer(message: dict[str, Any]) -> dict[str, Any]:
    """Answer a request that is already data (the command line's), as ``handle`` would; never raises.

    The reply is the parsed form of ``handle``'s: the same checks, the same results and errors.

    >>> answer({"version": 1, "op": "min_moves", "board_text": "\\ufeffboard = [[-1, -1], [-1, 3]]"})
    {'ok': True, 'version': 1, 'result': {'n': 2, 'moves': 1, 'rules': {'start': 'square1', 'overshoot': 'stay'}}}
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


def _dispatch(message: Any, progress: Callable[[str], object] | None = None) -> dict[str, Any]:
    """Check a parsed request against its op in ``CONTRACT`` and answer it."""
    if not isinstance(message, dict):
        raise RequestError("the request must be a JSON object")
    version = message.get("version")
    if version != API_VERSION or type(version) is not int:
        shown = show(version, "json")
        raise RequestError(f"unsupported request version {shown}: this solver speaks version {API_VERSION}")
    name = message.get("op")
    op = CONTRACT.get(name) if type(name) is str else None
    if op is None:
        raise RequestError(f"unknown op {show(name, 'json')}: expected one of {', '.join(CONTRACT)}")
    refuse_unknown_fields(op, message)
    if op.name in PRACTICE_OPS:
        from .practice import RUNNERS as PRACTICE  # imported on first use: only Practice needs it

        return PRACTICE[op.name](message)
    if op.name in ("generate", "generate_set"):  # boards to a target: see runners.generate_op
        return generate_op(message, progress)
    if op.name == "turn":  # reads a list of positions: see runners.turn_op
        return turn_op(message)
    max_size = integer(op.name, message, MAX_SIZE_FIELD)
    rules = rules_from_request(message) if op.reads("rules") else LEETCODE
    numbers = {
        f.name: integer(op.name, message, f) for f in op.fields if f.kind == "number" and f is not MAX_SIZE_FIELD
    }
    board = board_from_request(message, min(max_size, op.max_size), rules)
    return RUNNERS[op.name](board, rules, numbers)


def refuse_unknown_fields(op: Op, message: dict[str, Any]) -> None:
    """Refuse a request holding a field its op does not declare (a misspelt or misplaced one would be
    ignored otherwise); the message names the field (cut at 40 characters) and the op's fields.
    O(fields of the request + fields of the op).

    >>> refuse_unknown_fields(CONTRACT["min_moves"], {"op": "min_moves", "version": 1, "players": 2})
    Traceback (most recent call last):
    ...
    snakes_ladders.api.reading.RequestError: unknown field "players" for min_moves: the fields are version, \
board, board_text, max_size and rules
    """
    names = [field.name for field in op.fields]
    for key in message:
        if key != "op" and key not in names:
            listed = ", ".join(names[:-1]) + " and " + names[-1]
            raise RequestError(render(("unknown field ", Key(key), f" for {op.name}: the fields are {listed}"), "json"))
