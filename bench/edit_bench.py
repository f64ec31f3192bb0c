#!/usr/bin/env python3
"""Page speed on large boards: edits, loading a share link, Solve, and a long route's time.

    .venv/bin/python bench/edit_bench.py                 10 repetitions per edit (about 3 minutes)
    .venv/bin/python bench/edit_bench.py --reps 20       more repetitions
    .venv/bin/python bench/edit_bench.py --no-route      skip the route times (they take 30 s and more each)

bench/page_bench.py runs this too (after its own rows; `--no-edits` skips it).  A benchmark, not a test:
nothing here asserts on time.

The boards: the "dense family", a seeded n×n board (n = 10 and 50) with 30% of its squares holding a
jump, valid under the editor's placement rules (no jump starts on square 1 or n², one jump per start, no
end on another jump's start, so none is chained) and whose goal can be reached, so Solve draws a route.

How an edit is timed, in the page: a capture listener on `window` for the input event that makes the edit
(`pointerup` for a click on the board, `click` for Undo and Redo, `keydown` for Delete) reads
`performance.now()` as the event's dispatch begins, before any of the page's own listeners, then asks for
a `requestAnimationFrame` callback, which runs once the page's handlers are done, at the start of the next
frame, and that callback posts a message to itself (MessageChannel): the message arrives after that
frame's style, layout and paint.  The figure is that message's `performance.now()` minus the event's.
Between two timed edits the bench waits until the page is quiet: 300 ms with no gap between frames over
50 ms (so the Python check of the previous edit has come back and been drawn).  Edits:
select = a click that selects a square; place = a click on the end square with a start selected; move = a
click on a new end with a jump's start selected; delete = Delete with a jump's start selected; undo and
redo = a click on Undo and Redo (undoing and redoing that delete).

Load: a new tab opens the board's share link; the figure is the time from navigation start to the message
posted from the first animation frame after the page's `board-interactive` mark (the board is drawn in the
same task that marks it).  Each new tab is a fresh browser context, so a first visit.  The same tabs also
give the time to Python ready (the page's `python-ready` mark): no target, but Python's start is held
until a large board is drawn, and this shows what that costs it.  Solve: a click on Solve to the message
after the first frame after the `solve-shown` mark (the answer, the marks and the route are drawn in
that mark's task).

Route: an empty board at the default speed and full motion, Solve, then the wall clock (performance.now())
from the playback row's `data-animation` becoming "playing" to "done".
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "py"))

import page_bench as pb
from playwright.sync_api import Page, Playwright, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from snakes_ladders import min_moves

DENSITY = 0.30
SIZES = (10, 50)
EDITS = ("select", "place", "move", "delete", "undo", "redo")
ROUTE_SIZES = (20, 50)
DEFAULT_RESULTS = pb.BENCH / "results" / "edit.json"

# Targets: every edit on 50×50 within 3× its 10×10 time and within 100 ms; load and Solve
# within 300 ms each; a route at the default speed within 30 s.
TARGET_EDIT_MS = 100.0
TARGET_EDIT_RATIO = 3.0
TARGET_LOAD_MS = 300.0
TARGET_SOLVE_MS = 300.0
TARGET_ROUTE_MS = 30_000.0
ROUTE_GIVE_UP_MS = 120_000

ARM = """(type) => {
  window.__edit = null;
  addEventListener(type, () => {
    const start = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__edit = performance.now() - start; };
      channel.port2.postMessage(null);
    });
  }, { capture: true, once: true });
}"""

QUIET = """() => new Promise((resolve) => {
  let last = performance.now();
  let calm = last;
  const tick = (now) => {
    if (now - last > 50) calm = now;
    last = now;
    if (now - calm >= 300) resolve(true); else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})"""

# Installed before the page's scripts: the first frame after the board-interactive mark.
LOAD_PROBE = """(() => {
  const tick = () => {
    if (!performance.getEntriesByName("board-interactive", "mark").length) return requestAnimationFrame(tick);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { window.__drawn = performance.now(); };
    channel.port2.postMessage(null);
  };
  requestAnimationFrame(tick);
})()"""

# When the page marked Python ready (its `python-ready` mark), or 0 before.
PYTHON_READY = "() => performance.getEntriesByName('python-ready')[0]?.startTime ?? 0"

SOLVE_PROBE = """(count) => {
  window.__solved = null;
  addEventListener("click", () => {
    const start = performance.now();
    const tick = () => {
      if (performance.getEntriesByName("solve-shown", "mark").length <= count) return requestAnimationFrame(tick);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__solved = performance.now() - start; };
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(tick);
  }, { capture: true, once: true });
}"""

ROUTE_PROBE = """() => {
  window.__route = {};
  const row = document.querySelector("#playback");
  new MutationObserver(() => {
    const state = row.dataset.animation;
    if (!(state in window.__route)) window.__route[state] = performance.now();
  }).observe(row, { attributes: true, attributeFilter: ["data-animation"] });
}"""


def dense_board(n: int, seed: int, density: float = DENSITY) -> tuple[dict[int, int], int]:
    """A reachable board with round(density × n²) jumps (editor-valid, none chained) and its least moves."""
    last = n * n
    for attempt in range(1000):
        rng = random.Random(f"{seed}-dense-{n}-{attempt}")
        starts = rng.sample(range(2, last), round(density * last))
        taken = set(starts)
        free = [square for square in range(1, last + 1) if square not in taken]
        jumps = {start: rng.choice(free) for start in starts}
        moves = min_moves(matrix_of(n, jumps))
        if moves != -1:
            return jumps, moves
    raise RuntimeError(f"no reachable dense {n}×{n} board in 1000 attempts")


def matrix_of(n: int, jumps: dict[int, int]) -> list[list[int]]:
    board = [[-1] * n for _ in range(n)]
    for start, end in jumps.items():
        row, column = pb.square_to_cell(start, n)
        board[row][column] = end
    return board


def share_hash(n: int, jumps: dict[int, int]) -> str:
    """The page's share-link fragment (web/core/codec.mjs encodeHash, LeetCode's rules)."""
    pairs = ".".join(f"{start}-{end}" for start, end in sorted(jumps.items()))
    return f"#n={n}&j={pairs}" if pairs else f"#n={n}"


def solve_button(page: Page) -> Any:
    return page.get_by_role("button", name="Solve", exact=True)


def click_square(page: Page, square: int) -> None:
    cell = page.locator(f'.cell[data-square="{square}"]')
    cell.scroll_into_view_if_needed()
    box = cell.bounding_box()
    assert box is not None, f"square {square} is not on screen"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def timed(page: Page, event: str, action: Any, *args: Any) -> float:
    """`action(*args)` timed from its `event` to the frame after (ARM), once the page is quiet."""
    page.evaluate(QUIET)
    page.evaluate(ARM, event)
    action(*args)
    page.wait_for_function("() => window.__edit !== null")
    return float(page.evaluate("window.__edit"))


def open_board(pw: Playwright, url: str, n: int, jumps: dict[int, int]) -> tuple[Any, Page, pb.PageErrors]:
    browser = pw.chromium.launch(executable_path=pb.CHROMIUM, args=pb.CHROMIUM_ARGS, headless=True)
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors = pb.PageErrors(page, f"edits {n}×{n}")
    page.goto(url + share_hash(n, jumps), wait_until="commit", timeout=pb.LOAD_TIMEOUT_MS)
    expect(page.locator("#engine")).to_have_attribute("data-engine", "ready", timeout=pb.LOAD_TIMEOUT_MS)
    return browser, page, errors


def edit_samples(page: Page, n: int, jumps: dict[int, int], reps: int, rng: random.Random) -> dict[str, list[float]]:
    """`reps` rounds of select, place, move, delete, undo and redo on squares with no jump yet."""
    samples: dict[str, list[float]] = {name: [] for name in EDITS}
    pb.workspace(page, "design")
    used = set(jumps) | set(jumps.values())
    empty = [square for square in range(2, n * n) if square not in used]
    rng.shuffle(empty)
    for _ in range(reps):
        start, end, moved = empty.pop(), empty.pop(), empty.pop()
        samples["select"].append(timed(page, "pointerup", click_square, page, start))
        samples["place"].append(timed(page, "pointerup", click_square, page, end))
        expect(page.locator(f'.jumps [data-start="{start}"]')).to_have_attribute("data-end", str(end))
        samples["select"].append(timed(page, "pointerup", click_square, page, start))
        samples["move"].append(timed(page, "pointerup", click_square, page, moved))
        expect(page.locator(f'.jumps [data-start="{start}"]')).to_have_attribute("data-end", str(moved))
        samples["select"].append(timed(page, "pointerup", click_square, page, start))
        samples["delete"].append(timed(page, "keydown", page.keyboard.press, "Delete"))
        expect(page.locator(f'.jumps [data-start="{start}"]')).to_have_count(0)
        samples["undo"].append(timed(page, "click", page.locator("#undo").click))
        expect(page.locator(f'.jumps [data-start="{start}"]')).to_have_count(1)
        samples["redo"].append(timed(page, "click", page.locator("#redo").click))
        expect(page.locator(f'.jumps [data-start="{start}"]')).to_have_count(0)
    return samples


FOLLOW_LINK = """(hash) => new Promise((resolve) => {
  addEventListener("hashchange", () => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now() - start);
    channel.port2.postMessage(null);
  }), { capture: true, once: true });
  const start = performance.now();
  location.hash = hash;
})"""


def link_samples(page: Page, n: int, jumps: dict[int, int], reps: int, seed: int) -> list[float]:
    """Open share links in the open page (as Back, Forward or a pasted link do), alternating two boards of
    the family; the time from setting the address to the frame after the hashchange's handlers."""
    other, _ = dense_board(n, seed + 1)
    samples = []
    for index in range(2 * reps):
        page.evaluate(QUIET)
        board = other if index % 2 == 0 else jumps
        samples.append(float(page.evaluate(FOLLOW_LINK, share_hash(n, board)[1:])))
        expect(page.locator(".jumps > g")).to_have_count(len(board))
    return samples[1:]


