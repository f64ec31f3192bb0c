"""A board a practice solution fails, shown so that the learner sees their own mistake.

``Failure`` is the smallest failing board found (``shrink.shrink``), beside the size of the
board it came from, with the solution's outcome on it: its answer, what it printed, the cells it
read and the first read whose numbering is not LeetCode's (``reads.first_difference``),
and why the right answer is right (``shrink.why``).  ``Diagnosis`` shrinks a run at a time, the runs
made where the solution runs (the page's sandbox, driven by the engine worker's ``diagnose`` ops; the
check command's child, driven by ``cli.check``); ``diagnose`` drives it with a function that runs.
``failure_to_json`` and ``failure_lines`` word it; none of them runs the solution's code.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..board import Board, cell_to_square
from ..solver import min_moves
from .outcome import Outcome
from .reads import Difference, first_difference
from .shrink import Shrinking, Shrunk, why

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


#: What runs the solution on a board (its rows), recording its reads or not: its outcome, or None when
#: the run did not finish within its time limit.
Runs = Callable[[list[list[int]], bool], "Outcome | None"]


class Diagnosis:
    """Shrinking a board the solution failed (``outcome`` on ``rows``), a run at a time: the runs happen
    where the solution runs (the page's sandbox, the check command's child), this side only proposes
    boards and judges what comes back.  ``request`` is the next run wanted (``(board, record)``, None once
    done); ``feed`` its outcome (None: it ran past its time limit); ``failure`` the result.  A smaller
    failing board is run once more with its reads recorded (the first run records none: a third the time).
    Shrinking starts no run after about ``seconds`` (``clock`` tells the time).  Runs: see ``shrink``;
    each step's own work is O(n²) (one solve)."""

    def __init__(
        self, rows: list[list[int]], outcome: Outcome, seconds: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        deadline = clock() + seconds
        self.shrinking = Shrinking(Board.from_matrix(rows), lambda: clock() > deadline)
        self.latest, self._pending = outcome, outcome  # the outcome on the board kept last, and on the one just tried
        self._kept: Board | None = None

    def request(self) -> tuple[Board, bool] | None:
        """The board to run the solution on next and whether to record its reads; None once done."""
        if self._kept is not None:
            return self._kept, True
        candidate = self.shrinking.candidate
        return None if candidate is None else (candidate, False)

    def feed(self, outcome: Outcome | None) -> Board | None:
        """The outcome of the run ``request`` asked for; the board, when it is a smaller failing one now
        kept (with its reads in ``latest``)."""
        kept, self._kept = self._kept, None
        if kept is not None:  # the second run of a failing board, recording its reads
            again_passed = outcome is None or outcome.passed(min_moves(kept))
            self.latest = self._pending if again_passed else outcome  # type: ignore[assignment]
            self.shrinking.feed(True)
            if outcome is None:
                self.shrinking.stop(
                    f"stopped after {self.shrinking.runs:,} runs: a smaller board ran past the time limit"
                )
            return kept
        candidate = self.shrinking.candidate
        if candidate is None:
            return None
        verdict = None if outcome is None else not outcome.passed(min_moves(candidate))
        if verdict:
            self._pending, self._kept = outcome, candidate  # type: ignore[assignment]
        else:
            self.shrinking.feed(verdict)
        return None

    def failure(self) -> Failure:
        """The smallest failing board found, with the solution's outcome on it."""
        return from_shrunk(self.shrinking.result(), self.latest)


def diagnose(
    runs: Runs,
    rows: list[list[int]],
    outcome: Outcome,
    seconds: float,
    step: Callable[[Board, Outcome, int], object] = lambda board, outcome, runs: None,
) -> Failure:
    """Shrink a board the solution failed (``outcome`` on ``rows``), ``runs`` running it, for at most about
    ``seconds`` (checked before each run; a run itself is stopped only by ``runs``' own time limit).
    ``step`` hears each smaller failing board, the outcome on it and the runs made so far.  Runs: see
    ``shrink``."""
    diagnosis = Diagnosis(rows, outcome, seconds)
    while (wanted := diagnosis.request()) is not None:
        board, record = wanted
        kept = diagnosis.feed(runs(board.to_matrix(), record))
        if kept is not None:
            step(kept, diagnosis.latest, diagnosis.shrinking.runs)
    return diagnosis.failure()


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


__all__ = [
    "Diagnosis",
    "Failure",
    "Runs",
    "diagnose",
    "difference_to_json",
    "failure_lines",
    "failure_to_json",
    "from_shrunk",
]
