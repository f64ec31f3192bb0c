"""Instant start: a repeat visit starts Python from the memory snapshot, a first visit plainly.

The first visit never downloads the snapshot before Python is ready: the service worker caches it
after the rest of the site, once Python is ready. A repeat visit restores it (``data-engine-start``
says which start it was). A snapshot that is corrupt, made for another Pyodide, or missing falls
back to a plain start in the same worker: the app works, and only Engine diagnostics say so.
Replies are the same on both paths, and the same as CPython's.
"""

from __future__ import annotations

import gzip
import json
import re
import urllib.request
from collections.abc import Callable

import pytest
from app_page import AppPage, load_fixture, wait_for_async
from conftest import BrowserProblems
from playwright.sync_api import Page, Route, expect
from snakes_ladders.api import handle

# Each visitor must be a first visitor: this file is about what a first visit and a repeat visit do.
pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300), pytest.mark.fresh_context]

EXAMPLE_1 = load_fixture("leetcode_example_1")
SNAPSHOT_GLOB = "**/py/snapshot-*.bin.gz"

# Requests put straight to the page's engine (the one main.mjs uses, imported from boot.mjs).
ASK_ENGINE = """async (requests) => {
  const { engine } = await import(new URL("boot.mjs", location.href).href);
  const replies = [];
  for (const request of requests) replies.push(await engine.call(request));
  return replies;
}"""

CACHED = "async (file) => Boolean(await caches.match(new URL(file, location.href).href))"

# How the page's first files were served: Chromium names the static route a request matched ("cache"
# for the service worker's routes to its build's cache; "" when none did and its fetch handler ran).
# (The engine worker's own imports go through the fetch handler: routes do not apply to them here.)
# The page as built: the script that starts the worker, the stylesheet and the two bundles (not
# build-info.mjs, which the engine worker imports too, through the fetch handler, under the same name).
PAGE_FILES = ["start-python.js", "style.css", "boot.mjs", "main.mjs"]
SOURCES = """(files) => Object.fromEntries(performance.getEntriesByType("resource")
  .filter((entry) => files.includes(new URL(entry.name).pathname.split("/").pop()))
  .map((entry) => [new URL(entry.name).pathname.split("/").pop(), entry.workerMatchedSourceType]))"""


def requests() -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for name in ("leetcode_example_1", "classic_10x10", "unreachable_wall_6x6"):
        board = load_fixture(name)["board"]
        out += [{"version": 1, "op": op, "board": board} for op in ("solve", "validate", "explain")]
        out.append({"version": 1, "op": "play", "board": board, "seed": 7})
    out.append({"version": 1, "op": "solve", "board": [[-1, 2], [-1]]})  # a bad board: an error reply
    return out


def cpython_replies() -> list[object]:
    return [json.loads(handle(json.dumps(request))) for request in requests()]


def snapshot_file(site_url: str) -> str:
    with urllib.request.urlopen(site_url + "build-info.mjs") as response:
        match = re.search(r'SNAPSHOT = "([^"]+)"', response.read().decode())
    assert match, "the build has no snapshot"
    return match.group(1)


def start_of(app: AppPage) -> str | None:
    app.wait_ready()
    return app.engine.get_attribute("data-engine-start")


def wait_for_offline_cache(page: Page) -> None:
    """The service worker is active, which it becomes only after caching the site and the snapshot."""
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=60_000)


def test_a_first_visit_starts_plainly_a_repeat_visit_from_the_snapshot_same_replies(
    open_app: Callable[..., AppPage], site_url: str
) -> None:
    file = snapshot_file(site_url)
    app = open_app()
    page = app.page
    assert start_of(app) == "plain"
    expect(page.locator("#engine-start")).to_contain_text("no service worker controls this page yet")
    expected = cpython_replies()
    assert page.evaluate(ASK_ENGINE, requests()) == expected

    wait_for_offline_cache(page)
    assert page.evaluate(CACHED, file), "the service worker did not cache the snapshot"
    app.reload()
    assert start_of(app) == "snapshot"
    expect(page.locator("#engine-start")).to_contain_text(f"restored from {file}")
    routed = page.evaluate(SOURCES, PAGE_FILES)
    assert routed == dict.fromkeys(PAGE_FILES, "cache"), "the static routes to the offline cache were not used"
    assert page.evaluate(ASK_ENGINE, requests()) == expected
    app.solve()
    app.expect_moves(EXAMPLE_1["moves"])


