"""Words and symbols on squares: the fields in Board settings, undo/redo, reload, share
link, My boards, the SVG export and the board document's JSON round trip, and hostile text drawn as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from app_page import AppPage
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

SVG = "{http://www.w3.org/2000/svg}"
TASK = "Say a word that rhymes with cat 🐈‍⬛"
HOSTILE = "<img src=x onerror=__owned=1></svg>\u202eevil"


def design(app: AppPage) -> None:
    """Show the Design workspace, where the fields are (when the page has workspaces)."""
    link = app.page.locator('#workspaces a[data-workspace="design"]')
    if link.count():
        link.click()
    expect(app.page.get_by_label("Square text", exact=True)).to_be_visible()


def set_note(app: AppPage, square: int, text: str | None = None, symbol: str | None = None) -> None:
    app.page.get_by_label("Square", exact=True).fill(str(square))
    if text is not None:
        field = app.page.get_by_label("Square text", exact=True)
        field.fill(text)
        field.press("Enter")  # a text field's "change": one undoable step
    if symbol is not None:
        app.page.get_by_label("Symbol", exact=True).select_option(symbol)


def drawn_notes(app: AppPage) -> dict[str, str]:
    """The board's notes layer as drawn: square -> its lines joined by spaces and its symbol."""
    return app.page.evaluate(
        """() => {
          const out = {};
          const own = (text) => [...text.childNodes].filter((child) => child.nodeType === 3).map((child) => child.data).join("");
          for (const node of document.querySelectorAll("#board .notes [data-square]")) {
            const lines = [...node.querySelectorAll(":scope > text"), ...(node.matches("text") ? [node] : [])];
            const words = lines.map(own).join(" ");
            out[node.dataset.square] = ((out[node.dataset.square] ?? "") + " " + words).trim();
          }
          return out;
        }"""
    )


def exported_svg_text(app: AppPage) -> list[str]:
    root = app.exported_svg()
    # A text's own characters: before and after its <title> (a symbol carries one).
    return ["".join([text.text or "", *(child.tail or "" for child in text)]) for text in root.iter(f"{SVG}text")]


def test_square_words_survive_undo_reload_link_library_export_and_json(open_app: Callable[..., AppPage]) -> None:
    app = open_app("#n=6")
    design(app)
    set_note(app, 7, TASK, "★")
    set_note(app, 12, symbol="●")
    app.expect_message("Square 12 has the symbol ●.")  # a symbol alone: no empty quotes for the words
    notes = drawn_notes(app)
    assert notes["12"] == "●"
    assert notes["7"].endswith("★") and "rhymes" in notes["7"], notes
    expect(app.square(7)).to_have_attribute("aria-description", f"{TASK}, symbol ★")

    app.button("Undo").click()  # the ● on square 12
    assert "12" not in drawn_notes(app) and "7" in drawn_notes(app)
    app.button("Redo").click()
    assert drawn_notes(app)["12"] == "●"

    # Selecting a square on the board puts it in the fields.
    app.square(8).click()
    expect(app.page.get_by_label("Square", exact=True)).to_have_value("8")
    app.button("Cancel").click()

    app.page.get_by_label("Hide numbers").check()
    expect(app.square_number(3)).to_be_hidden()
    deck = app.page.get_by_label(re.compile(r"^★ deck"))
    deck.fill("What is 3 + 4? | 7\n | no question\nName a mammal")
    deck.blur()
    expect(app.page.locator(".deck[data-symbol='★'] .deck-problems li")).to_have_text(
        ['Line 2: there is no question before "|".']
    )
    expect(deck).to_have_attribute("aria-describedby", re.compile("deck-0-problems"))

    app.reload()
    design(app)
    assert drawn_notes(app) == notes | {"12": "●"}
    expect(app.square_number(3)).to_be_hidden()
    expect(app.page.get_by_label(re.compile(r"^★ deck"))).to_have_value(
        "What is 3 + 4? | 7\n| no question\nName a mammal"
    )

    # The address is the share link: a second visitor gets the words, the switch and the deck.
    link = app.page.url
    assert "t=" in link and "hide=1" in link and "d1=" in link
    other = open_app(link[link.index("#") :])
    assert drawn_notes(other) == drawn_notes(app)
    other.close()

    # My boards keeps them; opening the entry brings them back after an edit.
    app.page.locator('[data-library="name"]').fill("Rhymes")
    app.page.locator('[data-library="save"]').click()
    expect(app.page.locator('[data-library="status"]')).to_have_text("Saved “Rhymes”.")
    set_note(app, 7, "")
    assert drawn_notes(app).get("7") == "★"
    app.page.get_by_role("button", name="Open “Rhymes”").click()
    assert drawn_notes(app)["7"].endswith("★") and "rhymes" in drawn_notes(app)["7"]

    texts = exported_svg_text(app)
    assert "★" in texts and "●" in texts
    assert "rhymes" in " ".join(texts)
    assert not {str(square) for square in range(1, 37)} & set(texts)  # the numbers are hidden

    # The board document: shown in Board JSON, loaded back after the words were changed.
    app.button("Board document").click()
    document = json.loads(app.board_json.input_value())
    assert document["format"] == "snakes-ladders-board" and document["version"] == 1
    assert document["notes"]["7"] == {"text": TASK, "symbol": "★"} and document["hideNumbers"] is True
    assert document["decks"]["★"].startswith("What is 3 + 4?")
    app.page.get_by_label("Hide numbers").uncheck()
    set_note(app, 12, symbol="")
    app.load_json(json.dumps(document))
    expect(app.page.locator("#json-status")).to_have_text(re.compile(r"Loaded a 6×6 board .* and 2 squares with words"))
    assert drawn_notes(app)["12"] == "●"
    expect(app.page.get_by_label("Hide numbers")).to_be_checked()
    app.button("Undo").click()  # the load is one step
    assert "12" not in drawn_notes(app)


