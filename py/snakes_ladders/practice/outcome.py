"""What a solution did with one board, as the checker holds it once the runner's reply was checked.

The runner (``runner.solution``, in the page's sandbox or the check command's child) replies with plain
JSON; ``replies`` and ``frames`` check it field by field before an ``Outcome`` is made of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .reads import Reads


@dataclass(frozen=True)
class Outcome:
    """What a solution did with one board: its answer (an int), or what it returned, or its error; what it
    printed; the cells it read (``(row, column)``, the first ``reads.LIMIT``), how many reads there
    were, and whether it changed the board it was given."""

    answer: int | None
    shown: str
    error: str | None = None
    line: int | None = None
    output: str = ""
    reads: tuple[tuple[int, int], ...] = ()
    reads_total: int = 0
    mutated: bool = False

    def passed(self, expected: int) -> bool:
        """True when the solution returned exactly ``expected``."""
        return self.error is None and self.answer == expected

    def read_log(self) -> Reads:
        """The reads as ``reads.Reads``."""
        return Reads(self.reads, self.reads_total)

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON data: the reads as ``[row, column]`` pairs."""
        return {
            "answer": self.answer,
            "shown": self.shown,
            "error": self.error,
            "line": self.line,
            "output": self.output,
            "reads": [list(cell) for cell in self.reads],
            "reads_total": self.reads_total,
            "mutated": self.mutated,
        }

    @classmethod
    def from_json(cls, message: dict[str, Any]) -> Outcome:
        """An outcome from checked JSON data (``frames.OUTCOME``'s fields): the reads as tuples."""
        return cls(**{**message, "reads": tuple((row, column) for row, column in message["reads"])})


def unchecked(why: str) -> Outcome:
    """The outcome of a board whose reply could not be used: it fails, saying why."""
    return Outcome(None, "no answer", f"could not be checked: {why}")


__all__ = ["Outcome", "unchecked"]