def solve_samples(page: Page, moves: int, reps: int) -> list[float]:
    samples = []
    pb.workspace(page, "solve")
    page.evaluate("() => performance.clearMarks('solve-shown')")
    for count in range(reps + 1):  # the first is untimed: it waits out the check loading queued
        page.evaluate(QUIET)
        page.evaluate(SOLVE_PROBE, count)
        solve_button(page).click()
        page.wait_for_function("() => window.__solved !== null", timeout=pb.LOAD_TIMEOUT_MS)
        if count:
            samples.append(float(page.evaluate("window.__solved")))
    expect(page.get_by_role("status")).to_have_text(f"Minimum moves: {moves}")
    return samples


def load_samples(pw: Playwright, url: str, n: int, jumps: dict[int, int], reps: int) -> tuple[list[float], list[float]]:
    """New tabs (fresh contexts: first visits) opening the board's link: navigation start to the board
    drawn, and to Python ready (the page's `python-ready` mark)."""
    samples = []
    ready = []
    browser = pw.chromium.launch(executable_path=pb.CHROMIUM, args=pb.CHROMIUM_ARGS, headless=True)
    try:
        for index in range(reps + 1):  # the first is untimed: the HTTP cache is cold
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.add_init_script(LOAD_PROBE)
            page.goto(url + share_hash(n, jumps), wait_until="commit", timeout=pb.LOAD_TIMEOUT_MS)
            page.wait_for_function("() => window.__drawn !== undefined", timeout=pb.LOAD_TIMEOUT_MS)
            expect(page.locator(".jumps > g")).to_have_count(len(jumps))
            page.wait_for_function(PYTHON_READY, timeout=pb.LOAD_TIMEOUT_MS, polling=50)
            if index:
                samples.append(float(page.evaluate("window.__drawn")))
                ready.append(float(page.evaluate(PYTHON_READY)))
            context.close()
    finally:
        browser.close()
    return samples, ready


