"""My boards with the app open in two tabs: two pages of one browser context share one localStorage.

Each tab's change must merge into what the other stored (not write its own copy over it), each
tab's list must follow the other's writes without a reload, and a change to a board the other tab
deleted must not bring it back. A least-moves fill-in is made to land late by holding the page's
``min_moves`` requests to Python (an init script wraps ``Worker.prototype.postMessage``) until the
test releases them. Waits are on page state only: the list's text, the status line, and the counts of
held and of answered requests the init script writes to ``<html data-held-fill-ins>`` and
``data-answered-fill-ins`` (set once the page has handled the reply: its listener runs after the
engine's, and the engine's promise chain settles in the microtasks between the two). Each test checks
what is stored before it checks the other tab's list, so that on code without the merge it fails at
the lost or resurrected board, not only at the missing live update.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage
from playwright.sync_api import ConsoleMessage, expect
from snakes_ladders import min_moves
from test_e2e_designer import LIBRARY_KEY, QUOTA_SCRIPT, Library, board_on_page

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

HOLD_FILL_INS = """
(() => {
  const post = Worker.prototype.postMessage;
  const held = [];
  let answered = 0;
  const count = () => (document.documentElement.dataset.heldFillIns = String(held.length));
  Worker.prototype.postMessage = function (message, ...rest) {
    if (window.__holdFillIns && typeof message?.payload === "string" && message.payload.includes('"op":"min_moves"')) {
      held.push([this, message, rest]);
      count();
      return undefined;
    }
    return post.call(this, message, ...rest);
  };
  window.__releaseFillIns = () => {
    window.__holdFillIns = false;
    for (const [worker, message, rest] of held.splice(0)) {
      worker.addEventListener("message", function answer(event) {
        if (event.data?.id !== message.id) return;
        worker.removeEventListener("message", answer);
        document.documentElement.dataset.answeredFillIns = String((answered += 1));
      });
      post.call(worker, message, ...rest);
    }
    count();
  };
  window.__holdFillIns = true;
})();
"""


class Tabs:
    """Tab A (the fixture's page) and tab B (a second page of its browser context), each watched for errors."""

    def __init__(self, a: AppPage, scripts: tuple[str, ...] = ()) -> None:
        self.a = a
        self.errors: list[str] = []
        page = a.page.context.new_page()
        for script in scripts:  # each tab's own, as tab A's: the context is the session's warm one
            page.add_init_script(script)
        # The fixture watches only the page it opened: tab B's page errors are collected here.
        page.on("pageerror", lambda error: self.errors.append(f"tab B page error: {error}"))
        page.on("console", self._console)
        self.b = AppPage(page, a.base_url).goto()

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"tab B console error: {message.text}")

    def panels(self) -> tuple[Library, Library]:
        return Library(self.a).ready(), Library(self.b).ready()

    def reload_b(self) -> Library:
        """Tab B as a reload shows it: what is stored, whether or not B followed the other tab live."""
        self.b.reload()
        return Library(self.b).ready()


@pytest.fixture
def two_tabs(open_app: Callable[..., AppPage]) -> Iterator[Callable[..., Tabs]]:
    """``two_tabs(*init_scripts)``: the app in two tabs of one context, the scripts run in both."""
    made: list[Tabs] = []

    def make(*scripts: str) -> Tabs:
        app = open_app(navigate=False, warm=True)
        for script in scripts:
            app.page.add_init_script(script)
        app.goto()
        made.append(Tabs(app, scripts))
        return made[-1]

    yield make
    for tabs in made:
        assert not tabs.errors, "\n".join(tabs.errors)


def names_stored(lib: Library) -> list[str]:
    return [str(entry["name"]) for entry in lib.stored()]


