"""The check command contains what a solution does: the processes it starts and the memory it takes.

Each test runs ``python -m snakes_ladders check`` as a user runs it.  What the solution leaves
running is watched through its pid (a pidfd, readable when the process ends: waited on, never
slept on); a test that finds it alive kills it before failing.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT
from practice_solutions import BFS
from snakes_ladders.cli.containment import MEMORY_MIN, parse_memory, size_text
from snakes_ladders.practice import battery

ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))}
COMMAND = [sys.executable, "-m", "snakes_ladders", "check"]
#: Enough address space for the interpreter and the package (about 30 MB measured) and little more.
SMALL_MEMORY = "300M"

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a child subreaper is Linux's")


def check(solution: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, str(solution), *args], capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=120
    )


def daemon(pid_path: Path, leave: str = "os.setsid()") -> str:
    """A solution that starts a daemon on each board (a double fork and ``leave``: ``os.setsid()``, as daemons
    do, or ``os.setpgid(0, 0)``, a process group of its own) which writes its pid to ``pid_path`` and waits
    for a signal; the solution then answers wrongly, or waits."""
    return (
        "import os, signal\n"
        "def snakesAndLadders(board):\n"
        "    if os.fork() == 0:\n"
        f"        {leave}\n"
        "        if os.fork() == 0:\n"
        f"            with open({str(pid_path)!r}, 'a') as out:\n"
        "                out.write(f'{os.getpid()}\\n')\n"
        "            signal.pause()\n"
        "        os._exit(0)\n"
        "    os.wait()\n"
        "    if os.environ.get('WAIT_ON_THE_BOARD'):\n"
        "        signal.pause()\n"
        "    return -5\n"
    )


def running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie, ended but not yet reaped, has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def ended(pid: int, seconds: float = 10) -> bool:
    """Whether process ``pid`` has ended, waiting at most ``seconds`` for it; kills it if it has not."""
    try:
        pidfd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        select.select([pidfd], [], [], seconds)  # readable once the process has ended
    finally:
        os.close(pidfd)
    if not running(pid):
        return True
    with contextlib.suppress(ProcessLookupError):  # left behind: a failure, and not left running
        os.kill(pid, signal.SIGKILL)
    return False


def pids(path: Path) -> list[int]:
    return [int(line) for line in path.read_text().split()]


@linux_only
@pytest.mark.parametrize("leave", ["os.setsid()", "os.setpgid(0, 0)"])
def test_a_daemon_the_solution_starts_ends_with_the_check(tmp_path: Path, leave: str) -> None:
    solution, pid_path = tmp_path / "daemon.py", tmp_path / "pids"
    solution.write_text(daemon(pid_path, leave))
    done = check(solution, "--boards", "2", "--timeout", "10")
    assert done.returncode == 1 and done.stdout.endswith("0 of 2 boards passed\n"), done.stderr
    started = pids(pid_path)
    assert len(started) >= 2  # one a board at least, and more while shrinking
    assert [pid for pid in started if not ended(pid)] == []


def wait_for_line(path: Path, process: subprocess.Popen[str], seconds: float = 60) -> None:
    """Wait until ``path`` (a FIFO) has a line written to it, or ``process`` has ended; at most ``seconds``."""
    reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        ready, _, _ = select.select([reader], [], [], seconds)
        assert ready and process.poll() is None, process.poll()
    finally:
        os.close(reader)


@linux_only
@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=lambda s: s.name)
def test_a_daemon_ends_when_the_check_is_stopped(tmp_path: Path, how: signal.Signals) -> None:
    """Ctrl-C, a plain kill, even SIGKILL (the warden hears the check die): the daemon ends with it."""
    solution, pid_path, fifo = tmp_path / "daemon.py", tmp_path / "pids", tmp_path / "started"
    source = daemon(pid_path).replace(
        "            signal.pause()\n",
        f"            open({str(fifo)!r}, 'w').write('x\\n')\n            signal.pause()\n",
    )
    solution.write_text(source)
    os.mkfifo(fifo)
    env = {**ENV, "WAIT_ON_THE_BOARD": "1"}
    # A terminal's Ctrl-C: the check starts with SIGINT at its default, though this test's own process may
    # have been started with it ignored (by a shell's background job, which the ignoring passes to every
    # child). A handled signal is reset to the default across exec; an ignored one would stay ignored.
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = subprocess.Popen(
            [*COMMAND, str(solution), "--timeout", "600"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
    finally:
        signal.signal(signal.SIGINT, inherited)
    try:
        wait_for_line(fifo, process)  # the daemon has written its pid
        process.send_signal(how)
        _, stderr = process.communicate(timeout=60)
    finally:  # a check that did not stop is a failure, never a wait of 600 s a board
        if process.poll() is None:
            process.kill()
            process.communicate()
    started = pids(pid_path)
    assert len(started) == 1 and ended(started[0])
    if how == signal.SIGINT:
        assert (process.returncode, stderr) == (130, f"snakes_ladders check: {solution}: stopped (interrupted)\n")


def test_a_board_that_runs_out_of_memory_says_so_and_the_check_goes_on(tmp_path: Path) -> None:
    """Even boards take without end (bytes(): untouched zero pages, quick to take); odd boards are answered
    right: those still pass.  A time limit a busy machine cannot reach: this is about memory."""
    solution = tmp_path / "hog.py"
    source = BFS.replace(
        "        n = len(board)\n",
        "        n = len(board)\n        hoard = []\n        while n % 2 == 0:\n            hoard.append(bytes(16 << 20))\n",
    )
    solution.write_text(source)
    done = check(solution, "--boards", "6", "--memory", SMALL_MEMORY, "--timeout", "20")
    odd = sum(case.n % 2 for case in battery(6, 0))
    assert 0 < odd < 6
    assert done.returncode == 1 and done.stderr == "", done.stderr
    line = source.splitlines().index("            hoard.append(bytes(16 << 20))") + 1
    assert (
        f"error: line {line}: ran out of memory: the check caps a solution at 300 MiB (--memory)"
        in done.stdout.splitlines()
    )
    assert done.stdout.endswith(f"\n{odd} of 6 boards passed\n"), done.stdout


def test_memory_taken_at_import_says_so(tmp_path: Path) -> None:
    solution = tmp_path / "hog.py"
    solution.write_text("hoard = bytearray(8 << 30)\n" + BFS)
    done = check(solution, "--boards", "1")
    message = "line 1: ran out of memory: the check caps a solution at 2 GiB (--memory)"
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"snakes_ladders check: {solution}: {message}\n")


def test_a_small_cap_still_runs_a_right_solution(tmp_path: Path) -> None:
    solution = tmp_path / "bfs.py"
    solution.write_text(BFS)
    done = check(solution, "--boards", "3", "--memory", size_text(MEMORY_MIN).replace(" MiB", "M"), "--timeout", "20")
    assert (done.returncode, done.stdout, done.stderr) == (0, "All 3 boards passed\n", "")


@pytest.mark.parametrize(
    ("text", "size"),
    [("2G", 2 << 30), ("512M", 512 << 20), ("1.5GiB", 3 << 29), ("4 gb", 4 << 30), ("300000000", 300_000_000)],
)
def test_memory_sizes_are_read_in_binary_units(text: str, size: int) -> None:
    assert parse_memory(text) == size


@pytest.mark.parametrize("value", ["lots", "10", "2X", "-1G", "2T", "1" * 50])
def test_a_bad_memory_size_is_refused_naming_the_flag_and_the_value(tmp_path: Path, value: str) -> None:
    done = check(tmp_path / "unread.py", f"--memory={value}")
    shown = value if len(value) <= 40 else value[:40] + "…"
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.endswith(
        f"error: --memory must be a size from 64 MiB to 1 TiB such as 512M or 4G, not {shown!r}\n"
    ), done.stderr
