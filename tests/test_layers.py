"""The package's imports go one way: board at the bottom, the CLI at the top.

boardcheck -> fastread -> matrix -> board -> searches -> counting -> breadth -> solve / rules -> explain / turn /
chain -> play -> figures -> elimination -> jumpuse / estimates -> markov -> generate -> genset -> api / workers' JSON ->
contract / CLI.
A module may import only from lower layers (or the standard library), and never a private name
(``_x``) from another module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "py" / "snakes_ladders"

# The layer of each module, by its name inside the package (a subpackage counts as one module).
LAYERS: dict[str, int] = {
    # leaves: no imports from the package
    # the board: a cell's checks, the matrix readers (C speed, then exact), the Board type
    "board": 4,  # the board room: the model, its checks and matrix readers, the rules of play, errors
    # LeetCode's question (the counting of shortest games, the breadth-first search that counts
    # them as it goes, the answer), and the rules of a game of chance
    "solver": 8,
    "game": 9,
    "practice": 10,
    # the sixes rules: their chain (position, 6s this turn), its propagation turn by turn, a race's total rolls
    # random play analysed: the result types, the elimination, the jump uses, the estimates past its budget
    "chance": 9,
    "generate": 15,  # the generator: its spec, search, placement, tidy boards, class sets
    # a class set of boards, each from generate
    # the boundaries: JSON for the page and its workers, the command line
    "api": 17,
    # a JavaScript solution, run by the page's runner and read back through checked JSON
    "cli": 18,
    "__main__": 19,
    "__init__": 19,
}


def violations(source: str, here: str, depth: int = 0) -> list[str]:
    """What is wrong with the package-relative imports of one module's ``source``.

    ``here`` is the module's name in the package, ``depth`` how many folders below the package it is.
    """
    problems = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.ImportFrom) and node.level):
            continue
        names = [alias.name for alias in node.names]
        if node.level <= depth:  # inside its own subpackage
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
    assert here in LAYERS, f"{here} has no layer in tests/test_layers.py: give it one"
    assert violations(path.read_text(encoding="utf-8"), here, len(parts) - 1) == []


@pytest.mark.parametrize(
    ("source", "here", "expected"),
    [
        ("from .api import handle\n", "board", ["board (layer 4) imports api (layer 17)"]),
        ("from . import solver\n", "board", ["board (layer 4) imports solver (layer 8)"]),
        ("from .board import _normalise\n", "solver", ["solver imports private names ['_normalise'] from board"]),
        ("from .board import Board\nimport json\n", "solver", []),
    ],
    ids=["upward", "upward-module", "private", "fine"],
)
def test_the_checker_catches_upward_and_private_imports(source: str, here: str, expected: list[str]) -> None:
    assert violations(source, here) == expected
