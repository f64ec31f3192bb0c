#!/usr/bin/env python3
"""Page performance benchmark: start-up, Python start-up against a bare Pyodide page, solve latency, bytes.

    .venv/bin/python bench/page_bench.py              5 interleaved runs (2-3 minutes when the machine is idle)
    .venv/bin/python bench/page_bench.py --runs 9     more runs, steadier medians
    .venv/bin/python bench/page_bench.py --no-throttled   skip the first visits at 15 Mbit/s

Builds the site into a temporary directory with serve.build(), adds the bare comparison page from
bench/bare/ under /bare/, serves it on 127.0.0.1 (a free port) with serve.Handler, and drives Debian's
Chromium with Playwright.  Prints a markdown table (target and pass/miss per row) and writes every
sample to bench/results/page.json.  A benchmark, not a test: nothing here asserts on time.

Each run starts a fresh browser profile per page (a new Chromium with an empty user-data directory), so
the cold visit finds empty HTTP, code and service-worker caches; the warm visit is a new tab in that same
profile, finding on disk what the first visit left, as a returning visitor's browser would.  Our page's
warm visit is served by its service worker (the cold visit waits until it is active); the bare page's by
the HTTP cache.  Ours and bare alternate which goes first on each run.  Bytes are counted by the server
(status line, headers and body of every response), so requests made by the Python worker and by the
service worker are all included.

Python's start: our first visit starts plainly and its service worker then caches the memory snapshot;
the repeat visit starts from it (each sample records ``data-engine-start``).  A third kind of visit,
"throttled", is a first visit with the network limited to 15 Mbit/s (CDP Network.emulateNetworkConditions
on the page, which its dedicated worker's downloads share).

Over 400 lines: the server, the browser driving, the solve timing and the report are one script, so a
run needs nothing but this file and its output is self-describing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

try:
    from playwright.sync_api import BrowserContext, Page, Playwright, expect, sync_playwright
except ImportError:
    sys.exit("page_bench.py needs Playwright for Python: run it with .venv/bin/python (./test.sh prepares .venv)")
from snakes_ladders import min_moves

import serve

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
LOAD_TIMEOUT_MS = 90_000
SOLVE_SIZES = (10, 20, 30, 50)
DEFAULT_RESULTS = BENCH / "results" / "page.json"

# Targets; rows without one are reported for information.
TARGET_INTERACTIVE_MS = 300.0
# Python ready, ours / bare: a first visit may cost at most 10% more; a repeat visit starts from the snapshot.
TARGET_RATIOS = {"cold": 1.1, "warm": 0.35, "third": 0.35, "throttled": 1.1}
THROTTLE = {"offline": False, "latency": 20, "downloadThroughput": 15e6 / 8, "uploadThroughput": 15e6 / 8}
TARGET_SOLVE_MS = 30.0  # median at n = 20
TARGET_OWN_BYTES = 150_000


# --- the server ------------------------------------------------------------------------------


@dataclass
class Served:
    """One response as the server sent it: when the request arrived (epoch s), path, status, bytes."""

    at: float
    path: str
    status: int
    bytes: int


@dataclass
class RequestLog:
    entries: list[Served] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, entry: Served) -> None:
        with self.lock:
            self.entries.append(entry)

    def mark(self) -> int:
        with self.lock:
            return len(self.entries)

    def since(self, mark: int) -> list[Served]:
        with self.lock:
            return list(self.entries[mark:])


class _CountingWriter:
    """Wraps the handler's socket writer to count every byte sent: status line, headers, body."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.count = 0

    def write(self, data: bytes) -> int:
        written = self.inner.write(data)
        self.count += len(data)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class CountingHandler(serve.Handler):
    """serve.Handler (same files, same MIME types), logging each response's size."""

    def __init__(self, *args: Any, request_log: RequestLog, **kwargs: Any) -> None:
        self.request_log = request_log
        self.status = 0
        self.arrived = 0.0
        super().__init__(*args, quiet=True, **kwargs)

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.status = int(code) if str(code).isdigit() else 0

    def handle_one_request(self) -> None:
        self.wfile.count = 0
        self.status = 0
        self.arrived = time.time()
        super().handle_one_request()
        if self.status:
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            self.request_log.add(Served(self.arrived, path, self.status, self.wfile.count))


