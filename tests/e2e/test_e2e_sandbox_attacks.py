"""The practice sandbox under attack from the page's side: what user code posts, and Cancel at any moment.

Code in the sandbox can post anything structured cloning carries, including objects String() throws on
({toString: 1, valueOf: 1}); the sandbox frame passes none of it on, the run ends as the solution's answers
say, with no uncaught error in the page (the ``problems`` fixture fails on one) and Run tests usable again. Cancel while Python is
still starting must stop at once, not wait out the start-up limit. Waits are on the panel's state.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from app_page import AppPage
from conftest import BrowserProblems
from playwright.sync_api import expect
from test_e2e_practice import Practice

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

UNPRINTABLE = '{"toString": 1, "valueOf": 1}'

# Posted while the load request is open: replies for every early id (in the old and the new protocol)
# and a start-up failure, each with a message that String() throws on.
FORGER = f"""
import js
for request in range(1, 10):
    js.postMessage(js.JSON.parse('{{"id": %d, "type": "reply", "ok": false, "message": {UNPRINTABLE}, "error": {{"message": {UNPRINTABLE}}}}}' % request))
js.postMessage(js.JSON.parse('{{"type": "progress", "stage": "error", "message": {UNPRINTABLE}}}'))
js.postMessage(js.JSON.parse('{{"type": "error", "message": {UNPRINTABLE}}}'))

def snakesAndLadders(board):
    return -1
"""


def test_forged_replies_from_user_code_never_reach_the_page(
    open_app: Callable[..., AppPage], problems: BrowserProblems
) -> None:
    """The sandbox frame passes on only messages of the protocol for requests still open: these are dropped
    there, and the run ends as the solution's answers say."""
    app = open_app()
    practice = Practice(app).open()
    practice.write(FORGER.lstrip())
    practice.run()
    practice.wait_done("failed")
    expect(practice.status).to_have_text(re.compile(r"^\d+ of 40 boards passed\.$"))
    expect(practice.panel.get_by_role("button", name="Run tests")).to_be_enabled()
    expect(practice.panel.get_by_role("button", name="Cancel")).to_be_hidden()
    assert not problems.items, problems.items  # no uncaught TypeError in the page


def test_cancel_while_python_starts_stops_at_once(app: AppPage) -> None:
    practice = Practice(app).open()
    practice.write("def snakesAndLadders(board):\n    return -1\n")
    practice.run()
    expect(practice.status).to_have_text("Starting Python for your code…")
    practice.panel.get_by_role("button", name="Cancel").click()
    # Within the default wait, far below the 60 s start-up limit it used to wait out.
    expect(practice.status).to_have_text("Cancelled before any board ran: your code was stopped.")
    expect(practice.panel).to_have_attribute("data-state", "idle")
    expect(practice.panel.get_by_role("button", name="Run tests")).to_be_enabled()
