"""Tidy boards: every board generated with ``tidy`` checked by a segment-intersection test
written here, independently of ``snakes_ladders.generate.tidy`` (parametric, with exact fractions: proper
crossings, collinear overlaps, one jump ending on another, shared end squares), the row limits, the
least-moves bound they bring, the cost of the check per candidate, the op and the CLI."""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
import time
from fractions import Fraction

import pytest
from helpers import ROOT
from snakes_ladders import Board, min_moves
from snakes_ladders.api import handle
from snakes_ladders.generate.search import GenerateError, Impossible, Spec, Targets, generate
from snakes_ladders.generate.tidy import Tidy, meet

Point = tuple[int, int]


@functools.cache
def centres(n: int) -> dict[int, Point]:
    """Every square's centre on the zig-zag grid, (column, row) from the bottom left: the numbers written
    along the rows from the bottom, left to right, then right to left, and so on."""
    found: dict[int, Point] = {}
    number = 1
    for row in range(n):
        for column in range(n) if row % 2 == 0 else range(n - 1, -1, -1):
            found[number] = (column, row)
            number += 1
    return found


def centre(square: int, n: int) -> Point:
    return centres(n)[square]


def cross(a: Point, b: Point) -> int:
    return a[0] * b[1] - a[1] * b[0]


def how_they_meet(p: Point, p2: Point, q: Point, q2: Point) -> str | None:
    """How the closed segments p-p2 and q-q2 meet: "crossing" (at a point inside both), "touch" (an end
    of one on the other), "overlap" (on one line, sharing a stretch or a point), or None (apart)."""
    r = (p2[0] - p[0], p2[1] - p[1])
    s = (q2[0] - q[0], q2[1] - q[1])
    qp = (q[0] - p[0], q[1] - p[1])
    denominator = cross(r, s)
    if denominator == 0:
        if cross(qp, r) != 0:
            return None  # parallel, apart
        length = r[0] * r[0] + r[1] * r[1]
        t0 = Fraction(qp[0] * r[0] + qp[1] * r[1], length)
        t1 = t0 + Fraction(s[0] * r[0] + s[1] * r[1], length)
        return "overlap" if min(t0, t1) <= 1 and max(t0, t1) >= 0 else None
    t = Fraction(cross(qp, s), denominator)
    u = Fraction(cross(qp, r), denominator)
    if not (0 <= t <= 1 and 0 <= u <= 1):
        return None
    return "crossing" if 0 < t < 1 and 0 < u < 1 else "touch"


def faults(board: Board) -> list[str]:
    """Every pair of the board's jumps that share an end square, cross, touch or overlap."""
    return faults_of(board.n, list(board.jumps.items()))


def rows(board: Board) -> list[int]:
    return [abs(centre(a, board.n)[1] - centre(b, board.n)[1]) for a, b in board.jumps.items()]


# --------------------------------------------------------------------------- the check written here


@pytest.mark.parametrize(
    ("jumps", "kind"),
    [
        ({2: 40, 21: 4}, "crossing"),  # (1,0)-(0,3) and (0,2)-(3,0)
        ({2: 42, 22: 62}, "overlap"),  # column 1: rows 0-4 and 2-6
        ({2: 62, 39: 5}, "touch"),  # 39's centre (1, 3) lies on 2 -> 62, column 1
        ({12: 30, 30: 1}, "shared end square"),  # not a Board the generator makes: two jumps on 30
    ],
)
def test_the_check_here_sees_each_kind_of_meeting(jumps: dict[int, int], kind: str) -> None:
    found = faults_of(10, list(jumps.items()))
    assert len(found) == 1 and found[0].endswith(kind), found


def faults_of(n: int, jumps: list[tuple[int, int]]) -> list[str]:
    """``faults`` for a list of jumps that need not make a valid Board (two may share a square)."""
    found = []
    for i, (a, b) in enumerate(jumps):
        for c, d in jumps[:i]:
            if {a, b} & {c, d}:
                found.append(f"{a}->{b} and {c}->{d}: shared end square")
                continue
            kind = how_they_meet(centre(a, n), centre(b, n), centre(c, n), centre(d, n))
            if kind is not None:
                found.append(f"{a}->{b} and {c}->{d}: {kind}")
    return found


def test_collinear_jumps_with_a_gap_are_apart() -> None:
    assert faults_of(10, [(2, 22), (42, 62)]) == []  # column 1, rows 0-2 and 4-6


