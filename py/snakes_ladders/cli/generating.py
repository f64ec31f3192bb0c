"""The ``generate`` command of the CLI: ``python -m snakes_ladders generate --size 10 ... --seed 1``.

It reads its options into the fields of the API's ``generate`` request and
checks them with the same ``Spec.from_json``, so the two agree on what is
valid.  It prints the board's LeetCode matrix as JSON (``--figures`` prints the
whole result, as the API gives it), the closest board when no board met every
target within the evaluations or the work budget (``--max-work``, at most
``generate.spec.MAX_WORK`` units).  Exit status: 0 with a board meeting every target;
1 when the board printed misses a target (one line on standard error names the
targets and the closest board's figures) or when no board can be printed
(targets out of reach, or jumps that cannot all be placed: nothing on standard
output); 2 on bad arguments.  With ``--count K`` it makes a class set of K boards (``generate.classset``) and
prints a JSON list of their matrices (``--figures``: the set's whole result), exiting 1 with the
set's misses on standard error when the set misses a target.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from ..board import OVERSHOOTS, STARTS
from ..generate.classset import SetSpec, generate_set, set_to_json
from ..generate.search import (
    DEFAULT_EVALUATIONS,
    MAX_WORK,
    GenerateError,
    Impossible,
    Spec,
    generate,
    generated_to_json,
)

__all__ = ["add_generate_command", "run_generate"]

EXIT_NOT_MET = 1
EXIT_BAD_ARGUMENTS = 2

HELP = "generate a board with given numbers of snakes and ladders, least moves and expected rolls"


def expected_range(text: str) -> tuple[float, float]:
    """Read ``LO:HI`` (or one number, for LO = HI) as the expected-rolls range.

    >>> expected_range("30:40"), expected_range("35")
    ((30.0, 40.0), (35.0, 35.0))
    """
    parts = text.split(":")
    try:
        numbers = [float(part) for part in parts]
    except ValueError:
        numbers = []
    if len(numbers) not in (1, 2) or not all(math.isfinite(x) for x in numbers):
        raise argparse.ArgumentTypeError(f"expected LO:HI, two numbers such as 30:40, got {text!r}")
    return numbers[0], numbers[-1]


def add_generate_command(commands: Any) -> None:
    """Add ``generate`` and its options to the CLI's subcommands (an argparse subparsers object)."""
    command = commands.add_parser("generate", help=HELP, description=HELP)
    command.add_argument("--size", type=int, required=True, metavar="N", help="the board is N×N, 2 to 50")
    command.add_argument("--snakes", type=int, required=True, metavar="S", help="the number of snakes")
    command.add_argument("--ladders", type=int, required=True, metavar="L", help="the number of ladders")
    command.add_argument("--seed", type=int, required=True, metavar="S", help="0 to 2**53-1: same seed, same board")
    command.add_argument("--min-moves", type=int, metavar="M", help="LeetCode's least number of moves, exactly")
    command.add_argument(
        "--expected", type=expected_range, metavar="LO:HI", help="expected rolls of random play, LO to HI"
    )
    command.add_argument(
        "--allow-traps", action="store_true", help="do not require that a game of chance always finishes"
    )
    command.add_argument("--start", choices=STARTS, help="rules of random play: where the token starts")
    command.add_argument("--overshoot", choices=OVERSHOOTS, help="rules of random play: a roll past the last square")
    command.add_argument("--max-jump", type=int, metavar="K", help="no snake or ladder longer than K squares")
    command.add_argument("--no-edge-rows", action="store_true", help="no snake or ladder on the first or last row")
    command.add_argument(
        "--tidy", action="store_true", help="no two jumps cross, touch or overlap; none spans the whole board"
    )
    command.add_argument("--min-rows", type=int, metavar="R", help="each jump spans at least R rows (default 1)")
    command.add_argument("--max-rows", type=int, metavar="R", help="each jump spans at most R rows")
    command.add_argument(
        "--max-evaluations",
        type=int,
        default=DEFAULT_EVALUATIONS,
        metavar="E",
        help=f"boards to look at before giving up (default {DEFAULT_EVALUATIONS:,}, at most 100,000)",
    )
    command.add_argument(
        "--max-work",
        type=int,
        default=MAX_WORK,
        metavar="W",
        help=f"work budget in work units (default and most {MAX_WORK:,}; see docs/api.md)",
    )
    command.add_argument("--count", type=int, metavar="K", help="a class set of K boards, 2 to 8, equally hard")
    command.add_argument(
        "--tolerance", type=float, metavar="T", help="a set's expected rolls at most T apart (fraction, default 0.05)"
    )
    command.add_argument("--figures", action="store_true", help="print the whole result as JSON, not just the matrix")


def _request(args: argparse.Namespace) -> dict[str, Any]:
    """The API's ``generate`` fields for the options given."""
    targets: dict[str, Any] = {"always_finishes": not args.allow_traps}
    if args.min_moves is not None:
        targets["min_moves"] = args.min_moves
    if args.expected is not None:
        targets["expected_rolls"] = list(args.expected)
    request: dict[str, Any] = {
        "n": args.size,
        "snakes": args.snakes,
        "ladders": args.ladders,
        "seed": args.seed,
        "targets": targets,
        "no_edge_rows": args.no_edge_rows,
        "tidy": args.tidy,
        "max_evaluations": args.max_evaluations,
        "max_work": args.max_work,
    }
    rules = {key: getattr(args, key) for key in ("start", "overshoot") if getattr(args, key) is not None}
    if rules:
        request["rules"] = rules
    for key in ("max_jump", "min_rows", "max_rows", "count", "tolerance"):
        if getattr(args, key) is not None:
            request[key] = getattr(args, key)
    return request


def run_generate(args: argparse.Namespace) -> int:
    """Run ``generate``: print the board (the closest, when it misses a target: then one line on
    standard error and 1), or print no board, one line on standard error and 1 or 2.  With ``--count``
    (or ``--tolerance``) the same for a class set: its boards' matrices, its misses."""
    one = args.count is None and args.tolerance is None
    try:
        request = _request(args)
        result = generated_to_json(generate(Spec.from_json(request))) if one else _set(request)
    except Impossible as error:
        return _fail(str(error), EXIT_NOT_MET)
    except GenerateError as error:
        return _fail(str(error), EXIT_BAD_ARGUMENTS)
    matrices = result["matrix"] if one else [board["matrix"] for board in result["boards"]]
    print(json.dumps(result if args.figures else matrices, ensure_ascii=False))
    return 0 if result["met"] else _fail(result["message"], EXIT_NOT_MET)


def _set(request: dict[str, Any]) -> dict[str, Any]:
    return set_to_json(generate_set(SetSpec.from_json(request)))


def _fail(message: str, status: int) -> int:
    print(f"snakes_ladders generate: {message}", file=sys.stderr)
    return status
