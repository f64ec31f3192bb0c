"""The JSON boundary: every response shape and error kind, and that handle never raises."""

from __future__ import annotations

import json
import random
import re

import pytest
import reference
from helpers import EXAMPLE_1, call, check_error_shape, ok, strict_json, within
from hypothesis import example, given
from hypothesis import strategies as st
from snakes_ladders import api
from snakes_ladders.api import handle

LEETCODE_RULES = {"start": "square1", "overshoot": "stay"}

#: The ops as the unknown-op message lists them: a new op is listed with no test to edit.
OPS_LISTED = ", ".join(api.CONTRACT)


# --------------------------------------------------------------------------- success


class TestMinMoves:
    def test_exact_response(self) -> None:
        response = handle('{"version": 1, "op": "min_moves", "board": [[-1, -1], [-1, 3]]}')
        assert strict_json(response) == {
            "ok": True,
            "version": 1,
            "result": {"n": 2, "moves": 1, "rules": LEETCODE_RULES},
        }

    def test_fixtures(self, board_fixture: dict) -> None:
        result = ok(op="min_moves", board=board_fixture["board"])
        assert result == {"n": len(board_fixture["board"]), "moves": board_fixture["moves"], "rules": LEETCODE_RULES}

    @pytest.mark.parametrize("start", ["square1", "off-board"])
    @pytest.mark.parametrize("overshoot", ["stay", "bounce", "win"])
    @pytest.mark.parametrize("sixes", ["plain", "again"])
    def test_under_rules_it_is_solves_answer(self, board_fixture: dict, start: str, overshoot: str, sixes: str) -> None:
        """My boards shows this figure beside Solve's: the two must agree under every rule they both take."""
        rules = {"start": start, "overshoot": overshoot, "sixes": sixes}
        result = ok(op="min_moves", board=board_fixture["board"], rules=rules)
        solved = ok(op="solve", board=board_fixture["board"], rules=rules)
        assert (result["moves"], result["rules"]) == (solved["moves"], solved["rules"])

    def test_off_the_board_a_ladder_on_square_1_counts(self) -> None:
        # 4×4 with a ladder 1 -> 15: from off the board a roll of 1 climbs it and a roll of 1 finishes (2);
        # the empty board takes 3 (6, 6, 4). LeetCode's rules refuse a jump on square 1, naming it.
        board = [[-1] * 4, [-1] * 4, [-1] * 4, [15, -1, -1, -1]]
        assert ok(op="min_moves", board=board, rules={"start": "off-board"})["moves"] == 2
        assert ok(op="min_moves", board=[[-1] * 4] * 4, rules={"start": "off-board"})["moves"] == 3
        refused = check_error_shape(call(op="min_moves", board=board))
        assert refused["kind"] == "board" and refused["square"] == 1, refused

    def test_three_sixes_to_start_is_refused_in_words(self) -> None:
        error = check_error_shape(call(op="min_moves", board=EXAMPLE_1, rules={"sixes": "again-three-to-start"}))
        assert (error["kind"], error["message"]) == (
            "request",
            "the least rolls are searched with every roll chosen, but not under sixes "
            '"again-three-to-start" (a third 6 in a row sends the token back): use sixes "plain" or "again", '
            "whose least rolls are the same",
        )


