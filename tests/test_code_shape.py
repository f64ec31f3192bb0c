"""The package's code stays in readable pieces: no function over 60 lines, no module over
400 lines unless its docstring says why ("over 400 lines because ..."), and no block of six or
more lines repeated in py/ or web/ (jscpd, configured by .jscpd.json and run by test.sh).

A function's length counts from its ``def`` line (decorators excluded) to its last line,
docstring and blank lines included.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "snakes_ladders"
MAX_FUNCTION_LINES = 60
MAX_MODULE_LINES = 400
REASON = "over 400 lines"


def shape_problems(source: str, name: str) -> list[str]:
    """What is wrong with the shape of one module's ``source`` (``name`` for the messages)."""
    tree = ast.parse(source)
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                problems.append(f"{name}:{node.lineno} {node.name} is {length} lines (at most {MAX_FUNCTION_LINES})")
    lines = len(source.splitlines())
    if lines > MAX_MODULE_LINES and REASON not in (ast.get_docstring(tree) or "").lower():
        problems.append(f"{name} is {lines} lines and its docstring does not say why it is {REASON}")
    return problems


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(PACKAGE)) for p in MODULES])
def test_module_shape(path: Path) -> None:
    assert shape_problems(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE))) == []


def _function(lines: int) -> str:
    """A function of exactly ``lines`` lines."""
    return "def f():\n" + "    x = 1\n" * (lines - 1)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (_function(60), []),
        (_function(61), ["m.py:1 f is 61 lines (at most 60)"]),
        ("class C:\n    " + _function(70).replace("\n", "\n    "), ["m.py:2 f is 70 lines (at most 60)"]),
        ("x = 1\n" * 400, []),
        ("x = 1\n" * 401, ["m.py is 401 lines and its docstring does not say why it is over 400 lines"]),
        ('"""Long.\n\n(Over 400 lines because it must be.)\n"""\n' + "x = 1\n" * 401, []),
        (
            '"""Long, and says nothing about it."""\n' + "x = 1\n" * 401,
            ["m.py is 402 lines and its docstring does not say why it is over 400 lines"],
        ),
    ],
    ids=["60-lines", "61-lines", "method", "400-lines", "401-lines", "with-reason", "without-reason"],
)
def test_the_checker_catches_long_functions_and_modules(source: str, expected: list[str]) -> None:
    assert shape_problems(source, "m.py") == expected


# The copy/paste gate: jscpd (pinned in package.json) with the repository's .jscpd.json.
JSCPD = Path(os.environ.get("JSCPD", ROOT / "node_modules" / ".bin" / "jscpd"))


@pytest.fixture
def needs_jscpd() -> None:
    """./test.sh installs jscpd (npm ci) before the tests: a missing one fails here, it is never skipped."""
    assert JSCPD.exists(), f"jscpd is not installed at {JSCPD}: run npm ci (./test.sh does)"


# Six lines of Python and six of JavaScript, dense enough for the token threshold.
PY_BLOCK = [
    "def planted(first, second, third):",
    "    total = first + second * 3 - third",
    "    if total > 10 and second < first:",
    "        total -= len(str(second)) + third",
    "    values = [total, first, second, third]",
    "    return sorted(values)[1] + min(values)",
]
JS_BLOCK = [
    "export function planted(first, second, third) {",
    "  let total = first + second * 3 - third;",
    "  if (total > 10 && second < first) total -= String(second).length + third;",
    "  const values = [total, first, second, third];",
    "  return values.sort((a, b) => a - b)[1] + Math.min(...values);",
    "}",
]


def jscpd_finds_clones(tmp_path: Path, files: dict[str, str]) -> bool:
    """Whether the gate fails on a tree of ``files`` (path: text) checked with the repository's .jscpd.json."""
    shutil.copy(ROOT / ".jscpd.json", tmp_path / ".jscpd.json")
    for folder in ("py", "web"):
        (tmp_path / folder).mkdir()
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    done = subprocess.run([str(JSCPD)], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert "Error" not in done.stderr, done.stderr
    assert done.returncode in (0, 1), done.stderr
    return done.returncode == 1


@pytest.mark.usefixtures("needs_jscpd")
@pytest.mark.parametrize(
    ("block", "a", "b"),
    [(PY_BLOCK, "py/a.py", "py/b.py"), (JS_BLOCK, "web/a.mjs", "web/b.mjs")],
    ids=["python", "javascript"],
)
@pytest.mark.parametrize("lines", [6, 5])
def test_the_gate_fails_on_six_repeated_lines_and_not_on_five(
    tmp_path: Path, block: list[str], a: str, b: str, lines: int
) -> None:
    planted = "\n".join(block[:lines]) + "\n"
    files = {a: "FIRST = 1\n\n\n" + planted, b: "SECOND = [2, 3]\n\n\n" + planted}
    assert jscpd_finds_clones(tmp_path, files) == (lines == 6)


@pytest.mark.usefixtures("needs_jscpd")
def test_py_and_web_repeat_no_block() -> None:
    done = subprocess.run([str(JSCPD)], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
