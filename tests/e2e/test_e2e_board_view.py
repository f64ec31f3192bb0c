"""The board as a picture: the token stands on the square it names at every size and during its
animation, the playback controls, the snakes and ladders drawing, export, print, themes and layers.

Positions are read from the page with getBoundingClientRect, so they check what is drawn, not what the
code meant to draw. The file is over 400 lines because each check carries the small in-page probe it
measures with (token centres, centre lines, hit tests, WCAG contrast); they share one set of helpers.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import pytest
from app_page import ANIMATION_TIMEOUT_MS, PYTHON_TIMEOUT_MS, AppPage, load_fixture
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

EXAMPLE_1 = load_fixture("leetcode_example_1")

# Records, for every change of the token's data-square and on every animation frame while it moves,
# where the token's drawn centre is against the square it names and against the board's squares.
WATCH_CENTRE = """() => {
  const token = document.querySelector(".token:not(.player)");
  const grid = document.querySelector("[role=grid]");
  const off = [];
  const outside = [];
  let frames = 0;
  const centre = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];
  const check = () => {
    const square = token.dataset.square;
    if (token.hidden || !square) return;
    const [x, y] = centre(token.getBoundingClientRect());
    const cell = grid.querySelector(`[data-square="${square}"]`).getBoundingClientRect();
    const [cx, cy] = centre(cell);
    if (Math.hypot(x - cx, y - cy) > 0.75) off.push({ square, dx: x - cx, dy: y - cy, size: cell.width });
  };
  const frame = () => {
    if (!token.hidden && token.dataset.square) {
      frames += 1;
      const [x, y] = centre(token.getBoundingClientRect());
      const box = grid.getBoundingClientRect();
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) outside.push([x, y]);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new MutationObserver(check).observe(token, { attributes: true, attributeFilter: ["data-square"] });
  window.__centre = () => { check(); return { off, outside, frames }; };
}"""


def open_empty(open_app: Callable[..., AppPage], n: int, motion: str = "reduce") -> AppPage:
    app = open_app(f"#n={n}", reduced_motion=motion)
    expect(app.squares).to_have_count(n * n)
    app.wait_ready()
    return app


@pytest.mark.parametrize("n", [10, 30, 49, 50])
def test_the_token_is_drawn_on_the_square_it_names(open_app: Callable[..., AppPage], n: int) -> None:
    """At every size the token's drawn centre is its square's centre, on every square it stops on
    (reduced motion: each landing and jump end) and after Skip to end, and never off the board."""
    app = open_empty(open_app, n)
    app.page.evaluate(WATCH_CENTRE)
    app.solve()
    expect(app.result).to_have_text(re.compile(r"Minimum moves: \d+"), timeout=PYTHON_TIMEOUT_MS)
    # A few squares at the reduced-motion pace, then the rest at once.
    expect(app.token).not_to_have_attribute("data-square", re.compile(r"^[1-7]$"), timeout=ANIMATION_TIMEOUT_MS)
    app.skip_animation()
    app.expect_token_on(n * n)
    seen = app.page.evaluate("() => window.__centre()")
    assert seen["off"] == [], f"the token was drawn away from its square: {seen['off'][:5]}"
    assert seen["outside"] == []


@pytest.mark.parametrize("n", [10, 50])
def test_the_tweened_token_stays_on_the_board_and_arrives_on_centre(open_app: Callable[..., AppPage], n: int) -> None:
    """With full motion the token glides between squares: on every frame its centre is over the
    board's squares, and each time it arrives (data-square changes) it is on that square's centre."""
    app = open_empty(open_app, n, motion="no-preference")
    app.page.evaluate(WATCH_CENTRE)
    app.solve()
    expect(app.result).to_have_text(re.compile(r"Minimum moves: \d+"), timeout=PYTHON_TIMEOUT_MS)
    expect(app.token).not_to_have_attribute("data-square", re.compile(r"^[1-9]$"), timeout=ANIMATION_TIMEOUT_MS)
    app.skip_animation()
    app.expect_token_on(n * n)
    seen = app.page.evaluate("() => window.__centre()")
    assert seen["frames"] > 5, seen["frames"]
    assert seen["outside"] == [], f"the token was drawn off the board: {seen['outside'][:5]}"
    assert seen["off"] == [], f"the token arrived away from its square: {seen['off'][:5]}"


# --- snakes and ladders you can tell apart -----------------------------------------------------------

CLASSIC_HASH = (
    "#n=10&j=4-14.9-31.16-6.21-42.28-84.36-44.48-26.49-11.51-67.56-53.62-19.64-60.71-91.80-100.87-24.93-73.95-75.98-78"
)
# Jumps that share a column (11→23 beside 14→35 on 6×6) and a chain along one column end to end.
COLUMN_HASH = "#n=6&j=2-15.14-35.17-13.11-23.26-14.22-10"

JUMP_SHAPES = """() => [...document.querySelectorAll(".overlay .jump")].map((jump) => ({
  start: Number(jump.dataset.start), end: Number(jump.dataset.end), kind: jump.getAttribute("class"),
  line: ["x1", "y1", "x2", "y2"].map((key) => Number(jump.dataset[key])),
  rails: [...jump.querySelectorAll(".rail")].reduce((sum, rails) => sum + (rails.getAttribute("d").match(/M/g) ?? []).length, 0), rungs: [...jump.querySelectorAll(".rung")].reduce((sum, rungs) => sum + (rungs.getAttribute("d").match(/M/g) ?? []).length, 0),
  heads: jump.querySelectorAll(".head").length, bodies: jump.querySelectorAll(".body").length,
}))"""


def shared_centre_lines(shapes: list[dict]) -> list[tuple[int, int]]:
    """Pairs of jumps whose centre lines lie on one line and overlap or touch: drawn on top of each other."""
    pairs = []
    for i, p in enumerate(shapes):
        for q in shapes[i + 1 :]:
            x1, y1, x2, y2 = p["line"]
            dx, dy = x2 - x1, y2 - y1
            length = (dx * dx + dy * dy) ** 0.5
            ends = [(q["line"][0], q["line"][1]), (q["line"][2], q["line"][3])]
            if any(abs((x - x1) * dy - (y - y1) * dx) / length > 0.05 for x, y in ends):
                continue  # not on one line
            along = sorted(((x - x1) * dx + (y - y1) * dy) / length for x, y in ends)
            if along[0] <= length + 0.05 and along[1] >= -0.05:
                pairs.append((p["start"], q["start"]))
    return pairs


def test_snakes_and_ladders_are_drawn_as_such_and_never_on_top_of_each_other(
    open_app: Callable[..., AppPage], subtests: pytest.Subtests
) -> None:
    app = open_app(CLASSIC_HASH)
    shapes = app.page.evaluate(JUMP_SHAPES)
    with subtests.test(msg="one picture per jump: ladders with two rails and rungs, snakes with a head and a body"):
        assert len(shapes) == 18
        for shape in shapes:
            if shape["end"] > shape["start"]:
                assert shape["kind"] == "jump ladder" and shape["rails"] == 2 and shape["rungs"] >= 2, shape
            else:
                assert shape["kind"] == "jump snake" and shape["heads"] == 1 and shape["bodies"] == 1, shape
    with subtests.test(msg="a snake's head is on its start square and its tail tip on its end square"):
        tips = app.page.evaluate(
            """() => [...document.querySelectorAll(".jump.snake")].map((jump) => {
              const body = jump.querySelector(".spine");
              const at = (point) => {
                const m = body.getScreenCTM();
                return [point.x * m.a + point.y * m.c + m.e, point.x * m.b + point.y * m.d + m.f];
              };
              const square = (n) => document.querySelector(`[data-square="${n}"]`).getBoundingClientRect();
              const inside = ([x, y], r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
              const head = jump.querySelector(".head").getBoundingClientRect();
              return {
                start: jump.dataset.start,
                head: inside([head.left + head.width / 2, head.top + head.height / 2], square(jump.dataset.start)),
                tail: inside(at(body.getPointAtLength(body.getTotalLength())), square(jump.dataset.end)),
              };
            })"""
        )
        assert tips and all(tip["head"] and tip["tail"] for tip in tips), tips
    with subtests.test(msg="no two jumps share a centre line"):
        assert shared_centre_lines(shapes) == []
    app.open_url(app.base_url + COLUMN_HASH)
    expect(app.jump_squares).to_have_count(6)
    with subtests.test(msg="jumps in one column are drawn side by side"):
        shapes = app.page.evaluate(JUMP_SHAPES)
        assert len(shapes) == 6
        assert shared_centre_lines(shapes) == []


def test_square_numbers_are_drawn_above_the_jumps(open_app: Callable[..., AppPage]) -> None:
    """With the jumps and numbers made hit-testable, the point at the middle of every square's number
    finds the number: nothing is painted over it."""
    app = open_app(CLASSIC_HASH)
    hidden = app.page.evaluate(
        """() => {
          const overlay = document.querySelector(".overlay");
          for (const node of overlay.querySelectorAll("*")) node.style.pointerEvents = "visiblePainted";
          const covered = [];
          for (const number of document.querySelectorAll("#board .numbers .square-number")) {
            number.style.pointerEvents = "auto";
            const r = number.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (hit !== number) covered.push(number.textContent);
          }
          return covered;
        }"""
    )
    assert hidden == []


def test_each_number_sits_on_its_square_and_no_square_is_a_paint_layer(open_app: Callable[..., AppPage]) -> None:
    """The numbers are one layer above the drawing, not inside the squares: each number's top left corner is
    inside its own square, and neither a square nor a number is positioned (a positioned element is a
    paint layer, and a click's hit test walked all 5,000 of a 50×50 board's: 6 to 9 ms each)."""
    for board in (CLASSIC_HASH, "#n=50&j=2-2400.77-1234.2499-3"):
        app = open_app(board)
        report = app.page.evaluate(
            """() => {
              const cells = new Map([...document.querySelectorAll("#board .cell")].map((c) => [c.dataset.square, c]));
              const numbers = [...document.querySelectorAll("#board .numbers .square-number")];
              const misplaced = [];
              for (const number of numbers) {
                const box = cells.get(number.textContent).getBoundingClientRect();
                const r = number.getBoundingClientRect();
                if (r.left < box.left || r.left > box.right || r.top < box.top || r.top > box.bottom) misplaced.push(number.textContent);
              }
              const positioned = (node) => getComputedStyle(node).position !== "static";
              return {
                numbers: numbers.length,
                misplaced: misplaced.slice(0, 10),
                positioned: [...cells.values(), ...numbers].filter(positioned).length,
              };
            }"""
        )
        n = 10 if board == CLASSIC_HASH else 50
        assert report == {"numbers": n * n, "misplaced": [], "positioned": 0}, board


# The rows of squares whose paint is not contained (their 0-based index from the top).
UNCONTAINED_ROWS = """() => [...document.querySelectorAll("#board .grid-row")]
  .map((row, index) => (getComputedStyle(row).contain === "strict" ? -1 : index)).filter((index) => index >= 0)"""


def test_each_row_of_squares_repaints_alone_unless_a_square_in_it_is_lifted(app: AppPage) -> None:
    """Each row of squares is contained, so a change to one square repaints its row only; not the row of a
    square lifted over the drawing (focused from the keyboard) or marked from its corner (a search label),
    which containment would keep under the drawing."""
    app.goto("#n=50&j=2-2400.77-1234.2499-3")
    assert app.page.evaluate(UNCONTAINED_ROWS) == []
    app.square(1).focus()
    app.page.keyboard.press("ArrowUp")  # square 100: row 48 from the top; keyboard focus shows its ring
    expect(app.square(100)).to_be_focused()
    assert app.page.evaluate(UNCONTAINED_ROWS) == [48]
    z = app.page.evaluate("getComputedStyle(document.activeElement).zIndex")
    assert z == "1"  # lifted over the drawing: its row's containment would make that z-index local
    app.page.locator("#board .cell[data-square='2499']").evaluate("(cell) => cell.setAttribute('data-label', '7')")
    assert app.page.evaluate(UNCONTAINED_ROWS) == [0, 48]


# --- a replay you can follow ---------------------------------------------------------------------------


def current_move(app: AppPage) -> int:
    """The 0-based index of the move marked as being played in the move list."""
    return app.moves.evaluate_all("items => items.findIndex((item) => item.getAttribute('aria-current') === 'step')")


def test_pause_step_play_and_skip_with_reduced_motion(open_app: Callable[..., AppPage]) -> None:
    """Pause stops the token; each Step plays exactly one more move and pauses again; Resume goes on to
    the end; the state is on the playback row as data-animation."""
    app = open_app()
    playback = app.page.locator("#playback")
    app.solve()
    app.expect_moves(EXAMPLE_1["moves"])
    app.button("Pause").click()
    expect(playback).to_have_attribute("data-animation", "paused")
    items = app.move_items()
    index = current_move(app)
    square = app.token.get_attribute("data-square")
    expect(app.token).to_have_attribute("data-square", square or "")  # paused: it stays
    app.button("Step").click()  # the rest of the move in progress
    expect(app.token).to_have_attribute("data-square", str(items[index].end))
    expect(playback).to_have_attribute("data-animation", "paused")
    if index + 1 < len(items):
        app.button("Step").click()  # one whole move
        expect(app.token).to_have_attribute("data-square", str(items[index + 1].end))
        expect(playback).to_have_attribute("data-animation", "paused")
        assert current_move(app) == index + 1
    app.button("Resume").click()
    expect(playback).to_have_attribute("data-animation", "done", timeout=ANIMATION_TIMEOUT_MS)
    app.expect_token_on(36)
    expect(app.button("Step")).to_be_disabled()
    expect(app.button("Skip to end")).to_be_disabled()
    app.button("Replay").click()
    expect(playback).to_have_attribute("data-animation", "playing")
    app.skip_animation()
    app.expect_token_on(36)


@pytest.mark.parametrize("n", [6, 20, 50])
def test_a_route_never_takes_more_than_30_seconds_at_the_default_speed(
    open_app: Callable[..., AppPage], n: int
) -> None:
    """Each move's time shrinks with the route's length: moves × time per move ≤ 30 s (the 50×50 board's
    417 moves took 45 s and more before)."""
    app = open_empty(open_app, n, motion="no-preference")
    app.solve()
    expect(app.result).to_have_text(re.compile(r"Minimum moves: \d+"), timeout=PYTHON_TIMEOUT_MS)
    moves = app.moves.count()
    expect(app.token).to_have_attribute("data-move-ms", re.compile(r"^\d+$"))
    move_ms = int(app.token.get_attribute("data-move-ms") or "0")
    assert 0 < moves * move_ms <= 30_000, (moves, move_ms)
    assert move_ms >= 60  # and never so fast that the moves blur into one jump
    app.skip_animation()
    app.expect_token_on(n * n)


# --- export and print --------------------------------------------------------------------------------


def export(app: AppPage, kind: str) -> tuple[str, bytes]:
    """Choose Export → ``kind`` and return the downloaded file's suggested name and bytes."""
    app.page.get_by_text("Export", exact=True).click()
    with app.page.expect_download() as info:
        app.button(kind).click()
    download = info.value
    path = download.path()
    assert path is not None
    return download.suggested_filename, Path(path).read_bytes()


def test_export_svg_is_standalone_with_one_shape_per_jump(open_app: Callable[..., AppPage]) -> None:
    app = open_app(CLASSIC_HASH)
    name, data = export(app, "SVG image")
    assert name == "snakes-ladders-10x10.svg"
    root = ElementTree.fromstring(data)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = data.decode()
    # Standalone: no stylesheet, no class to style, no link to another file.
    assert "<style" not in text and "class=" not in text and "href" not in text and "url(" not in text
    ns = "{http://www.w3.org/2000/svg}"
    jumps = [g for g in root.iter(f"{ns}g") if (g.findtext(f"{ns}title") or "").startswith("Square ")]
    names = sorted(g.findtext(f"{ns}title") or "" for g in jumps)
    assert len(jumps) == 18 and len(set(names)) == 18, names
    assert "Square 4: ladder to 14" in names and "Square 98: snake to 78" in names
    for jump in jumps:  # drawn, with its colours written on it
        assert any(shape.get("fill") or shape.get("stroke") for shape in jump.iter() if shape is not jump)
    numbers = [t.text for t in root.iter(f"{ns}text")]
    assert [str(s) for s in range(1, 101)] == sorted(numbers, key=int)


def test_export_png_decodes_with_the_boards_aspect(open_app: Callable[..., AppPage]) -> None:
    app = open_app("#n=7")
    name, data = export(app, "PNG image")
    assert name == "snakes-ladders-7x7.png"
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width == height >= 800
    # The browser decodes it: the same width and height come back.
    size = app.page.evaluate(
        """async (bytes) => {
          const blob = new Blob([new Uint8Array(bytes)], { type: "image/png" });
          const bitmap = await createImageBitmap(blob);
          return [bitmap.width, bitmap.height];
        }""",
        list(data),
    )
    assert size == [width, height]


def test_print_shows_the_board_and_the_jumps_list_and_hides_the_chrome(open_app: Callable[..., AppPage]) -> None:
    app = open_app(CLASSIC_HASH)
    app.solve()
    app.expect_moves(7)
    app.page.emulate_media(media="print")
    expect(app.board).to_be_visible()
    expect(app.page.locator(".masthead")).to_be_hidden()
    # Not app.random_play or app.button: they go to the Solve workspace through the links at the top of the
    # page, which are not on paper.
    expect(app.page.get_by_role("region", name="Random play", include_hidden=True)).to_be_hidden()
    expect(app.page.get_by_role("button", name="Solve", exact=True, include_hidden=True)).to_be_hidden()
    expect(
        app.page.get_by_role("region", name="Snakes and ladders list for printing").get_by_role("listitem")
    ).to_have_count(18)
    expect(app.moves).to_have_count(7)
    expect(app.moves.first).to_be_visible()
    app.page.emulate_media(media="screen")
    expect(app.page.locator(".masthead")).to_be_visible()


# --- themes and accessibility ------------------------------------------------------------------------

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((node) => [node.target.join(" "), node.failureSummary]),
  }));
}"""


# axe leaves the square numbers "incomplete" (their chip has the square's colour, under which the square may
# have a translucent heat tint), so their contrast is worked out here with WCAG's formula, tint included.
NUMBER_CONTRAST = """() => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const luminance = (c) => {
    const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const low = [];
  // The numbers' layer holds one number per square in the squares' order on screen.
  const numbers = document.querySelectorAll("#board .numbers .square-number");
  for (const [index, cell] of document.querySelectorAll("#board .grid [role=gridcell]").entries()) {
    const style = getComputedStyle(cell);
    let back = rgb(style.backgroundColor);
    if (cell.classList.contains("heat") && style.backgroundImage !== "none") {
      const alpha = Number(cell.style.getPropertyValue("--heat")) * 0.75;
      const tint = style.getPropertyValue("--heat-rgb").trim().split(/\\s+/).map(Number);
      back = back.map((v, i) => v * (1 - alpha) + tint[i] * alpha);
    }
    // A text's chip: its own background when it has an opaque one, else what shows through it.
    const chip = (style) => {
      const opaque = style.backgroundImage === "none" && !/rgba|transparent/.test(style.backgroundColor);
      return opaque ? rgb(style.backgroundColor) : back;
    };
    const number = getComputedStyle(numbers[index]);
    const texts = [[number.color, "number", chip(number)]];
    if (cell.dataset.label) {
      const label = getComputedStyle(cell, "::before");
      texts.push([label.color, "label", chip(label)]);
    }
    for (const [colour, what, under] of texts) {
      const r = ratio(rgb(colour), under);
      if (r < 4.5) low.push(`${what} of square ${cell.dataset.square}: ${r.toFixed(2)}`);
    }
  }
  return low;
}"""


def axe_violations(app: AppPage) -> list[dict]:
    """Run axe-core (served to the page by the test only, never by the app) on the whole page."""
    if not app.page.evaluate("() => typeof axe !== 'undefined'"):
        app.page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    return app.page.evaluate(RUN_AXE)


@pytest.mark.parametrize(("theme", "scheme"), [("auto", "light"), ("auto", "dark"), ("contrast", "light")])
def test_every_theme_passes_axe_in_edit_solve_and_analysis(
    open_app: Callable[..., AppPage], subtests: pytest.Subtests, theme: str, scheme: str
) -> None:
    """axe-core finds no violation (contrast of text and square numbers included) in each theme: the
    system's light and dark (the default follows prefers-color-scheme) and high contrast."""
    app = open_app(navigate=False, warm=True)
    app.page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    app.goto(CLASSIC_HASH)
    app.page.get_by_label("Theme").select_option(theme)
    expected = {"auto": None, "contrast": "contrast"}[theme]
    assert app.page.evaluate("() => document.documentElement.dataset.theme ?? null") == expected
    app.wait_ready()
    with subtests.test(msg=f"{theme}/{scheme}: editing"):
        app.square(5).click()  # a selected square
        assert axe_violations(app) == []
        assert app.page.evaluate(NUMBER_CONTRAST) == []
    with subtests.test(msg=f"{theme}/{scheme}: solved"):
        app.press("Escape")
        app.solve()
        app.expect_moves(7)
        app.skip_animation()
        assert axe_violations(app) == []
        assert app.page.evaluate(NUMBER_CONTRAST) == []
    with subtests.test(msg=f"{theme}/{scheme}: analysis with the heat map"):
        app.analyze()
        expect(app.figures).to_be_visible(timeout=PYTHON_TIMEOUT_MS)
        app.button("Show heat map").click()
        app.button("Explain").click()
        expect(app.button("Next layer")).to_be_enabled(timeout=PYTHON_TIMEOUT_MS)
        assert axe_violations(app) == []
        assert app.page.evaluate(NUMBER_CONTRAST) == []


