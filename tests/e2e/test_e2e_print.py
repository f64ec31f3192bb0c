"""Printing: the page's own print of a solved board, and the Print dialog's sheets.

Every layout is checked on the PDF Chromium makes of it (``page.pdf(prefer_css_page_size=True)``): how
many pages and each page's size, read from its /MediaBox. On paper nothing is to be pressed: in print
emulation no button, input, select or textarea is visible.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.e2e

CLASSIC_HASH = (
    "#n=10&j=4-14.9-31.16-6.21-42.28-84.36-44.48-26.49-11.51-67.56-53.62-19.64-60.71-91.80-100.87-24.93-73.95-75.98-78"
)
# Two decks (★ and ◆), 9 + 2 cards, one card without an answer; a note on square 5 so the board has words.
STAR_CARDS = [f"What is {i} + {i}? | {2 * i}" for i in range(1, 9)] + ["Hop on one foot three times"]
DIAMOND_CARDS = ["Name a colour | red", "What comes after 9? | 10"]
DECKS = f"&t={quote('5.1.Bonus')}&d1={quote(chr(10).join(STAR_CARDS))}&d2={quote(chr(10).join(DIAMOND_CARDS))}"
PAPER_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4), "A3": (297.0, 420.0)}
MEDIA_BOX = re.compile(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]")
PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?!s)")
INTERACTIVE = "button:visible, input:visible, select:visible, textarea:visible, [contenteditable]:visible"


def pdf_pages(page: Page, **options: object) -> list[tuple[float, float]]:
    """The PDF of the page as printed: each page's width and height in millimetres, from its /MediaBox."""
    page.emulate_media(media="print")
    data = page.pdf(**options)  # type: ignore[arg-type]
    boxes = [(float(x1) - float(x0), float(y1) - float(y0)) for x0, y0, x1, y1 in MEDIA_BOX.findall(data)]
    assert len(boxes) == len(PAGE_OBJECT.findall(data)), "a page without a /MediaBox of its own"
    return [(w * 25.4 / 72, h * 25.4 / 72) for w, h in boxes]


def expect_size(pages: list[tuple[float, float]], paper: str, orientation: str) -> None:
    width, height = PAPER_MM[paper]
    if orientation == "Landscape":
        width, height = height, width
    for index, (w, h) in enumerate(pages):
        assert abs(w - width) < 0.5 and abs(h - height) < 0.5, f"page {index + 1}: {w:.1f}×{h:.1f} mm, not {paper}"


def expect_nothing_interactive(page: Page) -> None:
    page.emulate_media(media="print")
    visible = page.locator(INTERACTIVE)
    names = [f"{el.evaluate('e => e.outerHTML.slice(0, 80)')}" for el in visible.all()]
    assert not names, f"visible on paper: {names}"


def open_print_dialog(app: AppPage) -> Locator:
    app.page.get_by_text("Export", exact=True).click()
    app.page.locator("[data-export=print]").click()
    dialog = app.page.get_by_role("dialog", name="Print")
    expect(dialog).to_be_visible()
    return dialog


# --- the page's own print ----------------------------------------------------------------


def test_a_solved_board_prints_on_one_page_at_a4_and_letter(open_app: Callable[..., AppPage]) -> None:
    app = open_app(CLASSIC_HASH)
    app.solve()
    app.expect_moves(7)
    app.skip_animation()
    for paper in ("A4", "Letter"):
        pages = pdf_pages(app.page, format=paper)
        assert len(pages) == 1, f"{paper}: {len(pages)} pages"
        expect_size(pages, paper, "Portrait")
    expect_nothing_interactive(app.page)
    expect(app.board).to_be_visible()
    expect(app.page.locator("#practice-panel, #practice")).to_be_hidden()
    expect(app.moves.first).to_be_visible()
    # The Solve heading comes under the jumps list, not over it.
    jumps = app.page.locator("#print-sheet").bounding_box()
    heading = app.page.locator("#solve-heading").bounding_box()
    assert jumps and heading and heading["y"] >= jumps["y"] + jumps["height"], (jumps, heading)


