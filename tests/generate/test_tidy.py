"""Tidy boards: every board generated with ``tidy`` checked by a check written here, independently of
``snakes_ladders.generate.tidy``, against the drawing's shared widths (``board.drawing``): no two jumps'
corridors closer than the clearance (distances between segments in exact fractions, parametric), each jump
on two rows, at least 2 squares long and no flatter than 2 columns a row, the ends spread over the row
bands; the bad examples a user found refused; the row limits, the least-moves bound they bring, the cost of
the check per candidate, the op and the CLI.  (The drawing itself is measured against the same widths in
tests/e2e/test_e2e_tidy.py.)"""

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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from snakes_ladders import Board, min_moves
from snakes_ladders.api import handle
from snakes_ladders.board import MAX_SEED
from snakes_ladders.board.drawing import CLEARANCE, LADDER_HALF_WIDTH, SNAKE_HALF_WIDTH
from snakes_ladders.generate.classset import SetSpec, generate_set
from snakes_ladders.generate.search import GenerateError, Impossible, Spec, Targets, generate
from snakes_ladders.generate.tidy import BANDS, FLAT_RATIO, MIN_LENGTH, SPREAD, Tidy, meet

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


def squared_distance(p: Point, a: Point, b: Point) -> Fraction:
    """The squared distance from p to the segment a-b: the nearest point a + t·(b - a), t clamped to [0, 1]."""
    ab = (b[0] - a[0], b[1] - a[1])
    t = Fraction((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1], ab[0] ** 2 + ab[1] ** 2)
    t = min(Fraction(1), max(Fraction(0), t))
    return (p[0] - a[0] - t * ab[0]) ** 2 + (p[1] - a[1] - t * ab[1]) ** 2


def segments_squared_distance(a: Point, b: Point, c: Point, d: Point) -> Fraction:
    """The squared distance between two segments: 0 when they meet, else the least of the four end-to-segment
    distances (two segments that do not meet are nearest at an end of one)."""
    if how_they_meet(a, b, c, d) is not None:
        return Fraction(0)
    return min(
        squared_distance(a, c, d), squared_distance(b, c, d), squared_distance(c, a, b), squared_distance(d, a, b)
    )


def half_width(start: int, end: int) -> Fraction:
    return LADDER_HALF_WIDTH if end > start else SNAKE_HALF_WIDTH


def drawn_faults(n: int, jumps: list[tuple[int, int]]) -> list[str]:
    """Every pair of jumps whose corridors (the drawing's shared half widths) come closer than the clearance."""
    found = []
    for i, (a, b) in enumerate(jumps):
        for c, d in jumps[:i]:
            least = half_width(a, b) + half_width(c, d) + CLEARANCE
            gap = segments_squared_distance(centre(a, n), centre(b, n), centre(c, n), centre(d, n))
            if gap < least * least:
                found.append(f"{a}->{b} and {c}->{d}: {float(gap) ** 0.5:.3f} apart, less than {float(least)}")
    return found


def shape_faults(n: int, jumps: list[tuple[int, int]]) -> list[str]:
    found = []
    for a, b in jumps:
        (x1, y1), (x2, y2) = centre(a, n), centre(b, n)
        across, rows = abs(x1 - x2), abs(y1 - y2)
        if rows == 0:
            found.append(f"{a}->{b}: on one row")
        elif across**2 + rows**2 < MIN_LENGTH**2:
            found.append(f"{a}->{b}: shorter than {MIN_LENGTH} squares")
        elif across > FLAT_RATIO * rows:
            found.append(f"{a}->{b}: {across} columns across for {rows} rows")
    return found


