"""Run a LeetCode 909 solution against the practice battery: loading, one board, the CLI.

The solution is Python source, in LeetCode's form (``class Solution`` with
``snakesAndLadders(self, board)``) or as a plain function ``snakesAndLadders(board)``,
with the names LeetCode provides (``List`` and the rest of ``typing``, ``collections``,
``heapq``, ``math``, ...).  ``load`` and ``run`` are used by the page's practice worker
(through ``handle``, JSON strings in and out) and by the CLI's child process.

``python -m snakes_ladders check FILE`` (``main``) runs the battery in a child Python
process, at most ``--timeout`` seconds a board: a board that runs past it is reported,
the child is killed and a fresh one goes on with the next board.  Work on our side is
bounded by the number of boards and their size; the printed output kept per board is at
most ``OUTPUT_LIMIT`` characters.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import queue
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .board import BoardError
from .practice import KINDS, MAX_BOARDS, Case, battery

FILENAME = "<solution>"
OUTPUT_LIMIT = 4000
SHOWN_LIMIT = 200
STARTUP_SECONDS = 10.0
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
        room = OUTPUT_LIMIT - self.tell()
        if room > 0:
            super().write(text[:room])
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def text(self) -> str:
        cut = f"\n… ({self.dropped} more characters cut off)" if self.dropped else ""
        return self.getvalue() + cut


def _clip(text: str) -> str:
    return text if len(text) <= SHOWN_LIMIT else text[:SHOWN_LIMIT] + "… (cut off)"


def _describe(error: BaseException) -> tuple[str, int | None]:
    """``"ValueError: ..."`` and the line of the user's code where it was raised (innermost)."""
    if isinstance(error, SyntaxError) and error.filename == FILENAME:
        return _clip(f"{type(error).__name__}: {error.msg}"), error.lineno
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == FILENAME]
    text = "".join(traceback.format_exception_only(type(error), error)).strip()
    return _clip(text), lines[-1] if lines else None


def load(source: str) -> tuple[Solver, str]:
    """Compile and run the source; return its solver and what it printed. Raises SolutionError."""
    captured = _Capped()
    namespace: dict[str, Any] = {"__name__": "solution"}
    try:
        exec(PRELUDE, namespace)
        code = compile(source, FILENAME, "exec")
        with redirect_stdout(captured), redirect_stderr(captured):
            exec(code, namespace)
    except (Exception, SystemExit) as error:
        message, line = _describe(error)
        raise SolutionError(message, line, captured.text()) from None
    solution = namespace.get("Solution")
    method = getattr(solution, "snakesAndLadders", None) if isinstance(solution, type) else None
    if solution is not None and callable(method):
        return (lambda board: solution().snakesAndLadders(board)), captured.text()
    function = namespace.get("snakesAndLadders")
    if callable(function):
        return function, captured.text()
    raise SolutionError(NOT_FOUND, None, captured.text())


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
    """Call the solver on a copy of ``rows``, capturing its output and any exception."""
    captured = _Capped()
    try:
        with redirect_stdout(captured), redirect_stderr(captured):
            value = solver([list(row) for row in rows])
    except (Exception, SystemExit) as error:
        message, line = _describe(error)
        return Outcome(None, "an exception", message, line, captured.text())
    if type(value) is int:
        return Outcome(value, str(value), output=captured.text())
    return Outcome(None, _clip(f"{value!r} ({type(value).__name__}), not an int"), output=captured.text())


# --- the page's practice worker: JSON strings in and out ------------------------------------

_loaded: list[Solver] = []


def handle(request: str) -> str:
    """Answer one request of the practice worker: ``battery``, ``load`` or ``run`` (see README)."""
    data = json.loads(request)
    op = data.get("op")
    if op == "battery":
        try:
            cases = battery(data.get("boards", 40), data.get("seed", 0), data.get("board"))
        except (BoardError, ValueError) as error:
            return json.dumps({"ok": False, "error": str(error)})
        return json.dumps({"ok": True, "cases": [case.to_json() for case in cases]})
    if op == "load":
        _loaded.clear()
        try:
            solver, output = load(str(data["source"]))
        except SolutionError as error:
            return json.dumps({"ok": False, "error": error.message, "line": error.line, "output": error.output})
        _loaded.append(solver)
        return json.dumps({"ok": True, "output": output})
    if op == "run" and _loaded:
        return json.dumps({"ok": True, **asdict(run(_loaded[0], data["board"]))})
    return json.dumps({"ok": False, "error": f"unknown request {op!r} (or no solution loaded)"})


# --- the CLI: a child process runs the solution, the parent keeps the time --------------------


def _child() -> None:
    """Child process: read {source, boards} on stdin, write one JSON line per step to the real stdout."""
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)  # writes that bypass sys.stdout go nowhere, not into the protocol
    os.dup2(quiet, 2)
    job = json.loads(sys.stdin.read())
    try:
        solver, output = load(job["source"])
    except SolutionError as error:
        protocol.write(json.dumps({"error": error.message, "line": error.line, "output": error.output}) + "\n")
        protocol.flush()
        return
    protocol.write(json.dumps({"loaded": True, "output": output}) + "\n")
    protocol.flush()
    for rows in job["boards"]:
        protocol.write(json.dumps(asdict(run(solver, rows))) + "\n")
        protocol.flush()


