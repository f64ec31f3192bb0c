"""Hostile solutions: whatever a solution returns, raises, prints or does, the board fails with a plain reason.

The page's flow (the sandbox's runner, then the engine's checks: ``in_process.Page``) runs in this process; ``python -m snakes_ladders check``
is run as a user runs it, one hostile file each.  No reply may be a traceback, no run may abort, and
nothing a solution forks may outlive the check.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT
from in_process import Page
from practice_solutions import BFS
from snakes_ladders.practice.frames import MAX_FRAME, OUTCOME, Malformed, parse
from snakes_ladders.runner.untrusted import describe_value, digits

BOARD = [[-1, -1, -1], [-1, 9, 8], [-1, 8, 9]]  # 3×3: two moves
MAX_INPUT_CHARS = 16_065_536


def run_on_page(source: str) -> dict[str, object]:
    """Load ``source`` and run it on ``BOARD`` through the worker's JSON boundary; the run's reply."""
    page = Page(source)
    assert page.loaded["loaded"], page.loaded
    return dict(page.judge(BOARD)["outcome"])


def returns(expression: str, before: str = "") -> str:
    return f"{before}\ndef snakesAndLadders(board):\n    return {expression}\n"


def raises(expression: str, before: str = "") -> str:
    return f"{before}\ndef snakesAndLadders(board):\n    raise {expression}\n"


HOSTILE_CLASS = """
class Hostile:
    def __eq__(self, other):
        raise ValueError("__eq__")
    def __repr__(self):
        return repr(self)  # never ends: a RecursionError
    __str__ = __int__ = __index__ = __hash__ = __bool__ = __len__ = __iter__ = __repr__
"""
STR_SUBCLASS = "class Text(str):\n    def __repr__(self):\n        raise ValueError('no')\n    __len__ = __repr__\n"
INT_SUBCLASS = "class Two(int):\n    def __eq__(self, other):\n        return True\n    __repr__ = __str__ = None\n"
BAD_STR = "class Bad(Exception):\n    def __str__(self):\n        raise ValueError('no')\n"
LOOPING_STR = "class Looping(Exception):\n    def __str__(self):\n        return str(self)\n"

# name -> (source, the reply's shown, the reply's error)
VALUES = {
    "huge-int": (returns("10**5000"), "an int with 5,001 digits", None),
    "huge-negative-int": (returns("-(10**5000)"), "an int with 5,001 digits", None),
    "enormous-int": (returns("1 << (1 << 20)"), "an int with about 315,653 digits", None),
    "float": (returns("2.0"), "2.0 (float), not an int", None),
    "bool": (returns("True"), "True (bool), not an int", None),
    "none": (returns("None"), "None (NoneType), not an int", None),
    "huge-list": (returns("[2] * 10**6"), "[2, 2, 2, 2, 2, 2, 2, 2, 2, 2, … 999,990 more] (list), not an int", None),
    "self-containing-list": (returns("(x := [], x.append(x), x)[2]"), "[[[<a list>]]] (list), not an int", None),
    "hostile-object": (returns("Hostile()", HOSTILE_CLASS), "an object of type Hostile, not an int", None),
    "str-subclass": (
        returns("Text('2')", STR_SUBCLASS),
        "an object of type Text (a subclass of str), not an int",
        None,
    ),
    "int-subclass-equal-to-all": (
        returns("Two(2)", INT_SUBCLASS),
        "an object of type Two (a subclass of int), not an int",
        None,
    ),
    "keyboard-interrupt": (raises("KeyboardInterrupt"), "an exception", "KeyboardInterrupt"),
    "system-exit": (raises("SystemExit(3)"), "an exception", "SystemExit: 3"),
    "generator-exit": (raises("GeneratorExit"), "an exception", "GeneratorExit"),
    "base-exception-subclass": (
        raises("Boom('x')", "class Boom(BaseException):\n    pass\n"),
        "an exception",
        "Boom: x",
    ),
    "str-raises": (raises("Bad()", BAD_STR), "an exception", "Bad: <str() of the exception failed: ValueError>"),
    "str-never-ends": (
        raises("Looping()", LOOPING_STR),
        "an exception",
        "Looping: <str() of the exception failed: RecursionError>",
    ),
    "huge-message": (raises("ValueError('x' * 10**7)"), "an exception", "ValueError: " + "x" * 200 + "… (cut off)"),
    "surrogate-message": (raises("ValueError('\\ud800')"), "an exception", "ValueError: \\ud800"),
}


@pytest.mark.parametrize(("source", "shown", "error"), VALUES.values(), ids=VALUES.keys())
def test_page_fails_the_board_with_a_plain_reason(source: str, shown: str, error: str | None) -> None:
    reply = run_on_page(source)
    assert reply["answer"] is None  # run_on_page checked the envelope: ok
    assert (reply["shown"], reply["error"]) == (shown, error)
    assert reply["line"] == (None if error is None else source.count("\n"))


def test_page_keeps_printed_surrogates_and_floods_bounded() -> None:
    reply = run_on_page("def snakesAndLadders(board):\n    print('\\ud800' * 5000)\n    return 2\n")
    assert reply["answer"] == 2 and reply["error"] is None
    output = str(reply["output"])
    assert output.startswith("\\ud800" * 10) and output.endswith("\n… (1001 more characters cut off)")
    assert output.count("\\ud800") == 4000 and output.encode("utf-8")


def test_page_replies_even_when_the_solution_breaks_the_checker(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solution runs in the worker's interpreter and can change our code: the reply is still plain JSON."""
    from snakes_ladders.runner import solution

    monkeypatch.setattr(solution, "describe_value", solution.describe_value)  # put back afterwards
    sabotage = "import sys\nsys.modules['snakes_ladders.runner.solution'].describe_value = None\n"
    reply = run_on_page(returns("2", sabotage))
    assert reply == {
        "answer": None,
        "shown": "no answer",
        "error": "could not be checked: TypeError",
        "line": None,
        "output": "",
        "reads": [],
        "reads_total": 0,
        "mutated": False,
    }


