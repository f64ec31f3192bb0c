"""Text far too long to be a board of the allowed size is refused before it is parsed."""

from __future__ import annotations

import json

import pytest
from snakes_ladders.api import handle


def validate(text: str, max_size: int) -> dict:
    return json.loads(handle(json.dumps({"version": 1, "op": "validate", "board_text": text, "max_size": max_size})))


def test_five_megabytes_for_a_fifty_square_editor_is_refused_by_length() -> None:
    text = json.dumps([[-1] * 1120] * 1120)
    reply = validate(text, 50)
    assert reply["ok"] is False
    assert reply["error"]["kind"] == "board"
    assert reply["error"]["message"] == (
        f"the board text is {len(text):,} characters: too long for a board of at most 50×50"
    )


@pytest.mark.parametrize("indent", [None, 2, 8], ids=["compact", "indent-2", "indent-8"])
def test_the_largest_board_fits_however_it_is_printed(indent: int | None) -> None:
    board = [[-1] * 50 for _ in range(50)]
    board[1][1] = 2500  # a ladder to the goal: the widest value a 50×50 board holds
    reply = validate(json.dumps(board, indent=indent), 50)
    assert reply["ok"] is True, reply


def test_the_length_limit_follows_max_size() -> None:
    text = json.dumps([[-1] * 60] * 60)
    assert validate(text, 50)["error"]["message"].startswith("the board has 60 rows")
    assert validate(text, 1000)["ok"] is True
