"""The generator's ops in the contract table: ``generate`` (one board to a target) and ``generate_set``
(a class set: 2 to 8 boards alike in least moves and expected rolls), kept apart so that ``table`` stays
under 400 lines.  ``table`` calls ``generate_ops`` with its shared fields.
"""

from __future__ import annotations

from ..board import MAX_SEED, MIN_SIZE
from ..generate import DEFAULT_EVALUATIONS, MAX_EVALUATIONS, MAX_GENERATE_SIZE, MAX_WORK
from .declare import Field, Op

_TARGETS_USED = "{min_moves: number | null, expected_rolls: [number, number] | null, always_finishes: boolean}"

#: The generate result: one board, its figures, what it missed and what the search spent.
GENERATED = (
    ("n", "number"),
    ("matrix", "number[][]"),
    ("jumps", "[number, number][]"),
    ("snakes", "number"),
    ("ladders", "number"),
    ("min_moves", "number"),
    ("always_finishes", "boolean"),
    ("expected_rolls", "number | null"),
    ("met", "boolean"),
    ("missed", "string[]"),
    ("message", "string"),
    ("evaluations", "number"),
    ("work", "number"),
    ("max_work", "number"),
    ("stopped", "string"),
    ("seed", "number"),
    ("rules", "RulesUsed"),
    ("targets", _TARGETS_USED),
)

_PROGRESS = (
    ("evaluations", "number"),
    ("max_evaluations", "number"),
    ("distance", "number"),
    ("min_moves", "number"),
    ("always_finishes", "boolean"),
    ("expected_rolls", "number | null"),
    ("work", "number"),
    ("max_work", "number"),
)


def _fields(version: Field, rules: Field, max_size: Field) -> tuple[Field, ...]:
    """The request fields of ``generate`` (``generate.Spec.from_json`` checks them)."""
    return (
        version,
        Field("n", "number", "board size", required=True, low=MIN_SIZE, high=MAX_GENERATE_SIZE),
        Field("snakes", "number", "number of snakes", required=True, low=0),
        Field("ladders", "number", "number of ladders", required=True, low=0),
        Field("seed", "number", "seed of the search: same request, same board", required=True, low=0, high=MAX_SEED),
        Field("targets", "GenerateTargets", "least moves, expected rolls [lo, hi], always finishes"),
        rules,
        Field("max_jump", "number", "longest jump in squares", low=1),
        Field("no_edge_rows", "boolean", "no jump on the first or last row"),
        Field("tidy", "boolean", "no two jumps cross, touch or overlap (the page's default)"),
        Field("min_rows", "number", "fewest rows a jump spans", low=1, high=MAX_GENERATE_SIZE - 1, default=1),
        Field("max_rows", "number", "most rows a jump spans; n - 2 when tidy", low=1, high=MAX_GENERATE_SIZE - 1),
        Field(
            "max_evaluations",
            "number",
            "boards looked at, at most (each board's, in a set)",
            low=1,
            high=MAX_EVALUATIONS,
            default=DEFAULT_EVALUATIONS,
        ),
        Field(
            "max_work",
            "number",
            "work budget in work units, at most (the whole set's, in a set)",
            low=1,
            high=MAX_WORK,
            default=MAX_WORK,
        ),
        max_size,
    )


def generate_ops(version: Field, rules: Field, max_size: Field) -> tuple[Op, Op]:
    """``generate`` and ``generate_set``, with the table's shared fields."""
    fields = _fields(version, rules, max_size)
    board = "{" + ", ".join(f"{key}: {kind}" for key, kind in GENERATED) + "}"
    return (
        Op(
            "generate",
            "a board with the asked snakes and ladders meeting the targets (generate.Spec.from_json checks them)",
            fields,
            MAX_GENERATE_SIZE,
            GENERATED,
            _PROGRESS,
        ),
        Op(
            "generate_set",
            "a class set: count boards of one kind, no two alike, with the same least moves and expected rolls "
            "at most tolerance apart (generate.classset.SetSpec.from_json checks them)",
            (
                *fields[:-1],
                Field("count", "number", "boards in the set", required=True, low=2, high=8),
                Field("tolerance", "number", "largest expected rolls at most (1 + tolerance) × the smallest, 0 to 1"),
                max_size,
            ),
            MAX_GENERATE_SIZE,
            (
                ("count", "number"),
                ("boards", f"{board}[]"),
                ("met", "boolean"),
                ("min_moves", "number[]"),
                ("expected_rolls", "(number | null)[]"),
                ("spread", "number | null"),
                ("tolerance", "number"),
                ("missed", "string[]"),
                ("message", "string"),
                ("work", "number"),
                ("max_work", "number"),
                ("seed", "number"),
            ),
            (("board", "number"), ("count", "number"), *_PROGRESS),
        ),
    )
