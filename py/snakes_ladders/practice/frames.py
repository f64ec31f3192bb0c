"""The frames a practice solution's run is reported in: one JSON message a line, checked field by field.

The check command's child (``runner.child``) writes each message as one ASCII line, ``TOKEN JSON\\n``
(``runner.wire``), on a pipe of its own (``cli.channel``); the solution runs in that same process, so it
can still reach the pipe: nothing written there is trusted. The parent accepts a frame only when it
starts with the token (random, made for each run), is at most ``MAX_FRAME`` bytes, is JSON and has
exactly the fields of its kind with the right types (``parse``); anything else is ``Malformed``, which
the caller reports as that board's failure. The page's sandbox replies in the same kinds (``fits``:
``replies``). Work is bounded: a frame is at most ``MAX_FRAME`` bytes and is parsed once.
"""

from __future__ import annotations

import json
from typing import Any

from ..runner.recording import LIMIT
from ..runner.untrusted import LARGEST_ANSWER, printable
from ..runner.wire import encode
from .cases import LARGEST

MAX_FRAME = 1 << 20


class Malformed(Exception):
    """A line on the channel that is not a frame of the expected kind; the message says why."""


def _reads(value: object) -> bool:
    """A list of at most ``LIMIT`` pairs ``[row, column]`` of ints from 0 to ``LARGEST`` - 1."""
    return (
        type(value) is list
        and len(value) <= LIMIT
        and all(
            type(cell) is list and len(cell) == 2 and all(type(part) is int and 0 <= part < LARGEST for part in cell)
            for cell in value
        )
    )


def _board(value: object) -> bool:
    """At most ``LARGEST`` rows of at most ``LARGEST`` ints (``Board.from_matrix`` checks the rest)."""
    return (
        type(value) is list
        and len(value) <= LARGEST
        and all(type(row) is list and len(row) <= LARGEST and all(type(x) is int for x in row) for row in value)
    )


def _check(value: object, kind: str) -> bool:
    if kind == "reads":
        return _reads(value)
    if kind == "board":
        return _board(value)
    if kind == "count":
        return type(value) is int and 0 <= value < 2**62
    if kind == "bool":
        return type(value) is bool
    if kind == "str":
        return type(value) is str
    if kind == "text":  # a str or null
        return value is None or type(value) is str
    if kind == "line":
        return value is None or (type(value) is int and 0 < value < 2**31)
    if kind == "answer":
        return value is None or (type(value) is int and abs(value) <= LARGEST_ANSWER)
    return value is True  # "true"


LOADED = {"loaded": "true", "output": "str"}
NOT_LOADED = {"error": "str", "line": "line", "output": "str"}
OUTCOME = {
    "answer": "answer",
    "shown": "str",
    "error": "text",
    "line": "line",
    "output": "str",
    "reads": "reads",
    "reads_total": "count",
    "mutated": "bool",
}
#: What a board's run printed so far (sent as it prints, so that a board stopped at its time limit shows it).
PRINTED = {"printed": "str"}


def parse(line: bytes, token: str, *kinds: dict[str, str]) -> dict[str, Any]:
    """The message in ``line`` if it is a frame with the fields of one of ``kinds``; else Malformed.

    Its str values come back printable (lone surrogates written ``\\udxxx``).
    """
    head = f"{token} ".encode("ascii")
    if len(line) > MAX_FRAME or not line.startswith(head) or not line.endswith(b"\n"):
        raise Malformed(_glimpse(line))
    try:
        message = json.loads(line[len(head) :].decode("ascii"))
    except (ValueError, RecursionError):  # not ASCII, not JSON, a number too long, nested too deep
        raise Malformed(_glimpse(line)) from None
    for fields in kinds:
        if fits(message, fields):
            return {k: printable(v) if type(v) is str else v for k, v in message.items()}
    raise Malformed(_glimpse(line))


def fits(message: object, fields: dict[str, str]) -> bool:
    """Whether ``message`` is a dict with exactly ``fields``, each value of its kind (``OUTCOME``'s, ...)."""
    return (
        type(message) is dict
        and message.keys() == fields.keys()
        and all(_check(message[key], kind) for key, kind in fields.items())
    )


def _glimpse(line: bytes) -> str:
    """The start of a line that is not a frame, for the message: at most 40 bytes, escaped."""
    size = f"{len(line):,} bytes" if line.endswith(b"\n") else f"{len(line):,} bytes and no end of line"
    return f"{size}: {line[:40]!r}{'…' if len(line) > 40 else ''}"


__all__ = [
    "LOADED",
    "MAX_FRAME",
    "NOT_LOADED",
    "OUTCOME",
    "PRINTED",
    "Malformed",
    "encode",
    "fits",
    "parse",
]
