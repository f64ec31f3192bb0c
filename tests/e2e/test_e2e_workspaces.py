"""The workspaces: Design, Solve & understand, Practice and Play beside the board, at a desktop's
1280x900 and a phone's 390x844 (a touch screen). The board and each workspace's primary control must be in
the viewport together, read from their bounding boxes; deep links, Back/Forward and the remembered
workspace; what a switch keeps (the board, its undo history, a hot-seat game) and what it stops."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from app_page import PYTHON_TIMEOUT_MS, WORKSPACES, AppPage, jumps_of
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.e2e

BOARD = "n=6&j=3-20.30-9"


def in_view(app: AppPage, *locators: Locator) -> None:
    """Every locator is wholly inside the viewport, together (no scrolling between them), and none lies
    under another (the sticky board must not cover a control)."""
    viewport = app.page.viewport_size
    assert viewport is not None
    boxes = []
    for locator in locators:
        box = locator.bounding_box()
        assert box is not None, f"{locator} is not on screen"
        inside = box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5
        assert inside and box["y"] + box["height"] <= viewport["height"] + 0.5, (str(locator), box, viewport)
        boxes.append((str(locator), box))
    for i, (name, a) in enumerate(boxes):
        for other, b in boxes[i + 1 :]:
            apart = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            apart = apart or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
            assert apart, f"{name} and {other} overlap: {a}, {b}"


def shown_panels(app: AppPage) -> dict[str, bool]:
    """Each panel with data-workspaces (by its heading) -> whether it is displayed."""
    pairs = app.page.locator(".panel[data-workspaces]").evaluate_all(
        "panels => panels.map(p => [p.querySelector('h2').textContent, p.checkVisibility()])"
    )
    return dict(pairs)


def panels_of(app: AppPage, workspace: str) -> dict[str, bool]:
    pairs = app.page.locator(".panel[data-workspaces]").evaluate_all(
        "(panels, name) => panels.map(p => [p.querySelector('h2').textContent,"
        " p.dataset.workspaces.split(' ').includes(name)])",
        workspace,
    )
    return dict(pairs)


def primary(app: AppPage, workspace: str) -> Locator:
    """The control a workspace is for, made ready to use (Practice's editor loaded, a Play game started)."""
    page = app.page
    if workspace == "design":
        return page.get_by_role("button", name="Undo", exact=True)
    if workspace == "solve":
        return page.get_by_role("button", name="Solve", exact=True)
    if workspace == "practice":
        expect(page.locator("#practice-panel")).to_have_attribute("data-state", "idle", timeout=PYTHON_TIMEOUT_MS)
        return page.get_by_role("button", name="Run tests", exact=True)
    app.wait_ready()  # Play with real dice loads once Python is ready
    page.get_by_role("button", name="Start game", exact=True).click()
    expect(page.locator("#hotseat")).to_have_attribute("data-state", "playing", timeout=PYTHON_TIMEOUT_MS)
    return page.get_by_role("button", name="Roll", exact=True)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("workspace", WORKSPACES)
def test_each_workspace_shows_its_panels_with_the_board_and_its_control_in_view(
    open_app: Callable[..., AppPage], workspace: str, phone: bool
) -> None:
    app = open_app(f"#{workspace}&{BOARD}", phone=phone)
    expect(app.page.locator("body")).to_have_attribute("data-workspace", workspace)
    expect(app.workspace_link(workspace)).to_have_attribute("aria-current", "page")
    expect(app.workspace_nav.locator("[aria-current]")).to_have_count(1)
    assert shown_panels(app) == panels_of(app, workspace)
    control = primary(app, workspace)
    assert app.page.evaluate("() => scrollY") == 0, "the page opened scrolled"
    if workspace == "practice" and phone:
        # Practice's editor stands between the board and Run tests on a phone: scrolling to Run tests
        # keeps the board in view (it is sticky), so both are on screen together.
        control.scroll_into_view_if_needed()
        in_view(app, app.board, control)
    else:
        in_view(app, app.board, control, app.workspace_link(workspace))
    if phone:
        # Touch targets: the workspace links and every button shown in the primary panel, at least 44 px.
        targets = (
            app.workspace_nav.get_by_role("link").all()
            + control.locator("xpath=ancestor::section[contains(@class, 'panel')]").get_by_role("button").all()
        )
        small = [
            (t.text_content(), box)
            for t in targets
            if (box := t.bounding_box()) and min(box["width"], box["height"]) < 44
        ]
        assert not small, small
        board = app.board.bounding_box()
        assert board is not None and board["width"] >= 390 - 2 * 24, board  # the board fills the width


def test_on_a_phone_the_board_and_the_playback_stay_in_view_while_the_route_plays(
    open_app: Callable[..., AppPage],
) -> None:
    app = open_app(f"#solve&{BOARD}", phone=True, reduced_motion="no-preference")
    app.wait_ready()
    app.solve()
    playback = app.page.locator("#playback")
    expect(playback).to_have_attribute("data-animation", "playing", timeout=PYTHON_TIMEOUT_MS)
    in_view(app, app.board, app.button("Pause"), app.button("Skip to end"))
    # Reading further down the panels keeps the board in view (sticky at the top).
    app.page.evaluate("() => scrollTo(0, 400)")
    app.page.wait_for_function("() => scrollY >= 400")
    in_view(app, app.board)


def test_play_on_a_touch_screen_says_press_roll_and_a_desktop_says_space_too(open_app: Callable[..., AppPage]) -> None:
    for phone, words in [(True, "press Roll."), (False, "press Roll or Space.")]:
        app = open_app(f"#play&{BOARD}", phone=phone)
        primary(app, "play")
        expect(app.page.locator('[data-hotseat="turn"]')).to_have_text(re.compile(rf"'s turn: {re.escape(words)}$"))
        app.close()


def test_deep_links_back_and_forward_switch_workspaces_and_keep_the_board(open_app: Callable[..., AppPage]) -> None:
    app = open_app(f"#solve&{BOARD}")
    app.expect_message("Loaded the board from the link.")
    expect(app.page.locator("body")).to_have_attribute("data-workspace", "solve")
    app.drag(4, 25)  # an edit, in Design: Back must not take it away
    app.expect_jump(4, 25)
    expect(app.page).to_have_url(re.compile(r"#design&n=6&j=.*\b4-25\b"))
    app.page.go_back()
    expect(app.page.locator("body")).to_have_attribute("data-workspace", "solve")
    expect(app.workspace_link("solve")).to_have_attribute("aria-current", "page")
    app.expect_jump(4, 25)
    expect(app.page).to_have_url(re.compile(r"#solve&n=6&j=.*\b4-25\b"))
    app.page.go_forward()
    expect(app.page.locator("body")).to_have_attribute("data-workspace", "design")
    app.expect_jump(4, 25)
    app.workspace("solve")
    # Switching keeps the undo history: Undo in Design takes the edit back.
    app.button("Undo").click()
    expect(app.page.locator("body")).to_have_attribute("data-workspace", "design")
    app.expect_no_jump(4)
    # A link the visitor opens (typed, not a switch) still loads its board, into its workspace.
    app.page.evaluate("() => { location.hash = '#play&n=6&j=5-33'; }")
    expect(app.page.locator("body")).to_have_attribute("data-workspace", "play")
    app.expect_jump(5, 33)
    app.expect_message("Loaded the board from the link.")


def test_a_workspace_link_never_replaces_the_saved_board_and_the_last_workspace_is_remembered(
    open_app: Callable[..., AppPage],
) -> None:
    app = open_app(f"#design&{BOARD}")
    app.drag(4, 25)
    app.expect_jump(4, 25)
    expect(app.page.locator("body")).not_to_have_attribute("data-saved", "pending")
    app.page.goto("about:blank")  # a new visit, not a hash change
    app.goto("#practice")  # a workspace alone: the saved board stays
    expect(app.page.locator("body")).to_have_attribute("data-workspace", "practice")
    app.expect_message("Restored your last board.")
    app.expect_jump(4, 25)
    app.expect_jump(3, 20)
    expect(app.page).to_have_url(re.compile(r"#practice&n=6&j=.*\b4-25\b"))
    app.workspace("play")
    app.page.goto("about:blank")
    app.goto("")  # no workspace in the address: the one used last
    expect(app.page.locator("body")).to_have_attribute("data-workspace", "play")
    app.page.goto("about:blank")
    app.goto("#n=6&j=2-30")  # an old link, from before workspaces: its board, the last workspace
    app.expect_jump(2, 30)
    expect(app.page.locator("body")).to_have_attribute("data-workspace", "play")
    expect(app.page).to_have_url(re.compile(r"#play&n=6&j=2-30$"))


def test_a_first_visit_opens_in_solve_and_no_element_is_named_like_a_workspace(app: AppPage) -> None:
    expect(app.page.locator("body")).to_have_attribute("data-workspace", "solve")
    # A workspace name as an element id would make '#solve' scroll to that element.
    assert app.page.evaluate("names => names.filter(name => document.getElementById(name))", list(WORKSPACES)) == []


def test_arrow_keys_move_along_the_workspace_links(app: AppPage) -> None:
    app.workspace_link("solve").focus()
    app.press("ArrowRight")
    expect(app.workspace_link("practice")).to_be_focused()
    app.press("End")
    expect(app.workspace_link("play")).to_be_focused()
    app.press("ArrowRight")
    expect(app.workspace_link("design")).to_be_focused()
    app.press("Enter")
    expect(app.page.locator("body")).to_have_attribute("data-workspace", "design")
    expect(app.workspace_link("design")).to_have_attribute("aria-current", "page")


def test_leaving_solve_stops_the_route_and_leaving_play_keeps_the_game(open_app: Callable[..., AppPage]) -> None:
    app = open_app(f"#solve&{BOARD}", reduced_motion="no-preference")
    app.wait_ready()
    app.solve()
    playback = app.page.locator("#playback")
    expect(playback).to_have_attribute("data-animation", "playing", timeout=PYTHON_TIMEOUT_MS)
    app.workspace("design")
    expect(playback).not_to_have_attribute("data-animation", "playing")
    expect(app.page.locator(".solve-panel")).to_have_attribute("data-state", "answered")
    app.workspace("play")
    primary(app, "play")
    expect(app.player_tokens.first).to_be_visible()
    app.workspace("design")
    expect(app.player_tokens.first).to_be_hidden()  # kept, shown only in Play
    app.workspace("play")
    expect(app.page.locator("#hotseat")).to_have_attribute("data-state", "playing")
    expect(app.player_tokens.first).to_be_visible()


def test_two_fingers_pinch_the_board_to_zoom_on_a_phone(open_app: Callable[..., AppPage]) -> None:
    app = open_app("#solve&n=12&j=3-40.90-9", phone=True)  # boards past 8x8 zoom
    box = app.board.bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = app.page.context.new_cdp_session(app.page)

    def touch(kind: str, spread: float) -> None:
        points = (
            []
            if kind == "touchEnd"
            else [
                {"x": cx - spread, "y": cy, "id": 1},
                {"x": cx + spread, "y": cy, "id": 2},
            ]
        )
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 30)
    for spread in range(40, 130, 10):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    expect(app.page.locator("#board")).to_have_attribute("data-zoomed", "")
    level = app.page.get_by_label("Zoom level").text_content() or ""
    assert int(level.rstrip("%")) > 100, level
    expect(app.jump_squares).to_have_count(2)  # a pinch is no drag: no jump was placed


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_leetcode_matrix_of_a_50_by_50_board_is_whole_and_scrolls_inside_the_page(
    open_app: Callable[..., AppPage], phone: bool
) -> None:
    app = open_app("#design&n=50&j=2-2499", phone=phone)
    app.expect_jump(2, 2499)
    rows = app.matrix_rows()
    assert len(rows) == 50 and all(len(row) == 50 for row in rows)
    assert jumps_of(rows) == {2: 2499}
    viewport = app.page.viewport_size
    assert viewport is not None
    box = app.matrix.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    sizes = app.matrix.evaluate("m => [m.scrollWidth, m.clientWidth, m.scrollHeight, m.clientHeight]")
    assert sizes[0] > sizes[1] and sizes[2] > sizes[3], sizes  # wider and taller than its box: it scrolls
    page_width = app.page.evaluate("() => document.documentElement.scrollWidth")
    assert page_width <= viewport["width"], page_width  # the page itself never scrolls sideways


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_board_toolbar_takes_at_most_two_rows(open_app: Callable[..., AppPage], phone: bool) -> None:
    """The layer switches and Export under a 10x10 board: one row on a desktop, two on a phone. Zoom is on
    the board's own bar, right under it, with Design's tools."""
    app = open_app("#solve&n=10&j=4-14", phone=phone)
    board, zoom = app.board.bounding_box(), app.page.get_by_role("group", name="Zoom").bounding_box()
    assert board is not None and zoom is not None and 0 <= zoom["y"] - (board["y"] + board["height"]) < 40, (
        board,
        zoom,
    )
    parts = app.page.locator("#board-tools > *").evaluate_all(
        "parts => parts.filter(p => p.checkVisibility()).map(p => {"
        " const box = p.getBoundingClientRect(); return [box.top, box.bottom]; })"
    )
    assert len(parts) == 2, parts
    rows: list[list[float]] = []
    for top, bottom in sorted(parts):
        if rows and top < rows[-1][1]:  # overlaps the last row vertically: the same row
            rows[-1][1] = max(rows[-1][1], bottom)
        else:
            rows.append([top, bottom])
    assert len(rows) == (2 if phone else 1), rows


