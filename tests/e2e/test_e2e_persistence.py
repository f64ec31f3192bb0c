"""Where a board lives between visits: the first preset on a first visit, the saved copy on reload,
and the share link, which opens the same board for someone else (a new browser context)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from app_page import AppPage, jumps_of, load_fixture
from playwright.sync_api import Locator, expect
from snakes_ladders import Board

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]

EXAMPLE_1 = load_fixture("leetcode_example_1")
CLASSIC = load_fixture("classic_10x10")


def with_jumps(rows: list[list[int]], extra: dict[int, int]) -> list[list[int]]:
    """The matrix ``rows`` with more jumps, ``{start: end}``."""
    return Board(len(rows), {**jumps_of(rows), **extra}).to_matrix()


def make_edits(app: AppPage) -> list[list[int]]:
    """Add a ladder 3→20 and a snake 30→7 to the first visit's board; return the new matrix."""
    app.drag(3, 20)
    app.drag(30, 7)
    rows = with_jumps(EXAMPLE_1["board"], {3: 20, 30: 7})
    app.expect_board(rows)
    return rows


def download(note: Locator, button: str, where: Path) -> tuple[str, str]:
    """Press ``button`` in ``note``: the download's suggested file name and its text (saved at ``where``)."""
    with note.page.expect_download() as info:
        note.get_by_role("button", name=button).click()
    info.value.save_as(where)
    return info.value.suggested_filename, where.read_text(encoding="utf-8")


def test_first_visit_opens_the_first_preset(app: AppPage) -> None:
    app.expect_board(EXAMPLE_1["board"])
    app.expect_message("LeetCode example 1")  # before the Undo button's workspace is entered: a switch clears it
    expect(app.button("Undo")).to_be_disabled()


def test_the_opening_board_is_written_after_the_first_window(open_app: Callable[..., AppPage]) -> None:
    """The board a visit opens with is written to the address and the saved copy at the end of the
    page's first write window, not at once (it is already where it came from), and then both hold it."""
    first = open_app()
    expect(first.page.locator("body")).to_have_attribute("data-saved", "yes")
    fragment = first.page.evaluate("() => location.hash")
    saved = first.page.evaluate("() => Object.keys(localStorage).length")
    assert fragment.startswith("#") and len(fragment) > 1 and saved >= 1, (fragment, saved)
    first.close()
    reader = open_app(fragment)  # a new context: only the address can bring the board
    reader.expect_board(EXAMPLE_1["board"])


def test_reload_restores_the_edited_board(app: AppPage) -> None:
    rows = make_edits(app)
    app.wait_ready()  # a reload would otherwise abort Python's downloads mid-way
    app.reload()
    app.expect_board(rows)


def test_a_reload_right_after_a_lone_edit_keeps_it(app: AppPage) -> None:
    """A lone edit is written at once: a reload that does not wait for the write window keeps it."""
    app.wait_ready()
    expect(app.page.locator("body")).to_have_attribute("data-saved", "yes")  # no write window open
    app.drag(3, 20)
    app.expect_jump(3, 20)
    app.page.reload()  # straight away: the address already holds the edit
    app.wait_interactive()
    app.expect_board(with_jumps(EXAMPLE_1["board"], {3: 20}))


def test_saved_board_is_restored_without_the_link(app: AppPage) -> None:
    rows = make_edits(app)
    app.wait_ready()
    app.goto()  # the bare address: no board in the URL, so only localStorage can bring it back
    app.expect_board(rows)
    app.expect_message(re.compile("restored", re.IGNORECASE))


def test_share_link_opens_the_same_board_in_a_new_context(open_app: Callable[..., AppPage]) -> None:
    author = open_app()
    author.load_preset("Classic 10×10 board")
    author.expect_board(CLASSIC["board"])
    author.drag(3, 99)
    author.expect_jump(3, 99)
    shown = author.matrix.text_content()
    author.button("Copy share link").click()
    expect(author.share_link).to_contain_text(author.base_url)
    link = (author.share_link.text_content() or "").strip()
    assert link.startswith(author.base_url + "#"), link
    author.close()

    reader = open_app(link.removeprefix(author.base_url))  # a new context: nothing saved, no history
    reader.expect_board(with_jumps(CLASSIC["board"], {3: 99}))
    assert reader.matrix.text_content() == shown
    reader.solve()
    reader.expect_moves(2)  # roll 2 to the new ladder 3→99, roll 1 to 100


def test_board_loaded_from_json_survives_a_reload(app: AppPage) -> None:
    fixture = load_fixture("ladder_to_last_5x5")
    app.load_json(json.dumps(fixture["board"]))
    app.expect_board(fixture["board"])
    app.reload()
    app.expect_board(fixture["board"])


def test_board_with_self_jumps_survives_a_reload(app: AppPage) -> None:
    fixture = load_fixture("self_jumps_3x3")
    app.load_json(json.dumps(fixture["board"]))
    app.expect_board(fixture["board"])
    app.reload()
    # The start-up board is settled once the page is interactive, so this need not wait.
    assert app.matrix_rows() == fixture["board"]