def test_saves_in_two_tabs_are_all_kept_and_shown_live(two_tabs: Callable[..., Tabs]) -> None:
    tabs = two_tabs()
    lib_a, lib_b = tabs.panels()
    lib_a.save("From A")
    expect(lib_a.status).to_have_text("Saved “From A”.")
    lib_b.save("From B")
    expect(lib_b.status).to_have_text("Saved “From B”.")
    assert names_stored(lib_a) == ["From B", "From A"]
    lib_b = tabs.reload_b()
    lib_b.expect_names(["From B", "From A"])
    lib_a.expect_names(["From B", "From A"])  # A's list followed B's write without a reload
    lib_a.save("Third")
    lib_b.expect_names(["Third", "From B", "From A"])  # and B's follows A's
    lib_a.save("From B")  # A's list is current, so the clash is asked about
    lib_a.answer("Save as “From B (2)”")
    expect(lib_a.status).to_have_text("Saved “From B (2)”.")
    names = ["From B (2)", "Third", "From B", "From A"]
    lib_b.expect_names(names)
    tabs.reload_b().expect_names(names)
    tabs.a.reload()
    Library(tabs.a).ready().expect_names(names)


def test_rename_and_delete_in_two_tabs_never_bring_a_board_back(two_tabs: Callable[..., Tabs]) -> None:
    tabs = two_tabs()
    lib_a, lib_b = tabs.panels()
    lib_a.save("Shared")
    lib_b = tabs.reload_b()
    lib_a.act("Rename", "Shared")  # A's question is open while B deletes the board
    expect(lib_a.ask).to_be_visible()
    lib_b.act("Delete", "Shared")
    lib_b.answer("Delete")
    expect(lib_b.status).to_have_text("Deleted “Shared”.")
    lib_a.answer("Rename", "Back again")
    expect(lib_a.status).to_have_text("“Shared” was deleted in another tab, so it was not renamed.")
    assert lib_a.stored() == []
    lib_a.expect_names([])
    lib_b.expect_names([])

    lib_a.save("Second")
    lib_b.expect_names(["Second"])
    lib_b.act("Delete", "Second")  # B's question is open while A renames the board
    expect(lib_b.ask).to_be_visible()
    lib_a.act("Rename", "Second")
    lib_a.answer("Rename", "Second renamed")
    lib_b.expect_names(["Second renamed"])
    lib_b.answer("Delete")  # the same board, whatever its name now
    expect(lib_b.status).to_have_text("Deleted “Second renamed”.")
    lib_a.expect_names([])
    assert lib_a.stored() == []


def test_a_late_fill_in_keeps_the_other_tabs_rename_and_delete(two_tabs: Callable[..., Tabs]) -> None:
    tabs = two_tabs(HOLD_FILL_INS)
    tabs.a.wait_ready()
    lib_a, lib_b = tabs.panels()
    moves = min_moves(board_on_page(tabs.a))
    lib_a.save("Keep me")
    lib_a.save("Delete me")
    # Both fill-ins were asked for and are held: A's list has stayed as A saved it.
    expect(tabs.a.page.locator("html")).to_have_attribute("data-held-fill-ins", "2", timeout=PYTHON_TIMEOUT_MS)
    lib_b = tabs.reload_b()
    lib_b.expect_names(["Delete me", "Keep me"])
    lib_b.act("Rename", "Keep me")
    lib_b.answer("Rename", "Renamed in B")
    lib_b.act("Delete", "Delete me")
    lib_b.answer("Delete")
    expect(lib_b.status).to_have_text("Deleted “Delete me”.")
    tabs.a.page.evaluate("window.__releaseFillIns()")
    expect(tabs.a.page.locator("html")).to_have_attribute("data-answered-fill-ins", "2", timeout=PYTHON_TIMEOUT_MS)
    assert [(entry["name"], entry["moves"]) for entry in lib_a.stored()] == [("Renamed in B", moves)]
    for lib in (lib_a, lib_b):
        expect(lib.items.locator(".library-meta")).to_have_text([re.compile(rf"least moves {moves}$")])
        lib.expect_names(["Renamed in B"])