class TestSolve:
    def test_fields(self) -> None:
        result = ok(op="solve", board=EXAMPLE_1)
        assert set(result) == {
            "n", "moves", "reachable", "path", "steps", "distances", "distances_limit", "paths_count", "explored",
            "warnings", "chained", "rules",
        }  # fmt: skip
        assert result["n"] == 6
        assert result["moves"] == 4
        assert result["reachable"] is True
        assert result["warnings"] == {"total": 0, "shown": []} and result["chained"] == []
        assert result["rules"] == {"start": "square1", "overshoot": "stay"}  # LeetCode's, when none are given

    def test_fixtures(self, board_fixture: dict) -> None:
        board = board_fixture["board"]
        result = ok(op="solve", board=board)
        dist = reference.distances(board)
        dest = reference.destinations(board)
        assert result["moves"] == board_fixture["moves"]
        assert result["reachable"] is (board_fixture["moves"] >= 0)
        assert result["distances_limit"] == (board_fixture["moves"] if board_fixture["moves"] >= 0 else None)
        assert result["distances"] == list(within(dist, result["distances_limit"]))
        assert result["explored"] == sum(d is not None for d in result["distances"])
        assert result["paths_count"]["value"] == str(reference.count_optimal_rolls(board))
        if board_fixture["moves"] < 0:
            assert result["path"] is None
            assert result["steps"] == []
            assert result["paths_count"] == {"exact": True, "value": "0", "mantissa": 0.0, "exponent": 0}
            return
        path = result["path"]
        assert len(path) == board_fixture["moves"] + 1
        assert reference.path_problem(board, path) is None
        assert len(result["steps"]) == board_fixture["moves"]
        for step, start, end in zip(result["steps"], path, path[1:], strict=False):
            assert set(step) == {"start", "roll", "landing", "end", "jump"}
            assert (step["start"], step["end"]) == (start, end)
            assert step["landing"] == start + step["roll"]
            assert step["end"] == dest[step["landing"]]
            assert step["jump"] == ("ladder" if end > step["landing"] else "snake" if end < step["landing"] else None)

    def test_paths_count_is_an_exact_decimal_string(self) -> None:
        board = reference.board_with_many_optimal_games()
        count = reference.count_optimal_rolls(board)
        assert count > 2**60
        result = ok(op="solve", board=board)
        assert result["paths_count"]["value"] == str(count)
        assert result["paths_count"]["exact"] is True

    def test_chained_jump_warning(self) -> None:
        board = reference.matrix_from_jumps(5, {2: 20, 20: 3})
        result = ok(op="solve", board=board)
        warnings = result["warnings"]["shown"]
        assert result["warnings"]["total"] == 1 and result["chained"] == [2]
        assert [w["square"] for w in warnings] == [2]
        assert set(warnings[0]) == {"square", "message"}
        assert "20" in warnings[0]["message"]

    @given(st.integers(0, 2**32 - 1))
    def test_random_boards_against_reference(self, seed: int) -> None:
        board = reference.random_board(random.Random(seed))
        result = ok(op="solve", board=board)
        dist = reference.distances(board)
        assert result["distances"] == list(within(dist, result["distances_limit"]))
        assert result["moves"] == (-1 if dist[-1] is None else dist[-1])
        assert result["paths_count"]["value"] == str(reference.count_optimal_rolls(board))
        if result["path"] is not None:
            assert reference.path_problem(board, result["path"]) is None


class TestValidate:
    def test_result(self) -> None:
        result = ok(op="validate", board=EXAMPLE_1)
        assert result == {
            "n": 6,
            "matrix": EXAMPLE_1,
            "jumps": [[2, 15], [14, 35], [17, 13]],
            "warnings": {"total": 0, "shown": []},
            "chained": [],
        }

    def test_warnings_name_chained_jumps(self) -> None:
        board = reference.matrix_from_jumps(4, {2: 15, 15: 16, 7: 7, 9: 3})
        result = ok(op="validate", board=board)
        assert result["jumps"] == [[2, 15], [7, 7], [9, 3], [15, 16]]
        assert [w["square"] for w in result["warnings"]["shown"]] == [2] and result["chained"] == [2]

    def test_fixtures_round_trip(self, board_fixture: dict) -> None:
        result = ok(op="validate", board=board_fixture["board"])
        assert result["matrix"] == board_fixture["board"]
        assert dict(map(tuple, result["jumps"])) == reference.jumps_of(board_fixture["board"])


class TestBoardText:
    @pytest.mark.parametrize(
        "text",
        [
            "[[-1,-1],[-1,3]]",
            "board = [[-1, -1], [-1, 3]]",
            "board=[[-1,-1],[-1,3]]",
            "  board =\n[[-1, -1],\n [-1, 3]]\n",
            "\n[\n  [-1, -1],\n  [-1, 3]\n]\n",
        ],
        ids=["plain", "leetcode-prefix", "prefix-no-spaces", "prefix-multiline", "pretty"],
    )
    def test_accepted(self, text: str) -> None:
        assert ok(op="min_moves", board_text=text) == {"n": 2, "moves": 1, "rules": LEETCODE_RULES}

    def test_text_wins_over_matrix(self) -> None:
        # Not part of the contract's promises, but the two must not be mixed.
        result = ok(op="validate", board=[[-1, -1], [-1, -1]], board_text="[[-1,-1],[-1,3]]")
        assert result["matrix"] == [[-1, -1], [-1, 3]]

    def test_max_size_allows_up_to_the_limit(self) -> None:
        assert ok(op="min_moves", board=EXAMPLE_1, max_size=6)["moves"] == 4


