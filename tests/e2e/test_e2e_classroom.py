"""For the classroom in the browser: tidy boards, class sets, the sixes rule, game duration.

A tidy board's jumps are read from the drawing (each jump's start and end squares, placed by the squares'
own boxes) and tested for crossings here, with integer arithmetic of this test's own. A class set is
checked against the package (least moves and expected rolls of each board opened from the list), saved to
My boards and printed (the PDF's pages counted). The sixes rule goes through a share link and My boards;
a hot-seat turn with sixes is checked roll by roll against the package's ``take_turn`` with the die fixed
by an init script. The duration sentence is checked against ``analyze``'s race figures. Waits are on page
state only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import combinations
from typing import cast

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage
from playwright.sync_api import Locator, expect
from snakes_ladders import Board, analyze, min_moves
from snakes_ladders.board.rules import Rules
from snakes_ladders.game.turn import Table, take_turn
from test_e2e_designer import Generate, Library, board_on_page, dice_script

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

Point = tuple[int, int]


def square_points(app: AppPage, squares: set[int]) -> dict[int, Point]:
    """Each square's place on the grid (column, row from the top), from its cell's box on screen."""
    boxes = {square: app.square(square).bounding_box() for square in squares}
    side = min(box["width"] for box in boxes.values() if box)
    left = min(box["x"] for box in boxes.values() if box)
    top = min(box["y"] for box in boxes.values() if box)
    return {s: (round((b["x"] - left) / side), round((b["y"] - top) / side)) for s, b in boxes.items() if b}


def drawn_jumps(app: AppPage) -> list[tuple[int, int]]:
    """The jumps the board draws: (start, end) of every drawn snake and ladder."""
    pairs = app.page.locator("g[data-start][data-end]").evaluate_all(
        "gs => gs.map(g => [Number(g.dataset.start), Number(g.dataset.end)])"
    )
    return [(start, end) for start, end in pairs]


def orientation(a: Point, b: Point, c: Point) -> int:
    cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (cross > 0) - (cross < 0)


def on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ab and cd share a point (crossing, touching or overlapping), exactly."""
    o1, o2, o3, o4 = orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b)
    if o1 != o2 and o3 != o4:
        return True
    return any(
        o == 0 and on_segment(p, q, r) for o, p, q, r in ((o1, a, b, c), (o2, a, b, d), (o3, c, d, a), (o4, c, d, b))
    )


def test_segments_meet_is_right() -> None:
    """The test's own intersection test, on cases whose answer is known."""
    assert segments_meet((0, 0), (2, 2), (0, 2), (2, 0))  # an X
    assert segments_meet((0, 0), (2, 0), (1, 0), (3, 0))  # overlapping on a line
    assert segments_meet((0, 0), (1, 1), (1, 1), (2, 0))  # touching end to end
    assert not segments_meet((0, 0), (1, 0), (0, 1), (1, 1))  # parallel
    assert not segments_meet((0, 0), (1, 1), (2, 2), (3, 3))  # in line, apart


def set_rule(app: AppPage, label: str, value: str) -> None:
    app.rule(label).select_option(value)


