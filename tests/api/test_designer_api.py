"""The Python side of the page's designer: the API's move op and its generate op with progress.

``move`` must answer exactly as ``Rules.step`` and ``play`` do (the page never applies a rule itself);
``api.handle`` with ``generate`` (the generate worker's call) must report progress as JSON, return the closest board when a target is missed,
refuse bad requests with the generator's exact messages, and never raise.
"""

from __future__ import annotations

import json
import random

import pytest
import reference
from helpers import call, check_error_shape, cpu_ratio, ok, strict_json
from snakes_ladders import api
from snakes_ladders.board import Board
from snakes_ladders.board.rules import OVERSHOOTS, STARTS, Rules
from snakes_ladders.game.seeded import hopeless_positions, play
from snakes_ladders.solver.solution import min_moves

ALL_RULES = [Rules(start, overshoot) for start in STARTS for overshoot in OVERSHOOTS]
MOVE_KEYS = {"start", "roll", "landing", "end", "jump", "overshoot", "won", "hopeless"}


# --------------------------------------------------------------------------- move


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: f"{r.start}-{r.overshoot}")
def test_move_is_rules_step_on_every_position_and_roll(rules: Rules) -> None:
    rng = random.Random(17)
    for _ in range(12):
        n, start_jump = rng.randrange(2, 7), rules.start == "off-board"
        jumps = reference.random_jumps(rng, n, 0.2, self_rate=0, chain_rate=0, allow_start_jump=start_jump)
        board = Board(n, jumps, allow_start_jump=start_jump)
        cells = board.cells()
        hopeless = hopeless_positions(board, rules)
        for position in range(rules.start_position, board.last):
            for roll in range(1, 7):
                result = ok(op="move", board=board.to_matrix(), rules=rules.to_json(), position=position, roll=roll)
                step = rules.step(cells, position, roll)
                assert set(result) == MOVE_KEYS
                assert (result["start"], result["roll"], result["landing"], result["end"]) == (
                    step.start,
                    step.roll,
                    step.landing,
                    step.end,
                )
                assert (result["jump"], result["overshoot"]) == (step.jump, step.overshoot)
                assert result["won"] is (step.end == board.last)
                assert result["hopeless"] is (step.end in hopeless)


def test_move_replays_a_seeded_game_turn_for_turn() -> None:
    """Rolling play's dice through move puts every token where play put it, and finds the same winner."""
    board = Board(10, {1: 38, 4: 14, 16: 6, 28: 84, 48: 26, 80: 100, 98: 78}, allow_start_jump=True)
    rules = Rules("off-board", "bounce")
    game = play(board, rules, players=3, seed=909)
    positions = [rules.start_position] * 3
    for turn in game.turns:
        player = turn.player - 1
        result = ok(
            op="move", board=board.to_matrix(), rules=rules.to_json(), position=positions[player], roll=turn.roll
        )
        assert (result["landing"], result["end"], result["overshoot"]) == (turn.landing, turn.end, turn.overshoot)
        positions[player] = result["end"]
    assert tuple(positions) == game.positions
    assert result["won"] is (game.end == "won")


def test_move_says_when_a_token_can_no_longer_finish() -> None:
    trap = reference.matrix_from_jumps(3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1})  # a wall of snakes
    result = ok(op="move", board=trap, position=1, roll=1)
    assert (result["end"], result["hopeless"], result["won"]) == (2, True, False)
    assert ok(op="move", board=reference.matrix_from_jumps(3, {}), position=8, roll=1)["won"] is True


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"position": 0, "roll": 1}, "position must be an integer from 1 to 8, got 0"),
        ({"position": 9, "roll": 1}, "position must be an integer from 1 to 8, got 9"),
        ({"position": "1", "roll": 1}, "position must be an integer from 0 to 9999"),
        ({"position": 1, "roll": 7}, "roll must be an integer from 1 to 6"),
        ({"position": 1, "roll": True}, "roll must be an integer from 1 to 6"),
        ({"position": 1}, "move needs a roll: an integer from 1 to 6"),
        (
            {"position": 0, "roll": 1, "rules": {"start": "top"}},
            'start must be "square1" or "off-board", got "top" (a string)',
        ),
    ],
)
def test_move_refuses_bad_fields_by_name(fields: dict[str, object], message: str) -> None:
    reply = call(op="move", board=reference.matrix_from_jumps(3, {}), **fields)
    error = check_error_shape(reply)
    assert (error["kind"], error["message"]) == ("request", message)


def test_move_checks_the_board_for_the_rules() -> None:
    ladder_on_1 = [[-1, -1], [3, -1]]
    error = check_error_shape(call(op="move", board=ladder_on_1, position=1, roll=1))
    assert error["kind"] == "board" and error["square"] == 1
    assert ok(op="move", board=ladder_on_1, rules={"start": "off-board"}, position=0, roll=1)["end"] == 3
    too_big = [[-1] * 101 for _ in range(101)]
    error = check_error_shape(call(op="move", board=too_big, position=1, roll=1))
    assert "the largest board here is 100×100" in error["message"]


