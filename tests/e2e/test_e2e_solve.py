"""Solving in the browser: the fixture boards give their known answers whether they come in through
Board JSON or the presets menu; the move list and the token's replay agree with the board.

Each Python start costs seconds, so the fixture boards are loaded one after another into one page,
each one a subtest: a failure names its board and the others still run.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from app_page import ANIMATION_TIMEOUT_MS, PYTHON_TIMEOUT_MS, AppPage, fixture_names, jumps_of, load_fixture
from playwright.sync_api import expect
from snakes_ladders import Board
from snakes_ladders.board.rules import Rules
from snakes_ladders.solver.explanation import explain

import serve

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

EXAMPLE_1 = load_fixture("leetcode_example_1")


def expect_moves_replay_the_board(app: AppPage, rows: list[list[int]], moves: int, start: int = 1) -> None:
    """Each listed move is a legal roll from where the last one ended (the first from ``start``: 0 is
    off the board), takes the jump it lands on (and only that one), and the last move ends on the goal;
    the token ends there too."""
    n = len(rows)
    jumps = jumps_of(rows)
    position = start
    items = app.move_items()
    assert [item.number for item in items] == list(range(1, moves + 1))
    for item in items:
        assert item.landing == position + item.roll, f"move {item.number} does not start where the last one ended"
        end = jumps.get(item.landing, item.landing)
        if end == item.landing:
            assert item.jump is None, f"move {item.number} names a jump on square {item.landing}, which has none"
        else:
            assert (item.jump, item.end) == ("ladder" if end > item.landing else "snake", end), f"move {item.number}"
        position = item.end
    assert position == n * n
    app.skip_animation()  # a long route plays for up to 30 s; Skip to end puts the token on the goal
    app.expect_token_on(n * n, timeout=ANIMATION_TIMEOUT_MS)


def test_fixture_boards_loaded_as_json_solve_to_their_answers(app: AppPage, subtests: pytest.Subtests) -> None:
    for name in fixture_names():
        with subtests.test(msg=name):
            fixture = load_fixture(name)
            app.load_json(json.dumps(fixture["board"]))
            app.expect_board(fixture["board"])
            app.expect_no_result()
            app.solve()
            app.expect_answer(fixture["moves"])
            if fixture["moves"] != -1:
                expect_moves_replay_the_board(app, fixture["board"], fixture["moves"])
    with subtests.test(msg="LeetCode's printed form, board = [...] over several lines"):
        fixture = load_fixture("leetcode_example_2")
        app.load_json("board = " + json.dumps(fixture["board"], indent=2))
        app.expect_board(fixture["board"])
        app.solve()
        app.expect_moves(fixture["moves"])


def test_presets_solve_to_their_fixture_answers(app: AppPage, subtests: pytest.Subtests) -> None:
    expect(app.presets.get_by_role("option")).to_have_text(["Presets…", *serve.PRESETS.values()])
    # Backwards, so that every choice changes the board (the first visit shows the first preset).
    for name, title in reversed(serve.PRESETS.items()):
        with subtests.test(msg=title):
            fixture = load_fixture(name)
            app.load_preset(title)
            app.expect_board(fixture["board"])
            app.solve()
            rules_line = app.page.locator("#solve-rules")
            if "moves" not in fixture:
                # A classic-rules board (a ladder on square 1): Solve answers under its rules, from off the
                # board; the fixture's shortest game (7 rolls) was worked out apart from the solver.
                assert fixture["rules"] == {"start": "off-board", "overshoot": "stay"}
                app.expect_moves(fixture["shortest_game"])
                expect(app.result).to_have_attribute("data-kind", "solved")
                expect(rules_line).to_have_text(re.compile(r"^Under this board's rules: start off the board .*"))
                expect(rules_line).to_contain_text("The moves count from off the board (the classic start)")
                # The route's first line comes from the off-board start, left of square 1's column.
                expect(app.page.locator(".route").first).to_have_attribute("x1", re.compile(r"^-"))
                expect_moves_replay_the_board(app, fixture["board"], fixture["shortest_game"], start=0)
                # The search step by step starts there too (it used to refuse the ladder on square 1).
                app.button("Explain").click()
                board = Board.from_matrix(fixture["board"], allow_start_jump=True)
                layers = explain(board, Rules.from_json(fixture["rules"])).layers
                expect(app.layer_text).to_have_text(
                    f"Layer 0 of {len(layers) - 1}. The search starts off the board (the classic start): "
                    "the first roll lands on square 1 to 6 and takes its jump.",
                    timeout=PYTHON_TIMEOUT_MS,
                )
                continue
            app.expect_answer(fixture["moves"])
            expect(rules_line).to_be_hidden()  # LeetCode's rules: the answer is LeetCode's, said as before
            expect_moves_replay_the_board(app, fixture["board"], fixture["moves"])


def test_leetcode_example_1_lists_its_moves_and_marks_its_path(app: AppPage) -> None:
    app.solve()
    app.expect_moves(EXAMPLE_1["moves"])
    # The fixture's best game: 2 climbs to 15, 17 slides to 13, 14 climbs to 35, then 36.
    expect(app.moves).to_have_text(
        [
            "Move 1: roll 1 → square 2, ladder to 15",
            "Move 2: roll 2 → square 17, snake to 13",
            "Move 3: roll 1 → square 14, ladder to 35",
            "Move 4: roll 1 → square 36",
        ]
    )
    for square in EXAMPLE_1["example_path"]:
        expect(app.square(square)).to_have_accessible_name(re.compile(r", on the shortest path(,|$)"))
    expect(app.square(20)).not_to_have_accessible_name(re.compile("shortest path"))
    app.expect_token_on(36)


def test_animation_at_normal_motion_ends_on_the_last_square(open_app: Callable[..., AppPage]) -> None:
    app = open_app(reduced_motion="no-preference")
    app.solve()
    app.expect_moves(EXAMPLE_1["moves"])
    expect(app.token).to_be_visible()
    app.expect_token_on(36, timeout=ANIMATION_TIMEOUT_MS)
    expect(app.moves).to_have_count(EXAMPLE_1["moves"])


# Every value the token's data-square takes, in order: the value before each change (records of one
# batch see only the final attribute), then the value now. Null while the token is off the board.
WATCH_TOKEN = """() => {
  const token = document.querySelector(".token");
  const before = [];
  new MutationObserver((records) => before.push(...records.map((record) => record.oldValue))).observe(token, {
    attributes: true,
    attributeFilter: ["data-square"],
    attributeOldValue: true,
  });
  window.__visited = () => [...before, token.dataset.square ?? null].filter((value) => value !== null).map(Number);
}"""


def test_reduced_motion_moves_the_token_once_per_roll_and_once_per_jump(app: AppPage) -> None:
    """With reduced motion the token goes straight to each landing square and then to the jump's
    end, instead of hopping across every square in between."""
    app.page.evaluate(WATCH_TOKEN)
    app.solve()
    app.expect_moves(EXAMPLE_1["moves"])
    app.expect_token_on(36)
    expected = [1]
    for item in app.move_items():
        expected.append(item.landing)
        if item.jump is not None:
            expected.append(item.end)
    assert app.page.evaluate("() => window.__visited()") == expected


def test_editing_after_a_solve_clears_the_result_and_a_new_solve_answers_the_new_board(app: AppPage) -> None:
    app.solve()
    app.expect_moves(4)
    app.expect_token_on(36)
    app.drag(3, 35)
    app.expect_jump(3, 35)
    app.expect_no_result()
    for square in (15, 13):
        expect(app.square(square)).not_to_have_accessible_name(re.compile("shortest path"))
    app.solve()
    app.expect_moves(2)  # roll 2 lands on the new ladder 3→35; roll 1 finishes
    expect(app.moves).to_have_text(["Move 1: roll 2 → square 3, ladder to 35", "Move 2: roll 1 → square 36"])
    app.button("Undo").click()
    app.expect_no_result()
