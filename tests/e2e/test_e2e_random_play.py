"""Random play, the search step by step, and play mode, in the page.

Every figure the page shows is checked against the Python package itself (imported here: sys.path
holds py/) or against the fixture files, formatted the way web/random-play/analysis.mjs formats them. Each
Python start costs seconds on a loaded machine, so each test drives one page through many checks,
each a subtest: a failure names its step and the later ones still run (they build on the earlier
steps' board, so a failure may cascade, but it is named where it starts).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage, load_fixture, serve_patched_package, win_words
from playwright.sync_api import Locator, expect
from snakes_ladders.board import Board
from snakes_ladders.board.rules import CLASSIC, LEETCODE
from snakes_ladders.chance.markov import analyze
from snakes_ladders.game.seeded import Game, play
from snakes_ladders.solver.explanation import explain

import serve

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

CLASSIC_FILE = "rules/classic_10x10_classic_rules"
CLASSIC_FIXTURE = load_fixture(CLASSIC_FILE)
CLASSIC_TITLE = serve.PRESETS[CLASSIC_FILE]
CLASSIC_BOARD = Board.from_matrix(CLASSIC_FIXTURE["board"], allow_start_jump=True)
EXAMPLE_1 = load_fixture("leetcode_example_1")
EXAMPLE_1_TITLE = serve.PRESETS["leetcode_example_1"]
WALL = load_fixture("unreachable_wall_6x6")
NEVER = load_fixture("unreachable_3x3")
# The trap board of tests/helpers.py (TRAP_BOARD): ladder 2 -> 14; squares 8..13 all slide to 7, and from 7 every
# roll lands on 8..13 again, so a game that misses the ladder is stuck on 7 for ever.
TRAP = Board(4, {2: 14, 8: 7, 9: 7, 10: 7, 11: 7, 12: 7, 13: 7})
# A 4×4 board on which every square but 1, 7, 13 and 16 slides back to 1: only sixes go on, so a
# game is long. With 2 players and seed 4 it lasts 585 turns; every turn animates at least a frame,
# so Skip to the end is always pressed mid-game, whatever the machine's speed.
LONG = Board(4, {s: 1 for s in range(2, 16) if (s - 1) % 6})
LONG_SEED = 4
PLAY_SEED, OTHER_SEED = 2024, 7
BAR_HEIGHTS = "rects => rects.map(rect => Number(rect.getAttribute('height')))"

LINK_RULES = re.compile(r"#([a-z]+&)?n=10&j=.*&start=off-board(&|$)")  # after the workspace, if any
TURN = re.compile(
    r"^Turn (?P<number>\d+), player (?P<player>[1-4]): roll (?P<roll>[1-6])"
    r"(?:, too far: stays on (?:the start|square (?P<stay>\d+))"
    r"| → square (?P<landing>\d+)(?:, bounces back from \d+)?"
    r"(?:, (?P<jump>ladder|snake) to (?P<end>\d+))?(?P<won> and wins)?)$"
)


# --- the page's number formats (web/random-play/analysis.mjs), written again ---------------------------


def rolls(x: float | None) -> str:
    return "—" if x is None else f"{x:.1f}"


def percent(p: float) -> str:
    return f"{p * 100:.{3 if 0 < p < 0.001 else 1}f}%"


def jump_name(start: int, end: int) -> str:
    return f"{'Ladder' if end > start else 'Snake'} {start} → {end}"


# --- play mode's turn list, read back --------------------------------------------------------


@dataclass(frozen=True)
class TurnItem:
    number: int
    player: int
    roll: int
    landing: int
    jump: str | None
    end: int
    won: bool


def parse_turn(text: str) -> TurnItem:
    match = TURN.match(text)
    assert match, f"turn list item {text!r} is not of the form 'Turn K, player P: roll R …'"
    number, player, roll = int(match["number"]), int(match["player"]), int(match["roll"])
    if match["landing"] is None:  # a wasted roll: the token stays where it was
        stay = int(match["stay"] or 0)
        return TurnItem(number, player, roll, stay, None, stay, False)
    landing = int(match["landing"])
    end = int(match["end"]) if match["end"] else landing
    return TurnItem(number, player, roll, landing, match["jump"], end, bool(match["won"]))


def python_turns(game: Game) -> list[TurnItem]:
    last = game.positions[game.winner - 1] if game.winner is not None else None  # the winner stands on the goal
    return [TurnItem(t.number, t.player, t.roll, t.landing, t.step.jump, t.end, t.end == last) for t in game.turns]


def winner_line(game: Game) -> str:
    return f"{win_words(f'Player {game.winner}', game)} (seed {game.seed})."


def expect_game(app: AppPage, game: Game) -> None:
    """The page has shown ``game`` to its end: winner line, every turn as Python played it, tokens."""
    expect(app.winner).to_have_text(winner_line(game), timeout=PYTHON_TIMEOUT_MS)
    expect(app.turns).to_have_count(len(game.turns))
    assert [parse_turn(text) for text in app.turns.all_text_contents()] == python_turns(game)
    expect(app.player_tokens).to_have_count(game.players)
    for number, square in enumerate(game.positions, start=1):
        expect(app.player_token(number)).to_be_visible()
        expect(app.player_token(number)).to_have_attribute("data-square", str(square))


def expect_analysis(app: AppPage, summary: str) -> None:
    expect(app.analysis_summary).to_have_text(summary, timeout=PYTHON_TIMEOUT_MS)
    expect(app.figures).to_be_visible()


# --- the tests ----------------------------------------------------------------------------


def test_random_play_analysis_of_the_classic_board(open_app: Callable[..., AppPage], subtests: pytest.Subtests) -> None:
    app = open_app()
    app.wait_ready()
    single = analyze(CLASSIC_BOARD, CLASSIC)

    with subtests.test(msg="the classic preset brings its rules"):
        app.load_preset(CLASSIC_TITLE)
        app.expect_jump(1, 38)
        expect(app.rule("Start")).to_have_value("off-board")
        assert app.rule("Start").evaluate("select => select.selectedOptions[0].text") == "Off the board (classic)"
        expect(app.rule("Past the goal")).to_have_value("stay")

    with subtests.test(msg="Analyze gives the fixture's figures"):
        expect(app.button("Show heat map")).to_be_disabled()
        app.analyze()
        expect_analysis(app, "On average a game takes 39.6 rolls.")
        assert rolls(CLASSIC_FIXTURE["expected_rolls"]) == "39.6"
        assert app.figure_values() == {
            "Expected rolls": rolls(CLASSIC_FIXTURE["expected_rolls"]),
            "Chance to finish": "100.0%",
            "Median game": f"{CLASSIC_FIXTURE['median']} rolls",
            "90% finish within": f"{CLASSIC_FIXTURE['p90']} rolls",
            "95% finish within": f"{CLASSIC_FIXTURE['p95']} rolls",
        }
        expect(app.whatif).to_have_text("")

    with subtests.test(msg="the jump table lists every snake and ladder with its chance of use"):
        expect(app.jump_table).to_be_visible(timeout=PYTHON_TIMEOUT_MS)  # the second stage: the jump_use op
        shown = app.jump_use()
        assert set(shown) == {jump_name(s, e) for s, e in CLASSIC_BOARD.jumps.items()}
        expected = {jump_name(use.start, use.end): percent(use.p_used) for use in single.jumps}
        assert shown == expected
        assert all(re.fullmatch(r"\d+\.\d%", used) for used in shown.values()), shown

    with subtests.test(msg="the game-length chart"):
        chart = app.length_chart
        expect(chart).to_have_count(1)
        expect(chart).to_have_accessible_name("Game length")
        expect(chart.locator("title")).to_have_text("Game length")
        expect(chart.get_by_text("Turn (rolls of the die)", exact=True)).to_have_count(1)
        expect(chart.get_by_text("Finish on this turn", exact=True)).to_have_count(1)
        # One bar per turn until 99.9% of games have finished; none before the shortest game (7 rolls).
        shown_turns = next(t for t, p in enumerate(single.length.p_by_turn, start=1) if p >= 0.999)
        bars = chart.locator(".bars rect")
        expect(bars).to_have_count(shown_turns)
        heights = bars.evaluate_all(BAR_HEIGHTS)
        shortest = CLASSIC_FIXTURE["shortest_game"]
        assert all(h == 0 for h in heights[: shortest - 1]) and heights[shortest - 1] > 0

    with subtests.test(msg="the heat map"):
        heat = app.button("Show heat map")
        expect(heat).to_be_enabled()
        expect(heat).to_have_attribute("aria-pressed", "false")
        heat.click()
        hide = app.button("Hide heat map")
        expect(hide).to_have_attribute("aria-pressed", "true")
        expect(app.board.locator(".cell.heat")).to_have_count(100)
        states = app.square_states()
        shown_heat = {square: float(state["heat"]) for square, state in states.items()}
        top = max(single.visits[1:])
        hottest = max(range(1, 101), key=lambda s: single.visits[s])
        assert max(shown_heat, key=shown_heat.__getitem__) == hottest
        assert states[hottest]["heat"] == "1.000"
        for square, value in shown_heat.items():
            assert abs(value - single.visits[square] / top) <= 0.0005 + 1e-9, square
        hide.click()
        expect(app.button("Show heat map")).to_have_attribute("aria-pressed", "false")
        expect(app.board.locator(".cell.heat")).to_have_count(0)
        assert not any(state["heat"] for state in app.square_states().values())

    with subtests.test(msg="two players: who wins and how long the race takes"):
        race = analyze(CLASSIC_BOARD, CLASSIC, players=2).race
        app.set_number("Players", 2)
        expect(app.figures.get_by_text("Player 2 wins", exact=True)).to_be_visible(timeout=PYTHON_TIMEOUT_MS)
        figures = app.figure_values()
        assert figures["Rolls until someone wins, all 2 players' rolls together"] == rolls(race.expected_total_rolls)
        assert "Expected rolls, one player alone" in figures and "Expected rolls" not in figures
        assert [figures["Player 1 wins"], figures["Player 2 wins"]] == [percent(p) for p in race.p_win]
        assert abs(sum(float(figures[f"Player {i} wins"].rstrip("%")) for i in (1, 2)) - 100) <= 0.1
        assert "Nobody ever wins" not in figures
        app.set_number("Players", 1)
        expect(app.figures.get_by_text("Player 2 wins", exact=True)).to_have_count(0, timeout=PYTHON_TIMEOUT_MS)
        expect_analysis(app, "On average a game takes 39.6 rolls.")

    with subtests.test(msg="Play with the classic rules and the default seed: from off the board, wasted rolls"):
        game = play(CLASSIC_BOARD, CLASSIC, players=1, seed=909)
        assert any(turn.overshoot == "stay" for turn in game.turns) and game.turns[0].start == 0
        expect(app.rule("Seed")).to_have_value("909")
        app.page.get_by_label("Number of players").select_option("1")  # Play's one count, the replay's too
        app.button("Play seeded game").click()
        expect_game(app, game)

    with subtests.test(msg="LeetCode's start is refused while square 1 holds a ladder"):
        app.rule("Start").select_option("square1")
        app.expect_message("Square 1 holds a snake or ladder, which LeetCode's start forbids: remove it first.")
        expect(app.rule("Start")).to_have_value("off-board")
        app.expect_jump(1, 38)

    with subtests.test(msg="the rules travel in the page's link"):
        expect(app.page).to_have_url(LINK_RULES)
        fragment = "#" + app.page.url.split("#", 1)[1]
        reader = open_app(fragment)  # a new context: nothing saved, only the link
        expect(reader.rule("Start")).to_have_value("off-board")
        reader.expect_board_with_start_jump(CLASSIC_FIXTURE["board"])
        reader.close()  # no need for its Python

    with subtests.test(msg="what if: removing the ladder 80→100 makes games longer"):
        jumps = dict(CLASSIC_BOARD.jumps)
        del jumps[80]
        without = analyze(Board(10, jumps, allow_start_jump=True), CLASSIC).expected_rolls
        assert without is not None
        app.tool("Jumps")  # the board is changed in Design; its Remove button is there
        app.square(80).click()
        app.remove_button.click()
        app.expect_no_jump(80)
        expect_analysis(app, f"On average a game takes {rolls(without)} rolls.")
        change = without - single.expected_rolls
        expect(app.whatif).to_have_text(
            f"Your last edit made games {abs(change):.1f} rolls longer on average (39.6 → {rolls(without)})."
        )
        expect(app.whatif).to_have_attribute("data-trend", "worse")

    with subtests.test(msg="what if: adding a ladder 3→97 makes them shorter"):
        jumps[3] = 97
        with_ladder = analyze(Board(10, jumps, allow_start_jump=True), CLASSIC).expected_rolls
        assert with_ladder is not None
        app.select(3, 97)
        app.expect_jump(3, 97)
        expect_analysis(app, f"On average a game takes {rolls(with_ladder)} rolls.")
        expect(app.whatif).to_have_text(
            f"Your last edit made games {abs(with_ladder - without):.1f} rolls shorter on average"
            f" ({rolls(without)} → {rolls(with_ladder)})."
        )
        expect(app.whatif).to_have_attribute("data-trend", "better")

    with subtests.test(msg="a board with a trap: some games never finish"):
        trapped = analyze(TRAP, CLASSIC)  # the rules stay the classic ones: Board JSON does not change them
        assert trapped.finishable == "not always"
        app.load_json(json.dumps(TRAP.to_matrix()))
        app.expect_board(TRAP.to_matrix())
        expect_analysis(
            app,
            f"Some games never finish: {percent(1 - trapped.p_finish)} of them get stuck in a loop they cannot leave.",
        )
        figures = app.figure_values()
        assert figures["Expected rolls"] == "—"
        assert figures["Chance to finish"] == percent(trapped.p_finish)
        assert figures["Median game"] == "—"
        expect(app.whatif).to_have_text("")  # no change in expected rolls to report from a game that may not end

    with subtests.test(msg="a board that can never be finished"):
        app.load_json(json.dumps(NEVER["board"]))
        app.expect_board(NEVER["board"])
        expect_analysis(app, "This board can never be finished with a real die: every game gets stuck before square 9.")
        figures = app.figure_values()
        assert figures["Expected rolls"] == "—"
        assert figures["Chance to finish"] == "0.0%"
        assert [figures[k] for k in ("Median game", "90% finish within", "95% finish within")] == ["—"] * 3
        # No game ever finishes, so no bar may stand above zero. (With the classic start the page still
        # draws an empty chart, from Python's single turn of probability 0; see the next step.)
        heights = app.length_chart.locator(".bars rect").evaluate_all(BAR_HEIGHTS)
        assert all(h == 0 for h in heights), heights

    with subtests.test(msg="LeetCode's start on the same board: still never, and no chart"):
        app.rule("Start").select_option("square1")
        expect(app.rule("Start")).to_have_value("square1")
        expect(app.page).not_to_have_url(re.compile("start=off-board"))
        expect_analysis(app, "This board can never be finished with a real die: every game gets stuck before square 9.")
        assert app.figure_values()["Expected rolls"] == "—"
        expect(app.length_chart).to_have_count(0)


def test_copied_share_link_keeps_the_rules(open_app: Callable[..., AppPage]) -> None:
    author = open_app()
    author.load_preset(CLASSIC_TITLE)
    author.expect_jump(1, 38)
    author.button("Copy share link").click()
    expect(author.share_link).to_contain_text(author.base_url)
    link = (author.share_link.text_content() or "").strip()
    author.close()
    assert LINK_RULES.search(link), f"the copied share link {link!r} has no start=off-board"
    reader = open_app(link.removeprefix(author.base_url))
    expect(reader.rule("Start")).to_have_value("off-board")
    reader.expect_board_with_start_jump(CLASSIC_FIXTURE["board"])


def test_the_search_step_by_step_and_play_mode(app: AppPage, subtests: pytest.Subtests) -> None:
    app.expect_board(EXAMPLE_1["board"])  # the first visit's board
    app.wait_ready()
    board = Board.from_matrix(EXAMPLE_1["board"])
    distances = explain(board).distances  # the search run to the end (solve stops at the answer)
    layers = explain(board).layers

    # Looked up at each use: AppPage.button goes to the workspace that shows the button, and the play
    # mode below goes to another.
    def explain_button() -> Locator:
        return app.button("Explain")

    def previous() -> Locator:
        return app.button("Previous layer")

    def following() -> Locator:
        return app.button("Next layer")

    def expect_layer(k: int) -> None:
        """Layer k: the squares first reached in k moves are the frontier; every square reached in
        k moves or fewer is labelled with its distance, which is Python's; no other square is."""
        expect(app.layer_text).to_contain_text(re.compile(rf"^Layer {k} of {len(layers) - 1}\. "))
        states = app.square_states()
        assert {s for s, st in states.items() if "frontier" in st["classes"]} == set(layers[k].squares)
        labels = {s: st["label"] for s, st in states.items() if st["label"] is not None}
        assert labels == {s: str(d) for s, d in enumerate(distances) if d is not None and d <= k}

    with subtests.test(msg="Explain starts at layer 0, on square 1"):
        expect(following()).to_be_disabled()
        explain_button().click()
        expect(app.layer_text).to_have_text(
            f"Layer 0 of {len(layers) - 1}. The search starts on square 1.", timeout=PYTHON_TIMEOUT_MS
        )
        expect(app.square(1)).to_have_attribute("data-label", "0")
        expect(app.square(1)).to_have_accessible_name(re.compile(r"reached in 0 moves$"))
        expect(app.square(1)).to_have_class(re.compile(r"\bfrontier\b"))
        expect(previous()).to_be_disabled()
        expect_layer(0)

    with subtests.test(msg="Next layer steps through the layers with Python's distances"):
        for k in range(1, len(layers)):
            following().click()
            expect_layer(k)
        expect(app.square(15)).to_have_accessible_name(re.compile(r"^Square 15, reached in 1 move$"))
        previous().click()
        expect_layer(len(layers) - 2)
        following().click()
        expect_layer(len(layers) - 1)

    with subtests.test(msg="the last step gives the answer and the number of optimal games"):
        following().click()
        expect(app.layer_text).to_have_text(
            f"Square 36 is first reached in {EXAMPLE_1['moves']} moves,"
            f" by {EXAMPLE_1['paths_count']} optimal roll sequences."
        )
        expect(following()).to_be_disabled()
        assert app.squares_with_class("frontier") == {36}
        expect(app.square(36)).to_have_attribute("data-label", str(distances[36]))

    with subtests.test(msg="an unreachable board: the furthest square and the wall"):
        wall = explain(Board.from_matrix(WALL["board"]))
        assert wall.wall is not None
        app.load_json(json.dumps(WALL["board"]))
        app.expect_board(WALL["board"])
        expect(app.layer_text).to_have_text("See how the search spreads from square 1, one move at a time.")
        assert not any(st["label"] for st in app.square_states().values())  # the labels went with the old board
        explain_button().click()
        expect(app.layer_text).to_contain_text(f"Layer 0 of {len(wall.layers) - 1}.", timeout=PYTHON_TIMEOUT_MS)
        for _ in wall.layers:
            following().click()
        ends = ", ".join(f"{s}→{e}" for s, e in zip(wall.wall.squares, wall.wall.ends, strict=True))
        expect(app.layer_text).to_have_text(
            f"Unreachable: square {wall.wall.furthest} is the furthest the token can stand. "
            f"The next six squares all send it back ({ends}), so no roll gets past them."
        )
        assert wall.wall.furthest == 19
        assert app.squares_with_class("wall") == set(wall.wall.squares) == set(range(20, 26))
        expect(app.square(20)).to_have_accessible_name(re.compile(r"\bpart of the wall\b"))
        assert app.squares_with_class("frontier") == set()

    game = play(board, LEETCODE, players=2, seed=PLAY_SEED)
    with subtests.test(msg="Play: a seeded two-player game, turn by turn as Python plays it"):
        app.load_preset(EXAMPLE_1_TITLE)
        app.expect_board(EXAMPLE_1["board"])
        expect(app.rule("Start")).to_have_value("square1")
        app.button("New seed").click()
        expect(app.rule("Seed")).to_have_value(re.compile(r"^\d+$"))
        app.rule("Seed").fill(str(PLAY_SEED))
        app.workspace("play")
        app.page.get_by_label("Number of players").select_option("2")  # Play's one count, the replay's too
        app.button("Play seeded game").click()
        expect_game(app, game)
        expect(app.button("Skip to the end")).to_be_hidden()

    with subtests.test(msg="the same seed plays the same game again"):
        other = play(board, LEETCODE, players=2, seed=OTHER_SEED)
        assert python_turns(other) != python_turns(game)
        app.rule("Seed").fill(str(OTHER_SEED))
        app.button("Play seeded game").click()
        expect_game(app, other)
        app.rule("Seed").fill(str(PLAY_SEED))
        app.button("Play seeded game").click()
        expect_game(app, game)

    with subtests.test(msg="Skip to the end finishes a long game at once"):
        long_game = play(LONG, LEETCODE, players=2, seed=LONG_SEED)
        assert len(long_game.turns) > 500 and long_game.positions == (16, 13)
        app.load_json(json.dumps(LONG.to_matrix()))
        app.expect_board(LONG.to_matrix())
        expect(app.player_tokens).to_have_count(0)  # the board changed: the last game's tokens went
        app.rule("Seed").fill(str(LONG_SEED))
        app.button("Play seeded game").click()
        skip = app.button("Skip to the end")
        expect(skip).to_be_visible(timeout=PYTHON_TIMEOUT_MS)
        expect(app.winner).to_have_text(f"Playing with seed {LONG_SEED}…")
        skip.click()
        expect(app.winner).to_have_text(winner_line(long_game))
        expect(skip).to_be_hidden()
        expect_game(app, long_game)

    with subtests.test(msg="editing the board removes the play tokens"):
        app.drag(7, 13)
        app.expect_jump(7, 13)
        expect(app.player_tokens).to_have_count(0)
        expect(app.turns).to_have_count(0)
        expect(app.winner).to_have_text("")


