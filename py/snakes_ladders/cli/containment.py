"""What the check command contains a solution's process in: its memory, what it leaves running, how it stops.

- **Memory.** ``limited(memory)`` is the child's ``preexec_fn``: it caps the address space
  (``RLIMIT_AS``, soft and hard, so the solution cannot raise it) in the fork, before any of the
  child's Python runs, whatever the child imports.  An allocation past it raises ``MemoryError``, which
  the report words with ``memory_words`` (``worded`` for an outcome).  ``--memory`` is read by
  ``parse_memory``.  macOS does not enforce ``RLIMIT_AS``: there the cap is set but has no effect.
- **What it leaves running.** On Linux ``contained(command)`` runs the child under ``warden.py``, a
  child subreaper: whatever the solution forks, double-forks or puts in a session of its own is
  re-parented to the warden, which kills every descendant when the child ends or the check stops it,
  and also when the check itself dies (even by ``SIGKILL``).  Elsewhere (macOS) there is no subreaper:
  the child runs directly in a session of its own and ``stop`` kills its process group, so a process
  that leaves the group (``os.setsid()``) outlives the check there.
- **Stopping.** ``stop`` asks the warden to kill everything (``SIGTERM``), waits at most
  ``STOP_SECONDS`` for it, then kills the child's process group and reaps the child.

A solution runs as the same user as the check: code that sets out to kill or trace the check's own
processes can still escape; a separate user or container is the only real sandbox.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from ..practice.outcome import Outcome
from .channel import exit_status
from .channel import stop as stop_group

__all__ = [
    "MEMORY_DEFAULT",
    "contained",
    "limited",
    "memory_words",
    "out_of_memory",
    "parse_memory",
    "size_text",
    "stop",
    "worded",
]

MEMORY_DEFAULT = 2 << 30
#: The smallest cap: the child's interpreter, the package and a solution need about 30 MB of address space.
MEMORY_MIN = 64 << 20
MEMORY_MAX = 1 << 40
WARDEN = Path(__file__).with_name("warden.py")
#: Whether the child runs under the warden: Linux, where a process can be a child subreaper.
WARDED = sys.platform.startswith("linux")
#: How long the warden is given to kill the solution's processes before the group is killed.
STOP_SECONDS = 5.0
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_SIZE = re.compile(r"(\d{1,12}(?:\.\d{1,6})?) ?([KMGT]?)(?:I?B)?")  # no nested repeats: linear


def parse_memory(text: str) -> int:
    """``--memory``'s value in bytes: ``512M``, ``4G``, ``1.5GiB``, ``300000000`` (binary units: K, M, G, T).

    Raises ValueError naming the flag and the value.  O(len(text)): a value past 40 characters is refused unread.
    """
    match = _SIZE.fullmatch(text.strip().upper()) if len(text) <= 40 else None
    size = int(float(match[1]) * _UNITS[match[2]]) if match else 0
    if match is None or not MEMORY_MIN <= size <= MEMORY_MAX:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise ValueError(
            f"--memory must be a size from {size_text(MEMORY_MIN)} to {size_text(MEMORY_MAX)} "
            f"such as 512M or 4G, not {shown!r}"
        )
    return size


def size_text(size: int) -> str:
    """``2 GiB``, ``300 MiB``, ``1.5 GiB``: ``size`` bytes in the largest binary unit it fills once."""
    for unit, name in ((1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")):
        if size >= unit:
            return f"{size / unit:.2f}".rstrip("0").rstrip(".") + f" {name}"
    return f"{size} bytes"


def memory_words(memory: int) -> str:
    """What a board that ran out of memory reads, naming the cap and the flag that sets it."""
    return f"ran out of memory: the check caps a solution at {size_text(memory)} (--memory)"


def out_of_memory(error: str | None) -> bool:
    """Whether a worded error (``untrusted.describe_exception``'s) is Python's ``MemoryError``."""
    return error is not None and (error == "MemoryError" or error.startswith("MemoryError:"))


def worded(outcome: Outcome, memory: int) -> Outcome:
    """``outcome``, its error in plain words when it ran out of memory."""
    return replace(outcome, error=memory_words(memory)) if out_of_memory(outcome.error) else outcome


def limited(memory: int) -> Callable[[], None]:
    """A ``preexec_fn`` capping the child's address space at ``memory`` bytes (at most the check's own hard cap)."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    cap = memory if hard == resource.RLIM_INFINITY else min(memory, hard)

    def limit() -> None:
        with contextlib.suppress(ValueError, OSError):  # a system that has no such limit: the child runs uncapped
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    return limit


def contained(command: Sequence[str]) -> list[str]:
    """``command`` run under the warden where there is one (Linux), else as it is."""
    if not WARDED:
        return list(command)
    return [sys.executable, "-I", "-S", str(WARDEN), str(os.getpid()), "--", *command]


def stop(process: subprocess.Popen[bytes]) -> None:
    """Kill the child and everything the solution started (the warden's work, at most ``STOP_SECONDS``),
    then its whole process group, and reap it."""
    if WARDED and exit_status(process) is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(process.pid, signal.SIGTERM)
            os.kill(process.pid, signal.SIGCONT)  # a warden the solution stopped must run to hear it
        deadline = time.monotonic() + STOP_SECONDS
        while exit_status(process) is None and time.monotonic() < deadline:
            time.sleep(0.005)  # the warden is killing and reaping: a few milliseconds
    stop_group(process)
