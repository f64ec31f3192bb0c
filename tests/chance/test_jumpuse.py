"""The two stages of the analysis: the headline figures within a budget, and each jump's use
(``chance.jumpuse``: ``jump_uses``) with a budget of its own, refused in words that give the work."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest
from helpers import TRAP_BOARD, best_cpu, sixes_wall
from snakes_ladders.chance import HEADLINE_BUDGET, MAX_TURNS, JumpUseRefused, analyze, jump_uses
from test_elimination import dense_board, elimination_work
from test_markov import random_case


class TestStages:
    """The headline figures (analyze without the jump uses, within a budget) and the second stage, jump_uses."""

    @pytest.mark.parametrize("seed", range(40))
    def test_second_stage_gives_the_same_jump_uses(self, seed: int) -> None:
        """Random boards of 2×2 to 12×12 under every rules, traps included: jump_uses gives exactly, bit for
        bit, the figures analyze gives with them (which TestAgainstExactModel checks against Fractions), and
        the headline without them is the same analysis figure for figure."""
        board, rules, players = random_case(seed)
        full = analyze(board, rules, players)
        assert jump_uses(board, rules) == full.jumps
        headline = analyze(board, rules, players, jump_use=False, budget=HEADLINE_BUDGET)
        assert headline.jumps == () and headline.unsolved is None
        assert dataclasses.replace(headline, jumps=full.jumps) == full

    def test_second_stage_in_decimal(self) -> None:
        """The 50×50 sixes wall (figures about 6^417, beyond a float: Decimal): the same jump uses from both, bit for bit."""
        board = sixes_wall(50)
        assert jump_uses(board) == analyze(board).jumps
        assert any(isinstance(use.expected_uses, Decimal) for use in jump_uses(board))

    def test_refusal_names_the_work_and_the_budget(self) -> None:
        """The jump uses cost the elimination W and the selected inversion 2W: with a budget of 3W - 1 the
        elimination stops once W passes a third of it, when its count reaches W, and the refusal says "at
        least 3W", worded exactly; with 3W they are computed.  With a trap that lands on jumps, a solve per
        jump end comes on top: a budget of 3W then refuses, after the whole elimination, with "about" more."""
        board = dense_board(16)
        w = elimination_work(board)
        assert w > 1000
        with pytest.raises(JumpUseRefused) as refused:
            jump_uses(board, budget=3 * w - 1)
        assert str(refused.value) == (
            f"jump use not computed: it would take at least {3 * w:,} units of work, over the budget of {3 * w - 1:,}"
        )
        assert jump_uses(board, budget=3 * w) == analyze(board).jumps
        w_trap = elimination_work(TRAP_BOARD)
        with pytest.raises(JumpUseRefused) as trapped:
            jump_uses(TRAP_BOARD, budget=3 * w_trap)
        words = str(trapped.value).split()
        assert words[:8] == ["jump", "use", "not", "computed:", "it", "would", "take", "about"]
        assert int(words[8].replace(",", "")) > 3 * w_trap and words[-1] == f"{3 * w_trap:,}"
        assert jump_uses(TRAP_BOARD, budget=None) == analyze(TRAP_BOARD).jumps

    def test_headline_over_budget_says_so(self) -> None:
        """A budget below W: no exact figure is made up.  No visits, the length is the propagation's own (no
        tail) and matches the full analysis roll by roll, the finish chance is exactly 1 (no trap), the
        expected rolls are flagged approximate, and the race's chances, the chance of no winner and the
        undecided rest add up to 1."""
        board = dense_board(16)
        w = elimination_work(board)
        full = analyze(board, players=3)
        cut = analyze(board, players=3, jump_use=False, budget=w // 2)
        assert cut.unsolved is not None and cut.unsolved.startswith(
            "exact figures not computed: they would take more than "
        )
        assert cut.unsolved.endswith(f"units of work, over the budget of {w // 2:,}")
        assert (cut.p_finish, cut.visits, full.approximate) == (1.0, (), None)
        assert cut.approximate is not None and cut.approximate.note.startswith("approximate: ")
        assert cut.expected_rolls == cut.expected_rolls_if_finished != full.expected_rolls
        assert cut.finishable == full.finishable and cut.length.tail is None
        listed = min(len(cut.length.p_on_turn), full.length.tail.after if full.length.tail else MAX_TURNS)
        assert cut.length.p_on_turn[:listed] == pytest.approx(full.length.p_on_turn[:listed], rel=1e-9, abs=1e-15)
        race = cut.race
        assert sum(race.p_win) + race.p_no_winner + race.undecided == pytest.approx(1, abs=1e-8)
        assert analyze(board, jump_use=False, budget=w).unsolved is None

    @pytest.mark.perf
    def test_headline_bound_as_a_ratio(self) -> None:
        """30% of the squares holding jumps, 50×50 and 100×100 (4× the squares, about 4× the jumps).  Without
        a budget the elimination's W grows about as J³ (3.0e6 to 1.6e8, 54×: docs/benchmarks.md) and the
        headline's time with it (about 50×).  Within the analyze op's budgets the work is at most
        HEADLINE_BUDGET + PROPAGATION_BUDGET + SOLVE_BUDGET units plus O(n² + J), about 10× the 50×50
        board's; allowed 30× (room for a busy machine)."""
        boards = [dense_board(n) for n in (50, 100)]
        small, large = (
            best_cpu(lambda b=b: analyze(b, players=2, jump_use=False, budget=HEADLINE_BUDGET), runs=1) for b in boards
        )
        assert large / max(small, 1e-3) < 30