def spread_faults(n: int, jumps: list[tuple[int, int]], rows: tuple[int, int] = (0, -1)) -> list[str]:
    """Each band (``BANDS`` of the rows ``rows`` from the first to the last, -1 the top) holding more of a
    kind's ends than ``SPREAD`` times its fair share, rounded down (2 always allowed)."""
    first, last = rows[0], rows[1] % n
    height = last - first + 1
    bands = min(BANDS, height)
    band_rows = [sum(1 for y in range(first, last + 1) if (y - first) * bands // height == k) for k in range(bands)]
    found = []
    for up, kind in ((False, "snake"), (True, "ladder")):
        mine = [jump for jump in jumps if (jump[1] > jump[0]) == up]
        ends = [(centre(square, n)[1] - first) * bands // height for jump in mine for square in jump]
        for k in range(bands):
            allowed = max(2, int(Fraction(*SPREAD) * Fraction(2 * len(mine) * band_rows[k], height)))
            if ends.count(k) > allowed:
                found.append(f"band {k}: {ends.count(k)} {kind} ends, more than {allowed}")
    return found


def faults(board: Board, rows: tuple[int, int] = (0, -1)) -> list[str]:
    """Everything untidy about the board: corridors too close, shapes, crowded bands."""
    jumps = list(board.jumps.items())
    return drawn_faults(board.n, jumps) + shape_faults(board.n, jumps) + spread_faults(board.n, jumps, rows)


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
    assert drawn_faults(10, [(2, 22), (39, 59)]) == []  # column 1, rows 0-2 and 3-5: 1 apart, more than 0.6
    assert drawn_faults(10, [(2, 22), (23, 3)]) == []  # columns 1 and 2, side by side: 1 apart, more than 0.65


def test_the_package_distance_test_agrees_with_the_one_here_on_random_jumps() -> None:
    """``Tidy.apart`` (integers) against the fractions here, on random pairs of jumps of a 6×6 board."""
    rng = random.Random(7)
    tidy = Tidy(6)
    verdicts = set()
    for _ in range(20_000):
        a, b, c, d = rng.sample(range(1, 37), 4)
        apart = drawn_faults(6, [(a, b), (c, d)]) == []
        verdicts.add(apart)
        assert tidy.apart((a, b), (c, d)) == apart, (a, b, c, d)
    assert verdicts == {True, False}


def test_a_corridor_exactly_the_least_distance_away_is_apart() -> None:
    """The square 37, (3, 3), lies exactly 3/5 from the segment (0, 0)-(4, 3) of 1 -> 36: two ladders there keep
    0.25 + 0.25 + 0.1 apart, exactly the least distance, and are apart; a snake 57 -> 37 and that ladder need
    0.3 + 0.25 + 0.1 and are not."""
    tidy = Tidy(10)
    assert (tidy.centre(36), tidy.centre(37), tidy.centre(57)) == ((4, 3), (3, 3), (3, 5))
    assert segments_squared_distance((0, 0), (4, 3), (3, 3), (3, 5)) == Fraction(9, 25)
    assert tidy.apart((1, 36), (37, 57)) and drawn_faults(10, [(1, 36), (37, 57)]) == []
    assert not tidy.apart((1, 36), (57, 37)) and drawn_faults(10, [(1, 36), (57, 37)]) != []


# --------------------------------------------------------------------------- the bad examples a user found


USER_FOUND = [
    # Ladders to 87, 88 and 93: their segments never meet, the rails of each two overlap near the top.
    ("ladders overlapping at 87/88", [(59, 87)], (64, 88)),
    ("ladders overlapping at 88/93", [(64, 88)], (76, 93)),
    ("ladders overlapping at 87/93", [(59, 87)], (76, 93)),
    # The ladder 51 -> 88 passes 0.55 of a square from the head of the snake from 73.
    ("the ladder 51 -> 88 drawn over the snake from 73", [(51, 88)], (73, 55)),
    ("a snake of one square", [], (41, 40)),
    ("a nearly flat ladder", [], (5, 13)),
    # Four snakes, each a row down and two columns across, all eight ends in rows 1 and 2 (band 0 of 5).
    ("four snakes piled in the bottom rows", [(12, 7), (14, 5), (16, 3)], (18, 1)),
]


@pytest.mark.parametrize(("what", "placed", "jump"), USER_FOUND, ids=[case[0] for case in USER_FOUND])
def test_the_bad_examples_a_user_found_are_refused(what: str, placed: list, jump: tuple[int, int]) -> None:
    tidy = Tidy(10, counts=(8, 8))
    assert tidy.board(placed), what  # what was there before was tidy
    assert not tidy.clear(jump, placed), what
    assert faults(Board(10, dict([*placed, jump]))) != []  # and the check written here agrees
    old_check = all(
        not meet(tidy.centre(a), tidy.centre(b), tidy.centre(jump[0]), tidy.centre(jump[1])) for a, b in placed
    )
    assert old_check  # the segments between centres never met: only the drawing shows what is wrong


def test_three_snakes_in_the_bottom_rows_are_not_yet_a_pile() -> None:
    tidy = Tidy(10, counts=(8, 8))
    assert tidy.clear((16, 3), [(12, 7), (14, 5)])
    assert not Tidy(10, counts=(8, 8)).clear((18, 1), [(12, 7), (14, 5), (16, 3)])
    assert Tidy(10).clear((18, 1), [(12, 7), (14, 5), (16, 3)])  # no spread rule without the board's counts


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
    """The check can fail: boards generated without ``tidy`` cross, touch and come too close as drawn."""
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
    Spec(n=8, snakes=4, ladders=4, seed=0, tidy=True, min_rows=2, max_rows=3, max_evaluations=30),
    Spec(n=5, snakes=2, ladders=2, seed=0, targets=Targets(min_moves=2), tidy=True, max_evaluations=50),
    Spec(n=10, snakes=6, ladders=6, seed=0, targets=Targets(7), tidy=True, no_edge_rows=True, max_evaluations=50),
    Spec(n=20, snakes=20, ladders=20, seed=0, targets=Targets(min_moves=60), tidy=True, max_evaluations=40),
]


def rows_touched(spec: Spec) -> tuple[int, int]:
    return (1, spec.n - 2) if spec.no_edge_rows else (0, spec.n - 1)


@pytest.mark.parametrize("case", range(len(TIDY_SPECS)))
def test_every_tidy_board_returned_is_tidy_as_drawn(case: int) -> None:
    for seed in range(3):
        spec = TIDY_SPECS[case]
        found = generate(Spec(**{**spec.__dict__, "seed": seed}))
        board = found.board
        assert faults(board, rows_touched(spec)) == []
        assert (len(board.snakes), len(board.ladders)) == (spec.snakes, spec.ladders)
        assert all(spec.min_rows <= length <= spec.longest_rows for length in rows(board)), rows(board)
        assert found.figures.min_moves == min_moves(board)


@st.composite
def tidy_specs(draw: st.DrawFn) -> Spec:
    """A tidy request of any size to 24, with up to one jump of each kind for every 25 squares (more do not
    fit the corridors on small boards), a few evaluations, any seed, edge rows or not."""
    n = draw(st.integers(3, 24))
    most = max(1, n * n // 25)
    return Spec(
        n=n,
        snakes=draw(st.integers(0, most)),
        ladders=draw(st.integers(0, most)),
        seed=draw(st.integers(0, MAX_SEED)),
        tidy=True,
        no_edge_rows=n >= 6 and draw(st.booleans()),
        max_evaluations=draw(st.integers(1, 8)),
    )


SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(tidy_specs())
def test_any_tidy_board_is_tidy_as_drawn(spec: Spec) -> None:
    """Whatever the size, the jumps and the seed: the board returned (or a refusal saying no tidy board was
    found) keeps every rule, checked here with the drawing's shared widths."""
    try:
        found = generate(spec)
    except Impossible as refused:
        assert "tidy" in str(refused)
        return
    assert faults(found.board, rows_touched(spec)) == []
    assert (len(found.board.snakes), len(found.board.ladders)) == (spec.snakes, spec.ladders)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tidy_specs(), st.integers(2, 4))
def test_every_board_of_a_tidy_class_set_is_tidy_as_drawn(spec: Spec, count: int) -> None:
    try:
        found = generate_set(SetSpec(spec, count=count))
    except Impossible as refused:
        assert "tidy" in str(refused)
        return
    assert len(found.boards) == count
    for board in found.boards:
        assert faults(board.board, rows_touched(spec)) == []


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
        "found no tidy board with 4 snakes and 4 ladders on a 4×4 board: every draw left two jumps too close as "
        "drawn, or too many ends in a few rows (ask for fewer, loosen min_rows or max_rows, or set tidy false)"
    )
    with pytest.raises(Impossible) as raised:
        generate(Spec(n=5, snakes=6, ladders=6, seed=0, tidy=True, max_rows=1))
    assert str(raised.value) == (
        "could not place 6 snakes and 6 ladders: at most 9 jumps fit on a 5×5 board, each on two squares of its "
        "own 1 row apart, at least 2 squares long and no flatter than 2 columns a row (ask for fewer, or loosen "
        "min_rows or max_rows, or set tidy false)"
    )
    with pytest.raises(Impossible) as raised:  # a one-row jump of a 2×2 board is at most √2 long
        generate(Spec(n=2, snakes=1, ladders=0, seed=0, tidy=True))
    assert "at most 0 jumps fit on a 2×2 board" in str(raised.value)


# --------------------------------------------------------------------------- the cost of the check


def test_a_candidate_costs_tests_linear_in_the_jumps() -> None:
    """Each draw is tested against the other jumps only: at most jumps - 1 corridor tests a draw, twice that
    when the draw pushes others aside (their corridors, then the rest's) or moves one (the spread counted),
    at two sizes, so four times the jumps is at most four times the tests a draw (not sixteen)."""
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
    for jump, other in (((2, 2450), (3, 2449)), ((52, 2400), (2399, 53)), ((60, 2441), (2442, 111))):
        assert tidy.apart(jump, other) == (drawn_faults(50, [jump, other]) == []), (jump, other)
