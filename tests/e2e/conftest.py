"""Browser-test fixtures: one build, one server and one Chromium per session; a warm context per test.

A test's first visitor opens in a context shared by the session's tests (one for desktops, one for
phones), warmed once: the service worker is installed and the offline cache holds the site and the
Python memory snapshot, so the page starts Python as a repeat visit does (well under a second instead
of about three: the suite spends most of its time starting Python). Before each test the site's
origin is wiped of everything a visitor saves (local storage, IndexedDB, cookies) and its pages are
closed: the test sees a returning visitor with nothing saved. A test that needs a visitor who has never
been here (a first visit, routes or scripts set up before the page loads: ``navigate=False``, another
server: ``base_url``), a second visitor, or marks itself ``fresh_context``, gets a fresh context.

Every page a test opens is watched: an uncaught page error, a console error (in the page or in its
workers, the Pyodide one included), a failed request or an HTTP error response, or an engine that
ends in ``data-engine="error"``, fails the test at teardown with the list of what went wrong.
"""

from __future__ import annotations

import functools
import http.server
import re
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from app_page import AppPage, wait_for_async
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    Response,
    Worker,
    expect,
    sync_playwright,
)

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
import serve  # noqa: E402  (serve.py lives at the repository root)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    # The suite is bound by the CPU of two cores; V8's background recompiling of Pyodide's WebAssembly
    # with its optimizing tier (each page compiles it afresh) took about 5-10% of the suite's time and
    # changes nothing the tests check.
    "--js-flags=--no-wasm-tier-up",
    # Chromium's own browser UI, which no test looks at: every new page is a window, and each window
    # built its omnibox popup as a WebUI page in a renderer of its own (about 1.3 CPU seconds a page,
    # a third of what opening the app cost).
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI",
]
EXPECT_TIMEOUT_MS = 10_000

expect.set_options(timeout=EXPECT_TIMEOUT_MS)


class _SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # Closing a context drops its downloads mid-transfer (the service worker's precache, say):
        # the client hung up, which is not the site's fault and not worth a traceback.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A fresh build of the site, served on a free port of 127.0.0.1 exactly as a static host would."""
    out = serve.build(tmp_path_factory.mktemp("e2e") / "site")
    handler = functools.partial(serve.Handler, directory=str(out), quiet=True)
    server = _SiteServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="e2e-site", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


class BrowserProblems:
    """Everything that went wrong in the watched contexts, in the order it happened.

    A test that breaks the site on purpose (a download answered with 404, an inline script that
    CSP must refuse) says which reports it expects with ``allow(pattern)``: those go to
    ``allowed`` instead of failing the test, so the test can also check that they did happen.
    """

    def __init__(self) -> None:
        self.items: list[str] = []
        self.allowed: list[str] = []
        self._allow: list[re.Pattern[str]] = []

    def watch(self, context: BrowserContext, *, shared: bool = False) -> ContextWatch:
        return ContextWatch(self, context, shared=shared)

    def allow(self, pattern: str) -> None:
        """Expect reports matching the regular expression ``pattern`` (searched, not anchored)."""
        self._allow.append(re.compile(pattern))

    def add(self, problem: str, *, harmless: bool = False) -> None:
        """Record ``problem``; a ``harmless`` one counts only when a test expects it (see ``allow``)."""
        if any(pattern.search(problem) for pattern in self._allow):
            self.allowed.append(problem)
        elif not harmless:
            self.items.append(problem)


class ContextWatch:
    """Reports one context's problems until it is closed on purpose: closing aborts its downloads.

    A ``shared`` context (the session's warm one) is not closed: its pages are, and the watch stops
    listening, so the next test's reports are its own.
    """

    def __init__(self, problems: BrowserProblems, context: BrowserContext, *, shared: bool = False) -> None:
        self.problems = problems
        self.context = context
        self.shared = shared
        self.closed = False
        # On the context, so requests of the page, its workers and the service worker are all seen.
        context.on("requestfailed", self._on_request_failed)
        context.on("response", self._on_response)

    def add(self, problem: str, *, harmless: bool = False) -> None:
        if not self.closed:
            self.problems.add(problem, harmless=harmless)

    def watch_page(self, page: Page) -> None:
        page.on("pageerror", lambda error: self.add(f"page error: {error}"))
        page.on("console", lambda message: self._on_console("page", message))
        page.on("crash", lambda _: self.add("the page crashed"))
        page.on("worker", self._watch_worker)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if not self.shared:
            self.context.close()
            return
        self.context.remove_listener("requestfailed", self._on_request_failed)
        self.context.remove_listener("response", self._on_response)
        for page in self.context.pages:
            page.close()

    def _watch_worker(self, worker: Worker) -> None:
        worker.on("console", lambda message: self._on_console(f"worker {worker.url}", message))

    def _on_console(self, where: str, message: ConsoleMessage) -> None:
        if message.type == "error":
            location = message.location
            self.add(f"console error in {where}: {message.text} ({location.get('url')}:{location.get('lineNumber')})")

    def _on_request_failed(self, request: Request) -> None:
        # net::ERR_ABORTED on its own is the browser cancelling a request: a reload leaving the favicon
        # behind, say. It fails no test by itself, but a test that aborts a download on purpose
        # (some show as ERR_ABORTED) still sees it among the reports it allowed.
        failure = request.failure
        problem = f"request failed: {request.method} {request.url}: {failure}"
        self.add(problem, harmless=failure == "net::ERR_ABORTED")

    def _on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.add(f"HTTP {response.status} for {response.request.method} {response.url}")


