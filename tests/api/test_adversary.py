"""Adversarial solutions against the engine's judge and diagnose ops (run in the sandbox's runner first): whatever the solution writes into the
recording board's log it can reach, the reply is JSON with a believable count of reads.
"""

from __future__ import annotations

import pytest
from in_process import Page
from snakes_ladders.practice.reads import MAX_TOTAL

BOARD = [[-1, -1, -1], [-1, 9, 8], [-1, 8, 9]]  # 3×3: two moves


def diagnose(source: str) -> dict[str, object]:
    page = Page(source)
    assert page.loaded["loaded"], page.loaded
    return page.diagnose(BOARD, 5)


@pytest.mark.parametrize("total", ["10**6000", "-10**6000", "2**53", "-1", "True", "1.5"])
def test_a_lying_count_of_reads_is_replaced_by_the_reads_kept(total: str) -> None:
    source = f"def snakesAndLadders(board):\n    board[1][1]\n    board[0]._log.total = {total}\n    return 5\n"
    result = diagnose(source)
    outcome = result["outcome"]
    assert isinstance(outcome, dict)
    assert outcome["reads"] == [[1, 1]]
    assert outcome["reads_total"] == 1
    assert result["passed"] is False


def test_an_honest_count_past_the_reads_kept_stays() -> None:
    source = "def snakesAndLadders(board):\n    board[1][1]\n    board[0]._log.total = 12345\n    return 5\n"
    outcome = diagnose(source)["outcome"]
    assert isinstance(outcome, dict) and outcome["reads_total"] == 12345 <= MAX_TOTAL