def test_the_package_check_agrees_with_the_one_here_on_random_segments() -> None:
    rng = random.Random(24)
    kinds: set[str | None] = set()
    for _ in range(20_000):
        points = [(rng.randint(0, 4), rng.randint(0, 4)) for _ in range(4)]
        if points[0] == points[1] or points[2] == points[3]:
            continue
        kind = how_they_meet(*points)
        kinds.add(kind)
        assert meet(*points) == (kind is not None), points
    assert kinds == {None, "crossing", "touch", "overlap"}


def test_untidy_boards_do_tangle() -> None:
    """The check can fail: boards generated without ``tidy`` cross and touch."""
    tangled = [
        faults(generate(Spec(n=10, snakes=8, ladders=8, seed=seed, targets=Targets(min_moves=7))).board)
        for seed in range(5)
    ]
    assert all(tangled)


# --------------------------------------------------------------------------- every tidy board returned

TIDY_SPECS = [
    Spec(n=10, snakes=8, ladders=8, seed=0, targets=Targets(min_moves=7, expected_rolls=(30, 40)), tidy=True),
    Spec(n=10, snakes=8, ladders=8, seed=0, targets=Targets(min_moves=3), tidy=True, max_evaluations=200),
    Spec(n=6, snakes=3, ladders=3, seed=0, targets=Targets(min_moves=4, expected_rolls=(14, 18)), tidy=True),
    Spec(n=8, snakes=6, ladders=6, seed=0, tidy=True, min_rows=2, max_rows=3, max_evaluations=30),
    Spec(n=5, snakes=4, ladders=4, seed=0, targets=Targets(min_moves=2), tidy=True, max_evaluations=50),
    Spec(n=20, snakes=20, ladders=20, seed=0, targets=Targets(min_moves=60), tidy=True, max_evaluations=40),
]


@pytest.mark.parametrize("case", range(len(TIDY_SPECS)))
def test_every_tidy_board_returned_has_no_two_jumps_meeting(case: int) -> None:
    for seed in range(3):
        spec = TIDY_SPECS[case]
        found = generate(Spec(**{**spec.__dict__, "seed": seed}))
        board = found.board
        assert faults(board) == []
        assert (len(board.snakes), len(board.ladders)) == (spec.snakes, spec.ladders)
        assert all(spec.min_rows <= length <= spec.longest_rows for length in rows(board)), rows(board)
        assert found.figures.min_moves == min_moves(board)


def test_tidy_meets_what_the_untidy_search_meets() -> None:
    for seed in range(4):
        found = generate(Spec(n=10, snakes=8, ladders=8, seed=seed, targets=Targets(7, (30, 40)), tidy=True))
        assert found.met and faults(found.board) == []


def test_the_tidy_default_keeps_jumps_off_the_whole_board() -> None:
    """Least moves 1 gave one ladder from 2 to 100; a tidy board's jumps span at most n - 2 rows."""
    with pytest.raises(Impossible) as raised:
        Spec(n=10, snakes=0, ladders=1, seed=0, targets=Targets(min_moves=1), tidy=True)
    assert str(raised.value) == (
        "least moves 1 is out of reach: with 1 ladder at most 8 rows long (a tidy board's default max_rows) a "
        "10×10 board takes at least 2 moves"
    )
    found = generate(Spec(n=10, snakes=0, ladders=1, seed=0, targets=Targets(min_moves=2), tidy=True))
    assert found.met and max(rows(found.board)) <= 8
    untidy = Spec(n=10, snakes=0, ladders=1, seed=0, targets=Targets(min_moves=1))
    assert generate(untidy).met  # the old behaviour, still there without tidy


def test_row_limits_hold_without_tidy_too() -> None:
    found = generate(Spec(n=10, snakes=8, ladders=8, seed=3, min_rows=2, max_rows=4, max_evaluations=20))
    assert all(2 <= length <= 4 for length in rows(found.board))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"tidy": 1}, "tidy must be true or false, got 1 (int)"),
        ({"min_rows": 0}, "min_rows must be an integer from 1 to 9, got 0 (int)"),
        ({"min_rows": 3, "max_rows": 2}, "max_rows must be an integer from 3 to 9, got 2 (int)"),
        ({"max_rows": 10}, "max_rows must be an integer from 1 to 9, got 10 (int)"),
    ],
)
def test_bad_tidy_fields_exact_messages(fields: dict, message: str) -> None:
    with pytest.raises(GenerateError) as raised:
        Spec(n=10, snakes=1, ladders=1, seed=0, **fields)
    assert str(raised.value) == message


