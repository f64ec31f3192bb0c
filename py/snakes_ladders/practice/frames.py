"""The check command's channel: frames from the child process that runs a solution to the parent.

The child writes each message as one ASCII line, ``TOKEN JSON\\n``, on a pipe of its own (not its
standard output, which goes to the null device).  The solution runs in that same process, so it
can still reach the pipe (``os.write`` on any descriptor): nothing written there is trusted.  The
parent reads without blocking past a deadline and accepts a frame only when it starts with the
token (random, made for each run), is at most ``MAX_FRAME`` bytes, is JSON and has exactly the
fields of its kind with the right types; anything else is ``Malformed``, which the caller reports
as that board's failure.  Work is bounded: at most ``MAX_FRAME`` + one block is buffered, and a
frame is parsed once.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import time
from typing import Any, Literal

from .cases import LARGEST
from .reads import LIMIT
from .untrusted import LARGEST_ANSWER, printable

MAX_FRAME = 1 << 20
BLOCK = 1 << 16
#: How often the parent looks whether the child has exited while no frame comes.
POLL_SECONDS = 0.05

Event = Literal["timeout", "ended"]


class Malformed(Exception):
    """A line on the channel that is not a frame of the expected kind; the message says why."""


def encode(token: str, message: dict[str, Any]) -> bytes:
    """One frame: the token, a space, the message as ASCII JSON, a newline."""
    return f"{token} {json.dumps(message)}\n".encode("ascii")


def send(fd: int, frame: bytes) -> None:
    """Write all of ``frame`` to ``fd``."""
    view = memoryview(frame)
    while view:
        view = view[os.write(fd, view) :]


def exit_status(process: subprocess.Popen[bytes]) -> int | None:
    """The child's exit status (minus the signal that killed it) if it has ended, else None.

    On Linux it is read without reaping the child, so that its process group id stays taken
    until ``stop`` has killed the group.
    """
    waitid = getattr(os, "waitid", None)
    if waitid is None:  # not on every Unix
        return process.poll()
    if process.returncode is not None:
        return process.returncode
    try:
        info = waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return process.poll()
    if info is None:
        return None
    return int(info.si_status) if info.si_code == os.CLD_EXITED else -int(info.si_status)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Kill the child's whole process group (what the solution forked too) and reap the child."""
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group has already gone
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


class Reader:
    """The parent's end of the channel: whole lines, within a deadline, while the child lives."""

    def __init__(self, fd: int, process: subprocess.Popen[bytes]) -> None:
        os.set_blocking(fd, False)
        self.fd, self.process = fd, process
        self.buffer = bytearray()
        self.eof = self.exited = False

    def _line(self) -> bytes | None:
        cut = self.buffer.find(b"\n")
        if cut < 0:
            return None
        line = bytes(self.buffer[: cut + 1])
        del self.buffer[: cut + 1]
        return line

    def _fill(self) -> bool:
        """Read what is there now; False when nothing is (yet)."""
        try:
            block = os.read(self.fd, BLOCK)
        except BlockingIOError:
            return False
        self.eof = not block
        self.buffer += block
        return True

    def next(self, deadline: float) -> bytes | Event:
        """The next line (a frame, or too long: then all of it so far), or "timeout" or "ended".

        "ended": the channel closed, or the child exited and everything it wrote has been read
        (a process the solution forked may hold the pipe open, so its end is not awaited).
        """
        while True:
            line = self._line()
            if line is not None:
                return line
            if len(self.buffer) > MAX_FRAME:
                return bytes(self.buffer)
            if self.eof:
                return "ended"
            if self._fill():
                continue
            if self.exited:
                return "ended"
            if exit_status(self.process) is not None:
                self.exited = True  # one more read: its last writes are in the pipe already
                continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return "timeout"
            select.select([self.fd], [], [], min(remaining, POLL_SECONDS))


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
#: A smaller board the solution still fails, found while shrinking, with the runs so far and its outcome.
SHRUNK = {"board": "board", "runs": "count", **OUTCOME}
#: The end of a board's shrinking: its runs, and why it stopped early if it did.
SHRINK_END = {"runs": "count", "cut_short": "text"}


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
    "NOT_LOADED",
    "OUTCOME",
    "PRINTED",
    "SHRINK_END",
    "SHRUNK",
    "Malformed",
    "Reader",
    "encode",
    "exit_status",
    "fits",
    "parse",
    "send",
    "stop",
]
