"""The checker's practice ops: the battery, and the sandbox's replies checked, judged and shrunk.

The solution never runs here: the page runs it in its sandbox (a bare Pyodide or sval, with nothing of
this package: web/workers/practice.worker.mjs) and hands each reply to these ops, served by the engine
worker like every other op.  ``loaded`` and ``judge`` check a reply field by field
(``practice.replies``) and compare it with the right answer; ``diagnose`` starts shrinking a failing
board (``practice.failure.Diagnosis``) and ``diagnose_step`` takes each run's reply in turn, answering
with the next board to run, each smaller failing board found and, at the end, the failure shown.
Imported by the envelope on the first practice request, so importing the API imports none of this.
"""

from __future__ import annotations

from typing import Any

from ..board import LEETCODE, Board
from ..practice import battery
from ..practice.failure import Diagnosis, failure_to_json
from ..practice.replies import checked_load, checked_outcome
from ..solver import min_moves
from .reading import RequestError, integer
from .table import CONTRACT

#: The shrinkings under way, by id: the page runs one at a time, so the oldest beyond a few are dropped.
_DIAGNOSES: dict[int, Diagnosis] = {}
_KEPT = 4
_LAST_ID = [0]


def _fields(op: str) -> dict[str, Any]:
    return {field.name: field for field in CONTRACT[op].fields}


def battery_op(message: dict[str, Any]) -> dict[str, Any]:
    """``{"cases": [...]}``: ``boards`` cases, the board on screen first (a ``board`` error if LeetCode's
    rules refuse it).  Work: the battery's boards, each solved once."""
    fields = _fields("battery")
    count, seed = (integer("battery", message, fields[name]) for name in ("boards", "seed"))
    board = message.get("board")
    if board is not None:
        LEETCODE.board_from_matrix(board)  # a BoardError names the cell, as for every other op
    return {"cases": [case.to_json() for case in battery(count, seed, board)]}


def _reply(op: str, message: dict[str, Any], optional: bool = False) -> str | None:
    """The request's ``reply``: the sandbox's text, at most the field's length."""
    reply, high = message.get("reply"), _fields(op)["reply"].high
    if (reply is None and optional) or (type(reply) is str and high is not None and len(reply) <= high):
        return reply
    raise RequestError(
        f"{op} needs a reply: the sandbox's reply as it sent it, a string of at most {high:,} characters"
    )


def _board(op: str, message: dict[str, Any]) -> Board:
    """The request's board, checked by LeetCode's rules."""
    if "board" not in message:
        raise RequestError(f"{op} needs a board: the LeetCode matrix the solution ran on")
    return LEETCODE.board_from_matrix(message["board"])


def loaded_op(message: dict[str, Any]) -> dict[str, Any]:
    """The sandbox's reply to a load, checked: ``loaded``, and why not (``error``, ``line``), with what its
    top level printed.  Work: O(reply)."""
    return checked_load(_reply("loaded", message))


def judge_op(message: dict[str, Any]) -> dict[str, Any]:
    """The sandbox's reply to a run on ``board``, checked, and whether it is the right answer.
    Work: O(reply + n²): one solve."""
    board = _board("judge", message)
    outcome, expected = checked_outcome(_reply("judge", message), board.n), min_moves(board)
    return {"passed": outcome.passed(expected), "expected": expected, "outcome": outcome.to_json()}


def _next(number: int, diagnosis: Diagnosis, found: Board | None) -> dict[str, Any]:
    """The next run the shrinking wants, the smaller failing board just found, or the failure once done."""
    wanted = diagnosis.request()
    if wanted is None:
        _DIAGNOSES.pop(number, None)
    run = None if wanted is None else {"board": wanted[0].to_matrix(), "record": wanted[1]}
    shown = None if found is None else {"board": found.to_matrix(), "n": found.n, "runs": diagnosis.shrinking.runs}
    failure = failure_to_json(diagnosis.failure()) if wanted is None else None
    return {"id": number, "run": run, "found": shown, "failure": failure}


def diagnose_op(message: dict[str, Any]) -> dict[str, Any]:
    """Start shrinking ``board``, which the solution failed (``reply``: its outcome there), for at most about
    ``seconds``: the first run wanted (``run``), to be answered with ``diagnose_step``.  Work: O(reply + n²)
    a step; the shrinking's runs are bounded in ``practice.shrink``."""
    board = _board("diagnose", message)
    seconds = integer("diagnose", message, _fields("diagnose")["seconds"])
    outcome = checked_outcome(_reply("diagnose", message), board.n)
    base = {"passed": outcome.passed(min_moves(board)), "outcome": outcome.to_json()}
    if base["passed"]:
        return {**base, "id": 0, "run": None, "found": None, "failure": None}
    _LAST_ID[0] += 1
    number = _LAST_ID[0]
    _DIAGNOSES[number] = Diagnosis(board.to_matrix(), outcome, seconds)
    while len(_DIAGNOSES) > _KEPT:
        del _DIAGNOSES[next(iter(_DIAGNOSES))]
    return {**base, **_next(number, _DIAGNOSES[number], None)}


def diagnose_step(message: dict[str, Any]) -> dict[str, Any]:
    """The reply to the run the shrinking ``id`` asked for (null: it ran past its time limit): the next run,
    the smaller failing board it was, if so, and the failure once done.  Work: O(reply + n²)."""
    number = integer("diagnose_step", message, _fields("diagnose_step")["id"])
    diagnosis = _DIAGNOSES.get(number)
    wanted = None if diagnosis is None else diagnosis.request()
    if diagnosis is None or wanted is None:
        raise RequestError(f"diagnose_step: no shrinking {number} under way (it ended, or was dropped for a newer one)")
    reply = _reply("diagnose_step", message, optional=True)
    found = diagnosis.feed(None if reply is None else checked_outcome(reply, wanted[0].n))
    return _next(number, diagnosis, found)


RUNNERS = {
    "battery": battery_op,
    "loaded": loaded_op,
    "judge": judge_op,
    "diagnose": diagnose_op,
    "diagnose_step": diagnose_step,
}
