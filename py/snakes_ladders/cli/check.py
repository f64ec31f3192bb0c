"""``python -m snakes_ladders check``: a LeetCode 909 solution run on the practice battery in a child process.

The solution runs in a child Python process started isolated (``python -I``) on the runner
(``runner.child``), which imports nothing of this package: the child is sent the source, then one
board a request, never an expected answer, so nothing it can find (frames, ``gc``, ``sys.modules``)
forges a pass.  Each request is answered by ``printed`` frames and exactly one outcome frame on a pipe
of its own, every frame checked here (``practice.frames`` on ``channel``); anything else (a frame that
is not one, the process exiting or killed) fails that board with what happened, and a board gets at
most ``--timeout`` seconds, however many frames come.  A board that runs past it is reported with what
the solution printed until then (at most ``MAX_PRINTED_FRAMES`` printed frames kept), the child is
killed and a fresh one goes on with the next board.  The child runs in a session of its own, under a
warden that kills everything the solution started (``containment``: on Linux even what left the
session), with its address space capped (``--memory``).

A board the solution answers wrongly (or raises on) is shrunk here (``practice.failure.Diagnosis``),
each smaller board run by the child, no run started after ``--timeout`` seconds more; a run that does
not finish in time (or a child that dies) stops the shrinking, which is then said to have been cut
short.  The report (``report``: text, or with ``--json`` one
JSON object) shows each failure's shrunk board with the original size, the reads and the first
differing read; everything the solution controls is shown with its control characters escaped
(``practice.shown``).  Work on our side is bounded by the number of boards and their size, and the
solution file is read as the other commands read their input (at most 16,065,536 characters).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from ..board import Board
from ..practice import KINDS, MAX_BOARDS, Case, battery
from ..practice.failure import Diagnosis, Failure, failure_lines, failure_to_json
from ..practice.frames import LOADED, NOT_LOADED, OUTCOME, PRINTED, Malformed, parse
from ..practice.outcome import Outcome
from ..practice.replies import outcome_of
from ..practice.shown import json_text, terminal_text
from ..runner.solution import OUTPUT_LIMIT, SolutionError
from ..solver import shortest_path
from .channel import POLL_SECONDS, Reader, exit_status
from .containment import MEMORY_DEFAULT, contained, limited, memory_words, out_of_memory, parse_memory, stop, worded

STARTUP_SECONDS = 10.0
#: How long a child whose channel closed is given to exit, so that its status can be told.
EXIT_SECONDS = 1.0
#: The most ``printed`` frames one board's run may send: each carries at least one of the
#: ``OUTPUT_LIMIT`` characters the runner keeps, so more are not the runner's (they are counted, not kept).
MAX_PRINTED_FRAMES = OUTPUT_LIMIT
#: The runner's folder's parent: the child's only path to it (``python -I`` adds no other).
RUNNER_PARENT = str(Path(__file__).resolve().parents[1])
TIMEOUT = "timeout"


def spawn(command: list[str], channel: int, memory: int) -> subprocess.Popen[bytes]:
    """Start the child under the warden (``containment.contained``), its address space capped at ``memory``
    bytes: requests on its standard input, its frames on ``channel``; its output discarded."""
    return subprocess.Popen(
        contained(command),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(channel,),
        start_new_session=True,  # its own process group, killed whole by stop()
        preexec_fn=limited(memory),  # its address space capped before any of its Python runs
    )


class _Child:
    """A child process running the runner (``runner.child``, no part of the package imported) on one
    board a request; stopped, with its group, on exit.  It is never sent what it is judged against."""

    def __init__(self, source: str, memory: int) -> None:
        start = f"import sys; sys.path.insert(0, {RUNNER_PARENT!r}); from runner.child import main; main()"
        self.token = secrets.token_hex(16)
        read_end, write_end = os.pipe()
        try:
            self.process = spawn([sys.executable, "-I", "-c", start], write_end, memory)
        except BaseException:
            os.close(read_end)
            raise
        finally:
            os.close(write_end)
        self.channel = Reader(read_end, self.process)
        stdin = self.process.stdin
        assert stdin is not None
        self.requests = stdin.fileno()
        os.set_blocking(self.requests, False)
        job = {"source": source, "channel": write_end, "token": self.token}
        self.ask(job, time.monotonic() + STARTUP_SECONDS)

    def __enter__(self) -> _Child:
        return self

    def __exit__(self, *exc: object) -> None:
        stop(self.process)
        os.close(self.channel.fd)

    def ask(self, request: dict[str, Any], deadline: float) -> bool:
        """Write one request line; False when the child does not take it by ``deadline`` (or has gone).
        Work: O(request)."""
        view = memoryview((json.dumps(request) + "\n").encode("utf-8"))
        while view:
            try:
                view = view[os.write(self.requests, view) :]
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    return False
                select.select([], [self.requests], [], min(deadline - time.monotonic(), POLL_SECONDS))
            except OSError:  # it ended: the next receive() says how
                return False
        return True

    def receive(self, deadline: float, *kinds: dict[str, str]) -> dict[str, Any] | str:
        """The next message, of one of ``kinds``; else ``TIMEOUT`` (past ``deadline``, a ``time.monotonic()``,
        even while frames keep coming) or what the solution did instead."""
        line = self.channel.next(deadline)
        if line == "timeout" or time.monotonic() > deadline:
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
        message = self.receive(time.monotonic() + timeout + STARTUP_SECONDS, LOADED, NOT_LOADED)
        if message == TIMEOUT:
            raise SolutionError(f"the file did not load within {timeout + STARTUP_SECONDS:g} s")
        if isinstance(message, str):
            raise SolutionError(f"{message} while loading")
        if "error" in message:
            raise SolutionError(message["error"], message["line"], message["output"])

    def outcome(self, rows: list[list[int]], timeout: float, record: bool = True) -> tuple[Outcome, bool]:
        """The solution's outcome on ``rows``: one request, answered by ``printed`` frames and exactly one
        outcome frame; and whether this child can go on with another board.  When the board runs past
        ``timeout`` (or the child dies, or writes anything else), what it printed until then is kept.
        Work: the frames that come within ``timeout``, at most ``MAX_PRINTED_FRAMES`` of them kept."""
        deadline, printed, frames = time.monotonic() + timeout, "", 0
        if not self.ask({"board": rows, "record": record}, deadline):
            message: dict[str, Any] | str = TIMEOUT if exit_status(self.process) is None else self.receive(deadline)
        else:
            while isinstance(message := self.receive(deadline, PRINTED, OUTCOME), dict) and "printed" in message:
                frames += 1
                if frames <= MAX_PRINTED_FRAMES:  # the runner cuts it, a forged frame may not
                    printed = (printed + message["printed"])[:OUTPUT_LIMIT]
        if frames > MAX_PRINTED_FRAMES:
            printed += f"\n… ({frames - MAX_PRINTED_FRAMES:,} more printed frames cut off)"
        if isinstance(message, dict):
            return outcome_of(message, len(rows)), True
        if message == TIMEOUT:
            return Outcome(None, "no answer", f"did not finish within {timeout:g} s: stopped", output=printed), False
        return Outcome(None, "no answer", f"{message} while running this board", output=printed), False

    def shrinking(self, case: Case, outcome: Outcome, seconds: float, timeout: float) -> tuple[Failure, bool]:
        """The board shrunk (``practice.failure.Diagnosis``, each candidate run here at most ``timeout`` s,
        no run started after ``seconds``), and whether this child can go on with the next board."""
        diagnosis, going = Diagnosis(case.rows(), outcome, seconds), True
        while going and (wanted := diagnosis.request()) is not None:
            board, record = wanted
            ran, going = self.outcome(board.to_matrix(), timeout, record)
            diagnosis.feed(ran if going else None)
        return diagnosis.failure(), going


@dataclass(frozen=True)
class Checked:
    """One board of the battery: the solution's outcome, and its failure (shrunk) when it failed."""

    case: Case
    outcome: Outcome
    failure: Failure | None = None


