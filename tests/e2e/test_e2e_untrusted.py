"""Text from outside is data, never markup or code: Board JSON, share links and the saved board.

Whatever a pasted text, a link or a corrupt saved copy holds, the page shows it (if at all) as
text, runs nothing, adds no element, says what is wrong, and keeps a working board. Board JSON
beyond what test_e2e_board_json.py covers: non-integer cells of every JSON kind, a board over the
editor's limit, nesting deep enough to crash a naive parser, and a 5 MB paste.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from app_page import AppPage, load_fixture
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

EXAMPLE_1 = load_fixture("leetcode_example_1")
STORAGE_KEY = "snakes-ladders:board:v1"
XSS = "<img src=x onerror=window.__xss=1>"

# An init script (not subject to the page's CSP) that records every value #engine's data-engine
# takes, so a test can tell that Python never restarted (a crash restarts it).
RECORD_ENGINE_STATES = """
window.__engineStates = [];
new MutationObserver(() => {
  const engine = document.getElementById("engine");
  if (engine && window.__engineStates.at(-1) !== engine.dataset.engine) {
    window.__engineStates.push(engine.dataset.engine);
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-engine"], childList: true });
"""


def foreign_elements(app: AppPage) -> list[str]:
    """Elements that only injected markup would add: any image or frame, any inline script."""
    return app.page.evaluate(
        """() => [...document.querySelectorAll("img, iframe, object, embed, script:not([src])")]
                 .map((element) => element.outerHTML.slice(0, 80))"""
    )


def expect_nothing_ran(app: AppPage) -> None:
    assert app.page.evaluate("() => window.__xss") is None, "text from outside ran as code"
    assert foreign_elements(app) == [], "text from outside added elements to the page"
    assert app.message.evaluate("element => element.childElementCount") == 0, "the message holds markup"


def matrix_text(n: int) -> str:
    return json.dumps([[-1] * n for _ in range(n)])


# Board JSON the editor must refuse: (text, what the message says). The board on screen stays.
# No two neighbours' messages match each other's pattern, so each wait is for its own reply.
BAD_TEXTS = {
    "markup": (XSS, r"not valid JSON\b.*\bline 1, column 1\b"),
    "a JSON string holding a script": (
        '"]]<script>window.__xss=1</script>"',
        r'must be a list of rows, got "\]\]<script>window\.__xss=1</script>" \(a string\)',
    ),
    "Python source": ("__import__('os').system('x')", r"not valid JSON\b.*\bline 1, column 1\b"),
    "a float": ("[[-1, -1], [-1, 1.5]]", r"\bsquare 2 \(row 1, column 1\): expected an integer, got 1\.5$"),
    "a whole float": (
        "[[-1, 3.0], [-1, -1]]",
        r"\bsquare 3 \(row 0, column 1\): expected an integer, got 3\.0$",
    ),
    "a string of digits": (
        '[[-1, -1], [-1, "3"]]',
        r'\bsquare 2 \(row 1, column 1\): expected an integer, got "3" \(a string\)',
    ),
    "true": ("[[-1, true], [-1, -1]]", r"\bsquare 3 \(row 0, column 1\): expected an integer, got true$"),
    "null": ("[[-1, -1], [null, -1]]", r"\bsquare 1 \(row 1, column 0\): expected an integer, got null$"),
    "false": ("[[false, -1], [-1, -1]]", r"\bsquare 4 \(row 0, column 0\): expected an integer, got false$"),
    "an overflowing float": (
        "[[-1, -1], [-1, 1e400]]",
        r"\bsquare 2 \(row 1, column 1\): expected an integer, got Infinity$",
    ),
    "51×51, over the editor's limit": (matrix_text(51), r"\b51 rows\b.*\bthe largest board here is 50×50\b"),
    "100,000 levels of nesting": ("[" * 100_000, r"\bnested 100000 deep\b"),
}


def test_board_json_is_data_never_markup_or_code(open_app: Callable[..., AppPage], subtests: pytest.Subtests) -> None:
    app = open_app(navigate=False)
    app.page.add_init_script(RECORD_ENGINE_STATES)
    app.goto()
    app.drag(3, 20)  # an edited board, so "unchanged" cannot mean "back to the first preset"
    app.expect_jump(3, 20)
    before = app.matrix.text_content()

    for name, (text, message) in BAD_TEXTS.items():
        with subtests.test(msg=name):
            app.load_json(text)
            app.expect_message(re.compile(r"^Board JSON: .*" + message))
            expect(app.board_json).to_have_value(text)
            assert app.matrix.text_content() == before
            expect_nothing_ran(app)

    with subtests.test(msg="a 5 MB paste"):
        # Put into the box by script, not by keystrokes: 1120 rows of 1120 cells, about 5 MB.
        size = app.board_json.evaluate(
            """box => {
              const row = "[" + Array(1120).fill("-1").join(", ") + "]";
              box.value = "[" + Array(1120).fill(row).join(",\\n") + "]";
              return box.value.length;
            }"""
        )
        assert size > 5_000_000
        app.button("Load board").click()
        app.expect_message(
            re.compile(r"^Board JSON: the board text is [\d,]+ characters: too long for a board of at most 50×50$")
        )
        assert app.matrix.text_content() == before
        app.expect_jump(3, 20)
        expect(app.squares).to_have_count(36)

    with subtests.test(msg="Python never crashed or restarted, and still solves"):
        expect(app.engine).to_have_attribute("data-engine", "ready")
        assert app.page.evaluate("() => window.__engineStates") == ["loading", "ready"]
        app.solve()
        app.expect_moves(EXAMPLE_1["moves"])  # the ladder 3→20 does not shorten example 1
        expect_nothing_ran(app)


def test_a_share_link_holding_markup_is_refused_and_runs_nothing(open_app: Callable[..., AppPage]) -> None:
    app = open_app(f"#n=6&j={XSS}")
    app.expect_board(EXAMPLE_1["board"])
    # The message quotes the start of the offending jump, as text: the markup is not parsed.
    expect(app.message).to_have_text(
        re.compile(
            r"^The share link does not hold a valid board \(.*"
            r'\bjump 1 \("<img src=x onerror=w"\).*\); it was not loaded\.$'
        )
    )
    expect_nothing_ran(app)


# Links a visitor may open after truncation or tampering: (hash, what the refusal must name).
BROKEN_LINKS = {
    "truncated jump": ("#n=6&j=2-", r'\bjump 1 \("2-"\) is not of the form start-end\b'),
    "truncated list": ("#n=6&j=2-15.", r'\bjump 2 \(""\) is not of the form start-end\b'),
    "size not a number": ("#n=abc", r'\bboard size "abc" is not a whole number\b'),
    "no size": ("#j=2-15", r"\bno board size\b"),
    "end off the board": ("#n=6&j=2-37", r"\bSquare 37 is not on this board\b.*\b1 to 36\b"),
    "start off the board": ("#n=6&j=40-2", r"\bSquare 40 is not on this board\b.*\b1 to 36\b"),
    "size too small": ("#n=1", r"\bboard size 1 is not a whole number from 2 to 50\b"),
    "size too large": ("#n=51", r"\bboard size 51 is not a whole number from 2 to 50\b"),
    "jump on the goal": ("#n=6&j=36-2", r"\bSquare 36\b.*\bgoal\b"),
    "jump on square 1": ("#n=6&j=1-20", r"\bSquare 1\b.*\bwhere every game starts\b"),
    "two jumps on one square": ("#n=6&j=3-20.3-22", r"\bSquare 3\b.*\balready has a ladder to 20\b"),
}


def test_broken_share_links_are_refused_by_what_is_wrong(app: AppPage, subtests: pytest.Subtests) -> None:
    """Links opened in a tab that shows the app (the hash changes); test_e2e_persistence.py and the
    markup link above cover a link read at start-up, which goes through the same check."""
    app.drag(3, 20)  # an edited board, so "unchanged" cannot mean "back to the first preset"
    app.expect_jump(3, 20)
    before = app.matrix.text_content()
    # No two neighbours' refusals match each other's pattern, so each wait is for its own.
    for name, (link, reason) in BROKEN_LINKS.items():
        with subtests.test(msg=name):
            app.page.evaluate("link => { location.hash = link; }", link)
            expect(app.message).to_have_text(
                re.compile(r"^The share link does not hold a valid board \(.*" + reason + r".*\); it was not loaded\.$")
            )
            assert app.matrix.text_content() == before
            app.expect_jump(3, 20)

    with subtests.test(msg="a snake down to square 1 is a valid board, not a broken link"):
        app.page.evaluate("link => { location.hash = link; }", "#n=6&j=2-1")
        expect(app.message).to_have_text("Loaded the board from the link.")
        app.expect_jump(2, 1)
        expect(app.jump_squares).to_have_count(1)


# Saved copies the app cannot use: (what localStorage holds, what the message must name). The
# first two cannot be read as a board at all; the last two are boards the editor's rules refuse.
CORRUPT_SAVED = {
    "not JSON": ("not json", r"\bnot valid JSON\b"),
    "size as a string": ('{"n": "6"}', r"\bnot a board\b"),
    "jump on square 1": ('{"n": 6, "jumps": [[1, 5]]}', r"\bSquare 1\b.*\bcannot hold a snake or ladder\b"),
    "size 999": ('{"n": 999, "jumps": []}', r"\b999\b.*\bfrom 2 to 50\b"),
}


@pytest.mark.parametrize(("stored", "reason"), list(CORRUPT_SAVED.values()), ids=list(CORRUPT_SAVED))
def test_a_corrupt_saved_board_is_reported_and_a_working_board_starts(
    open_app: Callable[..., AppPage], stored: str, reason: str
) -> None:
    app = open_app(navigate=False)
    # Stored before the app's own scripts run, as an earlier visit (or a meddler) left it.
    app.page.add_init_script(
        f"if (location.protocol === 'http:') localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(stored)});"
    )
    app.goto()
    # Start-up is over once the page is interactive, so the message it leaves need not be waited for.
    message = app.message.text_content() or ""
    kept = app.page.evaluate("key => localStorage.getItem(key)", STORAGE_KEY)
    assert kept != stored, "the corrupt saved board was kept"
    aside = app.page.evaluate("key => localStorage.getItem(key)", f"{STORAGE_KEY}:unreadable")
    assert aside == stored, "the corrupt saved board was not copied aside"
    app.expect_board(EXAMPLE_1["board"])
    app.select(3, 20)  # the board works: a ladder by clicking two squares
    app.expect_jump(3, 20)
    expect_nothing_ran(app)
    app.close()
    assert re.search(reason, message), message
    assert re.fullmatch(r"The saved board\b.*, so it is kept aside; starting with a fresh board\.", message), (
        f"the message does not say that the saved board was set aside: {message!r}"
    )