def test_tidy_board_and_a_class_set_saved_and_printed(app: AppPage) -> None:
    app.wait_ready()
    app.workspace("design")
    gen = Generate(app).open()
    expect(gen.field("Tidy (no crossing jumps)")).to_be_checked()  # the page's default
    gen.field("Squares on a side").fill("8")
    gen.field("Snakes").fill("5")
    gen.field("Ladders").fill("5")
    gen.dialog.get_by_label("Least moves exactly").uncheck()
    gen.dialog.get_by_label("Expected rolls from").uncheck()
    gen.go()
    gen.wait("met")
    board = board_on_page(app)
    jumps = drawn_jumps(app)
    assert sorted(jumps) == sorted(board.jumps.items()) and len(jumps) == 10
    points = square_points(app, {square for pair in jumps for square in pair})
    for (s1, e1), (s2, e2) in combinations(jumps, 2):
        assert not segments_meet(points[s1], points[e1], points[s2], points[e2]), (s1, e1, s2, e2)

    # A class set of 3, equally hard within 5%.
    gen.dialog.get_by_label("Boards", exact=True).select_option("3")
    expect(gen.dialog.get_by_label("Tolerance on expected rolls, in percent")).to_have_value("5")
    gen.go()
    gen.wait("met")
    items = gen.dialog.locator('[data-generate="set-list"] li')
    expect(items).to_have_count(3)
    lines = items.all_text_contents()
    shown: list[tuple[int, float]] = []
    for index in range(3):
        items.nth(index).get_by_role("button").click()
        expect(gen.dialog.locator('[data-generate="set-list"]')).to_have_attribute("data-open", str(index))
        opened = board_on_page(app)
        moves = min_moves(opened)
        rolls = analyze(opened, jump_use=False).expected_rolls
        assert isinstance(rolls, float)
        assert f"least moves {moves}," in lines[index] and f"expected rolls {rolls:.1f}" in lines[index], lines
        shown.append((moves, float(rolls)))
    assert len({moves for moves, _ in shown}) == 1
    low, high = min(r for _, r in shown), max(r for _, r in shown)
    assert high <= low * 1.05 + 1e-9
    summary = gen.dialog.locator('[data-generate="set-summary"]')
    expect(summary).to_contain_text(f"{(high / low - 1) * 100:.1f}% apart (within the 5% asked)")

    gen.dialog.get_by_role("button", name="Save the set to My boards").click()
    expect(summary).to_contain_text("Saved to My boards as “Class set 8×8, seed 1”")
    app.page.evaluate("() => { window.print = () => {}; }")  # the test counts the pages instead
    gen.dialog.get_by_role("button", name="Print the set").click()
    expect(app.page.locator(".print-doc[data-set] .sheet")).to_have_count(3)
    pdf = app.page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 3
    gen.dialog.get_by_role("button", name="Close").click()

    app.workspace("design")
    library = Library(app).ready()
    group = library.panel.locator(".library-set")
    expect(group).to_have_count(1)
    expect(group.locator(".library-name").first).to_have_text("Class set 8×8, seed 1 (a class set of 3)")
    expect(group.locator(".library-item .library-name")).to_have_text(
        [f"Class set 8×8, seed 1, board {i}" for i in (1, 2, 3)]
    )
    stored = [cast(dict[str, int], entry["set"]) for entry in library.stored() if "set" in entry]
    assert sorted(s["index"] for s in stored) == [1, 2, 3] and {s["count"] for s in stored} == {3}


def test_sixes_rule_round_trips_through_a_link_and_my_boards(open_app: Callable[..., AppPage]) -> None:
    app = open_app()
    app.wait_ready()
    set_rule(app, "Sixes", "again-three-to-start")
    expect(app.page).to_have_url(re.compile(r"sixes=again-three-to-start"))
    fragment = app.page.evaluate("() => location.hash")
    app.workspace("design")
    library = Library(app).ready()
    library.save("Sixes board")
    library.expect_names(["Sixes board"])
    assert cast(dict[str, str], library.stored()[0]["rules"])["sixes"] == "again-three-to-start"
    set_rule(app, "Sixes", "plain")
    expect(app.page).not_to_have_url(re.compile(r"sixes="))  # the default is not written
    app.button("Undo").click()
    expect(app.rule("Sixes")).to_have_value("again-three-to-start")  # part of the state's undo
    set_rule(app, "Sixes", "plain")
    app.workspace("design")
    library = Library(app).ready()
    library.act("Open", "Sixes board")
    expect(app.rule("Sixes")).to_have_value("again-three-to-start")

    reader = open_app(fragment)
    expect(reader.rule("Sixes")).to_have_value("again-three-to-start")
    bad = open_app(fragment.replace("again-three-to-start", "always"))
    bad.expect_message(re.compile(r"sixes rule \"always\" is not one of plain, again, again-three-to-start"))


def history(panel: Locator) -> Locator:
    return panel.get_by_role("list", name="Turns of the game, newest first").locator("li")


