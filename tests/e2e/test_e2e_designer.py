"""The designer in the browser: the Generate dialog, My boards, and Play with real dice.

Generated boards are checked with the page's own Solve and with the package (least moves and
``analyze``); the library's round trip goes through a real download and file upload; storage
failures are simulated in an init script; the hot-seat game's dice are made deterministic by
replacing ``crypto.getRandomValues`` in an init script. Waits are on page state only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage
from playwright.sync_api import Locator, Page, expect
from snakes_ladders import Board, analyze, min_moves

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

LIBRARY_KEY = "snakes-ladders:library:v1"


def board_on_page(app: AppPage) -> Board:
    """The board shown, read from the page's LeetCode matrix panel."""
    text = app.page.locator("#matrix").text_content() or ""
    return Board.from_matrix(json.loads(text.split("=", 1)[1]))


class Generate:
    def __init__(self, app: AppPage) -> None:
        self.app = app
        self.page = app.page
        self.dialog = app.page.locator("#generate-dialog")
        self.status = self.dialog.locator('[data-generate="status"]')

    def open(self) -> Generate:
        self.app.button("Generate a board…").click()  # in Design
        expect(self.dialog).to_be_visible()
        expect(self.dialog).to_have_attribute("data-python", "ready", timeout=PYTHON_TIMEOUT_MS)
        return self

    def field(self, label: str) -> Locator:
        return self.dialog.get_by_label(label, exact=True)

    def go(self) -> None:
        self.dialog.get_by_role("button", name="Generate", exact=True).click()

    def wait(self, state: str) -> None:
        expect(self.dialog).to_have_attribute(
            "data-state", re.compile("^(met|missed|refused|error|cancelled)$"), timeout=PYTHON_TIMEOUT_MS
        )
        expect(self.dialog, self.status.text_content() or "").to_have_attribute("data-state", state)


def test_generate_meets_the_targets_cancels_and_reports_misses(app: AppPage) -> None:
    app.wait_ready()
    gen = Generate(app).open()
    before = board_on_page(app)
    gen.go()  # the defaults: 10×10, 8 snakes, 8 ladders, least moves 7, expected rolls 30 to 40, seed 1
    gen.wait("met")
    board = board_on_page(app)
    assert (board.n, len(board.snakes), len(board.ladders)) == (10, 8, 8)
    assert min_moves(board) == 7
    analysis = analyze(board)
    assert analysis.finishable == "always" and analysis.expected_rolls is not None
    assert 30 <= analysis.expected_rolls <= 40
    figures = app.page.locator('[data-generate="figures"]')
    expect(figures).to_contain_text("least moves 7")
    expect(figures).to_contain_text(f"expected rolls ≈ {analysis.expected_rolls:.2f}")
    app.button("Solve").click()
    expect(app.page.locator("#result")).to_have_text("Minimum moves: 7")
    app.button("Undo").click()  # the generated board came in as one undo step
    assert board_on_page(app) == before
    expect(figures).to_have_text("")

    # A search that cannot succeed soon: Solve still answers meanwhile, then Cancel stops it.
    gen.field("Expected rolls, at least").fill("30")
    gen.field("Expected rolls, at most").fill("30.0001")
    gen.field("Give up after").fill("100000")
    gen.go()
    expect(gen.dialog.locator("progress")).to_have_attribute("value", re.compile(r"^[1-9]"), timeout=PYTHON_TIMEOUT_MS)
    app.button("Solve").click()
    expect(app.page.locator("#result")).to_have_text(re.compile(r"^Minimum moves: \d+$"))
    expect(gen.dialog).to_have_attribute("data-state", "running")
    expect(gen.dialog).to_be_hidden()  # Design's dialog waits there while Solve & understand shows
    app.workspace("design")
    gen.dialog.get_by_role("button", name="Cancel").click()
    gen.wait("cancelled")
    assert board_on_page(app) == before

    # Targets no board can meet are refused with the reason; a miss within the cap offers the closest board.
    expect(gen.dialog).to_have_attribute("data-python", "ready", timeout=PYTHON_TIMEOUT_MS)
    gen.field("Ladders").fill("0")
    gen.field("Least moves").fill("1")
    gen.go()
    gen.wait("refused")
    expect(gen.status).to_contain_text("least moves 1 is out of reach: with no ladders a 10×10 board takes at least 17")
    gen.field("Snakes").fill("1")
    gen.field("Ladders").fill("1")
    gen.field("Least moves").fill("12")
    gen.dialog.get_by_label("Expected rolls from").uncheck()
    gen.field("Give up after").fill("5")
    gen.go()
    gen.wait("missed")
    expect(gen.status).to_contain_text("No board met every target in 5 evaluations (seed 1): least moves 12")
    assert board_on_page(app) == before
    gen.dialog.get_by_role("button", name="Use the closest board").click()
    closest = board_on_page(app)
    assert (len(closest.snakes), len(closest.ladders)) == (1, 1) and min_moves(closest) != 12
    gen.dialog.get_by_role("button", name="Close").click()
    expect(gen.dialog).to_be_hidden()


