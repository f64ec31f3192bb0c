"""The check's report shows a solution's text with the same control characters escaped as the page.

``practice.shown`` is held to ``tests/fixtures/text/control-characters.json``, as the page's
``web/practice/shown-text.mjs`` is (``tests/js/shown-text-list.test.mjs``).
"""

from __future__ import annotations

import json

from helpers import FIXTURES
from snakes_ladders.practice.shown import json_text, terminal_text

LIST = json.loads((FIXTURES / "text" / "control-characters.json").read_text(encoding="utf-8"))
SURROGATES = range(LIST["surrogates"][0], LIST["surrogates"][1] + 1)


def listed(code: int) -> bool:
    return any(first <= code <= last for first, last in LIST["escaped"]) or code in SURROGATES


def test_the_report_escapes_exactly_the_listed_characters() -> None:
    codes = [*range(0x10000), 0x1F600, 0x10FFFF, 0xE0001]
    assert [hex(code) for code in codes if (terminal_text(chr(code)) != chr(code)) != listed(code)] == []
    assert [hex(code) for code in codes if (json_text(chr(code)) != chr(code)) != listed(code)] == []


def test_escapes_are_visible_and_json_stays_json() -> None:
    assert terminal_text("\x1b[2J\x00\x7f\x9b\u061c\u202e\u2066\ud800\t\n") == (
        "\\x1b[2J\\x00\\x7f\\x9b\\u061c\\u202e\\u2066\\ud800\t\n"
    )
    text = json.dumps({"output": "\x1b\x7f\x85\u202e ok"}, ensure_ascii=False)
    assert json_text(text).isprintable() and json.loads(json_text(text)) == {"output": "\x1b\x7f\x85\u202e ok"}