@contextmanager
def served_site() -> Iterator[tuple[str, RequestLog, Path]]:
    """A fresh build plus /bare/, served on a free port; yields (base URL, request log, build dir)."""
    with tempfile.TemporaryDirectory(prefix="page-bench-") as tmp:
        out = serve.build(Path(tmp) / "site")
        shutil.copytree(BENCH / "bare", out / "bare")
        log = RequestLog()
        handler = partial(CountingHandler, directory=str(out), request_log=log)
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        thread = threading.Thread(target=server.serve_forever, name="page-bench-server", daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/", log, out
        finally:
            server.shutdown()
            server.server_close()


def split_bytes(entries: list[Served]) -> dict[str, int]:
    """Bytes and request counts: the Pyodide runtime (/pyodide/*), the memory snapshot, and our own files."""
    runtime = [e for e in entries if e.path.startswith("/pyodide/")]
    snapshot = [e for e in entries if e.path.startswith("/py/snapshot-")]
    own = [e for e in entries if e not in runtime and e not in snapshot]
    return {
        "pyodide_bytes": sum(e.bytes for e in runtime),
        "own_bytes": sum(e.bytes for e in own),
        "snapshot_bytes": sum(e.bytes for e in snapshot),
        "pyodide_requests": len(runtime),
        "own_requests": len(own),
        "snapshot_requests": len(snapshot),
    }


# --- the browser ------------------------------------------------------------------------------


class PageErrors:
    """Collects uncaught errors, console errors and worker errors of one page; a benchmark of a
    broken page is worthless, so any of them stops the run."""

    def __init__(self, page: Page, label: str) -> None:
        self.label = label
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("console", lambda msg: msg.type == "error" and self.errors.append(f"console: {msg.text}"))
        page.on("requestfailed", lambda req: self.errors.append(f"request failed: {req.url} {req.failure}"))
        page.on("worker", self._watch_worker)

    def _watch_worker(self, worker: Any) -> None:
        worker.on("console", lambda msg: msg.type == "error" and self.errors.append(f"worker console: {msg.text}"))

    def check(self) -> None:
        if self.errors:
            raise RuntimeError(f"{self.label}: " + "; ".join(self.errors))


@contextmanager
def fresh_profile(pw: Playwright, **options: Any) -> Iterator[BrowserContext]:
    """A new Chromium with an empty user-data directory: empty HTTP, code and service-worker caches.

    A persistent profile rather than browser.new_context(): Chromium's off-the-record contexts keep
    their HTTP cache in memory, where an entry may hold at most 1/8 of a 50 MB cache, so the 9 MB
    pyodide.asm.wasm would never be cached and the bare page's warm visits would download it again."""
    with tempfile.TemporaryDirectory(prefix="page-bench-profile-") as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options
        )
        try:
            yield context
        finally:
            context.close()


def new_page(context: BrowserContext, label: str) -> tuple[Page, PageErrors]:
    """A new tab for the next visit; the others (the blank tab a persistent context opens with, or the
    previous visit) are closed once it is open, as a visitor opens a new tab in a browser already
    running.  Closing the last tab first would close the window, and headless Chromium then builds a
    new one, loading its omnibox popup WebUI (about 0.5 s of CPU on another thread) while the visit runs."""
    page = context.new_page()
    for old in context.pages:
        if old != page:
            old.close()
    return page, PageErrors(page, label)


def mark_time(page: Page, name: str) -> float | None:
    """startTime (ms since navigation start) of the first performance mark called `name`."""
    return page.evaluate("(name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null", name)


def mark_epoch(page: Page, name: str) -> float:
    """The mark as epoch seconds, comparable with the server's request times (same machine clock)."""
    return page.evaluate(
        "(name) => (performance.timeOrigin + performance.getEntriesByName(name, 'mark')[0].startTime) / 1000", name
    )


PAGE_TIMELINE = """() => ({
  origin: performance.timeOrigin,
  html_received_ms: performance.getEntriesByType("navigation")[0]?.responseEnd ?? null,
})"""

WORKER_TIMELINE = """() => ({
  origin: performance.timeOrigin,
  started: performance.getEntriesByName("python-started", "mark")[0]?.startTime ?? null,
  runtime_ends: performance.getEntriesByType("resource")
    .filter((entry) => new URL(entry.name).pathname.startsWith("/pyodide/"))
    .map((entry) => entry.responseEnd),
})"""