def route_time(pw: Playwright, url: str, n: int) -> dict[str, Any]:
    browser = pw.chromium.launch(executable_path=pb.CHROMIUM, args=pb.CHROMIUM_ARGS, headless=True)
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="no-preference").new_page()
        page.goto(url + share_hash(n, {}), wait_until="commit", timeout=pb.LOAD_TIMEOUT_MS)
        expect(page.locator("#engine")).to_have_attribute("data-engine", "ready", timeout=pb.LOAD_TIMEOUT_MS)
        pb.workspace(page, "solve")
        page.evaluate(ROUTE_PROBE)
        solve_button(page).click()
        moves_list = page.get_by_role("list", name="Moves").get_by_role("listitem")
        try:
            page.wait_for_function("() => 'done' in window.__route", timeout=ROUTE_GIVE_UP_MS, polling=500)
        except PlaywrightTimeout:
            return {"moves": moves_list.count(), "ms": None}  # still playing after ROUTE_GIVE_UP_MS
        route = page.evaluate("window.__route")
        return {"moves": moves_list.count(), "ms": route["done"] - route["playing"]}
    finally:
        browser.close()


def measure(pw: Playwright, url: str, reps: int, seed: int, route: bool = True) -> dict[str, Any]:
    results: dict[str, Any] = {"reps": reps, "density": DENSITY, "boards": {}}
    for n in SIZES:
        jumps, moves = dense_board(n, seed)
        print(f"edit_bench: {n}×{n}, {len(jumps)} jumps, {moves} moves", file=sys.stderr)
        browser, page, errors = open_board(pw, url, n, jumps)
        try:
            entry: dict[str, Any] = {"jumps": len(jumps), "moves": moves}
            entry["edits"] = edit_samples(page, n, jumps, reps, random.Random(f"{seed}-edits-{n}"))
            entry["solve"] = solve_samples(page, moves, reps)
            entry["link"] = link_samples(page, n, jumps, reps, seed)
            errors.check()
        finally:
            browser.close()
        entry["load"], entry["python"] = load_samples(pw, url, n, jumps, reps)
        results["boards"][str(n)] = entry
    if route:
        results["routes"] = {}
        for n in ROUTE_SIZES:
            print(f"edit_bench: the route on an empty {n}×{n} board", file=sys.stderr)
            results["routes"][str(n)] = route_time(pw, url, n)
    return results


