"""The check command's channel: the pipe that carries frames from the child process running a solution.

The child writes each frame (``runner.wire``, checked by ``practice.frames``) on a pipe of its own (not
its standard output, which goes to the null device). The parent reads without blocking past a deadline,
and tells when the child has exited; ``stop`` kills the child's whole process group. Work is bounded: at
most ``MAX_FRAME`` + one block is buffered.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import time
from typing import Literal

from ..practice.frames import MAX_FRAME

__all__ = ["POLL_SECONDS", "Event", "Reader", "exit_status", "stop"]

BLOCK = 1 << 16
#: How often the parent looks whether the child has exited while no frame comes.
POLL_SECONDS = 0.05

Event = Literal["timeout", "ended"]


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
