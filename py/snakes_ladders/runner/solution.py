"""Load a LeetCode 909 solution and run it on a board: its answer or error, what it printed and read.

The solution is Python source, in LeetCode's form (``class Solution`` with
``snakesAndLadders(self, board)``) or as a plain function ``snakesAndLadders(board)``,
with the names LeetCode provides (``List`` and the rest of ``typing``, ``collections``,
``deque``, ``heapq``, ``math``, ...).

The solution is hostile input.  Whatever it returns or raises (an int too long to print, an
object whose methods raise or never end, ``KeyboardInterrupt``, ``SystemExit``, an exception
whose ``__str__`` fails) fails that board with a plain reason, worded by ``untrusted`` without
running the solution's code; ``loaded`` and ``outcome`` never raise for it (a solution that broke
this interpreter gets ``could not be checked: ...``).  What it prints is kept up to ``OUTPUT_LIMIT``
characters (then counted), lone surrogates written as ``\\udxxx``.  Each run hands the solution a
board that records what it reads (``recording``).  Replies are plain JSON data: ``loaded``'s
``{"loaded": true, "output"}`` or ``{"error", "line", "output"}``, and ``outcome``'s
``{"answer", "shown", "error", "line", "output", "reads", "reads_total", "mutated"}``.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

from .recording import ReadLog, mutated, recording, taken
from .untrusted import describe_exception, describe_value, printable, type_name

FILENAME = "<solution>"
OUTPUT_LIMIT = 4000
PRELUDE = (
    "from typing import *\nfrom collections import *\nfrom heapq import *\nfrom math import *\n"
    "from itertools import *\nfrom functools import *\nfrom bisect import *\n"
    "import collections, heapq, math, itertools, functools, bisect, string, re\n"
)
NOT_FOUND = (
    "no snakesAndLadders found: write class Solution with a method snakesAndLadders(self, board), "
    "or a function snakesAndLadders(board)"
)

Solver = Callable[[list[list[int]]], object]


class SolutionError(Exception):
    """The solution cannot be loaded: ``message`` and the ``line`` of the user's code, if known."""

    def __init__(self, message: str, line: int | None = None, output: str = "") -> None:
        super().__init__(message)
        self.message, self.line, self.output = message, line, output


class _Capped(io.StringIO):
    """A text stream keeping the first ``OUTPUT_LIMIT`` characters and counting the rest."""

    dropped = 0

    def __init__(self, sink: Callable[[str], object] | None = None) -> None:
        super().__init__()
        self.sink = sink  # hears each piece kept, as it is written (the page and the check command stream them)

    def write(self, text: str) -> int:
        if not issubclass(type(text), str):
            raise TypeError(f"write() argument must be str, not {type_name(text)}")
        text = str.__str__(text)  # a subclass's own methods do not run here
        room = OUTPUT_LIMIT - self.tell()
        if room > 0:
            super().write(text[:room])
            if self.sink is not None and text[:room]:
                self.sink(printable(text[:room]))
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def text(self) -> str:
        cut = f"\n… ({self.dropped} more characters cut off)" if self.dropped else ""
        return printable(self.getvalue()) + cut


def _solver(namespace: dict[str, Any]) -> Solver | None:
    """``Solution().snakesAndLadders`` or the function ``snakesAndLadders`` defined by the code."""
    solution = namespace.get("Solution")
    method = getattr(solution, "snakesAndLadders", None) if issubclass(type(solution), type) else None
    if solution is not None and callable(method):
        return lambda board: solution().snakesAndLadders(board)
    function = namespace.get("snakesAndLadders")
    return function if callable(function) else None


def load(source: str) -> tuple[Solver, str]:
    """Compile and run the source; return its solver and what it printed. Raises SolutionError."""
    captured = _Capped()
    namespace: dict[str, Any] = {"__name__": "solution"}
    try:
        exec(PRELUDE, namespace)
        code = compile(source, FILENAME, "exec")
        with redirect_stdout(captured), redirect_stderr(captured):
            exec(code, namespace)
        solver = _solver(namespace)  # a metaclass's __getattr__ may raise too
    except BaseException as error:  # whatever the code raised, SystemExit and KeyboardInterrupt too
        message, line = describe_exception(error, FILENAME)
        raise SolutionError(message, line, captured.text()) from None
    if solver is None:
        raise SolutionError(NOT_FOUND, None, captured.text())
    return solver, captured.text()


def run(
    solver: Solver, rows: list[list[int]], sink: Callable[[str], object] | None = None, record: bool = True
) -> dict[str, Any]:
    """Call the solver on a recording copy of ``rows`` (a plain copy, and no reads, unless ``record``),
    capturing its output (``sink`` hears it as it is printed), whatever it raises or returns, and what it
    read: the outcome as JSON data.  Work besides the solver's: O(n² + reads)."""
    captured = _Capped(sink)
    board, log = recording(rows) if record else ([list(row) for row in rows], ReadLog())
    given = list(board)
    failure: tuple[str, int | None] | None = None
    try:
        with redirect_stdout(captured), redirect_stderr(captured):
            value = solver(board)  # type: ignore[arg-type]  # a list of list subclasses: lists of ints
    except BaseException as error:  # whatever the code raised, SystemExit and KeyboardInterrupt too
        value, failure = None, describe_exception(error, FILENAME)
    (cells, total), changed, output = taken(log, len(rows)), mutated(board, rows, given), captured.text()
    answer, shown = (None, "an exception") if failure is not None else describe_value(value)
    message, line = failure if failure is not None else (None, None)
    return {
        "answer": answer,
        "shown": shown,
        "error": message,
        "line": line,
        "output": output,
        "reads": [list(cell) for cell in cells],
        "reads_total": total,
        "mutated": changed,
    }


def broken(failure: BaseException) -> str:
    """Why a board or the load failed when wording what the solution did failed (it changed the interpreter)."""
    return f"could not be checked: {type_name(failure)}"


def loaded(source: str) -> tuple[Solver | None, dict[str, Any]]:
    """Load ``source``: its solver (None when it cannot be loaded) and the reply, ``{"loaded": true,
    "output"}`` or ``{"error", "line", "output"}``.  Never raises.  Work: the code's top level."""
    try:
        solver, output = load(source)
    except SolutionError as error:
        return None, {"error": error.message, "line": error.line, "output": error.output}
    except BaseException as failure:  # the solution changed the interpreter under us
        return None, {"error": broken(failure), "line": None, "output": ""}
    return solver, {"loaded": True, "output": output}


def outcome(
    solver: Solver, rows: list[list[int]], sink: Callable[[str], object] | None, record: bool
) -> dict[str, Any]:
    """``run``, or a failure naming what broke when the solution changed the interpreter under it."""
    try:
        return run(solver, rows, sink, record)
    except BaseException as failure:  # the solution changed the interpreter under us
        shown: dict[str, Any] = {"answer": None, "shown": "no answer", "error": broken(failure), "line": None}
        return {**shown, "output": "", "reads": [], "reads_total": 0, "mutated": False}


__all__ = ["OUTPUT_LIMIT", "SolutionError", "Solver", "broken", "load", "loaded", "outcome", "run"]
