"""Take the README's pictures from the running app: ``python tools/docs_screenshots.py [OUT_DIR] [--workspaces]``.

Builds the site, serves it on a free port of 127.0.0.1 and drives Debian's Chromium with Playwright
(the same setup as tests/e2e), writing docs/screenshot.png, docs/analysis.png, docs/board-50.png,
docs/dark.png and one picture of each workspace at 1280x800 and 390x844 (a touch screen), light and dark:
docs/workspace-<name>-<width>-<scheme>.png. Every wait is on state the page exposes.
"""

from __future__ import annotations

import functools
import http.server
import json
import random
import sys
import threading
from pathlib import Path
from typing import Literal
from urllib.parse import quote

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))
from practice_shots import screen_context, shoot_practice  # noqa: E402  (beside this file)
from snakes_ladders.board import Board  # noqa: E402

import serve  # noqa: E402  (serve.py lives at the repository root)

CHROMIUM = "/usr/bin/chromium"
READY_MS = 120_000


def big_board_hash(n: int = 50, jumps: int = 40, seed: int = 3) -> str:
    """A share-link hash of an n×n board with random snakes and ladders 60 to 600 squares long, none
    ending where another starts."""
    rng = random.Random(seed)
    last = n * n
    used: set[int] = set()
    pairs: list[tuple[int, int]] = []
    while len(pairs) < jumps:
        start, end = rng.randint(2, last - 1), rng.randint(2, last - 1)
        if start in used or end in used or not 60 <= abs(start - end) <= 600:
            continue
        used.update((start, end))
        pairs.append((start, end))
    return f"#n={n}&j=" + ".".join(f"{s}-{e}" for s, e in pairs)


def solved(page: Page) -> None:
    """Press Solve and wait for the whole route to have played (Skip to end)."""
    page.wait_for_selector("#engine[data-engine=ready]", timeout=READY_MS)
    page.click("#solve-button")
    page.wait_for_selector("#playback[data-animation=playing], #playback[data-animation=done]", timeout=READY_MS)
    if page.locator("#skip-route").is_enabled():
        page.click("#skip-route")
    page.wait_for_selector("#playback[data-animation=done]")


WORKSPACES = ("design", "solve", "practice", "play")
SIZES = ((1280, 800), (390, 844))


def classic_hash() -> str:
    """The share-link text of the Classic 10×10 preset (data/presets.json)."""
    presets = json.loads((ROOT / "data" / "presets.json").read_text(encoding="utf-8"))
    rows = next(preset["board"] for preset in presets if preset["id"] == "classic_10x10")
    board = Board.from_matrix(rows)
    return f"n={board.n}&j=" + ".".join(f"{start}-{end}" for start, end in sorted(board.jumps.items()))


def ready_workspace(page: Page, workspace: str) -> None:
    """Put `workspace` in the state a visitor sees it working: a solved route, an editor, a game."""
    if workspace == "solve":
        solved(page)
        page.evaluate("() => window.scrollTo(0, 0)")
    elif workspace == "practice":
        page.wait_for_selector("#practice-panel[data-state=idle]", timeout=READY_MS)
    elif workspace == "play":
        page.wait_for_selector("#engine[data-engine=ready]", timeout=READY_MS)
        page.click("[data-hotseat=start]")
        page.wait_for_selector("#hotseat[data-state=playing]", timeout=READY_MS)
        for turns in range(1, 5):
            page.click("[data-hotseat=roll]")
            page.wait_for_function(
                "turns => document.querySelectorAll('[data-hotseat=history] li').length >= turns "
                "&& !document.querySelector('[data-hotseat=roll]').disabled",
                arg=turns,
                timeout=READY_MS,
            )
        page.evaluate("() => window.scrollTo(0, 0)")


def shoot_workspaces(browser: Browser, url: str, out: Path) -> None:
    board = classic_hash()
    for scheme in ("light", "dark"):
        for width, height in SIZES:
            for workspace in WORKSPACES:
                context = screen_context(browser, width, height, scheme)
                page = context.new_page()
                page.goto(f"{url}#{workspace}&{board}")
                page.wait_for_selector("body[data-ready=true]")
                ready_workspace(page, workspace)
                page.screenshot(path=out / f"workspace-{workspace}-{width}-{scheme}.png")
                context.close()


CLASSIC_BOARD = (  # the classic 10×10 preset's share-link text
    "n=10&j=4-14.9-31.16-6.21-42.28-84.36-44.48-26.49-11.51-67.56-53.62-19.64-60.71-91.80-100.87-24.93-73.95-75.98-78"
)


def shoot_print(browser: Browser, url: str, out: Path) -> None:
    """docs/poster-sheet.png and docs/card-sheet.png: a poster's first sheet and a sheet of question cards
    from the Print dialog, as printed (print emulation), one A4 page at 96 pixels an inch."""
    cards = "\n".join(
        [
            "What is 3 + 4? | 7",
            "Name an animal that climbs | a cat",
            "Spell snake backwards | ekans",
            "How many squares on a 10×10 board? | 100",
            "Which is longer, the longest snake or the longest ladder?",
            "What do two sixes add up to? | 12",
            "Say a word that rhymes with ladder | adder",
            "Count the ladders on the board | 9",
        ]
    )
    notes = quote("5.1.Bonus\n22.2.Quiz\n47.3.Sing a song")
    words = f"&t={notes}&d1={quote(cards)}&d2={quote('Name a colour | red')}"
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{url}#{CLASSIC_BOARD}{words}")
    page.wait_for_selector("body[data-ready=true]")
    page.get_by_text("Export", exact=True).click()
    page.locator("[data-export=print]").click()
    dialog = page.get_by_role("dialog", name="Print")
    dialog.get_by_label("Layout", exact=True).select_option(label="Poster, 2×2 sheets")
    dialog.get_by_label("Question cards and an answer sheet").check()
    page.wait_for_selector("#print-dialog[data-state=ready]")
    page.emulate_media(media="print")
    page.locator(".sheet[data-label=A1]").screenshot(path=out / "poster-sheet.png")
    page.locator(".sheet[data-kind=cards]").first.screenshot(path=out / "card-sheet.png")
    context.close()


