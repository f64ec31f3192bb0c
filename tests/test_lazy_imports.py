"""The JSON API imports random play, its analysis, the explained search and the generator on first use.

The page's worker is ready once ``snakes_ladders.api`` is imported, so those modules are left out of
that import (``api.LATER``; docs/design.md, "How Python starts"). The package still exports ``play``,
``explain`` and ``analyze`` as functions, however the modules were first imported.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from snakes_ladders import api

PY = Path(__file__).resolve().parent.parent / "py"

FRESH_IMPORT = """
import json, sys
import snakes_ladders.api as api
print(json.dumps(sorted(name for name in sys.modules if name.startswith("snakes_ladders") or name == "decimal")))
"""

# Every op that needs a module imported later, then the package's names as a program would use them.
FIRST_USE = """
import json, sys, types
import snakes_ladders.api as api
board = [[-1, -1, -1], [-1, -1, -1], [-1, 8, -1]]
replies = {}
for op, extra in [("analyze", {}), ("explain", {}), ("play", {"seed": 1}), ("move", {"position": 1, "roll": 1})]:
    replies[op] = json.loads(api.handle(json.dumps({"version": 1, "op": op, "board": board, **extra})))["ok"]
generate = {"version": 1, "op": "generate", "n": 4, "snakes": 1, "ladders": 1, "seed": 3}
replies["generate"] = json.loads(api.handle(json.dumps(generate)))["ok"]
import snakes_ladders
from snakes_ladders import Analysis, Explanation, Game, analyze, explain, play
kinds = {
    "attribute play": type(snakes_ladders.play).__name__,
    "attribute explain": type(snakes_ladders.explain).__name__,
    "imported play": type(play).__name__,
    "imported explain": type(explain).__name__,
    "analyze": type(analyze).__name__,
    "classes": [cls.__module__ for cls in (Analysis, Explanation, Game)],
    "modules": [isinstance(sys.modules[name], types.ModuleType) for name in api.LATER],
    "listed": all(name in dir(snakes_ladders) for name in snakes_ladders.__all__),
}
print(json.dumps({"replies": replies, "kinds": kinds}))
"""


def run_fresh(source: str) -> str:
    run = subprocess.run(
        [sys.executable, "-c", source], capture_output=True, text=True, check=False, cwd=PY, timeout=120
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def test_importing_the_api_leaves_the_later_modules_out() -> None:
    imported = set(json.loads(run_fresh(FRESH_IMPORT)))
    assert "snakes_ladders.solver.solution" in imported
    assert not imported & set(api.LATER), "the API imports a module it should import on first use"
    assert "snakes_ladders.chance.length" not in imported and "decimal" not in imported


def test_every_op_works_on_first_use_and_the_package_keeps_its_functions() -> None:
    report = json.loads(run_fresh(FIRST_USE))
    assert report["replies"] == dict.fromkeys(("analyze", "explain", "play", "move", "generate"), True)
    kinds = report["kinds"]
    # No module is named play or explain, so importing the modules leaves the package's functions in place.
    for name in ("attribute play", "attribute explain", "imported play", "imported explain", "analyze"):
        assert kinds[name] == "function", name
    assert kinds["classes"] == [
        "snakes_ladders.chance.figures",
        "snakes_ladders.solver.explanation",
        "snakes_ladders.game.seeded",
    ]
    assert all(kinds["modules"]) and kinds["listed"]


def test_later_names_every_module_the_api_imports_on_first_use() -> None:
    """The snapshot imports ``api.LATER`` so that a repeat visit has them: a module imported inside a
    function but missing from it would be imported on a restored visit's first use."""
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in (PY / "snakes_ladders" / "api").glob("*.py")]
    inside = {
        f"snakes_ladders.{node.module}"
        for tree in trees
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.ImportFrom) and node.level == 2 and node.module
    }
    assert inside == set(api.LATER)
