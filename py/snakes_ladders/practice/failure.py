"""A board a practice solution fails, shown so that the learner sees their own mistake.

``Failure`` is the smallest failing board found (``shrink.shrink``), beside the size of the
board it came from, with the solution's outcome on it: its answer, what it printed, the cells it
read and the first read whose numbering is not LeetCode's (``reads.first_difference``),
and why the right answer is right (``shrink.why``).  ``diagnose`` shrinks in this process
(the page's practice worker); the check command shrinks in its child (``cli.check``) and builds
the same ``Failure`` from what the child sent.  ``failure_to_json`` and ``failure_lines`` word it;
none of them runs the solution's code.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..board import Board, cell_to_square
from ..solver import min_moves
from .reads import Difference, first_difference
from .run import Outcome, Solver, run
from .shrink import Shrunk, shrink, why

#: How many reads the text report lists (the JSON has them all).
READS_SHOWN = 24


@dataclass(frozen=True)
class Failure:
    """The smallest failing board found (from one of size ``original_n``) and the solution's outcome on it.

    ``runs`` counts the runs shrinking made; ``cut_short`` says why it stopped early, if it did
    (then a smaller board may exist).
    """

    board: Board
    original_n: int
    expected: int
    outcome: Outcome
    runs: int = 0
    cut_short: str | None = None

    @property
    def difference(self) -> Difference | None:
        """The first read whose numbering is not LeetCode's, when the reads tell it."""
        return first_difference(self.board.to_matrix(), self.outcome.read_log(), self.outcome.answer)

    def why(self) -> dict[str, Any]:
        """``shrink.why`` for this board and the solution's answer."""
        return why(self.board, self.outcome.answer)


def diagnose(
    solver: Solver,
    rows: list[list[int]],
    outcome: Outcome,
    seconds: float,
    step: Callable[[Board, Outcome, int], object] = lambda board, outcome, runs: None,
) -> Failure:
    """Shrink a board the solution failed (``outcome`` on ``rows``), running it here, for at most about
    ``seconds`` (checked before each run; a run itself is not stopped: the page's worker has a time
    limit).  ``step`` hears each smaller failing board, the outcome on it and the runs made so far.
    Runs: see ``shrink``."""
    board = Board.from_matrix(rows)
    deadline = time.monotonic() + seconds
    latest, pending = [outcome], [outcome]  # the outcome on the board kept last, and on the one just tried

    def fails(candidate: Board) -> bool:
        ran = run(solver, candidate.to_matrix(), record=False)  # the reads only of the boards kept: a third the time
        pending[:] = [ran]
        return not ran.passed(min_moves(candidate))

    def kept(candidate: Board, runs: int) -> None:
        again = run(solver, candidate.to_matrix())
        latest[0] = pending[0] if again.passed(min_moves(candidate)) else again  # a solution that changes its mind
        step(candidate, latest[0], runs)

    shrunk = shrink(board, fails, lambda: time.monotonic() > deadline, kept)
    return from_shrunk(shrunk, latest[0])


def from_shrunk(shrunk: Shrunk, outcome: Outcome) -> Failure:
    """The failure for a shrinking's result, ``outcome`` being the solution's on ``shrunk.board``."""
    return Failure(shrunk.board, shrunk.original_n, min_moves(shrunk.board), outcome, shrunk.runs, shrunk.cut_short)


def difference_to_json(difference: Difference | None) -> dict[str, Any] | None:
    """The first differing read as JSON data: its index in the reads, the cell read, the square it was
    read for, where that square is, what the cell read really is, and the sentence."""
    if difference is None:
        return None
    return {
        "read": difference.read,
        "cell": list(difference.cell),
        "square": difference.square,
        "actual": list(difference.actual),
        "cell_square": difference.cell_square,
        "text": difference.sentence(),
    }


def failure_to_json(failure: Failure) -> dict[str, Any]:
    """The failure as JSON data for a page to draw (docs/api.md: the ``diagnose`` op)."""
    outcome, n = failure.outcome, failure.board.n
    return {
        "board": failure.board.to_matrix(),
        "n": n,
        "original_n": failure.original_n,
        "expected": failure.expected,
        "got": outcome.answer,
        **{key: value for key, value in outcome.to_json().items() if key != "answer"},
        "read_squares": [cell_to_square(row, column, n) for row, column in outcome.reads],
        "reads_truncated": outcome.read_log().truncated,
        "first_difference": difference_to_json(failure.difference),
        "why": failure.why(),
        "shrink": {"runs": failure.runs, "cut_short": failure.cut_short},
    }


def _why_lines(failure: Failure) -> list[str]:
    reason = failure.why()
    lines = []
    if reason["layers"] is not None:
        lines.append("no shorter game: the squares first stood on after each move are")
        lines += [f"  {moves}: {' '.join(map(str, squares))}" for moves, squares in enumerate(reason["layers"])]
    if reason["game"] is not None:
        lines.append("a shorter game: " + " → ".join(map(str, reason["game"]["path"])))
    if reason["chain"] is not None:
        chains = "; ".join(" → ".join(map(str, chain)) for chain in reason["chain"]["chains"])
        lines.append(f"your answer follows more than one jump a move: {chains} (only the first is taken)")
    return lines


def _reads_text(outcome: Outcome, n: int) -> str:
    shown = [f"board[{row}][{column}] (square {cell_to_square(row, column, n)})" for row, column in outcome.reads]
    more = f", … ({outcome.reads_total - READS_SHOWN:,} more)" if outcome.reads_total > READS_SHOWN else ""
    return ", ".join(shown[:READS_SHOWN]) + more if shown else "no cell"


def failure_lines(failure: Failure, path: tuple[int, ...] | list[int] | None) -> list[str]:
    """The text report's lines for a failure: the shrunk board beside its original size, the answers,
    the reads and the first differing read, why; ``path`` one shortest game of the shrunk board."""
    board, outcome = failure.board, failure.outcome
    size = f"{board.n}×{board.n} (the board was {failure.original_n}×{failure.original_n})"
    runs = f"{failure.runs:,} run{'' if failure.runs == 1 else 's'}"
    lines = [f"smallest board that breaks it: {size}, after {runs}"]
    if failure.cut_short is not None:
        lines.append(f"shrinking was cut short ({failure.cut_short}): a smaller one may exist")
    rows = ",\n".join("  " + json.dumps(row) for row in board.to_matrix())
    lines += [f"board = [\n{rows}\n]", f"expected: {failure.expected}", f"your answer: {outcome.shown}"]
    if outcome.error is not None:
        where = f"line {outcome.line}: " if outcome.line is not None else ""
        lines.append(f"error: {where}{outcome.error}")
    lines.append(f"one shortest path: {' → '.join(map(str, path)) if path else 'none (the answer is -1)'}")
    lines.append(f"your code read: {_reads_text(outcome, board.n)}")
    if failure.difference is not None:
        lines.append(f"first differing read (read {failure.difference.read + 1}): {failure.difference.sentence()}")
    lines += _why_lines(failure)
    if outcome.mutated:
        lines.append("warning: your solution changed the board it was given")
    if outcome.output:
        lines.append(f"printed:\n{outcome.output}")
    return lines


__all__ = ["Failure", "diagnose", "difference_to_json", "failure_lines", "failure_to_json", "from_shrunk"]
