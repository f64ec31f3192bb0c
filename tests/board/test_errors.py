"""Structured errors: the domain raises values as data, the JSON API names them as JSON, Python as Python."""

from __future__ import annotations

import json

import pytest
from snakes_ladders import board as board_module
from snakes_ladders.api import handle
from snakes_ladders.board import Board, BoardError
from snakes_ladders.board.errors import Key, MessageError, Number, Quoted, Shown, render
from snakes_ladders.board.rules import Rules, RulesError
from snakes_ladders.generate.spec import GenerateError, Spec

# (what Python raises, its code, its values, str(error), the JSON API's wording)
CASES = [
    (
        lambda: Board.from_matrix([[-1, -1], [-1, None]]),
        "not_integer",
        (None,),
        "square 2 (row 1, column 1): expected an integer, got None (NoneType)",
        "square 2 (row 1, column 1): expected an integer, got null",
    ),
    (
        lambda: Board.from_matrix([[-1, -1], [-1, "3"]]),
        "not_integer",
        ("3",),
        "square 2 (row 1, column 1): expected an integer, got '3' (str)",
        'square 2 (row 1, column 1): expected an integer, got "3" (a string)',
    ),
    (
        lambda: Board.from_matrix([[-1, -1], [-1, 7]]),
        "out_of_range",
        (7,),
        "square 2 (row 1, column 1): value 7 is out of range: use -1 or a square from 1 to 4",
        "square 2 (row 1, column 1): value 7 is out of range: use -1 or a square from 1 to 4",
    ),
    (
        lambda: Board.from_matrix([[-1, -1], True]),
        "row_type",
        (True,),
        "row 1: expected a list of 2 integers, got True (bool)",
        "row 1: expected a list of 2 integers, got true",
    ),
    (
        lambda: Board.from_matrix({"rows": []}),
        "rows_type",
        ({"rows": []},),
        "the board must be a list of rows, got {'rows': []} (dict)",
        'the board must be a list of rows, got {"rows": []} (an object)',
    ),
    (
        lambda: Rules.from_json({"start": None}),
        "start",
        (None,),
        "start must be 'square1' or 'off-board', got None (NoneType)",
        'start must be "square1" or "off-board", got null',
    ),
    (
        lambda: Rules.from_json({"overshoot": False}),
        "overshoot",
        (False,),
        "overshoot must be 'stay', 'bounce' or 'win', got False (bool)",
        'overshoot must be "stay", "bounce" or "win", got false',
    ),
    (
        lambda: Rules.from_json({"dice": 2}),
        "unknown_rule",
        ("dice",),
        "unknown rule 'dice': the rules are start, overshoot and sixes",
        'unknown rule "dice": the rules are start, overshoot and sixes',
    ),
    (
        lambda: Spec.from_json({"n": 6, "snakes": 1, "ladders": 1, "seed": None}),
        "range",
        (None,),
        "seed must be an integer from 0 to 9007199254740991, got None (NoneType)",
        "seed must be an integer from 0 to 9007199254740991, got null",
    ),
    (
        lambda: Spec.from_json({"n": 6, "snakes": 1, "ladders": 1, "seed": 1, "rules": {"start": 1.5}}),
        "start",
        (1.5,),
        "start must be 'square1' or 'off-board', got 1.5 (float)",
        'start must be "square1" or "off-board", got 1.5',
    ),
]


@pytest.mark.parametrize(("make", "code", "values", "python", "json_text"), CASES)
def test_each_error_is_data_worded_for_python_and_for_json(
    make: object, code: str, values: tuple, python: str, json_text: str
) -> None:
    with pytest.raises(MessageError) as caught:
        make()  # type: ignore[operator]
    error = caught.value
    assert (error.code, error.values) == (code, values)
    assert str(error) == error.render() == error.render("python") == python
    assert error.render("json") == json_text


def test_a_rules_error_inside_a_spec_keeps_its_parts() -> None:
    with pytest.raises(GenerateError) as caught:
        Spec.from_json({"n": 6, "snakes": 1, "ladders": 1, "seed": 1, "rules": []})
    assert not isinstance(caught.value, RulesError)
    assert caught.value.code == "rules_type"
    assert caught.value.values == ([],)


def test_the_api_shows_what_the_error_renders_as_json() -> None:
    matrix = [[-1, -1, -1], [-1, -1, -1], [-1, "x" * 60, -1]]
    with pytest.raises(BoardError) as caught:
        Board.from_matrix(matrix)
    reply = json.loads(handle(json.dumps({"version": 1, "op": "validate", "board": matrix})))
    assert reply["error"]["message"] == caught.value.render("json")
    assert reply["error"]["message"].endswith('got "' + "x" * 36 + "... (a string)")
    assert (reply["error"]["row"], reply["error"]["column"], reply["error"]["square"]) == (2, 1, 2)
    # The same board from Python, after the API answered: Python's names (no setting left behind).
    assert str(caught.value).endswith("got '" + "x" * 36 + "... (str)")


def test_the_reason_is_the_python_wording_without_the_location() -> None:
    error = BoardError("expected an integer, got ", Shown(None), row=1, column=0, square=1)
    assert error.reason == "expected an integer, got None (NoneType)"
    assert error.code is None


def test_parts_render_in_both_terms() -> None:
    parts = ("a ", Quoted("stay"), " b ", Number(10**5000), " c ", Key("k" * 50), " d ", Key(7))
    python = render(parts)
    assert python.startswith("a 'stay' b <integer with more than ")
    assert python.endswith(" c '" + "k" * 36 + "... d 7")
    assert render(parts, "json").startswith('a "stay" b <integer')
    assert render(parts, "json").endswith(' c "' + "k" * 36 + "... d 7")


def test_no_setting_carries_the_wording_into_the_domain() -> None:
    assert not hasattr(board_module, "VALUE_NAMES")
