"""Run a LeetCode 909 solution against the practice battery: loading, one board, the CLI.

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

``python -m snakes_ladders check FILE`` (``main``) runs the battery in a child Python
process, at most ``--timeout`` seconds a board: a board that runs past it is reported,
the child is killed and a fresh one goes on with the next board.  The child runs in a session
of its own and its whole process group is killed when it is done or stopped, so nothing the
solution forks outlives the check (unless it leaves the group: ``os.setsid``); it sends its
results on a pipe of its own, whose every frame the parent checks (``practice_channel``): a
solution that writes there, exits, or is killed fails that board with what happened.  Work on
our side is bounded by the number of boards and their size, and the solution file is read as
the other commands read their input (at most 16,065,536 characters).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TextIO

from .practice import KINDS, MAX_BOARDS, Case, battery
from .practice_channel import LOADED, NOT_LOADED, OUTCOME, Malformed, Reader, encode, exit_status, parse, send, stop
from .untrusted import describe_exception, describe_value, printable, type_name

FILENAME = "<solution>"
OUTPUT_LIMIT = 4000
STARTUP_SECONDS = 10.0
#: How long a child whose channel closed is given to exit, so that its status can be told.
EXIT_SECONDS = 1.0
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

    def write(self, text: str) -> int:
        if not issubclass(type(text), str):
            raise TypeError(f"write() argument must be str, not {type_name(text)}")
        text = str.__str__(text)  # a subclass's own methods do not run here
        room = OUTPUT_LIMIT - self.tell()
        if room > 0:
            super().write(text[:room])
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
    """What a solution did with one board: its answer (an int), or what it returned, or its error."""

    answer: int | None
    shown: str
    error: str | None = None
    line: int | None = None
    output: str = ""

    def passed(self, expected: int) -> bool:
        """True when the solution returned exactly ``expected``."""
        return self.error is None and self.answer == expected


def run(solver: Solver, rows: list[list[int]]) -> Outcome:
    """Call the solver on a copy of ``rows``, capturing its output and whatever it raises or returns."""
    captured = _Capped()
    try:
        with redirect_stdout(captured), redirect_stderr(captured):
            value = solver([list(row) for row in rows])
    except BaseException as error:  # whatever the code raised, SystemExit and KeyboardInterrupt too
        message, line = describe_exception(error, FILENAME)
        return Outcome(None, "an exception", message, line, captured.text())
    answer, shown = describe_value(value)
    return Outcome(answer, shown, output=captured.text())


# --- the page's practice worker: its ops are the API's (snakes_ladders.api.practice) ---------


def broken(failure: BaseException) -> str:
    """Why a board or the load failed when wording what the solution did failed (it changed the interpreter)."""
    return f"could not be checked: {type_name(failure)}"


# --- the CLI: a child process runs the solution, the parent keeps the time --------------------


def _child() -> None:
    """Child process: read the job on stdin, then send a frame per step on the channel it names."""
    job = json.loads(sys.stdin.buffer.read())  # all of it, before the solution runs
    channel, token = int(job["channel"]), str(job["token"])
    os.set_inheritable(channel, False)  # not handed on to what the solution starts

    def say(message: dict[str, Any]) -> None:
        send(channel, encode(token, message))

    try:
        solver, output = load(job["source"])
    except SolutionError as error:
        say({"error": error.message, "line": error.line, "output": error.output})
        return
    say({"loaded": True, "output": output})
    for rows in job["boards"]:
        say(asdict(run(solver, rows)))


TIMEOUT = "timeout"


class _Child:
    """A child process running the solution on ``boards`` in turn; stopped, with its group, on exit."""

    def __init__(self, source: str, boards: list[list[list[int]]]) -> None:
        package_parent = str(Path(__file__).resolve().parents[1])
        path = os.pathsep.join(filter(None, [package_parent, os.environ.get("PYTHONPATH")]))
        command = [sys.executable, "-c", "from snakes_ladders.practice_run import _child; _child()"]
        self.token = secrets.token_hex(16)
        read_end, write_end = os.pipe()
        try:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env={**os.environ, "PYTHONPATH": path},
                pass_fds=(write_end,),
                start_new_session=True,  # its own process group, killed whole by stop()
            )
        except BaseException:
            os.close(read_end)
            raise
        finally:
            os.close(write_end)
        self.channel = Reader(read_end, self.process)
        job = {"source": source, "boards": boards, "channel": write_end, "token": self.token}
        stdin = self.process.stdin
        assert stdin is not None
        with contextlib.suppress(OSError):  # it ended at once: the first receive() says how
            stdin.write(json.dumps(job).encode("utf-8"))
        with contextlib.suppress(OSError):  # what could not be written is dropped with the pipe
            stdin.close()

    def __enter__(self) -> _Child:
        return self

    def __exit__(self, *exc: object) -> None:
        stop(self.process)
        os.close(self.channel.fd)

    def receive(self, seconds: float, *kinds: dict[str, str]) -> dict[str, Any] | str:
        """The next message, of one of ``kinds``; else ``TIMEOUT`` or what the solution did instead."""
        line = self.channel.next(time.monotonic() + seconds)
        if line == "timeout":
            return TIMEOUT
        if line == "ended":
            return f"the solution's process {self._ended()}"
        try:
            return parse(line, self.token, *kinds)
        except Malformed as error:
            return f"the solution wrote to the checker's channel ({error})"

    def _ended(self) -> str:
        deadline = time.monotonic() + EXIT_SECONDS
        while (status := exit_status(self.process)) is None and time.monotonic() < deadline:
            time.sleep(EXIT_SECONDS / 100)  # the channel closes as the process exits, a moment before it is gone
        if status is None:
            return "closed the checker's channel"
        if status >= 0:
            return f"exited with status {status}"
        try:
            return f"was killed by signal {signal.Signals(-status).name}"
        except ValueError:
            return f"was killed by signal {-status}"

    def wait_loaded(self, timeout: float) -> None:
        """Return once the solution has loaded; raise SolutionError if it did not."""
        message = self.receive(timeout + STARTUP_SECONDS, LOADED, NOT_LOADED)
        if message == TIMEOUT:
            raise SolutionError(f"the file did not load within {timeout + STARTUP_SECONDS:g} s")
        if isinstance(message, str):
            raise SolutionError(f"{message} while loading")
        if "error" in message:
            raise SolutionError(message["error"], message["line"], message["output"])

    def outcome(self, timeout: float) -> tuple[Outcome, bool]:
        """The next board's outcome, and whether this child can go on with the board after it."""
        message = self.receive(timeout, OUTCOME)
        if isinstance(message, dict):
            return Outcome(**message), True
        if message == TIMEOUT:
            return Outcome(None, "no answer", f"did not finish within {timeout:g} s: stopped"), False
        return Outcome(None, "no answer", f"{message} while running this board"), False


