"""The unit tests need no browser: ``pytest -m "not e2e"`` collects where Playwright is not installed.

Each run is a pytest in a subprocess whose ``playwright`` cannot be imported (``sys.modules`` holds None
for it), collecting tests/ with every test file ignored but the conftests, so it takes a second or two:
what is checked is what happens at tests/e2e, whose conftest imports Playwright first thing.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WITHOUT_PLAYWRIGHT = (
    "import sys; sys.modules['playwright'] = None; import pytest; raise SystemExit(pytest.main(sys.argv[1:]))"
)


def collect(*options: str) -> subprocess.CompletedProcess[str]:
    """``pytest --collect-only tests`` without Playwright, the test files left out (the conftests stay)."""
    command = [sys.executable, "-c", WITHOUT_PLAYWRIGHT, "--collect-only", "-q", "-p", "no:cacheprovider"]
    command += ["--ignore-glob=*/test_*.py", *options, "tests"]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)


def test_deselecting_the_browser_tests_leaves_them_out_without_playwright() -> None:
    run = collect("-m", "not e2e")
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "tests/conftest.py::conftest.deselects" in run.stdout  # the unit tests' own conftest is collected
    assert "e2e" not in run.stdout.replace("not e2e", "")


def test_selecting_the_browser_tests_without_playwright_fails_loudly() -> None:
    run = collect()  # as ./test.sh's browser run does: every test, the e2e ones included
    assert run.returncode != 0
    assert "ERROR tests/e2e - ModuleNotFoundError: No module named 'playwright.sync_api'" in run.stdout
