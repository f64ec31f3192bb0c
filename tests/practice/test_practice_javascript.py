"""JavaScript solutions in practice mode, without a browser: the Python battery, shrinking and first difference
through the adapter (``practice_foreign``), with the page's own JavaScript runner (web/workers/js-solution.mjs)
in a Node process, and with fake runners whose replies are malformed.

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
from practice_solutions import WRONG, mutant
from snakes_ladders.api import practice as api
from snakes_ladders.cli import check as practice_check
from snakes_ladders.practice.cases import KINDS, generate
from snakes_ladders.practice.failure import diagnose, failure_to_json
from snakes_ladders.practice.run import load, run
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

    def run(self, rows: str, record: bool, stream: bool) -> str:
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


def load_js(node: NodeRunner, monkeypatch: pytest.MonkeyPatch, source: str) -> dict[str, Any]:
    monkeypatch.setitem(api.RUNNERS_OF, "javascript", lambda: node)
    return api.load_op({"version": 1, "op": "load", "source": source, "language": "javascript"})


def test_every_kind_has_a_wrong_javascript_solution(solutions: dict[str, dict[str, Any]]) -> None:
    kinds = {kind for kind, _ in solutions["wrong"].values()}
    assert kinds == set(KINDS) - {"random"}  # random boards are there for no mistake in particular
    assert all(kind == WRONG[name][0] for name, (kind, _) in solutions["wrong"].items())
    assert sorted(solutions["wrong"]) == list(NAMES)


def test_right_javascript_solutions_pass_a_board_of_each_kind(
    node: NodeRunner, solutions: dict[str, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = [generate(kind, 0, 0) for kind in KINDS]
    for name, source in solutions["right"].items():
        assert load_js(node, monkeypatch, source)["loaded"], name
        for board in boards:
            outcome = api.run_op({"board": board.to_matrix()})
            assert outcome["error"] is None and outcome["answer"] == min_moves(board), (name, board)


@pytest.mark.parametrize("name", NAMES)
def test_wrong_javascript_solution_is_caught_and_shrunk_as_its_python_twin(
    name: str, node: NodeRunner, solutions: dict[str, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    kind, source = solutions["wrong"][name]
    assert load_js(node, monkeypatch, source) == {"loaded": True, "error": None, "line": None, "output": ""}
    twin, _ = load(TWINS.get(name, WRONG[name][1]))
    board = generate(kind, 0, 0)
    rows = board.to_matrix()
    python = run(twin, rows)
    javascript = api.run_op({"board": rows})
    assert javascript["answer"] != min_moves(board), "not caught"
    assert javascript == python.to_json()  # the same answer, reads, count, nothing printed
    reply = api.diagnose_op({"board": rows, "seconds": 60})
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


class FakeRunner:
    """A runner answering each call with the next of ``replies`` (raising it when it is an exception)."""

    def __init__(self, *replies: object) -> None:
        self.replies = list(replies)
        self.calls: list[tuple[Any, ...]] = []

    def _next(self, *call: Any) -> object:
        self.calls.append(call)
        reply = self.replies.pop(0)
        if isinstance(reply, BaseException):
            raise reply
        return reply

    def load(self, source: str) -> object:
        return self._next("load", source)

    def run(self, rows: str, record: bool, stream: bool) -> object:
        return self._next("run", json.loads(rows), record, stream)


def fake_run(monkeypatch: pytest.MonkeyPatch, reply: object, progress: Any = None) -> tuple[dict[str, Any], FakeRunner]:
    fake = FakeRunner(json.dumps({"loaded": True, "output": "hi\n"}), reply)
    monkeypatch.setitem(api.RUNNERS_OF, "javascript", lambda: fake)
    assert api.load_op({"source": "var snakesAndLadders = (b) => 3;", "language": "javascript"})["output"] == "hi\n"
    return api.run_op({"board": [[-1, -1], [-1, -1]]}, progress), fake


def test_a_runners_outcome_is_the_boards_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    outcome, fake = fake_run(monkeypatch, json.dumps(OUTCOME), progress=lambda text: None)
    assert outcome == OUTCOME
    assert fake.calls[1] == ("run", [[-1, -1], [-1, -1]], True, True)  # recorded, and streamed: a progress listens


@pytest.mark.parametrize(
    ("reply", "why"),
    [
        (None, "the JavaScript runner's reply was not text but NoneType"),
        ("{", "the JavaScript runner's reply was not JSON"),
        ("x" * (1 << 21), "the JavaScript runner's reply was 2,097,152 characters, more than 1,048,576"),
        (json.dumps({**OUTCOME, "extra": 1}), "the JavaScript runner's reply was not of the expected shape"),
        (json.dumps({**OUTCOME, "answer": 2**60}), "the JavaScript runner's reply was not of the expected shape"),
        (json.dumps({**OUTCOME, "output": "x" * 5000}), "the JavaScript runner's reply was not of the expected shape"),
        (json.dumps({**OUTCOME, "reads_total": 1}), "the JavaScript runner counted fewer reads than it kept"),
        (RuntimeError("boom"), "the JavaScript runner failed (RuntimeError)"),
    ],
)
def test_a_malformed_reply_fails_the_board_with_a_plain_reason(
    monkeypatch: pytest.MonkeyPatch, reply: object, why: str
) -> None:
    outcome, _ = fake_run(monkeypatch, reply)
    assert outcome["answer"] is None and outcome["shown"] == "no answer"
    assert outcome["error"] == f"could not be checked: {why}"


def test_reads_outside_the_board_are_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    outcome, _ = fake_run(monkeypatch, json.dumps({**OUTCOME, "reads": [[0, 5], [1, 0]], "reads_total": 9}))
    assert outcome["reads"] == [[1, 0]] and outcome["reads_total"] == 9


@pytest.mark.parametrize(
    ("reply", "error", "line"),
    [
        (
            json.dumps({"error": "SyntaxError: Unexpected token", "line": 3, "output": ""}),
            "SyntaxError: Unexpected token",
            3,
        ),
        ("[]", "could not be loaded: the JavaScript runner's reply was not of the expected shape", None),
        (TypeError("x"), "could not be loaded: the JavaScript runner failed (TypeError)", None),
    ],
)
def test_a_load_that_fails_says_why(
    monkeypatch: pytest.MonkeyPatch, reply: object, error: str, line: int | None
) -> None:
    monkeypatch.setitem(api.RUNNERS_OF, "javascript", lambda: FakeRunner(reply))
    loaded = api.load_op({"source": "var x = ;", "language": "javascript"})
    assert loaded == {"loaded": False, "error": error, "line": line, "output": ""}
    with pytest.raises(api.RequestError, match="run needs a loaded solution"):
        api.run_op({"board": [[-1, -1], [-1, -1]]})


def test_a_language_not_known_is_refused() -> None:
    with pytest.raises(api.RequestError, match="load's language must be one of 'python', 'javascript', got 'ruby'"):
        api.load_op({"source": "", "language": "ruby"})


def test_the_check_command_says_a_javascript_file_runs_in_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    status = practice_check.main(["solution.js"], lambda path: "var snakesAndLadders = (b) => 1;", lambda text: 0)
    assert status == 2
    assert capsys.readouterr().err == (
        "snakes_ladders check: solution.js: the check command runs Python solutions; "
        "a JavaScript one runs in the page's Practice\n"
    )


class PythonAsForeign:
    """A fake foreign runner: a Python solution run by ``practice_run.run`` behind the JSON calls, so the
    adapter's paths (battery, run, shrinking) are checked against the same solution run directly."""

    def __init__(self) -> None:
        self.solver: Any = None

    def load(self, source: str) -> str:
        self.solver, output = load(source)
        return json.dumps({"loaded": True, "output": output})

    def run(self, rows: str, record: bool, stream: bool) -> str:
        return json.dumps(run(self.solver, json.loads(rows), record=record).to_json())


@pytest.mark.parametrize("name", ["parity-from-top", "chains-jumps", "no-minus-one"])
def test_a_foreign_solution_goes_through_the_battery_and_shrinks_as_the_same_solution_run_here(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(api.RUNNERS_OF, "javascript", PythonAsForeign)
    source = WRONG[name][1]
    cases = api.battery_op({"boards": 16, "seed": 0})["cases"]
    assert api.load_op({"source": source, "language": "javascript"})["loaded"]
    foreign = [api.run_op({"board": case["board"]}) for case in cases]
    solver, _ = load(source)
    assert foreign == [run(solver, case["board"]).to_json() for case in cases]
    failing = next(case for case, outcome in zip(cases, foreign, strict=True) if outcome["answer"] != case["expected"])
    reply = api.diagnose_op({"board": failing["board"], "seconds": 60})
    direct = diagnose(solver, failing["board"], run(solver, failing["board"]), 60)
    assert reply["failure"] == failure_to_json(direct)