def figure(samples: list[float]) -> str:
    return f"{pb.ms(statistics.median(samples))} (max {pb.ms(max(samples))})"


def rows(results: dict[str, Any]) -> pb.Rows:
    """The table: every edit at both sizes with the ratio, then load, Solve and the routes."""
    small, large = results["boards"]["10"], results["boards"]["50"]
    table: pb.Rows = []
    for name in EDITS:
        a, b = small["edits"][name], large["edits"][name]
        ratio = statistics.median(b) / statistics.median(a)
        ok = statistics.median(b) < TARGET_EDIT_MS and ratio <= TARGET_EDIT_RATIO
        table.append(
            [
                f"Edit: {name}, input to next frame",
                str(len(b)),
                figure(b),
                f"10×10: {figure(a)}; ratio {ratio:.1f}",
                f"< {TARGET_EDIT_MS:.0f} ms and ≤ {TARGET_EDIT_RATIO:.0f}× 10×10",
                "pass" if ok else "**miss**",
            ]
        )
    for key, label, target in (
        ("link", "Load: share link followed in the open page to board drawn", TARGET_LOAD_MS),
        ("load", "Load: share link opened in a new tab, navigation start to board drawn", TARGET_LOAD_MS),
        ("solve", "Solve: click to answer drawn", TARGET_SOLVE_MS),
    ):
        median = statistics.median(large[key])
        table.append(
            [
                label,
                str(len(large[key])),
                figure(large[key]),
                f"10×10: {figure(small[key])}",
                f"< {target:.0f} ms",
                pb.verdict(median, target),
            ]
        )
    if "python" in large:  # no target: Python is held until a large board is drawn (docs/design.md)
        table.append(
            [
                "Load: share link opened in a new tab, navigation start to Python ready",
                str(len(large["python"])),
                figure(large["python"]),
                f"10×10: {figure(small['python'])}",
                "none",
                "",
            ]
        )
    for n, route in results.get("routes", {}).items():
        took = route["ms"] if route["ms"] is not None else float("inf")
        table.append(
            [
                f"Route on an empty {n}×{n} board, default speed (wall clock)",
                "1",
                f"{took / 1000:.1f} s" if route["ms"] is not None else f"over {ROUTE_GIVE_UP_MS / 1000:.0f} s",
                f"{route['moves']} moves",
                f"≤ {TARGET_ROUTE_MS / 1000:.0f} s",
                pb.verdict(took, TARGET_ROUTE_MS, True),
            ]
        )
    return table


HEADER = ["Metric (50×50, 30% jumps)", "Samples", "Median (max)", "Against", "Target", "Result"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=10, help="repetitions of each edit, load and solve (default 10)")
    parser.add_argument("--seed", type=int, default=909, help="seed of the boards and squares (default 909)")
    parser.add_argument("--no-route", action="store_true", help="skip the long routes' wall-clock times")
    parser.add_argument("--json", type=Path, default=DEFAULT_RESULTS, help="results file")
    args = parser.parse_args(argv)
    with pb.served_site() as (url, _log, _out), sync_playwright() as pw:
        results = measure(pw, url, args.reps, args.seed, route=not args.no_route)
    print(pb.markdown_table(rows(results), HEADER))
    results["machine"] = pb.machine()
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=1) + "\n")
    print(f"Wrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
