"""The JSON boundary and the command line for analyze, explain and play: shapes, exact errors, exit codes."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path
from typing import ClassVar

import pytest
import reference
from helpers import (
    CLASSIC_FILE,
    CLASSIC_FIXTURE,
    EXAMPLE_1,
    EXAMPLE_1_FILE,
    FIXTURES,
    call,
    check_error_shape,
    in_process,
    ok,
    one_line,
    run,
    sixes_wall,
    strict_json,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from snakes_ladders.api import CONTRACT, handle
from snakes_ladders.board import Board
from snakes_ladders.board.rules import CLASSIC, Rules
from snakes_ladders.chance import analyze
from snakes_ladders.game.seeded import play
from snakes_ladders.solver.explanation import explain

EMPTY_2 = [[-1, -1], [-1, -1]]
START_LADDER = [[-1, -1], [3, -1]]  # square 1 -> 3
ANALYSIS_KEYS = {
    "n", "rules", "finishable", "p_finish", "expected_rolls", "expected_rolls_if_finished", "length", "visits",
    "jumps", "traps", "race", "unsolved", "approximate", "warnings", "chained",
}  # fmt: skip
LENGTH_KEYS = {
    "p_on_turn", "p_by_turn", "rolls", "remaining", "trapped", "truncated", "tail_from", "median", "p90", "p95",
}  # fmt: skip
GAME_KEYS = {"n", "rules", "players", "seed", "winner", "end", "turns", "positions"}
TURN_KEYS = {"number", "player", "roll", "start", "landing", "end", "jump", "overshoot", "visits"}
EXPLAIN_KEYS = {
    "n",
    "moves",
    "reachable",
    "paths_count",
    "layers",
    "distances",
    "reached",
    "wall",
    "rules",
    "warnings",
    "chained",
}


# --------------------------------------------------------------------------- analyze


def jump_use(**request: object) -> list[dict[str, object]]:
    """The second stage's jumps (the jump_use op), checked to be computed, not refused."""
    result = ok(op="jump_use", **request)
    assert set(result) == {"n", "jumps", "refused"} and result["refused"] is None
    jumps: list[dict[str, object]] = result["jumps"]
    return jumps