def long_route_hash(n: int = 50, jumps: int = 40, seed: int = 3) -> str:
    """An n×n board with random snakes and ladders 60 to 600 squares long, none ending where another starts
    (tools/docs_screenshots.py's 50×50 board: a 99-move route)."""
    rng = random.Random(seed)
    used: set[int] = set()
    pairs: list[tuple[int, int]] = []
    while len(pairs) < jumps:
        start, end = rng.randint(2, n * n - 1), rng.randint(2, n * n - 1)
        if start in used or end in used or not 60 <= abs(start - end) <= 600:
            continue
        used.update((start, end))
        pairs.append((start, end))
    return f"#n={n}&j=" + ".".join(f"{s}-{e}" for s, e in pairs)


def test_a_long_route_and_forty_jumps_still_print_on_one_page(open_app: Callable[..., AppPage]) -> None:
    app = open_app(long_route_hash())
    app.solve()
    app.expect_moves(99)
    for paper in ("A4", "Letter"):
        pages = pdf_pages(app.page, format=paper)
        assert len(pages) == 1, f"{paper}: {len(pages)} pages"
    expect_nothing_interactive(app.page)
    expect(app.moves.last).to_be_visible()


# --- the Print dialog --------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    paper: str
    orientation: str
    style: str
    layout: str
    extras: tuple[str, ...] = ()
    kinds: list[str] = field(default_factory=list)
    hide_numbers: bool = False  # the share link's hide=1: the board printed without its square numbers


LAYOUTS = [
    Layout("A4", "Portrait", "Colour", "One page", kinds=["board"]),
    Layout("Letter", "Landscape", "Ink-saver", "One page", kinds=["board"], hide_numbers=True),
    Layout("A3", "Portrait", "Colouring-in", "Poster, 2×2 sheets", kinds=["poster"] * 4, hide_numbers=True),
    Layout("A4", "Landscape", "Colour", "Poster, 3×3 sheets", kinds=["poster"] * 9),
    Layout(
        "Letter",
        "Portrait",
        "Colouring-in",
        "One page",
        ("Cut-out tokens", "A die to fold", "Question cards", "The solution"),
        ["board", "tokens", "die", "cards", "cards", "answers", "solution"],
    ),
]


def choose(dialog: Locator, layout: Layout) -> None:
    for label, value in [
        ("Paper", layout.paper),
        ("Orientation", layout.orientation),
        ("Style", layout.style),
        ("Layout", layout.layout),
    ]:
        dialog.get_by_label(label, exact=True).select_option(label=value)
    for extra in layout.extras:
        dialog.get_by_label(re.compile(f"^{re.escape(extra)}")).check()
    expect(dialog).to_have_attribute("data-state", "ready", timeout=PYTHON_TIMEOUT_MS)


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda lay: f"{lay.layout}-{lay.paper}-{lay.orientation}-{lay.style}")
def test_print_dialog_layouts_are_whole_pages_of_the_paper_chosen(
    open_app: Callable[..., AppPage], layout: Layout
) -> None:
    app = open_app(CLASSIC_HASH + DECKS + ("&hide=1" if layout.hide_numbers else ""))
    dialog = open_print_dialog(app)
    expect(dialog.get_by_label(re.compile("^The solution"))).not_to_be_checked()  # off by default
    choose(dialog, layout)
    expect(dialog).to_have_attribute("data-sheets", str(len(layout.kinds)))
    sheets = app.page.locator(".print-doc .sheet")
    assert [sheets.nth(i).get_attribute("data-kind") for i in range(sheets.count())] == layout.kinds
    pages = pdf_pages(app.page, prefer_css_page_size=True)
    assert len(pages) == len(layout.kinds), f"{len(pages)} pages for {len(layout.kinds)} sheets"
    expect_size(pages, layout.paper, layout.orientation)
    expect_nothing_interactive(app.page)
    expect(sheets.first).to_be_visible()
    expect_square_words(sheets, layout)
    if "poster" in layout.kinds:
        expect_poster(sheets, layout)
    if layout.extras:
        expect_extras(app.page)
    app.page.emulate_media(media="screen")
    dialog.get_by_role("button", name="Close").click()
    expect(app.page.locator(".print-doc")).to_have_count(0)


