"""Small things in the browser: the Practice editor's contrast in every theme, the PNG at print
resolution, the Show switches, resizing that keeps each jump's place, and the classic preset's Solve."""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from app_page import AppPage
from playwright.sync_api import expect
from practice_solutions import BFS
from snakes_ladders.board.rules import Rules
from snakes_ladders.solver.solution import solve
from test_e2e_designer import Generate, Library
from test_e2e_practice import Practice

pytestmark = pytest.mark.e2e

# Every element of the editor that holds text directly (a token's span, a line's plain text, a line
# number), its computed colour against what is painted under it: its own background or, where that is
# transparent, the nearest ancestor's (crossing the shadow root to its host), semi-transparent layers
# composited over it. WCAG's relative luminance and contrast ratio.
EDITOR_CONTRAST = """() => {
  const host = document.querySelector('[data-practice="editor"]');
  const rgba = (text) => {
    const v = text.match(/[\\d.]+/g).map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const under = (node) => {
    const layers = [];
    for (let el = node; el; el = el.parentElement ?? el.getRootNode().host ?? null) {
      const back = rgba(getComputedStyle(el).backgroundColor);
      if (back[3] > 0) layers.push(back);
      if (back[3] === 1) break;
    }
    let colour = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) colour = [r * a + colour[0] * (1 - a), g * a + colour[1] * (1 - a), b * a + colour[2] * (1 - a)];
    return colour;
  };
  const seen = [];
  const all = host.shadowRoot.querySelectorAll(".cm-line, .cm-line *, .cm-gutterElement");
  for (const el of all) {
    const own = [...el.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim());
    if (!own) continue;
    const style = getComputedStyle(el);
    const text = [...el.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent).join("").trim();
    seen.push({ text, cls: el.className, colour: style.color, ratio: ratio(rgba(style.color), under(el)) });
  }
  return seen;
}"""


def open_practice(app: AppPage) -> Practice:
    """The Practice workspace, its editor loaded (it opens by itself there; the button is for the page
    without workspaces)."""
    practice = Practice(app)
    workspace = app.page.locator('a[data-workspace="practice"]')
    if workspace.count():
        workspace.click()
    opener = practice.panel.get_by_role("button", name="Open practice")
    if opener.is_visible():
        opener.click()
    expect(practice.editor).to_be_visible()
    expect(practice.panel).to_have_attribute("data-state", "idle")
    return practice


THEMES = [("auto", "light"), ("auto", "dark"), ("light", "dark"), ("dark", "light"), ("contrast", "dark")]


def test_practice_editor_text_and_tokens_have_contrast_in_every_theme(app: AppPage, subtests: pytest.Subtests) -> None:
    """The editor's text, each syntax token and the line numbers reach 4.5:1 against the background
    painted under them, in each theme and under each system setting (System follows the dark one)."""
    practice = open_practice(app)
    practice.editor.click()  # the first line is the active line: its background is measured too
    for theme, scheme in THEMES:
        with subtests.test(msg=f"theme {theme}, system {scheme}"):
            app.page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            app.page.get_by_label("Theme").select_option(theme)
            seen = app.page.evaluate(EDITOR_CONTRAST)
            # The template's class, def, return, a comment, numbers and names are all there to measure.
            kinds = {item["cls"] for item in seen}
            assert len(seen) >= 20 and len(kinds) >= 5, kinds
            low = [f"{item['text']!r} ({item['cls']}, {item['colour']}): {item['ratio']:.2f}" for item in seen]
            assert [line for line, item in zip(low, seen, strict=True) if item["ratio"] < 4.5] == []


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_png_export_is_print_resolution_with_its_density(app: AppPage) -> None:
    """The PNG is 3000 pixels a side (a 6×6 board's was 800, a 10×10's 800 too) and says 300 dpi, so it
    prints 10 inches wide."""
    app.page.get_by_text("Export", exact=True).click()
    with app.page.expect_download() as info:
        app.button("PNG image").click()
    path = info.value.path()
    assert path is not None
    data = Path(path).read_bytes()
    width, height = png_size(data)
    assert width == height and width >= 2000
    chunk = data[33:54]
    assert chunk[4:8] == b"pHYs", chunk
    per_metre_x, per_metre_y, unit = struct.unpack(">IIB", chunk[8:17])
    assert unit == 1 and per_metre_x == per_metre_y and round(per_metre_x * 0.0254) == 300
    assert struct.unpack(">I", chunk[17:21])[0] == zlib.crc32(chunk[4:17])
    # Everything after it still decodes: the pixel data is whole (zlib's check of every IDAT together).
    idat, at = b"", 8
    while at < len(data):
        length = struct.unpack(">I", data[at : at + 4])[0]
        if data[at + 4 : at + 8] == b"IDAT":
            idat += data[at + 8 : at + 8 + length]
        at += 12 + length
    assert len(zlib.decompress(idat)) == height * (1 + width * 4)


