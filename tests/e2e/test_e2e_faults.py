"""When Python cannot start: a missing runtime or solver file is reported at once, by name, the
editor keeps working meanwhile, and Retry starts Python again. A download that fails on the network
(no answer at all) is reported within seconds too, with no uncaught error. Cancel stops a pending solve.

The faults are made with routes on the browser context, so the engine's worker (which does the
downloading) meets them too; the 404s they cause are expected, every other problem still fails.
They are faults of the engine's downloads only: the service worker, which registers once the
engine has settled (on an error too) and precaches the site, downloads untouched.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage, jumps_of, load_fixture
from conftest import BrowserProblems
from playwright.sync_api import Request, Route, expect
from snakes_ladders import Board, min_moves

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]

EXAMPLE_1 = load_fixture("leetcode_example_1")
WASM = "pyodide/pyodide.asm.wasm"
# A download that fails is reported as soon as its answer arrives: allow a busy machine a margin,
# but far less than the 90 s after which the app gives up on a silent worker.
FAULT_REPORTED_MS = 30_000
# A download the network drops fails at once; the page must say so within 10 s (it used to take 60 s).
ABORT_REPORTED_MS = 10_000
# Every file the engine's worker alone downloads, and how the error names it: the worker's own
# modules cannot be named (a module worker that fails to load says nothing more).
ENGINE_FILES = {
    "workers/engine.worker.mjs": r"the worker script could not be loaded",
    "workers/snapshot.mjs": r"the worker script could not be loaded",
    "pyodide/pyodide.mjs": r"the worker script could not be loaded",
    "pyodide/pyodide.asm.mjs": r"pyodide\.asm\.mjs",
    WASM: r"pyodide\.asm\.wasm: Failed to fetch",
    "pyodide/python_stdlib.zip": r"python_stdlib\.zip: Failed to fetch",
    "pyodide/pyodide-lock.json": r"pyodide-lock\.json: Failed to fetch",
    "py/snakes_ladders.zip": r"snakes_ladders\.zip: Failed to fetch",
}


def is_wasm(request: Request) -> bool:
    """The engine's download of the runtime (the service worker's precache of it is not)."""
    return request.url.endswith("/" + WASM) and request.service_worker is None


def answer_404_to_the_page(route: Route) -> None:
    if route.request.service_worker is None:
        route.fulfill(status=404, content_type="text/plain", body="not here")
    else:
        route.continue_()


@pytest.mark.parametrize(
    ("path", "named"),
    [
        pytest.param(WASM, r"pyodide\.asm\.wasm: HTTP 404", id="runtime-wasm"),
        pytest.param("py/snakes_ladders.zip", r"snakes_ladders\.zip: HTTP 404", id="solver-package"),
    ],
)
def test_a_missing_file_is_named_the_editor_still_works_and_retry_recovers(
    open_app: Callable[..., AppPage], problems: BrowserProblems, path: str, named: str
) -> None:
    problems.allow(rf"^HTTP 404 for GET \S*/{re.escape(path)}$")
    app = open_app(navigate=False)
    context = app.page.context
    pattern = f"**/{path}"
    context.route(pattern, answer_404_to_the_page)
    app.goto()
    app.expect_engine_error(re.compile(named), timeout=FAULT_REPORTED_MS)
    assert problems.allowed, "the route never answered 404: the fault was not exercised"

    # Editing needs no Python: place a ladder by clicking its two squares.
    app.select(3, 20)
    app.expect_jump(3, 20)
    rows = Board(6, {**jumps_of(EXAMPLE_1["board"]), 3: 20}).to_matrix()
    assert app.matrix_rows() == rows

    context.unroute(pattern)
    app.button("Retry").click()
    expect(app.engine).to_have_attribute("data-engine", "loading")
    expect(app.button("Retry")).to_be_hidden()
    app.wait_ready()
    app.solve()
    app.expect_moves(min_moves(rows))
    app.expect_board(rows)


def abort_for_the_page(route: Route) -> None:
    if route.request.service_worker is None:
        route.abort("failed")
    else:
        route.continue_()


@pytest.mark.parametrize(("path", "named"), list(ENGINE_FILES.items()), ids=list(ENGINE_FILES))
def test_a_download_the_network_drops_is_reported_in_seconds_with_retry(
    open_app: Callable[..., AppPage], problems: BrowserProblems, path: str, named: str
) -> None:
    problems.allow(rf"^request failed: GET \S*/{re.escape(path)}: net::ERR_(FAILED|ABORTED)$")
    app = open_app(navigate=False)
    context = app.page.context
    pattern = f"**/{path}"
    context.route(pattern, abort_for_the_page)
    app.goto()
    app.expect_engine_error(re.compile(named), timeout=ABORT_REPORTED_MS)
    assert problems.allowed, "no request was aborted: the fault was not exercised"
    app.select(3, 20)  # the editor does not wait for Python
    app.expect_jump(3, 20)

    context.unroute(pattern)
    app.button("Retry").click()
    app.wait_ready()
    app.solve()
    app.expect_moves(min_moves(app.matrix_rows()))


def test_cancel_while_a_solve_waits_restarts_python_and_keeps_the_board(open_app: Callable[..., AppPage]) -> None:
    """A solve is made to wait by holding back the runtime's download until Cancel has been pressed.

    (No board the editor allows takes Python long to solve: a 50×50 board is solved in
    milliseconds, so a solve cannot be caught mid-computation without slowing Python down.)
    """
    handler_errors: list[BaseException] = []
    wasm_requests: list[str] = []

    def hold_first_until_cancelled(route: Route) -> None:
        if not is_wasm(route.request):
            route.continue_()
            return
        wasm_requests.append(route.request.url)
        try:
            if len(wasm_requests) == 1:  # the first worker's download: cancelled before it arrives
                expect(app.result).to_contain_text("cancelled", timeout=PYTHON_TIMEOUT_MS)
        except BaseException as error:  # reported by the test, not lost in the handler
            handler_errors.append(error)
        finally:
            route.continue_()  # the first worker is gone by now; its answer goes nowhere

    app = open_app(navigate=False)
    context = app.page.context
    context.route(f"**/{WASM}", hold_first_until_cancelled)
    with context.expect_event("request", predicate=is_wasm, timeout=PYTHON_TIMEOUT_MS):
        app.goto()
    app.drag(3, 20)  # an edited board, so "unchanged" is not just the first preset
    app.expect_jump(3, 20)
    before = app.matrix.text_content()

    app.solve()
    expect(app.result).to_contain_text("Waiting for Python")
    cancel = app.button("Cancel")
    expect(cancel).to_be_visible()
    cancel.click()
    expect(app.result).to_contain_text(re.compile(r"\bSolve cancelled\b"))
    expect(cancel).to_be_hidden()
    expect(app.engine).to_have_attribute("data-engine", "loading")
    app.wait_ready()
    assert len(wasm_requests) == 2, f"Cancel did not start a new Python worker: {wasm_requests}"
    assert not handler_errors, handler_errors

    assert app.matrix.text_content() == before
    app.expect_jump(3, 20)
    expect(app.moves).to_have_count(0)
    app.solve()
    app.expect_moves(min_moves(app.matrix_rows()))