def timeline(page: Page) -> dict[str, float | None]:
    """Where start-up time went, in ms since navigation start: the HTML arrived, the Python worker
    started (its time origin), the worker received the last Pyodide runtime file, and loadPyodide
    returned (the worker's python-started mark: then ours imports the solver, or has it from the
    snapshot).  Read after the measurement, so it cannot disturb it; diagnostics only."""
    here = page.evaluate(PAGE_TIMELINE)
    result: dict[str, float | None] = {
        "html_received_ms": here["html_received_ms"],
        "worker_started_ms": None,
        "runtime_downloaded_ms": None,
        "python_started_ms": None,
    }
    if len(page.workers) == 1:
        there = page.workers[0].evaluate(WORKER_TIMELINE)
        offset = there["origin"] - here["origin"]
        result["worker_started_ms"] = offset
        if there["runtime_ends"]:
            result["runtime_downloaded_ms"] = offset + max(there["runtime_ends"])
        if there["started"] is not None:
            result["python_started_ms"] = offset + there["started"]
    return result


class WasmTrace:
    """Records Chromium's "v8.wasm" trace events during one visit, to tell whether V8 found
    pyodide.asm.wasm's compiled code in its code cache ("wasm.Deserialize") or compiled it again
    ("wasm.CompileLazy" events, one per function compiled).  Unlike the times, this does not depend
    on how busy the machine is.  The category is light: a few thousand events per start-up."""

    def __init__(self, context: BrowserContext, page: Page) -> None:
        self.page = page
        self.session = context.new_cdp_session(page)
        self.events: list[dict[str, Any]] = []
        self.complete = False
        self.session.on("Tracing.dataCollected", lambda params: self.events.extend(params["value"]))
        self.session.on("Tracing.tracingComplete", lambda params: setattr(self, "complete", True))
        self.session.send(
            "Tracing.start", {"traceConfig": {"includedCategories": ["v8.wasm"]}, "transferMode": "ReportEvents"}
        )

    def stop(self) -> dict[str, Any]:
        self.session.send("Tracing.end")
        deadline = time.monotonic() + 30
        while not self.complete and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)  # lets Playwright deliver the trace events
        self.session.detach()
        names = [event.get("name") for event in self.events]
        return {"code_cache_hit": "wasm.Deserialize" in names, "lazy_compiles": names.count("wasm.CompileLazy")}


def visit_ours(
    page: Page, errors: PageErrors, url: str, log: RequestLog, *, cold: bool, trace: bool = False
) -> dict[str, Any]:
    tracer = WasmTrace(page.context, page) if trace else None
    start = log.mark()
    page.goto(url)
    expect(page.locator("#engine")).to_have_attribute("data-engine", "ready", timeout=LOAD_TIMEOUT_MS)
    sample: dict[str, Any] = {
        "board_interactive_ms": mark_time(page, "board-interactive"),
        "python_ready_ms": mark_time(page, "python-ready"),
        "start": page.locator("#engine").get_attribute("data-engine-start"),
    }
    ready_at = mark_epoch(page, "python-ready")
    sample["timeline"] = timeline(page)
    if tracer:
        sample["wasm"] = tracer.stop()
    # The service worker registers after Python is ready; a repeat visit only finds it once it is active.
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=LOAD_TIMEOUT_MS)
    entries = log.since(start)
    errors.check()
    sample["until_python_ready"] = split_bytes([e for e in entries if e.at < ready_at])
    sample["until_offline_ready"] = split_bytes(entries)
    if cold:
        sample["files"] = [[e.path, e.status, e.bytes] for e in entries]
    else:
        sample["served_by_network"] = sorted({e.path for e in entries})
    return sample


def visit_bare(
    page: Page, errors: PageErrors, url: str, log: RequestLog, *, cold: bool, trace: bool = False
) -> dict[str, Any]:
    tracer = WasmTrace(page.context, page) if trace else None
    start = log.mark()
    page.goto(url + "bare/")
    expect(page.locator("html")).to_have_attribute("data-python", "ready", timeout=LOAD_TIMEOUT_MS)
    sample: dict[str, Any] = {"python_ready_ms": mark_time(page, "python-ready"), "timeline": timeline(page)}
    if tracer:
        sample["wasm"] = tracer.stop()
    entries = log.since(start)
    errors.check()
    sample["until_python_ready"] = split_bytes(entries)
    if cold:
        sample["files"] = [[e.path, e.status, e.bytes] for e in entries]
    return sample


Visit = Callable[..., dict[str, Any]]