# --- layers --------------------------------------------------------------------------------------------


def test_layers_switch_on_and_off_with_a_heat_legend_and_a_player_key(
    open_app: Callable[..., AppPage], subtests: pytest.Subtests
) -> None:
    app = open_app(CLASSIC_HASH)
    app.wait_ready()
    switches = app.page.get_by_role("group", name="Show")
    app.solve()
    app.expect_moves(7)
    app.skip_animation()
    on_path = [square for square, state in app.square_states().items() if "on-path" in state["classes"]]
    path_square = app.square(on_path[1])
    with subtests.test(msg="Path off: the path's squares and the route line go, and come back"):
        shaded = path_square.evaluate("cell => getComputedStyle(cell).backgroundColor")
        switches.get_by_label("Path").uncheck()
        assert path_square.evaluate("cell => getComputedStyle(cell).backgroundColor") != shaded
        expect(app.page.locator(".overlay .marks")).to_be_hidden()
        assert "on-path" in app.square_states()[on_path[1]]["classes"]  # hidden, not lost
        switches.get_by_label("Path").check()
        assert path_square.evaluate("cell => getComputedStyle(cell).backgroundColor") == shaded
    legend = app.page.get_by_role("img", name=re.compile("^Heat map scale"))
    with subtests.test(msg="the heat map has a legend with its values, and its one switch, Show/Hide heat map"):
        expect(legend).to_be_hidden()
        app.analyze()
        expect(app.button("Show heat map")).to_be_enabled(timeout=PYTHON_TIMEOUT_MS)
        app.button("Show heat map").click()
        expect(legend).to_be_visible()
        expect(legend).to_contain_text("Expected visits per game")
        ticks = legend.locator(".heat-ticks span").all_text_contents()
        assert ticks[0] == "0" and float(ticks[2]) > float(ticks[1]) > 0, ticks
        hot = app.board.locator(".cell.heat").first
        assert hot.evaluate("cell => getComputedStyle(cell).backgroundImage") != "none"
        expect(switches.get_by_label("Heat map")).to_have_count(0)  # no second switch beside the button
        app.button("Hide heat map").click()
        expect(legend).to_be_hidden()
        expect(app.board.locator(".cell.heat")).to_have_count(0)
    key = app.page.get_by_role("list", name="Player colours")
    with subtests.test(msg="play mode shows a key of the player colours; Game tokens off hides the tokens"):
        app.workspace("play")
        app.page.get_by_label("Number of players").select_option("2")  # Play's one count, the replay's too
        app.button("Play seeded game").click()
        expect(key.get_by_role("listitem")).to_have_text(["Player 1", "Player 2"])
        app.button("Skip to the end").click()
        expect(app.player_tokens.first).to_be_visible()
        switches.get_by_label("Game tokens").uncheck()
        expect(app.player_tokens.first).to_be_hidden()
        switches.get_by_label("Game tokens").check()
        expect(app.player_tokens.first).to_be_visible()


