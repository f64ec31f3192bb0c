"""The package's code stays in readable pieces: no function over 60 lines, and no module over
400 lines unless its docstring says why ("over 400 lines because ...").

A function's length counts from its ``def`` line (decorators excluded) to its last line,
docstring and blank lines included.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "py" / "snakes_ladders"
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
