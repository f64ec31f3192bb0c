"""The check command's report shows what a solution controls without obeying it.

A solution's printed output and exception text may hold escape sequences that move the cursor,
erase lines or hide text, and bidirectional overrides: the report (text, ``--json`` and the one
line on standard error) shows each as a visible escape (``practice.shown``), so the report's last
line is always the true verdict.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from helpers import ROOT
from snakes_ladders.practice.shown import UNSHOWN

ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))}
HIDING = "\\x1b[1A\\x1b[2K" * 80 + "All 40 boards passed\\x1b[8m"
SOLUTION = (
    "def snakesAndLadders(board):\n"
    f"    print('{HIDING}')\n"
    "    if len(board) % 2:\n"
    "        raise ValueError('\\x9b2J\\u202eevil\\x07')\n"
    "    return -5\n"
)


def check(solution: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "snakes_ladders", "check", str(solution), *args]
    return subprocess.run(command, capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=120)


def test_printed_escapes_cannot_hide_the_verdict(tmp_path: Path) -> None:
    solution = tmp_path / "hiding.py"
    solution.write_text(SOLUTION)
    done = check(solution, "--boards", "2")
    assert done.returncode == 1 and done.stderr == "", done.stderr
    assert UNSHOWN.search(done.stdout.replace("\t", "")) is None  # no raw ESC, CSI or override
    assert done.stdout.endswith("\n0 of 2 boards passed\n"), done.stdout[-300:]
    assert "printed:\n" + "\\x1b[1A\\x1b[2K" * 80 + "All 40 boards passed\\x1b[8m\n" in done.stdout


def test_exception_text_is_escaped_in_the_report_and_in_json(tmp_path: Path) -> None:
    solution = tmp_path / "hiding.py"
    solution.write_text(SOLUTION.replace("len(board) % 2", "True"))
    done = check(solution, "--boards", "1")
    assert "error: line 4: ValueError: \\x9b2J\\u202eevil\\x07" in done.stdout.splitlines(), done.stdout
    assert UNSHOWN.search(done.stdout) is None
    done = check(solution, "--boards", "1", "--json")
    assert UNSHOWN.search(done.stdout) is None and done.stdout.count("\n") == 1
    failure = json.loads(done.stdout)["failures"][0]
    assert failure["error"] == "ValueError: \x9b2J\u202eevil\x07"  # the text itself, once parsed
    assert failure["output"] == HIDING.encode().decode("unicode_escape") + "\n"


def test_a_load_error_is_escaped_on_standard_error(tmp_path: Path) -> None:
    solution = tmp_path / "hiding.py"
    solution.write_text("raise ValueError('\\x1b[2K\\x1b[1A\\u2066ok')\n")
    done = check(solution)
    message = "line 1: ValueError: \\x1b[2K\\x1b[1A\\u2066ok"
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"snakes_ladders check: {solution}: {message}\n")
