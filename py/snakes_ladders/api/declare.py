"""The table's vocabulary: a request ``Field``, an ``Op``, and the named result ``TYPES`` the ops share.

``table`` declares every op with these (kept apart so that the table stays under 400 lines);
``tools/contract.py`` writes them for the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from ..board import OVERSHOOTS, SIXES, STARTS, JumpKind


@dataclass(frozen=True)
class Field:
    """One field of a request: its JSON type (as JSDoc writes it), whether it is required, its range."""

    name: str
    kind: str
    about: str
    required: bool = False
    low: int | None = None
    high: int | None = None
    default: int | None = None


@dataclass(frozen=True)
class Op:
    """One op of the boundary: its request fields, the largest board it takes, and its result."""

    name: str
    about: str
    fields: tuple[Field, ...]
    max_size: int
    result: tuple[tuple[str, str], ...]
    #: A long op's progress messages, each a JSON object of these keys (sent before the reply).
    progress: tuple[tuple[str, str], ...] = ()
    #: The page's worker that runs it: ``"solver"``, or ``"analysis"`` for an op that can run for seconds
    #: (its own worker, restarted to cancel it: web/core/bridge.mjs reads this).
    worker: str = "solver"

    def reads(self, name: str) -> bool:
        """Whether the op reads the field ``name``."""
        return any(field.name == name for field in self.fields)


#: The result types several ops share, declared once by name: web/core/contract.mjs writes each as a typedef
#: and tests/api/test_contract.py checks every reply against them. A ``Figure`` is a number when a float holds
#: it, else its magnitude spelt out (``markov.figure_to_json``); ``RulesUsed`` has start and overshoot always,
#: and sixes when not "plain"; a ``Turn`` has again and to_start under a sixes rule other than plain.
TYPES: dict[str, str] = {
    "StartRule": " | ".join(f'"{name}"' for name in STARTS),
    "OvershootRule": " | ".join(f'"{name}"' for name in OVERSHOOTS),
    "SixesRule": " | ".join(f'"{name}"' for name in SIXES),
    "JumpKind": " | ".join(f'"{name}"' for name in get_args(JumpKind)),
    "Rules": "{start?: StartRule, overshoot?: OvershootRule, sixes?: SixesRule}",
    "RulesUsed": "{start: StartRule, overshoot: OvershootRule, sixes?: SixesRule}",
    "Magnitude": "{exact: boolean, value: string | null, mantissa: number, exponent: number}",
    "Figure": "number | Magnitude",
    "GenerateTargets": "{min_moves?: number, expected_rolls?: [number, number], always_finishes?: boolean}",
    "Step": "{start: number, roll: number, landing: number, end: number, jump: JumpKind | null}",
    "Turn": "{number: number, player: number, roll: number, start: number, landing: number, end: number, "
    "jump: JumpKind | null, overshoot: OvershootRule | null, visits: number[], again?: boolean, to_start?: boolean}",
    "Warnings": "{total: number, shown: {square: number, message: string}[]}",
    "JumpUse": "{start: number, end: number, kind: JumpKind, p_used: Figure | null, expected_uses: Figure | null}",
    "PracticeCase": "{kind: string, about: string, board: number[][], expected: number, path: number[] | null}",
    "PracticeOutcome": "{answer: number | null, shown: string, error: string | null, line: number | null, "
    "output: string, reads: number[][], reads_total: number, mutated: boolean}",
    "ReadDifference": "{read: number, cell: number[], square: number, actual: number[], cell_square: number, "
    "text: string}",
    "PracticeWhy": "{expected: number, layers: number[][] | null, game: {path: number[], steps: {start: number, "
    "roll: number, landing: number, end: number}[]} | null, chain: {path: number[], chains: number[][]} | null}",
    "PracticeFailure": "{board: number[][], n: number, original_n: number, expected: number, got: number | null, "
    "shown: string, error: string | null, line: number | null, output: string, reads: number[][], "
    "reads_total: number, mutated: boolean, read_squares: number[], reads_truncated: boolean, "
    "first_difference: ReadDifference | null, why: PracticeWhy, shrink: {runs: number, cut_short: string | null}}",
}
