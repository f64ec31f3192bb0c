"""Generating a board to a target: every board returned checked with the package's own
min_moves and analyze, the fast expected-rolls solve against analyze, the bounds behind the
up-front refusals, determinism, bounded work, the API op and the CLI.

Over 400 lines because the exact-message tables of the Python API, the op and the CLI sit side by
side, so a message changed in one place shows up in all three."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

import pytest
import reference
from helpers import ROOT
from snakes_ladders import Board, Rules, analyze, min_moves
from snakes_ladders.api import handle
from snakes_ladders.generate.expected import Moves, expected_rolls
from snakes_ladders.generate.search import (
    GenerateError,
    Impossible,
    Progress,
    Spec,
    Targets,
    generate,
    generated_to_json,
)
from snakes_ladders.generate.spec import least_moves_bounds

ALL_RULES = [Rules(start, overshoot) for start in ("square1", "off-board") for overshoot in ("stay", "bounce", "win")]


# --------------------------------------------------------------------------- the fast figure


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: f"{r.start}-{r.overshoot}")
def test_expected_rolls_agrees_with_analyze(rules: Rules) -> None:
    rng = random.Random(909)
    traps = 0
    for _ in range(150):
        n = rng.randint(2, 9)
        snakes = rng.randint(0, n * n // 2 - 1)  # many snakes make traps
        ladders = rng.randint(0, (n * n - 2 - snakes) // 3)
        board = Board(n, reference.random_jumps(rng, n, snakes=snakes, ladders=ladders))
        fast = expected_rolls(board, rules, Moves(n, rules))
        analysis = analyze(board, rules)
        if analysis.finishable != "always":
            traps += 1
            assert fast is None, board
        else:
            assert fast is not None and analysis.expected_rolls is not None
            assert fast == pytest.approx(analysis.expected_rolls, rel=1e-9, abs=1e-9), board
    assert 2 < traps < 140  # both kinds of board were checked


def test_expected_rolls_on_the_classic_board() -> None:
    classic = json.loads((ROOT / "tests" / "fixtures" / "rules" / "classic_10x10_classic_rules.json").read_text())
    rules = Rules.from_json(classic["rules"])
    board = rules.board_from_matrix(classic["board"])
    assert expected_rolls(board, rules) == pytest.approx(analyze(board, rules).expected_rolls, rel=1e-12)


# --------------------------------------------------------------------------- the bounds


def test_least_moves_bounds_hold_on_random_boards() -> None:
    rng = random.Random(17)
    for _ in range(400):
        n = rng.randint(2, 12)
        snakes, ladders = rng.randint(0, 5), rng.randint(0, 6)
        if 2 * (snakes + ladders) > n * n - 2:
            continue
        board = Board(n, reference.random_jumps(rng, n, snakes=snakes, ladders=ladders))
        longest = max((abs(e - s) for s, e in board.ladders.items()), default=1)
        low, high = least_moves_bounds(n, snakes, ladders, longest)
        moves = min_moves(board)
        if moves >= 0:
            assert low <= moves, board
            assert high is not None and moves <= high, board


# --------------------------------------------------------------------------- generated boards


def check_board(spec: Spec, found_board: Board) -> None:
    """The board has the jumps asked for and keeps every limit."""
    n, last = spec.n, spec.n * spec.n
    jumps = found_board.jumps
    assert len(found_board.snakes) == spec.snakes and len(found_board.ladders) == spec.ladders
    squares = [square for jump in jumps.items() for square in jump]
    assert len(set(squares)) == len(squares)  # no chains, no shared squares
    assert 1 not in jumps and last not in jumps
    for start, end in jumps.items():
        assert (start - 1) // n != (end - 1) // n
        if spec.max_jump is not None:
            assert abs(end - start) <= spec.max_jump
        if spec.no_edge_rows:
            assert n < start <= last - n and n < end <= last - n


CASES = [
    Spec(n=10, snakes=8, ladders=8, seed=0, targets=Targets(min_moves=7, expected_rolls=(30, 40))),
    Spec(n=6, snakes=3, ladders=3, seed=0, targets=Targets(min_moves=4, expected_rolls=(14, 18))),
    Spec(n=8, snakes=5, ladders=4, seed=0, targets=Targets(min_moves=7), max_jump=12, no_edge_rows=True),
    Spec(
        n=7, snakes=4, ladders=4, seed=0, targets=Targets(expected_rolls=(20, 26)), rules=Rules("off-board", "bounce")
    ),
    Spec(n=5, snakes=3, ladders=2, seed=0, targets=Targets(always_finishes=False)),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_every_board_returned_meets_its_targets(case: int) -> None:
    for seed in range(8):
        spec = Spec(**{**CASES[case].__dict__, "seed": seed})
        found = generate(spec)
        assert found.met, found.missed
        check_board(spec, found.board)
        targets = spec.targets
        if targets.min_moves is not None:
            assert min_moves(found.board.to_matrix()) == targets.min_moves == found.figures.min_moves
        analysis = analyze(found.board, spec.rules)
        if targets.always_finishes or targets.expected_rolls is not None:
            assert analysis.finishable == "always"
        if targets.expected_rolls is not None:
            lo, hi = targets.expected_rolls
            assert analysis.expected_rolls is not None and lo <= analysis.expected_rolls <= hi
            assert found.figures.expected_rolls == analysis.expected_rolls


def test_same_seed_same_board_and_seeds_differ() -> None:
    spec = CASES[0]
    boards = [generate(Spec(**{**spec.__dict__, "seed": seed})).board for seed in (1, 2, 3)]
    assert generate(Spec(**{**spec.__dict__, "seed": 2})).board == boards[1]
    assert len(set(boards)) == 3


def test_no_jumps_is_one_board() -> None:
    found = generate(Spec(n=4, snakes=0, ladders=0, seed=3, targets=Targets(min_moves=3, expected_rolls=(1, 100))))
    assert found.met and found.evaluations == 1 and found.board == Board(4)


def test_progress_is_reported_and_ends_with_the_total() -> None:
    seen: list[Progress] = []
    spec = Spec(n=10, snakes=8, ladders=8, seed=4, targets=Targets(min_moves=40), max_evaluations=350)
    found = generate(spec, seen.append)
    assert [p.evaluations for p in seen] == [100, 200, 300, 350]
    assert all(p.max_evaluations == 350 for p in seen)
    assert [p.distance for p in seen] == sorted((p.distance for p in seen), reverse=True)
    assert found.evaluations == 350 and not found.met


# --------------------------------------------------------------------------- out of reach


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"n": 10, "snakes": 8, "ladders": 0, "targets": Targets(min_moves=1)},
            "least moves 1 is out of reach: with no ladders a 10×10 board takes at least 17 moves",
        ),
        (
            {"n": 10, "snakes": 0, "ladders": 3, "targets": Targets(min_moves=2), "max_jump": 10},
            "least moves 2 is out of reach: with 3 ladders no longer than 10 squares a 10×10 board takes at least "
            "12 moves",
        ),
        (
            {"n": 10, "snakes": 2, "ladders": 8, "targets": Targets(min_moves=20)},
            "least moves 20 is out of reach: with 2 snakes a 10×10 board takes at most 19 moves",
        ),
        (
            {"n": 10, "snakes": 8, "ladders": 8, "targets": Targets(min_moves=9, expected_rolls=(4, 8))},
            "expected rolls 4 to 8 is out of reach: a game of chance takes at least the least number of moves, 9",
        ),
        (
            {"n": 10, "snakes": 8, "ladders": 0, "targets": Targets(expected_rolls=(4, 8.5))},
            "expected rolls 4 to 8.5 is out of reach: a game of chance takes at least the least number of moves, "
            "here 17",
        ),
        (
            {"n": 4, "snakes": 4, "ladders": 5},
            "4 snakes and 5 ladders need 18 different squares to start and end on; a 4×4 board has 16",
        ),
        (
            {"n": 4, "snakes": 2, "ladders": 3, "no_edge_rows": True},
            "2 snakes and 3 ladders need 10 different squares to start and end on; a 4×4 board has 8 outside its "
            "first and last rows",
        ),
    ],
)
def test_targets_out_of_reach_are_refused_up_front(fields: dict, message: str) -> None:
    with pytest.raises(Impossible) as raised:
        Spec(seed=1, **fields)
    assert str(raised.value) == message


def test_limits_too_tight_to_place_the_jumps() -> None:
    """No board exists: the message gives the most jumps that fit, by an exact maximum matching."""
    spec = Spec(n=10, snakes=0, ladders=20, seed=1, max_jump=1)  # ladders of one square across 9 row ends
    with pytest.raises(Impossible) as raised:
        generate(spec)
    assert str(raised.value) == (
        "could not place 0 snakes and 20 ladders: at most 9 jumps fit on a 10×10 board, each on two squares of its "
        "own on different rows at most 1 square apart (ask for fewer, or loosen max_jump)"
    )


@pytest.mark.perf
def test_unmet_targets_give_the_closest_board_and_work_grows_with_the_cap() -> None:
    """An out-of-reach target the bounds do not catch: evaluations stop at the cap, and the time
    grows in proportion to it (4 times the cap, well under 10 times the CPU time: wall time on a busy
    machine counts the time other processes ran)."""
    times = []
    for cap in (150, 600):
        spec = Spec(n=10, snakes=8, ladders=8, seed=5, targets=Targets(min_moves=60), max_evaluations=cap)
        began = time.process_time()
        found = generate(spec)
        times.append(time.process_time() - began)
        assert not found.met and found.evaluations == cap
        assert found.missed == (f"least moves 60 (the closest board takes {found.figures.min_moves})",)
        assert found.figures.min_moves == min_moves(found.board) < 60
        check_board(spec, found.board)
    assert times[1] / times[0] < 10


# --------------------------------------------------------------------------- bad requests


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"n": 1}, "n must be an integer from 2 to 50, got 1 (int)"),
        ({"n": 10.0}, "n must be an integer from 2 to 50, got 10.0 (float)"),
        ({"snakes": -1}, "snakes must be an integer from 0 to 100, got -1 (int)"),
        ({"seed": 2**53}, "seed must be an integer from 0 to 9007199254740991, got 9007199254740992 (int)"),
        ({"max_jump": 0}, "max_jump must be an integer from 1 to 99, got 0 (int)"),
        ({"no_edge_rows": 1}, "no_edge_rows must be true or false, got 1 (int)"),
        ({"max_evaluations": 0}, "max_evaluations must be an integer from 1 to 100000, got 0 (int)"),
        ({"targets": Targets(min_moves=100)}, "targets.min_moves must be an integer from 1 to 99, got 100 (int)"),
    ],
)
def test_bad_fields_exact_messages(fields: dict, message: str) -> None:
    with pytest.raises(GenerateError) as raised:
        Spec(**{"n": 10, "snakes": 2, "ladders": 2, "seed": 1, **fields})
    assert str(raised.value) == message
    assert not isinstance(raised.value, Impossible)


@pytest.mark.parametrize(
    ("targets", "message"),
    [
        ({"min_moves": 0}, "targets.min_moves must be a positive integer, got 0 (int)"),
        (
            {"expected_rolls": [40, 30]},
            "targets.expected_rolls must be a pair [lo, hi] of numbers with 0 ≤ lo ≤ hi, got (40, 30) (tuple)",
        ),
        ({"always_finishes": None}, "targets.always_finishes must be true or false, got None (NoneType)"),
    ],
)
def test_bad_targets_exact_messages(targets: dict, message: str) -> None:
    with pytest.raises(GenerateError) as raised:
        Targets(**{k: tuple(v) if isinstance(v, list) else v for k, v in targets.items()})
    assert str(raised.value) == message


# --------------------------------------------------------------------------- the API op


def ask(**fields: object) -> dict:
    return json.loads(handle(json.dumps({"version": 1, "op": "generate", **fields})))


def test_api_generate_matches_the_python_api() -> None:
    reply = ask(n=10, snakes=8, ladders=8, seed=1, targets={"min_moves": 7, "expected_rolls": [30, 40]})
    assert reply["ok"], reply
    result = reply["result"]
    spec = Spec(n=10, snakes=8, ladders=8, seed=1, targets=Targets(min_moves=7, expected_rolls=(30, 40)))
    assert result == json.loads(json.dumps(generated_to_json(generate(spec))))
    board = Board.from_matrix(result["matrix"])
    assert min_moves(board) == result["min_moves"] == 7
    assert 30 <= analyze(board).expected_rolls == result["expected_rolls"] <= 40  # type: ignore[operator]
    assert (result["snakes"], result["ladders"], result["seed"], result["met"]) == (8, 8, 1, True)
    assert result["jumps"] == [[s, e] for s, e in board.jumps.items()]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"n": "10"}, 'n must be an integer from 2 to 50, got "10" (a string)'),
        (
            {"ladder": 3},
            'unknown field "ladder" for generate: the fields are version, n, snakes, ladders, seed, targets, '
            "rules, max_jump, no_edge_rows, tidy, min_rows, max_rows, max_evaluations, max_work and max_size",
        ),
        (
            {"targets": {"moves": 3}},
            'unknown target "moves": the targets are min_moves, expected_rolls and always_finishes',
        ),
        (
            {"targets": [7]},
            "targets must be an object with min_moves, expected_rolls and always_finishes, got [7] (a list)",
        ),
        (
            {"targets": {"expected_rolls": [30]}},
            "targets.expected_rolls must be a pair [lo, hi] of numbers with 0 ≤ lo ≤ hi, got [30] (a list)",
        ),
        (
            {"targets": {"expected_rolls": [30, True]}},
            "targets.expected_rolls must be a pair [lo, hi] of numbers with 0 ≤ lo ≤ hi, got [30, true] (a list)",
        ),
        ({"rules": {"start": "nowhere"}}, 'start must be "square1" or "off-board", got "nowhere" (a string)'),
        ({"max_size": 8}, "n must be at most max_size, 8, got 10"),
        ({"seed": None}, "seed must be an integer from 0 to 9007199254740991, got null"),
        (
            {"ladders": 0, "targets": {"min_moves": 1}},
            "least moves 1 is out of reach: with no ladders a 10×10 board takes at least 17 moves",
        ),
    ],
)
def test_api_generate_bad_requests(fields: dict, message: str) -> None:
    reply = ask(**{"n": 10, "snakes": 8, "ladders": 8, "seed": 1, **fields})
    assert reply == {
        "ok": False,
        "version": 1,
        "error": {"kind": "request", "message": message, "row": None, "column": None, "square": None},
    }


def test_api_generate_answers_the_closest_board_when_a_target_is_missed() -> None:
    reply = ask(n=10, snakes=8, ladders=8, seed=1, targets={"min_moves": 60}, max_evaluations=20)
    assert reply["ok"], reply
    result = reply["result"]
    assert (result["met"], result["evaluations"], result["stopped"]) == (False, 20, "evaluations")
    assert result["missed"] == ["least moves 60 (the closest board takes 4)"]
    assert result["message"] == (
        "no board met every target in 20 evaluations (seed 1): least moves 60 (the closest board takes 4)"
    )
    assert min_moves(Board.from_matrix(result["matrix"])) == result["min_moves"] == 4


def test_api_generate_needs_the_board_kind_and_seed() -> None:
    reply = ask(n=10, snakes=8, ladders=8)
    assert (
        reply["error"]["message"] == "generate needs seed: an integer from 0 to 9007199254740991 (the same seed "
        "gives the same board)"
    )


# --------------------------------------------------------------------------- the CLI


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "py"), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "snakes_ladders", "generate", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)


def test_cli_prints_the_matrix_the_api_gives() -> None:
    done = run(
        "--size", "10", "--snakes", "8", "--ladders", "8", "--min-moves", "7", "--expected", "30:40", "--seed", "1"
    )
    assert done.returncode == 0 and done.stderr == ""
    reply = ask(n=10, snakes=8, ladders=8, seed=1, targets={"min_moves": 7, "expected_rolls": [30, 40]})
    assert json.loads(done.stdout) == reply["result"]["matrix"]


def test_cli_rules_and_limits_reach_the_generator() -> None:
    done = run(
        "--size",
        "7",
        "--snakes",
        "3",
        "--ladders",
        "3",
        "--seed",
        "9",
        "--start",
        "off-board",
        "--overshoot",
        "win",
        "--max-jump",
        "9",
        "--no-edge-rows",
        "--figures",
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["rules"] == {"start": "off-board", "overshoot": "win"}
    check_board(
        Spec(n=7, snakes=3, ladders=3, seed=9, max_jump=9, no_edge_rows=True), Board.from_matrix(result["matrix"])
    )


@pytest.mark.parametrize(
    ("args", "status", "line"),
    [
        (
            ["--ladders", "0", "--min-moves", "1"],
            1,
            "snakes_ladders generate: least moves 1 is out of reach: with "
            "no ladders a 10×10 board takes at least 17 moves",
        ),
        (
            ["--ladders", "8", "--max-jump", "0"],
            2,
            "snakes_ladders generate: max_jump must be an integer from 1 to 99, got 0 (int)",
        ),
    ],
)
def test_cli_failures(args: list[str], status: int, line: str) -> None:
    done = run("--size", "10", "--snakes", "8", "--seed", "1", *args)
    assert (done.returncode, done.stdout, done.stderr) == (status, "", line + "\n")


def test_cli_prints_the_closest_board_and_exits_1_when_a_target_is_missed() -> None:
    done = run(
        "--size", "10", "--snakes", "8", "--ladders", "8", "--seed", "1", "--min-moves", "60", "--max-evaluations", "20"
    )
    assert done.returncode == 1
    assert done.stderr == (
        "snakes_ladders generate: no board met every target in 20 evaluations (seed 1): least moves 60 "
        "(the closest board takes 4)\n"
    )
    reply = ask(n=10, snakes=8, ladders=8, seed=1, targets={"min_moves": 60}, max_evaluations=20)
    assert json.loads(done.stdout) == reply["result"]["matrix"]


def test_cli_bad_range_is_a_usage_error() -> None:
    done = run("--size", "10", "--snakes", "8", "--ladders", "8", "--seed", "1", "--expected", "30-40")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1] == (
        "python -m snakes_ladders generate: error: argument --expected: expected LO:HI, two numbers such as "
        "30:40, got '30-40'"
    )