# --------------------------------------------------------------------------- errors


def err(kind, message, where=(None, None, None), *, regex=False):
    return kind, message, where, regex


NOT_JSON = "the board text is not valid JSON: "

ERROR_CASES = {
    # --- kind "json": board text that is not JSON
    "text-empty": (
        {"op": "solve", "board_text": ""},
        err("json", "the board text is empty: paste a LeetCode matrix such as [[-1, -1], [-1, -1]]"),
    ),
    "text-blank": (
        {"op": "solve", "board_text": " \n\t "},
        err("json", "the board text is empty: paste a LeetCode matrix such as [[-1, -1], [-1, -1]]"),
    ),
    "text-unclosed": (
        {"op": "solve", "board_text": "[[-1,-1],[-1,3]"},
        err("json", NOT_JSON + "Expecting ',' delimiter at line 1, column 16"),
    ),
    "text-extra-data": (
        {"op": "solve", "board_text": "[[-1,-1],[-1,3]] x"},
        err("json", NOT_JSON + "Extra data at line 1, column 18"),
    ),
    "text-second-line": (
        {"op": "solve", "board_text": "[[-1,-1],\n [-1,,3]]"},
        err("json", NOT_JSON + "Expecting value at line 2, column 6"),
    ),
    "text-prefix-only": (
        {"op": "solve", "board_text": "board ="},
        err("json", NOT_JSON + "Expecting value at line 1, column 8"),
    ),
    # columns and lines count in the text as given, prefix included
    "text-prefix-column": (
        {"op": "solve", "board_text": "board = [[-1,-1],[-1,3]"},
        err("json", NOT_JSON + "Expecting ',' delimiter at line 1, column 24"),
    ),
    "text-prefix-line": (
        {"op": "solve", "board_text": "board =\n[[-1,-1],\n [-1 3]]"},
        err("json", NOT_JSON + "Expecting ',' delimiter at line 3, column 6"),
    ),
    "text-python-syntax": (
        {"op": "solve", "board_text": "[(-1, -1), (-1, 3)]"},
        err("json", NOT_JSON + "Expecting value at line 1, column 2"),
    ),
    "text-nested-too-deep": (
        {"op": "solve", "board_text": "[" * 100_000},
        err(
            "json",
            "the board text is not a board: lists or objects are nested 100000 deep; "
            "a board needs only 2 (a list of rows)",
        ),
    ),
    "text-huge-integer": (
        {"op": "solve", "board_text": "[[-1, " + "9" * 5000 + "], [-1, -1]]"},
        err("json", r"^the board text .*digits", regex=True),
    ),
    # --- kind "request"
    "no-version": (
        {"op": "solve", "board": EXAMPLE_1, "version": None},
        err("request", "unsupported request version null: this solver speaks version 1"),
    ),
    "version-2": (
        {"op": "solve", "board": EXAMPLE_1, "version": 2},
        err("request", "unsupported request version 2: this solver speaks version 1"),
    ),
    "version-string": (
        {"op": "solve", "board": EXAMPLE_1, "version": "1"},
        err("request", 'unsupported request version "1" (a string): this solver speaks version 1'),
    ),
    "version-true": (
        {"op": "solve", "board": EXAMPLE_1, "version": True},
        err("request", "unsupported request version true: this solver speaks version 1"),
    ),
    "version-float": (
        {"op": "solve", "board": EXAMPLE_1, "version": 1.0},
        err("request", "unsupported request version 1.0: this solver speaks version 1"),
    ),
    "no-op": (
        {"board": EXAMPLE_1},
        err(
            "request",
            f"unknown op null: expected one of {OPS_LISTED}",
        ),
    ),
    "op-case": (
        {"op": "SOLVE", "board": EXAMPLE_1},
        err(
            "request",
            f'unknown op "SOLVE" (a string): expected one of {OPS_LISTED}',
        ),
    ),
    "op-list": (
        {"op": ["solve"], "board": EXAMPLE_1},
        err(
            "request",
            f'unknown op ["solve"] (a list): expected one of {OPS_LISTED}',
        ),
    ),
    "max-size-1": (
        {"op": "solve", "board": EXAMPLE_1, "max_size": 1},
        err("request", "max_size must be an integer from 2 to 1000"),
    ),
    "max-size-1001": (
        {"op": "solve", "board": EXAMPLE_1, "max_size": 1001},
        err("request", "max_size must be an integer from 2 to 1000"),
    ),
    "max-size-float": (
        {"op": "solve", "board": EXAMPLE_1, "max_size": 6.0},
        err("request", "max_size must be an integer from 2 to 1000"),
    ),
    "max-size-bool": (
        {"op": "solve", "board": EXAMPLE_1, "max_size": True},
        err("request", "max_size must be an integer from 2 to 1000"),
    ),
    "max-size-null": (
        {"op": "solve", "board": EXAMPLE_1, "max_size": None},
        err("request", "max_size must be an integer from 2 to 1000"),
    ),
    "no-board": (
        {"op": "solve"},
        err("request", "the request has no board: give 'board' (a matrix) or 'board_text' (a string)"),
    ),
    "text-not-string": (
        {"op": "solve", "board_text": [[-1, -1], [-1, 3]]},
        err("request", "board_text must be a string"),
    ),
    "text-null": ({"op": "solve", "board_text": None}, err("request", "board_text must be a string")),
    # --- kind "board"
    "start-square": (
        {"op": "solve", "board": [[-1, -1], [2, -1]]},
        err("board", "square 1 (row 1, column 0): the start square cannot hold a snake or ladder", (1, 0, 1)),
    ),
    "start-square-6x6": (
        {"op": "validate", "board": [*EXAMPLE_1[:5], [15, -1, -1, -1, -1, -1]]},
        err("board", "square 1 (row 5, column 0): the start square cannot hold a snake or ladder", (5, 0, 1)),
    ),
    "last-square": (
        {"op": "min_moves", "board": [[3, -1], [-1, -1]]},
        err("board", "square 4 (row 0, column 0): the last square cannot hold a snake or ladder", (0, 0, 4)),
    ),
    "out-of-range": (
        {"op": "solve", "board": [[-1, -1], [-1, 5]]},
        err("board", "square 2 (row 1, column 1): value 5 is out of range: use -1 or a square from 1 to 4", (1, 1, 2)),
    ),
    "json-true": (
        {"op": "solve", "board": [[-1, -1], [-1, True]]},
        err("board", "square 2 (row 1, column 1): expected an integer, got true", (1, 1, 2)),
    ),
    "json-float": (
        {"op": "solve", "board": [[-1, 3.0], [-1, -1]]},
        err("board", "square 3 (row 0, column 1): expected an integer, got 3.0", (0, 1, 3)),
    ),
    "json-null": (
        {"op": "solve", "board": [[-1, -1], [None, -1]]},
        err("board", "square 1 (row 1, column 0): expected an integer, got null", (1, 0, 1)),
    ),
    "ragged": (
        {"op": "solve", "board": [[-1, -1], [-1]]},
        err("board", "row 1: has 1 value, but a board with 2 rows needs 2 in every row", (1, None, None)),
    ),
    "board-string": (
        {"op": "solve", "board": "[[-1,-1],[-1,3]]"},
        err("board", 'the board must be a list of rows, got "[[-1,-1],[-1,3]]" (a string)'),
    ),
    "board-null": (
        {"op": "solve", "board": None},
        err("board", "the board must be a list of rows, got null"),
    ),
    "text-number": (
        {"op": "solve", "board_text": "42"},
        err("board", "the board must be a list of rows, got 42"),
    ),
    "text-one-row": (
        {"op": "solve", "board_text": "board = [[-1]]"},
        err("board", "the board has 1 row: the smallest board is 2×2"),
    ),
    "text-start-square": (
        {"op": "solve", "board_text": "board = [[-1,-1],[2,-1]]"},
        err("board", "square 1 (row 1, column 0): the start square cannot hold a snake or ladder", (1, 0, 1)),
    ),
    "over-max-size": (
        {"op": "solve", "board": EXAMPLE_1, "max_size": 5},
        err("board", "the board has 6 rows: the largest board here is 5×5"),
    ),
    "over-max-size-text": (
        {"op": "validate", "board_text": json.dumps(EXAMPLE_1), "max_size": 2},
        err("board", "the board has 6 rows: the largest board here is 2×2"),
    ),
    "over-1000": (
        {"op": "solve", "board": [[-1]] * 1001},
        err("board", "the board has 1001 rows: the largest board here is 1000×1000"),
    ),
}