class TestAnalyze:
    def test_exact_shape_on_2x2(self) -> None:
        result = ok(op="analyze", board=EMPTY_2)
        assert set(result) == ANALYSIS_KEYS
        assert result["n"] == 2
        assert result["rules"] == {"start": "square1", "overshoot": "stay"}
        assert (result["finishable"], result["p_finish"]) == ("always", 1.0)
        assert result["expected_rolls"] == pytest.approx(6, rel=1e-13)
        assert set(result["length"]) == LENGTH_KEYS
        length = result["length"]
        assert (length["median"], length["p90"], length["p95"], length["truncated"]) == (4, 13, 17, False)
        assert length["p_on_turn"][:2] == pytest.approx([1 / 6, 5 / 36], rel=1e-13)
        assert length["remaining"] < 1e-9 and length["trapped"] == 0.0
        assert result["visits"] == pytest.approx([0.0, 2.0, 1.0, 3.0, 1.0], rel=1e-13)
        assert result["jumps"] == [] and result["traps"] == [] and result["warnings"] == {"total": 0, "shown": []}
        assert result["unsolved"] is None
        assert result["race"] == {
            "players": 1,
            "p_win": [1.0],
            "p_no_winner": 0.0,
            "undecided": 0.0,
            "expected_total_rolls": result["expected_rolls"],
        }

    def test_figures_beyond_a_float(self) -> None:
        """50×50 sixes wall (416 sixes and a 3 in a row): on main an internal error.  Expected rolls
        ≈ 1.85e324 are spelt out as mantissa and exponent; the list is cut off and says so; the race's
        chances add up to 1, and no percentile is null (they come from the geometric tail)."""
        board = sixes_wall(50).to_matrix()
        result = ok(op="analyze", board=board, players=2)
        big = result["expected_rolls"]
        assert set(big) == {"exact", "value", "mantissa", "exponent"}
        assert (big["exact"], big["value"], big["exponent"]) == (False, None, 324)
        assert big["mantissa"] == pytest.approx(1.850216971790486, rel=1e-12)
        length = result["length"]
        assert length["truncated"] is True and length["rolls"] == len(length["p_on_turn"]) == 10_000
        assert length["remaining"] > 0.99 and length["tail_from"] is not None
        assert length["median"]["exponent"] == 324 and 1 <= length["median"]["mantissa"] < 10
        assert sum(result["race"]["p_win"]) == pytest.approx(1, abs=1e-12) and result["race"]["undecided"] == 0.0
        assert result["race"]["expected_total_rolls"]["exponent"] == 324
        assert result["jumps"] == []  # the second stage: the jump_use op
        snake = next(j for j in jump_use(board=board) if j["start"] == 2)
        assert snake["p_used"] == pytest.approx(1, abs=1e-12) and snake["expected_uses"]["exponent"] > 300

    def test_same_as_the_python_api(self) -> None:
        result = ok(op="analyze", board=EXAMPLE_1, rules={"overshoot": "bounce"}, players=3)
        a = analyze(Board.from_matrix(EXAMPLE_1), Rules(overshoot="bounce"), players=3)
        assert result["expected_rolls"] == a.expected_rolls
        assert result["length"]["p_on_turn"] == list(a.length.p_on_turn)
        assert result["race"]["p_win"] == list(a.race.p_win)
        assert result["race"]["players"] == 3
        assert jump_use(board=EXAMPLE_1, rules={"overshoot": "bounce"}) == [
            {"start": u.start, "end": u.end, "kind": u.kind, "p_used": u.p_used, "expected_uses": u.expected_uses}
            for u in a.jumps
        ]

    def test_classic_fixture(self) -> None:
        result = ok(op="analyze", board=CLASSIC_FIXTURE["board"], rules=CLASSIC_FIXTURE["rules"], players=2)
        assert result["rules"] == {"start": "off-board", "overshoot": "stay"}
        assert result["expected_rolls"] == pytest.approx(CLASSIC_FIXTURE["expected_rolls"], rel=1e-12)
        assert result["length"]["median"] == CLASSIC_FIXTURE["median"]
        assert result["visits"][0] == pytest.approx(1.0, rel=1e-13)  # the off-board start, left for good
        jumps = jump_use(board=CLASSIC_FIXTURE["board"], rules=CLASSIC_FIXTURE["rules"])
        assert jumps[0]["start"] == 1 and jumps[0]["kind"] == "ladder"
        assert sum(result["race"]["p_win"]) == pytest.approx(1, abs=1e-8)

    def test_trap_board_uses_null(self) -> None:
        board = reference.matrix_from_jumps(4, {2: 14, 8: 7, 9: 7, 10: 7, 11: 7, 12: 7, 13: 7})
        result = ok(op="analyze", board=board, players=2)
        assert result["finishable"] == "not always"
        assert result["expected_rolls"] is None
        assert result["expected_rolls_if_finished"] == pytest.approx(7, rel=1e-12)
        assert result["visits"][7] is None
        assert result["traps"] == [[7]]
        assert result["race"]["expected_total_rolls"] is None
        snake = next(j for j in jump_use(board=board) if j["start"] == 13)
        assert snake["expected_uses"] is None and snake["p_used"] == pytest.approx(5 / 6)

    def test_never(self) -> None:
        result = ok(op="analyze", board_text=json.dumps(reference.matrix_from_jumps(3, dict.fromkeys(range(3, 9), 1))))
        assert (result["finishable"], result["p_finish"], result["expected_rolls"]) == ("never", 0.0, None)
        assert result["length"]["p_on_turn"] == [] and result["length"]["trapped"] == 1.0

    def test_off_board_rules_allow_a_jump_on_square_1(self) -> None:
        assert ok(op="analyze", board=START_LADDER, rules={"start": "off-board"})["unsolved"] is None
        assert jump_use(board=START_LADDER, rules={"start": "off-board"})[0]["start"] == 1

    def test_over_the_headline_budget(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The analyze op within a budget of 10 units on a board needing more: "unsolved" says why, naming the
        budget; the length is still listed, without a tail; the finish chance is exactly 1 (no trap) and the
        expected rolls and the race are estimates, flagged "approximate" with the rolls propagated and the
        tail's share, agreeing with the exact figures within that share."""
        from snakes_ladders.chance import markov

        board = reference.matrix_from_jumps(8, {5: 40, 30: 3, 22: 50, 45: 12, 10: 33, 60: 20})
        exact = ok(op="analyze", board=board, players=2)
        assert exact["approximate"] is None
        monkeypatch.setattr(markov, "HEADLINE_BUDGET", 10)
        result = ok(op="analyze", board=board, players=2)
        assert result["unsolved"].startswith("exact figures not computed: they would take more than ")
        assert result["unsolved"].endswith(" units of work, over the budget of 10")
        assert (result["p_finish"], result["visits"]) == (1.0, []) and exact["p_finish"] == 1.0
        assert result["length"]["tail_from"] is None and result["length"]["rolls"] > 0
        approx = result["approximate"]
        assert approx["rolls"] == result["length"]["rolls"] and approx["p_finish"] == [1.0, 1.0]
        assert approx["note"].startswith("approximate: the chance to finish is exact; computed from the first ")
        share = approx["tail_share"]
        assert result["expected_rolls"] == pytest.approx(exact["expected_rolls"], rel=share + 1e-9)
        race, exact_race = result["race"], exact["race"]
        assert race["expected_total_rolls"] == pytest.approx(exact_race["expected_total_rolls"], rel=share + 1e-9)
        assert race["p_win"] == pytest.approx(exact_race["p_win"], abs=share + 1e-9)

    def test_jump_use_op_refuses_over_its_budget(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The jump_use op over its budget: no jumps, and the refusal in words, naming the budget."""
        from snakes_ladders.chance import markov

        board = reference.matrix_from_jumps(8, {5: 40, 30: 3, 22: 50, 45: 12, 10: 33, 60: 20})
        assert len(jump_use(board=board)) == 6
        monkeypatch.setattr(markov, "JUMP_USE_BUDGET", 30)
        result = ok(op="jump_use", board=board)
        assert result["jumps"] == [] and result["n"] == 8
        assert result["refused"].startswith("jump use not computed: it would take at least ")
        assert result["refused"].endswith(" units of work, over the budget of 30")

    def test_chained_jump_warning(self) -> None:
        result = ok(op="analyze", board=reference.matrix_from_jumps(5, {2: 20, 20: 3}))
        assert [w["square"] for w in result["warnings"]["shown"]] == [2] and result["chained"] == [2]


# --------------------------------------------------------------------------- play and explain


class TestPlay:
    def test_shape_and_determinism(self) -> None:
        request = {"op": "play", "board": EXAMPLE_1, "rules": {"start": "off-board"}, "players": 2, "seed": 42}
        result = ok(**request)
        assert set(result) == GAME_KEYS
        assert result == ok(**request)
        assert result["seed"] == 42 and result["players"] == 2
        assert result["rules"] == {"start": "off-board", "overshoot": "stay"}
        assert result["end"] == "won" and result["winner"] in (1, 2)
        for turn in result["turns"]:
            assert set(turn) == TURN_KEYS
        first = result["turns"][0]
        assert first["player"] == 1 and first["start"] == 0
        game = play(Board.from_matrix(EXAMPLE_1), CLASSIC, 2, 42)
        assert [t["roll"] for t in result["turns"]] == [t.roll for t in game.turns]
        assert result["positions"] == list(game.positions)

    def test_overshoot_recorded(self) -> None:
        result = ok(op="play", board=EMPTY_2, seed=3)
        stays = [t for t in result["turns"] if t["overshoot"] == "stay"]
        assert stays and all(t["start"] == t["landing"] == t["end"] for t in stays)

    def test_no_winner(self) -> None:
        result = ok(op="play", board=reference.matrix_from_jumps(3, dict.fromkeys(range(3, 9), 1)), players=3, seed=0)
        assert (result["winner"], result["end"], result["turns"], result["positions"]) == (None, "stuck", [], [1, 1, 1])

    def test_largest_seed(self) -> None:
        assert ok(op="play", board=EMPTY_2, seed=2**53 - 1)["seed"] == 2**53 - 1


class TestExplain:
    def test_shape(self) -> None:
        result = ok(op="explain", board=EXAMPLE_1)
        assert set(result) == EXPLAIN_KEYS
        assert (result["moves"], result["reachable"], result["paths_count"]["value"], result["wall"]) == (
            4,
            True,
            "21",
            None,
        )
        layer = result["layers"][1]
        assert set(layer) == {"move", "squares", "ways", "arrivals"}
        assert layer["squares"] == [3, 4, 5, 6, 7, 15]
        assert layer["ways"] == [{"exact": True, "value": "1", "mantissa": 1.0, "exponent": 0}] * 6
        assert layer["arrivals"][0] == {"start": 1, "roll": 1, "landing": 2, "end": 15, "jump": "ladder"}
        assert result["distances"] == reference.distances(EXAMPLE_1)

    def test_wall(self) -> None:
        result = ok(op="explain", board=reference.matrix_from_jumps(3, dict.fromkeys(range(3, 9), 1)))
        assert (result["moves"], result["reachable"], result["paths_count"]["value"]) == (-1, False, "0")
        assert result["reached"] == [1, 2]
        assert result["wall"] == {"furthest": 2, "squares": [3, 4, 5, 6, 7, 8], "ends": [1, 1, 1, 1, 1, 1]}

    def test_fixtures(self, board_fixture: dict) -> None:
        result = ok(op="explain", board=board_fixture["board"])
        e = explain(board_fixture["board"])
        assert result["moves"] == board_fixture["moves"] == e.moves
        assert result["paths_count"]["value"] == str(board_fixture["paths_count"])
        assert [layer["squares"] for layer in result["layers"]] == [list(layer.squares) for layer in e.layers]

    def test_off_board_start_explained_and_square_1_forbidden_without_it(self) -> None:
        result = ok(op="explain", board=START_LADDER, rules={"start": "off-board", "overshoot": "bounce"})
        # From position 0: roll 1 climbs 1 -> 3, rolls 2, 3 and 4 land on 2, 3 and 4.
        assert [layer["squares"] for layer in result["layers"]] == [[0], [2, 3, 4]]
        assert (result["moves"], result["paths_count"]["value"], result["distances"][0]) == (1, "1", 0)
        assert result["rules"] == {"start": "off-board", "overshoot": "stay"}  # only the start is read
        error = check_error_shape(call(op="explain", board=START_LADDER))
        assert (error["kind"], error["square"]) == ("board", 1)


# --------------------------------------------------------------------------- errors


def err(kind: str, message: str, where: tuple = (None, None, None)) -> tuple:
    return kind, message, where


ERROR_CASES = {
    "rules-list": (
        {"op": "analyze", "board": EMPTY_2, "rules": ["off-board"]},
        err("request", 'rules must be an object with start, overshoot and sixes, got ["off-board"] (a list)'),
    ),
    "rules-null": (
        {"op": "play", "board": EMPTY_2, "rules": None, "seed": 1},
        err("request", "rules must be an object with start, overshoot and sixes, got null"),
    ),
    "rules-unknown-key": (
        {"op": "analyze", "board": EMPTY_2, "rules": {"chain": True}},
        err("request", 'unknown rule "chain": the rules are start, overshoot and sixes'),
    ),
    "rules-start": (
        {"op": "analyze", "board": EMPTY_2, "rules": {"start": "square0"}},
        err("request", 'start must be "square1" or "off-board", got "square0" (a string)'),
    ),
    "rules-overshoot": (
        {"op": "play", "board": EMPTY_2, "rules": {"overshoot": "exact"}, "seed": 1},
        err("request", 'overshoot must be "stay", "bounce" or "win", got "exact" (a string)'),
    ),
    "players-0": (
        {"op": "analyze", "board": EMPTY_2, "players": 0},
        err("request", "players must be an integer from 1 to 4"),
    ),
    "players-5": (
        {"op": "play", "board": EMPTY_2, "players": 5, "seed": 1},
        err("request", "players must be an integer from 1 to 4"),
    ),
    "players-float": (
        {"op": "analyze", "board": EMPTY_2, "players": 2.0},
        err("request", "players must be an integer from 1 to 4"),
    ),
    "players-bool": (
        {"op": "analyze", "board": EMPTY_2, "players": True},
        err("request", "players must be an integer from 1 to 4"),
    ),
    "players-null": (
        {"op": "analyze", "board": EMPTY_2, "players": None},
        err("request", "players must be an integer from 1 to 4"),
    ),
    "seed-missing": (
        {"op": "play", "board": EMPTY_2},
        err("request", "play needs a seed: an integer from 0 to 9007199254740991"),
    ),
    "seed-negative": (
        {"op": "play", "board": EMPTY_2, "seed": -1},
        err("request", "seed must be an integer from 0 to 9007199254740991"),
    ),
    "seed-too-big": (
        {"op": "play", "board": EMPTY_2, "seed": 2**53},
        err("request", "seed must be an integer from 0 to 9007199254740991"),
    ),
    "seed-float": (
        {"op": "play", "board": EMPTY_2, "seed": 1.5},
        err("request", "seed must be an integer from 0 to 9007199254740991"),
    ),
    "seed-string": (
        {"op": "play", "board": EMPTY_2, "seed": "1"},
        err("request", "seed must be an integer from 0 to 9007199254740991"),
    ),
    "request-fields-before-board": (
        {"op": "analyze", "board": [[-1]], "players": 9},
        err("request", "players must be an integer from 1 to 4"),
    ),
    "no-board": (
        {"op": "analyze"},
        err("request", "the request has no board: give 'board' (a matrix) or 'board_text' (a string)"),
    ),
    "square-1-leetcode-rules": (
        {"op": "analyze", "board": START_LADDER},
        err("board", "square 1 (row 1, column 0): the start square cannot hold a snake or ladder", (1, 0, 1)),
    ),
    "square-1-play": (
        {"op": "play", "board": START_LADDER, "rules": {"overshoot": "win"}, "seed": 0},
        err("board", "square 1 (row 1, column 0): the start square cannot hold a snake or ladder", (1, 0, 1)),
    ),
    "square-1-explain": (
        {"op": "explain", "board": START_LADDER},
        err("board", "square 1 (row 1, column 0): the start square cannot hold a snake or ladder", (1, 0, 1)),
    ),
    "last-square-off-board": (
        {"op": "analyze", "board": [[2, -1], [-1, -1]], "rules": {"start": "off-board"}},
        err("board", "square 4 (row 0, column 0): the last square cannot hold a snake or ladder", (0, 0, 4)),
    ),
    "too-big-for-analysis": (
        {"op": "analyze", "board": [[-1] * 101] * 101},
        err("board", "the board has 101 rows: the largest board here is 100×100"),
    ),
    "too-big-for-explain": (
        {"op": "explain", "board": [[-1] * 101] * 101},
        err("board", "the board has 101 rows: the largest board here is 100×100"),
    ),
    "max-size-still-lowers": (
        {"op": "play", "board": EXAMPLE_1, "seed": 1, "max_size": 5},
        err("board", "the board has 6 rows: the largest board here is 5×5"),
    ),
    "text-error": (
        {"op": "analyze", "board_text": "[[-1,-1],[-1,3]"},
        err("json", "the board text is not valid JSON: Expecting ',' delimiter at line 1, column 16"),
    ),
}


class TestErrors:
    @pytest.mark.parametrize(("request_", "expected"), list(ERROR_CASES.values()), ids=list(ERROR_CASES))
    def test_error(self, request_: dict, expected: tuple) -> None:
        kind, message, where = expected
        error = check_error_shape(call(**request_))
        assert (error["kind"], error["message"]) == (kind, message)
        assert (error["row"], error["column"], error["square"]) == where

    def test_existing_ops_unchanged(self) -> None:
        assert ok(op="min_moves", board=[[-1, -1], [-1, 3]])["moves"] == 1
        error = check_error_shape(call(op="analyse", board=EMPTY_2))
        assert error["message"] == f'unknown op "analyse" (a string): expected one of {", ".join(CONTRACT)}'
        # The old ops refuse the new fields (they would be ignored), and keep LeetCode's check of square 1.
        assert check_error_shape(call(op="min_moves", board=EMPTY_2, players=2))["message"] == (
            'unknown field "players" for min_moves: the fields are version, board, board_text, max_size and rules'
        )
        assert check_error_shape(call(op="solve", board=START_LADDER))["square"] == 1
        assert check_error_shape(call(op="min_moves", board=START_LADDER))["square"] == 1

    @pytest.mark.parametrize("op", ["analyze", "explain", "play"])
    def test_internal(self, op: str, monkeypatch: pytest.MonkeyPatch) -> None:
        def boom(*args: object, **kwargs: object) -> None:
            raise RuntimeError("boom")

        # The API imports each op's function from its module on first use (api.LATER).
        module = {"analyze": "chance.markov", "explain": "solver.explanation", "play": "game.seeded"}[op]
        monkeypatch.setattr(importlib.import_module(f"snakes_ladders.{module}"), op, boom)
        error = check_error_shape(call(op=op, board=EMPTY_2, **({"seed": 1} if op == "play" else {})))
        assert (error["kind"], error["message"]) == ("internal", "internal error: RuntimeError: boom")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**54) | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
fields = st.fixed_dictionaries(
    {"op": st.sampled_from(["analyze", "explain", "play"])},
    optional={
        "rules": json_values
        | st.fixed_dictionaries(
            {},
            optional={
                "start": st.sampled_from(["square1", "off-board", "x"]),
                "overshoot": st.sampled_from(["stay", "bounce", "win", 1]),
            },
        ),
        "players": json_values | st.integers(0, 5),
        "seed": json_values | st.integers(0, 2**60),
        "board": json_values,
    },
)


class TestNeverRaises:
    @settings(max_examples=150)
    @given(fields, st.integers(0, 2**32 - 1))
    def test_any_request(self, request: dict, board_seed: int) -> None:
        if "board" not in request and board_seed % 2:
            request["board"] = reference.random_board(
                random.Random(board_seed), n=random.Random(board_seed).randint(2, 6)
            )
        response = handle(json.dumps({"version": 1, **request}))
        reply = strict_json(response)
        if reply["ok"] is False:
            assert check_error_shape(reply)["kind"] != "internal", reply
        else:
            assert set(reply) == {"ok", "version", "result"}


# --------------------------------------------------------------------------- command line


@pytest.fixture
def fixture_file(tmp_path: Path):
    def write(document: object, name: str = "board.json") -> str:
        path = tmp_path / name
        path.write_text(json.dumps(document), encoding="utf-8")
        return str(path)

    return write


class TestCommandLine:
    def test_solve_and_explain_use_the_fixture_rules(self, capsys) -> None:
        status, out, err = in_process(["solve", str(CLASSIC_FILE)], capsys)
        assert (status, err) == (0, "")
        result = json.loads(out)
        assert (result["moves"], result["paths_count"]["value"]) == (CLASSIC_FIXTURE["shortest_game"], "438")
        assert result["path"][0] == 0 and result["rules"] == CLASSIC_FIXTURE["rules"]
        status, out, _ = in_process(["solve", str(CLASSIC_FILE), "--overshoot", "win"], capsys)
        assert json.loads(out)["rules"] == {"start": "off-board", "overshoot": "win"}
        status, out, err = in_process(["explain", str(CLASSIC_FILE)], capsys)
        assert (status, err) == (0, "")
        assert json.loads(out)["layers"][0]["squares"] == [0]
        status, out, err = in_process(["solve", str(CLASSIC_FILE), "--start", "square1"], capsys)
        assert (status, out) == (2, "")
        assert "square 1 (row 9, column 0): the start square cannot hold a snake or ladder" in err

    def test_moves_uses_the_fixture_rules_as_solve_does(self, capsys) -> None:
        status, out, err = in_process(["moves", str(CLASSIC_FILE)], capsys)
        assert (status, out, err) == (0, f"{CLASSIC_FIXTURE['shortest_game']}\n", "")
        status, out, err = in_process(["moves", str(CLASSIC_FILE), "--start", "square1"], capsys)
        assert (status, out) == (2, "")
        assert "square 1 (row 9, column 0): the start square cannot hold a snake or ladder" in err

    def test_analyze_uses_the_fixture_rules(self, capsys) -> None:
        status, out, err = in_process(["analyze", str(CLASSIC_FILE)], capsys)
        assert (status, err) == (0, "")
        assert out.count("\n") == 1
        result = json.loads(out)
        assert result["rules"] == CLASSIC_FIXTURE["rules"]
        assert result["expected_rolls"] == pytest.approx(CLASSIC_FIXTURE["expected_rolls"], rel=1e-12)

    def test_options_override_the_fixture_rules_one_by_one(self, capsys) -> None:
        status, out, _ = in_process(["analyze", str(CLASSIC_FILE), "--overshoot", "bounce", "--players", "2"], capsys)
        assert status == 0
        result = json.loads(out)
        assert result["rules"] == {"start": "off-board", "overshoot": "bounce"}
        assert result["race"]["players"] == 2
        # square 1 holds a ladder: the LeetCode start is refused, with the board's own message
        status, out, err = in_process(["analyze", str(CLASSIC_FILE), "--start", "square1"], capsys)
        assert (status, out) == (2, "")
        assert one_line(err) == (
            f"snakes_ladders: {CLASSIC_FILE}: square 1 (row 9, column 0): "
            "the start square cannot hold a snake or ladder"
        )

    def test_same_as_api(self, capsys) -> None:
        path = str(EXAMPLE_1_FILE)
        status, out, _ = in_process(["analyze", path, "--start", "off-board", "--overshoot", "win"], capsys)
        assert status == 0
        reply = ok(op="analyze", board=EXAMPLE_1, rules={"start": "off-board", "overshoot": "win"})
        assert json.loads(out) == reply

    def test_plain_matrix_on_stdin(self, capsys, monkeypatch) -> None:
        status, out, err = in_process(
            ["analyze", "-", "--indent", "2"], capsys, stdin="board = [[-1,-1],[-1,-1]]", monkeypatch=monkeypatch
        )
        assert (status, err) == (0, "")
        assert out.startswith('{\n  "n": 2,')
        assert json.loads(out)["expected_rolls"] == pytest.approx(6, rel=1e-13)

    def test_play(self, capsys) -> None:
        path = str(EXAMPLE_1_FILE)
        status, out, err = in_process(["play", path, "--players", "3", "--seed", "42"], capsys)
        assert (status, err) == (0, "")
        result = json.loads(out)
        assert result == ok(op="play", board=EXAMPLE_1, players=3, seed=42)
        status, again, _ = in_process(["play", path, "--players", "3", "--seed", "42"], capsys)
        assert again == out

    def test_play_uses_the_fixture_rules(self, capsys) -> None:
        status, out, _ = in_process(["play", str(CLASSIC_FILE), "--seed", "1"], capsys)
        assert status == 0
        assert json.loads(out)["turns"][0]["start"] == 0

    def test_sixes_option_overrides_the_fixture(self, capsys) -> None:
        status, out, err = in_process(["analyze", str(CLASSIC_FILE), "--sixes", "again"], capsys)
        assert (status, err) == (0, "")
        result = json.loads(out)
        assert result["rules"]["sixes"] == "again"
        assert result["expected_turns"] < result["expected_rolls"]  # a 6 rolls again within the turn

    def test_explain(self, capsys) -> None:
        path = str(FIXTURES / "unreachable_3x3.json")
        status, out, err = in_process(["explain", path], capsys)
        assert (status, err) == (0, "")
        assert json.loads(out)["wall"] == {"furthest": 2, "squares": [3, 4, 5, 6, 7, 8], "ends": [1, 1, 1, 1, 1, 1]}

    @pytest.mark.parametrize(
        ("argv", "message"),
        [
            (["analyze", "{file}", "--players", "5"], "players must be an integer from 1 to 4"),
            (["play", "{file}", "--seed", "-1"], "seed must be an integer from 0 to 9007199254740991"),
            (["analyze", "{bad_rules}"], 'unknown rule "die": the rules are start, overshoot and sixes'),
            (
                ["analyze", "{bad_rules}", "--overshoot", "win"],
                'unknown rule "die": the rules are start, overshoot and sixes',
            ),
            (
                ["play", "{rules_list}", "--seed", "1"],
                "rules must be an object with start, overshoot and sixes, got [] (a list)",
            ),
            (
                ["play", "{rules_list}", "--seed", "1", "--start", "off-board"],
                "rules must be an object with start, overshoot and sixes, got [] (a list)",
            ),
        ],
        ids=["players", "seed", "fixture-rules", "fixture-rules-overridden", "rules-list", "rules-list-overridden"],
    )
    def test_bad_input_one_line(self, argv: list[str], message: str, fixture_file, capsys) -> None:
        files = {
            "{file}": fixture_file(EMPTY_2, "plain.json"),
            "{bad_rules}": fixture_file({"board": EMPTY_2, "rules": {"die": 8}}, "bad_rules.json"),
            "{rules_list}": fixture_file({"board": EMPTY_2, "rules": []}, "rules_list.json"),
        }
        argv = [files.get(a, a) for a in argv]
        path = next(a for a in argv if a.endswith(".json"))
        status, out, err = in_process(argv, capsys)
        assert (status, out) == (2, "")
        assert one_line(err) == f"snakes_ladders: {path}: {message}"

    @pytest.mark.parametrize(
        "argv",
        [
            ["play", "x.json"],
            ["play", "x.json", "--seed", "x"],
            ["analyze", "x.json", "--start", "zero"],
            ["analyze", "x.json", "--overshoot", "exact"],
            ["analyze", "x.json", "--players", "two"],
            ["explain", "x.json", "--seed", "1"],
        ],
        ids=[
            "play-needs-seed",
            "seed-not-int",
            "start-choice",
            "overshoot-choice",
            "players-not-int",
            "explain-no-seed",
        ],
    )
    def test_usage_errors_exit_2(self, argv: list[str], capsys) -> None:
        from snakes_ladders.cli.commands import main

        with pytest.raises(SystemExit) as caught:
            main(argv)
        assert caught.value.code == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "usage:" in captured.err

    def test_help(self, capsys) -> None:
        from snakes_ladders.cli.commands import main

        with pytest.raises(SystemExit):
            main(["--help"])
        out = capsys.readouterr().out
        for word in ("analyze", "explain", "play", "rules", "--seed"):
            assert word in out
        with pytest.raises(SystemExit):
            main(["analyze", "--help"])
        out = capsys.readouterr().out
        for word in ("--start", "square1", "off-board", "--overshoot", "bounce", "--players", "FILE"):
            assert word in out

    def test_subprocess(self) -> None:
        done = run("analyze", "tests/fixtures/rules/classic_10x10_classic_rules.json", "--players", "4")
        assert done.returncode == 0, done.stderr
        assert done.stderr == b""
        result = json.loads(done.stdout)
        assert result["race"]["players"] == 4
        assert result["length"]["median"] == CLASSIC_FIXTURE["median"]


class TestValidateWithRules:
    """validate checks a board for the rules the editor is set to."""

    LADDER_ON_1: ClassVar[list[list[int]]] = [[-1, -1, -1], [-1, -1, -1], [8, -1, -1]]

    def test_leetcode_rules_refuse_a_jump_on_square_1(self) -> None:
        reply = json.loads(handle(json.dumps({"version": 1, "op": "validate", "board": self.LADDER_ON_1})))
        assert reply["ok"] is False
        assert reply["error"]["square"] == 1

    def test_off_board_start_accepts_it(self) -> None:
        request = {"version": 1, "op": "validate", "board": self.LADDER_ON_1, "rules": {"start": "off-board"}}
        reply = json.loads(handle(json.dumps(request)))
        assert reply["ok"] is True
        assert reply["result"]["jumps"] == [[1, 8]]

    def test_solve_answers_under_the_off_board_start(self) -> None:
        request = {"version": 1, "op": "solve", "board": self.LADDER_ON_1, "rules": {"start": "off-board"}}
        reply = json.loads(handle(json.dumps(request)))
        assert reply["ok"] is True, reply  # roll 1 from off the board climbs 1 -> 8, then roll 1
        assert reply["result"]["moves"] == 2
        assert reply["result"]["path"] == [0, 8, 9]
        assert reply["result"]["rules"] == {"start": "off-board", "overshoot": "stay"}

    def test_min_moves_answers_under_the_off_board_start(self) -> None:
        request = {"version": 1, "op": "min_moves", "board": self.LADDER_ON_1, "rules": {"start": "off-board"}}
        reply = json.loads(handle(json.dumps(request)))
        assert reply["ok"] is True, reply  # as solve: roll 1 climbs 1 -> 8, then roll 1
        assert reply["result"] == {"n": 3, "moves": 2, "rules": {"start": "off-board", "overshoot": "stay"}}
