"""Hot-seat games follow Python's turns: the same rolls give the package's seeded game.

The page's die is fixed by an init script (``crypto.getRandomValues``, as in test_e2e_designer) to the
rolls of a seeded ``play()``; every player is the computer, so the game plays itself. The history, the
tokens and the end must be that game's, move for move: turn order included, where a hopeless token
still takes its turn (the page used to skip it). A token's squares, recorded as it moves, are the
``visits`` Python gave, a bounce past the last square and the move from off the board included.
Waits are on page state only.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage, win_words
from playwright.sync_api import Locator, expect
from snakes_ladders.board import Board
from snakes_ladders.board.rules import LEETCODE, Rules
from snakes_ladders.game.seeded import Game, play
from snakes_ladders.game.turn import Table
from test_e2e_designer import dice_script

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

# Squares 8..13 slide to 7, so a token there never finishes; from 1 a roll of 1 takes the ladder 2 -> 14.
TRAP = Board(4, {2: 14, 8: 7, 9: 7, 10: 7, 11: 7, 12: 7, 13: 7})
TRAP_HASH = "#n=4&j=2-14.8-7.9-7.10-7.11-7.12-7.13-7"
# A move from off the board, a bounce past 9 and a snake 7 -> 2.
BOUNCE = Rules(start="off-board", overshoot="bounce")
BOUNCE_BOARD = Board(3, {7: 2})
BOUNCE_HASH = "#n=3&j=7-2&start=off-board&past=bounce"

# Every token's squares in the order it stood on them (data-square as the animator sets it).
RECORD_SQUARES = """
(() => {
  window.__squares = [];
  new MutationObserver((records) => {
    for (const record of records) {
      const token = record.target;
      if (!token.classList.contains("player") || token.dataset.square === undefined) continue;
      const index = [...document.querySelectorAll(".token.player")].indexOf(token);
      (window.__squares[index] ??= []).push(Number(token.dataset.square));
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-square"] });
})();
"""


def seed_where(board: Board, rules: Rules, players: int, wanted: Callable[[Game], bool]) -> Game:
    """The first seeded game (seeds 0, 1, ...) with the property ``wanted``."""
    return next(g for g in (play(board, rules, players, seed) for seed in range(500)) if wanted(g))


def hopeless_rolls_again(game: Game, board: Board) -> bool:
    hopeless = Table.of(board, game.rules).hopeless
    gone: set[int] = set()
    for turn in game.turns:
        if turn.player in gone:
            return True
        if turn.end in hopeless:
            gone.add(turn.player)
    return False


def play_hot_seat(open_app: Callable[..., AppPage], fragment: str, game: Game, **context: str) -> AppPage:
    """Open the board, fix the die to ``game``'s rolls, and start a hot-seat game of computers."""
    app = open_app(navigate=False, **context)
    app.page.add_init_script(dice_script([turn.roll for turn in game.turns]))
    app.page.add_init_script(RECORD_SQUARES)
    app.goto(fragment)
    app.wait_ready()
    panel = hot_seat(app)
    panel.get_by_label("Number of players").select_option(str(game.players))
    for index in range(game.players):
        panel.get_by_label("Computer").nth(index).check()
    panel.get_by_role("button", name="Start game").click()
    return app


def hot_seat(app: AppPage) -> Locator:
    """The Play with real dice panel, in Play (the workspace it shows in)."""
    app.workspace("play")
    return app.page.get_by_role("region", name="Play with real dice")


def check_same_game(app: AppPage, game: Game, board: Board) -> None:
    """The history, in order, is the seeded game's turns: who rolled, what, and the hopeless notes;
    the tokens stand where the seeded game left them."""
    panel = hot_seat(app)
    lines = panel.get_by_role("list", name="Turns of the game, newest first").locator("li").all_text_contents()
    lines.reverse()
    seen = [re.match(r"Turn (\d+), Player (\d): rolled (\d)", line) for line in lines]
    assert [m and (int(m[1]), int(m[2]), int(m[3])) for m in seen] == [
        (turn.number, turn.player, turn.roll) for turn in game.turns
    ]
    hopeless = Table.of(board, game.rules).hopeless
    notes = [line.endswith(f"(can no longer reach square {board.last})") for line in lines]
    assert notes == [turn.end in hopeless and turn.end != board.last for turn in game.turns]
    tokens = app.page.locator(".token.player")
    for index, square in enumerate(game.positions):
        expect(tokens.nth(index)).to_have_attribute("data-square", str(square))


def test_hot_seat_won_game_is_the_seeded_game_and_hopeless_players_keep_their_turns(
    open_app: Callable[..., AppPage],
) -> None:
    """Three computers on the trap board: two fall in the trap and still roll in their turns (the page
    used to skip them, so player 3 rolled again and again); player 3 wins on the seeded game's turn."""
    game = seed_where(TRAP, LEETCODE, 3, lambda g: g.end == "won" and hopeless_rolls_again(g, TRAP))
    app = play_hot_seat(open_app, TRAP_HASH, game)
    panel = hot_seat(app)
    expect(panel).to_have_attribute("data-state", re.compile("^(won|stuck|stopped|error)$"), timeout=PYTHON_TIMEOUT_MS)
    expect(panel.locator('[data-hotseat="winner"]')).to_have_text(f"{win_words(f'Player {game.winner}', game)}!")
    check_same_game(app, game, TRAP)


def test_hot_seat_stuck_game_is_the_seeded_game(open_app: Callable[..., AppPage]) -> None:
    """Three computers all miss the ladder: the game ends stuck after the third turn, as the seeded one."""
    game = seed_where(TRAP, LEETCODE, 3, lambda g: g.end == "stuck")
    app = play_hot_seat(open_app, TRAP_HASH, game)
    panel = hot_seat(app)
    expect(panel).to_have_attribute("data-state", re.compile("^(won|stuck|stopped|error)$"), timeout=PYTHON_TIMEOUT_MS)
    expect(panel.locator('[data-hotseat="winner"]')).to_have_text(
        "No one can reach square 16 any more: the game ends without a winner."
    )
    check_same_game(app, game, TRAP)


# A 2×2 bounce can count past square 1 and turn up again: from 3 a roll of 5 walks 4, 3, 2, 1, 2.
TINY_BOUNCE = Rules(overshoot="bounce")
TINY_BOARD = Board(2, {})
TINY_HASH = "#n=2&past=bounce"


def far_bounce(game: Game) -> bool:
    return game.end == "won" and len(game.turns) <= 10 and any(t.start + t.roll >= 8 for t in game.turns)


def bounce_and_jump(game: Game) -> bool:
    return (
        game.end == "won" and len(game.turns) <= 10 and any(t.overshoot == "bounce" and t.step.jump for t in game.turns)
    )


@pytest.mark.parametrize(
    ("board", "rules", "fragment", "wanted"),
    [(BOUNCE_BOARD, BOUNCE, BOUNCE_HASH, bounce_and_jump), (TINY_BOARD, TINY_BOUNCE, TINY_HASH, far_bounce)],
    ids=["off-board-bounce-snake", "2x2-bounce-past-square-1"],
)
def test_hot_seat_token_walks_the_squares_python_gave(
    open_app: Callable[..., AppPage], board: Board, rules: Rules, fragment: str, wanted: Callable[[Game], bool]
) -> None:
    """Full motion: the token stands on exactly the squares of each turn's visits (then the jump's end),
    in order, and on nothing else: from off the board, a bounce past the last square and back, a snake;
    on 2×2, a bounce that turns again at square 1 (the page's own bounce drawing stopped at the landing)."""
    game = seed_where(board, rules, 1, wanted)
    app = play_hot_seat(open_app, fragment, game, reduced_motion="no-preference")
    panel = hot_seat(app)
    expect(panel).to_have_attribute("data-state", re.compile("^(won|stuck|stopped|error)$"), timeout=PYTHON_TIMEOUT_MS)
    expect(panel).to_have_attribute("data-state", "won")
    expected = [rules.start_position]
    for turn in game.turns:
        expected += [*turn.visits, *([turn.end] if turn.end != turn.landing else [])]
    assert app.page.evaluate("window.__squares[0]") == expected
    check_same_game(app, game, board)


def test_seeded_replay_walks_the_same_squares(open_app: Callable[..., AppPage]) -> None:
    """The seeded replay animates the same ``visits`` the same way (animate.playTurn): on 2×2, a bounce
    that turns again at square 1, in full motion."""
    game = seed_where(TINY_BOARD, TINY_BOUNCE, 1, far_bounce)
    app = open_app(navigate=False, reduced_motion="no-preference")
    app.page.add_init_script(RECORD_SQUARES)
    app.goto(TINY_HASH)
    app.wait_ready()
    app.rule("Seed").fill(str(game.seed))
    app.page.get_by_label("Number of players").select_option("1")  # Play's one count, the replay's too
    app.button("Play seeded game").click()
    winner = f"{win_words('Player 1', game)} (seed {game.seed})."
    expect(app.winner).to_have_text(winner, timeout=PYTHON_TIMEOUT_MS)
    expected = [game.rules.start_position]
    for turn in game.turns:
        expected += [*turn.visits, *([turn.end] if turn.end != turn.landing else [])]
    assert app.page.evaluate("window.__squares[0]") == expected