def check_cases(
    source: str, cases: Sequence[Case], timeout: float, shrink: bool = True, memory: int = MEMORY_DEFAULT
) -> list[Checked]:
    """Each case's outcome, at most ``timeout`` s a board and ``memory`` bytes of address space, and for each
    failing one the failure, shrunk for at most ``timeout`` s more when ``shrink``.  Raises SolutionError if
    the solution cannot load."""
    checked: list[Checked] = []
    while len(checked) < len(cases):
        with _Child(source, memory) as child:
            child.wait_loaded(timeout)
            going = True
            while going and len(checked) < len(cases):
                case = cases[len(checked)]
                outcome, going = child.outcome(case.rows(), timeout)
                failure = None
                if outcome.passed(case.expected):
                    pass
                elif going and shrink:
                    failure, going = child.shrinking(case, outcome, timeout, timeout)
                else:
                    unshrunk = "not shrunk: the run did not finish" if not going else "not shrunk"
                    failure = Failure(Board.from_matrix(case.rows()), case.n, case.expected, outcome, 0, unshrunk)
                checked.append(Checked(case, outcome, failure))
    return checked


def run_cases(source: str, cases: Sequence[Case], timeout: float) -> list[Outcome]:
    """Each case's outcome, at most ``timeout`` s a board (no shrinking). Raises SolutionError if it cannot load."""
    return [checked.outcome for checked in check_cases(source, cases, timeout, shrink=False)]