def test_no_tidy_board_found_says_so() -> None:
    """Eight jumps on a 4×4 board, one row each: the matching places them, no draw placed them apart."""
    with pytest.raises(Impossible) as raised:
        generate(Spec(n=4, snakes=4, ladders=4, seed=0, tidy=True, max_rows=1))
    assert str(raised.value) == (
        "found no tidy board with 4 snakes and 4 ladders on a 4×4 board: every draw left two jumps crossing, "
        "touching or overlapping (ask for fewer, loosen min_rows or max_rows, or set tidy false)"
    )
    with pytest.raises(Impossible) as raised:
        generate(Spec(n=5, snakes=6, ladders=6, seed=0, tidy=True, max_rows=1))
    assert str(raised.value) == (
        "could not place 6 snakes and 6 ladders: at most 10 jumps fit on a 5×5 board, each on two squares of its "
        "own 1 row apart (ask for fewer, or loosen min_rows or max_rows)"
    )


# --------------------------------------------------------------------------- the cost of the check


def test_a_candidate_costs_segment_tests_linear_in_the_jumps() -> None:
    """Each draw is tested against the other jumps only: at most jumps - 1 segment tests a draw, at two
    sizes, so four times the jumps is at most four times the tests a draw (not sixteen)."""
    per_draw = []
    for jumps in (6, 24):
        spec = Spec(n=20, snakes=jumps, ladders=jumps, seed=1, tidy=True, targets=Targets(min_moves=200))
        tests, draws = count_tidy_tests(spec)
        assert tests <= draws * (2 * jumps - 1)
        per_draw.append(tests / draws)
    assert per_draw[1] / per_draw[0] < 4 * 1.2


@pytest.mark.perf
def test_tidy_work_units_track_cpu_time_at_two_sizes() -> None:
    """The budget bounds a tidy search as any other: the same budget on a 10×10 board with 8 + 8 jumps and a
    30×30 board with 60 + 60 (placements of many jumps, each tested against the others), CPU time per work
    unit within a factor 4 (about 0.19 µs on CPython at both)."""
    rates = []
    for n, jumps in ((10, 8), (30, 60)):
        spec = Spec(n=n, snakes=jumps, ladders=jumps, seed=1, targets=Targets(expected_rolls=(1e6, 2e6)), tidy=True)
        began = time.process_time()
        found = generate(Spec(**{**spec.__dict__, "max_work": 1_000_000}))
        rates.append((time.process_time() - began) / found.work)
        assert found.stopped == "work" and faults(found.board) == []
    assert max(rates) / min(rates) < 4


def count_tidy_tests(spec: Spec) -> tuple[int, int]:
    """(segment tests, placement draws) of a search of 40 evaluations."""
    from snakes_ladders.generate import search as module

    search = module._Search(Spec(**{**spec.__dict__, "max_evaluations": 40}), None)
    search.run()
    assert search.tidy is not None
    return search.tidy.tests, search.layout.draws


# --------------------------------------------------------------------------- the op and the CLI


def test_api_generate_tidy() -> None:
    request = {"version": 1, "op": "generate", "n": 8, "snakes": 5, "ladders": 5, "seed": 2, "tidy": True}
    reply = json.loads(handle(json.dumps({**request, "min_rows": 2, "max_rows": 3, "max_evaluations": 5})))
    assert reply["ok"] is True, reply
    board = Board(8, dict(reply["result"]["jumps"]))
    assert faults(board) == [] and all(2 <= length <= 3 for length in rows(board))
    refused = json.loads(handle(json.dumps({**request, "tidy": "yes"})))
    assert refused["error"]["message"] == 'tidy must be true or false, got "yes" (a string)'


def test_cli_tidy_options_reach_the_generator() -> None:
    args = ["--size", "8", "--snakes", "5", "--ladders", "5", "--seed", "2", "--tidy", "--min-rows", "2"]
    run = subprocess.run(
        [sys.executable, "-m", "snakes_ladders", "generate", *args, "--max-rows", "3", "--max-evaluations", "5"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr
    board = Board.from_matrix(json.loads(run.stdout))
    assert faults(board) == [] and all(2 <= length <= 3 for length in rows(board))


def test_tidy_check_is_exact_where_floats_would_round() -> None:
    """Nearly parallel long segments on a 50×50 board: the package's integer test and the fractions here agree."""
    tidy = Tidy(50)
    a, b = tidy.centre(2), tidy.centre(2450)
    c, d = tidy.centre(3), tidy.centre(2449)
    assert meet(a, b, c, d) == (how_they_meet(a, b, c, d) is not None)
