"""A practice solution in JavaScript: the narrow adapter between the Python battery and a JavaScript runner.

The battery, shrinking and the first difference stay in Python, one implementation for both languages;
a JavaScript solution is run by a runner outside Python (web/workers/js-solution.mjs, in the page's
practice worker, which interprets the code with sval: the page's CSP refuses eval), through two calls
that take and return JSON text:

- ``load(source)``: ``{"loaded": true, "output"}``, or ``{"error", "line", "output"}`` when the code
  cannot be loaded (a syntax error with its line, what its top level threw, no ``snakesAndLadders``);
- ``run(rows, record, stream)``: the outcome on the board ``rows`` (JSON), of the shape of
  ``run.Outcome.to_json()``: the answer or the error, what it printed, the first
  ``reads.LIMIT`` cells read (recorded by the runner as ``reads`` records them: each
  index read of a row, and each cell an iteration, slice, spread or ``forEach`` yields), their count
  and whether the board was changed; with ``stream``, the runner sends what is printed as it is.

The runner's replies are data from the worker where the user's code runs: each is read only if it is at
most ``frames.MAX_FRAME`` characters of JSON with exactly the fields of its kind, each of the
right type, the reads within the board; anything else, or a call that raises, fails that board (or the
load) with a plain reason.  Work: O(reply) a call, besides the runner's.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from .frames import LOADED, MAX_FRAME, NOT_LOADED, OUTCOME, fits
from .run import OUTPUT_LIMIT, ForeignSolver, Outcome, SolutionError
from .untrusted import SHOWN_LIMIT, printable, type_name

#: The longest ``shown`` and ``error`` texts a reply may hold (the runner clips them to about half).
SHOWN_CHARS = 4 * SHOWN_LIMIT
#: The longest ``output`` a reply may hold: the kept characters and the note counting the rest.
OUTPUT_CHARS = OUTPUT_LIMIT + 80


class Runner(Protocol):
    """The JavaScript runner's two calls (``javaScriptSolutions`` in web/workers/js-solution.mjs)."""

    def load(self, source: str) -> object: ...

    def run(self, rows: str, record: bool, stream: bool) -> object: ...


def _reply(text: object, *kinds: dict[str, str]) -> dict[str, Any] | str:
    """The reply as a dict of one of ``kinds``, or why it is not one."""
    if type(text) is not str:
        return f"not text but {type_name(text)}"
    if len(text) > MAX_FRAME:
        return f"{len(text):,} characters, more than {MAX_FRAME:,}"
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return "not JSON"
    for fields in kinds:
        if fits(message, fields) and _short(message):
            return {key: printable(value) if type(value) is str else value for key, value in message.items()}
    return "not of the expected shape"


def _short(message: dict[str, Any]) -> bool:
    """Its texts within what the runner writes."""
    limits = {"output": OUTPUT_CHARS, "shown": SHOWN_CHARS, "error": SHOWN_CHARS}
    return all(len(message[key]) <= limit for key, limit in limits.items() if type(message.get(key)) is str)


def _unchecked(why: str) -> Outcome:
    return Outcome(None, "no answer", f"could not be checked: {why}")


class JavaScriptSolver(ForeignSolver):
    """A loaded JavaScript solution: each run is one ``runner.run`` call."""

    def __init__(self, runner: Runner) -> None:
        self.runner = runner

    def outcome(self, rows: list[list[int]], record: bool, stream: bool) -> Outcome:
        """The runner's outcome on ``rows``, checked; a failure naming the fault when it is not one."""
        n = len(rows)
        try:
            reply = _reply(self.runner.run(json.dumps(rows), record, stream), OUTCOME)
        except BaseException as failure:  # the runner itself failed (a JavaScript exception through Pyodide)
            return _unchecked(f"the JavaScript runner failed ({type_name(failure)})")
        if isinstance(reply, str):
            return _unchecked(f"the JavaScript runner's reply was {reply}")
        reads = tuple((row, column) for row, column in reply.pop("reads") if row < n and column < n)
        if len(reads) > reply["reads_total"]:
            return _unchecked("the JavaScript runner counted fewer reads than it kept")
        return Outcome(**reply, reads=reads)


def load_javascript(runner: Runner, source: str) -> tuple[JavaScriptSolver, str]:
    """Load ``source`` in the runner: the solver and what the top level printed; raises SolutionError
    (with the line of a syntax error) when the code cannot be loaded or the runner's reply is not one."""
    try:
        reply = _reply(runner.load(source), LOADED, NOT_LOADED)
    except BaseException as failure:  # the runner itself failed
        raise SolutionError(f"could not be loaded: the JavaScript runner failed ({type_name(failure)})") from None
    if isinstance(reply, str):
        raise SolutionError(f"could not be loaded: the JavaScript runner's reply was {reply}")
    if "error" in reply:
        raise SolutionError(reply["error"], reply["line"], reply["output"])
    return JavaScriptSolver(runner), reply["output"]


__all__ = ["JavaScriptSolver", "Runner", "load_javascript"]
