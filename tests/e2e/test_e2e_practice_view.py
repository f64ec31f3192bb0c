"""The Practice panel as seen: the editor's text readable in every theme, and the failing board whole on a phone."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from app_page import AppPage
from playwright.sync_api import expect
from practice_solutions import BFS
from test_e2e_practice import Practice

pytestmark = pytest.mark.e2e

# Every element of the editor that holds text directly (a token's span, a line's plain text, a line
# number), its computed colour against what is painted under it: its own background or, where that is
# transparent, the nearest ancestor's (crossing the shadow root to its host), semi-transparent layers
# composited over it. WCAG's relative luminance and contrast ratio.
EDITOR_CONTRAST = """() => {
  const host = document.querySelector('[data-practice="editor"]');
  const rgba = (text) => {
    const v = text.match(/[\\d.]+/g).map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const under = (node) => {
    const layers = [];
    for (let el = node; el; el = el.parentElement ?? el.getRootNode().host ?? null) {
      const back = rgba(getComputedStyle(el).backgroundColor);
      if (back[3] > 0) layers.push(back);
      if (back[3] === 1) break;
    }
    let colour = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) colour = [r * a + colour[0] * (1 - a), g * a + colour[1] * (1 - a), b * a + colour[2] * (1 - a)];
    return colour;
  };
  const seen = [];
  const all = host.shadowRoot.querySelectorAll(".cm-line, .cm-line *, .cm-gutterElement");
  for (const el of all) {
    const own = [...el.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim());
    if (!own) continue;
    const style = getComputedStyle(el);
    const text = [...el.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent).join("").trim();
    seen.push({ text, cls: el.className, colour: style.color, ratio: ratio(rgba(style.color), under(el)) });
  }
  return seen;
}"""


THEMES = [("auto", "light"), ("auto", "dark"), ("light", "dark"), ("dark", "light"), ("contrast", "dark")]


def test_practice_editor_text_and_tokens_have_contrast_in_every_theme(app: AppPage, subtests: pytest.Subtests) -> None:
    """The editor's text, each syntax token and the line numbers reach 4.5:1 against the background
    painted under them, in each theme and under each system setting (System follows the dark one)."""
    practice = Practice(app).open()
    practice.editor.click()  # the first line is the active line: its background is measured too
    for theme, scheme in THEMES:
        with subtests.test(msg=f"theme {theme}, system {scheme}"):
            app.page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            app.page.get_by_label("Theme").select_option(theme)
            seen = app.page.evaluate(EDITOR_CONTRAST)
            # The template's class, def, return, a comment, numbers and names are all there to measure.
            kinds = {item["cls"] for item in seen}
            assert len(seen) >= 20 and len(kinds) >= 5, kinds
            low = [f"{item['text']!r} ({item['cls']}, {item['colour']}): {item['ratio']:.2f}" for item in seen]
            assert [line for line, item in zip(low, seen, strict=True) if item["ratio"] < 4.5] == []


# Each cell of the failing boards (the squares and the LeetCode matrix) is either inside the phone's
# width or inside a box that scrolls sideways and is itself inside the width; the page never scrolls
# sideways. The list of cells that are neither.
CLIPPED_CELLS = """() => {
  const width = document.documentElement.clientWidth;
  const inside = (box) => box.left >= -0.5 && box.right <= width + 0.5;
  const scroller = (cell) => {
    for (let el = cell.parentElement; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth) return el;
    }
    return null;
  };
  const bad = [];
  for (const cell of document.querySelectorAll('[data-practice="failure"] .practice-board td')) {
    if (inside(cell.getBoundingClientRect())) continue;
    const box = scroller(cell);
    if (!box || !inside(box.getBoundingClientRect())) bad.push(cell.textContent);
  }
  if (document.documentElement.scrollWidth > width) bad.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return bad;
}"""


def test_failing_board_is_not_clipped_on_a_phone(open_app: Callable[..., AppPage]) -> None:
    """At 390 px a 10×10 failing board and its matrix are whole on screen or scroll in a box of their own."""
    app = open_app("#practice", phone=True)
    practice = Practice(app).open()
    wrong = BFS.replace(
        "        n = len(board)\n", "        n = len(board)\n        if n >= 10:\n            return -2\n", 1
    )
    assert wrong != BFS
    practice.write(wrong)
    practice.run()
    practice.wait_done("failed")
    expect(practice.board).to_be_visible()
    assert practice.board.locator("tr").count() >= 10
    assert app.page.evaluate(CLIPPED_CELLS) == []
