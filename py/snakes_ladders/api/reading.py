"""Reading a request: its text (checked before it is parsed), its board, its rules and its integers.

Everything here is bounded by the length of what it reads; each function says how.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..board import LEETCODE, MAX_SIZE, Board, BoardError, Rules, RulesError
from .declare import Field
from .jsontext import CHUNK, NestingError, check_nesting, clip_digits
from .table import (
    BOM,
    MAX_BOARD_VALUES,
    MAX_REQUEST_CHARS,
    MAX_REQUEST_VALUES,
    TEXT_CHARS_EXTRA,
    TEXT_CHARS_PER_CELL,
)


class RequestError(ValueError):
    """A request that is not of the documented form."""


class TextError(ValueError):
    """Board text that is not JSON."""


def read_request(request: Any) -> Any:
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


def integer(op: str, message: dict[str, Any], field: Field) -> int:
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