VISITS = ("cold", "warm", "third", "throttled")
NOTES = """\
Visits: cold = first visit in a fresh browser profile; warm = second visit, in a new tab of the same
profile (ours served by its service worker and started from the memory snapshot, bare by the HTTP
cache); third = a third such visit; throttled = a first visit in another fresh profile with the page's
network limited to 15 Mbit/s and 20 ms latency (CDP Network.emulateNetworkConditions).
Times are performance marks, ms since navigation start; medians over runs, spread = min – max.
Solve round trip: one untimed solve, then the timed ones, on a seeded random reachable board per size.
Bytes are counted by the server (headers + body), worker and service-worker requests included;
"to Python ready" counts requests that arrived before the python-ready mark, "incl. offline cache fill"
everything until the service worker is active.  kB = 1000 bytes.
Wasm code cache hit: whether V8 loaded pyodide.asm.wasm's compiled code from Chromium's code cache instead
of compiling it (trace event wasm.Deserialize), and how many functions it compiled, in one more series
per page, untimed: tracing v8.wasm slows the traced page (by about 200 ms on our snapshot start), so
the timed visits are not traced."""


def visit_series(
    pw: Playwright, visit: Visit, label: str, url: str, log: RequestLog, visits: int, *, trace: bool = False
) -> dict[str, Any]:
    """One run: a first visit in a fresh profile, then each further visit in a new tab of the same profile
    (the previous tab closed before it navigates, so its worker is gone).  ``trace``: record the v8.wasm trace too."""
    samples: dict[str, Any] = {}
    with fresh_profile(pw) as context:
        for name in VISITS[:visits]:
            page, errors = new_page(context, f"{label} ({name} visit)")
            samples[name] = visit(page, errors, url, log, cold=name == "cold", trace=trace)
    return samples


def throttled_visit(pw: Playwright, visit: Visit, label: str, url: str, log: RequestLog) -> dict[str, Any]:
    """A first visit in a fresh profile over a 15 Mbit/s network (THROTTLE)."""
    with fresh_profile(pw) as context:
        page, errors = new_page(context, f"{label} (throttled first visit)")
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", THROTTLE)
        sample = visit(page, errors, url, log, cold=True)
        session.detach()
    return sample


# --- solve latency ------------------------------------------------------------------------------


def square_to_cell(square: int, n: int) -> tuple[int, int]:
    """Boustrophedon numbering, written here independently of the package: square 1 bottom-left."""
    row_from_bottom, offset = divmod(square - 1, n)
    column = offset if row_from_bottom % 2 == 0 else n - 1 - offset
    return n - 1 - row_from_bottom, column


def random_board(n: int, rng: random.Random, density: float = 0.12) -> list[list[int]]:
    """A valid LeetCode matrix: about `density` of squares 2..n²-1 hold a jump to any other square."""
    last = n * n
    board = [[-1] * n for _ in range(n)]
    for square in range(2, last):
        if rng.random() < density:
            end = rng.randint(1, last - 1)  # any square but this one
            end += end >= square
            row, column = square_to_cell(square, n)
            board[row][column] = end
    return board


def reachable_board(n: int, seed: int) -> tuple[list[list[int]], int, int]:
    """The first seeded random board whose last square can be reached (so each solve draws a route)."""
    for attempt in range(1000):
        board = random_board(n, random.Random(f"{seed}-{n}-{attempt}"))
        moves = min_moves(board)
        if moves != -1:
            return board, moves, attempt
    raise RuntimeError(f"no reachable {n}×{n} board in 1000 attempts")


