"""Class sets: k boards of one kind, pairwise different (different jump sets), with the same
least moves and expected rolls within the stated tolerance, checked with the package's own min_moves
and analyze; the closest set and its figures when that cannot be met; the shared work budget; the op."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from helpers import ROOT
from snakes_ladders import Board, analyze, min_moves
from snakes_ladders.api import handle
from snakes_ladders.generate.classset import SetSpec, generate_set
from snakes_ladders.generate.search import GenerateError, Spec, Targets
from test_tidy import faults


def check_set(found_boards: list, tolerance: float) -> list[float]:
    """Each board's expected rolls by ``analyze``, after checking the boards differ and take the same least moves."""
    jump_sets = [frozenset(found.board.jumps.items()) for found in found_boards]
    assert len(set(jump_sets)) == len(jump_sets)
    assert len({min_moves(found.board) for found in found_boards}) == 1
    rolls = [float(analyze(found.board).expected_rolls) for found in found_boards]
    assert max(rolls) <= (1 + tolerance) * min(rolls) * (1 + 1e-9), rolls
    return rolls


@pytest.mark.parametrize("tidy", [False, True])
def test_a_set_of_four_is_different_and_equally_hard(tidy: bool) -> None:
    spec = Spec(n=10, snakes=8, ladders=8, seed=2, targets=Targets(min_moves=7, expected_rolls=(30, 40)), tidy=tidy)
    found = generate_set(SetSpec(spec, count=4))
    assert found.met and found.missed == ()
    rolls = check_set(list(found.boards), 0.05)
    assert all(30 <= value <= 40 for value in rolls)  # the first board met the range, so the window keeps it
    assert found.spread is not None and abs(found.spread - (max(rolls) / min(rolls) - 1)) < 1e-6
    if tidy:
        assert all(faults(board.board) == [] for board in found.boards)


def test_eight_boards_with_a_tight_tolerance() -> None:
    spec = Spec(n=8, snakes=5, ladders=5, seed=0, targets=Targets(min_moves=5), tidy=True)
    found = generate_set(SetSpec(spec, count=8, tolerance=0.02))
    assert found.met
    check_set(list(found.boards), 0.02)


def test_the_same_request_gives_the_same_set() -> None:
    request = SetSpec(Spec(n=6, snakes=2, ladders=2, seed=4, tidy=True), count=3)
    first, again = generate_set(request), generate_set(request)
    assert [b.board.jumps for b in first.boards] == [b.board.jumps for b in again.boards]


def test_too_few_boards_of_the_kind_gives_the_closest_set_and_says_so() -> None:
    """A 3×3 board with one ladder taking least moves 1 has few boards: eight cannot all differ."""
    spec = Spec(n=3, snakes=0, ladders=1, seed=1, max_evaluations=20)
    found = generate_set(SetSpec(spec, count=8))
    assert not found.met and len(found.boards) == 8
    same = [miss for miss in found.missed if miss.endswith("are the same board")]
    assert same and all(miss.startswith("boards ") for miss in same)


def test_a_tolerance_that_cannot_be_met_reports_the_figures() -> None:
    spec = Spec(n=10, snakes=8, ladders=8, seed=1, targets=Targets(min_moves=7), max_evaluations=30)
    found = generate_set(SetSpec(spec, count=3, tolerance=0.0))
    rolls = [board.figures.expected_rolls for board in found.boards]
    assert not found.met and found.spread is not None and found.spread > 0
    listed = ", ".join(f"{value:.2f}" for value in rolls)
    assert f"expected rolls at most 0% apart (they are {found.spread:.1%} apart: {listed})" in found.missed


def test_the_work_budget_is_the_whole_set_s() -> None:
    """Targets no board meets, so every board's search runs to its share of the budget: the set's work is
    the budget to within the boards' last evaluations (about 4,000 units each here)."""
    spec = Spec(n=10, snakes=8, ladders=8, seed=0, targets=Targets(min_moves=40), max_work=400_000)
    found = generate_set(SetSpec(spec, count=4))
    assert not found.met and all(board.stopped == "work" for board in found.boards)
    assert 300_000 <= found.work <= 400_000 + 4 * 20_000


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"count": 1}, "count must be an integer from 2 to 8, got 1"),
        ({"count": 9}, "count must be an integer from 2 to 8, got 9"),
        ({"count": "3"}, 'count must be an integer from 2 to 8, got "3" (a string)'),
        ({"count": 3, "tolerance": -0.5}, "tolerance must be a number from 0 to 1, got -0.5"),
        ({"count": 3, "tolerance": True}, "tolerance must be a number from 0 to 1, got true"),
        ({}, "generate_set needs count: the number of boards, 2 to 8"),
        (
            {"count": 3, "sets": 2},
            'unknown field "sets" for generate_set: the fields are version, n, snakes, '
            "ladders, seed, targets, rules, max_jump, no_edge_rows, tidy, min_rows, max_rows, max_evaluations, "
            "max_work, count, tolerance and max_size",
        ),
    ],
)
def test_api_generate_set_bad_requests(fields: dict, message: str) -> None:
    request = {"version": 1, "op": "generate_set", "n": 6, "snakes": 2, "ladders": 2, "seed": 0, **fields}
    reply = json.loads(handle(json.dumps(request)))
    assert reply["ok"] is False and reply["error"]["message"] == message


def test_api_generate_set_answers_the_boards_and_the_figures() -> None:
    request = {"version": 1, "op": "generate_set", "n": 8, "snakes": 4, "ladders": 4, "seed": 3, "count": 3}
    heard: list[str] = []
    reply = json.loads(handle(json.dumps({**request, "tidy": True, "tolerance": 0.1}), heard.append))
    result = reply["result"]
    assert result["met"] is True and result["message"] == "" and len(result["boards"]) == 3
    assert result["min_moves"] == [board["min_moves"] for board in result["boards"]]
    assert len({json.dumps(board["jumps"]) for board in result["boards"]}) == 3
    assert max(result["expected_rolls"]) <= 1.1 * min(result["expected_rolls"]) * (1 + 1e-9)
    assert sorted({json.loads(text)["board"] for text in heard}) == [0, 1, 2]


def test_the_spec_is_checked_as_generate_checks_it() -> None:
    with pytest.raises(GenerateError) as raised:
        SetSpec(Spec(n=10, snakes=1, ladders=1, seed=0), count=2, tolerance=float("nan"))
    assert str(raised.value) == "tolerance must be a number from 0 to 1, got nan (float)"


def test_cli_count_prints_the_set_s_boards() -> None:
    args = ["generate", "--size", "8", "--snakes", "4", "--ladders", "4", "--seed", "3", "--tidy", "--count", "3"]
    run = subprocess.run(
        [sys.executable, "-m", "snakes_ladders", *args],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "py")},
        check=False,
    )
    assert run.returncode == 0, run.stderr
    boards = [Board.from_matrix(matrix) for matrix in json.loads(run.stdout)]
    assert len({frozenset(board.jumps.items()) for board in boards}) == 3
    assert len({min_moves(board) for board in boards}) == 1 and all(faults(board) == [] for board in boards)
    bad = subprocess.run(
        [sys.executable, "-m", "snakes_ladders", *args[:-1], "9"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "py")},
        check=False,
    )
    assert (bad.returncode, bad.stderr) == (
        2,
        "snakes_ladders generate: count must be an integer from 2 to 8, got 9 (int)\n",
    )
