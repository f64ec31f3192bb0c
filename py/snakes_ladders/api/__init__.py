"""The JSON boundary: one request string in, one response string out, never raising.

The package, a module per job: ``table`` (the contract: every op's request fields and result shape,
and the limits), ``reading`` (the request's text, board, rules and integers, checked before use),
``shapes`` (each op's result as JSON), ``runners`` (one function per op) and ``envelope``
(``handle``: the version, the op, unknown fields refused, errors as replies).

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

``validate``, ``solve`` and ``min_moves`` also take ``rules`` (below): under ``"start": "off-board"``
square 1 may hold a jump, and ``solve`` and ``min_moves`` answer from off the board (the path starts
at 0); their result's ``rules`` say which rules they answered under.  Both refuse sixes
``"again-three-to-start"``, whose least rolls they do not search.

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
request always plays the same game.  ``explain`` reads only ``start`` of the rules (its result's
``rules`` say what it explained).
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
with its values as data, and ``envelope`` renders them with ``render("json")``.
"""

from __future__ import annotations

from .declare import TYPES, Field, Op
from .envelope import answer, handle
from .reading import (
    RequestError,
    TextError,
    board_from_request,
    max_board_text_chars,
    parse_board_text,
    rules_from_request,
)
from .runners import LATER
from .shapes import (
    SHOWN_WARNINGS,
    analysis_to_json,
    board_to_json,
    count_to_json,
    count_to_text,
    explanation_to_json,
    game_to_json,
    outcome_to_json,
    solution_to_json,
    turn_to_json,
)
from .table import (
    API_VERSION,
    BOM,
    CONTRACT,
    ERROR_KINDS,
    MAX_BOARD_VALUES,
    MAX_REQUEST_CHARS,
    MAX_REQUEST_VALUES,
    PAGE_MAX_SIZE,
    PLAYERS_FIELD,
    RANDOM_PLAY_MAX_SIZE,
    SEED_FIELD,
    TEXT_CHARS_EXTRA,
    TEXT_CHARS_PER_CELL,
)

__all__ = [
    "API_VERSION",
    "BOM",
    "CONTRACT",
    "ERROR_KINDS",
    "LATER",
    "MAX_BOARD_VALUES",
    "MAX_REQUEST_CHARS",
    "MAX_REQUEST_VALUES",
    "PAGE_MAX_SIZE",
    "PLAYERS_FIELD",
    "RANDOM_PLAY_MAX_SIZE",
    "SEED_FIELD",
    "SHOWN_WARNINGS",
    "TEXT_CHARS_EXTRA",
    "TEXT_CHARS_PER_CELL",
    "TYPES",
    "Field",
    "Op",
    "RequestError",
    "TextError",
    "analysis_to_json",
    "answer",
    "board_from_request",
    "board_to_json",
    "count_to_json",
    "count_to_text",
    "explanation_to_json",
    "game_to_json",
    "handle",
    "max_board_text_chars",
    "outcome_to_json",
    "parse_board_text",
    "rules_from_request",
    "solution_to_json",
    "turn_to_json",
]
