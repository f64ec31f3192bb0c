"""The package's rooms import one way: the board at the bottom, the command line at the top.

board -> solver / chance / game -> practice / generate -> api -> cli -> __main__.
A room (a subpackage of snakes_ladders) may import only from rooms on lower layers (or the standard
library), and never a private name (``_x``) from another room; inside a room its modules import each
other freely.  Rooms on one layer do not import each other.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "py" / "snakes_ladders"

# The layer of each room, by its name inside the package (a top-level module counts as a room of its own).
LAYERS: dict[str, int] = {
    # the board and its rules of play, and the errors every room raises
    "board": 0,
    # what runs next to a practice solution (the page's sandbox, the check command's child): the standard
    # library only (test_the_runner_imports_only_the_standard_library)
    "runner": 0,
    # LeetCode's question answered exactly; random play analysed exactly; games played out
    "solver": 1,
    "chance": 1,
    "game": 1,
    # practice mode's battery and runs (asks the solver); the generator (asks the solver and chance)
    "practice": 2,
    "generate": 2,
    # the JSON boundary the page and the command line go through
    "api": 3,
    "cli": 4,
    # the package's face (play, explain and analyze on first use) and python -m snakes_ladders
    "__init__": 5,
    "__main__": 5,
}


def violations(source: str, here: str, depth: int = 0) -> list[str]:
    """What is wrong with the package-relative imports of one module's ``source``.

    ``here`` is the module's room, ``depth`` how many folders below the package it is: an import that
    climbs no higher than its room stays inside it and is not checked.
    """
    problems = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.ImportFrom) and node.level):
            continue
        names = [alias.name for alias in node.names]
        if node.level <= depth:  # inside its own room
            continue
        # ``from . import __version__`` reads a constant of the package, not a module.
        targets = [node.module.split(".")[0]] if node.module else [n for n in names if not n.startswith("__")]
        for target in targets:
            if target == here:
                continue
            if target not in LAYERS:
                problems.append(f"{here} imports {target}, which has no layer")
            elif LAYERS[target] >= LAYERS[here]:
                problems.append(f"{here} (layer {LAYERS[here]}) imports {target} (layer {LAYERS[target]})")
            private = [name for name in names if name.startswith("_")] if node.module else []
            if private:
                problems.append(f"{here} imports private names {private} from {target}")
    return problems


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(PACKAGE)) for p in MODULES])
def test_imports_go_down_and_never_take_private_names(path: Path) -> None:
    parts = path.relative_to(PACKAGE).parts
    here = parts[0].removesuffix(".py")
    assert here in LAYERS, f"{here} is a room with no layer in tests/test_layers.py: give it one"
    assert violations(path.read_text(encoding="utf-8"), here, len(parts) - 1) == []


@pytest.mark.parametrize(
    ("source", "here", "depth", "expected"),
    [
        ("from .api import handle\n", "board", 0, ["board (layer 0) imports api (layer 3)"]),
        ("from . import solver\n", "board", 0, ["board (layer 0) imports solver (layer 1)"]),
        ("from ..chance import analyze\n", "solver", 1, ["solver (layer 1) imports chance (layer 1)"]),
        ("from ..board import _normalise\n", "solver", 1, ["solver imports private names ['_normalise'] from board"]),
        ("from .counting import _settle\n", "solver", 1, []),
        ("from ..board import Board\nimport json\n", "solver", 1, []),
    ],
    ids=["upward", "upward-module", "sideways", "private", "private-inside-a-room", "fine"],
)
def test_the_checker_catches_upward_and_private_imports(
    source: str, here: str, depth: int, expected: list[str]
) -> None:
    assert violations(source, here, depth) == expected


RUNNER = sorted((PACKAGE / "runner").glob("*.py"))


def runner_imports(source: str) -> list[str]:
    """What a runner module imports that is neither the standard library nor the runner itself: the runner
    runs where the package is absent (the page's bare Pyodide) or must not be imported (the check's child)."""
    outside = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level > 1 or (node.level == 0 and (node.module or "").split(".")[0] not in sys.stdlib_module_names):
                outside.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            outside += [alias.name for alias in node.names if alias.name.split(".")[0] not in sys.stdlib_module_names]
    return outside


@pytest.mark.parametrize("path", RUNNER, ids=[path.name for path in RUNNER])
def test_the_runner_imports_only_the_standard_library(path: Path) -> None:
    assert runner_imports(path.read_text(encoding="utf-8")) == []


def test_the_runner_check_catches_the_package() -> None:
    assert runner_imports("from ..board import Board\nimport snakes_ladders\nfrom .solution import load\n") == [
        "..board",
        "snakes_ladders",
    ]
