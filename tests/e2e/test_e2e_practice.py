"""Practice mode in the browser: the editor, a pass, a failure and its board, a hang, an exception, a link.

The user's code runs in its own worker with its own Pyodide; these tests wait on the panel's
``data-state`` (``idle``, ``running``, ``passed``, ``failed``, ``error``) and its texts, never on time.
"""

from __future__ import annotations

import base64
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage, load_fixture
from playwright.sync_api import Locator, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from practice_solutions import RIGHT, WRONG
from snakes_ladders.practice import battery

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

STORAGE_KEY = "snakes-ladders-practice-code"
JAVASCRIPT_STORAGE_KEY = "snakes-ladders-practice-code-javascript"
LIMIT_S = 3
BOARDS = 40


class Practice:
    """The Practice panel of one app page."""

    def __init__(self, app: AppPage) -> None:
        self.app = app
        self.page = app.page
        self.panel = app.page.get_by_role("region", name="Practice")
        self.editor = self.panel.get_by_role("textbox", name="Your solution")
        self.status = self.panel.locator('[data-practice="status"]')
        self.failure = self.panel.locator('[data-practice="failure"]')
        self.board = self.panel.get_by_role("table", name="Failing board", exact=True)
        self.output = self.panel.get_by_label("Printed output")

    def open(self) -> Practice:
        """The Practice workspace, its editor loaded (it opens by itself there)."""
        self.app.workspace("practice")
        opener = self.panel.get_by_role("button", name="Open practice")
        if opener.is_visible():
            opener.click()
        expect(self.editor).to_be_visible()
        expect(self.panel).to_have_attribute("data-state", "idle")
        return self

    def write(self, source: str, key: str = STORAGE_KEY) -> None:
        """Replace the editor's text (pasted in one go, as a user pastes a solution); it is kept under ``key``."""
        self.editor.click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.press("Delete")
        self.page.keyboard.insert_text(source)
        assert self.stored(key) == source

    def stored(self, key: str = STORAGE_KEY) -> str | None:
        return self.page.evaluate(f"localStorage.getItem({key!r})")

    def language(self, label: str) -> None:
        """Switch the solution's language (the editor shows that language's code, or its template)."""
        self.panel.get_by_label("Language").select_option(label=label)

    def run(self) -> None:
        self.panel.get_by_role("button", name="Run tests").click()
        expect(self.panel).to_have_attribute("data-state", "running")

    def wait_done(self, state: str) -> None:
        expect(self.panel).to_have_attribute(
            "data-state", re.compile("^(passed|failed|error)$"), timeout=PYTHON_TIMEOUT_MS
        )
        expect(self.panel, self.status.text_content() or "").to_have_attribute("data-state", state)


def practice_sandboxes(app: AppPage) -> int:
    """The sandboxes the page holds: hidden frames, each with its practice worker (a process of its own, whose
    workers Playwright does not list among the page's)."""
    return app.page.locator('iframe[title="Sandbox for your code"]').count()


def highlighted(editor: Locator) -> int:
    """How many spans of the editor's text carry a highlighting class (CodeMirror's tokens)."""
    return editor.evaluate("el => el.querySelectorAll('span[class]').length")


def test_editor_pass_persist_and_a_failure_to_load(app: AppPage) -> None:
    example = load_fixture("leetcode_example_1")
    app.expect_board(example["board"])
    assert practice_sandboxes(app) == 0
    practice = Practice(app).open()
    expect(practice.editor).to_contain_text("def snakesAndLadders(self, board: List[List[int]]) -> int:")
    expect(practice.panel.locator(".cm-lineNumbers")).to_be_visible()
    assert highlighted(practice.editor) > 3  # keywords, names and the comment are coloured
    assert practice_sandboxes(app) == 0  # opening the panel runs nothing

    # Indentation: Enter after a colon indents the next line.
    practice.write("")
    practice.page.keyboard.type("def snakesAndLadders(board):")
    practice.page.keyboard.press("Enter")
    practice.page.keyboard.type("return 1")
    assert practice.stored() == "def snakesAndLadders(board):\n    return 1"

    practice.write(RIGHT["bfs"])
    practice.run()
    practice.wait_done("passed")
    expect(practice.status).to_have_text(f"All {BOARDS} boards passed.")
    assert practice_sandboxes(app) == 1  # the run's was dropped; a spare waits for the next run

    app.reload()
    practice = Practice(app).open()
    expect(practice.editor).to_contain_text("queue.append((nxt, moves + 1))")  # kept for the next visit

    kind, source = WRONG["chains-jumps"]
    practice.write(source)
    practice.run()
    practice.wait_done("failed")
    expect(practice.status).to_have_text(re.compile(rf"^\d+ of {BOARDS} boards passed\.$"))
    title = practice.failure.locator("h3").text_content() or ""
    match = re.match(rf"^Board (\d+) of {BOARDS} \({kind}, (\d+)×\2\): ", title)
    assert match, title
    case = battery(BOARDS, 0, board=example["board"])[int(match.group(1)) - 1]
    # The board shown is the smallest failing one found (test_e2e_practice_reads.py checks it against CPython's).
    expect(practice.failure).to_contain_text(
        re.compile(rf"Smallest board that breaks it: (\d+)×\1 \(the board was {case.n}×{case.n}\)")
    )
    matrix = practice.panel.get_by_role("table", name="LeetCode matrix of the failing board")
    shrunk = matrix.evaluate("t => [...t.rows].map(r => [...r.cells].map(c => Number(c.textContent)))")
    expect(practice.failure).to_contain_text(re.compile(r"On this board: expected -?\d+, your answer: "))
    practice.panel.get_by_role("button", name="Load failing board").click()
    app.expect_board(shrunk)
    # The load is one undoable step, and its message offers Undo here, in Practice.
    app.page.get_by_role("button", name="Undo this change").click()
    app.expect_board(example["board"])
    assert app.current_workspace() == "practice"


