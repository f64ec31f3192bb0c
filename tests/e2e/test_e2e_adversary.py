"""Adversarial inputs against the words on squares in the page: a 20x20 board with words on
all 400 squares and six full decks (120,000 characters of cards: past what an address is read back with), characters XML has no room for, reloads of a board whose words
outgrow the address.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from app_page import AppPage
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

SYMBOLS = ["★", "◆", "●", "▲", "■", "♥"]


def big_document(n: int = 20) -> dict[str, object]:
    """A board document with a 40-character note and a symbol on every square and six 20,000-character decks."""
    notes = {
        str(square): {"text": f"{square} mmmm wwww 👨‍👩‍👧 llll iiii MMMM"[:40], "symbol": SYMBOLS[square % 6]}
        for square in range(1, n * n + 1)
    }
    line = "What is seven times eight, in words? | fifty-six\n"
    decks = {symbol: (line * (20_000 // len(line)))[:20_000] for symbol in SYMBOLS}
    board = [[-1] * n for _ in range(n)]
    return {"format": "snakes-ladders-board", "version": 1, "n": n, "board": board, "notes": notes, "decks": decks}


def svg_texts(app: AppPage) -> list[str]:
    root = app.exported_svg()  # raises on a character XML has no room for
    return ["".join(text.itertext()) for text in root.iter("{http://www.w3.org/2000/svg}text")]


def test_words_on_every_square_and_full_decks(open_app: Callable[..., AppPage]) -> None:
    app = open_app("#design&n=6")
    app.wait_ready()
    text = json.dumps(big_document())
    app.load_json(text)
    expect(app.page.locator("#board .notes .note-symbol")).to_have_count(400)
    expect(app.page.locator("#board .notes .note-text")).to_have_count(400)
    app.page.get_by_label("Square", exact=True).fill("7")
    field = app.page.get_by_label("Square text", exact=True)
    field.fill("changed")
    field.press("Enter")
    expect(app.page.locator('#board .notes .note-text[data-square="7"] text')).to_have_text("changed")
    # The words are past what a link can be read back with (100,000 characters): the address holds no
    # board, so a reload finds the saved copy rather than refusing the address as "too long to be a board".
    expect(app.page.locator("body")).to_have_attribute("data-saved", "yes")
    assert app.page.evaluate("() => location.hash") == "#design"
    # U+FFFF is no XML character: it is dropped, so the SVG export stays a file an XML parser reads.
    field.fill("odd\uffffend")
    field.press("Enter")
    expect(app.page.locator('#board .notes .note-text[data-square="7"] text')).to_have_text("oddend")
    texts = svg_texts(app)
    assert "oddend" in texts and len(texts) >= 800  # a text and a symbol a square
    app.reload()
    expect(app.page.locator("#board .notes .note-symbol")).to_have_count(400)
    expect(app.page.locator("#message")).to_have_text("Restored your last board.")
    expect(app.page.locator('#board .notes .note-text[data-square="7"] text')).to_have_text("oddend")


def test_a_stored_board_of_an_impossible_size_is_dropped_not_drawn(app: AppPage) -> None:
    # Written by another tab, an old version or by hand: a board of 100,000,000 squares a side. Its
    # thumbnail's grid alone is a loop over n; the list must stay drawable and keep the good board.
    good = {"id": "b1", "name": "Good", "n": 3, "jumps": [[2, 8]], "rules": {}, "moves": None}
    huge = {"id": "b2", "name": "Huge", "n": 100_000_000, "jumps": [], "rules": {}, "moves": None}
    app.page.evaluate("(list) => localStorage.setItem('snakes-ladders:library:v1', JSON.stringify(list))", [huge, good])
    app.reload().wait_ready()  # My boards opens once Python has loaded
    items = app.page.locator("#library .library-item")
    expect(items).to_have_count(1, timeout=20_000)
    expect(items.first).to_contain_text("Good")