@pytest.mark.perf
def test_move_work_grows_with_the_squares_not_faster() -> None:
    """O(n²): a board with 4 times the squares takes well under 10 times the time (least CPU time of 9).

    CPU time, not wall time: on a busy machine a 20 ms call is often preempted, and best of 5 wall
    times once measured 24× here (Python 3.13 under two pytest workers) where the CPU time is about 4×.
    """
    boards = [reference.matrix_from_jumps(n, reference.random_jumps(random.Random(n), n, 0.2)) for n in (40, 80)]
    requests = [json.dumps({"version": 1, "op": "move", "board": b, "position": 1, "roll": 3}) for b in boards]
    for request in requests:
        assert json.loads(api.handle(request))["ok"]
    small, large = requests
    assert cpu_ratio(lambda: api.handle(small), lambda: api.handle(large), trials=9) < 10


# --------------------------------------------------------------------------- generate, with progress (the generate worker's)


def gen(progress: list[dict[str, object]] | None = None, **fields: object) -> dict:
    fields.setdefault("version", 1)
    hear = None if progress is None else (lambda text: progress.append(strict_json(text)))
    reply = api.handle(json.dumps({"op": "generate", **fields}), hear)
    assert isinstance(reply, str)
    return strict_json(reply)


def test_generate_meets_the_issue_target_and_reports_progress() -> None:
    heard: list[dict[str, object]] = []
    reply = gen(heard, n=10, snakes=8, ladders=8, seed=3, targets={"min_moves": 7, "expected_rolls": [30, 40]})
    assert reply["ok"] is True
    result = reply["result"]
    board = Board.from_matrix(result["matrix"])
    assert result["met"] is True and result["message"] == "" and result["missed"] == []
    assert min_moves(board) == result["min_moves"] == 7
    assert 30 <= result["expected_rolls"] <= 40
    assert heard, "progress is reported at least once (at the end)"
    assert heard[-1]["evaluations"] == result["evaluations"]
    assert all(report["max_evaluations"] == 2000 for report in heard)
    assert [r["evaluations"] for r in heard] == sorted(r["evaluations"] for r in heard)


def test_generate_returns_the_closest_board_when_a_target_is_missed() -> None:
    heard: list[dict[str, object]] = []
    reply = gen(heard, n=10, snakes=8, ladders=8, seed=5, targets={"min_moves": 60}, max_evaluations=250)
    result = reply["result"]
    assert result["met"] is False and result["evaluations"] == 250
    took = min_moves(Board.from_matrix(result["matrix"]))
    assert result["missed"] == [f"least moves 60 (the closest board takes {took})"]
    assert (
        result["message"]
        == f"no board met every target in 250 evaluations (seed 5): least moves 60 (the closest board takes {took})"
    )
    assert [r["evaluations"] for r in heard] == [100, 200, 250]


@pytest.mark.parametrize(
    ("request_text", "message"),
    [
        ("not json", "the request is not JSON: Expecting value at line 1, column 1"),
        ("[1]", "the request must be a JSON object"),
        ('{"version": 2, "op": "generate"}', "unsupported request version 2: this solver speaks version 1"),
        ('{"version": 1, "op": "generate", "n": 10}', "generate needs snakes: the number of snakes, an integer"),
        (
            '{"version": 1, "op": "generate", "n": 10, "snakes": 1, "ladders": 0, "seed": 1, "colour": 1}',
            "unknown field",
        ),
        (
            '{"version": 1, "op": "generate", "n": 10, "snakes": 8, "ladders": 0, "seed": 1, "targets": {"min_moves": 1}}',
            "least moves 1 is out of reach: with no ladders a 10×10 board takes at least 17 moves",
        ),
        (
            '{"version": 1, "op": "generate", "n": null, "snakes": 1, "ladders": 1, "seed": 1}',
            "n must be an integer from 2 to 50, got null",
        ),
        ("[" * 100_000, "the request is not a board request: lists or objects are nested 100000 deep"),
    ],
)
def test_generate_refuses_bad_requests_with_the_reason(request_text: str, message: str) -> None:
    reply = strict_json(api.handle(request_text, lambda text: pytest.fail(f"progress on a refused request: {text}")))
    assert reply["ok"] is False
    assert reply["error"]["kind"] == "request"
    assert reply["error"]["message"].startswith(message)


def test_generate_never_raises_on_a_non_string() -> None:
    reply = strict_json(api.handle(42, print))  # type: ignore[arg-type]
    assert reply["error"]["message"] == "the request must be a JSON string, got int"
