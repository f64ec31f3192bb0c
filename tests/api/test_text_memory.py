"""Memory bounded by the input: 30 MB adversarial requests under a memory cap get a clean answer.

Each case runs in a child process whose address space is capped at its size
after start-up plus ``HEADROOM``, first through ``api.handle`` and then, for
text, through the command line.  The reply must be a clean error of the
expected kind (or an answer), never MemoryError or an internal error.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

MB = 1 << 20
HEADROOM = 320 * MB

# Each case builds its request inside the capped child: the text is the input the cap is measured against.
CASES = {
    "many-objects-in-board": (
        '"{\\"version\\": 1, \\"op\\": \\"solve\\", \\"board\\": [[" + "{}," * 10_000_000 + "{}]]}"',
        "request",
        "the request holds 10,000,009 values; the limit is 1,002,001",
    ),
    "many-numbers-in-an-extra-field": (
        '"{\\"version\\": 1, \\"op\\": \\"min_moves\\", \\"board\\": [[-1, -1], [-1, 3]], "'
        ' + "\\"x\\": [" + "1.5," * 7_000_000 + "1]}"',
        "request",
        "the request holds 7,000,016 values",
    ),
    "escaped-quotes-in-board-text": (
        'json.dumps({"version": 1, "op": "validate", "board_text": "\\"" + "\\\\\\"" * 7_500_000})',
        "json",
        "the board text is not valid JSON: Unterminated string starting at line 1, column 1",
    ),
    "escaped-quotes-in-the-request": (
        '"{\\"version\\": 1, \\"op\\": \\"solve\\", \\"board\\": \\"" + "\\\\\\"" * 15_000_000',
        "request",
        "the request is not JSON: Unterminated string starting at line 1, column 40",
    ),
    "deep-brackets": ('"[" * 30_000_000', "request", "nested 30000000 deep"),
    "wide-characters-in-board-text": (
        '"{\\"version\\": 1, \\"op\\": \\"validate\\", "'
        ' + "\\"board_text\\": \\"\\\\ud83d\\\\ude00" + "a" * 30_000_000 + "\\"}"',
        "board",
        "the board text is 30,000,001 characters: too long for a board of at most 1000×1000",
    ),
    "many-values-in-board-text": (
        'json.dumps({"version": 1, "op": "validate", "board_text": "[[" + "1.5," * 3_900_000 + "1]]"})',
        "board",
        "the board text holds 3,900,003 values: a board of at most 1000×1000 holds no more than 1,001,001",
    ),
    "long-string-in-board-text": (
        'json.dumps({"version": 1, "op": "validate", '
        '"board_text": "[[\\"" + "a" * 16_000_000 + "\\", -1], [-1, -1]]"})',
        "board",
        'square 4 (row 0, column 0): expected an integer, got "' + "a" * 36 + "... (a string)",
    ),
}

DRIVER = """
import json, resource, sys
status = dict(line.split(":", 1) for line in open("/proc/self/status") if line.startswith("Vm"))
size = int(status["VmSize"].split()[0]) * 1024
resource.setrlimit(resource.RLIMIT_AS, (size + {headroom}, size + {headroom}))
from snakes_ladders import api
request = {build}
reply = json.loads(api.handle(request))
del request
print(json.dumps(reply["error"] if not reply["ok"] else {{"kind": "ok"}}))
"""


def run_capped(build: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    code = DRIVER.format(headroom=HEADROOM, build=build)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize(("build", "kind", "message"), CASES.values(), ids=CASES.keys())
def test_api_answers_adversarial_requests_within_the_cap(build: str, kind: str, message: str) -> None:
    error = run_capped(build)
    assert error["kind"] == kind, error
    assert message in error["message"], error


CLI_CASES = {
    "30-MB-of-objects": (
        "[[" + "{}," * 10_000_000 + "{}]]",
        "the input is longer than 16,065,536 characters, the most a 1000×1000 board takes; stopped reading there",
    ),
    "15-MB-of-objects": ("[[" + "{}," * 5_000_000 + "{}]]", "the board text holds 5,000,003 values"),
    "15-MB-fixture-of-objects": ('{"board": [[' + "{}," * 5_000_000 + "{}]]}", "the board text holds 5,000,005 values"),
    "15-MB-of-escaped-quotes": (
        '"' + '\\"' * 7_500_000,
        "the board text is not valid JSON: Unterminated string starting at line 1, column 1",
    ),
}

CLI_DRIVER = """
import resource, runpy, sys
status = dict(line.split(":", 1) for line in open("/proc/self/status") if line.startswith("Vm"))
size = int(status["VmSize"].split()[0]) * 1024
resource.setrlimit(resource.RLIMIT_AS, (size + {headroom}, size + {headroom}))
sys.argv = ["snakes_ladders", "validate", sys.argv[1]]
runpy.run_module("snakes_ladders", run_name="__main__")
"""


@pytest.mark.parametrize(("text", "message"), CLI_CASES.values(), ids=CLI_CASES.keys())
def test_cli_answers_adversarial_files_within_the_cap(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    path.write_text(text, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    code = CLI_DRIVER.format(headroom=HEADROOM)
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, env=env, timeout=300, check=False
    )
    assert done.returncode == 2, done.stderr.decode()[-2000:]
    assert done.stdout == b""
    line = done.stderr.decode()
    assert line.count("\n") == 1 and line.endswith("\n"), line[-2000:]
    assert line.startswith(f"snakes_ladders: {path}: {message}"), line
