"""The runner's replies as the checker takes them: JSON text from where the solution runs, trusted in nothing.

The page's sandbox (web/workers/practice.worker.mjs: Python in a bare Pyodide, JavaScript and TypeScript
in sval) answers a load with ``{"loaded": true, "output"}`` or ``{"error", "line", "output"}`` and a
run with an outcome (``frames.OUTCOME``: the answer or the error, what it printed, the first
``reads.LIMIT`` cells read, their count, whether the board was changed).  Each reply is read only if
it is at most ``frames.MAX_FRAME`` characters of JSON with exactly the fields of its kind, each of the
right type, its texts within what the runner writes and its reads within the board; anything else
fails that board (or the load) with a plain reason.  Work: O(reply).
"""

from __future__ import annotations

import json
from typing import Any

from ..runner.solution import OUTPUT_LIMIT
from ..runner.untrusted import SHOWN_LIMIT, printable, type_name
from .frames import LOADED, MAX_FRAME, NOT_LOADED, OUTCOME, fits
from .outcome import Outcome, unchecked

#: The longest ``shown`` and ``error`` texts a reply may hold (the runners clip them to about half).
SHOWN_CHARS = 4 * SHOWN_LIMIT
#: The longest ``output`` a reply may hold: the kept characters (each lone surrogate written as the six
#: characters ``\\udxxx``) and the note counting the rest.
OUTPUT_CHARS = 6 * OUTPUT_LIMIT + 80


def reply(text: object, *kinds: dict[str, str]) -> dict[str, Any] | str:
    """The reply as a dict of one of ``kinds``, or why it is not one.  Work: O(``MAX_FRAME``)."""
    if type(text) is not str:
        return f"not text but {type_name(text)}"
    if len(text) > MAX_FRAME:
        return f"{len(text):,} characters, more than {MAX_FRAME:,}"
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return "not JSON"
    for fields in kinds:
        if fits(message, fields) and short(message):
            return {key: printable(value) if type(value) is str else value for key, value in message.items()}
    return "not of the expected shape"


def short(message: dict[str, Any]) -> bool:
    """Its texts within what the runner writes."""
    limits = {"output": OUTPUT_CHARS, "shown": SHOWN_CHARS, "error": SHOWN_CHARS}
    return all(len(message[key]) <= limit for key, limit in limits.items() if type(message.get(key)) is str)


def outcome_of(message: dict[str, Any], n: int) -> Outcome:
    """A checked outcome message as an ``Outcome`` on an n×n board: reads off the board dropped, and a
    failure when it counts fewer reads than it kept.  Work: O(reads)."""
    reads = tuple((row, column) for row, column in message["reads"] if row < n and column < n)
    if len(reads) > message["reads_total"]:
        return unchecked("the reply counted fewer reads than it kept")
    return Outcome(**{**message, "reads": reads})


def checked_outcome(text: object, n: int) -> Outcome:
    """The runner's reply to a run on an n×n board, checked; a failure naming the fault when it is not one."""
    message = reply(text, OUTCOME)
    if isinstance(message, str):
        return unchecked(f"the sandbox's reply was {message}")
    return outcome_of(message, n)


def checked_load(text: object) -> dict[str, Any]:
    """The runner's reply to a load, checked: ``{"loaded", "error", "line", "output"}``."""
    message = reply(text, LOADED, NOT_LOADED)
    if isinstance(message, str):
        return {
            "loaded": False,
            "error": f"could not be loaded: the sandbox's reply was {message}",
            "line": None,
            "output": "",
        }
    if "error" in message:
        return {"loaded": False, **message}
    return {"loaded": True, "error": None, "line": None, "output": message["output"]}


__all__ = ["checked_load", "checked_outcome", "outcome_of", "reply"]
