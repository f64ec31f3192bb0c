"""Messages of the JSON boundary: no Python advice, long numbers clipped, plurals right, no doubled words."""

from __future__ import annotations

import json
import re

import pytest
from snakes_ladders.api import MAX_BOARD_VALUES, handle


def request(**fields: object) -> str:
    return json.dumps({"version": 1, **fields})


def message(raw: str) -> str:
    reply = json.loads(handle(raw))
    assert reply["ok"] is False, reply
    return reply["error"]["message"]


BIG = "1234567890" * 1_000  # 10,000 digits: more than Python reads
WIDE = "7" * 4_000  # fewer digits than that, but too many to show

BAD = {
    "bom-then-garbage": request(op="solve", board_text="\ufeffboard = [[-1, -1], [-1, 3]"),
    "unterminated-string": request(op="solve", board_text='[["'),
    "unterminated-request": '{"version": 1, "op": "solve", "board": "',
    "huge-integer-in-text": request(op="solve", board_text=f"[[-1, {BIG}], [-1, -1]]"),
    "huge-integer-in-request": '{"version": 1, "op": "solve", "board": [[-1, ' + BIG + "], [-1, -1]]}",
    "wide-value": '{"version": 1, "op": "solve", "board": [[-1, ' + WIDE + "], [-1, -1]]}",
    "wide-version": '{"version": ' + WIDE + ', "op": "solve", "board": [[-1, -1], [-1, -1]]}',
    "too-many-rows": request(op="solve", board=[[-1] * 3] * 3, max_size=2),
    "one-row": request(op="solve", board=[[-1]]),
    "short-row": request(op="solve", board=[[-1, -1], [-1]]),
    "nested": request(op="solve", board_text="[" * 20),
    "not-a-string": "null",
    "string-value": request(op="solve", board=[[-1, -1], [-1, "3"]]),
    "null-value": request(op="solve", board=[[-1, -1], [-1, None]]),
    "rules": request(op="analyze", board=[[-1, -1], [-1, -1]], rules={"start": 3}),
}


@pytest.mark.parametrize("raw", BAD.values(), ids=BAD.keys())
def test_no_python_advice_and_no_doubled_words(raw: str) -> None:
    text = message(raw)
    for python in ("sys.", "set_int_max_str_digits", "utf-8-sig", "NoneType", "(str)", "(int)", "(list)", "(dict)"):
        assert python not in text, text
    assert not re.search(r"\b(\w+) \1\b", text), text
    assert not re.search(r"\d{31}", text), text  # long numbers are clipped
    assert len(text) < 300, text


def test_an_integer_too_long_to_read_is_named_by_its_first_digits() -> None:
    assert message(BAD["huge-integer-in-text"]) == (
        "the board text holds an integer too long to read: 12345678901234567890… (10,000 digits)"
    )
    assert message(BAD["huge-integer-in-request"]) == (
        "the request holds an integer too long to read: 12345678901234567890… (10,000 digits)"
    )


def test_a_wide_number_is_clipped_in_any_message() -> None:
    assert message(BAD["wide-value"]) == (
        "square 3 (row 0, column 1): value 77777777777777777777… (4,000 digits) is out of range: "
        "use -1 or a square from 1 to 4"
    )
    assert message(BAD["wide-version"]).startswith("unsupported request version 77777777777777777777… (4,000 digits):")


def test_parser_complaints_read_once() -> None:
    assert message(BAD["unterminated-string"]) == (
        "the board text is not valid JSON: Unterminated string starting at line 1, column 3"
    )
    assert message(BAD["unterminated-request"]) == (
        "the request is not JSON: Unterminated string starting at line 1, column 40"
    )


def test_plurals() -> None:
    assert message(BAD["too-many-rows"]) == "the board has 3 rows: the largest board here is 2×2"
    assert message(BAD["one-row"]) == "the board has 1 row: the smallest board is 2×2"
    assert message(BAD["short-row"]) == "row 1: has 1 value, but a board with 2 rows needs 2 in every row"


@pytest.mark.parametrize("op", ["validate", "solve"])
def test_byte_order_mark_is_accepted(op: str) -> None:
    text = "\ufeffboard = [[-1, -1], [-1, 3]]"
    assert json.loads(handle(request(op=op, board_text=text)))["result"]["n"] == 2
    raw = "\ufeff" + request(op=op, board=[[-1, -1], [-1, 3]])
    assert json.loads(handle(raw))["result"]["n"] == 2


def test_byte_order_mark_keeps_error_columns() -> None:
    assert message(BAD["bom-then-garbage"]) == (
        "the board text is not valid JSON: Expecting ',' delimiter at line 1, column 27"  # the mark is not a column
    )


def test_values_limit_is_the_largest_board() -> None:
    rows = ",".join(["[" + ",".join(["-1"] * 1000) + "]"] * 1000)
    assert json.loads(handle(request(op="validate", board_text=f"[{rows}]")))["ok"] is True
    too_many = f"[{rows},[-1]]"
    assert message(request(op="validate", board_text=too_many)) == (
        f"the board text holds {MAX_BOARD_VALUES + 2:,} values: a board of at most 1000×1000 holds no more "
        f"than {MAX_BOARD_VALUES:,} (its cells, its rows and the list of rows)"
    )
