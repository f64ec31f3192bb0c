"""The page as a new user meets it: players' tokens, the words of a game's end, messages and text.

Tokens on one square fan out inside it (web/board/token-fan.mjs): their drawn boxes do not overlap, each lies
inside its square's box, and a token alone on its square stands at the square's centre, at 10×10 on a
desktop and 50×50 on a phone, at the start and as the tokens move. A game's end is told by the winner's round
and own rolls; Play shows one count of players. A message under the board goes when it no longer applies,
and exports say what they did. Names, the chart's labels and the printed page are checked as read or printed.
The die is fixed by an init script.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage
from playwright.sync_api import Locator, expect
from practice_solutions import WRONG
from test_e2e_designer import Generate, dice_script
from test_e2e_practice import Practice
from test_e2e_print import CLASSIC_HASH, open_print_dialog, pdf_pages

pytestmark = pytest.mark.e2e

# Each shown player token's box, square and the box of that square's cell (square 0, off the board: none).
TOKEN_BOXES = """() => [...document.querySelectorAll('.token.player')].filter((t) => !t.hidden).map((token) => {
  const box = (element) => { const r = element.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
  const square = Number(token.dataset.square);
  const cell = [...document.querySelectorAll('#board [role=gridcell]')]
    .find((c) => new RegExp(`^Square ${square}(,|$)`).test(c.getAttribute('aria-label') ?? ''));
  return { square, token: box(token), cell: cell ? box(cell) : null, shown: getComputedStyle(token).display !== 'none' };
})"""


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    """The area two boxes share."""
    width = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, width) * max(0.0, height)


def inside(box: dict[str, float], outer: dict[str, float], slack: float = 0.5) -> bool:
    """Whether ``box`` lies within ``outer`` (up to ``slack`` pixels of rounding)."""
    return (
        box["x"] >= outer["x"] - slack
        and box["y"] >= outer["y"] - slack
        and box["x"] + box["w"] <= outer["x"] + outer["w"] + slack
        and box["y"] + box["h"] <= outer["y"] + outer["h"] + slack
    )


def check_fanned(app: AppPage) -> dict[int, list[dict[str, Any]]]:
    """Every shown token: visible, inside its square, not overlapping another on it; a lone one centred."""
    tokens: list[dict[str, Any]] = app.page.evaluate(TOKEN_BOXES)
    by_square: dict[int, list[dict[str, Any]]] = {}
    for token in tokens:
        by_square.setdefault(token["square"], []).append(token)
    for square, group in by_square.items():
        for token in group:
            box, cell = token["token"], token["cell"]
            assert token["shown"] and box["w"] > 1, f"a token on square {square} is not drawn: {token}"
            assert cell is not None, f"square {square} has no cell"
            assert inside(box, cell), f"a token on square {square} reaches out of it: {box} in {cell}"
        for index, token in enumerate(group):
            for other in group[index + 1 :]:
                shared = overlap(token["token"], other["token"])
                assert shared <= 0.05 * token["token"]["w"] * token["token"]["h"], (
                    f"two tokens on square {square} cover each other: {token['token']} and {other['token']}"
                )
        if len(group) == 1:
            box, cell = group[0]["token"], group[0]["cell"]
            assert abs(box["x"] + box["w"] / 2 - (cell["x"] + cell["w"] / 2)) < 1, (square, box, cell)
            assert abs(box["y"] + box["h"] / 2 - (cell["y"] + cell["h"] / 2)) < 1, (square, box, cell)
    return by_square


def start_game(app: AppPage, players: int) -> Locator:
    app.wait_ready()
    app.workspace("play")
    panel = app.page.get_by_role("region", name="Play with real dice")
    panel.get_by_label("Number of players").select_option(str(players))
    panel.get_by_role("button", name="Start game").click()
    for number in range(1, players + 1):
        expect(app.player_token(number)).to_have_attribute("data-square", "1")
    return panel


@pytest.mark.parametrize(("n", "phone"), [(10, False), (50, True)], ids=["10x10-desktop", "50x50-phone"])
def test_tokens_on_one_square_fan_out_and_follow_their_moves(
    open_app: Callable[..., AppPage], n: int, phone: bool
) -> None:
    """Four players start on square 1: four tokens side by side in it. Players 1 and 2 roll 3 (to square
    4, a board without jumps): player 1 alone there is centred, then both fan out there; the two left on
    square 1 fan out as two."""
    app = open_app(navigate=False, warm=True, phone=phone)
    app.page.add_init_script(dice_script([3, 3]))
    app.goto(f"#n={n}")
    panel = start_game(app, 4)
    assert len(check_fanned(app)[1]) == 4
    roll = panel.get_by_role("button", name="Roll")
    roll.click()
    expect(app.player_token(1)).to_have_attribute("data-square", "4")
    expect(panel.get_by_text("Player 2's turn")).to_be_visible()
    squares = check_fanned(app)
    assert [len(squares[1]), len(squares[4])] == [3, 1]
    roll.click()
    expect(app.player_token(2)).to_have_attribute("data-square", "4")
    expect(panel.get_by_text("Player 3's turn")).to_be_visible()
    squares = check_fanned(app)
    assert [len(squares[1]), len(squares[4])] == [2, 2]


def test_two_and_three_tokens_on_one_square_each_show(open_app: Callable[..., AppPage]) -> None:
    """Two and three players at the start of a 10×10 game on a phone: none hides another."""
    app = open_app("#n=10", phone=True)
    for players in (2, 3):
        panel = start_game(app, players)
        assert len(check_fanned(app)[1]) == players
        panel.get_by_role("button", name="End game").click()


@pytest.mark.parametrize(
    ("sixes", "rolls", "words"),
    [("plain", [1, 1, 2], "Dad wins in round 2!"), ("again", [1, 1, 6, 2], "Dad wins in round 2, on Dad's 3rd roll!")],
    ids=["one-roll-a-turn", "a-6-rolls-again"],
)
def test_the_winner_is_told_by_rounds_and_own_rolls(
    open_app: Callable[..., AppPage], sixes: str, rolls: list[int], words: str
) -> None:
    """Dad and Mum on 2×2: both roll 1 (to square 2), then Dad reaches 4 (under a sixes rule after a 6 too
    far that rolls again). It is the game's third turn but Dad's second round (the page said "3 turns")."""
    app = open_app(navigate=False, warm=True)
    app.page.add_init_script(dice_script(rolls))
    app.goto(f"#n=2&sixes={sixes}")
    app.wait_ready()
    app.workspace("play")
    panel = app.page.get_by_role("region", name="Play with real dice")
    panel.get_by_label("Number of players").select_option("2")
    panel.get_by_label("Player 1 name").fill("Dad")
    panel.get_by_label("Player 2 name").fill("Mum")
    panel.get_by_role("button", name="Start game").click()
    history = panel.get_by_role("list", name="Turns of the game, newest first").locator("li")
    for count in range(1, len(rolls) + 1):
        panel.get_by_role("button", name="Roll").click()
        expect(history).to_have_count(count)
    expect(panel).to_have_attribute("data-state", "won")
    expect(panel.locator('[data-hotseat="winner"]')).to_have_text(words)


def test_play_shows_one_count_of_players_and_the_replay_follows_it(app: AppPage) -> None:
    """A two-player game runs in Play: no other count of players shows (the Rules panel said "Players 1"),
    and the Seeded replay plays for as many players as Play with real dice is set to."""
    start_game(app, 2)
    expect(app.page.get_by_label("Players", exact=True)).to_be_hidden()
    app.page.get_by_role("button", name="End game").click()
    app.page.get_by_label("Number of players").select_option("3")
    app.page.get_by_role("button", name="Play seeded game").click()
    expect(app.page.get_by_role("list", name="Player colours").get_by_role("listitem")).to_have_count(3)
    expect(app.player_tokens).to_have_count(3)
    app.workspace("solve")
    expect(app.page.get_by_label("Players", exact=True)).to_be_visible()  # Random play's race, in Solve


def test_a_message_goes_when_it_no_longer_applies(open_app: Callable[..., AppPage]) -> None:
    """The start-up note goes at the first workspace switch (it stayed for good); an error saying why the board
    is not the link's stays across a switch and goes when the board is replaced."""
    app = open_app("#design&n=6&j=2-15")
    app.expect_message("Loaded the board from the link.")
    app.workspace("solve")
    expect(app.message).to_have_text("")
    app.goto("#design&n=6&j=2-99")
    refused = "The share link does not hold a valid board"
    expect(app.message).to_contain_text(refused)
    app.workspace("solve")
    app.workspace("design")
    expect(app.message).to_contain_text(refused)  # still why the board on screen is not the link's
    app.load_preset("LeetCode example 2 (2×2)")
    expect(app.message).to_have_text("Loaded the preset “LeetCode example 2 (2×2)”.")


def test_png_and_svg_exports_say_what_they_did(app: AppPage) -> None:
    app.wait_interactive()
    n = app.page.evaluate("document.querySelectorAll('#board [role=gridcell]').length") ** 0.5
    app.page.get_by_text("Export", exact=True).click()
    with app.page.expect_download():
        app.button("PNG image").click()
    app.expect_message(f"Downloaded snakes-ladders-{n:.0f}x{n:.0f}.png: 3,000×3,000 pixels, 10 inches wide at 300 dpi.")
    app.page.get_by_text("Export", exact=True).click()
    with app.page.expect_download():
        app.button("SVG image").click()
    app.expect_message(
        f"Downloaded snakes-ladders-{n:.0f}x{n:.0f}.svg: the board as drawn, a picture that scales to any size."
    )


# --- text as a new user reads it ---------------------------------------------------------------------


def test_the_solve_workspace_link_is_named_with_its_words_apart(app: AppPage) -> None:
    """The markup ran "Solve" into "& understand": its accessible name was "Solve& understand" wherever it is
    computed from the text (Chromium spaces the words only because CSS makes the span a flex item)."""
    link = app.page.get_by_role("link", name="Solve & understand", exact=True)
    expect(link).to_be_visible()
    expect(link).to_have_text("Solve & understand")  # the text itself, whatever the layout


def test_the_generate_dialog_names_the_rules_panel_as_titled(app: AppPage) -> None:
    """It said "the rules set in Random play", a panel titled otherwise."""
    app.wait_ready()
    gen = Generate(app).open()
    expect(gen.dialog.locator('[data-generate="rules"]')).to_contain_text(
        "under the rules chosen in “Rules for a real die” (in Solve & understand and in Play): start on square 1"
    )
    expect(app.page.get_by_role("heading", name="Rules for a real die", include_hidden=True)).to_have_count(1)


# Each text of the game-length chart against the chart's own box, in page pixels.
TEXTS_OUTSIDE_CHART = """() => {
  const chart = document.querySelector('#length-chart svg');
  const box = chart.getBoundingClientRect();
  return [...chart.querySelectorAll('text')].map((text) => [text.textContent, text.getBoundingClientRect()])
    .filter(([, r]) => r.left < box.left - 0.5 || r.top < box.top - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5)
    .map(([words, r]) => `${words}: ${Math.round(r.left)}..${Math.round(r.right)} × ${Math.round(r.top)}..${Math.round(r.bottom)}`);
}"""


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_every_text_of_the_game_length_chart_is_inside_it(open_app: Callable[..., AppPage], phone: bool) -> None:
    """The right axis's label ("Finished by then") was cut at the chart's edge."""
    app = open_app(phone=phone)
    app.wait_ready()
    app.analyze()
    expect(app.length_chart).to_be_visible(timeout=PYTHON_TIMEOUT_MS)
    assert app.page.evaluate(TEXTS_OUTSIDE_CHART) == []


def test_a_failing_numbering_board_explains_boustrophedon(open_app: Callable[..., AppPage]) -> None:
    """Practice named a learner's failing board "boustrophedon numbering …" without a word of what it is. The
    solution alternates by the row counted from the top: right on the 5×5 board on screen, wrong on even n."""
    app = open_app("#practice&n=5")
    practice = Practice(app).open()
    kind, source = WRONG["parity-from-top"]
    practice.write(source)
    practice.run()
    practice.wait_done("failed")
    expect(practice.failure.locator("h3")).to_contain_text(f"({kind}, ")
    expect(practice.failure.locator("h3")).to_contain_text(
        "boustrophedon (numbered in a zig-zag: left to right along the bottom row, right to left on the row above, "
        "and so on) numbering"
    )


MM = 96 / 25.4  # CSS pixels a millimetre

# The one-page sheet's box and the lowest box of what it holds (title, board, list), in CSS pixels.
SHEET_BOXES = """() => {
  const sheet = document.querySelector('.print-doc .sheet');
  const content = [...sheet.querySelectorAll('.sheet-body *')].map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
  const box = sheet.getBoundingClientRect();
  return { top: box.top, bottom: box.bottom, contentTop: Math.min(...content.map((r) => r.top)), contentBottom: Math.max(...content.map((r) => r.bottom)) };
}"""


def test_the_one_page_print_uses_the_page(open_app: Callable[..., AppPage]) -> None:
    """The classic board on A4 portrait: the board is as wide as the printable area and the list fills the
    rest, so no more than 30 mm is left blank at the foot (it left about a third of the page: 57 mm) and
    nothing passes the 10 mm margin."""
    app = open_app(CLASSIC_HASH)
    dialog = open_print_dialog(app)
    expect(dialog).to_have_attribute("data-sheets", "1")
    app.page.emulate_media(media="print")
    boxes = app.page.evaluate(SHEET_BOXES)
    board = app.page.locator(".print-doc .sheet .sheet-board").bounding_box()
    assert board is not None and abs(board["width"] / MM - 190) < 0.5, board
    blank_foot = (boxes["bottom"] - boxes["contentBottom"]) / MM
    blank_head = (boxes["contentTop"] - boxes["top"]) / MM
    assert 10 - 0.5 <= blank_foot <= 30, f"{blank_foot:.1f} mm blank at the foot of the page"
    assert blank_head >= 10 - 0.5, f"{blank_head:.1f} mm at the head: inside the printer's margin"
    assert len(pdf_pages(app.page, prefer_css_page_size=True)) == 1