def layer_switches(app: AppPage) -> dict[str, tuple[bool, bool]]:
    """Each Show switch's label: (enabled, checked)."""
    return app.page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.layers label')].map((label) => {
          const input = label.querySelector('input');
          return [label.textContent.trim(), [!input.disabled, input.checked]];
        }))"""
    )


def test_show_switches_wait_for_something_to_show(app: AppPage) -> None:
    """Before anything is drawn the switches are off and disabled; a solve's path turns Path on."""
    off = (False, False)
    assert layer_switches(app) == {"Path": list(off), "Search": list(off), "Game tokens": list(off)}
    app.wait_ready()
    app.solve()
    app.expect_answer(4)
    expect(app.page.get_by_label("Path", exact=True)).to_be_checked()
    assert layer_switches(app) == {"Path": [True, True], "Search": list(off), "Game tokens": list(off)}
    app.tool("Jumps")  # the board is changed in Design
    app.square(10).click()
    app.square(20).click()  # an edit clears the path: the switch waits again
    expect(app.page.get_by_label("Path", exact=True)).to_be_disabled()


def test_resize_keeps_each_jump_on_its_cell_and_says_what_moved(app: AppPage) -> None:
    """LeetCode's example 1 made 8×8: each jump keeps its (row, column) from the bottom-left, so square
    2's ladder to 15 becomes 2 to 19 (15 was row 3, column 3 of the 6×6); the status says so."""
    app.resize(8)
    app.expect_jump(2, 19)
    app.expect_message(re.compile(r"Board is now 8×8\. Kept in place with new numbers \(3\): 2→15 is now 2→19"))


CLASSIC_RULES = "Classic 10×10, classic rules (ladder on 1)"


def test_classic_rules_preset_is_edited_and_solved_under_its_rules(app: AppPage) -> None:
    """The preset's rules start off the board, so square 1 holds a ladder: Python's check after an edit
    takes the rules too (it used to put the last valid board back), and Solve answers under those rules,
    from off the board, instead of a red error about square 1."""
    app.goto("#design")
    app.load_preset(CLASSIC_RULES)
    app.wait_ready()
    app.square(1).click()
    app.square(4).click()  # 1→4 ends on square 4's ladder: Python's check flags it when it accepts the board
    expect(app.square(1)).to_have_accessible_name(
        re.compile(r"^Square 1, ladder to 4, start, ends on another jump's start")
    )
    app.expect_jump(1, 4)
    rows = app.matrix_rows()
    app.page.locator('a[data-workspace="solve"]').click()
    app.solve()
    expected = solve(rows, rules=Rules(start="off-board")).moves
    expect(app.result).to_have_text(f"Minimum moves: {expected}")
    expect(app.page.locator("#solve-rules")).to_contain_text("The moves count from off the board")
    expect(app.result).not_to_have_attribute("data-kind", "error")


