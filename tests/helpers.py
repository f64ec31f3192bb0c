"""What the unit tests of several rooms share: the repository's paths and fixtures, a few boards, asking
the JSON API and the command line, CPU time, and the contract's declared result shapes.

The independent models live apart: ``reference`` (LeetCode 909, and the random boards every test draws)
and ``exact_chain`` (random play).
"""

from __future__ import annotations

import io
import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from snakes_ladders import api
from snakes_ladders.api import handle
from snakes_ladders.board import Board, Rules
from snakes_ladders.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def fixture(name: str) -> dict[str, Any]:
    """tests/fixtures/NAME.json (``rules/NAME`` for the ones played under rules of their own)."""
    return dict(json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8")))


# --------------------------------------------------------------------------- boards

#: LeetCode 909's example 1 as a matrix: ladders 2 -> 15 and 14 -> 35, snake 17 -> 13; 4 moves.
EXAMPLE_1_FILE = FIXTURES / "leetcode_example_1.json"
EXAMPLE_1: list[list[int]] = fixture("leetcode_example_1")["board"]

#: The classic 10×10 board under the classic rules (start off the board).
CLASSIC_FILE = FIXTURES / "rules" / "classic_10x10_classic_rules.json"
CLASSIC_FIXTURE = fixture("rules/classic_10x10_classic_rules")

ALL_RULES = [Rules(start, overshoot) for start in ("square1", "off-board") for overshoot in ("stay", "bounce", "win")]

# A board with a trap: squares 8..13 all slide to 7, so from 7 every roll comes back to 7.  The ladder
# 2 -> 14 is the only way past: from 1 a roll of 1 takes it, any other roll leads into the trap.
TRAP_BOARD = Board(4, {2: 14, 8: 7, 9: 7, 10: 7, 11: 7, 12: 7, 13: 7})


def sixes_wall(n: int) -> Board:
    """Every square slides to 1 except 1, 7, 13, ... (and n²): finishing needs a run of sixes."""
    return Board(n, {s: 1 for s in range(2, n * n) if (s - 1) % 6})


def within(dist: list[int | None], limit: int | None) -> tuple[int | None, ...]:
    """The distances ``solve`` reports: those at most ``limit`` (all when None), None beyond."""
    return tuple(d if d is not None and (limit is None or d <= limit) else None for d in dist)


# --------------------------------------------------------------------------- the JSON API

ERROR_KEYS = {"kind", "message", "row", "column", "square"}


def strict_json(text: str) -> Any:
    """Parse as standard JSON: NaN and Infinity are not allowed in a response."""

    def refuse(constant: str) -> None:
        raise AssertionError(f"non-standard JSON constant {constant}")

    return json.loads(text, parse_constant=refuse)


def call(**request: object) -> dict[str, Any]:
    """handle() on a request built from keywords, version 1 unless given."""
    request.setdefault("version", 1)
    response = handle(json.dumps(request))
    assert isinstance(response, str)
    reply: dict[str, Any] = strict_json(response)
    return reply


def ok(**request: object) -> Any:
    reply = call(**request)
    assert reply["ok"] is True, reply
    assert reply["version"] == 1
    assert set(reply) == {"ok", "version", "result"}
    return reply["result"]


def check_error_shape(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"] is False
    assert reply["version"] == 1
    assert set(reply) == {"ok", "version", "error"}
    error: dict[str, Any] = reply["error"]
    assert set(error) == ERROR_KEYS
    assert error["kind"] in {"json", "request", "board", "internal"}
    assert isinstance(error["message"], str) and error["message"]
    assert "\n" not in error["message"]
    for key in ("row", "column", "square"):
        assert error[key] is None or type(error[key]) is int
    return error


# --------------------------------------------------------------------------- the command line


def run(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """python -m snakes_ladders ARGS in a child process, with py/ on the path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "py"), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "snakes_ladders", *args],
        input=stdin.encode() if isinstance(stdin, str) else stdin,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def one_line(stderr: str) -> str:
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert stderr.endswith("\n")
    return lines[0]


def in_process(
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    stdin: str | None = None,
    monkeypatch: pytest.MonkeyPatch | None = None,
) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


# --------------------------------------------------------------------------- work bounds


def best_cpu(run: Callable[[], object], runs: int = 3) -> float:
    """The least CPU time of ``runs`` calls (time.process_time: less inflated than wall time by a busy machine)."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def _per_call(call: Callable[[], object], repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        call()
    return (time.process_time() - start) / repeat


def cpu_ratio(small: Callable[[], object], large: Callable[[], object], trials: int = 5, grain: float = 0.02) -> float:
    """CPU time per call of ``large`` over that of ``small``, the least of ``trials`` interleaved trials each.

    The two are timed in turn (small then large, then large then small, ...), so a burst of load on a
    busy machine falls on both sides rather than on whichever ran during it; a call under ``grain``
    seconds is repeated within each trial until the trial takes about ``grain``, so a millisecond search
    is not timed at the clock's grain.  Measured on two cores with two pytest workers and a browser
    suite beside them, timing each side alone (three trials of the small, then three of the large) let a
    4× board measure 8.7× its neighbour where it is 5× quiet; interleaved, the least of each side holds.
    """
    repeats = []
    for call in (small, large):
        once = _per_call(call, 1)
        repeats.append(max(1, math.ceil(grain / max(once, 1e-6))))
    best = [float("inf"), float("inf")]
    for trial in range(trials):
        order = (0, 1) if trial % 2 == 0 else (1, 0)
        for side in order:
            best[side] = min(best[side], _per_call((small, large)[side], repeats[side]))
    return best[1] / max(best[0], 1e-9)


# --------------------------------------------------------------------------- the contract's result shapes


def _split(text: str, separator: str) -> list[str]:
    """``text`` cut at ``separator`` where it stands outside brackets and quotes."""
    parts, depth, quoted, start = [], 0, False, 0
    for i, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif not quoted and char in "([{":
            depth += 1
        elif not quoted and char in ")]}":
            depth -= 1
        elif not quoted and depth == 0 and char == separator:
            parts.append(text[start:i].strip())
            start = i + 1
    return [*parts, text[start:].strip()]


def mismatch(value: object, kind: str, where: str = "result") -> str | None:
    """Why ``value`` is not of the declared type ``kind`` (the contract's TypeScript-like text), or None."""
    kind = kind.strip()
    alternatives = _split(kind, "|")
    if len(alternatives) > 1:
        faults = [mismatch(value, alternative, where) for alternative in alternatives]
        return None if None in faults else f"{where}: {json.dumps(value)[:80]} is not {kind}"
    if kind in api.TYPES:
        return mismatch(value, api.TYPES[kind], where)
    simple = {"null": value is None, "boolean": type(value) is bool, "string": type(value) is str}
    simple["number"] = type(value) in (int, float)
    if kind in simple or kind.startswith('"'):
        right = simple[kind] if kind in simple else value == json.loads(kind)
        return None if right else f"{where}: {json.dumps(value)[:80]} is not {kind}"
    if kind.endswith("[]"):
        item = kind[:-2].removeprefix("(").removesuffix(")") if kind.startswith("(") else kind[:-2]
        if not isinstance(value, list):
            return f"{where}: not a list ({kind})"
        return next(filter(None, (mismatch(v, item, f"{where}[{i}]") for i, v in enumerate(value))), None)
    if kind.startswith("["):
        items = _split(kind[1:-1], ",")
        if not isinstance(value, list) or len(value) != len(items):
            return f"{where}: {json.dumps(value)[:80]} is not {kind}"
        return next(
            filter(None, (mismatch(v, t, f"{where}[{i}]") for i, (v, t) in enumerate(zip(value, items, strict=True)))),
            None,
        )
    assert kind.startswith("{"), f"no such type {kind!r}"
    entries = dict(entry.split(":", 1) for entry in _split(kind[1:-1], ","))
    return object_mismatch(value, {key.strip(): text for key, text in entries.items()}, where)


def object_mismatch(value: object, declared: dict[str, str], where: str) -> str | None:
    """Why ``value`` is not an object with exactly the ``declared`` keys (``key?`` optional) and types."""
    if not isinstance(value, dict):
        return f"{where}: not an object"
    required = {key for key in declared if not key.endswith("?")}
    names = {key.removesuffix("?"): text for key, text in declared.items()}
    if not required <= set(value) <= set(names):
        return f"{where}: keys {sorted(value)}, declared {sorted(names)}"
    return next(filter(None, (mismatch(value[key], names[key], f"{where}.{key}") for key in value)), None)
