"""The practice sandbox frame: the user's code runs in <iframe sandbox="allow-scripts"> (practice/sandbox.html),
a process of its own in Chromium, whose crash leaves the page working; what the code sends is checked there.

- A crash of the frame's process (Chromium's own ``Page.crash`` on the frame's target: what running out of
  memory does, at once instead of after seconds of allocation) ends the run with plain words, the page keeps
  answering, and the next Run tests passes in a fresh sandbox. Playwright counts a crashed frame as a crash of
  its page (its FrameSession reports any target's crash to the page) and then refuses the page's calls, so after
  the crash this test drives the page through a CDP session of the page's own target, which did not crash.
- A message of 60 million characters is stopped in the frame; one just under the limit reaches the page and is
  shown clipped, its escape character as ␛.
Waits are on the panel's ``data-state`` and texts (after the crash, a MutationObserver's promise in the page).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from app_page import PYTHON_TIMEOUT_MS, AppPage
from conftest import BrowserProblems
from playwright.sync_api import CDPSession, expect
from playwright.sync_api import Error as PlaywrightError
from practice_solutions import RIGHT
from test_e2e_practice import BOARDS, Practice

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

CRASHED = "Your code ran out of memory (or crashed its sandbox); nothing else was affected."
SPIN = "for (;;) {}\nvar snakesAndLadders = function(board) { return -1; };\n"

# Resolves with the panel's state and status once `done(state)` holds: waiting on the page, not on time.
WAIT_FOR_STATE = """
new Promise((resolve, reject) => {
  const panel = document.querySelector("#practice-panel");
  const status = () => document.querySelector('[data-practice="status"]').textContent;
  const check = () => {
    if (%s.includes(panel.dataset.state)) {
      observer.disconnect();
      resolve([panel.dataset.state, status()]);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(panel, { attributes: true, subtree: true, childList: true, characterData: true });
  setTimeout(() => reject(new Error(`still ${panel.dataset.state}: ${status()}`)), %d);
  check();
})
"""


def evaluate(cdp: CDPSession, expression: str) -> Any:
    """Run ``expression`` in the page's main frame through the page's own CDP session; its value (awaited)."""
    reply = cdp.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
    assert "exceptionDetails" not in reply, reply["exceptionDetails"]
    return reply["result"].get("value")


def wait_for_state(cdp: CDPSession, *states: str) -> tuple[str, str]:
    state, status = evaluate(cdp, WAIT_FOR_STATE % (json.dumps(list(states)), PYTHON_TIMEOUT_MS))
    return state, status


def next_run_passes(cdp: CDPSession) -> None:
    """The next run, in a fresh sandbox: a right solution (in Python) put in through the page's own input
    events, over CDP (Playwright takes a page whose frame crashed for crashed), passes every board."""
    evaluate(
        cdp,
        "(() => { const choice = document.querySelector('[data-practice=\"language\"]'); choice.value = 'python'; choice.dispatchEvent(new Event('change')); })()",
    )
    evaluate(
        cdp, "document.querySelector('[data-practice=\"editor\"]').shadowRoot.querySelector('.cm-content').focus()"
    )
    # Select all, delete, then type: as Practice.write does (typing over highlighted code makes Chromium's
    # editing keep the old style in a style attribute, which the page's CSP refuses and logs).
    for key, code, number, modifiers in (("a", "KeyA", 65, 2), ("Delete", "Delete", 46, 0)):
        for kind in ("rawKeyDown", "keyUp"):
            event = {"type": kind, "modifiers": modifiers, "key": key, "code": code, "windowsVirtualKeyCode": number}
            cdp.send("Input.dispatchKeyEvent", event)
    cdp.send("Input.insertText", {"text": RIGHT["flat-function"]})
    evaluate(cdp, "document.querySelector('[data-practice=\"run\"]').click()")
    assert wait_for_state(cdp, "passed", "failed", "error") == ("passed", f"All {BOARDS} boards passed.")
    assert evaluate(cdp, "document.querySelector('#engine').dataset.engine") != "error"


def test_a_crashed_sandbox_leaves_the_page_working_and_the_next_run_gets_a_fresh_one(
    app: AppPage, problems: BrowserProblems
) -> None:
    problems.allow(r"^the page crashed$")  # Playwright's word for the frame's crash: checked below that it is not
    practice = Practice(app).open()
    practice.language("JavaScript")
    practice.write(SPIN, "snakes-ladders-practice-code-javascript")
    cdp = app.page.context.new_cdp_session(app.page)
    practice.run()
    expect(practice.status).to_have_text("Starting JavaScript for your code…")
    sandbox = app.page.locator('iframe[title="Sandbox for your code"]')
    expect(sandbox).to_have_count(1)
    # Sandboxed with scripts only: no same origin, top navigation, popups or forms.
    assert sandbox.get_attribute("sandbox") == "allow-scripts"
    frame = next(frame for frame in app.page.frames if frame.url.endswith("/practice/sandbox.html"))
    assert frame.evaluate("self.origin") == "null"
    frame_cdp = app.page.context.new_cdp_session(frame)  # its own target: a process of its own
    with contextlib.suppress(PlaywrightError):  # the target crashes before it can answer
        frame_cdp.send("Page.crash")

    assert wait_for_state(cdp, "error", "failed", "passed") == ("error", CRASHED)
    assert evaluate(cdp, "document.querySelectorAll('iframe').length") in (0, 1)  # the crashed frame is gone
    assert evaluate(cdp, "document.body.dataset.workspace") == "practice"  # the page answers, where it was
    assert evaluate(cdp, "document.querySelector('[data-practice=\"run\"]').disabled") is False

    next_run_passes(cdp)
    app.close()  # the fixture's own check of the engine goes through Playwright, which takes the page for crashed


# The top level allocates without end (about 4 GB within seconds): the reproduction of a whole tab crashed.
ALLOCATES = "const keep = [];\nwhile (true) keep.push(new Array(1 << 24).fill(7));\nvar snakesAndLadders = () => 0;\n"


def test_a_solution_that_allocates_without_end_ends_only_its_sandbox(app: AppPage, problems: BrowserProblems) -> None:
    """Not a simulated crash: the sandbox's process runs out of memory, or the load's time limit stops it
    first (which comes first depends on the machine); either way only the sandbox ends, the page says which,
    and the next run passes."""
    problems.allow(r"^the page crashed$")  # Playwright's word for the frame's crash, if it comes first
    practice = Practice(app).open()
    practice.language("JavaScript")
    practice.write(ALLOCATES, "snakes-ladders-practice-code-javascript")
    cdp = app.page.context.new_cdp_session(app.page)
    practice.run()
    state, status = wait_for_state(cdp, "error", "failed", "passed")
    assert (state, status) in {("error", CRASHED), ("error", "The tests could not run: no answer within 10 s.")}
    assert evaluate(cdp, "document.body.dataset.workspace") == "practice"  # the page answers, where it was
    assert evaluate(cdp, "document.querySelector('[data-practice=\"run\"]').disabled") is False
    next_run_passes(cdp)
    app.close()


FLOOD = """
import js
from pyodide.ffi import to_js
js.postMessage(to_js({{"id": 1, "ok": False, "error": {{"message": {message}}}}}, dict_converter=js.Object.fromEntries))

def snakesAndLadders(board):
    return -1
"""


def test_a_message_over_the_limit_is_stopped_in_the_frame(app: AppPage) -> None:
    practice = Practice(app).open()
    practice.write(FLOOD.format(message='"e" * 60_000_000').lstrip())
    practice.run()
    practice.wait_done("error")
    expect(practice.status).to_have_text(
        "Your code was stopped: it sent the page a message of more than 1,000,000 characters (the limit). "
        "Nothing else was affected."
    )
    # A forged reply under the limit reaches the page (it is of the protocol, for the open load: the sandbox's
    # first request, the battery being the engine's): clipped, the escape character shown, not interpreted.
    practice.write(FLOOD.format(message='"\\x1b[31m" + "y" * 900_000').lstrip())
    practice.run()
    practice.wait_done("error")
    status = practice.status.text_content() or ""
    assert status.startswith("The tests could not run: ␛[31myyy"), status[:80]
    assert status.endswith("… (898,005 more characters)."), status[-80:]
    assert len(status) < 2100


def test_printed_control_characters_are_shown_not_interpreted(open_app: Callable[..., AppPage]) -> None:
    app = open_app()
    practice = Practice(app).open()
    practice.write('def snakesAndLadders(board):\n    print("\\x1b[2J\\x1b[31mred\\ttab\\rback\\x07")\n    return 0\n')
    practice.run()
    practice.wait_done("failed")
    expect(practice.output).to_contain_text("␛[2J␛[31mred")
    assert practice.output.text_content() == "␛[2J␛[31mred\ttab␍back␇\n"  # the tab kept as layout