@pytest.mark.parametrize(
    ("source", "error", "line"),
    [
        ("x = 1\nraise KeyboardInterrupt\n", "KeyboardInterrupt", 2),
        ("raise SystemExit\n", "SystemExit", 1),
        (
            "class Meta(type):\n    def __getattr__(cls, name):\n        raise GeneratorExit\n"
            "class Solution(metaclass=Meta):\n    pass\n",
            "GeneratorExit",
            3,
        ),
    ],
    ids=["keyboard-interrupt", "system-exit", "metaclass-getattr"],
)
def test_page_reports_a_load_that_raises_anything(source: str, error: str, line: int) -> None:
    reply = Page(source).loaded
    assert (reply["loaded"], reply["error"], reply["line"]) == (False, error, line)


def test_a_bool_is_not_an_answer_and_answers_stay_exact_in_json() -> None:
    assert describe_value(True) == (None, "True (bool), not an int")
    assert describe_value(2**53) == (2**53, str(2**53))
    assert describe_value(2**53 + 1) == (None, str(2**53 + 1))  # a JS number would round it
    assert [digits(n) for n in (0, 9, 10, -99, 10**4999, 10**5000 - 1)] == [
        (1, True),
        (1, True),
        (2, True),
        (2, True),
        (5000, True),
        (5000, True),
    ]


@pytest.mark.perf
def test_describing_a_value_costs_the_same_whatever_its_size() -> None:
    """Bounded work: values a hundred times larger cost about the same to describe (a ratio of CPU times)."""

    def cost(size: int) -> float:
        values = ([7] * size, "y" * size, {n: n for n in range(size)}, {*range(size)}, 1 << (size * 100))
        start = time.process_time()
        for _ in range(200):
            for value in values:
                describe_value(value)
        return time.process_time() - start

    ratio = cost(10**6) / max(cost(10**4), 1e-6)
    assert ratio < 10, ratio


@pytest.mark.parametrize(
    "line",
    [
        b"junk\n",
        b'{"answer": 2, "shown": "2", "error": null, "line": null, "output": ""}\n',  # no token
        b"TOKEN " + b"[" * 100_000 + b"\n",
        b'TOKEN {"answer": ' + b"9" * 5000 + b', "shown": "", "error": null, "line": null, "output": ""}\n',
        b'TOKEN {"answer": true, "shown": "2", "error": null, "line": null, "output": ""}\n',
        b'TOKEN {"answer": 2, "shown": "2", "error": null, "line": null, "output": "", "more": 1}\n',
        b'TOKEN {"answer": 2, "shown": 2, "error": null, "line": null, "output": ""}\n',
        b'TOKEN {"answer": 2, "shown": "2", "error": null, "line": null, "output": "", "reads": [[0, 20]], '
        b'"reads_total": 1, "mutated": false}\n',
        b'TOKEN {"answer": 2, "shown": "2", "error": null, "line": null, "output": "", "reads": [[0, 1]], '
        b'"reads_total": -1, "mutated": false}\n',
        b'TOKEN {"answer": 2, "shown": "2", "error": null, "line": null, "output": "", "reads": '
        + b"[[0, 1], " * 10_000
        + b'[0, 1]], "reads_total": 10001, "mutated": false}\n',
        b'TOKEN {"answer": 2, "shown": "2", "error": null, "line": null, "output": "", "reads": [], '
        b'"reads_total": 0, "mutated": 0}\n',
        b"TOKEN \xff\n",
        b'TOKEN {"answer": 2, "shown": "' + b"x" * MAX_FRAME + b'", "error": null, "line": null, "output": ""}\n',
    ],
    ids=[
        "junk",
        "no-token",
        "nested",
        "long-number",
        "bool-answer",
        "extra-field",
        "wrong-type",
        "read-off-the-board",
        "negative-count",
        "too-many-reads",
        "mutated-not-a-bool",
        "not-ascii",
        "too-long",
    ],
)
def test_the_parent_takes_only_well_formed_frames(line: bytes) -> None:
    with pytest.raises(Malformed):
        parse(line, "TOKEN", OUTCOME)
    good = (
        b'TOKEN {"answer": 2, "shown": "2", "error": null, "line": null, "output": "\\ud800", '
        b'"reads": [[0, 1], [19, 0]], "reads_total": 3, "mutated": false}\n'
    )
    assert parse(good, "TOKEN", OUTCOME)["output"] == "\\ud800"