def known_app_bug(observed: bool, bug: str) -> None:
    """Inside a subtest: xfail it while the app ``bug`` is ``observed``, fail it once it is not.

    A strict xfail for one check of a test that shares its page with others (a Python start is
    too dear to spend a test on each check): the other subtests still run and must pass.
    """
    if observed:
        pytest.xfail(f"app bug: {bug}")
    pytest.fail(f"fixed? This app bug is no longer seen: {bug}. Turn the check into a plain assertion.")


@pytest.fixture
def problems() -> BrowserProblems:
    return BrowserProblems()


def _context_options(phone: bool, reduced_motion: str) -> dict[str, object]:
    # phone: a 390x844 touch screen (test_e2e_workspaces.py), else a 1280x900 desktop.
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    return {
        "reduced_motion": reduced_motion,
        "viewport": size,
        "has_touch": phone,
        "is_mobile": phone,
        "device_scale_factor": 1,
    }


# Every file of the site's build is in the service worker's cache, the memory snapshot included.
SNAPSHOT_CACHED = r"""async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) if (/\/py\/snapshot-[^/]*\.bin\.gz$/.test(request.url)) return true;
  }
  return false;
}"""

# What a visitor saves, wiped from the origin between tests; the offline cache and the service worker stay.
VISITOR_STORAGE = "cookies,local_storage,indexeddb,websql,file_systems"


class WarmContexts:
    """The session's shared contexts, one per kind of screen, each warmed by a first visit."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.browser = browser
        self.site_url = site_url
        self.contexts: dict[bool, BrowserContext] = {}

    def get(self, phone: bool) -> BrowserContext:
        if phone not in self.contexts:
            context = self.browser.new_context(**_context_options(phone, "reduce"))  # type: ignore[arg-type]
            page = context.new_page()
            page.goto(self.site_url)
            expect(page.locator("#engine")).to_have_attribute("data-engine", "ready", timeout=120_000)
            expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=120_000)
            wait_for_async(page, SNAPSHOT_CACHED, timeout_ms=120_000)
            page.close()
            self.contexts[phone] = context
        return self.contexts[phone]

    def fresh_page(self, phone: bool, reduced_motion: str) -> tuple[BrowserContext, Page]:
        """A new page in the warm context, its origin wiped of what a visitor saves, its other pages closed."""
        context = self.get(phone)
        for page in context.pages:
            page.close()
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        origin = self.site_url.rstrip("/")
        cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": VISITOR_STORAGE})
        cdp.detach()
        page.emulate_media(reduced_motion=reduced_motion)  # type: ignore[arg-type]
        return context, page

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture(scope="session")
def warm_contexts(browser: Browser, site_url: str) -> Iterator[WarmContexts]:
    warm = WarmContexts(browser, site_url)
    yield warm
    warm.close()


@pytest.fixture
def open_app(
    browser: Browser,
    site_url: str,
    problems: BrowserProblems,
    warm_contexts: WarmContexts,
    request: pytest.FixtureRequest,
) -> Iterator[Callable[..., AppPage]]:
    """Open the app in a watched browser context: ``open_app(fragment="", reduced_motion="reduce")``
    (``phone=True``: a 390x844 touch screen). The test's first visitor opens in the session's warm
    context for that screen (module docstring); the others, and every visitor of a ``fresh_context``
    test, in new contexts.

    Call it again for a second, independent visitor (the share-link test); ``app.close()`` lets one
    leave early. Nothing is waited for beyond the board being set up; ``app.wait_ready()`` waits for
    Python. ``navigate=False`` returns the app before its first page load, for a test that must set
    up routes first (in a new context, unless ``warm=True``: for a test that sets up only its page).
    ``base_url`` opens the app from another server (a static build under a sub-path, say) than the
    session's.
    """
    opened: list[tuple[AppPage, ContextWatch]] = []
    fresh_only = request.node.get_closest_marker("fresh_context") is not None

    def open_(
        fragment: str = "",
        *,
        reduced_motion: str = "reduce",
        navigate: bool = True,
        base_url: str | None = None,
        phone: bool = False,
        warm: bool | None = None,
    ) -> AppPage:
        # A test that sets up only its own page before the first load (page init scripts, emulated
        # media) passes warm=True with navigate=False: its page is new, so nothing of that outlives it.
        # One that routes requests or adds to the context needs a context of its own: the warm
        # context's service worker answers from its cache, where routes never see the requests.
        warm = (navigate if warm is None else warm) and base_url is None and not opened and not fresh_only
        if warm:
            context, page = warm_contexts.fresh_page(phone, reduced_motion)
        else:
            context = browser.new_context(**_context_options(phone, reduced_motion))  # type: ignore[arg-type]
            page = context.new_page()
        watch = problems.watch(context, shared=warm)
        watch.watch_page(page)
        app = AppPage(page, base_url or site_url, close=watch.close)
        opened.append((app, watch))
        return app.goto(fragment) if navigate else app

    yield open_

    engines = [app.engine.get_attribute("data-engine") for app, watch in opened if not watch.closed]
    for _, watch in opened:
        watch.close()
    assert not problems.items, "the browser reported problems:\n" + "\n".join(problems.items)
    assert "error" not in engines, "the Python engine ended in data-engine=error"


@pytest.fixture
def app(open_app: Callable[..., AppPage]) -> AppPage:
    """The app at its first visit (no link, nothing saved), animations reduced to near-instant."""
    return open_app()
