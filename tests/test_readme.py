"""The README's examples are run, so the README cannot drift from the package."""

from __future__ import annotations

import doctest
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def test_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "README", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 5
    assert result.failed == 0


def _console_blocks() -> list[str]:
    return re.findall(r"```console\n(.*?)```", README.read_text(), flags=re.S)


def test_cli_examples_match() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    (block,) = _console_blocks()
    lines = block.splitlines()
    checked = 0
    for index, line in enumerate(lines):
        if not line.startswith("$ ") or "echo $?" in line:
            continue
        command = line[2:].split("  #")[0].replace("python3", sys.executable, 1)
        run = subprocess.run(command, shell=True, cwd=ROOT, env=env, capture_output=True, text=True)
        expected = lines[index + 1]
        if expected.startswith("snakes_ladders:"):
            assert run.returncode == 2
            assert run.stderr.strip() == expected
        elif expected.startswith("{"):
            shown = json.loads(expected.replace('"steps": [...], ...', '"steps": []'))
            actual = json.loads(run.stdout)
            for key in ("n", "moves", "reachable", "path"):
                assert actual[key] == shown[key], key
        else:
            assert run.stdout.strip() == expected
        checked += 1
    assert checked == 3
