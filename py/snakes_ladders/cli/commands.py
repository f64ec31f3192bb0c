"""Command line: ``python -m snakes_ladders solve FILE``, and ``analyze``, ``explain``, ``play``.

It goes through the same boundary as the browser (``api.answer`` checks and
answers the request as ``api.handle`` does), so the two can never disagree about
what a valid board is or what its answer is.  Input is read as UTF-8, at most
``MAX_INPUT_CHARS`` characters (the longest board text the API reads), so
memory stays bounded by that whatever the file or stream.
"""

from __future__ import annotations

import argparse
import codecs
import errno
import json
import os
import stat
import sys
from collections.abc import Sequence
from typing import Any, BinaryIO

from .. import __version__
from ..api import API_VERSION, BOM, answer, max_board_text_chars, parse_board_text
from ..api.jsontext import clip_digits
from ..board import MAX_SIZE, OVERSHOOTS, SIXES, STARTS
from .generating import add_generate_command, run_generate

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1
#: A reader that stopped early (``| head``): quiet, with the status of a command killed by SIGPIPE.
EXIT_BROKEN_PIPE = 141
MAX_INPUT_CHARS = max_board_text_chars(MAX_SIZE)
MAX_INDENT = 8
_BLOCK = 1 << 16

DESCRIPTION = """\
Solve snakes-and-ladders boards under the rules of LeetCode 909: start on
square 1, each move picks a roll of 1 to 6, a snake or ladder on the landing
square is taken (one per move), and the answer is the least number of moves
to reach the last square, or -1 (solve also answers under a board's own rules:
from off the board under the classic start).  analyze and play treat the board
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

A fixture object may carry "rules" ({"start": ..., "overshoot": ..., "sixes": ...});
solve, analyze and play use them, and --start, --overshoot and --sixes override them one by one
(explain reads only the start: --start).

FILE must be UTF-8 text (a byte order mark is allowed) of at most 16,065,536
characters, the most a 1000×1000 board takes; reading stops there.

exit status: 0 on success; 2 when the file cannot be read, is not UTF-8, is
too long or is not a valid board, when the rules, players or seed are wrong,
or when the output cannot be written (one line on standard error says what is
wrong and where); 1 on an internal error; 141, silently, when the reader of
the output goes away early (as in | head -c 10), as for a command stopped by
SIGPIPE."""


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
        _add_rule_options(command, RULE_OPTIONS.get(name, ()))
        if name in ("analyze", "play"):
            command.add_argument(
                "--players", type=_integer, default=1, metavar="N", help="1 to 4 players taking turns (default 1)"
            )
        if name == "play":
            command.add_argument(
                "--seed",
                type=_integer,
                required=True,
                metavar="S",
                help="seed of the die, 0 to 2**53-1: same seed, same game",
            )
        if name != "moves":
            command.add_argument(
                "--indent",
                type=_indent,
                default=None,
                metavar="N",
                help=f"pretty-print with N spaces (0 to {MAX_INDENT})",
            )
    add_generate_command(commands)  # generate: takes no FILE (generating.py)
    return parser


#: The rules each command reads (from a fixture's "rules", then --start, --overshoot and --sixes).
RULE_OPTIONS = {
    "solve": ("start", "overshoot", "sixes"),
    "moves": ("start", "overshoot", "sixes"),
    "analyze": ("start", "overshoot", "sixes"),
    "explain": ("start",),
    "play": ("start", "overshoot", "sixes"),
}
_RULE_HELPS = {
    "start": "square1: stand on square 1 before the first roll (LeetCode, the default); "
    "off-board: enter with the first roll, so square 1 may hold a ladder (classic)",
    "overshoot": "a roll past the last square: stay put (the default), bounce back by the excess, or win",
    "sixes": "plain: a 6 is a roll like any other (the default); again: a 6 rolls again in the same turn; "
    "again-three-to-start: as again, but a third 6 in a turn sends the token back to the start",
}


def _add_rule_options(command: argparse.ArgumentParser, names: Sequence[str]) -> None:
    """``--start``, ``--overshoot`` and ``--sixes``, those of ``names``."""
    choices = {"start": STARTS, "overshoot": OVERSHOOTS, "sixes": SIXES}
    for name in names:
        command.add_argument(f"--{name}", choices=choices[name], help=_RULE_HELPS[name])


RANDOM_PLAY_HELPS = {
    "analyze": "print exact random-play figures as JSON: expected rolls, length distribution, visits, "
    "jump use, the players' chances",
    "explain": "print the LeetCode search layer by layer as JSON, and the wall when unreachable",
    "play": "play one seeded game and print every turn and the winner as JSON",
}


def _integer(text: str) -> int:
    """An integer option; the API checks its range.  A long one is named by its first digits."""
    digits = text.strip()
    if not digits.removeprefix("-").isdecimal() or not digits.isascii():
        raise argparse.ArgumentTypeError(f"expected a whole number, got {clip_digits(text[:40])!r}")
    try:
        return int(digits)
    except ValueError:  # more digits than Python reads
        raise argparse.ArgumentTypeError(f"the number {clip_digits(digits)} is too long") from None


def _indent(text: str) -> int:
    """The ``--indent`` option: a whole number from 0 to ``MAX_INDENT``."""
    indent = _integer(text)
    if not 0 <= indent <= MAX_INDENT:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 0 to {MAX_INDENT}, got {clip_digits(str(indent))}"
        )
    return indent