def percentile(values: list[float], fraction: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


WAIT_FOR_SOLVE = """(count) => new Promise((resolve, reject) => {
  const done = () => performance.getEntriesByName("solve-shown", "mark").length > count;
  if (done()) return resolve(true);
  const observer = new PerformanceObserver(() => {
    if (done()) { observer.disconnect(); clearTimeout(timer); resolve(true); }
  });
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no solve-shown mark in 30 s")); }, 30000);
  observer.observe({ type: "mark" });
})"""

SOLVE_MARKS = """() => {
  const times = (name) => performance.getEntriesByName(name, "mark").map((entry) => entry.startTime);
  return { click: times("solve-click"), shown: times("solve-shown") };
}"""


def workspace(page: Page, name: str) -> None:
    """Show the workspace `name` ("design", "solve") when the page has them (web/core/workspaces.mjs)."""
    link = page.locator(f'nav a[data-workspace="{name}"]')
    if link.count():
        link.click()
        expect(page.locator("body")).to_have_attribute("data-workspace", name)


def solve_latency(pw: Playwright, url: str, clicks: int, seed: int) -> dict[str, Any]:
    """Load seeded random boards through Board JSON and time Solve, click to result shown."""
    results: dict[str, Any] = {}
    with fresh_profile(pw, reduced_motion="reduce") as context:
        page, errors = new_page(context, "solve latency")
        page.goto(url)
        expect(page.locator("#engine")).to_have_attribute("data-engine", "ready", timeout=LOAD_TIMEOUT_MS)
        # Let the service worker finish filling its cache first, so it does not compete for the CPU.
        expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=LOAD_TIMEOUT_MS)
        solve = page.get_by_role("button", name="Solve", exact=True)
        status = page.get_by_role("status")
        for n in SOLVE_SIZES:
            board, moves, attempt = reachable_board(n, seed)
            workspace(page, "design")
            page.get_by_label("Board JSON").fill(json.dumps(board, separators=(",", ":")))
            page.get_by_role("button", name="Load board").click()
            expect(page.locator("#message")).to_contain_text(f"Loaded a {n}×{n} board", timeout=LOAD_TIMEOUT_MS)
            workspace(page, "solve")
            page.evaluate("() => { performance.clearMarks('solve-click'); performance.clearMarks('solve-shown'); }")
            # One untimed solve first: it also waits out the board check that loading queued in the worker.
            for count in range(clicks + 1):
                solve.click()
                page.evaluate(WAIT_FOR_SOLVE, count)
            expect(status).to_have_text(f"Minimum moves: {moves}")
            marks = page.evaluate(SOLVE_MARKS)
            if len(marks["click"]) != clicks + 1 or len(marks["shown"]) != clicks + 1:
                raise RuntimeError(f"n={n}: expected {clicks + 1} solve-click/solve-shown marks, got {marks}")
            latencies = [shown - click for click, shown in zip(marks["click"], marks["shown"], strict=True)]
            results[str(n)] = {
                "moves": moves,
                "board_seed": f"{seed}-{n}-{attempt}",
                "jumps": sum(value != -1 for row in board for value in row),
                "first_ms": latencies[0],
                "samples_ms": latencies[1:],
                "median_ms": statistics.median(latencies[1:]),
                "p90_ms": percentile(latencies[1:], 0.9),
            }
        errors.check()
    return results


# --- the report ------------------------------------------------------------------------------


def ms(value: float) -> str:
    return f"{value:,.0f} ms" if value >= 100 else f"{value:.1f} ms"


def kb(value: float) -> str:
    return f"{value / 1000:,.1f} kB"


def verdict(value: float, limit: float, inclusive: bool = False) -> str:
    ok = value <= limit if inclusive else value < limit
    return "pass" if ok else "**miss**"


Rows = list[list[str]]


def spread(samples: list[float]) -> str:
    return f"{ms(min(samples))} – {ms(max(samples))}"


def interactive_rows(runs: list[dict[str, Any]], visits: list[str], summary: dict[str, Any]) -> Rows:
    rows: Rows = []
    for visit in visits:
        interactive = [run["ours"][visit]["board_interactive_ms"] for run in runs]
        median = statistics.median(interactive)
        summary[f"board_interactive_{visit}_ms"] = median
        rows.append(
            [
                f"Board interactive, {visit} visit (`board-interactive` mark)",
                str(len(runs)),
                ms(median),
                spread(interactive),
                f"< {TARGET_INTERACTIVE_MS:.0f} ms",
                verdict(median, TARGET_INTERACTIVE_MS),
            ]
        )
    return rows


