"""A touch screen (390×844, real touch input through the browser): the board is no trap. One finger
scrolls the page or pans a zoomed board unless Jumps is chosen in Design; outside Design nothing a finger
does changes the board or ends a game; two fingers zoom; the tools and zoom sit with the board."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]

SNAKE = "n=10&j=40-3"
ONLY_DESIGN = "Only Design changes the board. Here one finger scrolls and two fingers zoom."


def expect_page_scrolled(app: AppPage) -> None:
    app.page.wait_for_function("() => scrollY > 50")


def expect_in_view(app: AppPage, *names: str) -> None:
    """The board and the buttons ``names`` are wholly inside the viewport, together."""
    viewport = app.page.viewport_size
    assert viewport is not None
    boxes = [app.board.bounding_box()] + [
        app.page.get_by_role("button", name=n, exact=True).bounding_box() for n in names
    ]
    for box in boxes:
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (names, boxes)


def test_a_swipe_on_the_board_in_solve_scrolls_the_page_and_changes_nothing(open_app: Callable[..., AppPage]) -> None:
    app = open_app(f"#solve&{SNAKE}", phone=True)
    assert app.page.evaluate("() => scrollY") == 0
    app.swipe(15, 86)  # up the board: it once placed a ladder 15 → 86
    app.expect_jump(40, 3)
    app.expect_no_jump(15)
    expect(app.jump_squares).to_have_count(1)
    expect_page_scrolled(app)
    expect(app.page.locator("#board .board-hint")).to_have_text(ONLY_DESIGN)
    expect(app.page).to_have_url(re.compile(rf"#solve&{SNAKE}$"))


def test_design_starts_with_pan_on_a_touch_screen_and_only_jumps_draws(open_app: Callable[..., AppPage]) -> None:
    app = open_app(f"#design&{SNAKE}", phone=True)
    tools = app.page.get_by_role("group", name="Board tool")
    expect(tools.locator('[aria-pressed="true"]')).to_have_text(["Pan"])
    expect(app.page.locator("#hint")).to_be_hidden()  # the keyboard hint is for a keyboard
    expect_in_view(app, "Jumps", "Words", "Pan", "Zoom in", "Fit the board")  # with the board, not under the panels
    app.page.evaluate("() => scrollTo(0, 600)")  # reading the panels: the board and its bar stay in view
    app.page.wait_for_function("() => scrollY >= 600")
    expect_in_view(app, "Pan", "Zoom in")
    app.page.evaluate("() => scrollTo(0, 0)")
    app.page.wait_for_function("() => scrollY === 0")

    for tool in ["Pan", "Words"]:
        app.tool(tool)
        app.swipe(15, 86)
        expect_page_scrolled(app)
        app.expect_no_jump(15)
        app.page.evaluate("() => scrollTo(0, 0)")
        app.page.wait_for_function("() => scrollY === 0")
    app.tool("Jumps")  # chosen: now one finger draws
    app.swipe(15, 86)
    app.expect_jump(15, 86)
    assert app.page.evaluate("() => scrollY") == 0


def test_one_finger_pans_a_zoomed_50_by_50_board_and_never_moves_a_snake(open_app: Callable[..., AppPage]) -> None:
    """A pinch zooms in about the middle, where the snake 1400 → 1226 ends; a finger on its tail pans."""
    app = open_app("#design&n=50&j=1400-1226", phone=True)
    box = app.board.bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    app.touch(*([(cx + side * s, cy) for s in range(20, 150, 10)] for side in (-1, 1)))
    expect(app.page.locator("#board")).to_have_attribute("data-zoomed", "")
    viewport = app.page.locator("#board .viewport")
    before = viewport.evaluate("v => [v.scrollLeft, v.scrollTop]")
    x, y = app._centre(1226)
    app.touch([(x - 8 * i, y - 8 * i) for i in range(13)])
    app.expect_jump(1400, 1226)  # the snake's tail stays where it was
    app.page.wait_for_function(
        "before => { const v = document.querySelector('#board .viewport');"
        " return v.scrollLeft !== before[0] && v.scrollTop !== before[1]; }",
        arg=before,
    )
    app.expect_jump(1400, 1226)
    expect(app.jump_squares).to_have_count(1)
    assert app.page.evaluate("() => scrollY") == 0  # the zoomed board panned, not the page


def test_a_swipe_during_a_game_in_play_keeps_the_game_and_the_board(open_app: Callable[..., AppPage]) -> None:
    app = open_app(f"#play&{SNAKE}", phone=True)
    app.wait_ready()
    app.page.get_by_role("button", name="Start game", exact=True).click()
    hotseat = app.page.locator("#hotseat")
    expect(hotseat).to_have_attribute("data-state", "playing", timeout=PYTHON_TIMEOUT_MS)
    app.page.evaluate("() => scrollTo(0, 0)")
    app.page.wait_for_function("() => scrollY === 0")
    app.swipe(15, 86)
    app.expect_no_jump(15)
    expect(app.jump_squares).to_have_count(1)
    expect(hotseat).to_have_attribute("data-state", "playing")
    expect(hotseat.locator('[data-hotseat="status"]')).not_to_contain_text("The board changed")
    expect_page_scrolled(app)
    expect(app.page.locator("#board .board-hint")).to_have_text(ONLY_DESIGN)