def _spawn(source: str, boards: list[list[list[int]]]) -> tuple[subprocess.Popen[str], queue.Queue[str | None]]:
    package_parent = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [package_parent, os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-c", "from snakes_ladders.practice_run import _child; _child()"]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    assert process.stdin is not None
    try:
        process.stdin.write(json.dumps({"source": source, "boards": boards}))
        process.stdin.close()
    except BrokenPipeError:
        pass
    return process, lines


def _next(lines: queue.Queue[str | None], timeout: float) -> dict[str, Any] | str:
    """The child's next message, or why there is none: "timeout" or "ended"."""
    try:
        line = lines.get(timeout=timeout)
    except queue.Empty:
        return "timeout"
    return "ended" if line is None else dict(json.loads(line))


def run_cases(source: str, cases: Sequence[Case], timeout: float) -> list[Outcome]:
    """Each case's outcome, at most ``timeout`` s a board. Raises SolutionError if it cannot load."""
    outcomes: list[Outcome] = []
    while len(outcomes) < len(cases):
        process, lines = _spawn(source, [case.rows() for case in cases[len(outcomes) :]])
        try:
            loaded = _next(lines, timeout + STARTUP_SECONDS)
            if not isinstance(loaded, dict) or "error" in loaded:
                if isinstance(loaded, dict):
                    raise SolutionError(loaded["error"], loaded["line"], loaded["output"])
                raise SolutionError(f"the file did not load within {timeout:g} s")
            while len(outcomes) < len(cases):
                message = _next(lines, timeout)
                if isinstance(message, dict):
                    outcomes.append(Outcome(**message))
                    continue
                stopped = f"did not finish within {timeout:g} s" if message == "timeout" else "the process ended"
                outcomes.append(Outcome(None, "no answer", f"{stopped}: stopped"))
                break
        finally:
            process.kill()
            process.wait()
    return outcomes


def _path_text(path: tuple[int, ...] | None) -> str:
    return " → ".join(map(str, path)) if path is not None else "none (the answer is -1)"


def report(cases: Sequence[Case], outcomes: Sequence[Outcome], out: io.TextIOBase | Any = sys.stdout) -> int:
    """Print a line per failing kind and the first failing board; return 0 if all passed, else 1."""
    failed = [not outcome.passed(case.expected) for case, outcome in zip(cases, outcomes, strict=True)]
    for kind in dict.fromkeys(case.kind for case in cases):
        mine = [bad for case, bad in zip(cases, failed, strict=True) if case.kind == kind]
        if any(mine):
            print(f"FAIL {kind}: {sum(mine)} of {len(mine)} boards ({KINDS.get(kind, kind)})", file=out)
    if any(failed):
        index = failed.index(True)
        case, outcome = cases[index], outcomes[index]
        print(f"\nFirst failing board: {index + 1} of {len(cases)} ({case.kind}, {case.n}×{case.n})", file=out)
        rows = ",\n".join("  " + json.dumps(list(row)) for row in case.matrix)
        print(f"board = [\n{rows}\n]", file=out)
        print(f"expected: {case.expected}\nyour answer: {outcome.shown}", file=out)
        if outcome.error is not None:
            where = f"line {outcome.line}: " if outcome.line is not None else ""
            print(f"error: {where}{outcome.error}", file=out)
        print(f"one shortest path: {_path_text(case.path)}", file=out)
        if outcome.output:
            print(f"printed:\n{outcome.output}", file=out)
        print(f"\n{len(cases) - sum(failed)} of {len(cases)} boards passed", file=out)
        return 1
    print(f"All {len(cases)} boards passed", file=out)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m snakes_ladders check",
        description="Test a LeetCode 909 solution (class Solution or a function snakesAndLadders) against "
        "boards made to catch the usual mistakes. Exit status: 0 all passed, 1 some failed, 2 the file "
        "cannot be loaded.",
    )
    parser.add_argument("file", metavar="SOLUTION.py")
    parser.add_argument("--boards", type=int, default=40, metavar="N", help=f"1 to {MAX_BOARDS} (default 40)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the battery's seed (default 0)")
    parser.add_argument("--timeout", type=float, default=2.0, metavar="SECONDS", help="per board (default 2)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m snakes_ladders check``: 0 all passed, 1 some failed, 2 the file cannot be loaded."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not 1 <= args.boards <= MAX_BOARDS or not 0 < args.timeout <= 600:
        parser.error(f"--boards must be from 1 to {MAX_BOARDS} and --timeout from 0 to 600 seconds")
    try:
        source = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"snakes_ladders check: {args.file}: cannot read the file: {error}", file=sys.stderr)
        return 2
    cases = battery(args.boards, args.seed)
    try:
        outcomes = run_cases(source, cases, args.timeout)
    except SolutionError as error:
        where = f"line {error.line}: " if error.line is not None else ""
        print(f"snakes_ladders check: {args.file}: {where}{error.message}", file=sys.stderr)
        return 2
    return report(cases, outcomes)
