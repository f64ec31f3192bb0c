"""Practice mode shows the learner their own mistake.

For each wrong solution of practice_solutions.py (at least one per kind of the battery): it is caught
on its kind's boards, the board shown is shrunk as defined (the solution still fails it, and removing
any one remaining jump makes it answer right), and the reads reported are the ones an independent
recording, written here, sees.  Then: the recording board behaves as a list of lists of ints, reads
are bounded and checked, the first differing read is what the wrong numbering implies, the reasons
(layers, a shorter game, the chain), shrinking's bounds, and the check command (its JSON, the output of
a board that ran past the time limit, the warning for a changed board, shrinking cut short).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT
from in_process import Solver, diagnose, load, run, taken
from practice_solutions import MUTATES, ONLY_THEIR_KIND, RIGHT, WRONG
from snakes_ladders import Board, min_moves
from snakes_ladders.board import cell_to_square, square_to_cell
from snakes_ladders.cli.check import run_cases
from snakes_ladders.practice.cases import KINDS, Case, battery
from snakes_ladders.practice.failure import Failure, failure_to_json
from snakes_ladders.practice.reads import LIMIT, Reads, first_difference
from snakes_ladders.practice.shrink import MAX_RUNS, chain_game, layers, shrink, why
from snakes_ladders.runner.recording import recording

SEEDS = (0, 1)


@cache
def cases() -> tuple[Case, ...]:
    return tuple(case for seed in SEEDS for case in battery(len(KINDS) * 2, seed))


@cache
def solver(name: str) -> Solver:
    return load(WRONG[name][1] if name in WRONG else RIGHT[name])[0]


@cache
def failure(name: str) -> tuple[Case, Failure]:
    """The first board of its kind the wrong solution fails, and that failure shrunk (in this process)."""
    kind = WRONG[name][0]
    for case in cases():
        if case.kind == kind:
            outcome = run(solver(name), case.rows())
            if not outcome.passed(case.expected):
                return case, diagnose(solver(name), case.rows(), outcome, 60)
    raise AssertionError(f"{name} passes every {kind} board")


def test_every_kind_has_a_wrong_solution_here() -> None:
    assert {kind for kind, _ in WRONG.values()} >= set(KINDS) - {"random"}


@pytest.mark.parametrize("name", ONLY_THEIR_KIND)
def test_a_new_kind_catches_a_solution_no_other_kind_does(name: str) -> None:
    kind = WRONG[name][0]
    outcomes = run_cases(WRONG[name][1], cases(), 10.0)
    failed = {case.kind for case, outcome in zip(cases(), outcomes, strict=True) if not outcome.passed(case.expected)}
    ours = [case for case in cases() if case.kind == kind]
    assert failed == {kind} and ours
    assert all(
        not outcome.passed(case.expected) for case, outcome in zip(cases(), outcomes, strict=True) if case.kind == kind
    )


@pytest.mark.parametrize("name", sorted(WRONG))
def test_the_board_shown_is_shrunk_as_defined(name: str) -> None:
    case, shown = failure(name)
    board = shown.board
    assert shown.cut_short is None and shown.original_n == case.n and board.n <= case.n
    assert shown.expected == min_moves(board)
    assert not run(solver(name), board.to_matrix()).passed(shown.expected)  # it still fails there
    for start in board.jumps:  # and removing any one remaining jump makes it answer right
        fewer = Board(board.n, {s: e for s, e in board.jumps.items() if s != start})
        assert run(solver(name), fewer.to_matrix(), record=False).passed(min_moves(fewer)), (name, start)
    if len(board.jumps) < sum(cell != -1 for row in case.matrix for cell in row) or board.n < case.n:
        assert shown.runs >= 1


class Recorder(list):  # type: ignore[type-arg]
    """The independent recording: a row whose every cell read is appended to ``log``."""

    def __init__(self, values: list[int], row: int, log: list[tuple[int, int]]) -> None:
        super().__init__(values)
        self.row, self.log = row, log

    def __getitem__(self, index: Any) -> Any:
        size = len(self)
        if isinstance(index, slice):
            columns = list(range(size))[index]
            self.log.extend((self.row, c) for c in columns)
            return [list.__getitem__(self, c) for c in columns]
        value = list.__getitem__(self, index)
        self.log.append((self.row, index % size))
        return value

    def __iter__(self) -> Iterator[Any]:
        for column in range(len(self)):
            self.log.append((self.row, column))
            yield list.__getitem__(self, column)


def recorded(name: str, rows: list[list[int]]) -> list[tuple[int, int]]:
    log: list[tuple[int, int]] = []
    with contextlib.suppress(Exception):  # fixed-size's IndexError: the reads before it count
        solver(name)([Recorder(row, index, log) for index, row in enumerate(rows)])
    return log


@pytest.mark.parametrize("name", sorted(WRONG))
def test_the_reads_shown_are_what_an_independent_recording_sees(name: str) -> None:
    _, shown = failure(name)
    log = recorded(name, shown.board.to_matrix())
    assert list(shown.outcome.reads) == log[:LIMIT] and shown.outcome.reads_total == len(log)
    data = failure_to_json(shown)
    assert data["reads"] == [list(cell) for cell in log[:LIMIT]]
    assert data["read_squares"] == [cell_to_square(r, c, shown.board.n) for r, c in log[:LIMIT]]
    assert data["reads_truncated"] is (len(log) > LIMIT)


@pytest.mark.parametrize("name", ["bfs", "flat-function"])
def test_right_solutions_read_what_the_recording_says_and_no_difference(name: str) -> None:
    for case in battery(20, 3):
        outcome = run(solver(name), case.rows())
        assert list(outcome.reads) == recorded(name, case.rows()) and not outcome.mutated
        assert first_difference(case.rows(), outcome.read_log(), outcome.answer) is None


# The wrong numberings, square -> cell, as the mutants in practice_solutions.py write them.
def _parity_from_top(square: int, n: int) -> tuple[int, int]:
    row, col = divmod(square - 1, n)
    return n - 1 - row, (col if (n - 1 - row) % 2 == 0 else n - 1 - col)


def _top_left_last(square: int, n: int) -> tuple[int, int]:
    row, col = divmod(n * n - square, n)
    return row, (col if row % 2 == 0 else n - 1 - col)


@pytest.mark.parametrize(
    ("name", "numbering"), [("parity-from-top", _parity_from_top), ("top-left-last", _top_left_last)]
)
def test_the_first_differing_read_is_where_the_wrong_numbering_first_reads_another_square(
    name: str, numbering: Any
) -> None:
    _, shown = failure(name)
    n, reads = shown.board.n, shown.outcome.reads
    square_of = {numbering(square, n): square for square in range(1, n * n + 1)}
    index = next(i for i, cell in enumerate(reads) if square_to_cell(square_of[cell], n) != cell)
    difference = shown.difference
    assert difference is not None and difference.read == index
    square = square_of[reads[index]]
    assert (difference.cell, difference.square, difference.actual) == (reads[index], square, square_to_cell(square, n))
    assert difference.sentence().startswith(
        f"your code read board[{reads[index][0]}][{reads[index][1]}] for square {square}; square {square} is board["
    )


def test_no_difference_is_claimed_when_the_reads_do_not_tell() -> None:
    for name in ("chains-jumps", "optional-jumps", "one-pass", "greedy-ladder"):
        assert failure(name)[1].difference is None, name
    _, shown = failure("parity-from-top")
    reads = shown.outcome.read_log()
    assert first_difference(shown.board.to_matrix(), reads, None) is None  # no answer to explain
    assert first_difference(shown.board.to_matrix(), reads, 999) is None  # an answer the replay does not give
    assert first_difference(shown.board.to_matrix(), Reads(reads.cells, LIMIT + 1), shown.outcome.answer) is None
    shuffled = Reads(reads.cells[1:] + reads.cells[:1], reads.total)
    assert first_difference(shown.board.to_matrix(), shuffled, shown.outcome.answer) is None


def test_why_the_right_answer_is_right() -> None:
    _, short = failure("parity-from-top")  # answers too few: the layers, n² only in the last
    reason = short.why()
    assert reason["expected"] == short.expected and reason["game"] is None
    assert len(reason["layers"]) == short.expected + 1 and reason["layers"][-1][-1] == short.board.last
    assert all(short.board.last not in layer for layer in reason["layers"][:-1])
    _, long = failure("greedy-ladder")  # too many: a shorter game, of the right length
    game = long.why()["game"]
    assert (
        long.why()["layers"] is None and len(game["path"]) - 1 == long.expected and game["path"][-1] == long.board.last
    )
    _, chained = failure("chains-jumps")  # the chain it followed, in a game of its answer's length
    chain = chained.why()["chain"]
    assert chain is not None and len(chain["path"]) - 1 == chained.outcome.answer
    jumps = chained.board.jumps
    assert chain["chains"] and all(
        len(c) > 2 and all(jumps[a] == c[i + 1] for i, a in enumerate(c[:-1])) for c in chain["chains"]
    )
    _, never = failure("no-minus-one")  # unreachable: every layer, n² in none
    assert never.expected == -1 and all(never.board.last not in layer for layer in never.why()["layers"])
    assert layers(Board(3, {2: 8}), 1) == [[1], [3, 4, 5, 6, 7, 8]]
    assert chain_game(Board(3, {2: 8}), 1) is None and why(Board(2), None)["layers"] is None


# --- the recording board ------------------------------------------------------------------------


def test_the_board_behaves_as_a_list_of_lists_and_records_each_cell_read() -> None:
    rows = Board(3, {2: 9, 6: 1}).to_matrix()
    board, log = recording(rows)
    assert len(board) == 3 and len(board[0]) == 3 and board == rows and isinstance(board[1], list)
    assert taken(log, 3).cells == ()  # len, == and row access read no cell
    assert board[2][1] == 9 and board[-1][-2] == 9 and board[1][-3] == 1
    assert [cell for row in board for cell in row] == [cell for row in rows for cell in row]
    assert board[2][::-1] == rows[2][::-1] and list(reversed(board[1])) == rows[1][::-1]
    copy = [row[:] for row in board]
    assert 9 in board[2] and board[2].index(9) == 1 and board[0].count(-1) == 3
    reads = taken(log, 3).cells
    expected = [(2, 1), (2, 1), (1, 0)]
    expected += [(r, c) for r in range(3) for c in range(3)]
    expected += [(2, 2), (2, 1), (2, 0), (1, 2), (1, 1), (1, 0)]
    expected += [(r, c) for r in range(3) for c in range(3)]
    expected += [(2, 0), (2, 1), (2, 0), (2, 1), (0, 0), (0, 1), (0, 2)]
    assert list(reads) == expected
    copy[0][0], before = 5, len(reads)
    assert copy[0][0] + copy[2][1] == 14 and len(taken(log, 3).cells) == before  # a copy's reads are not the board's
    assert type(copy[0]) is list


def test_reads_are_bounded_and_checked() -> None:
    board, log = recording([[-1] * 4 for _ in range(4)])
    for _ in range(3000):
        for row in board:
            row[0]
    reads = taken(log, 4)
    assert len(reads.cells) == LIMIT and reads.total == 12_000 and reads.truncated
    board, log = recording([[-1, -1], [-1, -1]])
    board[0][1]
    log.cells.extend([(5, 5), "x", (0, True), (1, 0, 0)])  # a solution can reach the log: only real cells are kept
    log.total = "many"
    assert taken(log, 2) == Reads(((0, 1),), 1)


def test_a_changed_board_is_reported_and_the_answer_still_counts() -> None:
    mutating = load(MUTATES)[0]
    for case in battery(5, 2):
        outcome = run(mutating, case.rows())
        assert outcome.passed(case.expected) and outcome.mutated
    writes = load("def snakesAndLadders(b):\n    b[0][0] = 7\n    return 1\n")[0]
    assert run(writes, [[-1, -1], [-1, -1]]).mutated
    assert not run(load(RIGHT["bfs"])[0], [[-1, -1], [-1, -1]]).mutated


@pytest.mark.perf
def test_reading_the_reads_back_costs_what_the_reads_number() -> None:
    """Bounded work: first_difference on ten times the reads costs about ten times the CPU (a ratio)."""

    def cost(n: int) -> float:
        # Best of 3 trials of 20 calls: a 6×6 board's is well under a millisecond a call, where one
        # pause of the process once made the ratio 160 in CI (11 to 17 usually).
        board = Board(n, {})
        outcome = run(load(RIGHT["bfs"])[0], board.to_matrix())
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            for _ in range(20):
                first_difference(board.to_matrix(), outcome.read_log(), outcome.answer)
            best = min(best, time.process_time() - start)
        return best

    ratio = cost(20) / max(cost(6), 1e-6)
    assert ratio < 10 * (400 / 36), ratio


@pytest.mark.perf
def test_why_costs_what_the_board_holds() -> None:
    """Bounded work: why() on a board 16 times larger (n 10 -> 40: layers, a game, chains) costs about 16
    times the CPU, not its square (a ratio of CPU times, on snake-heavy boards answered wrongly both ways)."""

    def cost(n: int) -> float:
        board = Board(n, {s: s - 1 for s in range(3, n * n - 1, 3)} | {2: n * n // 2})
        start = time.process_time()
        for answer in (1, 10**6, -1):
            why(board, answer)
        return time.process_time() - start

    ratio = min(cost(40) for _ in range(3)) / max(min(cost(10) for _ in range(3)), 1e-6)
    assert ratio < 16 * 8, ratio


# --- shrinking's bounds ---------------------------------------------------------------------------


def test_shrinking_runs_at_most_its_bound_and_says_when_it_was_cut_short() -> None:
    big = Board(20, {s: s - 1 for s in range(3, 399, 2)})  # 198 jumps
    runs = []
    shrunk = shrink(big, lambda b: runs.append(b) or len(b.jumps) >= 3)  # fails while 3 jumps are left
    j = len(big.jumps)
    assert shrunk.cut_short is None and len(shrunk.board.jumps) == 3 and shrunk.board.n < 20
    assert len(runs) == shrunk.runs <= (20 - 2) + 2 * j + j * (j + 1)
    ticks = iter(range(10**6))
    stopped = shrink(big, lambda b: len(b.jumps) >= 3, out_of_time=lambda: next(ticks) >= 5)
    assert stopped.runs == 5 and stopped.cut_short == "stopped after 5 runs: out of time"
    undecided = shrink(big, lambda b: None)
    assert undecided.runs == 1 and undecided.board is big and "ran past the time limit" in str(undecided.cut_short)
    assert shrink(big, lambda b: False).runs <= MAX_RUNS


def test_shrinking_passes_again_until_no_jump_can_go() -> None:
    """A jump that only becomes removable once a later one is gone: one pass would leave it."""
    a, b, c = 2, 5, 7

    def fails(board: Board) -> bool:  # c matters while a is there or b is gone
        return c in board.jumps and (a in board.jumps or b not in board.jumps)

    shrunk = shrink(Board(4, {a: 3, b: 6, c: 8}), fails)
    assert shrunk.board.jumps == {c: 8} and shrunk.cut_short is None


# --- the check command ----------------------------------------------------------------------------


def check(solution: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "py"), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-m", "snakes_ladders", "check", str(solution), *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=timeout)


def test_check_json_gives_each_failure_shrunk_with_its_reads(tmp_path: Path) -> None:
    solution = tmp_path / "wrong.py"
    solution.write_text(WRONG["parity-from-top"][1])
    done = check(solution, "--boards", "16", "--json", "--timeout", "10")
    assert done.returncode == 1 and done.stderr == "", done.stderr
    report = json.loads(done.stdout)
    cases16 = battery(16)
    wrong = [case for case in cases16 if not run(solver("parity-from-top"), case.rows()).passed(case.expected)]
    assert (report["passed"], report["total"], report["mutated"]) == (16 - len(wrong), 16, 0)
    assert [f["kind"] for f in report["failures"]] == [case.kind for case in wrong]
    for shown, case in zip(report["failures"], wrong, strict=True):
        here = diagnose(solver("parity-from-top"), case.rows(), run(solver("parity-from-top"), case.rows()), 60)
        assert shown == {"kind": case.kind, **failure_to_json(here)}  # the child shrinks as this process does
        assert {"kind", "board", "expected", "got", "reads"} <= shown.keys()
    first = report["failures"][0]
    assert first["first_difference"]["text"].startswith("your code read board[")


def test_check_text_shows_the_shrunk_board_and_the_first_differing_read(tmp_path: Path) -> None:
    solution = tmp_path / "wrong.py"
    solution.write_text(WRONG["parity-from-top"][1])
    done = check(solution, "--boards", "2")
    lines = done.stdout.splitlines()
    assert done.returncode == 1 and lines[0].startswith("FAIL numbering-even: 1 of 1 boards")
    _, shown = failure("parity-from-top")
    assert f"smallest board that breaks it: {shown.board.n}×{shown.board.n} (the board was 6×6), after " in done.stdout
    assert f"first differing read (read {shown.difference.read + 1}): {shown.difference.sentence()}" in lines  # type: ignore[union-attr]
    assert any(line.startswith("your code read: board[") for line in lines)


def test_a_board_past_the_time_limit_keeps_what_it_printed(tmp_path: Path) -> None:
    solution = tmp_path / "slow.py"
    solution.write_text(
        "def snakesAndLadders(board):\n    print('started on', len(board))\n    while True:\n        pass\n"
    )
    done = check(solution, "--boards", "1", "--timeout", "1", "--json")
    shown = json.loads(done.stdout)["failures"][0]
    assert shown["error"] == "did not finish within 1 s: stopped" and shown["output"] == "started on 6\n"
    assert shown["shrink"]["cut_short"] == "not shrunk: the run did not finish"
    done = check(solution, "--boards", "1", "--timeout", "1")
    assert "printed:\nstarted on 6\n" in done.stdout


def test_shrinking_that_runs_past_the_limit_is_cut_short_in_the_check(tmp_path: Path) -> None:
    solution = tmp_path / "hangs-small.py"  # wrong on 6×6, never ends on smaller boards
    solution.write_text("def snakesAndLadders(board):\n    while len(board) < 6:\n        pass\n    return 0\n")
    done = check(solution, "--boards", "1", "--timeout", "1", "--json")
    shown = json.loads(done.stdout)["failures"][0]
    cut = "stopped after 1 runs: a smaller board ran past the time limit"  # each board run has --timeout
    assert shown["n"] == 6 and shown["got"] == 0 and shown["shrink"]["cut_short"] == cut


def test_check_warns_of_a_changed_board(tmp_path: Path) -> None:
    solution = tmp_path / "mutates.py"
    solution.write_text(MUTATES)
    done = check(solution, "--boards", "3", "--json")
    assert done.returncode == 0 and json.loads(done.stdout) == {"passed": 3, "total": 3, "mutated": 3, "failures": []}
    done = check(solution, "--boards", "3")
    assert (
        done.stdout == "All 3 boards passed\nwarning: your solution changed the board it was given on 3 of 3 boards\n"
    )
