"""The build is a static site: a plain file server under a sub-path serves it, repeat visits work
offline, a new release takes over cleanly, and a strict Content Security Policy holds throughout.
The memory snapshot (6 MB) is downloaded once however the service worker's install and a page's
worker overlap: the tests hold the first download back until the second party is seen.

The plain server is ``python -m http.server`` serving a root that holds the build in
``snakes-ladders/``, as a GitHub Pages project site is served: no special headers, no rewrites.
"""

from __future__ import annotations

import html.parser
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from app_page import ANIMATION_TIMEOUT_MS, PYTHON_TIMEOUT_MS, AppPage, load_fixture
from conftest import BrowserProblems
from playwright.sync_api import BrowserContext, Page, Request, Route, expect

import build_site
import serve

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

SUB_PATH = "snakes-ladders"
EXAMPLE_1 = load_fixture("leetcode_example_1")
CACHE_PREFIX = "snakes-ladders-"
# The module release B changes, by one exported string: the build bundles and minifies the page, so
# a comment would not change what it serves, and only an entry module's exports are kept (main.mjs is
# one of the page's two bundles, under its own name). The test explains why A's copy of it is old.
CHANGED_MODULE = "main.mjs"
RELEASE_B_MARK = "release B"

# An init script (init scripts are not subject to the page's CSP) that records every CSP
# violation the page reports, from its first script on.
RECORD_CSP_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  window.__cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI} at ${where}`);
});
"""

CACHE_HOLDS = """
async ([file, mark]) => {
  const found = {};
  for (const key of await caches.keys()) {
    const response = await (await caches.open(key)).match(file);
    found[key] = response ? (await response.text()).includes(mark) : null;
  }
  return found;
}
"""


# --- the page's source -------------------------------------------------------------------


class _PageSource(html.parser.HTMLParser):
    """index.html's CSP meta tag, its scripts, and the attributes that would need inline CSP."""

    def __init__(self) -> None:
        super().__init__()
        self.csp: str | None = None
        self.csp_position: int | None = None
        self.first_resource: int | None = None
        self.inline_scripts: list[str] = []
        self.inline_attributes: list[str] = []
        self.style_elements = 0
        self._in_script = False
        self._position = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._position += 1
        attributes = dict(attrs)
        if tag == "meta" and (attributes.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp, self.csp_position = attributes.get("content"), self._position
        if tag in ("script", "link", "style") and self.first_resource is None:
            self.first_resource = self._position
        if tag == "script":
            self._in_script = "src" not in attributes
        if tag == "style":
            self.style_elements += 1
        for name, value in attrs:
            if name == "style" or name.startswith("on") or (value or "").strip().lower().startswith("javascript:"):
                self.inline_attributes.append(f"<{tag} {name}={value!r}>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts.append(data.strip()[:80])


@pytest.fixture(scope="module")
def page_source(site_url: str) -> _PageSource:
    """index.html as the build serves it."""
    with urllib.request.urlopen(site_url) as response:
        source = _PageSource()
        source.feed(response.read().decode("utf-8"))
    return source


def csp_directives(policy: str) -> dict[str, list[str]]:
    directives: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *values = part.split()
        directives[name.lower()] = values
    return directives


def test_index_html_sets_a_strict_content_security_policy(page_source: _PageSource) -> None:
    assert page_source.csp is not None, "index.html has no <meta http-equiv=Content-Security-Policy>"
    directives = csp_directives(page_source.csp)
    assert directives.get("script-src") == ["'self'", "'wasm-unsafe-eval'"], directives
    # The practice worker is started by the sandbox frame (practice/sandbox.html), under that frame's policy.
    assert directives.get("worker-src") == ["'self'"], directives
    assert directives.get("frame-src") == ["'self'"] and directives.get("child-src") == ["'self'"], directives
    assert directives.get("connect-src") == ["'self'"], directives
    assert directives.get("object-src") == ["'none'"], directives
    assert "'unsafe-inline'" not in page_source.csp and "'unsafe-eval'" not in page_source.csp
    # A CSP meta tag only governs what comes after it.
    assert page_source.first_resource is not None and page_source.csp_position is not None
    assert page_source.csp_position < page_source.first_resource, "a script or stylesheet comes before the CSP"


def test_the_sandbox_frame_sets_a_policy_of_its_own_that_its_worker_inherits(site_url: str) -> None:
    """practice/sandbox.html: the site's own scripts and files only, workers only from data: (an opaque
    origin), no eval, no base or form target; the frame is sandboxed by the page, its CSP by itself."""
    with urllib.request.urlopen(site_url + "practice/sandbox.html") as response:
        frame = _PageSource()
        frame.feed(response.read().decode("utf-8"))
    assert frame.csp is not None and frame.csp_position is not None and frame.first_resource is not None
    assert frame.csp_position < frame.first_resource
    directives = csp_directives(frame.csp)
    assert directives == {
        "default-src": ["'none'"],
        "script-src": ["'self'", "'wasm-unsafe-eval'"],
        "worker-src": ["data:"],
        "connect-src": ["'self'"],
        "base-uri": ["'none'"],
        "form-action": ["'none'"],
    }, directives
    assert frame.inline_scripts == [] and frame.inline_attributes == [] and frame.style_elements == 0


def test_index_html_has_no_inline_script_or_style(page_source: _PageSource) -> None:
    assert page_source.inline_scripts == []
    assert page_source.inline_attributes == []
    assert page_source.style_elements == 0


def test_the_policy_is_enforced_an_injected_script_is_refused(app: AppPage, problems: BrowserProblems) -> None:
    """The positive control for the no-violation checks: what CSP forbids is in fact refused."""
    # Chromium logs each refusal as a console error, which the harness would otherwise fail on.
    problems.allow(
        r"^console error in page: (Executing inline script|Executing inline event handler|Evaluating a string as "
        r"JavaScript) violates the following Content Security Policy directive"
    )
    refused = app.page.evaluate(
        """async () => {
          const violation = () => new Promise((resolve) => document.addEventListener(
            "securitypolicyviolation", (event) => resolve(event.effectiveDirective), { once: true }));
          const results = {};
          let next = violation();
          const script = document.createElement("script");
          script.textContent = "window.__inline = 'script'";
          document.body.append(script);
          results.script = await next;
          next = violation();
          const button = document.createElement("button");
          button.setAttribute("onclick", "window.__inline = 'handler'");
          document.body.append(button);
          button.click();
          results.handler = await next;
          next = violation();
          try { eval("window.__inline = 'eval'"); results.eval = "ran"; } catch (error) { results.eval = error.name; }
          results.evalViolation = await next;
          script.remove();
          button.remove();
          results.ran = window.__inline ?? null;
          return results;
        }"""
    )
    assert refused == {
        "script": "script-src-elem",
        "handler": "script-src-attr",
        "eval": "EvalError",
        "evalViolation": "script-src",
        "ran": None,
    }
    logged = " ".join(problems.allowed)
    assert "inline script" in logged and "inline event handler" in logged, problems.allowed


# --- the build on a plain static server under a sub-path ---------------------------------


@dataclass
class PlainHost:
    """``python -m http.server`` serving ``root``; the app lives in ``root/snakes-ladders/``."""

    root: Path
    url: str  # the app's address: http://127.0.0.1:PORT/snakes-ladders/

    @property
    def site(self) -> Path:
        return self.root / SUB_PATH


@pytest.fixture
def plain_host(tmp_path: Path) -> Iterator[PlainHost]:
    root = tmp_path / "root"
    root.mkdir()
    log = (tmp_path / "http.server.log").open("w")
    # Port 0: the server binds a free port itself and names it in its first line, printed once
    # it listens ("Serving HTTP on 127.0.0.1 port 41234 ..."), so there is nothing to poll.
    command = [sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", str(root)]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=log, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"}
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        match = re.search(r"\bport (\d+)\b", first)
        assert match, f"python -m http.server did not start: {first!r}; see {log.name}"
        yield PlainHost(root, f"http://127.0.0.1:{match.group(1)}/{SUB_PATH}/")
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


def build_release(web: Path, out: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """``build_site.build`` of the web files in ``web`` into ``out``; returns the build id."""
    with monkeypatch.context() as patch:
        patch.setattr(build_site, "WEB", web)
        build_site.build(out)
    match = re.search(r'BUILD_ID = "([^"]+)"', (out / "build-info.mjs").read_text())
    assert match, "build-info.mjs has no BUILD_ID"
    return match.group(1)


def set_mtime(path: Path, when: float) -> None:
    os.utime(path, (when, when))


def is_wasm(request: Request) -> bool:
    return urlsplit(request.url).path.endswith("/pyodide/pyodide.asm.wasm")


def is_snapshot(request: Request) -> bool:
    return "/py/snapshot-" in urlsplit(request.url).path


# --- the memory snapshot: downloaded once, whoever asks for it ---------------------------

SNAPSHOT_GLOB = "**/py/snapshot-*.bin.gz"
# web/workers/snapshot-cache.mjs: the Web Lock held while a cache is given the snapshot.
SNAPSHOT_LOCK = "snakes-ladders-snapshot"
SNAPSHOT_CACHED = "async (url) => Boolean(await caches.match(url))"
# While the first download of the snapshot is held back: whether a second party that needs it waits for
# the lock, or has downloaded it too (it is cached, though the first download is not done). Checked on
# every frame until one of them is seen, into window.__secondParty, which the test waits on.
WATCH_SECOND_PARTY = """([url, lock]) => {
  const check = async () => {
    const { pending = [] } = await navigator.locks.query();
    if (pending.some((request) => request.name === lock)) return "waits for the first download";
    return (await caches.match(url)) ? "downloaded it too" : null;
  };
  window.__secondParty = null;
  const again = async () => {
    window.__secondParty = await check();
    if (!window.__secondParty) requestAnimationFrame(again);
  };
  again();
}"""

# The two ways a release that keeps the snapshot's name (it changed only the page) can find it, and the
# downloads each costs: the old release's cache has it (the new one copies it), or it has none yet
# (its download failed, say), and it is downloaded once, by the new release's install or by the page.
SNAPSHOT_KEPT = "the snapshot kept from the old release"
SNAPSHOT_FETCHED = "the snapshot fetched, as the old release had none yet"
SWITCH_DOWNLOADS = {SNAPSHOT_KEPT: 0, SNAPSHOT_FETCHED: 1}


def snapshot_url(site: Path, url: str) -> str:
    """The address of the memory snapshot the build in ``site``, served at ``url``, names."""
    match = re.search(r'SNAPSHOT = "([^"]+)"', (site / "build-info.mjs").read_text())
    assert match, "the build has no snapshot"
    return url + match.group(1)


class SnapshotDownloads:
    """The snapshot's downloads in one browser context: each response that came from the server.

    A page's worker that a service worker controls asks through it: that request is answered by the
    service worker (not counted), whose own request goes to the server (counted). With ``route()``,
    the first request is held back until ``release()``, or all of them are refused (``refuse``).
    """

    def __init__(self, context: BrowserContext) -> None:
        self.done: list[str] = []
        self.refuse = False
        self.held: list[Route] = []
        self._context = context
        context.on("requestfinished", self._finished)

    def _finished(self, request: Request) -> None:
        response = request.response()
        if is_snapshot(request) and response and response.ok and not response.from_service_worker:
            self.done.append("the service worker" if request.service_worker else "a page's worker")

    def route(self) -> None:
        """Hold the next request back until ``release()`` (or refuse it and the rest, with ``refuse``)."""
        self._context.route(SNAPSHOT_GLOB, self._route)

    def _route(self, route: Route) -> None:
        if self.refuse:
            route.fulfill(status=503, content_type="text/plain", body="the snapshot is not available")
        elif not self.held:
            self.held.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        assert self.held, "no request for the snapshot was held back"
        self.held[0].continue_()

    def expect_second_party_to_wait(self, page: Page, url: str, second: str) -> None:
        """With the first download held back, the other party that needs the snapshot (``second``, in
        words) waits for it rather than downloading it too."""
        page.evaluate(WATCH_SECOND_PARTY, [url, SNAPSHOT_LOCK])
        seen = page.wait_for_function("() => window.__secondParty", timeout=PYTHON_TIMEOUT_MS).json_value()
        assert seen == "waits for the first download", f"{second} did not wait: it {seen}"


def test_a_reload_during_the_first_install_downloads_the_snapshot_once(
    open_app: Callable[..., AppPage], site_url: str
) -> None:
    """A visitor reloads while the first visit's service worker downloads the snapshot: the reloaded
    page is not controlled yet, starts plainly, and its worker finds the install's cache without the
    snapshot. It waits for the install's download instead of making its own.

    The install starts once the first page's Python is ready, and that page's worker looks for the
    install's cache at that moment: should it see the cache first (a worker slowed down), it is the one
    downloading, and the install is the party that must wait. The test says which order it met."""
    app = open_app(navigate=False)
    page, context = app.page, app.page.context
    downloads = SnapshotDownloads(context)
    downloads.route()
    with context.expect_event("request", predicate=is_snapshot, timeout=PYTHON_TIMEOUT_MS) as first:
        app.goto()  # once Python is ready, the service worker installs and asks for the snapshot: held
    url = first.value.url
    if first.value.service_worker:  # the install asks first, as it nearly always does
        app.reload()
        app.wait_ready()
        expect(app.engine).to_have_attribute("data-engine-start", "plain")
        waits = "the reloaded page's worker"
    else:
        waits = "the install"
    downloads.expect_second_party_to_wait(page, url, waits)
    downloads.release()
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=PYTHON_TIMEOUT_MS)
    assert page.evaluate(SNAPSHOT_CACHED, url)
    assert len(downloads.done) == 1, f"the snapshot was downloaded {len(downloads.done)} times"
    app.reload()
    app.wait_ready()
    expect(app.engine).to_have_attribute("data-engine-start", "snapshot")
    assert len(downloads.done) == 1


def test_offline_support_registers_when_python_is_ready_before_the_page_module(
    open_app: Callable[..., AppPage],
) -> None:
    """boot.mjs starts Python before main.mjs runs, and main.mjs registers the service worker once
    Python is ready. A start that beats main.mjs (a quick one, a busy main thread) must still register
    it: this holds main.mjs back until Python is ready (boot.mjs marks #engine with how it started)."""
    app = open_app(navigate=False)
    page = app.page
    held: list[Route] = []

    def hold(route: Route) -> None:  # the page's request only: the install asks for main.mjs too
        if held:
            route.continue_()
        else:
            held.append(route)

    page.context.route("**/main.mjs", hold)
    page.goto(app.base_url, wait_until="commit")
    expect(app.engine).to_have_attribute("data-engine-start", "plain", timeout=PYTHON_TIMEOUT_MS)
    assert held, "main.mjs was not held back"
    held[0].continue_()
    app.wait_interactive()
    app.wait_ready()
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=PYTHON_TIMEOUT_MS)


def build_release_b(web_a: Path, host: PlainHost, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Build release B (A with one exported string more in one module) and put it in place of A on
    ``host``; returns B's build id. Its changed files are newer than anything a browser holds."""
    web_b = tmp_path / "web-b"
    shutil.copytree(web_a, web_b)
    with (web_b / CHANGED_MODULE).open("a") as module:
        module.write(f'\nexport const RELEASE = "{RELEASE_B_MARK}";\n')
    staged = tmp_path / "release-b"
    build_b = build_release(web_b, staged, monkeypatch)
    newest_a = max(path.stat().st_mtime for path in host.site.rglob("*") if path.is_file())
    for name in (CHANGED_MODULE, "sw.mjs", "build-info.mjs"):
        set_mtime(staged / name, max(time.time(), newest_a + 2))  # the server compares whole seconds
    host.site.rename(tmp_path / "release-a")
    staged.rename(host.site)
    return build_b


def switch_case(page: Page, url: str) -> str:
    """Which case the next release switch meets: whether the old release's cache holds the snapshot."""
    return SNAPSHOT_KEPT if page.evaluate(SNAPSHOT_CACHED, url) else SNAPSHOT_FETCHED


def test_a_static_host_under_a_sub_path_online_offline_and_a_new_release(
    open_app: Callable[..., AppPage],
    plain_host: PlainHost,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    subtests: pytest.Subtests,
) -> None:
    # Releases A and B are built from one snapshot of web/ (which may be edited meanwhile); B
    # differs from A by one exported string in one module.
    web_a = tmp_path / "web-a"
    shutil.copytree(serve.WEB, web_a)
    build_a = build_release(web_a, plain_host.site, monkeypatch)
    snapshot = snapshot_url(plain_host.site, plain_host.url)
    # The served copy of that module is a month old, as a file that did not change for a while
    # is: browsers may then reuse it from their HTTP cache without asking (heuristic freshness;
    # a host's Cache-Control max-age, as GitHub Pages sends, does the same). build-info.mjs and
    # sw.mjs are as new as the build, so they are asked for again within seconds (a heuristic
    # freshness is a tenth of a file's age), long before release B is looked for.
    set_mtime(plain_host.site / CHANGED_MODULE, time.time() - 30 * 86_400)

    app = open_app(navigate=False, base_url=plain_host.url, reduced_motion="no-preference")
    page, context = app.page, app.page.context
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    # Counted from the responses, without routes: a route would turn the HTTP cache off, and this
    # test is about what the HTTP cache may hold.
    downloads = SnapshotDownloads(context)
    context.add_init_script(RECORD_CSP_VIOLATIONS)
    with context.expect_event("request", predicate=is_wasm, timeout=PYTHON_TIMEOUT_MS) as wasm:
        app.goto()

    with subtests.test(msg="the app starts under the sub-path and solves the 6×6 example"):
        app.wait_ready()
        app.expect_board(EXAMPLE_1["board"])
        app.solve()
        app.expect_moves(EXAMPLE_1["moves"])
        app.expect_token_on(36, timeout=ANIMATION_TIMEOUT_MS)  # the whole replay, at normal speed
        assert app.build_id() == build_a

    with subtests.test(msg="no CSP violation over a full load, solve and replay"):
        assert page.evaluate("() => window.__cspViolations") == []

    with subtests.test(msg="every request stays on the origin and under the sub-path"):
        assert requests, "no request was seen"
        outside = [url for url in requests if not url.startswith(plain_host.url)]
        assert outside == []

    with subtests.test(msg="the runtime's wasm has a stable address, with no query string"):
        assert urlsplit(wasm.value.url).query == ""
        assert [url for url in requests if "?" in url] == []

    with subtests.test(msg="a repeat visit works offline"):
        expect(page.locator("html")).to_have_attribute("data-offline", "ready")
        assert len(downloads.done) == 1, f"the first visit downloaded the snapshot {len(downloads.done)} times"
        context.set_offline(True)
        try:
            app.reload()
            app.wait_ready()
            expect(app.engine).to_have_attribute("data-engine-start", "snapshot")  # from the offline cache
            app.solve()
            app.expect_moves(EXAMPLE_1["moves"])
        finally:
            context.set_offline(False)

    # Release B replaces A on the server. It is built after the visits above, so its changed
    # files are newer than anything the browser holds.
    case = switch_case(page, snapshot)
    before_switch = len(downloads.done)
    build_b = build_release_b(web_a, plain_host, tmp_path, monkeypatch)
    assert build_b != build_a

    with subtests.test(msg="the next visit offers the new release and runs the old one meanwhile"):
        app.reload()
        app.wait_ready()
        expect(page.locator("#update")).to_be_visible(timeout=PYTHON_TIMEOUT_MS)
        expect(page.locator("#update").get_by_role("button", name="Reload")).to_be_visible()
        assert app.build_id() == build_a
        assert sorted(page.evaluate("() => caches.keys()")) == sorted([CACHE_PREFIX + build_a, CACHE_PREFIX + build_b])

    with subtests.test(msg=f"Reload switches to the new release, and only its cache is left ({case})"):
        page.locator("#update").get_by_role("button", name="Reload").click()
        expect(app.build_info).to_contain_text(build_b)
        app.wait_interactive()
        expect(page.locator("#update")).to_be_hidden()
        assert page.evaluate("() => caches.keys()") == [CACHE_PREFIX + build_b]
        app.wait_ready()
        expect(app.engine).to_have_attribute("data-engine-start", "snapshot")
        # B changed only the page, so its snapshot has A's name.
        switch = downloads.done[before_switch:]
        assert len(switch) == SWITCH_DOWNLOADS[case], f"{case}, yet the switch downloaded it {len(switch)} times"
        app.solve()
        app.expect_moves(EXAMPLE_1["moves"])
        assert page.evaluate("() => window.__cspViolations") == []

    with subtests.test(msg="the new release's cache holds the new release's files"):
        holds_b = page.evaluate(CACHE_HOLDS, [CHANGED_MODULE, RELEASE_B_MARK])
        assert holds_b == {CACHE_PREFIX + build_b: True}

    with subtests.test(msg="the service worker's own imports are fetched fresh when it updates"):
        # sw.mjs imports build-info.mjs (BUILD_ID, FILES). With the default updateViaCache
        # ("imports") a new sw.mjs may import the old build-info.mjs from the HTTP cache: seen with
        # A's build-info.mjs heuristically fresh, the waiting worker opened A's cache name, filled
        # it with B's files, and after Reload both caches were left. GitHub Pages' max-age=600
        # makes the old copy fresh for ten minutes after a visit.
        update_via_cache = page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).updateViaCache")
        assert update_via_cache == "none"


def test_a_new_release_downloads_the_snapshot_once_when_the_old_release_had_none(
    open_app: Callable[..., AppPage],
    plain_host: PlainHost,
    problems: BrowserProblems,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Release A's install could not download the snapshot, so its cache has none. The visit that
    finds release B starts plainly, so its worker downloads the snapshot in the background for A's
    cache, while B's install looks for it for B's. One download serves both: whichever asks second
    waits for the first and copies it."""
    web_a = tmp_path / "web-a"
    shutil.copytree(serve.WEB, web_a)
    build_release(web_a, plain_host.site, monkeypatch)
    snapshot = snapshot_url(plain_host.site, plain_host.url)
    problems.allow(rf"^HTTP 503 for GET {re.escape(snapshot)}$")
    app = open_app(navigate=False, base_url=plain_host.url)
    page, context = app.page, app.page.context
    downloads = SnapshotDownloads(context)
    downloads.route()
    downloads.refuse = True
    app.goto()
    app.wait_ready()
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=PYTHON_TIMEOUT_MS)
    assert problems.allowed, "the snapshot was never asked for: the failed download was not exercised"
    assert switch_case(page, snapshot) == SNAPSHOT_FETCHED

    downloads.refuse = False
    build_b = build_release_b(web_a, plain_host, tmp_path, monkeypatch)
    app.reload()  # controlled by A, whose cache lacks the snapshot; B installs meanwhile
    app.wait_ready()
    expect(app.engine).to_have_attribute("data-engine-start", "plain")
    downloads.expect_second_party_to_wait(page, snapshot, "B's install or the page's worker, whichever asked second")
    downloads.release()
    expect(page.locator("#update")).to_be_visible(timeout=PYTHON_TIMEOUT_MS)
    assert len(downloads.done) == SWITCH_DOWNLOADS[SNAPSHOT_FETCHED]

    page.locator("#update").get_by_role("button", name="Reload").click()
    expect(app.build_info).to_contain_text(build_b)
    app.wait_ready()
    expect(app.engine).to_have_attribute("data-engine-start", "snapshot")
    assert page.evaluate("() => caches.keys()") == [CACHE_PREFIX + build_b]
    assert len(downloads.done) == SWITCH_DOWNLOADS[SNAPSHOT_FETCHED]