def test_infinite_loop_is_stopped_and_the_page_keeps_working(app: AppPage) -> None:
    practice = Practice(app).open()
    practice.write("def snakesAndLadders(board):\n    print('n is', len(board))\n    while True:\n        pass\n")
    practice.run()
    expect(practice.status).to_have_text("Running board 1 of 40…", timeout=PYTHON_TIMEOUT_MS)
    # While the user's code spins, the page answers: Solve runs in the solver's own worker.
    app.solve()
    app.expect_moves(load_fixture("leetcode_example_1")["moves"])
    app.workspace("practice")  # Solve took the page to its workspace; the run went on
    app.workspace("practice")  # back from Solve & understand: the run went on meanwhile
    expect(practice.panel).to_have_attribute("data-state", "failed", timeout=(LIMIT_S + 10) * 1000)
    expect(practice.status).to_contain_text(
        f"0 of {BOARDS} boards passed. Board 1 (your board) did not finish within {LIMIT_S} s: "
        "your code was stopped there"
    )
    expect(practice.failure).to_contain_text(f"did not finish within {LIMIT_S} s, so it was stopped")
    # What it printed before it was stopped is kept (the run op's progress), as text.
    expect(practice.output).to_have_text("n is 6\n")
    expect(practice.panel).to_contain_text("Printed on board 1 before it was stopped")
    # A fresh worker takes the next run.
    practice.write(RIGHT["flat-function"])
    practice.run()
    practice.wait_done("passed")


def test_exception_shows_its_line_and_the_printed_output(app: AppPage) -> None:
    practice = Practice(app).open()
    practice.write("x = 1\ndef snakesAndLadders(board)\n    return 1\n")
    practice.run()
    practice.wait_done("error")
    expect(practice.status).to_have_text(re.compile(r"^Your code could not be loaded\. Line 2: SyntaxError"))
    # LeetCode's old "Python" is Python 2: the load says so and what to change.
    practice.write("class Solution(object):\n    def snakesAndLadders(self, board):\n        print len(board)\n")
    practice.run()
    practice.wait_done("error")
    expect(practice.status).to_contain_text(
        "Line 3: SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)? — this looks like "
        'Python 2 (LeetCode\'s "Python"); practice runs Python 3 (LeetCode\'s "Python3"): write print(...) as a '
        "function, range for xrange, // for integer division"
    )
    practice.write(
        "class Solution:\n"
        "    def snakesAndLadders(self, board):\n"
        "        print('<b>n</b> =', len(board))\n"
        "        return len(board) // 0\n"
    )
    practice.run()
    practice.wait_done("failed")
    expect(practice.failure).to_contain_text("Line 4: ZeroDivisionError: division by zero")
    # It fails every board, so the one shown is shrunk to 2×2, with what it printed there, as text, never HTML.
    expect(practice.failure).to_contain_text("Smallest board that breaks it: 2×2 (the board was 6×6)")
    expect(practice.output).to_have_text("<b>n</b> = 2\n")
    expect(practice.panel).to_contain_text("Printed on the smallest failing board (2×2)")
    expect(practice.status).to_have_text(f"0 of {BOARDS} boards passed.")


def test_code_from_a_link_is_shown_but_not_run(open_app: Callable[..., AppPage]) -> None:
    source = "def snakesAndLadders(board):\n    print('ran')\n    return 1\n"
    encoded = base64.urlsafe_b64encode(source.encode()).decode().rstrip("=")
    app = open_app(f"?code={encoded}")
    practice = Practice(app)
    expect(practice.editor).to_contain_text("print('ran')")
    expect(practice.status).to_contain_text("This code came from a link. It has not been run")
    assert "code=" not in app.page.url  # a board share link made now carries no code
    app.wait_ready()
    assert practice_sandboxes(app) == 0
    assert practice.stored() is None  # not saved over the visitor's own code either