# --- zoom and pan ----------------------------------------------------------------------------------------

INSIDE_VIEWPORT = """(element) => {
  const box = document.querySelector(".viewport").getBoundingClientRect();
  const r = element.getBoundingClientRect();
  const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}"""


def number_size(app: AppPage, square: int) -> float:
    return app.square_number(square).evaluate("node => parseFloat(getComputedStyle(node).fontSize)")


def test_zoom_pan_edit_and_follow_the_token_on_a_50x50_board(
    open_app: Callable[..., AppPage], subtests: pytest.Subtests
) -> None:
    app = open_empty(open_app, 50)
    frame = app.page.locator("#board")
    small = number_size(app, 1)
    with subtests.test(msg="Zoom in makes the squares and their numbers bigger; Fit shows the whole board"):
        for _ in range(3):
            app.page.get_by_role("button", name="Zoom in").click()
        expect(frame).to_have_attribute("data-zoom", "3.38")
        assert number_size(app, 1) >= 2 * small >= 10
        app.page.get_by_role("button", name="Fit the board").click()
        expect(frame).to_have_attribute("data-zoom", "1")
    with subtests.test(msg="keys: + zooms in around the focused square, arrows pan with the focus, 0 fits"):
        app.square(1).focus()
        app.press("+", "+", "+")
        expect(frame).to_have_attribute("data-zoom", "3.38")
        app.press(*["ArrowRight"] * 30)
        assert app.square(31).evaluate(INSIDE_VIEWPORT)
        assert not app.square(1).evaluate(INSIDE_VIEWPORT)  # the view followed the focus
    with subtests.test(msg="editing still works zoomed: drag and select"):
        app.press("Home")
        app.drag(2, 99)
        app.expect_jump(2, 99)
        app.select(4, 97)
        app.expect_jump(4, 97)
    with subtests.test(msg="Ctrl+wheel zooms out, and the view follows the token to the goal"):
        # A trackpad pinch arrives as a wheel event with ctrlKey set, as Ctrl+wheel does.
        app.page.locator(".viewport").dispatch_event(
            "wheel", {"deltaY": 120, "ctrlKey": True, "clientX": 400, "clientY": 400}
        )
        expect(frame).not_to_have_attribute("data-zoom", "3.38")
        app.solve()
        expect(app.result).to_have_text(re.compile(r"Minimum moves: \d+"), timeout=PYTHON_TIMEOUT_MS)
        app.skip_animation()
        app.expect_token_on(2500)
        assert app.token.evaluate(INSIDE_VIEWPORT)
        assert float(frame.get_attribute("data-zoom") or "1") > 1