def test_hot_seat_six_rolls_again_and_three_sixes_go_back(open_app: Callable[..., AppPage]) -> None:
    """Ana rolls 6, 6, 6 on an empty 4×4 board under again-three-to-start: two more rolls in turn 1,
    then back to the start; Bo rolls 2 in turn 2. Every line is the package's take_turn's."""
    rolls = [6, 6, 6, 2]
    app = open_app(navigate=False, warm=True)
    app.page.add_init_script(dice_script(rolls))
    app.goto("#n=4")
    app.wait_ready()
    set_rule(app, "Sixes", "again-three-to-start")
    app.workspace("play")
    panel = app.page.get_by_role("region", name="Play with real dice")
    panel.get_by_label("Number of players").select_option("2")
    panel.get_by_label("Player 1 name").fill("Ana")
    panel.get_by_label("Player 2 name").fill("Bo")
    panel.get_by_role("button", name="Start game").click()
    expect(panel).to_have_attribute("data-state", "playing")

    table = Table.of(Board(4, {}), Rules(sixes="again-three-to-start"))
    positions: tuple[int, ...] = (1, 1)
    player, number, sixes = 1, 1, 0
    for count, roll in enumerate(rolls, start=1):
        panel.get_by_role("button", name="Roll").click()
        expect(history(panel)).to_have_count(count)
        outcome = take_turn(table, positions, player, number, roll, sixes=sixes)
        line = history(panel).first.text_content() or ""
        name = "Ana" if player == 1 else "Bo"
        assert line.startswith(f"Turn {number}, {name}: rolled"), line
        assert line.endswith("Roll again: a six!") == bool(outcome.turn.again), line
        assert ("back to the start" in line) == outcome.turn.to_start, line
        if outcome.turn.again:
            expect(panel.get_by_text(re.compile(rf"^Roll again: a six! {name}'s turn"))).to_be_visible()
        positions, sixes = outcome.positions, outcome.sixes
        if outcome.next_player != player:
            number += 1
        player = outcome.next_player or player
    assert positions == (1, 3) and number == 3  # Ana went back to square 1; Bo stands on 3


def test_game_duration_is_the_race_figures_times_the_seconds(app: AppPage) -> None:
    app.wait_ready()
    app.load_preset("Classic 10×10 board")
    board = board_on_page(app)
    rules = Rules()  # the preset brings no rules: the page's are the defaults
    assert [app.rule(name).input_value() for name in ("Start", "Past the goal")] == [rules.start, rules.overshoot]
    app.set_number("Players", 4)
    app.random_play.get_by_role("button", name="Analyze").click()
    sentence = app.page.locator("#duration-text")
    expect(sentence).to_contain_text("A game of 4 usually takes about", timeout=PYTHON_TIMEOUT_MS)
    race = analyze(board, rules, players=4, jump_use=False).race
    assert race.total_rolls_median is not None and race.total_rolls_p90 is not None
    for seconds in (10, 7):
        app.page.get_by_label("Seconds a roll").fill(str(seconds))
        typical = max(1, round(race.total_rolls_median * seconds / 60))
        within = max(1, -(-race.total_rolls_p90 * seconds // 60))
        expect(sentence).to_have_text(
            f"A game of 4 usually takes about {typical} minute{'s' if typical != 1 else ''}; "
            f"9 in 10 games are over within {within}."
        )
    assert app.page.evaluate("() => localStorage.getItem('snakes-ladders:seconds-per-roll:v1')") == "7"


def test_dragging_a_jumps_end_moves_it_and_a_refusal_names_the_square(app: AppPage) -> None:
    app.wait_ready()
    app.expect_jump(2, 15)  # LeetCode example 1: a ladder 2 -> 15
    app.drag(15, 20)  # square 15 has no jump of its own: its ladder's end moves
    app.expect_jump(2, 20)
    app.drag(20, 2)
    app.expect_message(re.compile(r"^Square 2 cannot be the new end of the ladder to 20 on square 2"))
    app.expect_jump(2, 20)
    app.button("Undo").click()
    app.expect_jump(2, 15)
    assert json.loads((app.page.locator("#matrix").text_content() or "").split("=", 1)[1])