def test_bad_board_documents_name_the_field_and_square(app: AppPage) -> None:
    design(app)
    good = {"format": "snakes-ladders-board", "version": 1, "n": 2, "board": [[-1, -1], [-1, -1]]}
    bad = {
        "too long": ({"notes": {"3": {"text": "x" * 41}}}, r'"notes": Square 3: its text is 41 characters long'),
        "off the board": ({"notes": {"9": {"text": "hi"}}}, r'"notes": "9" is not a square of this board \(1 to 4\)'),
        "bad symbol": ({"notes": {"2": {"symbol": "X"}}}, r'"notes": Square 2: its symbol "X" is not one of'),
        "unknown field": ({"colour": 1}, r'"colour" is not a field of a board document'),
        "version": ({"version": 2}, r'"version" 2 is not one this page reads'),
        "deck": ({"decks": {"Z": "q"}}, r'"decks": "Z" is not one of the symbols'),
    }
    before = app.matrix.text_content()
    for changes, message in bad.values():
        app.board_json.fill(json.dumps(good | changes))
        app.button("Load board").click()
        expect(app.page.locator("#json-status")).to_have_text(re.compile(message))
        assert app.matrix.text_content() == before


def test_hostile_text_is_text_and_long_text_is_refused_by_square(app: AppPage) -> None:
    design(app)
    set_note(app, 5, HOSTILE)
    app.expect_message(re.compile(r"Square 5: removed 1 control or text-direction character"))
    expect(app.page.locator("#board img")).to_have_count(0)
    assert app.page.evaluate("() => window.__owned") is None
    drawn = app.page.locator("#board .notes text").all_text_contents()
    assert "\u202e" not in "".join(drawn) and "onerror" in "".join(drawn)
    texts = exported_svg_text(app)
    assert "onerror" in "".join(texts) and not any("\u202e" in text for text in texts)

    set_note(app, 6, "y" * 10_000)
    app.expect_message(
        "Square 6: its text is at least 1,280 characters long (only its beginning was counted); a square holds at most 40."
    )
    expect(app.page.get_by_label("Square text", exact=True)).to_have_attribute("aria-invalid", "")
    # A family emoji is one character: 40 of them fit.
    set_note(app, 6, "👨‍👩‍👧" * 40)
    assert drawn_notes(app)["6"].endswith("…")
    # A lone surrogate (pasted half of an emoji) cannot cross to Python as text: typed in the page.
    app.page.get_by_label("Square text", exact=True).evaluate(
        "(field) => { field.value = '\\ud800 lone'; field.dispatchEvent(new Event('change')); }"
    )
    assert drawn_notes(app)["6"] == "lone"


def test_text_shows_where_legible_and_symbols_always(open_app: Callable[..., AppPage]) -> None:
    # A 20×20 board: a square is 1/20 of the board, under the 1/15 the text needs, until zoomed in.
    app = open_app("#n=20&t=" + "%0A".join(f"{square}.1.Task {square}" for square in (5, 390)))
    texts = app.page.locator("#board .notes .note-texts")
    expect(app.page.locator("#board .notes")).to_have_attribute("data-legible", "false")
    expect(texts).to_have_attribute("display", "none")
    expect(app.page.locator("#board .notes .note-symbol")).to_have_count(2)
    app.page.get_by_role("button", name="Zoom in").click()  # 1.5×: 13.3 squares across
    expect(app.page.locator("#board .notes")).to_have_attribute("data-legible", "true")
    expect(texts).not_to_have_attribute("display", "none")
    app.page.get_by_role("button", name="Fit the board").click()
    expect(texts).to_have_attribute("display", "none")
    # The SVG export holds the text whatever the zoom.
    assert "Task 390" in " ".join(exported_svg_text(app))


def test_the_square_words_selected_is_let_go_when_leaving_design(app: AppPage) -> None:
    """Under Words a click selects the square to write on; another workspace shows no square as selected, and
    coming back to Design the square is not selected either (a Jumps selection of Pan is kept as before)."""
    app.wait_ready()
    app.tool("Words")
    app.square(23).click()
    expect(app.square(23)).to_have_class(re.compile(r"\bselected\b"))
    expect(app.page.get_by_label("Square", exact=True)).to_have_value("23")
    for workspace in ("solve", "play", "practice"):
        app.workspace(workspace)
        expect(app.page.locator("#board .cell.selected")).to_have_count(0)
        app.workspace("design")
        app.square(23).click()  # Words is still the tool: select again, then leave again
        expect(app.square(23)).to_have_class(re.compile(r"\bselected\b"))
    app.tool("Pan")
    expect(app.square(23)).to_have_class(re.compile(r"\bselected\b"))  # a tool change within Design keeps it
