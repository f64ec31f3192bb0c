"""The Python engine in the browser: Pyodide starts in its worker, and a Solve pressed early waits for it."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage, load_fixture
from playwright.sync_api import Route, expect
from snakes_ladders import Board, min_moves

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]


def test_python_reaches_ready(app: AppPage) -> None:
    app.wait_ready()
    expect(app.engine).to_contain_text(re.compile(r"\bready\b", re.IGNORECASE))


def test_one_worker_runs_python_the_one_start_python_js_started(app: AppPage) -> None:
    """start-python.js starts the worker before the modules run; boot.mjs's engine adopts it rather
    than starting a second one, and the app answers through it."""
    app.wait_ready()
    assert [urlsplit(worker.url).path.rsplit("/", 1)[-1] for worker in app.page.workers] == ["engine.worker.mjs"]
    assert app.page.evaluate("() => typeof globalThis.takeEarlyPythonWorker") == "undefined"  # handed over
    app.solve()
    app.expect_moves(load_fixture("leetcode_example_1")["moves"])


def test_solve_pressed_before_python_is_ready_waits_then_runs(open_app: Callable[..., AppPage]) -> None:
    """The runtime's wasm is held back until the page has taken the click, so the click lands early."""
    handler_errors: list[BaseException] = []
    held: list[str] = []

    def hold_until_solve_is_waiting(route: Route) -> None:
        # Runs in its own greenlet while the test goes on: release the wasm only once Solve
        # has been pressed and the page says it is waiting for Python.
        held.append(route.request.url)
        try:
            # The worker may ask for the wasm before the test has even clicked: allow for a slow start.
            expect(app.result).to_contain_text("Waiting for Python", timeout=PYTHON_TIMEOUT_MS)
            expect(app.engine).to_have_attribute("data-engine", "loading")
        except BaseException as error:  # reported by the test below, not lost in the greenlet
            handler_errors.append(error)
        finally:
            route.continue_()

    app = open_app(navigate=False)
    app.page.route("**/pyodide/pyodide.asm.wasm", hold_until_solve_is_waiting)
    app.goto()  # the first visit shows LeetCode example 1
    expect(app.engine).to_have_attribute("data-engine", "loading")
    app.solve()
    expect(app.result).to_contain_text("Waiting for Python")
    app.expect_moves(load_fixture("leetcode_example_1")["moves"])
    expect(app.engine).to_have_attribute("data-engine", "ready")
    assert len(held) == 1, f"the wasm download was not held back exactly once: {held}"
    assert not handler_errors, handler_errors


# Records, for each worker the page makes, whether the board had been drawn then (main.mjs marks
# "board-interactive" as it draws the start-up board).
RECORD_WORKERS = """(() => {
  const Real = globalThis.Worker;
  globalThis.__workers = [];
  globalThis.Worker = class extends Real {
    constructor(url, options) {
      const drawn = performance.getEntriesByName("board-interactive").length > 0;
      globalThis.__workers.push({ script: String(url).split("/").pop(), drawn });
      super(url, options);
    }
  };
})()"""


# A tab opened in the background: hidden, and no animation frame ever comes.
HIDDEN_TAB = """(() => {
  Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
  globalThis.requestAnimationFrame = () => 0;
})()"""


def engine_workers(app: AppPage) -> list[dict]:
    return [w for w in app.page.evaluate("globalThis.__workers") if w["script"] == "engine.worker.mjs"]


def test_python_starts_after_a_large_board_is_drawn_and_before_a_small_one(open_app: Callable[..., AppPage]) -> None:
    """A link to a board over 30×30 is drawn before Python's worker starts (start-python.js); the check
    the page asks for meanwhile waits and is answered. A small board's page starts Python first. A tab
    opened in the background has no frames until it is shown: there Python starts at the board's mark."""
    jumps = {2: 2400, 2450: 3, 1200: 1300}
    app = open_app(navigate=False)
    app.page.add_init_script(RECORD_WORKERS)
    app.goto("#n=50&j=" + ".".join(f"{s}-{e}" for s, e in sorted(jumps.items())))
    app.wait_ready()
    assert engine_workers(app) == [{"script": "engine.worker.mjs", "drawn": True}]
    app.solve()
    app.expect_moves(min_moves(Board(50, jumps)))

    app.page.goto(app.base_url)  # no link: the saved board, 50×50 too, or not, Python starts first
    app.wait_interactive()
    assert engine_workers(app) == [{"script": "engine.worker.mjs", "drawn": False}]

    hidden = AppPage(app.page.context.new_page(), app.base_url, close=lambda: None)
    hidden.page.add_init_script(HIDDEN_TAB)
    hidden.page.add_init_script(RECORD_WORKERS)
    hidden.goto("#n=40&j=2-1500")
    hidden.wait_ready()
    assert engine_workers(hidden) == [{"script": "engine.worker.mjs", "drawn": True}]