def ready_rows(runs: list[dict[str, Any]], visit: str, summary: dict[str, Any]) -> Rows:
    """Python ready for one kind of visit: ours, bare, their ratio against its target, and how ours started."""
    count = str(len(runs))
    ours = [run["ours"][visit]["python_ready_ms"] for run in runs]
    bare = [run["bare"][visit]["python_ready_ms"] for run in runs]
    ours_median, bare_median = statistics.median(ours), statistics.median(bare)
    ratio = ours_median / bare_median
    paired = statistics.median(o / b for o, b in zip(ours, bare, strict=True))
    summary[f"python_ready_{visit}_ms"] = {
        "ours": ours_median,
        "bare": bare_median,
        "ratio": ratio,
        "paired_ratio_median": paired,
    }
    starts = [str(run["ours"][visit].get("start")) for run in runs]
    summary[f"python_start_{visit}"] = starts
    target = TARGET_RATIOS[visit]
    return [
        [f"Python ready, {visit}: ours", count, ms(ours_median), spread(ours), "", ""],
        [f"Python ready, {visit}: bare `loadPyodide` page", count, ms(bare_median), spread(bare), "", ""],
        [
            f"Python ready, {visit}: ratio ours / bare (of medians)",
            count,
            f"{ratio:.2f}",
            f"paired runs: median {paired:.2f}",
            f"≤ {target}",
            verdict(ratio, target, True),
        ],
        [
            f"Python start, {visit}: ours (`data-engine-start`)",
            count,
            ", ".join(f"{starts.count(kind)}× {kind}" for kind in sorted(set(starts))),
            "",
            "snapshot" if visit in ("warm", "third") else "plain",
            "",
        ],
    ]


def solve_rows(solves: dict[str, Any], summary: dict[str, Any]) -> Rows:
    rows: Rows = []
    for n, result in solves.items():
        is_target = n == "20"
        rows.append(
            [
                f"Solve round trip, n = {n} (`solve-shown` − `solve-click`)",
                str(len(result["samples_ms"])),
                ms(result["median_ms"]),
                f"p90 {ms(result['p90_ms'])}",
                f"median < {TARGET_SOLVE_MS:.0f} ms" if is_target else "",
                verdict(result["median_ms"], TARGET_SOLVE_MS) if is_target else "",
            ]
        )
    summary["solve_median_ms"] = {n: result["median_ms"] for n, result in solves.items()}
    summary["solve_p90_ms"] = {n: result["p90_ms"] for n, result in solves.items()}
    return rows


# (label, page, phase, key, whether the own-bytes target applies)
BYTES_ROWS = (
    (
        "Cold load bytes to Python ready: Pyodide runtime (`/pyodide/*`)",
        "ours",
        "until_python_ready",
        "pyodide_bytes",
        False,
    ),
    ("Cold load bytes to Python ready: our own files", "ours", "until_python_ready", "own_bytes", True),
    (
        "Cold load bytes to Python ready: memory snapshot (none expected)",
        "ours",
        "until_python_ready",
        "snapshot_bytes",
        False,
    ),
    (
        "Cold load bytes incl. offline cache fill: Pyodide runtime",
        "ours",
        "until_offline_ready",
        "pyodide_bytes",
        False,
    ),
    ("Cold load bytes incl. offline cache fill: our own files", "ours", "until_offline_ready", "own_bytes", True),
    (
        "Cold load bytes incl. offline cache fill: memory snapshot",
        "ours",
        "until_offline_ready",
        "snapshot_bytes",
        False,
    ),
    ("Cold load bytes, bare page: Pyodide runtime", "bare", "until_python_ready", "pyodide_bytes", False),
)


def bytes_rows(runs: list[dict[str, Any]], summary: dict[str, Any]) -> Rows:
    rows: Rows = []
    for label, page, phase, key, target in BYTES_ROWS:
        samples = [run[page]["cold"][phase][key] for run in runs]
        median = statistics.median(samples)
        requests = statistics.median(run[page]["cold"][phase][key.replace("bytes", "requests")] for run in runs)
        summary[f"cold_{page}_{phase}_{key}"] = median
        every = (
            f"{min(samples):,} B every run" if min(samples) == max(samples) else f"{min(samples):,}–{max(samples):,} B"
        )
        rows.append(
            [
                label,
                str(len(runs)),
                kb(median),
                f"{requests:.0f} requests; {every}",
                f"< {TARGET_OWN_BYTES / 1000:.0f} kB" if target else "",
                verdict(median, TARGET_OWN_BYTES) if target else "",
            ]
        )
    return rows


def summarise(runs: list[dict[str, Any]], solves: dict[str, Any]) -> tuple[Rows, dict[str, Any]]:
    summary: dict[str, Any] = {}
    visits = [name for name in VISITS if name in runs[0]["ours"]]
    rows = interactive_rows(runs, visits, summary)
    for visit in visits:
        rows += ready_rows(runs, visit, summary)
    rows += solve_rows(solves, summary)
    rows += bytes_rows(runs, summary)
    return rows, summary