def test_json_names_only_inside_handle() -> None:
    """Values read from JSON are named as JSON in replies; a Python caller, before and after,
    still sees Python's names (the setting does not leak out of handle, even after an error)."""
    from snakes_ladders import Board, BoardError

    bad = [[-1, -1], [None, "3"]]
    with pytest.raises(BoardError, match=r"got None \(NoneType\)$"):
        Board.from_matrix(bad)
    reply = json.loads(handle(json.dumps({"version": 1, "op": "solve", "board": bad})))
    assert reply["error"]["message"] == "square 1 (row 1, column 0): expected an integer, got null"
    bad[1][0] = -1
    reply = json.loads(handle(json.dumps({"version": 1, "op": "solve", "board": bad})))
    assert reply["error"]["message"] == 'square 2 (row 1, column 1): expected an integer, got "3" (a string)'
    with pytest.raises(BoardError, match=r"got '3' \(str\)$"):
        Board.from_matrix(bad)


class TestErrors:
    @pytest.mark.parametrize(("request_", "expected"), list(ERROR_CASES.values()), ids=list(ERROR_CASES))
    def test_error(self, request_: dict, expected: tuple) -> None:
        kind, message, where, regex = expected
        error = check_error_shape(call(**request_))
        assert error["kind"] == kind
        if regex:
            assert re.search(message, error["message"]), error["message"]
        else:
            assert error["message"] == message
        assert (error["row"], error["column"], error["square"]) == where

    @pytest.mark.parametrize(
        ("raw", "message"),
        [
            (None, "the request must be a JSON string, got NoneType"),
            (42, "the request must be a JSON string, got int"),
            (b'{"version": 1}', "the request must be a JSON string, got bytes"),
            ({"version": 1, "op": "solve"}, "the request must be a JSON string, got dict"),
            ("[]", "the request must be a JSON object"),
            ("null", "the request must be a JSON object"),
            ('"solve"', "the request must be a JSON object"),
            ("3", "the request must be a JSON object"),
        ],
        ids=["none", "int", "bytes", "dict", "array", "null", "string", "number"],
    )
    def test_request_not_an_object(self, raw: object, message: str) -> None:
        error = check_error_shape(strict_json(handle(raw)))  # type: ignore[arg-type]
        assert (error["kind"], error["message"]) == ("request", message)

    @pytest.mark.parametrize(
        "raw",
        [
            "",
            "   ",
            "not json",
            "{",
            '{"version": 1,}',
            "{'version': 1}",
            "\ud800",
            "\x00",
        ],
        ids=[
            "empty",
            "blank",
            "words",
            "unclosed",
            "trailing-comma",
            "python-dict",
            "lone-surrogate",
            "nul",
        ],
    )
    def test_request_not_json(self, raw: str) -> None:
        error = check_error_shape(strict_json(handle(raw)))
        assert error["kind"] == "request"
        assert error["message"].startswith("the request is not JSON: ")

    def test_request_huge_int_is_named_by_its_first_digits(self) -> None:
        error = check_error_shape(strict_json(handle('{"version": 1' + "9" * 5000 + "}")))
        assert error["kind"] == "request"
        assert error["message"] == "the request holds an integer too long to read: 19999999999999999999… (5,001 digits)"

    def test_request_nested_too_deep(self) -> None:
        error = check_error_shape(strict_json(handle("[" * 100_000)))
        assert error["kind"] in {"json", "request"}

    def test_request_too_long(self) -> None:
        raw = " " * (api.MAX_REQUEST_CHARS + 1)
        error = check_error_shape(strict_json(handle(raw)))
        assert error["kind"] == "request"
        assert error["message"] == f"the request is {api.MAX_REQUEST_CHARS + 1:,} characters; the limit is 32,000,000"

    @pytest.mark.parametrize("op", ["solve", "min_moves", "validate"])
    def test_internal(self, op: str, monkeypatch: pytest.MonkeyPatch) -> None:
        def boom(*args: object, **kwargs: object) -> None:
            raise RuntimeError("boom")

        monkeypatch.setattr(api.runners, "solve", boom)
        monkeypatch.setattr(api.runners, "least_moves", boom)
        monkeypatch.setattr(api.runners, "board_to_json", boom)
        error = check_error_shape(call(op=op, board=[[-1, -1], [-1, 3]]))
        assert error == {
            "kind": "internal",
            "message": "internal error: RuntimeError: boom",
            "row": None,
            "column": None,
            "square": None,
        }

    def test_unknown_fields_are_refused(self) -> None:
        error = check_error_shape(call(op="min_moves", board=[[-1, -1], [-1, 3]], extra={"x": 1}))
        assert (error["kind"], error["message"]) == (
            "request",
            'unknown field "extra" for min_moves: the fields are version, board, board_text, max_size and rules',
        )


