"""Time the Generate dialog in the page: from pressing Generate to the board found, once Python is ready.

Builds and serves the site (page_bench.served_site), opens it in Debian's Chromium, opens the
Generate dialog, waits until its worker's Python is ready (``data-python="ready"``), and generates
the issue's board (10×10, 8 snakes, 8 ladders, least moves 7, expected rolls 30 to 40) for seeds
1..N. The time is the page's own figure (``data-ms``: performance.now() around the worker's request,
progress reports included). Every board is checked with the package. Prints a markdown table.

    .venv/bin/python bench/generate_page_bench.py [--seeds 10]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics

from page_bench import fresh_profile, new_page, served_site
from playwright.sync_api import expect, sync_playwright
from snakes_ladders import Board, analyze, min_moves

TARGET_MS = 2000
PYTHON_TIMEOUT_MS = 120_000


def run(seeds: int) -> list[tuple[int, int, int, float]]:
    """(seed, ms, least moves, expected rolls) for each seed."""
    rows = []
    with served_site() as (url, _log, _out), sync_playwright() as pw, fresh_profile(pw) as context:
        page, errors = new_page(context, "generate")
        page.goto(url)
        expect(page.locator("#engine")).to_have_attribute("data-engine", "ready", timeout=PYTHON_TIMEOUT_MS)
        page.locator('a[data-workspace="design"]').click()  # the Generate panel shows in Design
        page.get_by_role("button", name="Generate a board…").click()
        dialog = page.locator("#generate-dialog")
        expect(dialog).to_have_attribute("data-python", "ready", timeout=PYTHON_TIMEOUT_MS)
        for seed in range(1, seeds + 1):
            dialog.get_by_label("Generator seed").fill(str(seed))
            dialog.get_by_role("button", name="Generate", exact=True).click()
            expect(dialog).to_have_attribute("data-state", "met", timeout=PYTHON_TIMEOUT_MS)
            ms = int(dialog.get_attribute("data-ms") or "0")
            text = page.locator("#matrix").text_content() or ""
            board = Board.from_matrix(json.loads(text.split("=", 1)[1]))
            rolls = analyze(board).expected_rolls
            assert min_moves(board) == 7 and rolls is not None and 30 <= rolls <= 40, (seed, rolls)
            rows.append((seed, ms, min_moves(board), rolls))
            page.evaluate("document.querySelector('#generate-dialog').dataset.state = 'idle'")
        errors.check()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    rows = run(args.seeds)
    times = [ms for _, ms, _, _ in rows]
    load = os.getloadavg()[0]
    print(f"Generate in the page, 10×10, 8 + 8, least moves 7, expected rolls 30–40; load average {load:.1f}\n")
    print("| seed | time (ms) | least moves | expected rolls |")
    print("|---:|---:|---:|---:|")
    for seed, ms, moves, rolls in rows:
        print(f"| {seed} | {ms} | {moves} | {rolls:.2f} |")
    median = statistics.median(times)
    verdict = "met" if max(times) < TARGET_MS else "**missed**"
    print(f"\nmedian {median:.0f} ms, max {max(times)} ms; target < {TARGET_MS} ms for every seed: {verdict}")


if __name__ == "__main__":
    main()