def breakdown(runs: list[dict[str, Any]], traced: dict[str, Any]) -> tuple[list[list[str]], dict[str, Any]]:
    """Medians of the start-up timeline per page and visit: where the time to Python ready goes; the
    wasm code cache from the traced series (``traced``: page -> visit -> WasmTrace result)."""
    rows: list[list[str]] = []
    medians: dict[str, Any] = {}

    def median_of(samples: list[float | None]) -> float | None:
        present = [value for value in samples if value is not None]
        return statistics.median(present) if present else None

    for visit in [name for name in VISITS if name in runs[0]["ours"]]:
        for page in ("ours", "bare"):
            samples = [run[page][visit] for run in runs]
            lines = [sample["timeline"] for sample in samples]
            start_up = [
                sample["python_ready_ms"] - line["runtime_downloaded_ms"]
                for sample, line in zip(samples, lines, strict=True)
                if line["runtime_downloaded_ms"] is not None
            ]
            entry = {
                "html_received_ms": median_of([line["html_received_ms"] for line in lines]),
                "board_interactive_ms": median_of([sample.get("board_interactive_ms") for sample in samples]),
                "worker_started_ms": median_of([line["worker_started_ms"] for line in lines]),
                "runtime_downloaded_ms": median_of([line["runtime_downloaded_ms"] for line in lines]),
                "python_started_ms": median_of([line.get("python_started_ms") for line in lines]),
                "python_ready_ms": median_of([sample["python_ready_ms"] for sample in samples]),
                "python_start_after_download_ms": median_of(start_up),
            }
            wasm = traced.get(page, {}).get(visit)
            medians[f"{page}_{visit}"] = {**entry, "wasm_trace": wasm}
            cache = "not traced"
            if wasm is not None:
                cache = f"{'hit' if wasm['code_cache_hit'] else 'miss'} ({wasm['lazy_compiles']:,} functions compiled)"
            times = ["—" if value is None else ms(value) for value in entry.values()]
            rows.append([f"{page}, {visit}", *times, cache])
    return rows, medians


def markdown_table(rows: list[list[str]], header: list[str] | None = None) -> str:
    header = header or ["Metric", "Runs", "Median", "Spread", "Target", "Result"]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] * len(header)) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    def run(*command: str) -> str:
        try:
            return subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT).stdout.strip()
        except OSError:
            return ""

    return {
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "chromium": run(CHROMIUM, "--version"),
        "pyodide": serve.pinned_pyodide_version(),
        "commit": run("git", "rev-parse", "--short", "HEAD"),
        "dirty": bool(run("git", "status", "--porcelain", "--", "web", "py", "serve.py")),
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="cold+warm runs of each page (default 5, at least 1)")
    parser.add_argument("--clicks", type=int, default=15, help="timed Solve clicks per board size (default 15)")
    parser.add_argument("--seed", type=int, default=909, help="seed of the random boards (default 909)")
    parser.add_argument(
        "--third-visit",
        action="store_true",
        help="also time a third visit of each page, once every code cache is filled",
    )
    parser.add_argument("--no-warmup", action="store_true", help="skip the untimed first visit")
    parser.add_argument("--no-wasm-trace", action="store_true", help="skip the traced series (wasm code cache)")
    parser.add_argument("--no-throttled", action="store_true", help="skip the first visits at 15 Mbit/s")
    parser.add_argument(
        "--no-edits", action="store_true", help="skip bench/edit_bench.py's rows (50×50 edits, load, Solve, routes)"
    )
    parser.add_argument("--edit-reps", type=int, default=10, help="repetitions of each edit_bench figure (default 10)")
    parser.add_argument(
        "--json", type=Path, default=DEFAULT_RESULTS, help=f"results file (default {DEFAULT_RESULTS.relative_to(ROOT)})"
    )
    args = parser.parse_args(argv)
    if args.runs < 1 or args.clicks < 1:
        parser.error("--runs and --clicks must be at least 1")
    return args