class Library:
    def __init__(self, app: AppPage) -> None:
        self.app = app
        self.page = app.page
        self.ask = app.page.locator("#ask-dialog")

    @property
    def panel(self) -> Locator:
        """The My boards panel, in Design (the workspace it shows in)."""
        self.app.workspace("design")
        return self.page.get_by_role("region", name="My boards")

    @property
    def status(self) -> Locator:
        return self.panel.locator('[data-library="status"]')

    @property
    def items(self) -> Locator:
        return self.panel.locator(".library-item")

    def ready(self) -> Library:
        self.panel.get_by_label("Name", exact=True).click()  # touching the panel loads it
        expect(self.panel).to_have_attribute("data-state", "ready")
        return self

    def save(self, name: str) -> None:
        self.panel.get_by_label("Name", exact=True).fill(name)
        self.panel.get_by_role("button", name="Save board").click()

    def act(self, action: str, name: str) -> None:
        self.panel.get_by_role("button", name=f"{action} “{name}”", exact=True).click()

    def answer(self, choice: str, text: str | None = None) -> None:
        expect(self.ask).to_be_visible()
        if text is not None:
            self.ask.get_by_role("textbox").fill(text)
        self.ask.get_by_role("button", name=choice, exact=True).click()
        expect(self.ask).to_be_hidden()

    def expect_names(self, names: list[str]) -> None:
        """The list shows exactly these names, newest first (waited for: a change lands after its dialog closes)."""
        expect(self.items.locator(".library-name")).to_have_text(names)

    def stored(self) -> list[dict[str, object]]:
        return json.loads(self.page.evaluate(f"localStorage.getItem({LIBRARY_KEY!r})") or "[]")

    def import_file(self, path: Path) -> None:
        self.panel.locator('[data-library="import"]').set_input_files(str(path))


def test_library_round_trip(app: AppPage, tmp_path: Path) -> None:
    app.wait_ready()
    lib = Library(app).ready()
    first = board_on_page(app)
    lib.save("Alpha <b>")
    expect(lib.status).to_have_text("Saved “Alpha <b>”.")
    expect(lib.items.first.locator(".library-meta")).to_have_text(
        f"{first.n}×{first.n} · least moves {min_moves(first)}"
    )
    expect(lib.items.first.get_by_role("img")).to_have_attribute(
        "aria-label", re.compile(rf"^{first.n}×{first.n} board")
    )
    assert lib.items.first.locator("svg line").count() == len(first.jumps)
    lib.act("Rename", "Alpha <b>")
    lib.answer("Rename", "Beta")
    lib.act("Duplicate", "Beta")
    lib.expect_names(["Beta (2)", "Beta"])
    lib.act("Delete", "Beta (2)")
    lib.answer("Delete")
    lib.expect_names(["Beta"])
    lib.save("Beta")  # a clash asks
    lib.answer("Cancel")
    expect(lib.status).to_have_text("Nothing was saved.")

    app.button("Clear board").click()
    assert board_on_page(app) != first
    lib.act("Open", "Beta")
    assert board_on_page(app) == first
    app.button("Undo").click()  # opening is one undo step
    assert not board_on_page(app).jumps

    with app.page.expect_download() as download:
        lib.panel.get_by_role("button", name="Export all").click()
    exported = tmp_path / "boards.json"
    download.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert [b["name"] for b in data["boards"]] == ["Beta"] and Board.from_matrix(data["boards"][0]["board"]) == first

    lib.act("Delete", "Beta")
    lib.answer("Delete")
    lib.import_file(exported)
    expect(lib.status).to_have_text("Imported 1 board.")
    lib.import_file(exported)  # the same names again: asked, imported as copies
    lib.answer("Import as copies")
    expect(lib.status).to_have_text("Imported 1 board.")
    lib.expect_names(["Beta (2)", "Beta"])

    bad = {
        "format": "snakes-ladders-boards",
        "version": 1,
        "boards": [
            {"name": "Good", "board": [[-1, -1], [-1, 4]]},
            {"name": "Text", "board": "<img src=x onerror=alert(1)>"},
            {"board": [[-1, -1], [-1, -1]]},
            {"name": "Start jump", "board": [[-1, -1], [3, -1]]},
        ],
    }
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text(json.dumps(bad))
    lib.import_file(corrupt)
    expect(lib.status).to_contain_text("Imported 1 board. Skipped 3:")
    expect(lib.status).to_contain_text("Board 3: it has no name")
    expect(lib.status).to_contain_text("Board 2 (“Text”):")
    expect(lib.status).to_contain_text("Board 4 (“Start jump”): square 1 (row 1, column 0)")
    lib.expect_names(["Good", "Beta (2)", "Beta"])
    assert sorted(str(entry["name"]) for entry in lib.stored()) == ["Beta", "Beta (2)", "Good"]
    app.page.reload()
    lib = Library(app).ready()
    lib.expect_names(["Good", "Beta (2)", "Beta"])

    # A class set in the file comes back as one group; a set field that is not one leaves its board alone.
    pair = {"id": "s9", "name": "Pair", "count": 2}
    grid = [[-1, -1], [-1, -1]]
    sets = [
        {"name": "Second", "board": grid, "set": {**pair, "index": 2}},
        {"name": "Odd", "board": grid, "set": {**pair, "index": 3}},
        {"name": "First", "board": grid, "set": {**pair, "index": 1}},
    ]
    (tmp_path / "set.json").write_text(json.dumps({"format": "snakes-ladders-boards", "version": 1, "boards": sets}))
    lib.import_file(tmp_path / "set.json")
    expect(lib.status).to_contain_text("Imported 3 boards. Board 2 (“Odd”): its class set is not one")
    group = lib.panel.locator(".library-set")
    expect(group).to_have_count(1)
    expect(group.locator(".library-name").first).to_have_text("Pair (a class set of 2)")
    expect(group.locator(".library-item .library-name")).to_have_text(["First", "Second"])


