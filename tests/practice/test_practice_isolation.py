"""A solution runs as on LeetCode, and what it does to its board stays with that run.

LeetCode's names (``deque``, ``heappush``, the modules ``collections`` and ``heapq``) are there
without an import.  A solution that reverses and overwrites the board it is given gets, board for
board, the verdicts of the same solution that leaves the board alone: neither the next board nor the
expected answer (nor the board shrinking starts from) sees the change.  Checked in the check command,
run as a user runs it, and in the page's practice ops, called here on one shared board.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from helpers import ROOT
from in_process import Page, api
from practice_solutions import BFS, WRONG

# Right, with LeetCode's names used unimported: collections.deque, deque, heapq.heappush, heappush, heappop.
LEETCODE_NAMES = """\
class Solution:
    def snakesAndLadders(self, board: List[List[int]]) -> int:
        n = len(board)
        flat = [0]
        for i, row in enumerate(reversed(board)):
            flat.extend(row if i % 2 == 0 else row[::-1])
        best = {1: 0}
        heap = []
        heappush(heap, (0, 1))
        order = collections.deque()
        while heap:
            moves, square = heappop(heap)
            order.append(square)
            if moves > best[square]:
                continue
            for landing in range(square + 1, min(square + 6, n * n) + 1):
                nxt = flat[landing] if flat[landing] != -1 else landing
                if moves + 1 < best.get(nxt, n * n):
                    best[nxt] = moves + 1
                    heapq.heappush(heap, (moves + 1, nxt))
        seen = deque(order)
        return best.get(n * n, -1) if seen else -1
"""

# The solution (its class renamed) on a copy, after the board it was given is reversed, every cell made a
# ladder to the last square and a row added: leaked into anything, that board answers 1.
MUTATING = """
class Solution:
    def snakesAndLadders(self, board):
        original = [list(row) for row in board]
        board.reverse()
        for row in board:
            for column in range(len(row)):
                row[column] = len(board) ** 2
        board.append([-1] * len(board))
        return Inner().snakesAndLadders(original)
"""
WRONG_NAME = "parity-from-top"


def mutating(source: str) -> str:
    return source.replace("class Solution:", "class Inner:", 1) + MUTATING


def check_json(tmp_path: Path, source: str, boards: int = 40) -> dict[str, Any]:
    solution = tmp_path / "solution.py"
    solution.write_text(source)
    path = os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "snakes_ladders", "check", str(solution), "--boards", str(boards), "--json"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        timeout=300,
    )
    assert done.stderr == "" and done.returncode in (0, 1), done.stderr
    return dict(json.loads(done.stdout))


def verdicts(report: dict[str, Any]) -> tuple[object, ...]:
    """What the check decided, board by board, leaving out what a copy's reads and the changes themselves alter."""
    kept = ("kind", "board", "n", "original_n", "expected", "got", "shown", "error")
    return report["passed"], report["total"], [{key: one[key] for key in kept} for one in report["failures"]]


def test_leetcode_names_need_no_import(tmp_path: Path) -> None:
    assert check_json(tmp_path, LEETCODE_NAMES) == {"passed": 40, "total": 40, "mutated": 0, "failures": []}


def test_changing_the_board_changes_no_verdict_in_the_check(tmp_path: Path) -> None:
    assert check_json(tmp_path, mutating(BFS)) == {"passed": 40, "total": 40, "mutated": 40, "failures": []}
    wrong = WRONG[WRONG_NAME][1]
    alone, changing = check_json(tmp_path, wrong, 12), check_json(tmp_path, mutating(wrong), 12)
    assert alone["failures"] and changing["mutated"] == 12
    assert verdicts(changing) == verdicts(alone)


def run_all(source: str, cases: list[dict[str, Any]]) -> list[object]:
    page = Page(source)
    assert page.loaded["loaded"], page.loaded
    return [page.judge(case["board"])["outcome"]["answer"] for case in cases]


def test_changing_the_board_changes_no_verdict_in_the_practice_ops() -> None:
    cases = api("battery", boards=40, seed=0)["result"]["cases"]
    given = json.loads(json.dumps(cases))  # the page's copy: each board below is handed over as it is
    assert run_all(mutating(BFS), cases) == [case["expected"] for case in given]
    assert cases == given  # no board the ops were handed was changed
    wrong = WRONG[WRONG_NAME][1]
    assert run_all(mutating(wrong), cases) == run_all(wrong, cases) != [case["expected"] for case in given]
    failing = next(case for case in cases if case["kind"] == WRONG[WRONG_NAME][0])
    shrunk = []
    for source in (wrong, mutating(wrong)):
        failure = Page(source).diagnose(failing["board"], seconds=30)["failure"]
        shrunk.append({key: failure[key] for key in ("board", "n", "original_n", "expected", "got")})
    assert shrunk[0] == shrunk[1] and cases == given