def test_refused_writes_in_every_path_say_what_was_not_saved(two_tabs: Callable[..., Tabs]) -> None:
    tabs = two_tabs(QUOTA_SCRIPT, HOLD_FILL_INS)
    tabs.a.wait_ready()
    lib_a, lib_b = tabs.panels()
    moves = min_moves(board_on_page(tabs.a))
    lib_a.save("Kept")
    expect(lib_a.status).to_have_text("Saved “Kept”.")
    expect(tabs.a.page.locator("html")).to_have_attribute("data-held-fill-ins", "1", timeout=PYTHON_TIMEOUT_MS)
    tabs.a.page.evaluate("window.__storageFull = true")
    full = "Your browser's storage for this page is full, so nothing was changed: "
    lib_a.save("Not saved")
    expect(lib_a.status).to_have_text(f"{full}“Not saved” was not saved. Delete or export some boards to make room.")
    expect(lib_a.panel.get_by_label("Name", exact=True)).to_have_value("Not saved")  # still there to try again
    lib_a.act("Rename", "Kept")
    lib_a.answer("Rename", "Other")
    expect(lib_a.status).to_contain_text(f"{full}“Kept” was not renamed.")
    lib_a.act("Delete", "Kept")
    lib_a.answer("Delete")
    expect(lib_a.status).to_contain_text(f"{full}“Kept” was not deleted.")
    lib_a.act("Duplicate", "Kept")
    expect(lib_a.status).to_contain_text(f"{full}“Kept” was not duplicated.")
    tabs.a.page.evaluate("window.__releaseFillIns()")
    expect(lib_a.status).to_contain_text(f"{full}the least moves of “Kept” ({moves}) were not stored, only shown here.")
    expect(lib_a.items.locator(".library-meta")).to_have_text([re.compile(rf"least moves {moves}$")])
    lib_a.expect_names(["Kept"])
    assert [(entry["name"], entry["moves"]) for entry in lib_a.stored()] == [("Kept", None)]

    # Room again: the next change stores the figure that was only shown; tab B sees both.
    tabs.a.page.evaluate("window.__storageFull = false")
    lib_a.act("Rename", "Kept")
    lib_a.answer("Rename", "Kept again")
    expect(lib_a.status).to_have_text("Renamed “Kept” to “Kept again”.")
    assert [(entry["name"], entry["moves"]) for entry in lib_a.stored()] == [("Kept again", moves)]
    expect(lib_b.items.locator(".library-meta")).to_have_text([re.compile(rf"least moves {moves}$")])
    lib_b.expect_names(["Kept again"])


def boards_stored(lib: Library) -> list[tuple[object, object]]:
    """Each stored board's name and jumps (not its least moves, which a fill-in may write at any time)."""
    return [(entry["name"], entry["jumps"]) for entry in lib.stored()]


def test_a_confirmed_delete_or_replace_leaves_a_board_another_tab_changed_alone(two_tabs: Callable[..., Tabs]) -> None:
    tabs = two_tabs()
    lib_a, lib_b = tabs.panels()
    lib_a.save("Alpha")
    expect(lib_a.status).to_have_text("Saved “Alpha”.")
    lib_b.expect_names(["Alpha"])
    lib_a.act("Delete", "Alpha")  # A's confirmation is open while B saves a different board as “Alpha”
    expect(lib_a.ask).to_be_visible()
    tabs.b.drag(3, 20)
    tabs.b.expect_jump(3, 20)
    lib_b.save("Alpha")
    lib_b.answer("Replace it")
    expect(lib_b.status).to_have_text("Saved “Alpha”.")
    theirs = boards_stored(lib_b)
    assert [3, 20] in theirs[0][1]
    lib_a.answer("Delete")
    expect(lib_a.status).to_have_text("“Alpha” was changed in another tab; nothing was deleted.")
    assert boards_stored(lib_a) == theirs
    lib_a.expect_names(["Alpha"])

    lib_a.save("Alpha")  # A's own board: A's question whether to replace B's is open while B replaces it again
    expect(lib_a.ask).to_be_visible()
    tabs.b.drag(30, 7)
    tabs.b.expect_jump(30, 7)
    lib_b.save("Alpha")
    lib_b.answer("Replace it")
    expect(lib_b.status).to_have_text("Saved “Alpha”.")
    theirs = boards_stored(lib_b)
    assert [30, 7] in theirs[0][1]
    lib_a.answer("Replace it")
    expect(lib_a.status).to_have_text("“Alpha” was changed in another tab; nothing was saved.")
    assert boards_stored(lib_a) == theirs
    lib_b.expect_names(["Alpha"])