def _worded(one: Checked, memory: int) -> Checked:
    """``one`` with a run that ran out of memory said so in plain words (``containment.worded``)."""
    failure = one.failure and replace(one.failure, outcome=worded(one.failure.outcome, memory))
    return Checked(one.case, worded(one.outcome, memory), failure)


def _failures(checked: Sequence[Checked]) -> list[tuple[int, Checked, Failure]]:
    return [(index, one, one.failure) for index, one in enumerate(checked) if one.failure is not None]


def report(checked: Sequence[Checked]) -> tuple[int, str]:
    """A line per failing kind and the first failing board, shrunk; 0 if all passed, else 1, and the text."""
    failures, cases = _failures(checked), [one.case for one in checked]
    changed = sum(one.outcome.mutated for one in checked)
    warning = f"warning: your solution changed the board it was given on {changed} of {len(cases)} boards\n"
    if not failures:
        return 0, f"All {len(cases)} boards passed\n" + (warning if changed else "")
    lines = []
    for kind in dict.fromkeys(case.kind for case in cases):
        mine = [one.failure is not None for one in checked if one.case.kind == kind]
        if any(mine):
            lines.append(f"FAIL {kind}: {sum(mine)} of {len(mine)} boards ({KINDS.get(kind, kind)})")
    index, first, failure = failures[0]
    case = first.case
    lines.append(f"\nFirst failing board: {index + 1} of {len(cases)} ({case.kind}, {case.n}×{case.n})")
    lines += failure_lines(failure, shortest_path(failure.board))
    lines.append(f"\n{len(cases) - len(failures)} of {len(cases)} boards passed")
    return 1, "\n".join(lines) + "\n" + (warning if changed else "")


def report_json(checked: Sequence[Checked]) -> tuple[int, str]:
    """The report as one JSON object: ``passed``, ``total``, ``mutated`` (boards the solution changed) and
    ``failures``, each with the board's ``kind`` and ``failure_to_json`` of its shrunk board."""
    failures = [{"kind": one.case.kind, **failure_to_json(failure)} for _, one, failure in _failures(checked)]
    result = {
        "passed": len(checked) - len(failures),
        "total": len(checked),
        "mutated": sum(one.outcome.mutated for one in checked),
        "failures": failures,
    }
    return (1 if failures else 0), json.dumps(result, ensure_ascii=False) + "\n"


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
    parser.add_argument(
        "--memory", default="2G", metavar="SIZE", help="the solution's address space, e.g. 512M, 4G (default 2G)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the text report")
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
    line = terminal_text(" ".join(f"snakes_ladders check: {name}: {message}".split()))
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
    try:
        memory = parse_memory(args.memory)
    except ValueError as error:
        parser.error(str(error))
    name = "<stdin>" if args.file == "-" else args.file
    if name.endswith((".js", ".mjs")):
        return _complain(name, "the check command runs Python solutions; a JavaScript one runs in the page's Practice")
    try:
        source = read(args.file)
    except OSError as error:
        return _complain(name, f"cannot read the file: {error.strerror or error}")
    except ValueError as error:
        return _complain(name, str(error))
    cases = battery(args.boards, args.seed)
    try:
        checked = [_worded(one, memory) for one in check_cases(source, cases, args.timeout, memory=memory)]
    except SolutionError as error:
        message = memory_words(memory) if out_of_memory(error.message) else error.message
        return _complain(name, f"line {error.line}: {message}" if error.line is not None else message)
    except KeyboardInterrupt:  # Ctrl-C: the child and all it started were killed on the way out
        _complain(name, "stopped (interrupted)")
        return 130
    status, text = (report_json if args.json else report)(checked)
    shown = json_text(text) if args.json else terminal_text(text)  # what the solution printed, never obeyed
    return write(encodable(shown, sys.stdout)) or status
