"""Run a LeetCode 909 solution on a board: loading it, one run, what it read.

The solution is Python source, in LeetCode's form (``class Solution`` with
``snakesAndLadders(self, board)``) or as a plain function ``snakesAndLadders(board)``,
with the names LeetCode provides (``List`` and the rest of ``typing``, ``collections``,
``heapq``, ``math``, ...).  ``load`` and ``run`` are used by the page's practice worker
(through the API's practice ops, ``snakes_ladders.api.practice``) and by the CLI's child process.

The solution is hostile input.  Whatever it returns or raises (an int too long to print, an
object whose methods raise or never end, ``KeyboardInterrupt``, ``SystemExit``, an exception
whose ``__str__`` fails) fails that board with a plain reason, worded by ``untrusted`` without
running the solution's code; the practice ops never raise for it.  What it prints is kept up to
``OUTPUT_LIMIT`` characters (then counted), lone surrogates written as ``\\udxxx``.

Each run hands the solution a board that records what it reads (``reads``): the outcome
carries the first ``reads.LIMIT`` cells read, how many reads there were, and whether the
solution changed the board.  ``python -m snakes_ladders check`` is in ``cli.check``.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from typing import Any

from .reads import ReadLog, Reads, mutated, recording, taken
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
        self.sink = sink  # hears each piece kept, as it is written (the check command's child streams them)

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


@dataclass(frozen=True)
class Outcome:
    """What a solution did with one board: its answer (an int), or what it returned, or its error; what it
    printed; the cells it read (``(row, column)``, the first ``reads.LIMIT``), how many reads there
    were, and whether it changed the board it was given."""

    answer: int | None
    shown: str
    error: str | None = None
    line: int | None = None
    output: str = ""
    reads: tuple[tuple[int, int], ...] = ()
    reads_total: int = 0
    mutated: bool = False

    def passed(self, expected: int) -> bool:
        """True when the solution returned exactly ``expected``."""
        return self.error is None and self.answer == expected

    def read_log(self) -> Reads:
        """The reads as ``reads.Reads``."""
        return Reads(self.reads, self.reads_total)

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON data: the reads as ``[row, column]`` pairs."""
        return {
            "answer": self.answer,
            "shown": self.shown,
            "error": self.error,
            "line": self.line,
            "output": self.output,
            "reads": [list(cell) for cell in self.reads],
            "reads_total": self.reads_total,
            "mutated": self.mutated,
        }


class ForeignSolver:
    """A solution in another language, run by its own runner, which reports the outcome itself
    (``foreign``: JavaScript in the page's practice worker).  ``run`` hands it the board."""

    def outcome(self, rows: list[list[int]], record: bool, stream: bool) -> Outcome:
        """The outcome on ``rows``, its reads if ``record``; ``stream``: what it prints goes out as printed."""
        raise NotImplementedError

    def __call__(self, board: list[list[int]]) -> object:
        raise TypeError("a foreign solution runs only through practice.run.run")


def run(
    solver: Solver, rows: list[list[int]], sink: Callable[[str], object] | None = None, record: bool = True
) -> Outcome:
    """Call the solver on a recording copy of ``rows`` (a plain copy, and no reads, unless ``record``),
    capturing its output (``sink`` hears it as it is printed), whatever it raises or returns, and what it
    read.  A ``ForeignSolver`` runs itself (its runner streams what it prints when there is a ``sink``).
    Work besides the solver's: O(n² + reads)."""
    if isinstance(solver, ForeignSolver):
        return solver.outcome(rows, record, sink is not None)
    captured = _Capped(sink)
    board, log = recording(rows) if record else ([list(row) for row in rows], ReadLog())
    given = list(board)
    failure: tuple[str, int | None] | None = None
    try:
        with redirect_stdout(captured), redirect_stderr(captured):
            value = solver(board)  # type: ignore[arg-type]  # a list of list subclasses: lists of ints
    except BaseException as error:  # whatever the code raised, SystemExit and KeyboardInterrupt too
        value, failure = None, describe_exception(error, FILENAME)
    reads, changed, output = taken(log, len(rows)), mutated(board, rows, given), captured.text()
    if failure is not None:
        return Outcome(None, "an exception", failure[0], failure[1], output, reads.cells, reads.total, changed)
    answer, shown = describe_value(value)
    return Outcome(answer, shown, None, None, output, reads.cells, reads.total, changed)


# --- the page's practice worker: its ops are the API's (snakes_ladders.api.practice) ---------


def broken(failure: BaseException) -> str:
    """Why a board or the load failed when wording what the solution did failed (it changed the interpreter)."""
    return f"could not be checked: {type_name(failure)}"
