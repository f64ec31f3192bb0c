"""The editor's presets (data/presets.json, an app data file): valid boards under their own rules, in order,
each answering as the test fixture of the same id says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from snakes_ladders import min_moves
from snakes_ladders.board.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
PRESETS = json.loads((ROOT / "data" / "presets.json").read_text(encoding="utf-8"))
FIXTURES = ROOT / "tests" / "fixtures"


def test_presets_have_unique_ids_and_names() -> None:
    assert len({preset["id"] for preset in PRESETS}) == len(PRESETS)
    assert len({preset["name"] for preset in PRESETS}) == len(PRESETS)
    assert PRESETS[0]["id"] == "leetcode_example_1"  # a first visit opens it


@pytest.mark.parametrize("preset", PRESETS, ids=[preset["id"] for preset in PRESETS])
def test_each_preset_is_its_fixtures_board_and_answers_as_it_says(preset: dict[str, object]) -> None:
    fixture = json.loads((FIXTURES / f"{preset['id']}.json").read_text(encoding="utf-8"))
    assert preset["board"] == fixture["board"]
    assert preset.get("rules") == fixture.get("rules")
    if "rules" in preset:  # checked against its own rules (LeetCode's refuse its ladder on square 1)
        board = Rules.from_json(preset["rules"]).to_board(preset["board"])
        assert board.n == fixture["n"]
    else:
        assert min_moves(preset["board"]) == fixture["moves"]
