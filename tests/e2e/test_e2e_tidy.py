"""Tidy boards as drawn: the page's own SVG of a generated tidy board (and of each board of a tidy class set)
measured, not the jumps' squares.

Each jump's picture (``#board svg.overlay g.jump``: a snake's body, spine, head and eyes, a ladder's rails
and rungs) is sampled along every outline with ``getTotalLength``/``getPointAtLength``, every 0.02 of a
square, each sample carrying half its element's stroke width. From the samples this test works out, in the
page but with code of its own:

- how far each jump's drawing reaches from the segment it is drawn on (between its squares' centres, or a
  lane beside them), which must be within the contract's half width for its kind (``JUMP_DRAWING``, shared
  by the drawing and Python's tidy check) on any board, tidy or not: the drawing is bounded;
- the least distance between the drawings of two jumps of a tidy board, which must be at least the
  contract's clearance, less the sampling's error (half a step);
- where each jump is drawn: on its squares' centres, no lane offset (a tidy board needs no lanes).

Waits are on page state only: the Generate dialog's data-state, the set list's data-open, the count of
jumps drawn.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from app_page import AppPage
from playwright.sync_api import expect
from snakes_ladders import Board
from snakes_ladders.board.drawing import CLEARANCE, LADDER_HALF_WIDTH, SNAKE_HALF_WIDTH
from test_e2e_designer import Generate, board_on_page

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

#: The samples' spacing along an outline, in squares: a sample is at most half of it from any drawn point.
STEP = 0.02
#: How far a sample may sit off the true outline: half a step, and the coordinates' rounding to 0.001.
SLACK = STEP / 2 + 0.002

MEASURE = """([step]) => {
  const n = Number(document.querySelector('#board svg.overlay').viewBox.baseVal.width);
  const centre = (square) => {
    const row = Math.floor((square - 1) / n);
    const k = (square - 1) % n;
    return { x: (row % 2 === 0 ? k : n - 1 - k) + 0.5, y: n - 1 - row + 0.5 };
  };
  const toSegment = (p, a, b) => {
    const vx = b.x - a.x, vy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * vx + (p.y - a.y) * vy) / (vx * vx + vy * vy)));
    return Math.hypot(p.x - a.x - t * vx, p.y - a.y - t * vy);
  };
  const jumps = [...document.querySelectorAll('#board svg.overlay g.jumps > g.jump')].map((g) => {
    const start = Number(g.dataset.start), end = Number(g.dataset.end);
    const onCentres = [g.dataset.x1, g.dataset.y1, g.dataset.x2, g.dataset.y2].map(Number);
    // Reach is measured from the line the jump is drawn on: its centres, or a lane beside them.
    const a = { x: onCentres[0], y: onCentres[1] }, b = { x: onCentres[2], y: onCentres[3] };
    const [from, to] = [centre(start), centre(end)];
    const points = [];
    for (const shape of g.querySelectorAll('path, circle, ellipse, line')) {
      const style = getComputedStyle(shape);
      const half = style.stroke === 'none' ? 0 : parseFloat(shape.getAttribute('stroke-width') || '0') / 2;
      const length = shape.getTotalLength();
      for (let at = 0; at <= length; at += step) {
        const p = shape.getPointAtLength(at);
        points.push({ x: p.x, y: p.y, half });
      }
      const last = shape.getPointAtLength(length);
      points.push({ x: last.x, y: last.y, half });
    }
    const reach = Math.max(...points.map((p) => toSegment(p, a, b) + p.half));
    const centres = [from.x, from.y, to.x, to.y];
    return { start, end, kind: end > start ? 'ladder' : 'snake', points, reach, onCentres, centres };
  });
  // The least gap between two jumps' drawings: samples bucketed in cells of one square, each compared
  // with the other jumps' samples in its cell and the eight around it.
  const cells = new Map();
  jumps.forEach((jump, index) => {
    for (const p of jump.points) {
      const key = `${Math.floor(p.x)},${Math.floor(p.y)}`;
      if (!cells.has(key)) cells.set(key, []);
      cells.get(key).push([index, p]);
    }
  });
  let least = Infinity, pair = null;
  for (const [key, members] of cells) {
    const [cx, cy] = key.split(',').map(Number);
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        for (const [j, q] of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          for (const [i, p] of members) {
            if (i >= j) continue;
            const gap = Math.hypot(p.x - q.x, p.y - q.y) - p.half - q.half;
            if (gap < least) { least = gap; pair = [jumps[i].start, jumps[i].end, jumps[j].start, jumps[j].end]; }
          }
        }
      }
    }
  }
  return {
    n,
    jumps: jumps.map(({ start, end, kind, reach, onCentres, centres, points }) =>
      ({ start, end, kind, reach, onCentres, centres, samples: points.length })),
    least, pair,
  };
}"""


def measure(app: AppPage, board: Board | None = None) -> dict[str, Any]:
    """The drawing of ``board`` (default: the one the matrix panel shows) on the page, measured once drawn."""
    board = board or board_on_page(app)
    expect(app.page.locator("#board svg.overlay")).to_have_attribute("viewBox", f"0 0 {board.n} {board.n}")
    expect(app.page.locator("#board svg.overlay g.jumps > g.jump")).to_have_count(len(board.jumps))
    measured: dict[str, Any] = app.page.evaluate(MEASURE, [STEP])
    assert measured["n"] == board.n
    assert sorted((jump["start"], jump["end"]) for jump in measured["jumps"]) == sorted(board.jumps.items())
    return measured


def expect_within_corridors(measured: dict[str, Any]) -> None:
    """Every jump's drawing within its kind's half width of its centre segment (any board)."""
    for jump in measured["jumps"]:
        assert jump["samples"] > 20, jump
        width = float(LADDER_HALF_WIDTH if jump["kind"] == "ladder" else SNAKE_HALF_WIDTH)
        assert jump["reach"] <= width + 0.002, jump  # the coordinates are rounded to 0.001


def expect_tidy_as_drawn(measured: dict[str, Any]) -> None:
    """No two jumps' drawings within the clearance; every jump on its centres (no lanes)."""
    expect_within_corridors(measured)
    assert measured["least"] >= float(CLEARANCE) - SLACK, (measured["least"], measured["pair"])
    for jump in measured["jumps"]:
        assert jump["onCentres"] == pytest.approx(jump["centres"], abs=0.001), jump


