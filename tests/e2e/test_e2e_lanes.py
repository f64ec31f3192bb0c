"""A long analysis never delays a Solve or an explanation asked for since, and can be cancelled.

The analysis is made endless by serving a package whose ``analyze`` never returns: the page runs
it in a worker of its own, so the main one still answers at once. Back and Forward replace one
link's verdict by the next one's, and the message line stays in view at 1280×900.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage, load_fixture, serve_patched_package
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

EXAMPLE_1 = load_fixture("leetcode_example_1")
# The main worker is ready and idle; only the second worker's start competes for the two cores.
SOLVE_WHILE_ANALYSING_MS = 30_000


def open_with_endless_analysis(open_app: Callable[..., AppPage]) -> AppPage:
    """The real package, but its analysis never returns: what a very slow analysis looks like."""
    app = open_app(navigate=False)
    serve_patched_package(
        app, "snakes_ladders/chance/markov.py", b"\n\ndef analyze(*args, **kwargs):\n    while True:\n        pass\n"
    )
    app.goto()
    app.wait_ready()
    return app


def test_solve_and_explain_answer_while_an_analysis_runs_and_cancel_stops_it(
    open_app: Callable[..., AppPage],
) -> None:
    app = open_with_endless_analysis(open_app)
    analysis = app.page.locator("#analysis")
    cancel = app.page.locator("#cancel-analysis")
    app.button("Analyze").click()
    expect(cancel).to_be_visible()
    expect(analysis).to_have_attribute("data-state", "running")

    app.solve()
    expect(app.result).to_have_text(f"Minimum moves: {EXAMPLE_1['moves']}", timeout=SOLVE_WHILE_ANALYSING_MS)
    app.button("Explain").click()
    expect(app.layer_text).to_have_text(re.compile(r"^Layer 0 of \d+\."), timeout=SOLVE_WHILE_ANALYSING_MS)
    # Both answers came while the analysis was still computing.
    expect(analysis).to_have_attribute("data-state", "running")
    expect(analysis).to_have_attribute("aria-busy", "true")
    expect(app.analysis_summary).to_have_text("Analyzing…")

    cancel.click()
    expect(app.analysis_summary).to_have_text(re.compile(r"^Analysis cancelled\."))
    expect(analysis).to_have_attribute("data-state", "idle")
    expect(cancel).to_be_hidden()
    # The analysis worker was replaced: it loads afresh while the main one stays ready.
    expect(analysis).to_have_attribute("data-engine", "ready", timeout=PYTHON_TIMEOUT_MS)
    expect(app.engine).to_have_attribute("data-engine", "ready")
    app.solve()
    app.expect_moves(EXAMPLE_1["moves"])


def test_an_edit_replaces_a_running_analysis(open_app: Callable[..., AppPage]) -> None:
    """A newer request for the analysis cuts off the older one: it restarts the analysis worker."""
    app = open_with_endless_analysis(open_app)
    analysis = app.page.locator("#analysis")
    app.page.evaluate(
        """() => {
          const root = document.getElementById('analysis');
          window.analysisEngineStates = [];
          new MutationObserver(() => window.analysisEngineStates.push(root.dataset.engine))
            .observe(root, { attributes: true, attributeFilter: ['data-engine'] });
        }"""
    )
    app.button("Analyze").click()
    expect(analysis).to_have_attribute("data-engine", "ready", timeout=PYTHON_TIMEOUT_MS)
    expect(analysis).to_have_attribute("data-state", "running")
    app.button("Analyze").click()  # asks again: the newest analysis replaces the running one
    # Its worker went from ready back to loading: it was replaced, not left computing.
    app.page.wait_for_function(
        "() => window.analysisEngineStates.lastIndexOf('loading') > window.analysisEngineStates.indexOf('ready')"
    )
    app.solve()
    app.expect_moves(EXAMPLE_1["moves"])
    expect(analysis).to_have_attribute("data-state", "running")


GOOD = "#n=6&j=2-15.14-35"
OTHER = "#n=6&j=3-20"
BAD = "#n=6&j=2-99"
BAD_LINK = re.compile(r"^The share link does not hold a valid board")


def test_back_and_forward_never_leave_a_stale_verdict(open_app: Callable[..., AppPage]) -> None:
    app = open_app(GOOD)
    app.expect_message("Loaded the board from the link.")
    app.page.evaluate(f"() => {{ location.hash = {BAD!r}; }}")
    app.expect_message(BAD_LINK)
    app.page.go_back()
    # The address names the workspace before the board (#solve&n=6&…): the board part is GOOD's.
    expect(app.page).to_have_url(re.compile(r"#(?:[a-z]+&)?" + re.escape(GOOD[1:]) + "$"))
    expect(app.message).not_to_have_text(BAD_LINK)
    expect(app.message).not_to_have_attribute("data-kind", "error")
    app.page.go_forward()
    app.expect_message(BAD_LINK)
    app.page.evaluate(f"() => {{ location.hash = {OTHER!r}; }}")
    app.expect_message("Loaded the board from the link.")
    app.expect_jump(3, 20)
    app.page.go_back()  # to the bad link: its error again, the board kept
    app.expect_message(BAD_LINK)
    app.expect_jump(3, 20)


def test_the_message_line_is_in_view_at_1280_by_900(open_app: Callable[..., AppPage]) -> None:
    app = open_app(BAD)
    app.expect_message(BAD_LINK)
    box = app.message.bounding_box()
    assert box is not None
    viewport = app.page.viewport_size
    assert viewport == {"width": 1280, "height": 900}
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