# --------------------------------------------------------------------------- never raises

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)
near_boards = st.lists(
    st.lists(st.integers(-3, 10) | st.sampled_from([-1, -1, -1, True, 2.0, None, "3"]), min_size=1, max_size=4),
    min_size=0,
    max_size=4,
)
ops = st.sampled_from(["solve", "validate", "min_moves"]) | json_values


class TestNeverRaises:
    def _check(self, raw: object, allow_internal: bool = False) -> dict:
        response = handle(raw)  # type: ignore[arg-type]
        assert isinstance(response, str)
        response.encode("utf-8")  # no lone surrogates in what goes back to JavaScript
        reply = strict_json(response)
        assert reply["version"] == 1
        if reply["ok"] is True:
            assert set(reply) == {"ok", "version", "result"}
        else:
            error = check_error_shape(reply)
            assert allow_internal or error["kind"] != "internal", error
        return reply

    @given(st.text())
    @example("{")
    @example('{"version": 1, "op": "solve", "board": [[-1, -1], [-1, 3]]')
    def test_any_text(self, text: str) -> None:
        self._check(text)

    @given(json_values)
    def test_any_json_request(self, value: object) -> None:
        self._check(json.dumps(value))

    @given(ops, json_values | near_boards)
    @example("solve", [[-1, -1], [-1, 3]])
    @example("solve", [[-1, -1], [-1, 2**70]])
    def test_any_board(self, op: object, board: object) -> None:
        self._check(json.dumps({"version": 1, "op": op, "board": board}))

    @given(ops, st.text() | near_boards.map(json.dumps) | json_values.map(json.dumps))
    @example("solve", "board = [[-1, " + "1" * 4400 + "], [-1, -1]]")
    @example("solve", "board = " + "[" * 5000)
    @example("validate", "board = [[-1, -1], [-1, NaN]]")
    @example("validate", "board = [[-1, -1], [-1, Infinity]]")
    @example("validate", "board = [[-1, -1], [-1, 1e999]]")
    @example("validate", "\ufeff[[-1, -1], [-1, 3]]")
    def test_any_board_text(self, op: object, text: str) -> None:
        self._check(json.dumps({"version": 1, "op": op, "board_text": text}))

    @given(st.dictionaries(st.sampled_from(["version", "op", "board", "board_text", "max_size"]), json_values))
    def test_any_fields(self, request: dict) -> None:
        self._check(json.dumps(request))

    @pytest.mark.parametrize(
        "raw",
        [None, 0, 1.5, b"", bytearray(b"{}"), [], {}, object(), "\ud800\udfff", '{"version": 1, "op": "\\ud800"}'],
        ids=[
            "none",
            "zero",
            "float",
            "bytes",
            "bytearray",
            "list",
            "dict",
            "object",
            "surrogates",
            "escaped-surrogate",
        ],
    )
    def test_weird_inputs(self, raw: object) -> None:
        self._check(raw)
