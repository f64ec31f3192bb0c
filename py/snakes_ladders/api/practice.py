"""The practice worker's ops: the battery, loading a user's solution, running it on one board, and
showing a board it fails (``diagnose``: shrunk, with its reads and why the right answer is right).

Served only by ``envelope.practice_handle``, the practice worker's entry: the solver's worker has no
op that loads or runs user code.  The solution is hostile input (``practice.run``): whatever it does,
the reply is an ordinary result, a board it fails included.  Imported by the envelope on the first
practice request, so importing the API imports none of this.
"""

from __future__ import annotations

from collections.abc import Callable
from json import dumps
from typing import Any

from ..board import LEETCODE, Board
from ..practice import battery
from ..practice.failure import diagnose, failure_to_json
from ..practice.foreign import Runner, load_javascript
from ..practice.run import Outcome, SolutionError, Solver, broken, load, run
from ..solver import min_moves
from .reading import RequestError, integer
from .table import CONTRACT

#: The solution loaded by the last ``load`` (none when it failed): the worker runs one solution.
_loaded: list[Solver] = []


def battery_op(message: dict[str, Any]) -> dict[str, Any]:
    """``{"cases": [...]}``: ``boards`` cases, the board on screen first (a ``board`` error if LeetCode's
    rules refuse it).  Work: the battery's boards, each solved once."""
    fields = {field.name: field for field in CONTRACT["battery"].fields}
    count, seed = (integer("battery", message, fields[name]) for name in ("boards", "seed"))
    board = message.get("board")
    if board is not None:
        LEETCODE.board_from_matrix(board)  # a BoardError names the cell, as for every other op
    return {"cases": [case.to_json() for case in battery(count, seed, board)]}


def javascript_runner() -> Runner:
    """The practice worker's JavaScript runner (web/workers/js-solution.mjs), which the worker puts on its
    global scope before it passes on a JavaScript load: reached through Pyodide's ``js`` module."""
    import js  # type: ignore[import-not-found]  # Pyodide's: the worker's global scope

    runner: Runner = js.snakesLaddersJavaScript
    return runner


#: Where a JavaScript load finds its runner (the tests put a runner of their own here).
RUNNERS_OF: dict[str, Callable[[], Runner]] = {"javascript": javascript_runner}
LANGUAGES = {"python": "Python", "javascript": "JavaScript"}


def _load(language: str, source: str) -> tuple[Solver, str]:
    if language == "javascript":
        return load_javascript(RUNNERS_OF[language](), source)
    return load(source)


def load_op(message: dict[str, Any]) -> dict[str, Any]:
    """Load ``source`` in its ``language`` (Python when left out): ``loaded``, and why not (``error``,
    ``line``), with what its top level printed."""
    source, language = message.get("source"), message.get("language", "python")
    if type(language) is not str or language not in LANGUAGES:
        raise RequestError(f"load's language must be one of {', '.join(map(repr, LANGUAGES))}, got {language!r}")
    high = {field.name: field for field in CONTRACT["load"].fields}["source"].high
    if type(source) is not str or high is None or len(source) > high:
        raise RequestError(
            f"load needs a source: the solution's {LANGUAGES[language]} source, a string of at most {high:,} characters"
        )
    _loaded.clear()
    try:
        solver, output = _load(language, source)
    except SolutionError as error:
        return {"loaded": False, "error": error.message, "line": error.line, "output": error.output}
    except BaseException as failure:  # the solution changed the interpreter under us
        return {"loaded": False, "error": broken(failure), "line": None, "output": ""}
    _loaded.append(solver)
    return {"loaded": True, "error": None, "line": None, "output": output}


def _board(op: str, message: dict[str, Any]) -> list[list[int]]:
    """The request's board, checked by LeetCode's rules, for a loaded solution."""
    if not _loaded:
        raise RequestError(f"{op} needs a loaded solution: send load first (the last load, if any, failed)")
    if "board" not in message:
        raise RequestError(f"{op} needs a board: the LeetCode matrix to run the solution on")
    board: list[list[int]] = message["board"]
    LEETCODE.board_from_matrix(board)
    return board


def _run(board: list[list[int]], sink: Callable[[str], object] | None = None) -> Outcome:
    try:
        return run(_loaded[0], board, sink)
    except BaseException as failure:  # the solution changed the interpreter under us
        return Outcome(None, "no answer", broken(failure))


def run_op(message: dict[str, Any], progress: Callable[[str], object] | None = None) -> dict[str, Any]:
    """Run the loaded solution on ``board`` (checked by LeetCode's rules first): ``practice.run.Outcome``,
    the cells it read included.  ``progress`` hears what it prints as it prints it (``{"printed"}``, at
    most ``practice.run.OUTPUT_LIMIT`` characters in all), so that a page that stops the worker at its
    time limit still shows what the board printed."""
    sink = None if progress is None else (lambda text: progress(dumps({"printed": text})))
    return _run(_board("run", message), sink).to_json()


def diagnose_op(message: dict[str, Any], progress: Callable[[str], object] | None = None) -> dict[str, Any]:
    """Run the loaded solution on ``board``; when it fails, shrink the board for at most about ``seconds``
    and show the failure (``practice.failure.failure_to_json``), else ``failure`` is null.  ``progress``
    hears each smaller failing board (``{"board", "n", "runs"}``), so that a page that stops the worker at
    its time limit keeps the smallest so far.  Work: the shrinking's runs (``practice.shrink``)."""
    fields = {field.name: field for field in CONTRACT["diagnose"].fields}
    board, seconds = _board("diagnose", message), integer("diagnose", message, fields["seconds"])
    outcome = _run(board)
    if outcome.passed(min_moves(Board.from_matrix(board))):
        return {"passed": True, "outcome": outcome.to_json(), "failure": None}

    def step(smaller: Board, _: Outcome, runs: int) -> None:
        if progress is not None:
            progress(dumps({"board": smaller.to_matrix(), "n": smaller.n, "runs": runs}))

    try:
        failure = failure_to_json(diagnose(_loaded[0], board, outcome, seconds, step))
    except BaseException as error:  # the solution changed the interpreter under us
        raise RequestError(f"the board could not be shrunk: {broken(error)}") from None
    return {"passed": False, "outcome": outcome.to_json(), "failure": failure}


RUNNERS = {"battery": battery_op, "load": load_op, "run": run_op}