def test_a_broken_share_link_says_why_it_was_not_loaded(open_app: Callable[..., AppPage]) -> None:
    app = open_app("#n=6&j=2-15.oops")
    app.expect_board(EXAMPLE_1["board"])  # otherwise a first visit: the first preset
    # Start-up is over once the page is interactive, so the message it leaves need not be waited for.
    assert re.search(r"share link\b.*\bjump 2\b", app.message.text_content() or ""), app.message.text_content()


BOARD_STORAGE_FULL = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__storageFull && key === "snakes-ladders:board:v1") {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();
"""


def test_a_board_that_cannot_be_saved_says_so_and_stays_in_the_address(open_app: Callable[..., AppPage]) -> None:
    app = open_app(navigate=False, warm=True)
    app.page.add_init_script(BOARD_STORAGE_FULL)
    app.goto()
    note = app.page.locator("#save-note")
    expect(note).to_be_hidden()
    app.page.evaluate("window.__storageFull = true")
    app.drag(3, 20)
    expect(note).to_have_text(
        "Your board is not saved in this browser: your browser's storage for this page is full. "
        "It is still in this page's address; copy the share link to keep it."
    )
    expect(app.page).to_have_url(re.compile(r"#([a-z]+&)?n=6&j=.*3-20"))  # after the workspace, if any
    app.page.evaluate("window.__storageFull = false")
    app.drag(30, 7)
    expect(note).to_be_hidden()
    app.reload()
    app.expect_board(with_jumps(EXAMPLE_1["board"], {3: 20, 30: 7}))


def test_undo_restores_a_rules_change_and_the_address_follows(app: AppPage) -> None:
    """The rules are part of the board's state: Undo takes a rules change back and Redo makes it again; the
    select, the address and the saved copy follow, and the board stays as it was."""
    app.expect_board(EXAMPLE_1["board"])
    expect(app.button("Undo")).to_be_disabled()
    app.rule("Past the goal").select_option("bounce")
    expect(app.page).to_have_url(re.compile("past=bounce"))
    expect(app.button("Undo")).to_be_enabled()
    app.button("Undo").click()
    app.expect_message("Undone: Rules changed: overshoot is now bounce.")  # in Design, before the rules' workspace
    expect(app.rule("Past the goal")).to_have_value("stay")
    expect(app.page).not_to_have_url(re.compile("past=bounce"))
    app.expect_board(EXAMPLE_1["board"])
    expect(app.button("Undo")).to_be_disabled()
    app.button("Redo").click()
    expect(app.rule("Past the goal")).to_have_value("bounce")
    expect(app.page).to_have_url(re.compile("past=bounce"))
    app.expect_board(EXAMPLE_1["board"])


SAVED_KEY = "snakes-ladders:board:v1"
# A saved board cut short (not JSON), larger than a board written over it would be.
UNREADABLE_SAVED = '{"n": 6, "jumps": [[2, 15], [17, 13]' + " " * 5000

# The saved board as an earlier visit left it, stored once before the app's scripts run, and storage that is
# full: a write that would take more room than the value it replaces is refused (a shorter value still fits).
UNREADABLE_AND_FULL = f"""
(() => {{
  const setItem = Storage.prototype.setItem;
  const getItem = Storage.prototype.getItem;
  if (location.protocol === "http:" && !sessionStorage.getItem("seeded")) {{
    setItem.call(localStorage, {json.dumps(SAVED_KEY)}, {json.dumps(UNREADABLE_SAVED)});
    sessionStorage.setItem("seeded", "yes");
  }}
  Storage.prototype.setItem = function (key, value) {{
    const before = getItem.call(this, key);
    const room = before === null ? 0 : String(key).length + before.length;
    if (this === localStorage && String(key).length + String(value).length > room) {{
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }}
    return setItem.call(this, key, value);
  }};
}})();
"""


def test_an_unreadable_saved_board_that_cannot_be_copied_aside_is_kept_until_downloaded(
    open_app: Callable[..., AppPage], tmp_path: Path
) -> None:
    app = open_app(navigate=False, warm=True)
    app.page.add_init_script(UNREADABLE_AND_FULL)
    app.goto()
    app.expect_board(EXAMPLE_1["board"])
    expect(app.message).to_have_text(
        "The saved board could not be read (it is not valid JSON) and could not be copied aside: storage is full. "
        "It is not written over until you download it; starting with a fresh board."
    )
    stored = f"localStorage.getItem({SAVED_KEY!r})"
    app.drag(3, 20)
    app.expect_jump(3, 20)
    note = app.page.locator("#save-note")
    expect(note).to_contain_text(
        "Your board is not saved in this browser: the board saved there before could not be read and could not "
        "be copied aside (storage is full), so it is kept as it was."
    )
    expect(app.page).to_have_url(re.compile(r"3-20"))  # the edit is written to the address, not over the saved text
    assert app.page.evaluate(stored) == UNREADABLE_SAVED
    assert app.page.evaluate(f"localStorage.getItem({SAVED_KEY + ':unreadable'!r})") is None

    got = download(note, "Download the unreadable board", tmp_path / "saved.txt")
    assert got == ("saved-board-unreadable.txt", UNREADABLE_SAVED)
    expect(note).to_be_hidden()  # downloaded: the board on screen is saved in its place
    assert [3, 20] in json.loads(app.page.evaluate(stored))["jumps"]
    app.goto()  # the bare address: only the saved copy can bring the board back
    app.expect_board(with_jumps(EXAMPLE_1["board"], {3: 20}))


def test_a_link_sets_a_corrupt_saved_board_aside_before_its_board_is_saved(open_app: Callable[..., AppPage]) -> None:
    """A link's board replaces the saved copy, which the page then never read: one that is not a board is
    copied aside first, as on a visit without a link."""
    app = open_app(navigate=False, warm=True)
    app.page.add_init_script(
        "if (location.protocol === 'http:' && !sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem({json.dumps(SAVED_KEY)}, {json.dumps(UNREADABLE_SAVED)});"
        " sessionStorage.setItem('seeded', 'yes'); }"
    )
    app.goto("#n=6&j=3-20")
    app.expect_jump(3, 20)
    expect(app.page.locator("body")).to_have_attribute("data-saved", "yes")
    assert app.page.evaluate(f"localStorage.getItem({SAVED_KEY + ':unreadable'!r})") == UNREADABLE_SAVED
    assert json.loads(app.page.evaluate(f"localStorage.getItem({SAVED_KEY!r})"))["jumps"] == [[3, 20]]


def open_link_anew(app: AppPage, fragment: str) -> None:
    """Open the page at ``fragment`` as a new visit (a link followed from elsewhere), not a change of the hash."""
    app.page.goto("about:blank")
    app.goto(fragment)


LIBRARY_FULL = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === localStorage && String(key).startsWith("snakes-ladders:library") && sessionStorage.getItem("full") === "yes") {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();
"""


def test_a_link_keeps_the_board_it_replaces_in_my_boards(app: AppPage) -> None:
    """The board saved in this browser is kept in My boards when a link opens another; once, not again on reload."""
    from test_e2e_designer import Library

    rows = make_edits(app)  # the visitor's own board, saved in this browser
    expect(app.page.locator("body")).to_have_attribute("data-saved", "yes")
    open_link_anew(app, "#n=6&j=2-30")
    app.expect_board(with_jumps(Board(6, {}).to_matrix(), {2: 30}))
    app.expect_message(
        re.compile(r"^Loaded the board from the link\. Your last board is in My boards as “Before a link, .+”\.$")
    )
    expect(app.page.locator("body")).to_have_attribute("data-saved", "yes")
    assert json.loads(app.page.evaluate(f"localStorage.getItem({SAVED_KEY!r})"))["jumps"] == [[2, 30]]
    lib = Library(app).ready()
    expect(lib.items).to_have_count(1)
    kept = lib.items.first.locator(".library-name").text_content() or ""
    assert kept.startswith("Before a link, ")
    lib.act("Open", kept)
    app.expect_board(rows)
    app.button("Undo").click()  # opening it is a step like any other
    app.expect_board(with_jumps(Board(6, {}).to_matrix(), {2: 30}))

    open_link_anew(app, "#n=6&j=2-30")  # the link again: its board is the saved one now, nothing more is kept
    app.expect_message("Loaded the board from the link.")
    expect(Library(app).ready().items).to_have_count(1)


def test_a_link_never_writes_over_a_board_my_boards_cannot_take(
    open_app: Callable[..., AppPage], tmp_path: Path
) -> None:
    app = open_app(navigate=False, warm=True)
    app.page.add_init_script(LIBRARY_FULL)
    app.goto()
    make_edits(app)
    expect(app.page.locator("body")).to_have_attribute("data-saved", "yes")
    before = app.page.evaluate(f"localStorage.getItem({SAVED_KEY!r})")
    app.page.evaluate("sessionStorage.setItem('full', 'yes')")
    open_link_anew(app, "#n=6&j=2-30")
    app.expect_message(re.compile(r"^Loaded the board from the link\. Your last board could not be kept in My boards"))
    note = app.page.locator("#save-note")
    expect(note).to_contain_text(
        "the board saved there before this link could not be kept in My boards (storage is full), so it is kept as it was."
    )
    app.drag(4, 25)  # an edit is written to the address, never over the saved board
    expect(app.page).to_have_url(re.compile(r"4-25"))
    assert app.page.evaluate(f"localStorage.getItem({SAVED_KEY!r})") == before
    got = download(note, "Download the board saved before", tmp_path / "before.txt")
    assert got == ("saved-board-before-link.txt", before)
    expect(note).to_be_hidden()  # downloaded: the board on screen is saved in its place
    assert [4, 25] in json.loads(app.page.evaluate(f"localStorage.getItem({SAVED_KEY!r})"))["jumps"]
