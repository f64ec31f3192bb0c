"""Python 2 code (LeetCode's old "Python" language) is told what to change, on the page and by the check.

Both paths word a load's or a run's error with ``untrusted.describe_exception``: the page's worker
through the sandbox's runner and the checker's ops (``tests/in_process.py``, called here), the check command in its child (run as a user runs it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT
from in_process import Page
from snakes_ladders.runner.python2 import DIVISION, PYTHON_2

BOARD = [[-1, -1, -1], [-1, 9, 8], [-1, 8, 9]]
TEMPLATE = '''class Solution(object):
    def snakesAndLadders(self, board):
        """
        :type board: List[List[int]]
        :rtype: int
        """
        n = len(board)
        {body}
        return -1
'''
PRINT_STATEMENT = "SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?"


def load(source: str) -> dict[str, object]:
    """What the page's checker makes of the sandbox's load (the ``loaded`` op)."""
    return dict(Page(source).loaded)


def run(source: str) -> dict[str, object]:
    """The outcome the page's checker holds for one run on ``BOARD`` (the ``judge`` op)."""
    page = Page(source)
    assert page.loaded["loaded"], page.loaded
    return dict(page.judge(BOARD)["outcome"])


# name -> (the body, what the load says, its line)
AT_LOAD = {
    "print-statement": ("print n", f"{PRINT_STATEMENT} — {PYTHON_2}", 8),
    "exec-statement": (
        "exec 'n = 2'",
        f"SyntaxError: Missing parentheses in call to 'exec'. Did you mean exec(...)? — {PYTHON_2}",
        8,
    ),
    "except-comma": (
        "try:\n            pass\n        except ValueError, e:\n            pass",
        f"SyntaxError: multiple exception types must be parenthesized — {PYTHON_2}",
        10,
    ),
}


@pytest.mark.parametrize(("body", "error", "line"), AT_LOAD.values(), ids=AT_LOAD.keys())
def test_the_page_says_a_load_is_python_2(body: str, error: str, line: int) -> None:
    reply = load(TEMPLATE.format(body=body))
    assert (reply["loaded"], reply["error"], reply["line"]) == (False, error, line)


# name -> (the body, the run's error)
AT_RUN = {
    "xrange": ("for i in xrange(n): pass", f"NameError: name 'xrange' is not defined — {PYTHON_2}"),
    "raw_input": ("raw_input()", f"NameError: name 'raw_input' is not defined — {PYTHON_2}, input for raw_input"),
    "unicode": ("unicode(n)", f"NameError: name 'unicode' is not defined — {PYTHON_2}, str for unicode"),
    "iteritems": (
        "{}.iteritems()",
        f"AttributeError: 'dict' object has no attribute 'iteritems' — {PYTHON_2}, items() for iteritems()",
    ),
    "division": ("board[n / 2]", f"TypeError: list indices must be integers or slices, not float — {DIVISION}"),
}


@pytest.mark.parametrize(("body", "error"), AT_RUN.values(), ids=AT_RUN.keys())
def test_the_page_says_a_run_is_python_2(body: str, error: str) -> None:
    reply = run(TEMPLATE.format(body=body))
    assert (reply["error"], reply["line"]) == (error, 8)


def test_other_errors_get_no_python_2_advice() -> None:
    assert str(load("x = = 1\n")["error"]).startswith("SyntaxError: invalid syntax")
    assert "Python 2" not in str(load("x = = 1\n")["error"])
    assert run(TEMPLATE.format(body="xrangeish"))["error"] == "NameError: name 'xrangeish' is not defined"
    subclass = "class Odd(NameError):\n    pass\n" + TEMPLATE.format(body="raise Odd(name='xrange')")
    assert run(subclass)["error"] == "Odd"


def test_the_check_command_says_a_file_is_python_2(tmp_path: Path) -> None:
    solution = tmp_path / "python2.py"
    solution.write_text(TEMPLATE.format(body="print n"))
    path = os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "snakes_ladders", "check", str(solution)]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": path}, timeout=60)
    message = f"line 8: {PRINT_STATEMENT} — {PYTHON_2}"
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"snakes_ladders check: {solution}: {message}\n")
    solution.write_text(TEMPLATE.format(body="for i in xrange(n): pass"))
    done = subprocess.run(
        [*command, "--boards", "1"], capture_output=True, text=True, env={**os.environ, "PYTHONPATH": path}, timeout=60
    )
    assert f"error: line 8: NameError: name 'xrange' is not defined — {PYTHON_2}" in done.stdout.splitlines()
