"""Bounded work on adversarial boards: time grows with the board, memory stays capped, replies stay small.

Times are compared as a ratio between two sizes of the same family (never against a fixed
number of seconds): a square count four times larger may cost at most eight times the time.
"""

from __future__ import annotations

import contextlib
import enum
import json
import random
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import ROOT, cpu_ratio
from snakes_ladders import Board, BoardError, solve
from snakes_ladders.api import handle
from snakes_ladders.board.rules import CLASSIC, Rules

PY = ROOT / "py"


def multiplying(n: int) -> Board:
    """Every roll from square b lands on a ladder to b + 7: about 6^(n²/7) optimal games."""
    last = n * n
    return Board(n, {s: b + 7 for b in range(1, last - 7, 7) for s in range(b + 1, b + 7)})


def ladder_chains(n: int) -> Board:
    """Every square 2..n²-1 a ladder to the next: every jump but the last is chained."""
    return Board(n, {s: s + 1 for s in range(2, n * n)})


def all_chained(n: int, seed: int = 1) -> Board:
    """Every square 2..n²-1 a ladder to a random higher square that holds a jump too (the top one a snake)."""
    rng = random.Random(seed)
    last = n * n
    jumps = {s: rng.randint(s + 1, last - 1) for s in range(2, last - 1)}
    jumps[last - 1] = 2
    return Board(n, jumps)


def random_dense(n: int, seed: int = 2) -> Board:
    rng = random.Random(seed)
    last = n * n
    jumps = {}
    for s in range(2, last):
        if rng.random() < 0.9:
            jumps[s] = rng.randint(1, s - 1) if rng.random() < 0.5 else rng.randint(s + 1, last)
    return Board(n, jumps)


@pytest.mark.perf
@pytest.mark.parametrize("family", [multiplying, ladder_chains, all_chained, random_dense])
def test_solve_time_grows_with_the_board(family: Callable[[int], Board]) -> None:
    small, large = family(100), family(200)
    matrix_small, matrix_large = small.to_matrix(), large.to_matrix()
    # A solve here takes 1 to 11 ms: trials of 0.1 s, seven of them. With the default 0.02 s and five, the
    # dense random family measured 5.2 to 9.6 on a quiet machine from one run to the next (8.4 failed a
    # fresh clone's run); with these, 5.2 to 6.5.
    ratio = cpu_ratio(lambda: solve(matrix_small), lambda: solve(matrix_large), trials=7, grain=0.1)
    assert ratio < 8, f"{family.__name__}: four times the squares took {ratio:.1f} times as long"


def walled(n: int) -> Board:
    """A ladder on square 1, then an empty board up to six snakes in a row before the end: unreachable,
    so the search settles every other square (a ladder on 1 is allowed only off the board)."""
    last = n * n
    return Board(n, {1: 3, **dict.fromkeys(range(last - 6, last), 2)}, allow_start_jump=True)


_OFF_BOARD = (CLASSIC, Rules(start="off-board", overshoot="bounce"))
_BY_RULES = [
    *((family, rules) for family in (multiplying, ladder_chains, walled) for rules in _OFF_BOARD),
    *((family, Rules(overshoot="win")) for family in (multiplying, ladder_chains)),
]


@pytest.mark.perf
@pytest.mark.parametrize(("family", "rules"), _BY_RULES)
def test_solve_by_rules_time_grows_with_the_board(family: Callable[[int], Board], rules: Rules) -> None:
    """Under rules other than LeetCode's (the plain search from the rules' start), four times the squares
    cost at most eight times the time too, on boards where it settles every square or counts past 10^30."""
    small, large = family(100), family(200)
    ratio = cpu_ratio(lambda: solve(small, rules), lambda: solve(large, rules))
    assert ratio < 8, f"{family.__name__} under {rules}: four times the squares took {ratio:.1f} times as long"


class _Empty(enum.IntEnum):
    CELL = -1


def _spoil_last(value: object) -> Callable[[int], list[list[object]]]:
    """A dense board whose highest inner square holds ``value``: the C-speed check fails at the
    very end, and the cell-by-cell reader reads every row to find it."""

    def make(n: int) -> list[list[object]]:
        matrix: list[list[object]] = [list(row) for row in random_dense(n).to_matrix()]
        matrix[0][1] = value  # square n² - 1 (the top row runs right to left when n is even)
        return matrix

    make.__name__ = f"last_square_{type(value).__name__}"
    return make