# --- the check command, one hostile file each --------------------------------------------------


def check(
    target: Path | str, *args: str, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "snakes_ladders", "check", str(target), *args]
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        errors="backslashreplace",
        env={**os.environ, "PYTHONPATH": path, **(env or {})},
        cwd=ROOT,
        timeout=timeout,
    )


FORGE = '{"answer": 4, "shown": "4", "error": null, "line": null, "output": ""}\\n'
WRITE_EVERYWHERE = f"""
import os
def snakesAndLadders(board):
    for fd in range(1, 64):
        try:
            os.write(fd, b'{FORGE}')
        except OSError:
            pass
    return 2
"""

# name -> (source, exit status, a line of standard output (or of standard error for status 2))
FILES = {
    "huge-int": (returns("10**5000"), 1, "your answer: an int with 5,001 digits"),
    "keyboard-interrupt": (raises("KeyboardInterrupt"), 1, "error: line 3: KeyboardInterrupt"),
    "generator-exit": (raises("GeneratorExit"), 1, "error: line 3: GeneratorExit"),
    "base-exception": (raises("Boom()", "class Boom(BaseException):\n    pass"), 1, "error: line 4: Boom"),
    "object-that-raises": (
        returns("Hostile()", HOSTILE_CLASS),
        1,
        "your answer: an object of type Hostile, not an int",
    ),
    "str-raises": (raises("Bad()", BAD_STR), 1, "error: line 6: Bad: <str() of the exception failed: ValueError>"),
    "surrogate-message": (raises("ValueError('\\udcff\\ud800')"), 1, "error: line 3: ValueError: \\udcff\\ud800"),
    "surrogate-output": (
        "def snakesAndLadders(board):\n    print('\\ud800')\n    return -5\n",
        1,
        "\\ud800",
    ),
    "exit-while-loading": ("import os\nos._exit(0)\n", 2, "the solution's process exited with status 0 while loading"),
    "exit-on-a-board": (
        "import os\ndef snakesAndLadders(board):\n    os._exit(3)\n",
        1,
        "error: the solution's process exited with status 3 while running this board",
    ),
    "killed-on-a-board": (
        "import os, signal\ndef snakesAndLadders(board):\n    os.kill(os.getpid(), signal.SIGKILL)\n",
        1,
        "error: the solution's process was killed by signal SIGKILL while running this board",
    ),
    "writes-to-every-descriptor": (
        WRITE_EVERYWHERE,
        1,
        'error: the solution wrote to the checker\'s channel (71 bytes: b\'{"answer": 4, "shown": "4", "error": nul\'…)'
        " while running this board",
    ),
}


@pytest.mark.parametrize(("source", "status", "line"), FILES.values(), ids=FILES.keys())
def test_check_reports_a_hostile_solution_plainly(tmp_path: Path, source: str, status: int, line: str) -> None:
    solution = tmp_path / "solution.py"
    solution.write_text(source, encoding="utf-8")
    done = check(solution, "--boards", "2", "--timeout", "5")
    assert "Traceback" not in done.stderr + done.stdout
    assert done.returncode == status, done.stderr
    if status == 2:
        assert done.stderr == f"snakes_ladders check: {solution}: {line}\n" and done.stdout == ""
    else:
        assert line in done.stdout.splitlines() and done.stdout.endswith("0 of 2 boards passed\n"), done.stdout