def expect_square_words(sheets: Locator, layout: Layout) -> None:
    """The board's sheet (a poster's bottom left sheet, where square 5 is) holds square 5's note, its text and
    symbol, as SVG text; its square numbers are there unless the board hides them (hide=1)."""
    index = 0 if layout.kinds[0] == "board" else len(layout.kinds) - round(len(layout.kinds) ** 0.5)
    texts = [text.strip() for text in sheets.nth(index).locator("svg text").all_text_contents()]
    assert "Bonus" in texts and "★" in texts, f"sheet {index + 1} has no note on square 5: {texts[:12]}"
    numbers = [text for text in texts if text.isdigit()]
    if layout.hide_numbers:
        assert not numbers, f"sheet {index + 1} shows square numbers with Hide numbers set: {numbers[:12]}"
    else:
        assert {"1", "5", "100"} <= set(numbers), f"sheet {index + 1} lacks square numbers: {numbers[:12]}"


def expect_poster(sheets: Locator, layout: Layout) -> None:
    k = 2 if "2×2" in layout.layout else 3
    labels = [sheets.nth(i).get_attribute("data-label") for i in range(k * k)]
    assert labels == [f"{row}{col}" for row in "ABC"[:k] for col in range(1, k + 1)]
    width_mm = (PAPER_MM[layout.paper][0 if layout.orientation == "Portrait" else 1]) - 20
    boxes = [
        [float(v) for v in (sheets.nth(i).locator("svg.poster-window").get_attribute("viewBox") or "").split()]
        for i in (0, 1)
    ]
    (x1, _, w1, _), (x2, _, _, _) = boxes
    overlap = (x1 + w1 - x2) / w1 * width_mm
    assert abs(overlap - 10) < 0.01, f"A1 and A2 share {overlap:.2f} mm"
    for i in range(k * k):
        expect(sheets.nth(i).locator(".crop")).to_have_count(1)
        assert sheets.nth(i).locator(".align").count() >= 2  # crosshairs in each overlap strip


def expect_extras(page: Page) -> None:
    tokens = page.locator(".token-cutout")
    expect(tokens).to_have_count(4)
    expect(tokens.locator(".fold")).to_have_count(12)
    faces = page.locator(".die-face")
    expect(faces).to_have_count(6)
    pips = {int(faces.nth(i).get_attribute("data-pips") or 0): faces.nth(i).locator(".pip").count() for i in range(6)}
    assert pips == {n: n for n in range(1, 7)}
    cards = page.locator(".card")
    expect(cards).to_have_count(len(STAR_CARDS) + len(DIAMOND_CARDS))
    expect(cards.first).to_contain_text("★")
    expect(cards.first).to_contain_text("What is 1 + 1?")
    expect(cards.first).not_to_contain_text("2")  # the answer is on the answer sheet, not the card
    expect(page.locator(".card[data-symbol='◆']")).to_have_count(2)
    answers = page.locator(".answer-list li")
    expect(answers).to_have_count(len(STAR_CARDS) + len(DIAMOND_CARDS))
    expect(answers.first).to_have_text("★ 1. What is 1 + 1? — 2")
    expect(answers.nth(8)).to_contain_text("(no answer given)")
    solution = page.locator(".sheet[data-kind=solution]")
    expect(solution.locator(".sheet-title")).to_have_text("Solution: 7 moves at the fewest")
    expect(solution.locator(".sheet-list li")).to_have_count(7)
