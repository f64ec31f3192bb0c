"""Practice mode: the battery catches each usual mistake on its own kind of board; right solutions pass.

Right solutions (written afresh in practice_solutions.py, and the package itself) pass every board
of many batteries; each wrong one, one mistake each, fails the boards made to catch it.  The CLI
(``python -m snakes_ladders check``) is run as a user runs it: exit codes, report, time limit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import EXAMPLE_1, ROOT
from in_process import Page, SolutionError, load, run
from practice_solutions import NO_SEEN, RIGHT, WRONG
from snakes_ladders import Board, BoardError, min_moves, shortest_path
from snakes_ladders.api import handle
from snakes_ladders.cli.check import run_cases
from snakes_ladders.practice.cases import KINDS, USER_KIND, battery, generate, make_case

SEEDS = range(6)
# Generous: a right solution takes milliseconds a board, but the machine may be busy.
TIMEOUT = 5.0


def check(solution: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-m", "snakes_ladders", "check", str(solution), *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


def test_battery_is_deterministic_tagged_and_answered_by_the_solver() -> None:
    cases = battery(40, seed=7, board=EXAMPLE_1)
    assert [case.to_json() for case in cases] == [case.to_json() for case in battery(40, seed=7, board=EXAMPLE_1)]
    assert battery(40, seed=8) != battery(40, seed=7)[1:]
    assert len(cases) == 40 and cases[0].kind == USER_KIND and cases[0].rows() == EXAMPLE_1
    assert {case.kind for case in cases[1:]} == set(KINDS)
    for case in cases:
        board = Board.from_matrix(case.rows())
        assert case.expected == min_moves(board)
        path = shortest_path(board)
        assert case.path == (tuple(path) if path is not None else None)
        assert 2 <= case.n <= 20
    sizes = {case.kind: case.n for case in cases}
    assert sizes["smallest"] == 2 and sizes["largest"] == 20
    assert sizes["numbering-even"] % 2 == 0 and sizes["numbering-odd"] % 2 == 1
    assert all(case.expected == -1 for case in cases if case.kind == "unreachable")


def test_battery_refuses_bad_counts_and_boards() -> None:
    for count in (0, 501, 2.5):
        with pytest.raises(ValueError, match="number of boards must be from 1 to 500"):
            battery(count)  # type: ignore[arg-type]
    with pytest.raises(BoardError, match="start square"):
        battery(5, board=[[-1, -1], [2, -1]])


@pytest.mark.perf
def test_battery_time_grows_linearly_with_its_size() -> None:
    """Bounded work: ten times the boards costs about ten times the time (not a timing assert on one run)."""

    def best(count: int) -> float:
        times = []
        for _ in range(3):
            start = time.process_time()
            battery(count, seed=3)
            times.append(time.process_time() - start)
        return min(times)

    ratio = best(260) / best(26)
    assert ratio < 30, ratio


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_right_solutions_pass_every_board(name: str) -> None:
    solver, output = load(RIGHT[name])
    assert output == ""
    for seed in SEEDS:
        for case in battery(60, seed, board=EXAMPLE_1):
            outcome = run(solver, case.rows())
            assert outcome.passed(case.expected), (name, seed, case, outcome)


@pytest.mark.parametrize("name", sorted(WRONG))
def test_each_wrong_solution_is_caught_by_its_kind(name: str) -> None:
    kind, source = WRONG[name]
    cases = [case for seed in (0, 1) for case in battery(39, seed)]
    outcomes = run_cases(source, cases, TIMEOUT)
    failed = [case for case, outcome in zip(cases, outcomes, strict=True) if not outcome.passed(case.expected)]
    ours = [case for case in cases if case.kind == kind]
    caught = [case for case in failed if case.kind == kind]
    if name == "short-rolls":  # a 2×2 board whose ladder lands on the goal still gives 1
        assert caught, name
    else:
        assert caught == ours, f"{name} passed {len(ours) - len(caught)} of the {len(ours)} {kind} boards"
    assert len(failed) < len(cases) or kind in ("largest", "smallest")


def test_each_kind_is_made_to_catch_its_mistake() -> None:
    """The generators find a board the mistake matters on, for every kind and many seeds."""
    from snakes_ladders.practice.cases import GENERATORS

    for kind, (_, keep) in GENERATORS.items():
        for seed in range(10):
            assert keep(generate(kind, seed, 0)), (kind, seed)


def test_load_accepts_both_forms_and_names_what_is_wrong() -> None:
    assert run(load(RIGHT["bfs"])[0], EXAMPLE_1).answer == 4
    assert run(load(RIGHT["flat-function"])[0], EXAMPLE_1).answer == 4
    with pytest.raises(SolutionError) as caught:
        load("class Solution:\n    def snakes(self, board):\n        return 1\n")
    assert "no snakesAndLadders found" in caught.value.message and caught.value.line is None
    with pytest.raises(SolutionError) as caught:
        load("x = 1\ndef snakesAndLadders(board)\n    return 1\n")
    assert caught.value.line == 2 and caught.value.message.startswith("SyntaxError")
    with pytest.raises(SolutionError) as caught:
        load("print('loading')\nimport not_a_module_here\n")
    assert caught.value.line == 2 and "ModuleNotFoundError" in caught.value.message
    assert caught.value.output == "loading\n"


def test_run_reports_the_users_line_output_and_odd_answers() -> None:
    source = (
        "def helper(board):\n    return board[99]\n\n"
        "def snakesAndLadders(board):\n    print('n =', len(board))\n    return helper(board)\n"
    )
    outcome = run(load(source)[0], EXAMPLE_1)
    assert outcome.error == "IndexError: list index out of range" and outcome.line == 2
    assert outcome.output == "n = 6\n" and not outcome.passed(4)
    assert run(load("def snakesAndLadders(b):\n    return '4'\n")[0], EXAMPLE_1).shown == "'4' (str), not an int"
    assert not run(load("def snakesAndLadders(b):\n    return True\n")[0], [[-1, -1], [-1, -1]]).passed(1)
    noisy = run(load("def snakesAndLadders(b):\n    print('x' * 10**6)\n    return 4\n")[0], EXAMPLE_1)
    assert noisy.passed(4) and len(noisy.output) < 4100 and noisy.output.endswith("more characters cut off)")
    mutating = load("def snakesAndLadders(b):\n    b[0][0] = 99\n    return 4\n")[0]
    case = battery(1, board=EXAMPLE_1)[0]
    assert run(mutating, case.rows()).passed(4) and case.rows() == EXAMPLE_1


def engine(op: str, **fields: object) -> dict:
    """The engine worker's call: one request of the one envelope."""
    return dict(json.loads(handle(json.dumps({"version": 1, "op": op, **fields}))))


