"""Shared pieces of the unit tests: Hypothesis settings and the board fixtures.

Browser-test fixtures live in tests/e2e/, not here.  The unit tests need no browser: a run that
deselects the browser tests (``-m "not e2e"``) leaves tests/e2e out when Playwright is not installed,
instead of stopping at its import; a run that selects them still fails there, loudly.
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest
from _pytest.mark.expression import Expression

FIXTURES = Path(__file__).parent / "fixtures"
FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))
BROWSER_TESTS = Path(__file__).parent / "e2e"


def deselects(markexpr: str, mark: str) -> bool:
    """Whether ``-m markexpr`` deselects every test marked ``mark``, whatever its other marks.

    >>> deselects("not e2e", "e2e"), deselects("e2e", "e2e"), deselects("slow", "e2e"), deselects("", "e2e")
    (True, False, False, False)
    """
    if not markexpr:
        return False
    expression = Expression.compile(markexpr)
    alone = expression.evaluate(lambda name, **_: name == mark)  # the test carries no other mark
    among_all = expression.evaluate(lambda name, **_: True)  # it carries every other mark too
    return not (alone or among_all)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave tests/e2e out when Playwright cannot be imported and the run deselects the browser tests."""
    if collection_path != BROWSER_TESTS or not deselects(config.option.markexpr, "e2e"):
        return None
    try:
        found = importlib.util.find_spec("playwright.sync_api") is not None
    except ImportError:  # no playwright package at all
        found = False
    return None if found else True


try:
    from hypothesis import settings
except ImportError:  # only the property tests need it
    pass
else:
    # No deadline: the first call of a property can be slow on a busy machine.
    settings.register_profile("unit", deadline=None)
    # Same examples on every run, for CI.
    settings.register_profile("ci", deadline=None, derandomize=True, database=None)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "unit"))


@pytest.fixture(params=FIXTURE_FILES, ids=[path.stem for path in FIXTURE_FILES])
def board_fixture(request: pytest.FixtureRequest) -> dict:
    """Each tests/fixtures/*.json in turn: name, description, board, moves (and optional extras)."""
    return json.loads(request.param.read_text(encoding="utf-8"))