def generate_tidy(app: AppPage, n: int, snakes: int, ladders: int, moves: int | None = None) -> Generate:
    app.wait_ready()
    app.workspace("design")
    gen = Generate(app).open()
    expect(gen.field("Tidy (no crossing jumps)")).to_be_checked()  # the page's default
    gen.field("Squares on a side").fill(str(n))
    gen.field("Snakes").fill(str(snakes))
    gen.field("Ladders").fill(str(ladders))
    if moves is None:
        gen.dialog.get_by_label("Least moves exactly").uncheck()
        gen.dialog.get_by_label("Expected rolls from").uncheck()
    gen.go()
    gen.wait("met")
    return gen


def test_a_tidy_board_and_a_tidy_class_set_are_tidy_as_drawn(app: AppPage) -> None:
    gen = generate_tidy(app, 10, 8, 8, moves=7)  # the dialog's defaults: least moves 7, expected rolls 30-40
    expect_tidy_as_drawn(measure(app))

    gen.dialog.get_by_label("Boards", exact=True).select_option("4")
    gen.go()
    gen.wait("met")
    items = gen.dialog.locator('[data-generate="set-list"] li')
    expect(items).to_have_count(4)
    for index in range(4):
        items.nth(index).get_by_role("button").click()
        expect(gen.dialog.locator('[data-generate="set-list"]')).to_have_attribute("data-open", str(index))
        expect_tidy_as_drawn(measure(app))


def test_a_tidy_fifty_by_fifty_board_is_tidy_as_drawn(app: AppPage) -> None:
    generate_tidy(app, 50, 60, 60)
    expect_tidy_as_drawn(measure(app))


def test_any_board_is_drawn_within_its_corridors(app: AppPage) -> None:
    """Not only tidy boards: the drawing is bounded whatever the jumps (long, short, crowded, on one line),
    at 10×10 (full detail) and 50×50 (large boards' plainer snakes)."""
    app.wait_ready()
    # On a 10×10 board: crossing (2 -> 40, 21 -> 4), short (51 -> 50), flat (5 -> 13), on one line and long
    # (22 -> 42, 62 -> 82, and 99 -> 3 down column 1 beside them: lanes).
    untidy = {2: 40, 21: 4, 51: 50, 5: 13, 22: 42, 62: 82, 99: 3}
    for n in (10, 50):
        board = Board(n, untidy)
        app.load_json(json.dumps(board.to_matrix()))
        measured = measure(app, board)
        expect_within_corridors(measured)
        if n == 10:
            assert measured["least"] < 0  # crossing pictures overlap: the measure sees it