def test_practice_requests() -> None:
    reply = engine("battery", boards=3, seed=2, board=EXAMPLE_1)["result"]
    assert [case["kind"] for case in reply["cases"]] == [USER_KIND, "numbering-even", "numbering-odd"]
    assert reply["cases"][0]["expected"] == 4 and reply["cases"][0]["path"] == [1, 15, 13, 35, 36]
    bad = engine("battery", board=[[-1, -1], [2, -1]])
    assert not bad["ok"] and bad["error"]["kind"] == "board" and "start square" in bad["error"]["message"]
    assert Page("def f(:").loaded["line"] == 1
    page = Page(RIGHT["bfs"])
    assert page.loaded["loaded"]
    ran = page.judge(EXAMPLE_1)
    assert ran["passed"] and ran["expected"] == 4 and ran["outcome"]["answer"] == 4 and ran["outcome"]["error"] is None


@pytest.mark.parametrize(
    ("reply", "why"),
    [
        ("{", "not JSON"),
        ('{"answer": 4}', "not of the expected shape"),
        (json.dumps({"loaded": True, "output": "x" * 25000}), "not of the expected shape"),
    ],
    ids=["not-json", "missing-fields", "output-too-long"],
)
def test_the_engine_checks_the_sandboxs_replies(reply: str, why: str) -> None:
    """What the sandbox sends is data from where the solution runs: checked field by field, else a failure."""
    judged = engine("judge", board=EXAMPLE_1, reply=reply)["result"]
    assert not judged["passed"] and judged["outcome"]["error"] == f"could not be checked: the sandbox's reply was {why}"
    loaded = engine("loaded", reply=reply)["result"]
    assert not loaded["loaded"] and loaded["error"] == f"could not be loaded: the sandbox's reply was {why}"


def test_cli_passes_fails_and_refuses(tmp_path: Path) -> None:
    right = tmp_path / "right.py"
    right.write_text(RIGHT["bfs"])
    done = check(right, "--boards", "26", "--seed", "5")
    assert (done.returncode, done.stdout, done.stderr) == (0, "All 26 boards passed\n", "")

    wrong = tmp_path / "wrong.py"
    wrong.write_text(WRONG["chains-jumps"][1])
    done = check(wrong, "--boards", "26")
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("FAIL no-chain: 2 of 2 boards (a jump ends on another jump's start")
    case = battery(26)[2]
    first = lines.index(f"First failing board: 3 of 26 (no-chain, {case.n}×{case.n})")
    assert lines[first + 1].startswith("smallest board that breaks it: ")
    assert f"(the board was {case.n}×{case.n})" in lines[first + 1]
    start, end = lines.index("board = [", first), lines.index("]", first)
    shown = json.loads("".join(lines[start + 1 : end]).join("[]"))
    assert len(shown) <= case.n and f"expected: {min_moves(shown)}" in lines
    assert not run(load(WRONG["chains-jumps"][1])[0], shown).passed(min_moves(shown))  # it fails there too
    assert lines[-1].endswith(" of 26 boards passed")

    for text, error in (("def f(:\n", "line 1: SyntaxError"), ("x = 1\n", "no snakesAndLadders found")):
        wrong.write_text(text)
        done = check(wrong)
        assert done.returncode == 2 and error in done.stderr and done.stdout == ""
    assert check(tmp_path / "missing.py").returncode == 2
    assert check(right, "--boards", "0").returncode == 2


def test_cli_stops_a_board_that_runs_past_the_limit(tmp_path: Path) -> None:
    looping = tmp_path / "loop.py"
    looping.write_text(
        RIGHT["flat-function"].replace(
            "    n = len(board)\n", "    n = len(board)\n    while n == 20:\n        pass\n", 1
        )
    )
    done = check(looping, "--boards", "13", "--timeout", "1")
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[0] == "FAIL largest: 1 of 1 boards (the largest LeetCode board, n = 20)"
    assert "error: did not finish within 1 s: stopped" in done.stdout
    assert done.stdout.splitlines()[-1] == "12 of 13 boards passed"  # the boards after it still ran


def test_no_seen_set_runs_past_the_limit_on_long_games() -> None:
    cases = [make_case("smallest", Board(2)), make_case("largest", Board(20))]  # 1 move, and 67
    outcomes = run_cases(NO_SEEN, cases, 1.0)
    assert outcomes[0].passed(cases[0].expected)
    assert outcomes[1].error == "did not finish within 1 s: stopped"
