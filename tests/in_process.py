"""Practice's two sides in this test process: the runner (what the sandbox and the check command's child
run next to the solution) and the checker (the engine worker's practice ops), joined as the page joins them.

``load`` and ``run`` call the runner here (``run`` gives the checker's ``Outcome``); ``diagnose`` shrinks
with the runner running each board.  ``Page`` is the page's flow: each request to the sandbox's entry
(``runner.page.handle``), each reply handed as text to the engine's op (``api.handle``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from snakes_ladders.api import handle
from snakes_ladders.board import Board
from snakes_ladders.practice import failure
from snakes_ladders.practice.outcome import Outcome
from snakes_ladders.practice.reads import Reads
from snakes_ladders.runner import page, recording
from snakes_ladders.runner.solution import SolutionError, Solver, load
from snakes_ladders.runner.solution import run as run_here

__all__ = ["Outcome", "Page", "SolutionError", "Solver", "diagnose", "load", "recording", "run", "taken"]


def run(solver: Solver, rows: list[list[int]], record: bool = True) -> Outcome:
    """The runner's outcome of ``solver`` on ``rows``, as the checker holds it."""
    return Outcome.from_json(run_here(solver, rows, None, record))


def taken(log: recording.ReadLog, n: int) -> Reads:
    """``recording.taken`` as the checker's ``Reads``."""
    cells, total = recording.taken(log, n)
    return Reads(tuple(cells), total)


def diagnose(
    solver: Solver,
    rows: list[list[int]],
    outcome: Outcome,
    seconds: float,
    step: Callable[[Board, Outcome, int], object] = lambda board, outcome, runs: None,
) -> failure.Failure:
    """``practice.failure.diagnose`` with the runner running each board here."""
    return failure.diagnose(lambda board, record: run(solver, board, record), rows, outcome, seconds, step)


def api(op: str, **fields: object) -> dict[str, Any]:
    """The engine's reply to one practice op (the whole envelope)."""
    return dict(json.loads(handle(json.dumps({"version": 1, "op": op, **fields}))))


class PythonSandbox:
    """The sandbox's Python entry (``runner.page.handle``), as the practice worker calls it."""

    def load(self, source: str) -> str:
        return page.handle(json.dumps({"op": "load", "source": source}))

    def run(self, rows: str, record: bool, heard: Callable[[str], object] | None = None) -> str:
        return page.handle(json.dumps({"op": "run", "board": json.loads(rows), "record": record}), heard)


class Page:
    """The page's practice flow: the sandbox runs (Python's entry, or ``sandbox``: ``load(source)`` and
    ``run(rows_json, record)`` giving reply texts), the engine checks."""

    def __init__(self, source: str, sandbox: Any = None) -> None:
        self.box = PythonSandbox() if sandbox is None else sandbox
        self.loaded = api("loaded", reply=self.box.load(source))["result"]

    def sandbox(self, board: list[list[int]], record: bool = True, heard: Callable[[str], object] | None = None) -> str:
        if heard is None:
            return str(self.box.run(json.dumps(board), record))
        return str(self.box.run(json.dumps(board), record, heard))

    def judge(self, board: list[list[int]], heard: Callable[[str], object] | None = None) -> dict[str, Any]:
        """The ``judge`` op's result for the run on ``board``."""
        reply = api("judge", board=board, reply=self.sandbox(board, heard=heard))
        assert reply["ok"], reply
        return dict(reply["result"])

    def diagnose(self, board: list[list[int]], seconds: int = 2) -> dict[str, Any]:
        """``diagnose`` then ``diagnose_step`` until the failure: the last result, ``found`` listing each
        smaller failing board reported on the way."""
        reply = api("diagnose", board=board, reply=self.sandbox(board), seconds=seconds)
        assert reply["ok"], reply
        result, found = dict(reply["result"]), []
        while result["run"] is not None:
            wanted = result["run"]
            step = api("diagnose_step", id=result["id"], reply=self.sandbox(wanted["board"], wanted["record"]))
            assert step["ok"], step
            result = {**result, **step["result"]}
            found += [result["found"]] if result["found"] is not None else []
        return {**result, "found": found}
