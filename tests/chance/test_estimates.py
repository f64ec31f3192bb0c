"""Over the headline's budget the figures are estimated from the propagation (``chance.estimates``)."""

from __future__ import annotations

import random

import pytest
from snakes_ladders.board import Board
from snakes_ladders.chance import analyze
from test_elimination import dense_board, elimination_work


def trap_over_budget_board() -> Board:
    """dense_board(12) with a trap on 61 (every roll from it lands on a snake back to it), jumps near it removed."""
    jumps = {s: t for s, t in dense_board(12).jumps.items() if not (60 <= s <= 67 or 60 <= t <= 67)}
    return Board(12, {**jumps, **dict.fromkeys(range(62, 68), 61)})


class TestEstimates:
    """Over the headline's budget the figures are estimated from the propagation (``Approximation``)."""

    @pytest.mark.parametrize("rolls", [60, 120, None])
    def test_expected_rolls_agree_with_the_elimination(self, rolls: int | None) -> None:
        """16×16 with 30% jumps, a budget of W / 2: the finish chance is exactly 1 (no trap can be reached),
        and the expected rolls, the race's chances and its expected length agree with the exact figures
        within the tail's share (the only estimated part); cut at 60 rolls the tail is a large share."""
        board = dense_board(16)
        w = elimination_work(board)
        full = analyze(board, players=3, jump_use=False)
        cut = analyze(board, players=3, jump_use=False, budget=w // 2, rolls=rolls)
        approx = cut.approximate
        assert full.finishable == "always" and cut.p_finish == 1.0 and approx is not None
        assert (approx.p_finish_low, approx.p_finish_high) == (1.0, 1.0) and approx.tail_share is not None
        assert approx.rolls == len(cut.length.p_on_turn) and (rolls is None or approx.rolls == rolls)
        assert isinstance(cut.expected_rolls, float) and isinstance(full.expected_rolls, float)
        error = abs(cut.expected_rolls - full.expected_rolls)
        assert error <= approx.tail_share * cut.expected_rolls + 1e-9 * full.expected_rolls
        assert cut.race.undecided == 0.0 and cut.race.p_win == pytest.approx(full.race.p_win, abs=approx.tail_share)
        assert cut.race.expected_total_rolls == pytest.approx(full.race.expected_total_rolls, rel=approx.tail_share)
        if rolls is None:  # propagated until under 1e-9 is in play: as good as exact
            assert cut.expected_rolls == pytest.approx(full.expected_rolls, rel=1e-8)

    @pytest.mark.parametrize("rolls", [80, None])
    def test_trap_board_interval_contains_the_exact_chance(self, rolls: int | None) -> None:
        """A reachable trap: the finish chance is an interval (finished within the rolls, 1 - trapped within
        them) that contains the exact one, the estimate lies in it, and the expected rolls if finished
        agree within the tail's share."""
        board = trap_over_budget_board()
        w = elimination_work(board)
        full = analyze(board, players=2, jump_use=False)
        cut = analyze(board, players=2, jump_use=False, budget=w // 2, rolls=rolls)
        approx = cut.approximate
        assert full.finishable == cut.finishable == "not always" and cut.unsolved is not None and approx is not None
        assert isinstance(full.p_finish, float) and isinstance(cut.p_finish, float) and cut.expected_rolls is None
        assert approx.p_finish_low <= full.p_finish <= approx.p_finish_high < 1.0
        assert approx.p_finish_low <= cut.p_finish <= approx.p_finish_high
        assert f"the chance to finish is {approx.p_finish_low:.6g} to {approx.p_finish_high:.6g}" in approx.note
        assert approx.tail_share is not None and isinstance(full.expected_rolls_if_finished, float)
        assert cut.expected_rolls_if_finished == pytest.approx(full.expected_rolls_if_finished, rel=approx.tail_share)
        assert cut.p_finish == pytest.approx(full.p_finish, abs=approx.p_finish_high - approx.p_finish_low)
        assert cut.race.p_win == pytest.approx(full.race.p_win, abs=approx.p_finish_high - approx.p_finish_low)

    def test_no_decay_seen_gives_no_estimate(self) -> None:
        """Cut after 3 rolls on the trap board (nothing has finished yet): no decay, so the expected rolls and
        the finish chance are None, the interval is still given, and the note says nothing was estimated."""
        board = trap_over_budget_board()
        cut = analyze(board, players=2, jump_use=False, budget=1, rolls=3)
        approx = cut.approximate
        assert approx is not None and approx.decay is None and approx.tail_share is None
        assert (cut.p_finish, cut.expected_rolls_if_finished) == (None, None)
        assert approx.p_finish_low == 0.0 < approx.p_finish_high and "nothing after them is estimated" in approx.note

    def test_games_of_10_to_the_16_rolls_are_estimated(self) -> None:
        """A snake on every other square of a 16×16 board: games last about 6.6 × 10¹⁶ rolls, so after 300 rolls
        almost all of the figure is the extrapolated tail (1 - decay is about 10⁻¹⁷, found without
        cancellation); once the shape of what is in play has settled it agrees with the elimination to 1e-9."""
        rng = random.Random(16)
        board = Board(16, {s: rng.randrange(1, s) for s in range(3, 16 * 16 - 1, 2)})
        full = analyze(board, jump_use=False)
        cut = analyze(board, jump_use=False, budget=1, rolls=300)
        approx = cut.approximate
        assert cut.unsolved is not None and approx is not None and approx.tail_share is not None
        assert approx.tail_share > 0.99 and "of the expected rolls" in approx.note
        assert isinstance(full.expected_rolls, float) and full.expected_rolls > 1e16
        assert cut.expected_rolls == pytest.approx(full.expected_rolls, rel=1e-9)