# The package served to the jump-use test: a budget of 30 units for the second stage, and on 7×7 boards
# a second stage that never ends (until Cancel restarts its worker).  The headline is the real one.
SECOND_STAGE_PATCH = b"""

JUMP_USE_BUDGET = 30
_real_jump_uses = jump_uses


def jump_uses(board, rules=LEETCODE, budget=JUMP_USE_BUDGET):
    while board.n == 7:
        pass
    return _real_jump_uses(board, rules, budget)
"""
REFUSED = Board(6, {2: 30, 8: 33, 20: 4, 27: 11, 14: 25, 31: 9, 34: 17})
COMPUTED = Board(3, {2: 7})
ENDLESS = Board(7, {3: 40, 30: 5, 22: 45})


def test_jump_use_comes_second_and_can_be_cancelled(
    open_app: Callable[..., AppPage], subtests: pytest.Subtests
) -> None:
    """The headline figures arrive first; the jump use follows (or its refusal, in Python's words), and its
    Cancel really stops Python: the analysis worker restarts and answers the next Analyze."""
    from snakes_ladders.chance import markov

    app = open_app(navigate=False)
    serve_patched_package(app, "snakes_ladders/chance/markov.py", SECOND_STAGE_PATCH)
    app.goto()
    app.wait_ready()
    stage = app.page.locator("#jump-use")
    note = app.page.locator("#jump-use-note")
    cancel = app.page.locator("#cancel-jump-use")

    with subtests.test(msg="a small board: the headline, then the jump table"):
        app.load_json(json.dumps(COMPUTED.to_matrix()))
        app.expect_board(COMPUTED.to_matrix())
        app.analyze()
        expect_analysis(app, f"On average a game takes {rolls(analyze(COMPUTED).expected_rolls)} rolls.")
        expect(stage).to_have_attribute("data-state", "done", timeout=PYTHON_TIMEOUT_MS)
        expect(cancel).to_be_hidden()
        assert app.jump_use() == {jump_name(u.start, u.end): percent(u.p_used) for u in analyze(COMPUTED).jumps}

    with subtests.test(msg="over the second stage's budget: the refusal says how much work, and the budget"):
        with pytest.raises(markov.JumpUseRefused) as refusal:
            markov.jump_uses(REFUSED, budget=30)
        text = str(refusal.value)
        app.load_json(json.dumps(REFUSED.to_matrix()))
        app.expect_board(REFUSED.to_matrix())
        expect_analysis(app, f"On average a game takes {rolls(analyze(REFUSED).expected_rolls)} rolls.")
        expect(stage).to_have_attribute("data-state", "refused", timeout=PYTHON_TIMEOUT_MS)
        expect(note).to_have_text(f"{text[0].upper()}{text[1:]}.")
        assert re.fullmatch(
            r"Jump use not computed: it would take (about|at least) [\d,]+ units of work, over the budget of 30\.",
            note.text_content() or "",
        )
        expect(app.jump_table).to_be_hidden()

    with subtests.test(msg="a second stage that runs on: the headline stays, Cancel stops it"):
        app.load_json(json.dumps(ENDLESS.to_matrix()))
        app.expect_board(ENDLESS.to_matrix())
        headline = f"On average a game takes {rolls(analyze(ENDLESS).expected_rolls)} rolls."
        expect_analysis(app, headline)
        expect(stage).to_have_attribute("data-state", "running", timeout=PYTHON_TIMEOUT_MS)
        expect(note).to_have_text("Finding how often each snake and ladder is used (the second stage)…")
        expect(cancel).to_be_visible()
        cancel.click()
        expect(stage).to_have_attribute("data-state", "cancelled")
        expect(cancel).to_be_hidden()
        expect(note).to_have_text(re.compile(r"^Jump use cancelled\. Python is restarting"))
        expect(app.analysis_summary).to_have_text(headline)  # the figures already shown stay
        expect(app.figures).to_be_visible()

    with subtests.test(msg="the restarted worker answers: the endless stage was really stopped"):
        # The spinning worker could not answer anything: a new headline proves the restart.
        app.load_json(json.dumps(COMPUTED.to_matrix()))
        app.expect_board(COMPUTED.to_matrix())
        expect_analysis(app, f"On average a game takes {rolls(analyze(COMPUTED).expected_rolls)} rolls.")
        expect(stage).to_have_attribute("data-state", "done", timeout=PYTHON_TIMEOUT_MS)