class InputError(Exception):
    """Input that cannot be read: closed, not UTF-8 or too long; the message says which."""


def _request(args: argparse.Namespace, text: str) -> dict[str, Any]:
    """The API request for the command: the board from the text, and the options."""
    op = {"solve": "solve", "moves": "min_moves", "validate": "validate"}.get(args.command, args.command)
    request: dict[str, Any] = {"version": API_VERSION, "op": op, "board_text": text}
    document = _fixture(text)
    if document is not None:
        request = {"version": API_VERSION, "op": op, "board": document["board"]}
        if "rules" in document and args.command in RULE_OPTIONS:
            request["rules"] = document["rules"]
    overrides = {
        key: getattr(args, key) for key in RULE_OPTIONS.get(args.command, ()) if getattr(args, key) is not None
    }
    if overrides:
        rules = request.get("rules", {})
        request["rules"] = {**rules, **overrides} if isinstance(rules, dict) else rules
    if op in ("analyze", "play"):
        request["players"] = args.players
    if op == "play":
        request["seed"] = args.seed
    return request


def _fixture(text: str) -> dict[str, Any] | None:
    """The object of a fixture file (a JSON object with a ``board``), else None.

    Only text that opens with ``{`` is parsed here, with the API's own checks;
    anything else, and any error, is left for the API to report.
    """
    if text.lstrip(BOM + " \t\r\n")[:1] != "{":
        return None
    try:
        document = parse_board_text(text)
    except ValueError:
        return None
    return document if isinstance(document, dict) and "board" in document else None


def _read(path: str) -> str:
    """The text of ``path`` (``-`` for standard input): UTF-8, at most ``MAX_INPUT_CHARS`` characters."""
    if path != "-":
        with open(path, "rb") as stream:
            return _decode(stream)
    if sys.stdin is None:
        raise InputError("cannot read standard input: it is closed")
    binary = getattr(sys.stdin, "buffer", None)
    if binary is None:  # a text stream put in place of stdin (tests do)
        text = sys.stdin.read(MAX_INPUT_CHARS + 1)
        return _check_length(text)
    return _decode(binary)


def _decode(stream: BinaryIO) -> str:
    """Read UTF-8 from ``stream`` block by block, stopping after ``MAX_INPUT_CHARS`` + 1 characters."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    pieces: list[str] = []
    chars = 0
    offset = 0  # bytes read before this block
    while chars <= MAX_INPUT_CHARS:
        block = stream.read(_BLOCK)
        pending = len(decoder.getstate()[0])
        try:
            piece = decoder.decode(block, final=not block)
        except UnicodeDecodeError as error:
            at = offset - pending + error.start
            raise InputError(f"not UTF-8 text: {error.reason} at byte offset {at:,}") from None
        pieces.append(piece)
        chars += len(piece)
        offset += len(block)
        if not block:
            break
    return _check_length("".join(pieces))


def _check_length(text: str) -> str:
    if len(text) > MAX_INPUT_CHARS:
        raise InputError(
            f"the input is longer than {MAX_INPUT_CHARS:,} characters, the most a {MAX_SIZE}×{MAX_SIZE} board "
            "takes; stopped reading there"
        )
    return text


def _fail(path: str, message: str, status: int) -> int:
    line = " ".join(message.split())
    print(f"snakes_ladders: {path}: {line}", file=sys.stderr)
    return status


def _write(text: str) -> int:
    """Write the output; a failed write is one line on standard error, a closed pipe is silent."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _discard_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as error:
        _discard_stdout()
        return _fail("<stdout>", f"cannot write the output: {error.strerror or error}", EXIT_BAD_INPUT)
    return 0


def _discard_stdout() -> None:
    """Point standard output at the null device, so the flush at exit cannot fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no file descriptor (a test's capture): nothing is flushed at exit
        pass


def _read_solution(path: str) -> str:
    """``check``'s solution file, read as ``_read`` reads input; ValueError says what is wrong with it.

    It is opened without waiting for a writer, so a named pipe nobody writes to is reported, not waited on.
    """
    try:
        if path == "-":
            return _read(path)
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as stream:
            mode = os.fstat(stream.fileno()).st_mode
            if stat.S_ISDIR(mode):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
            os.set_blocking(stream.fileno(), True)
            text = _decode(stream)
    except InputError as error:
        raise ValueError(str(error)) from None
    if not text and stat.S_ISFIFO(mode):
        raise ValueError("nothing to read: a named pipe (FIFO) with no writer")
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["check"]:  # practice mode: test a LeetCode 909 solution (check.py)
        from .check import main as check

        return check(arguments[1:], read=_read_solution, write=_write)
    args = build_parser().parse_args(arguments)
    if args.command == "generate":
        return run_generate(args)
    name = "<stdin>" if args.file == "-" else args.file
    try:
        text = _read(args.file)
    except InputError as error:
        return _fail(name, str(error), EXIT_BAD_INPUT)
    except OSError as error:
        return _fail(name, f"cannot read the file: {error.strerror or error}", EXIT_BAD_INPUT)
    reply = answer(_request(args, text))
    if not reply["ok"]:
        fault = reply["error"]
        status = EXIT_INTERNAL if fault["kind"] == "internal" else EXIT_BAD_INPUT
        return _fail(name, fault["message"], status)
    result = reply["result"]
    if args.command == "moves":
        return _write(f"{result['moves']}\n")
    return _write(json.dumps(result, indent=args.indent, ensure_ascii=False) + "\n")
