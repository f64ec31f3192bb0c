"""A pass in Practice means the code is right: the solution's sandbox holds nothing of what judges it.

The sandbox's Python is a bare Pyodide with the practice runner alone (no snakes_ladders package in its
files or modules); the battery, the expected answers, the comparison and the shrinking are the engine
worker's. So code that patches or reads the checker (as it could when the practice worker loaded the
whole package) finds nothing, and its wrong answers fail. Waits are on the panel's state.
"""

from __future__ import annotations

import re

import pytest
from app_page import AppPage
from playwright.sync_api import expect
from test_e2e_practice import Practice

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

# Makes the checker pass every board whatever the solution says, when it can reach it, and says whether it
# could: were the checker loaded beside the solution again, the patch would apply (and the test would see it).
PATCHES_THE_CHECKER = """
try:
    import snakes_ladders.api.practice as P
    from snakes_ladders.solver import min_moves
    from snakes_ladders.board import Board

    def passes(message):
        expected = min_moves(Board.from_matrix(message["board"]))
        return {"passed": True, "expected": expected, "outcome": {"answer": expected}}

    P.judge_op = passes
    print("checker patched")
except ImportError as error:
    print("no checker here:", error.name)

class Solution:
    def snakesAndLadders(self, board):
        return 0
"""

# Looks for the checker through sys.modules and gc, and says what it found.
LOOKS_FOR_THE_CHECKER = """
import gc, sys

def snakesAndLadders(board):
    modules = sorted(name for name in sys.modules if name.startswith("snakes_ladders"))
    objects = sum(1 for item in gc.get_objects() if type(item).__module__.startswith("snakes_ladders"))
    print("checker modules:", modules, "checker objects:", objects)
    return 0
"""


def test_code_that_patches_the_checker_still_fails(app: AppPage) -> None:
    practice = Practice(app).open()
    practice.write(PATCHES_THE_CHECKER.lstrip())
    practice.run()
    practice.wait_done("failed")
    expect(practice.status).to_have_text(re.compile(r"^0 of 40 boards passed\."))
    # What the code printed while it loaded is shown, though every board then failed.
    expect(practice.panel.locator('[data-practice="output-title"]')).to_have_text("Printed while loading")
    expect(practice.output).to_contain_text("no checker here: snakes_ladders")
    expect(practice.output).not_to_contain_text("checker patched")


def test_the_sandbox_holds_no_module_and_no_object_of_the_checker(app: AppPage) -> None:
    practice = Practice(app).open()
    practice.write(LOOKS_FOR_THE_CHECKER.lstrip())
    practice.run()
    practice.wait_done("failed")
    expect(practice.output).to_contain_text("checker modules: [] checker objects: 0")
    expect(practice.failure).to_be_visible()
