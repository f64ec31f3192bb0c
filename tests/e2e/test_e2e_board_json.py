"""Board JSON that cannot be loaded: a clear message that names the place, and the board untouched.

The bad inputs are tried one after another in one page (each a subtest), as someone fixing a
pasted board would: the board must survive every refusal, and a good load must still work after.
"""

from __future__ import annotations

import re

import pytest
from app_page import AppPage, load_fixture
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

EXAMPLE_1 = load_fixture("leetcode_example_1")["board"]

# Records each text written to the alert line (an assertive live region reads out every write).
RECORD_ALERTS = """() => {
  const line = document.getElementById("message");
  window.__alerts = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) window.__alerts.push(node.textContent);
  }).observe(line, { childList: true });
}"""

BAD_BOARDS = {
    # name: (text in Board JSON, what the message must say: the place at fault and the reason)
    "bad JSON, unclosed": ("[[-1, -1], [-1, 3]", r"not valid JSON.*\bline 1, column 19\b"),
    "bad JSON, trailing comma": ("[[-1, -1],\n [-1, 3,]]", r"not valid JSON.*\bline 2, column \d+"),
    "empty text": ("", r"\bempty\b"),
    "ladder on square 1": ("[[-1, -1], [2, -1]]", r"\bsquare 1 \(row 1, column 0\).*\bstart square\b"),
    "jump on the goal": ("[[3, -1], [-1, -1]]", r"\bsquare 4 \(row 0, column 0\).*\blast square\b"),
    "ragged row": ("[[-1, -1, -1], [-1, -1], [-1, -1, -1]]", r"\brow 1\b.*\b2 values\b.*\b3\b"),
    "end off the board": ("[[-1, 5], [-1, -1]]", r"\bsquare 3 \(row 0, column 1\).*\b5\b.*\bout of range\b"),
    "not a number": ('[[-1, -1], [-1, "x"]]', r"\bsquare 2 \(row 1, column 1\).*\binteger\b"),
    "too small": ("[[-1]]", r"\b1 row\b.*\b2×2\b"),
}


def test_bad_board_json_is_refused_by_place_and_leaves_the_board_untouched(
    app: AppPage, subtests: pytest.Subtests
) -> None:
    app.drag(3, 20)  # an edited board, so "untouched" cannot mean "back to the first preset"
    app.expect_jump(3, 20)
    before = app.matrix.text_content()
    status = app.page.locator("#json-status")
    # No two neighbours' messages match each other's pattern, so each wait is for its own reply.
    for name, (text, message) in BAD_BOARDS.items():
        with subtests.test(msg=name):
            app.load_json(text)
            app.expect_message(re.compile(r"^Board JSON\b.*" + message))
            # Said under the box too (on a phone the message line is a long scroll away), box marked invalid.
            expect(status).to_have_text(re.compile(r"^Board JSON\b.*" + message))
            expect(app.board_json).to_have_attribute("aria-invalid", "")
            assert app.matrix.text_content() == before
            app.expect_jump(3, 20)
            expect(app.squares).to_have_count(36)

    with subtests.test(msg="a good board still loads, as one undoable step"):
        good = load_fixture("leetcode_example_2")["board"]
        app.board_json.fill("[")
        expect(status).to_have_text("")  # typing clears the old verdict
        expect(app.board_json).not_to_have_attribute("aria-invalid", "")
        app.page.evaluate(RECORD_ALERTS)
        app.load_json(str(good))
        app.expect_board(good)
        expect(status).to_have_text(re.compile(r"^Loaded a 2×2 board\b"))
        # The message line is an assertive alert: each write is read out, so the load is said once.
        app.expect_message(re.compile(r"^Loaded a 2×2 board\b"))
        alerts = app.page.evaluate("() => window.__alerts")
        assert [text for text in alerts if text.startswith("Loaded")] == [status.text_content()]
        expect(app.board_json).not_to_have_attribute("aria-invalid", "")
        app.button("Undo").click()
        app.expect_jump(3, 20)
        assert app.matrix.text_content() == before


@pytest.mark.parametrize(
    "text",
    [
        '"' + '\\"' * 52_500,  # an unterminated string of escaped quotes: quadratic for the old nesting check
        "[" * 20_000 + '"' + "\\\\" * 40_000,  # deep brackets, then a long run of backslashes
    ],
    ids=["escaped-quotes-105kB", "brackets-and-backslashes"],
)
def test_an_adversarial_paste_is_refused_at_once_and_the_engine_keeps_answering(app: AppPage, text: str) -> None:
    """A 105 kB paste froze the engine for 98 s when the nesting check was quadratic; now it is refused at once."""
    app.load_json(text)  # waits (10 s at most) for Python to be ready again
    app.expect_message(re.compile(r"^Board JSON\b.*\b(not valid JSON|nested)\b"))
    app.load_json(str(EXAMPLE_1))  # the same engine answers the next request
    app.expect_message(re.compile(r"^Loaded\b"))
