"""Deep nesting is refused before json.loads can exhaust Pyodide's stack (a fatal error there)."""

from __future__ import annotations

import json

import pytest
from snakes_ladders.api import handle
from snakes_ladders.jsontext import MAX_DEPTH, NestingError, check_nesting

ACCEPTED = {
    "board": "[[-1, -1], [-1, 3]]",
    "fixture-object": '{"name": "x", "board": [[-1, -1], [-1, 3]]}',
    "brackets-in-strings": '{"note": "[[[[[[[[[[[[[[[[[[[[[[", "board": [[-1]]}',
    "escaped-quote-in-string": r'{"note": "\"[[[[[[[[[[[[[[[[[[[[[[", "board": []}',
    "at-the-limit": "[" * MAX_DEPTH + "]" * MAX_DEPTH,
    "unbalanced-but-shallow": "[[-1, -1], [-1, 3]",
    "wrong-closer": "[[-1}]",
    "no-brackets": "hello",
}

REFUSED = {
    "one-too-deep": ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), MAX_DEPTH + 1),
    "deep-and-open": ("[" * 100_000, 100_000),
    "deep-objects": ('{"a":' * 40 + "1" + "}" * 40, 40),
    "deep-inside-a-row": ("[[-1, " + "[" * 30 + "]" * 30 + "]]", 32),
}


@pytest.mark.parametrize("text", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_shallow_text_passes(text: str) -> None:
    check_nesting(text)


@pytest.mark.parametrize(("text", "depth"), REFUSED.values(), ids=REFUSED.keys())
def test_deep_text_is_refused_with_its_depth(text: str, depth: int) -> None:
    with pytest.raises(NestingError) as caught:
        check_nesting(text)
    assert str(caught.value) == f"lists or objects are nested {depth} deep; a board needs only 2 (a list of rows)"


@pytest.mark.parametrize("text", [t for t, _ in REFUSED.values()], ids=REFUSED.keys())
def test_api_answers_deep_text_as_data(text: str) -> None:
    for request in (json.dumps({"version": 1, "op": "solve", "board_text": text}), text):
        reply = json.loads(handle(request))
        assert reply["ok"] is False
        assert reply["error"]["kind"] in {"json", "request"}
        assert "nested" in reply["error"]["message"]


def test_five_megabytes_of_brackets_are_refused() -> None:
    text = "[" * 2_500_000 + "]" * 2_500_000
    with pytest.raises(NestingError, match="nested 2500000 deep"):
        check_nesting(text)