UNDO = re.compile(r"^Undo this change$")
REDO = re.compile(r"^Redo this change$")


def test_what_changes_the_board_outside_design_can_be_undone_where_the_user_is(app: AppPage) -> None:
    """Outside Design (whose Undo and Redo are in Board settings) the message that says what changed
    offers Undo, and after it Redo: a rule in Solve, a link opened in Play, Board JSON loaded in Practice."""
    offer = app.page.locator("#message-action")
    app.workspace("solve")
    app.rule("Past the goal").select_option("bounce")
    app.expect_message("Rules changed: overshoot is now bounce.")
    expect(offer).to_have_accessible_name(UNDO)
    offer.click()
    expect(app.rule("Past the goal")).to_have_value("stay")
    app.expect_message("Undone: Rules changed: overshoot is now bounce.")
    expect(offer).to_have_accessible_name(REDO)
    offer.click()
    expect(app.rule("Past the goal")).to_have_value("bounce")
    assert app.current_workspace() == "solve"

    app.workspace("play")
    app.page.evaluate("() => { location.hash = '#play&n=6&j=5-33'; }")
    app.expect_message("Loaded the board from the link.")
    app.expect_jump(5, 33)
    offer.click()
    app.expect_jump(2, 15)  # the first visit's board is back
    app.expect_no_jump(5)
    assert app.current_workspace() == "play"

    app.workspace("practice")
    app.load_json("[[-1,-1],[-1,3]]")
    app.expect_message("Loaded a 2×2 board with 1 snake or ladder from Board JSON.")
    expect(app.squares).to_have_count(4)
    offer.click()
    expect(app.squares).to_have_count(36)
    assert app.current_workspace() == "practice"

    app.workspace("design")  # here Undo is in Board settings: the message offers none
    app.drag(3, 20)
    app.expect_message("Placed a ladder to 20 on square 3.")
    expect(offer).to_be_hidden()


def test_the_keyboard_hint_shows_only_in_design_on_a_desktop(app: AppPage) -> None:
    hint = app.page.locator("#hint")
    app.workspace("design")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("Words: click a square to write on it.")
    for workspace in ("solve", "practice", "play"):
        app.workspace(workspace)
        expect(hint).to_be_hidden()
