"""The command line as a Unix tool: closed or endless input, bad bytes, full disks and closed pipes.

Each case runs ``python -m snakes_ladders`` in a child process: exit status 2
and exactly one line on standard error (no traceback), or a quiet exit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import EXAMPLE_1_FILE, ROOT
from snakes_ladders.cli.commands import EXIT_BROKEN_PIPE, MAX_INPUT_CHARS

EXAMPLE_1 = str(EXAMPLE_1_FILE)
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
COMMAND = [sys.executable, "-m", "snakes_ladders"]


def cli(*args: str, stdin: object = subprocess.DEVNULL, stdout: object = subprocess.PIPE) -> tuple[int, bytes, str]:
    done = subprocess.run([*COMMAND, *args], stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, env=ENV, timeout=120)
    return done.returncode, done.stdout or b"", done.stderr.decode()


def one_line(stderr: str) -> str:
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    assert "Traceback" not in stderr
    return stderr[:-1]


def test_closed_stdin() -> None:
    done = subprocess.run(
        ["sh", "-c", '"$0" -m snakes_ladders solve - <&-', sys.executable], capture_output=True, env=ENV, timeout=60
    )
    assert done.returncode == 2
    assert one_line(done.stderr.decode()) == "snakes_ladders: <stdin>: cannot read standard input: it is closed"


@pytest.mark.parametrize(
    ("data", "offset", "reason"),
    [
        (b"\xff[[-1,-1],[-1,3]]", 0, "invalid start byte"),
        (b"[[-1,-1],\n[-1,3\xc3\x28]]", 15, "invalid continuation byte"),
        (b"[[-1,-1],[-1,3]]" + b" " * 70_000 + b"\xe2\x82", 70_016, "unexpected end of data"),
    ],
    ids=["first-byte", "second-line", "cut-after-a-block"],
)
def test_not_utf8_names_the_byte_offset(data: bytes, offset: int, reason: str, tmp_path: Path) -> None:
    for source in ("-", "file"):
        path = tmp_path / "board.json"
        path.write_bytes(data)
        with path.open("rb") as stream:
            status, out, err = cli("moves", "-" if source == "-" else str(path), stdin=stream)
        name = "<stdin>" if source == "-" else str(path)
        assert (status, out) == (2, b"")
        assert one_line(err) == f"snakes_ladders: {name}: not UTF-8 text: {reason} at byte offset {offset:,}"


def test_endless_input_stops_at_the_limit() -> None:
    with open("/dev/zero", "rb") as zero:
        status, out, err = cli("solve", "-", stdin=zero)
    assert (status, out) == (2, b"")
    assert one_line(err) == (
        f"snakes_ladders: <stdin>: the input is longer than {MAX_INPUT_CHARS:,} characters, the most a 1000×1000 "
        "board takes; stopped reading there"
    )


def test_input_at_the_limit_is_read(tmp_path: Path) -> None:
    text = "[[-1, -1], [-1, 3]]"
    path = tmp_path / "board.json"
    path.write_text(text + " " * (MAX_INPUT_CHARS - len(text)))
    assert cli("moves", str(path))[:2] == (0, b"1\n")
    path.write_text(text + " " * (MAX_INPUT_CHARS - len(text) + 1))
    status, _, err = cli("moves", str(path))
    assert status == 2 and "stopped reading there" in one_line(err)


def test_full_disk() -> None:
    with open("/dev/full", "wb") as full:
        status, _, err = cli("solve", EXAMPLE_1, stdout=full)
    assert status == 2
    assert one_line(err) == "snakes_ladders: <stdout>: cannot write the output: No space left on device"


def test_closed_pipe_is_quiet(tmp_path: Path) -> None:
    board = tmp_path / "board.json"
    board.write_text(json.dumps([[-1] * 300 for _ in range(300)]))  # 1.7 MB of output
    child = subprocess.Popen([*COMMAND, "solve", str(board)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # the reader is gone before the answer is written
    err = child.stderr.read()
    assert child.wait(timeout=120) == EXIT_BROKEN_PIPE
    assert err == b""


def test_head_reads_the_start_quietly(tmp_path: Path) -> None:
    board = tmp_path / "board.json"
    board.write_text(json.dumps([[-1] * 300 for _ in range(300)]))
    script = '"$0" -m snakes_ladders solve "$1" | head -c 10; echo " ${PIPESTATUS[0]}" >&2'
    done = subprocess.run(["bash", "-c", script, sys.executable, str(board)], capture_output=True, env=ENV, timeout=120)
    assert done.stdout == b'{"n": 300,'
    assert done.stderr.decode().strip() in {"0", str(EXIT_BROKEN_PIPE)}  # nothing else: no traceback


@pytest.mark.parametrize("indent", ["-1", "9", "100000000000000000000000000000000000000000", "two"])
def test_indent_is_range_checked(indent: str) -> None:
    status, out, err = cli("solve", EXAMPLE_1, "--indent", indent)
    assert (status, out) == (2, b"")
    assert "Traceback" not in err
    last = err.splitlines()[-1]
    assert last.startswith("python -m snakes_ladders solve: error: argument --indent: ")
    assert len(last) < 160
    assert "must be a whole number from 0 to 8" in last or "expected a whole number" in last


@pytest.mark.parametrize("indent", ["0", "8"])
def test_indent_limits_are_allowed(indent: str) -> None:
    status, out, _ = cli("solve", EXAMPLE_1, "--indent", indent)
    assert status == 0 and json.loads(out)["moves"] == 4


def test_a_huge_seed_is_clipped() -> None:
    status, _, err = cli("play", EXAMPLE_1, "--seed", "9" * 5000)
    assert status == 2
    assert err.splitlines()[-1] == (
        "python -m snakes_ladders play: error: argument --seed: the number 99999999999999999999… (5,000 digits) "
        "is too long"
    )


@pytest.mark.parametrize(
    "text", ["\ufeff[[-1,-1],[-1,3]]", '\ufeff{"board": [[-1,-1],[-1,3]]}'], ids=["matrix", "fixture"]
)
def test_byte_order_mark_is_accepted(text: str, tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    path.write_text(text, encoding="utf-8")
    with path.open("rb") as stream:
        assert cli("moves", "-", stdin=stream)[:2] == (0, b"1\n")
    assert cli("moves", str(path))[:2] == (0, b"1\n")