QUOTA_SCRIPT = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__storageFull && String(key).startsWith("snakes-ladders:library")) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
  const getItem = Storage.prototype.getItem;
  Storage.prototype.getItem = function (key) {
    if (window.__storageBlocked && String(key).startsWith("snakes-ladders:library")) {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    }
    return getItem.call(this, key);
  };
  window.__storageBlocked = sessionStorage.getItem("block") === "yes";
})();
"""


def test_library_storage_full_or_blocked_loses_nothing(open_app: Callable[..., AppPage]) -> None:
    app = open_app(navigate=False, warm=True)
    app.page.add_init_script(QUOTA_SCRIPT)
    app.goto()
    lib = Library(app).ready()
    lib.save("Kept")
    expect(lib.status).to_have_text("Saved “Kept”.")
    app.page.evaluate("window.__storageFull = true")
    lib.save("Too many")
    expect(lib.status).to_have_text(
        re.compile(r"^Your browser's storage for this page is full, so nothing was changed")
    )
    lib.act("Duplicate", "Kept")
    expect(lib.status).to_contain_text("storage for this page is full")
    lib.expect_names(["Kept"])
    assert [entry["name"] for entry in lib.stored()] == ["Kept"]
    app.page.evaluate("sessionStorage.setItem('block', 'yes')")
    app.wait_ready()  # a reload while Python downloads would abort its requests
    app.page.reload()
    lib = Library(app).ready()
    expect(lib.status).to_have_text(re.compile(r"^Your browser does not let this page read stored boards"))
    app.page.evaluate("window.__storageBlocked = false")
    assert [entry["name"] for entry in lib.stored()] == ["Kept"]  # still there, untouched


def dice_script(rolls: list[int]) -> str:
    """Make the page's crypto.getRandomValues give bytes that the die reads as ``rolls``, in order."""
    return f"""
(() => {{
  const bytes = {json.dumps([roll - 1 for roll in rolls])};
  const real = crypto.getRandomValues.bind(crypto);
  crypto.getRandomValues = (array) => {{
    if (array instanceof Uint8Array && array.length === 1 && bytes.length) {{
      array[0] = bytes.shift();
      return array;
    }}
    return real(array);
  }};
}})();
"""