# Storage that is full: a write that would take more room than the value it replaces is refused, as a
# browser's full store refuses it (a shorter value over a longer one still fits).
STORAGE_FULL = """
(() => {
  const setItem = Storage.prototype.setItem;
  const getItem = Storage.prototype.getItem;
  Storage.prototype.setItem = function (key, value) {
    const before = getItem.call(this, key);
    const room = before === null ? 0 : String(key).length + before.length;
    if (window.__storageFull && String(key).length + String(value).length > room) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();
"""

UNREADABLE_CHARS = 651_380


def unreadable_boards() -> str:
    """A stored list of boards one character short of JSON (its closing bracket cut), UNREADABLE_CHARS long."""
    one = {"name": "Big", "n": 50, "jumps": [[i + 2, i + 1000] for i in range(600)], "rules": {}, "moves": None}
    text = json.dumps([{**one, "id": f"b{i}"} for i in range(60)])
    assert len(text) < UNREADABLE_CHARS
    whole = text[:-1] + " " * (UNREADABLE_CHARS + 1 - len(text)) + "]"
    json.loads(whole)
    return whole[:-1]


def test_an_unreadable_list_that_storage_cannot_copy_aside_is_never_written_over(
    two_tabs: Callable[..., Tabs], tmp_path: Path
) -> None:
    text = unreadable_boards()
    assert len(text) == UNREADABLE_CHARS
    # The text is stored and storage full before either tab's first script runs: My boards opens as soon
    # as Python is ready, and a tab never hears of its own write, so a write after the load could come
    # too late for tab A. Tab A's first load stores it; tab B finds it there.
    seed = (
        "if (location.protocol === 'http:' &&"  # not in a frame of no origin, which has no storage
        f" localStorage.getItem({json.dumps(LIBRARY_KEY)}) === null)"
        f" localStorage.setItem({json.dumps(LIBRARY_KEY)}, {json.dumps(text)});"
        " window.__storageFull = true;"
    )
    tabs = two_tabs(STORAGE_FULL, seed)
    stored = f"localStorage.getItem({LIBRARY_KEY!r})"
    lib_a, lib_b = tabs.panels()
    truth = (
        "Your saved boards could not be read and could not be copied aside: storage is full. "
        "Download the text to keep it."
    )
    for lib in (lib_a, lib_b):
        expect(lib.status).to_have_text(truth)
        expect(lib.panel.get_by_role("button", name="Start a new list")).to_be_hidden()
    assert tabs.a.page.evaluate(f"localStorage.getItem({LIBRARY_KEY + ':unreadable'!r})") is None

    lib_a.save("New")  # a list of one board would fit over the unreadable text: it is refused all the same
    expect(lib_a.status).to_have_text(
        "Your saved boards could not be read and could not be copied aside, so nothing was changed: "
        "“New” was not saved. Download the text to keep it, then start a new list."
    )
    assert tabs.a.page.evaluate(stored) == text

    with tabs.a.page.expect_download() as download:
        lib_a.panel.get_by_role("button", name="Download the text").click()
    assert download.value.suggested_filename == "my-boards-unreadable.txt"
    saved = tmp_path / "unreadable.txt"
    download.value.save_as(saved)
    assert saved.read_text(encoding="utf-8") == text
    expect(lib_a.status).to_contain_text("Downloaded the text of your saved boards as my-boards-unreadable.txt")
    lib_b.save("From B")  # B offered no download and had no choice made: still refused
    expect(lib_b.status).to_contain_text("“From B” was not saved. Download the text to keep it")
    assert tabs.a.page.evaluate(stored) == text

    lib_a.panel.get_by_role("button", name="Start a new list").click()
    expect(lib_a.status).to_have_text("Started a new list: My boards is empty, and boards can be saved again.")
    assert tabs.a.page.evaluate(stored) == "[]"
    expect(lib_b.panel.get_by_role("button", name="Download the text")).to_be_hidden()  # B read the new list
    expect(lib_b.status).to_have_text(
        "The list of boards was written again in another tab: boards can be saved here again."
    )
    for tab in (tabs.a, tabs.b):
        tab.page.evaluate("window.__storageFull = false")
    lib_b.save("From B")
    expect(lib_b.status).to_have_text("Saved “From B”.")
    lib_a.expect_names(["From B"])