def test_my_boards_counts_a_classic_board_under_its_rules(app: AppPage) -> None:
    """My boards shows the least moves Solve gives, under the board's own rules, and names the classic
    start; the stored figure says which start it was counted from. (It used to ask under LeetCode's rules,
    which refuse the preset's ladder on square 1, so the line said "least moves —" for good.)"""
    app.goto("#design")
    app.load_preset(CLASSIC_RULES)
    app.wait_ready()
    expected = solve(app.matrix_rows(), rules=Rules(start="off-board")).moves
    lib = Library(app).ready()
    lib.save("Classic")
    expect(lib.items.first.locator(".library-meta")).to_have_text(f"10×10 · least moves from off the board: {expected}")
    assert [(e["moves"], e["movesStart"]) for e in lib.stored()] == [(expected, "off-board")]
    # The Generate dialog's least moves are LeetCode's count whatever the start: it says so under this one.
    rules_line = Generate(app).open().dialog.locator('[data-generate="rules"]')
    expect(rules_line).to_contain_text("Least moves here are LeetCode's count, from square 1; Solve and My boards")
    app.page.keyboard.press("Escape")
    app.page.locator('a[data-workspace="solve"]').click()
    app.solve()
    expect(app.result).to_have_text(f"Minimum moves: {expected}")


def test_player_key_names_the_players_of_a_hot_seat_game(app: AppPage) -> None:
    """Named players are named in the key of player colours, each swatch in the colour chosen."""
    app.wait_ready()  # the panel's module loads on first use, as start_hot_seat (test_e2e_designer) waits
    app.page.locator('a[data-workspace="play"]').click()
    panel = app.page.get_by_role("region", name="Play with real dice")
    panel.get_by_label("Number of players").select_option("2")
    for index, name in enumerate(["Ana", "Bo"]):
        panel.get_by_label(f"Player {index + 1} name").fill(name)
    panel.get_by_role("button", name="Start game").click()
    expect(panel).to_have_attribute("data-state", "playing")
    colours = panel.locator('[data-hotseat="colour"]').evaluate_all("inputs => inputs.map((i) => i.value)")
    key = app.page.get_by_role("list", name="Player colours")
    expect(key.get_by_role("listitem")).to_have_text(["Ana", "Bo"])
    swatches = key.locator(".swatch").evaluate_all("spans => spans.map((s) => getComputedStyle(s).backgroundColor)")
    chosen = [f"rgb({int(c[1:3], 16)}, {int(c[3:5], 16)}, {int(c[5:7], 16)})" for c in colours[:2]]
    assert swatches == chosen


# Each cell of the failing boards (the squares and the LeetCode matrix) is either inside the phone's
# width or inside a box that scrolls sideways and is itself inside the width; the page never scrolls
# sideways. The list of cells that are neither.
CLIPPED_CELLS = """() => {
  const width = document.documentElement.clientWidth;
  const inside = (box) => box.left >= -0.5 && box.right <= width + 0.5;
  const scroller = (cell) => {
    for (let el = cell.parentElement; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth) return el;
    }
    return null;
  };
  const bad = [];
  for (const cell of document.querySelectorAll('[data-practice="failure"] .practice-board td')) {
    if (inside(cell.getBoundingClientRect())) continue;
    const box = scroller(cell);
    if (!box || !inside(box.getBoundingClientRect())) bad.push(cell.textContent);
  }
  if (document.documentElement.scrollWidth > width) bad.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return bad;
}"""


def test_failing_board_is_not_clipped_on_a_phone(open_app: Callable[..., AppPage]) -> None:
    """At 390 px a 10×10 failing board and its matrix are whole on screen or scroll in a box of their own."""
    app = open_app("#practice", phone=True)
    practice = open_practice(app)
    wrong = BFS.replace(
        "        n = len(board)\n", "        n = len(board)\n        if n >= 10:\n            return -2\n", 1
    )
    assert wrong != BFS
    practice.write(wrong)
    practice.run()
    practice.wait_done("failed")
    expect(practice.board).to_be_visible()
    assert practice.board.locator("tr").count() >= 10
    assert app.page.evaluate(CLIPPED_CELLS) == []