# Two tabs of one browser share the practice code. The init script lets a test hold back the "storage"
# events a tab gets (as a busy or throttled tab gets them late) and refuse its writes of practice code
# (storage full), each only in the tab that sets the flag.
TAB_SCRIPT = """
(() => {
  window.addEventListener("storage", (event) => window.__holdStorageEvents && event.stopImmediatePropagation(), true);
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__practiceFull && String(key).startsWith("snakes-ladders-practice-code")) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();
"""

CHANGED = (
    "This code was changed in another tab, so your edits here are not saved. Load the other tab's version "
    "(your edits are replaced; Undo brings them back), or keep yours (saved over the other tab's)."
)


class PracticeTabs:
    """Practice open in tab A (the fixture's page) and in tab B (a second page of its context)."""

    def __init__(self, open_app: Callable[..., AppPage]) -> None:
        app = open_app(navigate=False, warm=True)
        app.page.add_init_script(TAB_SCRIPT)  # in each tab: the context is the session's warm one
        self.app = app.goto()
        self.a = Practice(app).open()
        self.errors: list[str] = []
        page = app.page.context.new_page()
        page.add_init_script(TAB_SCRIPT)
        page.on("pageerror", lambda error: self.errors.append(f"tab B page error: {error}"))
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.b = Practice(AppPage(page, app.base_url).goto()).open()

    def type_in_b(self, text: str) -> None:
        """Keystrokes at the end of tab B's code."""
        self.b.editor.click()
        self.b.page.keyboard.press("Control+End")
        self.b.page.keyboard.type(text)

    def note(self, practice: Practice) -> Locator:
        return practice.panel.locator('[data-practice="save-note"]')


def test_a_stale_tab_never_saves_its_older_code_over_newer_code(open_app: Callable[..., AppPage]) -> None:
    tabs = PracticeTabs(open_app)
    tabs.a.write("# version 1\n")
    tabs.b.app.reload()  # B opens on version 1 (whether or not it follows A live: the other test's concern)
    tabs.b = Practice(tabs.b.app).open()
    expect(tabs.b.editor).to_contain_text("# version 1")
    tabs.b.page.evaluate("window.__holdStorageEvents = true")  # B has not heard of A's save yet
    tabs.a.write("# version 2\n")
    tabs.type_in_b("x")  # one keystroke in the older tab
    expect(tabs.note(tabs.b)).to_have_text(CHANGED)
    assert tabs.b.stored() == "# version 2\n"
    tabs.type_in_b("y")  # and the next: still nothing written
    assert tabs.b.stored() == "# version 2\n"
    tabs.app.reload()
    tabs.a = Practice(tabs.app).open()
    expect(tabs.a.editor).to_contain_text("# version 2")

    tabs.b.panel.get_by_role("button", name="Keep mine").click()  # theirs is saved on their choice only
    expect(tabs.note(tabs.b)).to_be_hidden()
    assert tabs.b.stored() == "# version 1\nxy"
    expect(tabs.a.editor).to_contain_text("# version 1xy")  # A had no edits of its own: it follows
    assert not tabs.errors, tabs.errors


def test_a_tab_follows_newer_code_and_asks_when_it_has_edits_of_its_own(open_app: Callable[..., AppPage]) -> None:
    tabs = PracticeTabs(open_app)
    tabs.a.write("# from A\n")
    expect(tabs.b.editor).to_contain_text("# from A")  # B's editor was unchanged: it takes the newer code
    tabs.b.page.evaluate("window.__practiceFull = true")
    tabs.type_in_b("b")  # B's edit cannot be saved: it is B's own, unsaved
    expect(tabs.note(tabs.b)).to_contain_text("Your code is not saved: your browser's storage for this page is full.")
    tabs.a.write("# from A, again\n")
    expect(tabs.note(tabs.b)).to_have_text(CHANGED)  # not overwritten: B is asked
    expect(tabs.b.editor).to_contain_text("# from Ab")
    tabs.b.page.evaluate("window.__practiceFull = false")
    tabs.b.panel.get_by_role("button", name="Load the other tab's version").click()
    expect(tabs.b.editor).to_contain_text("# from A, again")
    expect(tabs.note(tabs.b)).to_be_hidden()
    assert tabs.b.stored() == "# from A, again\n"
    tabs.b.editor.click()
    tabs.b.page.keyboard.press("Control+z")  # Undo brings B's edits back: an edit over the code B now shows, saved
    expect(tabs.b.editor).to_contain_text("# from Ab")
    expect(tabs.a.editor).to_contain_text("# from Ab")  # and A, without edits of its own, follows
    assert tabs.a.stored() == "# from A\nb"
    assert not tabs.errors, tabs.errors
