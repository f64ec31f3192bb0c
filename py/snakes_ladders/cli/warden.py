"""The check's warden: runs the solution's process and, when it ends or is stopped, kills every descendant.

Run as a script (``python -I -S warden.py PARENT_PID -- COMMAND...``, stdlib only, the package not
imported) between the check and the process that runs a solution, on Linux.  It makes itself a child
subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``), so that whatever the solution starts and orphans (a
double fork, ``os.setsid()``, a daemon) is re-parented to it rather than to init; and asks for
``SIGTERM`` when the check dies (``PR_SET_PDEATHSIG``, so a check killed with ``SIGKILL`` still has its
solution's processes killed).  It forks ``COMMAND`` (handing on its standard streams and every
inheritable descriptor, then closing its own copies), reaps what it adopts, and when ``COMMAND`` ends,
or it gets ``SIGTERM``, ``SIGHUP`` or ``SIGINT``, kills all its descendants and exits as ``COMMAND``
did (its status, or the signal that killed it), so the check reads the status as if there were no
warden.

Bounded work: each round of the kill reads ``/proc`` once (O(processes on the machine)) and kills
every descendant it finds; a round leaves alive only what was forked between its scan and its kills,
and the rounds stop when no descendant is left (at most ``ROUNDS``).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Sequence

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
#: The signals that stop the warden (the check's ``stop``, the check's death, a hang-up).
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
#: The most rounds of kills: each round kills every descendant seen, so two or three are the rule.
ROUNDS = 1000


class Stopped(Exception):
    """The warden was told to stop."""


def _stopping(signum: int, frame: object) -> None:
    for stop in STOP_SIGNALS:  # a second signal must not cut the kill short
        signal.signal(stop, signal.SIG_IGN)
    raise Stopped


def _prctl(option: int, value: int) -> bool:
    """``prctl(option, value)``; False where it cannot be called (no libc, a refusing seccomp filter)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(option, value, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _parent_of(pid: str) -> int | None:
    """The parent of process ``pid``, from ``/proc/PID/stat``; None if it has gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read()
    except OSError:
        return None
    fields = text[text.rfind(b")") + 2 :].split()  # the name, in parentheses, may hold anything
    return int(fields[1]) if len(fields) > 1 else None


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (zombies included), from one reading of ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (parent := _parent_of(entry)) is not None:
            children.setdefault(parent, []).append(int(entry))
    found, queue = [], list(children.get(root, ()))
    while queue:
        pid = queue.pop()
        found.append(pid)
        queue += children.get(pid, ())
    return found


def kill_all() -> None:
    """Kill every descendant of this process and reap the ones it adopts, round after round until none is left."""
    me = os.getpid()
    for _ in range(ROUNDS):
        found = descendants(me)
        if not found:
            return
        for pid in found:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(-1, 0)  # a child killed above; its orphans come to us, for the next round
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass


def _exec(command: Sequence[str]) -> None:
    """In the forked child: default signals, then ``command``; never returns."""
    try:
        for stop in STOP_SIGNALS:
            signal.signal(stop, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
        os.execv(command[0], list(command))
    finally:
        os._exit(127)


def _keep_nothing() -> None:
    """Close the warden's copies of what the child was handed (the channel, the job's pipe on standard input)."""
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)


def _wait(child: int) -> int:
    """The ``waitpid`` status of ``child``, reaping what the warden adopts meanwhile."""
    while True:
        pid, status = os.waitpid(-1, 0)
        if pid == child:
            return status


def _exit_as(status: int) -> None:
    """Exit as the child did: with its exit status, or killed by the same signal."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        with contextlib.suppress(ValueError, OSError):  # SIGKILL and SIGSTOP cannot be handled: already default
            signal.signal(number, signal.SIG_DFL)
        with contextlib.suppress(ValueError, OSError):
            import resource

            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a SIGSEGV passed on leaves no core of the warden
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {number})
            os.kill(os.getpid(), number)
        os._exit(128 + number)  # a signal that does not end a process (SIGCHLD, say): its number, as a shell gives
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


def main(argv: Sequence[str]) -> None:
    """``PARENT_PID -- COMMAND...``: run COMMAND, then kill all that is left of it; exit as it did."""
    parent, command = int(argv[0]), list(argv[2:])
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)  # until the child has its own handlers
    for stop in STOP_SIGNALS:
        signal.signal(stop, _stopping)
    status = None
    try:
        if os.getppid() != parent:  # the check died before PR_SET_PDEATHSIG was set
            raise Stopped
        child = os.fork()
        if child == 0:
            _exec(command)
        _keep_nothing()
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
        status = _wait(child)
    except Stopped:
        pass
    finally:
        try:
            for stop in STOP_SIGNALS:
                signal.signal(stop, signal.SIG_IGN)
        except Stopped:  # one came as they were being ignored: _stopping ignored them all first
            pass
        kill_all()
    _exit_as(status if status is not None else 9)  # stopped: as if killed by SIGKILL, as before the warden


if __name__ == "__main__":
    main(sys.argv[1:])
