"""JavaScript solutions in practice mode, without a browser: the Python battery, shrinking and first difference
through the engine's practice ops (``api.practice``: the replies checked, judged and shrunk), with the page's
own JavaScript runner (web/workers/js-solution.mjs) in a Node process, and with replies that are malformed.

Each wrong JavaScript solution (tests/js/practice-solutions.mjs) is the same mistake as the Python one of the
same name (tests/practice_solutions.py), reading the board in the same order: on its kind's board both are
caught with the same answer, the JavaScript reads recorded by the Proxies equal the Python reads recorded by
``practice_reads`` (an independent recording of the same algorithm), and both shrink to the same board with
the same reads and first difference.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import ROOT
from in_process import Page, api, diagnose, load, run
from practice_solutions import WRONG, mutant
from snakes_ladders.cli import check as practice_check
from snakes_ladders.practice.cases import KINDS, generate
from snakes_ladders.practice.failure import failure_to_json
from snakes_ladders.solver.solution import min_moves

SERVER = ROOT / "tests" / "js" / "practice-js-server.mjs"
NODE = shutil.which("node")

# The Python twin when tests/practice_solutions.py's differs: JavaScript arrays read past their end give
# undefined, so the 15×15 JavaScript solution skips squares past 225 where the Python one raises.
TWINS = {"fixed-size": mutant("if not seen[nxt]:", "if nxt < 226 and not seen[nxt]:").replace("(target + 1)", "226")}


# tests/js/practice-solutions.mjs's wrong solutions (test_every_kind_has_a_wrong_javascript_solution checks).
NAMES = (
    "always-six", "chains-jumps", "fixed-size", "goal-before-jump", "greedy-ladder", "marks-ladder-foot",
    "n-layers", "no-minus-one", "one-pass", "optional-jumps", "parity-from-top", "parity-from-top-odd",
    "seen-on-landing", "short-rolls", "zero-means-none",
)  # fmt: skip


class NodeRunner:
    """web/workers/js-solution.mjs in a Node process (tests/js/practice-js-server.mjs): the ``Runner`` calls."""

    def __init__(self) -> None:
        assert NODE is not None, "node is needed for the JavaScript runner"
        self.process = subprocess.Popen(
            [NODE, str(SERVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT
        )

    def ask(self, request: dict[str, Any]) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().rstrip("\n")

    def load(self, source: str) -> str:
        return self.ask({"load": source})

    def run(self, rows: str, record: bool) -> str:
        return self.ask({"run": rows, "record": record})

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def node() -> Iterator[NodeRunner]:
    runner = NodeRunner()
    yield runner
    runner.close()


@pytest.fixture(scope="module")
def solutions(node: NodeRunner) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = json.loads(node.ask({"solutions": True}))
    return found


def load_js(node: NodeRunner, source: str) -> Page:
    return Page(source, node)


def test_every_kind_has_a_wrong_javascript_solution(solutions: dict[str, dict[str, Any]]) -> None:
    kinds = {kind for kind, _ in solutions["wrong"].values()}
    assert kinds == set(KINDS) - {"random"}  # random boards are there for no mistake in particular
    assert all(kind == WRONG[name][0] for name, (kind, _) in solutions["wrong"].items())
    assert sorted(solutions["wrong"]) == list(NAMES)


def test_right_javascript_solutions_pass_a_board_of_each_kind(
    node: NodeRunner, solutions: dict[str, dict[str, Any]]
) -> None:
    boards = [generate(kind, 0, 0) for kind in KINDS]
    for name, source in solutions["right"].items():
        page = load_js(node, source)
        assert page.loaded["loaded"], name
        for board in boards:
            judged = page.judge(board.to_matrix())
            assert judged["passed"] and judged["outcome"]["answer"] == min_moves(board), (name, board)


@pytest.mark.parametrize("name", NAMES)
def test_wrong_javascript_solution_is_caught_and_shrunk_as_its_python_twin(
    name: str, node: NodeRunner, solutions: dict[str, dict[str, Any]]
) -> None:
    kind, source = solutions["wrong"][name]
    page = load_js(node, source)
    assert page.loaded == {"loaded": True, "error": None, "line": None, "output": ""}
    twin, _ = load(TWINS.get(name, WRONG[name][1]))
    board = generate(kind, 0, 0)
    rows = board.to_matrix()
    python = run(twin, rows)
    javascript = page.judge(rows)["outcome"]
    assert javascript["answer"] != min_moves(board), "not caught"
    assert javascript == python.to_json()  # the same answer, reads, count, nothing printed
    reply = page.diagnose(rows, 60)
    assert reply["passed"] is False
    expected = failure_to_json(diagnose(twin, rows, python, 60))
    assert reply["failure"] == expected
    assert expected["shrink"]["cut_short"] is None and expected["n"] <= board.n


OUTCOME = {
    "answer": 3,
    "shown": "3",
    "error": None,
    "line": None,
    "output": "",
    "reads": [[0, 0], [1, 1]],
    "reads_total": 2,
    "mutated": False,
}


def judged(reply: str) -> dict[str, Any]:
    """The engine's outcome for ``reply``, the sandbox's to a run on a 2×2 board."""
    result = api("judge", board=[[-1, -1], [-1, -1]], reply=reply)["result"]
    return dict(result["outcome"])


def test_a_sandboxs_outcome_is_the_boards_outcome() -> None:
    assert judged(json.dumps(OUTCOME)) == OUTCOME


@pytest.mark.parametrize(
    ("reply", "why"),
    [
        ("{", "the sandbox's reply was not JSON"),
        (json.dumps({**OUTCOME, "extra": 1}), "the sandbox's reply was not of the expected shape"),
        (json.dumps({**OUTCOME, "answer": 2**60}), "the sandbox's reply was not of the expected shape"),
        (json.dumps({**OUTCOME, "output": "x" * 25000}), "the sandbox's reply was not of the expected shape"),
        (json.dumps({**OUTCOME, "reads_total": 1}), "the reply counted fewer reads than it kept"),
    ],
)
def test_a_malformed_reply_fails_the_board_with_a_plain_reason(reply: str, why: str) -> None:
    outcome = judged(reply)
    assert outcome["answer"] is None and outcome["shown"] == "no answer"
    assert outcome["error"] == f"could not be checked: {why}"


def test_a_reply_longer_than_the_field_is_refused() -> None:
    reply = api("judge", board=[[-1, -1], [-1, -1]], reply="x" * (1 << 21))
    assert not reply["ok"] and "a string of at most 1,048,576 characters" in reply["error"]["message"]


def test_reads_outside_the_board_are_dropped() -> None:
    outcome = judged(json.dumps({**OUTCOME, "reads": [[0, 5], [1, 0]], "reads_total": 9}))
    assert outcome["reads"] == [[1, 0]] and outcome["reads_total"] == 9


@pytest.mark.parametrize(
    ("reply", "error", "line"),
    [
        (
            json.dumps({"error": "SyntaxError: Unexpected token", "line": 3, "output": ""}),
            "SyntaxError: Unexpected token",
            3,
        ),
        ("[]", "could not be loaded: the sandbox's reply was not of the expected shape", None),
    ],
)
def test_a_load_that_fails_says_why(reply: str, error: str, line: int | None) -> None:
    assert api("loaded", reply=reply)["result"] == {"loaded": False, "error": error, "line": line, "output": ""}


def test_the_check_command_says_a_javascript_file_runs_in_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    status = practice_check.main(["solution.js"], lambda path: "var snakesAndLadders = (b) => 1;", lambda text: 0)
    assert status == 2
    assert capsys.readouterr().err == (
        "snakes_ladders check: solution.js: the check command runs Python solutions; "
        "a JavaScript one runs in the page's Practice\n"
    )


@pytest.mark.parametrize("name", ["parity-from-top", "chains-jumps", "no-minus-one"])
def test_the_page_flow_judges_and_shrinks_as_the_same_solution_run_here(name: str) -> None:
    """The page's flow (the sandbox's Python entry, then the engine's ops) against the runner called here."""
    source = WRONG[name][1]
    cases = api("battery", boards=16, seed=0)["result"]["cases"]
    page = Page(source)
    assert page.loaded["loaded"]
    outcomes = [page.judge(case["board"])["outcome"] for case in cases]
    solver, _ = load(source)
    assert outcomes == [run(solver, case["board"]).to_json() for case in cases]
    failing = next(case for case, outcome in zip(cases, outcomes, strict=True) if outcome["answer"] != case["expected"])
    reply = page.diagnose(failing["board"], 60)
    direct = diagnose(solver, failing["board"], run(solver, failing["board"]), 60)
    assert reply["failure"] == failure_to_json(direct)
