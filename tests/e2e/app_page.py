"""AppPage: the page-object controller the browser tests drive the app through.

Every locator is role-based where the page gives a role (the board grid and its cells, buttons,
labelled inputs, the status and alert regions); the few elements without one (the token, the
engine status line, the matrix panel, the share link) are found by the ids and classes the test
contract names. Waiting is only ever on state the page exposes, through ``expect``.

The page shows one workspace at a time (Design, Solve & understand, Practice, Play: web/core/workspaces.mjs).
Every helper that works a control first goes to a workspace that shows it (``reveal``), as a visitor
would: ``button("Analyze")`` goes to Solve, ``resize`` to Design, ``rule("Seed")`` to Play. Only Design's
board can be changed, by the tool chosen on the board's bar: ``drag`` and ``select`` go to Design and choose
Jumps (``tool``); a test that clicks squares itself to edit does the same first.
"""

from __future__ import annotations

import io
import json
import re
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from playwright.sync_api import Locator, Page, expect
from snakes_ladders.board import Board
from snakes_ladders.game import Game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

# A cold Pyodide start is a few seconds, but busy cores stretch it (24 s seen at a load of 10 on
# two cores); the app itself gives up on a silent worker after 90 s.
PYTHON_TIMEOUT_MS = 90_000
# Everything else the page does is quick; a normal-speed replay of a short game takes seconds.
ANIMATION_TIMEOUT_MS = 30_000

MOVE_ITEM = re.compile(r"^Move (\d+): roll ([1-6]) → square (\d+)(?:, (ladder|snake) to (\d+))?$")
JUMP_NAME = re.compile(r"^Square \d+, \w+ to \d+(,|$)")
WORKSPACES = ("design", "solve", "practice", "play")


def wait_for_async(page: Page, predicate: str, arg: object = None, *, timeout_ms: float = 60_000) -> None:
    """Wait until the page's async ``predicate(arg)`` (JavaScript source) resolves to something truthy.

    ``page.wait_for_function`` takes a predicate's promise for its answer, and a promise is truthy, so
    it would return at once: this polls inside the page instead, every 100 ms, and fails with the
    predicate's source when ``timeout_ms`` passes first.
    """
    source = f"""async (arg) => {{
  const predicate = {predicate};
  const deadline = performance.now() + {float(timeout_ms)};
  while (!(await predicate(arg))) {{
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }}
  return true;
}}"""
    assert page.evaluate(source, arg), f"not true within {timeout_ms / 1000:g} s: {predicate}"


def load_fixture(name: str) -> dict[str, Any]:
    """One tests/fixtures/*.json board: name, description, board, moves (and optional extras)."""
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def fixture_names() -> list[str]:
    return sorted(path.stem for path in FIXTURES.glob("*.json"))


def jumps_of(rows: list[list[int]]) -> dict[int, int]:
    """The jumps of a LeetCode matrix, ``{start: end}``, numbered by the project's own Board.

    A jump on square 1 is allowed: boards for the classic start (off the board) hold one.
    """
    return Board.from_matrix(rows, allow_start_jump=True).jumps


def win_words(name: str, game: Game) -> str:
    """What the page says of ``game``'s win, without the end mark: the winner's round (every player takes a
    turn a round) and, when a 6 rolled again, the winner's own rolls; one player: turns (and rolls)."""
    assert game.winner is not None
    number = game.turns[-1].number
    rolls = sum(turn.player == game.winner for turn in game.turns)
    round_ = (number - 1) // game.players + 1
    if game.players == 1:
        turns = f"{round_} turn{'s' if round_ != 1 else ''}"
        return f"{name} wins after {turns}" + ("" if rolls == round_ else f" ({rolls} rolls)")
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(rolls % 10, "th") if rolls % 100 // 10 != 1 else "th"
    return f"{name} wins in round {round_}" + ("" if rolls == round_ else f", on {name}'s {rolls}{suffix} roll")


def jump_word(start: int, end: int) -> str:
    return "ladder" if end > start else "snake" if end < start else "jump"


