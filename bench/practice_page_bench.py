#!/usr/bin/env python3
"""A whole Python practice check in the page, by wall clock: 40 boards, a right solution and a wrong one (its
shrink included), in headless Chromium against a build of the site.

    .venv/bin/python bench/practice_page_bench.py                 builds dist/ first
    .venv/bin/python bench/practice_page_bench.py --site DIR      a site built already (another commit's)
    .venv/bin/python bench/practice_page_bench.py --rounds 3

Each round opens the page afresh, waits for Python, opens Practice and presses Run tests for the right
solution, then for the wrong one, then for each again (a spare sandbox is started when a run ends: the
second runs find Python loading or loaded). A row's time runs from the click to the panel's last state
(passed or failed). A benchmark, not a test: nothing asserts on time.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests" / "e2e"), str(ROOT / "tests")]

from app_page import AppPage
from conftest import CHROMIUM, CHROMIUM_ARGS, _SiteServer
from playwright.sync_api import expect, sync_playwright
from practice_solutions import BFS, WRONG
from test_e2e_practice import Practice

import serve

RUNS = (("right", BFS, "passed"), ("wrong", WRONG["chains-jumps"][1], "failed"))


def timed(practice: Practice, source: str, state: str) -> float:
    """Seconds from Run tests to the panel's ``state``."""
    practice.write(source)
    started = time.perf_counter()
    practice.panel.get_by_role("button", name="Run tests").click()
    expect(practice.panel).to_have_attribute("data-state", state, timeout=300_000)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build dist/ now)")
    parser.add_argument("--rounds", type=int, default=3, help="fresh pages (default 3)")
    args = parser.parse_args()
    site = args.site or serve.build(Path(tempfile.mkdtemp()) / "site")
    server = _SiteServer(("127.0.0.1", 0), functools.partial(serve.Handler, directory=str(site), quiet=True))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    times: dict[str, list[float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.rounds):
            context = browser.new_context()
            app = AppPage(context.new_page(), f"http://127.0.0.1:{server.server_address[1]}/")
            app.goto().wait_ready()
            practice = Practice(app).open()
            for attempt in ("first", "second"):
                for name, source, state in RUNS:
                    times.setdefault(f"{name}, {attempt} run", []).append(timed(practice, source, state))
            context.close()
        browser.close()
    server.shutdown()
    print(f"site: {site}")
    print("| check (40 boards) | median s | min s | max s |")
    print("|---|---|---|---|")
    for row, seconds in times.items():
        print(f"| {row} | {statistics.median(seconds):.2f} | {min(seconds):.2f} | {max(seconds):.2f} |")


if __name__ == "__main__":
    main()