def not_gzip(data: bytes) -> bytes:
    """The real file with its middle overwritten: the gzip stream no longer inflates (or fails its CRC),
    so the service worker, which caches the snapshot inflated, never caches it."""
    middle = len(data) // 2
    return data[:middle] + bytes(4096) + data[middle + 4096 :]


def truncated(data: bytes) -> bytes:
    """Valid gzip of the first half of the snapshot: cached (inflated) as it is, and not restorable."""
    raw = gzip.decompress(data)
    return gzip.compress(raw[: len(raw) // 2], compresslevel=1)


def mismatched(data: bytes) -> bytes:
    """A well-formed snapshot stamped with another Pyodide build id (header bytes 16-47)."""
    raw = bytearray(gzip.decompress(data))
    raw[16:48] = bytes(byte ^ 0xFF for byte in raw[16:48])
    return gzip.compress(bytes(raw), compresslevel=1)


@pytest.mark.parametrize(
    ("fault", "diagnosis"),
    [
        pytest.param("truncated", "could not be restored", id="truncated"),
        pytest.param("mismatched", "build id mismatch", id="mismatched"),
        pytest.param("not-gzip", "not cached yet", id="not-gzip"),
        pytest.param("missing", "not cached yet", id="missing"),
    ],
)
def test_a_bad_snapshot_falls_back_to_a_plain_start_and_the_next_visit_recovers(
    open_app: Callable[..., AppPage], problems: BrowserProblems, site_url: str, fault: str, diagnosis: str
) -> None:
    """The service worker caches a bad snapshot (or none: a download that is missing or not gzip);
    the server then has the good one again.

    The visit that meets the bad copy starts plainly, works, drops the copy and caches the good file in
    the background; the visit after it starts from the snapshot.
    """
    file = snapshot_file(site_url)
    with urllib.request.urlopen(site_url + file) as response:
        real = response.read()
    served = {"truncated": truncated, "mismatched": mismatched, "not-gzip": not_gzip}.get(fault, lambda data: data)(
        real
    )
    if fault == "missing":
        problems.allow(rf"^HTTP 404 for GET \S*/{re.escape(file)}$")

    def serve_the_fault(route: Route) -> None:
        if fault == "missing":
            route.fulfill(status=404, content_type="text/plain", body="not here")
        else:
            route.fulfill(status=200, content_type="application/gzip", body=served)

    app = open_app(navigate=False)
    page = app.page
    page.context.route(SNAPSHOT_GLOB, serve_the_fault)
    app.goto()
    assert start_of(app) == "plain"
    wait_for_offline_cache(page)
    assert page.evaluate(CACHED, file) is (fault not in ("missing", "not-gzip"))
    page.context.unroute(SNAPSHOT_GLOB)

    app.reload()
    assert start_of(app) == "plain", "a bad snapshot was restored"
    expect(page.locator("#engine-start")).to_contain_text(diagnosis)
    assert page.evaluate(ASK_ENGINE, requests()) == cpython_replies()
    app.solve()
    app.expect_moves(EXAMPLE_1["moves"])
    if fault == "missing":
        assert problems.allowed, "the snapshot was never asked for: the fault was not exercised"

    wait_for_async(page, CACHED, file)  # the good file, cached in the background
    app.reload()
    assert start_of(app) == "snapshot", page.locator("#engine-start").text_content()
    assert page.evaluate(ASK_ENGINE, requests()) == cpython_replies()
