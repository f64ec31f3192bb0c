"""The documentation's examples are run, so the docs cannot drift from the package.

The Python and command-line examples live in docs/api.md; the README links to every docs/ page.
"""

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
API_DOC = ROOT / "docs" / "api.md"


def test_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", API_DOC.read_text(), flags=re.S)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "docs/api.md", str(API_DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 5
    assert result.failed == 0


def _console_blocks() -> list[str]:
    return re.findall(r"```console\n(.*?)```", API_DOC.read_text(), flags=re.S)


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
    assert checked == 4


def test_the_readme_links_every_docs_page_and_the_links_resolve() -> None:
    readme = README.read_text()
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{page.name})" in readme, f"README does not link docs/{page.name}"
    for document in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#:]+)\)", document.read_text()):
            assert (document.parent / target).exists(), f"{document.name} links {target}, which does not exist"


def test_the_readmes_check_line_runs_as_written_from_the_repository_root(tmp_path: Path) -> None:
    """The README's shell line for check, run as it stands from the repository's root with no
    PYTHONPATH of the caller's (it once left out PYTHONPATH=py: 'No module named snakes_ladders')."""
    from practice_solutions import BFS

    (line,) = re.findall(r"`([^`]*snakes_ladders check my_solution\.py)`", README.read_text().replace("\n  ", " "))
    (tmp_path / "my_solution.py").write_text(BFS, encoding="utf-8")
    command = line.replace("my_solution.py", str(tmp_path / "my_solution.py")).replace("python3", sys.executable, 1)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    run = subprocess.run(command, shell=True, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().endswith("boards passed"), run.stdout
