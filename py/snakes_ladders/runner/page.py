"""The page sandbox's entry: the practice worker's bare Pyodide loads a solution and runs it here.

web/workers/practice.worker.mjs writes this folder's files into a Pyodide that has nothing else of
``snakes_ladders`` and calls ``handle`` with JSON requests from the page: ``{"op": "load", "source"}``
and ``{"op": "run", "board", "record"}``.  Replies are JSON text (``solution.loaded``'s and
``solution.outcome``'s data); ``progress`` hears ``{"printed"}`` as a run prints.  The page hands each
reply to the checker (the engine worker's ``judge`` ops), which trusts none of it.  Work: O(request)
besides the solution's own.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .solution import Solver, loaded, outcome

#: The solution loaded by the last ``load`` (none when it failed): the worker runs one solution.
_loaded: list[Solver] = []


def _rows(board: object) -> list[list[int]]:
    """The request's board: a square list of lists of ints (the page sends the battery's boards)."""
    if type(board) is not list or not all(type(row) is list and len(row) == len(board) for row in board):
        raise ValueError("run needs a board: a square list of lists of ints")
    if not all(type(cell) is int for row in board for cell in row):
        raise ValueError("run needs a board: a square list of lists of ints")
    return board


def handle(payload: str, progress: Callable[[str], object] | None = None) -> str:
    """Answer one request (``load`` or ``run``) with its reply as JSON text; a bad request raises ValueError."""
    request: Any = json.loads(payload)
    if type(request) is not dict:
        raise ValueError("a request is a JSON object")
    if request.get("op") == "load" and type(request.get("source")) is str:
        _loaded.clear()
        solver, reply = loaded(request["source"])
        if solver is not None:
            _loaded.append(solver)
        return json.dumps(reply)
    if request.get("op") == "run" and _loaded:
        sink = None if progress is None else (lambda text: progress(json.dumps({"printed": text})))
        return json.dumps(outcome(_loaded[0], _rows(request.get("board")), sink, request.get("record") is not False))
    raise ValueError("the sandbox answers load (a source) and run (a board, once loaded)")