@dataclass(frozen=True)
class MoveItem:
    number: int
    roll: int
    landing: int
    jump: str | None
    end: int


@dataclass(frozen=True)
class MemoryReading:
    """What Measure Python memory shows: objects tracked by the collector, and the size of the
    WebAssembly memory Python lives in (it only grows, so a leak shows as growth)."""

    objects: int
    heap_bytes: int


def parse_move(text: str) -> MoveItem:
    """Read one move-list item such as ``Move 1: roll 1 → square 2, ladder to 15``."""
    match = MOVE_ITEM.match(text)
    assert match, f"move list item {text!r} is not of the form 'Move K: roll R → square S[, ladder|snake to E]'"
    number, roll, landing, jump, end = match.groups()
    return MoveItem(int(number), int(roll), int(landing), jump, int(end) if end else int(landing))


class AppPage:
    """The snakes-and-ladders designer in one browser page."""

    def __init__(self, page: Page, base_url: str, close: Callable[[], None] | None = None) -> None:
        self.page = page
        self.base_url = base_url
        self._close = close or page.context.close
        self.board = page.get_by_role("grid", name="Game board")
        self.squares = self.board.get_by_role("gridcell")
        self.jump_squares = self.board.get_by_role("gridcell", name=JUMP_NAME)
        self.result = page.get_by_role("status")
        self.message = page.get_by_role("alert")
        self.engine = page.locator("#engine")
        self.token = page.locator(".token")
        self.matrix = page.locator("#matrix")
        # Counted whatever the workspace: a hidden list must not pass "no moves" for want of being shown.
        self.moves = page.get_by_role("list", name="Moves", include_hidden=True).get_by_role(
            "listitem", include_hidden=True
        )
        self.share_link = page.locator("#share-link")
        self.build_info = page.locator("#build-info")
        self.memory = page.locator("#memory")

    # --- workspaces -------------------------------------------------------------------

    @property
    def workspace_nav(self) -> Locator:
        return self.page.get_by_role("navigation", name="Workspaces")

    def workspace_link(self, name: str) -> Locator:
        return self.workspace_nav.locator(f'a[data-workspace="{name}"]')

    def current_workspace(self) -> str | None:
        return self.page.locator("body").get_attribute("data-workspace")

    def workspace(self, name: str) -> AppPage:
        """Go to workspace ``name`` by its link at the top of the page, as a visitor does, unless it shows."""
        assert name in WORKSPACES, name
        if self.current_workspace() != name:
            self.workspace_link(name).click()
        expect(self.page.locator("body")).to_have_attribute("data-workspace", name)
        expect(self.workspace_link(name)).to_have_attribute("aria-current", "page")
        return self

    def reveal(self, locator: Locator) -> Locator:
        """Go to a workspace that shows ``locator`` (an element of a panel with data-workspaces), unless
        the current one does or the element is the board's own; returns ``locator``. Elements that do not
        exist yet are left as they are (the expectation on them waits)."""
        places = locator.evaluate_all(
            "elements => elements.map(e => e.closest('[data-workspaces]')?.dataset.workspaces.split(' ') ?? null)"
        )
        if places and all(place is not None for place in places):
            current = self.current_workspace()
            if not any(current in place for place in places):
                self.workspace(places[0][0])
        return locator

    @property
    def size(self) -> Locator:
        return self.reveal(self.page.get_by_label("Board size"))

    @property
    def presets(self) -> Locator:
        self.reveal(self.page.get_by_role("combobox", name="Preset", include_hidden=True))
        return self.page.get_by_role("combobox", name="Preset")

    @property
    def board_json(self) -> Locator:
        return self.reveal(self.page.get_by_label("Board JSON"))

    # --- navigation -------------------------------------------------------------------

    def goto(self, fragment: str = "") -> AppPage:
        """Open the app (``fragment`` is a ``#...`` share-link hash) and wait until the board is set up."""
        self.page.goto(self.base_url + fragment)
        return self.wait_interactive()

    def open_url(self, url: str) -> AppPage:
        self.page.goto(url)
        return self.wait_interactive()

    def reload(self) -> AppPage:
        """Reload once the board on screen is in the address and the saved copy (a burst of edits is
        written at its end), as a visitor's reload a moment later would find it."""
        expect(self.page.locator("body")).not_to_have_attribute("data-saved", "pending")
        self.page.reload()
        return self.wait_interactive()

    def close(self) -> None:
        """Leave: close this visitor's browser context."""
        self._close()

    def wait_interactive(self) -> AppPage:
        # main.mjs marks the body once the start-up board (link, saved copy or first preset) is shown.
        expect(self.page.locator("body")).to_have_attribute("data-ready", "true")
        expect(self.squares.first).to_be_visible()
        return self

    def wait_ready(self) -> AppPage:
        """Wait for Python: the engine line says ready (and never error)."""
        expect(self.engine).to_have_attribute("data-engine", re.compile("^(ready|error)$"), timeout=PYTHON_TIMEOUT_MS)
        expect(self.engine, "the Python engine failed to start").to_have_attribute("data-engine", "ready")
        return self

    def expect_engine_error(self, pattern: str | re.Pattern[str], timeout: float = PYTHON_TIMEOUT_MS) -> None:
        """Python failed to start, and the engine line says why (``pattern``) and offers Retry."""
        expect(self.engine).to_have_attribute("data-engine", "error", timeout=timeout)
        expect(self.engine).to_contain_text(pattern)
        expect(self.button("Retry")).to_be_visible()

    # --- engine diagnostics -----------------------------------------------------------

    def build_id(self) -> str:
        """The build id the footer's Engine diagnostics shows (``Build <id>, Pyodide <version>.``)."""
        expect(self.build_info).to_contain_text(re.compile(r"^Build \S+,"))
        match = re.match(r"^Build (\S+),", self.build_info.text_content() or "")
        assert match, self.build_info.text_content()
        return match.group(1)

    def measure_memory(self) -> MemoryReading:
        """Press Measure Python memory in Engine diagnostics and read what it shows."""
        diagnostics = self.page.locator("details", has=self.memory)
        if diagnostics.get_attribute("open") is None:
            diagnostics.locator("summary").click()
        # The last reading stays on screen: clear it, so the wait is for this one.
        self.memory.evaluate("element => { element.textContent = ''; delete element.dataset.objects; }")
        self.button("Measure Python memory").click()
        expect(self.memory).to_have_attribute("data-objects", re.compile(r"^\d+$"), timeout=PYTHON_TIMEOUT_MS)
        expect(self.memory).to_have_text(re.compile(r"^\d+ Python objects, \d+ KiB of WebAssembly memory$"))
        objects, kib = map(int, re.findall(r"\d+", self.memory.text_content() or ""))
        assert self.memory.get_attribute("data-objects") == str(objects)
        heap_bytes = int(self.memory.get_attribute("data-heap-bytes") or "-1")
        assert round(heap_bytes / 1024) == kib
        return MemoryReading(objects, heap_bytes)

    # --- the board --------------------------------------------------------------------

    def square(self, number: int) -> Locator:
        """Square ``number``; anchored so that square 1 does not also find squares 10 to 19."""
        return self.board.get_by_role("gridcell", name=re.compile(rf"^Square {number}(,|$)"))

    def square_number(self, number: int) -> Locator:
        """The number drawn on square ``number`` (in the board's numbers layer, above the drawing)."""
        return self.page.locator(f'#board .numbers .square-number:text-is("{number}")')

    def exported_svg(self) -> ElementTree.Element:
        """Export → SVG image, downloaded and parsed (raises on a file an XML parser cannot read)."""
        self.page.get_by_text("Export", exact=True).click()
        with self.page.expect_download() as info:
            self.button("SVG image").click()
        path = info.value.path()
        assert path is not None
        return ElementTree.fromstring(Path(path).read_bytes())

    def button(self, name: str) -> Locator:
        """The button named ``name``, in a workspace that shows it (``reveal``)."""
        self.reveal(self.page.get_by_role("button", name=name, exact=True, include_hidden=True))
        return self.page.get_by_role("button", name=name, exact=True)

    def _centre(self, number: int) -> tuple[float, float]:
        box = self.square(number).bounding_box()
        assert box is not None, f"square {number} is not on screen"
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def tool(self, name: str) -> Locator:
        """Choose the board's tool ``name`` ("Jumps", "Words" or "Pan") on its bar, in Design (the only
        workspace whose board can be changed): a mouse starts with Jumps, a touch screen with Pan."""
        self.workspace("design")
        button = self.page.get_by_role("group", name="Board tool").get_by_role("button", name=name, exact=True)
        if button.get_attribute("aria-pressed") != "true":
            button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        return button

    def drag(self, start: int, end: int) -> None:
        """With Jumps in Design, press the mouse on ``start``, move across the board to ``end`` and release there."""
        self.tool("Jumps")
        self.mouse_drag(start, end)

    def mouse_drag(self, start: int, end: int) -> None:
        """Press the mouse on ``start``, move across the board to ``end`` and release there, in the workspace
        and with the tool the page has now."""
        mouse = self.page.mouse
        mouse.move(*self._centre(start))
        mouse.down()
        mouse.move(*self._centre(end), steps=8)
        mouse.up()

    def touch(self, *paths: list[tuple[float, float]]) -> None:
        """Real touch input, as a touch screen sends it (the browser's own gesture handling: scrolling,
        touch-action, pointercancel): one finger per path, put down at its first point, moved through the
        rest together, held still, then lifted. Playwright's touchscreen only taps.

        The events carry timestamps 16 ms apart and a hold of 300 ms at the end, all in the past: a finger
        lifted while moving would fling the page on after the test has read where it stopped."""
        cdp = self.page.context.new_cdp_session(self.page)
        steps = len(paths[0])
        start = time.time() - 1 - steps * 0.016

        def send(kind: str, step: int, at: float) -> None:
            fingers = [] if kind == "touchEnd" else [(i + 1, path[step]) for i, path in enumerate(paths)]
            points = [{"x": x, "y": y, "id": finger} for finger, (x, y) in fingers]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points, "timestamp": at})

        for step in range(steps):
            send("touchStart" if step == 0 else "touchMove", step, start + step * 0.016)
        held = start + steps * 0.016 + 0.3
        send("touchMove", steps - 1, held)
        send("touchEnd", steps - 1, held + 0.01)
        cdp.detach()

    def swipe(self, start: int, end: int, steps: int = 12) -> None:
        """One finger from the centre of square ``start`` to that of square ``end``, in ``steps`` moves."""
        (x0, y0), (x1, y1) = self._centre(start), self._centre(end)
        self.touch([(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps) for i in range(steps + 1)])

    def select(self, start: int, end: int) -> None:
        """The non-drag way, with Jumps in Design: click the start square, then the end square."""
        self.tool("Jumps")
        self.square(start).click()
        self.square(end).click()

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)

    def clear(self) -> None:
        self.button("Clear board").click()
        expect(self.jump_squares).to_have_count(0)

    def resize(self, n: int | str) -> None:
        self.size.fill(str(n))
        self.size.press("Enter")

    def load_json(self, text: str) -> None:
        """Paste ``text`` into Board JSON and press Load board; Python checks it, so wait for Python."""
        self.board_json.fill(text)
        self.button("Load board").click()
        self.wait_ready()

    def load_preset(self, title: str) -> None:
        self.presets.select_option(label=title)

    def matrix_rows(self) -> list[list[int]]:
        """The LeetCode matrix panel, read back as a list of rows."""
        text = self.matrix.text_content() or ""
        return json.loads(re.sub(r"^\s*board\s*=", "", text))

    # --- solving ----------------------------------------------------------------------

    def solve(self) -> None:
        """Press Solve, in Solve & understand."""
        self.workspace("solve")
        self.button("Solve").click()

    def move_items(self) -> list[MoveItem]:
        return [parse_move(text) for text in self.moves.all_text_contents()]

    # --- expectations -----------------------------------------------------------------

    def expect_jump(self, start: int, end: int) -> None:
        """Square ``start`` holds a ladder or snake to ``end``, as its accessible name says."""
        name = re.compile(rf"^Square {start}, {jump_word(start, end)} to {end}(,|$)")
        expect(self.square(start)).to_have_accessible_name(name)

    def expect_no_jump(self, square: int) -> None:
        expect(self.square(square)).not_to_have_accessible_name(re.compile(rf"^Square {square}, \w+ to \d+"))

    def expect_board(self, rows: list[list[int]]) -> None:
        """The page shows exactly this LeetCode matrix: every square, every jump, and the matrix panel."""
        n = len(rows)
        jumps = jumps_of(rows)
        expect(self.squares).to_have_count(n * n)
        expect(self.square(n * n)).to_have_accessible_name(re.compile(rf"^Square {n * n}\b.*\bgoal\b"))
        for start, end in jumps.items():
            self.expect_jump(start, end)
        expect(self.jump_squares).to_have_count(len(jumps))
        assert self.matrix_rows() == rows

    def expect_message(self, pattern: str | re.Pattern[str]) -> None:
        expect(self.message).to_contain_text(pattern)

    def expect_moves(self, moves: int) -> None:
        """The status line gives the answer; it may first wait for Python to start."""
        self.workspace("solve")
        expect(self.result).to_have_text(re.compile(rf"Minimum moves: {moves}(?!\d)"), timeout=PYTHON_TIMEOUT_MS)
        expect(self.moves).to_have_count(moves)

    def expect_unreachable(self) -> None:
        self.workspace("solve")
        expect(self.result).to_contain_text("Unreachable", timeout=PYTHON_TIMEOUT_MS)
        expect(self.moves).to_have_count(0)

    def expect_answer(self, moves: int) -> None:
        """LeetCode's answer: ``moves`` moves, or -1 for a board whose last square cannot be reached."""
        if moves == -1:
            self.expect_unreachable()
        else:
            self.expect_moves(moves)

    def expect_no_result(self) -> None:
        """No answer is shown: the status line invites a new solve and no moves are listed."""
        self.workspace("solve")
        expect(self.result).not_to_contain_text(re.compile("Minimum moves|Unreachable"))
        expect(self.moves).to_have_count(0)
        expect(self.token).to_be_hidden()

    def expect_token_on(self, square: int, timeout: float | None = None) -> None:
        expect(self.token).to_have_attribute("data-square", str(square), timeout=timeout)

    def skip_animation(self) -> None:
        """Press Skip to end if the solve's route is still playing; then it is done (data-animation)."""
        playback = self.page.locator("#playback")
        expect(playback).to_have_attribute("data-animation", re.compile("^(playing|paused|done)$"))
        # Checked and pressed in one step in the page: a short route can end between a check from here and
        # the click, which would then wait forever on a button disabled for good.
        self.button("Skip to end").evaluate("(button) => { if (!button.disabled) button.click(); }")
        expect(playback).to_have_attribute("data-animation", "done")

    # --- random play, the search explained and play mode (test_e2e_random_play) --------

    def rule(self, label: str) -> Locator:
        """A control by its exact label: "Start", "Past the goal", "Players" (Rules for a real die), "Seed"
        (Seeded replay), in a workspace that shows it."""
        return self.reveal(self.page.get_by_label(label, exact=True))

    def set_number(self, label: str, value: int) -> None:
        """Type a number into a labelled input and commit it (Enter fires its change event)."""
        field = self.rule(label)
        field.fill(str(value))
        field.press("Enter")

    @property
    def random_play(self) -> Locator:
        """The Random play panel (analysis), in Solve & understand."""
        self.workspace("solve")
        return self.page.get_by_role("region", name="Random play")

    @property
    def analysis_summary(self) -> Locator:
        return self.page.locator("#analysis-summary")

    @property
    def whatif(self) -> Locator:
        return self.page.locator("#whatif")

    @property
    def figures(self) -> Locator:
        return self.reveal(self.page.locator("#figures"))

    @property
    def remove_button(self) -> Locator:
        """The selected square's Remove button (Board settings, in Design)."""
        self.reveal(self.page.locator("#inspector"))
        return self.page.get_by_role("button", name="Remove", exact=True)

    @property
    def length_chart(self) -> Locator:
        """The game-length chart: an SVG of role img inside the Random play panel."""
        return self.random_play.get_by_role("img")

    @property
    def jump_table(self) -> Locator:
        self.workspace("solve")
        return self.page.get_by_role("table", name="Chance that each snake and ladder is used in a game")

    @property
    def layer_text(self) -> Locator:
        return self.page.locator("#layer-text")

    @property
    def turns(self) -> Locator:
        """The turns of play mode listed so far (turns not yet played are hidden, so not counted), in Play."""
        self.workspace("play")
        return self.page.get_by_role("list", name="Turns").get_by_role("listitem")

    @property
    def winner(self) -> Locator:
        return self.page.locator("#winner")

    @property
    def player_tokens(self) -> Locator:
        return self.page.locator(".token.player")

    def player_token(self, number: int) -> Locator:
        return self.page.locator(f".token.player-{number}")

    def analyze(self) -> None:
        self.button("Analyze").click()

    def figure_values(self) -> dict[str, str]:
        """The figures list of the analysis, term -> value, in page order."""
        pairs = self.figures.evaluate(
            "dl => [...dl.querySelectorAll('dt')]"
            ".map(dt => [dt.textContent, dt.nextElementSibling?.textContent ?? null])"
        )
        return dict(pairs)

    def jump_use(self) -> dict[str, str]:
        """The jump table, "Ladder 1 → 38" -> "16.7%"."""
        rows = self.jump_table.locator("tbody tr").evaluate_all(
            "rows => rows.map(row => [...row.cells].map(cell => cell.textContent))"
        )
        return dict(rows)

    def square_states(self) -> dict[int, dict[str, Any]]:
        """Every square's marks in one read: its classes, its data-label, its --heat and its accessible name."""
        states = self.squares.evaluate_all(
            """cells => cells.map(cell => [Number(cell.dataset.square), {
                classes: [...cell.classList],
                label: cell.dataset.label ?? null,
                heat: cell.style.getPropertyValue('--heat') || null,
                name: cell.getAttribute('aria-label'),
            }])"""
        )
        return dict(states)

    def squares_with_class(self, name: str) -> set[int]:
        return {square for square, state in self.square_states().items() if name in state["classes"]}

    def expect_board_with_start_jump(self, rows: list[list[int]]) -> None:
        """Like expect_board, for a board of the classic rules, whose square 1 may hold a ladder."""
        jumps = Board.from_matrix(rows, allow_start_jump=True).jumps
        n = len(rows)
        expect(self.squares).to_have_count(n * n)
        for start, end in jumps.items():
            self.expect_jump(start, end)
        expect(self.jump_squares).to_have_count(len(jumps))
        assert self.matrix_rows() == rows


def serve_patched_package(app: AppPage, module: str, addition: bytes) -> None:
    """Make ``app``'s context serve the real package with ``addition`` appended to ``module`` (a path
    in the zip such as ``snakes_ladders/solver/solution.py``): a fault put into Python before the page loads.

    The memory snapshot holds the real package, already imported, so a worker restored from it would
    not see the patch: the snapshot is served unrestorable, and every worker starts plainly from the
    patched zip (the fallback is the app's own, and is only logged as information).
    """
    import serve  # the repository root is on sys.path (tests/e2e/conftest.py)

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(serve.package_zip())) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            target.writestr(item, data + addition if item.filename == module else data)
    package = out.getvalue()
    context = app.page.context
    context.route(
        re.compile(r".*/py/snakes_ladders\.zip$"),
        lambda route: route.fulfill(status=200, body=package, headers={"Content-Type": "application/zip"}),
    )
    context.route(
        re.compile(r".*/py/snapshot-[^/]*\.bin\.gz$"),
        lambda route: route.fulfill(
            status=200, body=b"not a snapshot", headers={"Content-Type": "application/octet-stream"}
        ),
    )