def test_check_writes_any_text_whatever_the_terminal_encoding(tmp_path: Path) -> None:
    solution = tmp_path / "solution.py"
    solution.write_text("def snakesAndLadders(board):\n    print('\\ud800 ×')\n    raise ValueError('\\udcff')\n")
    done = check(solution, "--boards", "1", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 1 and done.stderr == "", done.stderr
    assert done.stdout.isascii() and "error: line 3: ValueError: \\udcff" in done.stdout
    assert "printed:\n\\ud800 \\xd7\n" in done.stdout and "(numbering-even, 6\\xd76)" in done.stdout
    # it raises on every board: the smallest one, 2×2 and empty, is shown
    assert "smallest board that breaks it: 2\\xd72 (the board was 6\\xd76), after 1 run" in done.stdout
    assert "one shortest path: 1 \\u2192 4" in done.stdout


def _fifo(tmp_path: Path) -> Path:
    fifo = tmp_path / "solution.fifo"
    os.mkfifo(fifo)
    return fifo


def _not_utf8(tmp_path: Path) -> Path:
    path = tmp_path / "latin1.py"
    path.write_bytes("# café\n".encode("latin-1"))
    return path


# name -> (the file, the message after "snakes_ladders check: FILE: ")
UNREADABLE = {
    "dev-zero": (
        lambda _: Path("/dev/zero"),
        f"the input is longer than {MAX_INPUT_CHARS:,} characters, the most a 1000×1000 board takes; "
        "stopped reading there",
    ),
    "directory": (lambda tmp: tmp, "cannot read the file: Is a directory"),
    "missing": (lambda tmp: tmp / "missing.py", "cannot read the file: No such file or directory"),
    "fifo-without-writer": (_fifo, "nothing to read: a named pipe (FIFO) with no writer"),
    "not-utf8": (_not_utf8, "not UTF-8 text: invalid continuation byte at byte offset 5"),
}


@pytest.mark.parametrize(("make", "message"), UNREADABLE.values(), ids=UNREADABLE.keys())
def test_check_refuses_a_file_it_cannot_read(tmp_path: Path, make: object, message: str) -> None:
    target = make(tmp_path)  # type: ignore[operator]
    done = check(target, timeout=30)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"snakes_ladders check: {target}: {message}\n")


def test_check_reads_a_solution_from_a_pipe(tmp_path: Path) -> None:
    path = os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "snakes_ladders", "check", "-", "--boards", "3"],
        input=BFS,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "All 3 boards passed\n", "")


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a process that still runs (a zombie, killed but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_nothing_the_solution_forks_outlives_the_check(tmp_path: Path) -> None:
    marker, pid_file = tmp_path / "outlived", tmp_path / "pid"
    solution = tmp_path / "forks.py"
    solution.write_text(
        "import os, signal\n"
        "def snakesAndLadders(board):\n"
        "    pid = os.fork()\n"
        "    if pid == 0:\n"
        "        signal.pause()  # until a signal: only the checker's kill ends it\n"
        f"        open({str(marker)!r}, 'w').write('still running after the check')\n"
        "        os._exit(0)\n"
        f"    open({str(pid_file)!r}, 'w').write(str(pid))\n"
        "    return -1\n"
    )
    done = check(solution, "--boards", "1")
    assert done.returncode == 1, done.stderr
    grandchild = int(pid_file.read_text())
    try:  # wait for the grandchild to end (its pidfd turns readable), at most 10 s
        pidfd = os.pidfd_open(grandchild)
    except ProcessLookupError:
        pidfd = None  # already gone
    if pidfd is not None:
        try:
            select.select([pidfd], [], [], 10)
        finally:
            os.close(pidfd)
    outlived = _alive(grandchild)
    if outlived:  # a failure: do not leave it behind
        os.kill(grandchild, signal.SIGKILL)
    assert not outlived and not marker.exists()


def test_check_stops_reading_a_flooded_channel(tmp_path: Path) -> None:
    """A solution writing megabytes with no end of line to every descriptor: the parent keeps one frame's worth."""
    solution = tmp_path / "flood.py"
    solution.write_text(
        "import os\ndef snakesAndLadders(board):\n    for fd in range(3, 64):\n        try:\n"
        "            os.write(fd, b'x' * (3 << 20))\n        except OSError:\n            pass\n    return 2\n"
    )
    done = check(solution, "--boards", "1", "--timeout", "5")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    error = next(line for line in done.stdout.splitlines() if line.startswith("error: "))
    assert error.startswith("error: the solution wrote to the checker's channel (") and error.endswith(
        f" bytes and no end of line: b'{'x' * 40}'…) while running this board"
    )
    size = int(error.split("(")[1].split(" bytes")[0].replace(",", ""))
    assert MAX_FRAME < size <= MAX_FRAME + (1 << 16)