def measure(args: argparse.Namespace) -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Every run of both pages (interleaved), the traced series, the solve latencies, then edit_bench's figures."""
    pages: dict[str, Visit] = {"ours": visit_ours, "bare": visit_bare}
    runs: list[dict[str, Any]] = []
    with served_site() as (url, log, _out), sync_playwright() as pw:
        if not args.no_warmup:
            # Untimed: brings the build into the OS page cache and Chromium's binary into memory.
            print("page_bench: one untimed visit first", file=sys.stderr)
            with fresh_profile(pw) as context:
                page, errors = new_page(context, "warm-up")
                visit_ours(page, errors, url, log, cold=True)
        for index in range(args.runs):
            order = ["ours", "bare"] if index % 2 == 0 else ["bare", "ours"]
            run: dict[str, Any] = {"order": order}
            for label in order:
                run[label] = visit_series(pw, pages[label], label, url, log, 3 if args.third_visit else 2)
                if not args.no_throttled:
                    run[label]["throttled"] = throttled_visit(pw, pages[label], label, url, log)
            runs.append(run)
            ready = {label: {name: sample["python_ready_ms"] for name, sample in run[label].items()} for label in order}
            times = "; ".join(
                f"{name} ours {ready['ours'][name]:.0f} ms, bare {ready['bare'][name]:.0f} ms"
                for name in VISITS
                if name in run["ours"]
            )
            print(f"page_bench: run {index + 1}/{args.runs}, python ready: {times}", file=sys.stderr)
        traced: dict[str, Any] = {}
        if not args.no_wasm_trace:
            # Untimed: tracing v8.wasm costs time in the traced page (about 200 ms of our snapshot start).
            print("page_bench: one traced series per page for the wasm code cache column", file=sys.stderr)
            for label, visit in pages.items():
                series = visit_series(pw, visit, label, url, log, 3 if args.third_visit else 2, trace=True)
                traced[label] = {name: sample["wasm"] for name, sample in series.items()}
        print(f"page_bench: solve latency, {args.clicks} clicks per board", file=sys.stderr)
        solves = solve_latency(pw, url, args.clicks, args.seed)
        edits: dict[str, Any] = {}
        if not args.no_edits:
            import edit_bench  # imports this module: only when it runs

            print("page_bench: edit_bench (50×50 edits, load, Solve, long routes)", file=sys.stderr)
            edits = edit_bench.measure(pw, url, args.edit_reps, args.seed)
    return runs, solves, traced, edits


TIMELINE_HEADER = [
    "Page, visit",
    "HTML received",
    "Board interactive",
    "Worker started",
    "Runtime downloaded",
    "Interpreter started",
    "Python ready",
    "Python start-up after download",
    "Wasm code cache hit",
]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    began = time.monotonic()
    conditions = machine()
    load = conditions["load_average"]
    print(
        f"page_bench: {conditions['cpus']} CPUs, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
        f"{conditions['chromium']}; Pyodide {conditions['pyodide']}",
        file=sys.stderr,
    )
    runs, solves, traced, edits = measure(args)

    rows, summary = summarise(runs, solves)
    timeline_rows, summary["start_up_timeline_medians"] = breakdown(runs, traced)
    conditions["load_average_after"] = os.getloadavg()
    conditions["seconds"] = round(time.monotonic() - began, 1)
    table = markdown_table(rows)
    print(table)
    print("\nWhere the time to Python ready goes (medians, ms since navigation start):\n")
    print(markdown_table(timeline_rows, TIMELINE_HEADER))
    print(
        f"\n{len(runs)} runs per page, ours and bare interleaved; {args.clicks} timed solves per size. "
        f"{conditions['cpus']} CPUs, load average {load[0]:.2f} before, "
        f"{conditions['load_average_after'][0]:.2f} after; {conditions['seconds']:.0f} s in all.\n\n{NOTES}"
    )
    if edits:
        import edit_bench

        print("\nLarge boards (bench/edit_bench.py; how each figure is timed: its docstring):\n")
        print(markdown_table(edit_bench.rows(edits), edit_bench.HEADER))
    options = {
        "runs": args.runs,
        "clicks": args.clicks,
        "seed": args.seed,
        "warmup": not args.no_warmup,
        "third_visit": args.third_visit,
        "throttled": None if args.no_throttled else THROTTLE,
        "wasm_trace": not args.no_wasm_trace,
    }
    targets = {
        "board_interactive_ms": TARGET_INTERACTIVE_MS,
        "python_ready_ratio": TARGET_RATIOS,
        "solve_median_ms_n20": TARGET_SOLVE_MS,
        "own_bytes": TARGET_OWN_BYTES,
    }
    results = {"machine": conditions, "options": options, "targets": targets, "summary": summary}
    results |= {"table": table, "runs": runs, "solves": solves, "edits": edits}
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=1) + "\n")
    print(f"Wrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