def _sparse_spoiled(value: object) -> Callable[[int], list[list[object]]]:
    """A board with a ladder in every row (the sparse route, which marshals each row) whose
    highest inner square holds ``value``: the sparse route fails at its last row, and the
    cell-by-cell reader then reads every row to find it."""

    def make(n: int) -> list[list[object]]:
        jumps = {from_bottom * n + 2: from_bottom * n + 9 for from_bottom in range(n - 1)}
        matrix: list[list[object]] = [list(row) for row in Board(n, jumps).to_matrix()]
        matrix[0][1] = value
        return matrix

    make.__name__ = f"sparse_last_square_{type(value).__name__}"
    return make


def _sampled_rows_empty(n: int) -> list[list[object]]:
    """A dense board whose every eighth row (the rows the read samples) is empty: the read counts
    every row before it takes the dense route."""
    matrix: list[list[object]] = [list(row) for row in random_dense(n).to_matrix()]
    for r in range(0, n, max(1, n // 8)):
        matrix[r] = [-1] * n
    return matrix


# Matrices that take the read off its C-speed path, or through every branch of it.
READ_ADVERSARIES: dict[str, Callable[[int], list[list[object]]]] = {
    "sparse, a float at the end": _sparse_spoiled(2.0),
    "sparse, -1.0 at the end": _sparse_spoiled(-1.0),
    "sparse, -5 at the end": _sparse_spoiled(-5),
    "dense but every eighth row empty": _sampled_rows_empty,
    "every square a snake to 1": lambda n: Board(n, dict.fromkeys(range(2, n * n), 1)).to_matrix(),
    "every square a ladder to the last": lambda n: Board(n, dict.fromkeys(range(2, n * n), n * n)).to_matrix(),
    "random 90%": lambda n: random_dense(n).to_matrix(),
    "an IntEnum -1 in every cell": lambda n: [[_Empty.CELL] * n for _ in range(n)],
    "a float at the end": _spoil_last(2.0),
    "a bool at the end": _spoil_last(True),
    "a 5,000-digit int at the end": _spoil_last(10**5000),
    "0 at the end": _spoil_last(0),
}


@pytest.mark.perf
@pytest.mark.parametrize("make", READ_ADVERSARIES.values(), ids=READ_ADVERSARIES.keys())
def test_read_time_grows_with_the_board(make: Callable[[int], list[list[object]]]) -> None:
    """Reading and checking a matrix (Board.from_matrix) is linear in its cells, on the fast path,
    the cell-by-cell path it falls back to, and up to the error at the last cell."""
    small, large = make(250), make(500)

    def read(matrix: list[list[object]]) -> None:
        with contextlib.suppress(BoardError):
            Board.from_matrix(matrix)

    ratio = cpu_ratio(lambda: read(small), lambda: read(large))
    assert ratio < 8, f"four times the cells took {ratio:.1f} times as long to read"


def test_chained_reply_is_bounded() -> None:
    """A 1000×1000 board where every jump is chained: one int per chained jump, five messages."""
    board = all_chained(1000)
    request = json.dumps({"version": 1, "op": "solve", "board": board.to_matrix()})
    reply = handle(request)
    result = json.loads(reply)["result"]
    assert result["warnings"]["total"] == len(board.chained()) == board.last - 2
    assert len(result["warnings"]["shown"]) == 5
    assert result["chained"] == sorted(board.chained())
    assert len(reply.encode()) < 20 * board.last, f"{len(reply.encode()) / board.last:.1f} bytes a square"
    # validate echoes the board twice (the matrix and the jump list: about 26 bytes a square here),
    # and adds the chained starts; it used to add a sentence per chained jump (about 150 bytes each).
    validate = handle(json.dumps({"version": 1, "op": "validate", "board": board.to_matrix()}))
    assert len(validate.encode()) < 40 * board.last


def test_memory_is_bounded() -> None:
    """Solve the astronomical-count and the all-chained 1000×1000 boards with 2 GB of address space."""
    script = textwrap.dedent(
        f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
        sys.path.insert(0, {str(PY)!r})
        sys.path.insert(0, {str(ROOT / "tests")!r})
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from test_solve_bounds import ladder_chains, multiplying
        from snakes_ladders import solve
        for make in (multiplying, ladder_chains):
            s = solve(make(1000).to_matrix())
            print(s.moves, s.paths_count.exact, s.paths_count.exponent)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    first, second = done.stdout.split("\n")[:2]
    moves, exact, exponent = first.split()
    assert (moves, exact) == ("142858", "False") and int(exponent) > 100_000
    assert second.split() == ["142857", "True", "0"]
