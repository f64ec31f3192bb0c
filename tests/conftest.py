"""Shared pieces of the unit tests: Hypothesis settings and the board fixtures.

Browser-test fixtures live in tests/e2e/, not here.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))

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