def start_hot_seat(app: AppPage, names: list[str], computer: int | None = None) -> Locator:
    page: Page = app.page
    app.wait_ready()
    app.resize(3)
    if page.locator("#counts").text_content() != "3×3, 9 squares · 0 ladders · 0 snakes":
        app.button("Clear board").click()
    app.workspace("play")
    panel = page.get_by_role("region", name="Play with real dice")
    panel.get_by_label("Number of players").click()
    panel.get_by_label("Number of players").select_option(str(len(names)))
    for index, name in enumerate(names):
        panel.get_by_label(f"Player {index + 1} name").fill(name)
    if computer is not None:
        panel.get_by_label("Computer").nth(computer).check()
    panel.get_by_role("button", name="Start game").click()
    expect(panel).to_have_attribute("data-state", "playing")
    return panel


def test_hot_seat_game_to_a_winner(open_app: Callable[..., AppPage]) -> None:
    app = open_app(navigate=False, warm=True)
    # Ana 6 (1 -> 7), Bo 2 (1 -> 3), Ana 5 (too far from 7: stays), Bo 6 (3 -> 9): Bo wins.
    app.page.add_init_script(dice_script([6, 2, 5, 6]))
    app.goto()
    panel = start_hot_seat(app, ["Ana", "Bo"])
    expect(panel.locator('[data-hotseat="rules"]')).to_contain_text("start on square 1 (LeetCode)")
    expect(panel.locator('[data-hotseat="turn"]')).to_have_text("Ana's turn: press Roll or Space.")
    history = panel.get_by_role("list", name="Turns of the game, newest first")
    app.page.keyboard.press("Space")  # focus is on Roll
    expect(history.locator("li")).to_have_count(1)
    expect(panel.locator('[data-hotseat="die"]')).to_have_attribute("data-roll", "6")
    panel.get_by_role("heading", name="Play with real dice").click()  # focus off any button: Space still rolls
    expect(panel.locator('[data-hotseat="turn"]')).to_have_text("Bo's turn: press Roll or Space.")
    app.page.keyboard.press("Space")
    expect(history.locator("li")).to_have_count(2)
    panel.get_by_role("button", name="Roll").click()
    expect(history.locator("li")).to_have_count(3)
    panel.get_by_role("button", name="Roll").click()
    expect(panel).to_have_attribute("data-state", "won")
    expect(panel.locator('[data-hotseat="winner"]')).to_have_text("Bo wins in round 2!")  # turn 4 of two players
    assert history.locator("li").all_text_contents() == [
        "Turn 4, Bo: rolled 6 → square 9 and wins",
        "Turn 3, Ana: rolled 5, too far: stays on square 7",
        "Turn 2, Bo: rolled 2 → square 3",
        "Turn 1, Ana: rolled 6 → square 7",
    ]
    tokens = app.page.locator(".token.player")
    expect(tokens.nth(0)).to_have_attribute("data-square", "7")
    expect(tokens.nth(1)).to_have_attribute("data-square", "9")
    expect(panel.get_by_role("button", name="Roll")).to_be_disabled()


def test_hot_seat_with_a_computer_player_and_a_ladder(open_app: Callable[..., AppPage]) -> None:
    app = open_app(navigate=False, warm=True)
    # Ana 1 (1 -> 2, ladder to 8), the computer 1 (1 -> 2 -> 8), Ana 1 (8 -> 9) wins.
    app.page.add_init_script(dice_script([1, 1, 1]))
    app.goto("#n=3&j=2-8")
    app.wait_ready()
    app.workspace("play")
    panel = app.page.get_by_role("region", name="Play with real dice")
    panel.get_by_label("Player 1 name").click()
    panel.get_by_label("Player 1 name").fill("Ana")
    panel.get_by_label("Player 2 name").fill("Robot")
    panel.get_by_label("Computer").nth(1).check()
    panel.get_by_role("button", name="Start game").click()
    panel.get_by_role("button", name="Roll").click()  # the computer rolls by itself after this
    history = panel.get_by_role("list", name="Turns of the game, newest first")
    expect(history.locator("li")).to_have_count(2)
    expect(history.locator("li").first).to_have_text("Turn 2, Robot: rolled 1 → square 2, ladder to 8")
    expect(panel.locator('[data-hotseat="turn"]')).to_have_text("Ana's turn: press Roll or Space.")
    panel.get_by_role("button", name="Roll").click()
    expect(panel.locator('[data-hotseat="winner"]')).to_have_text("Ana wins in round 2!")
    app.button("Clear board").click()  # an edit ends a finished game's display (Clear board is in Design)
    app.workspace("play")
    expect(panel).to_have_attribute("data-state", "setup")
