"""The board as a picture: the token stands on the square it names at every size and during its
animation, the playback controls, the snakes and ladders drawing, export, print, themes and layers.

Positions are read from the page with getBoundingClientRect, so they check what is drawn, not what the
code meant to draw.
"""

from __future__ import annotations

import re
from collections.abc import Callable

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