HEADLINE_PATCH = b"""

HEADLINE_BUDGET = 10
"""


def test_over_the_headline_budget_the_page_says_about(open_app: Callable[..., AppPage]) -> None:
    """The analyze op's budget patched down to 10 units: the page shows the estimates as "about", says why
    (the rolls propagated, the page's limit), and the finish chance, exactly 1 here, as exact."""
    app = open_app(navigate=False)
    serve_patched_package(app, "snakes_ladders/chance/markov.py", HEADLINE_PATCH)
    app.goto()
    app.wait_ready()
    cut = analyze(REFUSED, jump_use=False, budget=10)
    assert cut.approximate is not None and isinstance(cut.expected_rolls, float)
    app.load_json(json.dumps(REFUSED.to_matrix()))
    app.expect_board(REFUSED.to_matrix())
    app.analyze()
    reason = f"computed from the first {cut.approximate.rolls:,} rolls of play"
    summary = f"On average a game takes about {rolls(cut.expected_rolls)} rolls: {reason}"
    expect(app.analysis_summary).to_have_text(re.compile(f"^{re.escape(summary)}"), timeout=PYTHON_TIMEOUT_MS)
    expect(app.analysis_summary).to_have_text(
        re.compile(r"the exact figure would take more work than the page allows\.$")
    )
    figures = app.figure_values()
    assert figures["Expected rolls"] == f"about {rolls(cut.expected_rolls)}"
    assert figures["Chance to finish"] == "100.0%"  # no trap: exact, not "about"
    assert figures["Approximate"].startswith(f'The figures marked "about" are {reason}')