def run_cases(source: str, cases: Sequence[Case], timeout: float) -> list[Outcome]:
    """Each case's outcome, at most ``timeout`` s a board. Raises SolutionError if it cannot load."""
    outcomes: list[Outcome] = []
    while len(outcomes) < len(cases):
        with _Child(source, [case.rows() for case in cases[len(outcomes) :]]) as child:
            child.wait_loaded(timeout)
            going = True
            while going and len(outcomes) < len(cases):
                outcome, going = child.outcome(timeout)
                outcomes.append(outcome)
    return outcomes


def _path_text(path: tuple[int, ...] | None) -> str:
    return " → ".join(map(str, path)) if path is not None else "none (the answer is -1)"


def report(cases: Sequence[Case], outcomes: Sequence[Outcome]) -> tuple[int, str]:
    """A line per failing kind and the first failing board; 0 if all passed, else 1, and the text."""
    failed = [not outcome.passed(case.expected) for case, outcome in zip(cases, outcomes, strict=True)]
    lines = []
    for kind in dict.fromkeys(case.kind for case in cases):
        mine = [bad for case, bad in zip(cases, failed, strict=True) if case.kind == kind]
        if any(mine):
            lines.append(f"FAIL {kind}: {sum(mine)} of {len(mine)} boards ({KINDS.get(kind, kind)})")
    if not any(failed):
        return 0, f"All {len(cases)} boards passed\n"
    index = failed.index(True)
    case, outcome = cases[index], outcomes[index]
    lines.append(f"\nFirst failing board: {index + 1} of {len(cases)} ({case.kind}, {case.n}×{case.n})")
    rows = ",\n".join("  " + json.dumps(list(row)) for row in case.matrix)
    lines += [f"board = [\n{rows}\n]", f"expected: {case.expected}", f"your answer: {outcome.shown}"]
    if outcome.error is not None:
        where = f"line {outcome.line}: " if outcome.line is not None else ""
        lines.append(f"error: {where}{outcome.error}")
    lines.append(f"one shortest path: {_path_text(case.path)}")
    if outcome.output:
        lines.append(f"printed:\n{outcome.output}")
    lines.append(f"\n{len(cases) - sum(failed)} of {len(cases)} boards passed")
    return 1, "\n".join(lines) + "\n"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m snakes_ladders check",
        description="Test a LeetCode 909 solution (class Solution or a function snakesAndLadders) against "
        "boards made to catch the usual mistakes. Exit status: 0 all passed, 1 some failed, 2 the file "
        "cannot be read or loaded.",
    )
    parser.add_argument("file", metavar="SOLUTION.py", help="the solution, UTF-8, or - for standard input")
    parser.add_argument("--boards", type=int, default=40, metavar="N", help=f"1 to {MAX_BOARDS} (default 40)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the battery's seed (default 0)")
    parser.add_argument("--timeout", type=float, default=2.0, metavar="SECONDS", help="per board (default 2)")
    return parser


def encodable(text: str, stream: TextIO | None) -> str:
    """``text`` with what ``stream``'s encoding cannot write (a lone surrogate, ×, →) backslash-escaped."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:  # an encoding Python does not know: ASCII is written by every one
        return text.encode("ascii", "backslashreplace").decode("ascii")


def _complain(name: str, message: str) -> int:
    """One line on standard error, whatever the message holds; the exit status 2."""
    line = " ".join(f"snakes_ladders check: {name}: {message}".split())
    print(encodable(line, sys.stderr), file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None, read: Callable[[str], str], write: Callable[[str], int]) -> int:
    """``python -m snakes_ladders check``: 0 all passed, 1 some failed, 2 the file cannot be read or loaded.

    ``read(path)`` returns the file's text or raises OSError or ValueError (whose message is shown);
    ``write(text)`` writes the report and returns 0, or the exit status when it cannot be written.
    """
    parser = _parser()
    args = parser.parse_args(argv)
    if not 1 <= args.boards <= MAX_BOARDS or not 0 < args.timeout <= 600:
        parser.error(f"--boards must be from 1 to {MAX_BOARDS} and --timeout from 0 to 600 seconds")
    name = "<stdin>" if args.file == "-" else args.file
    try:
        source = read(args.file)
    except OSError as error:
        return _complain(name, f"cannot read the file: {error.strerror or error}")
    except ValueError as error:
        return _complain(name, str(error))
    cases = battery(args.boards, args.seed)
    try:
        outcomes = run_cases(source, cases, args.timeout)
    except SolutionError as error:
        return _complain(name, f"line {error.line}: {error.message}" if error.line is not None else error.message)
    status, text = report(cases, outcomes)
    return write(encodable(text, sys.stdout)) or status