QUESTION_TASKS = [  # an 8×8 classroom board: a task on every square, from square 1 up
    "Start!",
    "Count to 10",
    "Name a fruit",
    "2 + 3 = ?",
    "Hop on one foot",
    "Spell CAT",
    "Clap 5 times",
    "Name a colour",
    "4 + 4 = ?",
    "Say hello in French",
    "Name a bird",
    "Oh no! Slide down",
    "What is 10 − 7?",
    "Touch your toes",
    "Rhyme with dog",
    "Name a shape",
    "Sing a song",
    "3 × 2 = ?",
    "Name an ocean",
    "Spell MOON backwards",
    "Miss a turn",
    "Name a planet",
    "Count the ladders",
    "Say a long word",
    "9 − 4 = ?",
    "Name a tree",
    "Make an animal sound",
    "Oh no!",
    "Name three insects",
    "What day is today?",
    "Hop to the door",
    "Name a vegetable",
    "6 + 6 = ?",
    "Draw a star",
    "Name a month",
    "Spell SNAKE",
    "Jump three times",
    "Name a country",
    "Climb! Roll again",
    "5 × 5 = ?",
    "Name a dinosaur",
    "Say the alphabet from J",
    "Oh no! Back you go",
    "Name an instrument",
    "What is half of 20?",
    "Whistle a tune",
    "Name a farm animal",
    "Spell LADDER",
    "7 + 8 = ?",
    "Name a river",
    "Tell a joke",
    "Name a job",
    "Count back from 10",
    "Name a sport",
    "12 − 5 = ?",
    "Name something cold",
    "Name a breakfast food",
    "Spin around",
    "Name a body part",
    "100 − 1 = ?",
    "Name a superhero",
    "Final question!",
    "Almost there",
    "Finish!",
]


def question_board_hash() -> str:
    """The share-link text of an 8×8 question board: a task on each square, symbols tied to decks."""
    symbols = {3: 1, 9: 2, 13: 1, 18: 3, 25: 2, 33: 1, 40: 4, 45: 3, 49: 2, 55: 1, 61: 5}
    notes = "\n".join(f"{square}.{symbols.get(square, 0)}.{task}" for square, task in enumerate(QUESTION_TASKS, 1))
    decks = {1: "What is 3 + 4? | 7\nName an animal that climbs | a cat", 2: "Name a colour | red", 3: "Sing a song"}
    jumps = "4-14.9-31.16-6.21-42.28-10.36-44.48-26.50-60.62-19.58-38"
    return f"n=8&j={jumps}&t={quote(notes)}" + "".join(f"&d{k}={quote(v)}" for k, v in decks.items())


def shoot_question_board(browser: Browser, url: str, out: Path) -> None:
    """docs/question-board.png: the 8×8 question board in Design at 1280×800."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{url}#design&{question_board_hash()}")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector("#board .notes .note-text text", state="attached")
    page.screenshot(path=out / "question-board.png")
    context.close()


def shoot(url: str, out: Path) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])

        def page_for(fragment: str, scheme: Literal["light", "dark"] = "light") -> Page:
            context = browser.new_context(
                viewport={"width": 1280, "height": 900}, color_scheme=scheme, reduced_motion="reduce"
            )
            page = context.new_page()
            page.goto(url + fragment)
            page.wait_for_selector("body[data-ready=true]")
            return page

        page = page_for("")
        solved(page)
        page.screenshot(path=out / "screenshot.png")

        page = page_for("#design")
        page.get_by_role("combobox", name="Preset").select_option(
            label=serve.PRESETS["rules/classic_10x10_classic_rules"]
        )
        page.get_by_role("navigation", name="Workspaces").get_by_role("link", name="Solve").click()
        page.get_by_label("Players", exact=True).fill("2")
        page.get_by_label("Players", exact=True).press("Enter")
        page.wait_for_selector("#engine[data-engine=ready]", timeout=READY_MS)
        page.click("#analyze")
        page.wait_for_selector("#heatmap:not([disabled])", timeout=READY_MS)
        page.click("#heatmap")
        page.locator("#random-heading").scroll_into_view_if_needed()
        page.evaluate("() => window.scrollTo(0, document.getElementById('random-heading').offsetTop - 30)")
        page.screenshot(path=out / "analysis.png")

        page = page_for(big_board_hash())
        solved(page)
        page.screenshot(path=out / "board-50.png")

        page = page_for("#design", scheme="dark")
        page.get_by_role("combobox", name="Preset").select_option(label=serve.PRESETS["classic_10x10"])
        page.get_by_role("navigation", name="Workspaces").get_by_role("link", name="Solve").click()
        solved(page)
        page.screenshot(path=out / "dark.png")
        shoot_workspaces(browser, url, out)
        shoot_print(browser, url, out)
        shoot_practice(browser, url, out)
        shoot_question_board(browser, url, out)
        browser.close()


def main() -> None:
    args = [arg for arg in sys.argv[1:] if arg != "--workspaces"]
    only_workspaces = len(args) < len(sys.argv) - 1  # --workspaces: only the workspace pictures
    out = Path(args[0]) if args else ROOT / "docs"
    site = serve.build(ROOT / "dist")
    handler = functools.partial(serve.Handler, directory=str(site), quiet=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        if only_workspaces:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                shoot_workspaces(browser, url, out)
                browser.close()
        else:
            shoot(url, out)
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
