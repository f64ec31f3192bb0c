"""Command line: ``python -m snakes_ladders solve FILE``, and ``analyze``, ``explain``, ``play``.

It goes through the same JSON boundary as the browser, so the two can never
disagree about what a valid board is or what its answer is.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from . import __version__
from .api import API_VERSION, handle
from .gencli import add_generate_command, run_generate
from .rules import OVERSHOOTS, STARTS

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1

DESCRIPTION = """\
Solve snakes-and-ladders boards under the rules of LeetCode 909: start on
square 1, each move picks a roll of 1 to 6, a snake or ladder on the landing
square is taken (one per move), and the answer is the least number of moves
to reach the last square, or -1.  analyze, explain and play treat the board
as a game of chance: random rolls of a fair die, under rules that default to
LeetCode's and can be the classic game's."""

EPILOG = """\
FILE holds a LeetCode matrix as JSON, for example [[-1,-1],[-1,3]]; a leading
"board =" is allowed, and so is a JSON object with the matrix under "board"
(the form of tests/fixtures/*.json). Use - to read standard input.

check SOLUTION.py tests a LeetCode 909 solution against boards that catch
the usual mistakes (python -m snakes_ladders check --help).

examples:
  python -m snakes_ladders solve tests/fixtures/leetcode_example_1.json
  echo '[[-1,-1],[-1,3]]' | python -m snakes_ladders solve - --indent 2
  python -m snakes_ladders analyze tests/fixtures/leetcode_example_1.json --overshoot bounce --players 2
  python -m snakes_ladders play tests/fixtures/leetcode_example_1.json --players 3 --seed 42

A fixture object may carry "rules" ({"start": ..., "overshoot": ...}); analyze
and play use them, and --start and --overshoot override them one by one.

exit status: 0 on success, 2 when the file cannot be read or is not a valid
board, or the rules, players or seed are wrong (one line on standard error
says what is wrong and where), 1 on an internal error."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m snakes_ladders",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    helps = {
        "solve": "print the solution as JSON: moves, path, steps, distances, paths_count, explored",
        "moves": "print only the least number of moves (-1 when unreachable)",
        "validate": "check a board and print it back as JSON with any warnings",
    }
    helps.update(RANDOM_PLAY_HELPS)
    for name, text in helps.items():
        command = commands.add_parser(name, help=text, description=text)
        command.add_argument("file", metavar="FILE", help="a JSON file with a LeetCode matrix, or - for stdin")
        if name in ("analyze", "play"):
            command.add_argument(
                "--start",
                choices=STARTS,
                help="square1: stand on square 1 before the first roll (LeetCode, the default); "
                "off-board: enter with the first roll, so square 1 may hold a ladder (classic)",
            )
            command.add_argument(
                "--overshoot",
                choices=OVERSHOOTS,
                help="a roll past the last square: stay put (the default), bounce back by the excess, or win",
            )
            command.add_argument(
                "--players", type=int, default=1, metavar="N", help="1 to 4 players taking turns (default 1)"
            )
        if name == "play":
            command.add_argument(
                "--seed",
                type=int,
                required=True,
                metavar="S",
                help="seed of the die, 0 to 2**53-1: same seed, same game",
            )
        if name != "moves":
            command.add_argument("--indent", type=int, default=None, metavar="N", help="pretty-print with N spaces")
    add_generate_command(commands)  # generate: takes no FILE (gencli.py)
    return parser


RANDOM_PLAY_HELPS = {
    "analyze": "print exact random-play figures as JSON: expected rolls, length distribution, visits, "
    "jump use, the players' chances",
    "explain": "print the LeetCode search layer by layer as JSON, and the wall when unreachable",
    "play": "play one seeded game and print every turn and the winner as JSON",
}


def _request(args: argparse.Namespace, text: str) -> dict[str, object]:
    """The API request for the command: the board from the text, and the options."""
    op = {"solve": "solve", "moves": "min_moves", "validate": "validate"}.get(args.command, args.command)
    request: dict[str, object] = {"version": API_VERSION, "op": op, "board_text": text}
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        document = None  # the boundary reports what is wrong with the text
    if isinstance(document, dict) and "board" in document:  # a fixture file
        request = {"version": API_VERSION, "op": op, "board": document["board"]}
        if "rules" in document and op in ("analyze", "play"):
            request["rules"] = document["rules"]
    if op in ("analyze", "play"):
        overrides = {key: getattr(args, key) for key in ("start", "overshoot") if getattr(args, key) is not None}
        if overrides:
            rules = request.get("rules", {})
            request["rules"] = {**rules, **overrides} if isinstance(rules, dict) else rules
        request["players"] = args.players
    if op == "play":
        request["seed"] = args.seed
    return request


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle_:
        return handle_.read()


def _fail(path: str, message: str, status: int) -> int:
    line = " ".join(message.split())
    print(f"snakes_ladders: {path}: {line}", file=sys.stderr)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["check"]:  # practice mode: test a LeetCode 909 solution (practice_run.py)
        from .practice_run import main as check

        return check(arguments[1:])
    args = build_parser().parse_args(arguments)
    if args.command == "generate":
        return run_generate(args)
    name = "<stdin>" if args.file == "-" else args.file
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return _fail(name, f"cannot read the file: {reason}", EXIT_BAD_INPUT)
    request = _request(args, text)
    reply = json.loads(handle(json.dumps(request)))
    if not reply["ok"]:
        error = reply["error"]
        status = EXIT_INTERNAL if error["kind"] == "internal" else EXIT_BAD_INPUT
        return _fail(name, error["message"], status)
    result = reply["result"]
    if args.command == "moves":
        print(result["moves"])
    else:
        print(json.dumps(result, indent=args.indent, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
