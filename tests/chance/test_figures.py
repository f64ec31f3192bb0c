"""Figures past a float's range (``chance.figures``: a figure is a float, or a Decimal beyond it), against
exact integers and the independent Fraction solver (``exact_chain``)."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from exact_chain import ExactChain
from helpers import sixes_wall
from snakes_ladders.board.rules import LEETCODE
from snakes_ladders.chance import analyze


class TestHugeFigures:
    """Boards whose figures leave the range of a float: on main they failed or came out 0."""

    def test_magnitude_against_the_exact_formula(self) -> None:
        """49×49 sixes wall: 400 sixes in a row, E[T] = 6(6^400 - 1)/5 ≈ 2.2e311, beyond a float.  On main:
        expected rolls inf and the snake 2 -> 1, landed on in almost every game, 'used' with probability 0.0."""
        a = analyze(sixes_wall(49), players=2)
        exact = 6 * (6**400 - 1) // 5
        assert isinstance(a.expected_rolls, Decimal)
        assert float(a.expected_rolls.log10()) == pytest.approx(math.log10(exact), abs=1e-12)
        assert a.expected_rolls / Decimal(exact) == pytest.approx(1, rel=1e-12)
        uses = {use.start: use for use in a.jumps}
        assert uses[2].p_used == pytest.approx(1, abs=1e-12)  # the first roll lands on 2 with chance 1/6...
        assert isinstance(uses[2].expected_uses, Decimal)
        assert sum(a.race.p_win) == pytest.approx(1, abs=1e-12) and a.race.undecided == 0.0
        assert isinstance(a.length.median, int) and a.length.median > 10**310
        # T is nearly exponential with mean E[T]: the median is E[T] ln 2 to many digits.
        assert Decimal(a.length.median) / (Decimal(exact) * Decimal(2).ln()) == pytest.approx(1, rel=1e-9)

    @pytest.mark.parametrize("n", [13, 19])
    def test_small_walls_against_fractions(self, n: int) -> None:
        """The same wall small enough for the independent Fraction solver: 28 and 60 sixes."""
        board = sixes_wall(n)
        a = analyze(board)
        chain = ExactChain(board.to_matrix(), LEETCODE)
        exact = chain.expected_rolls()
        k = (n * n - 1) // 6
        assert exact == Fraction(6 * (6**k - 1), 5)
        assert Decimal(a.expected_rolls) / Decimal(exact.numerator) == pytest.approx(1, rel=1e-12)

    def test_fifty_needs_417_rolls_in_a_row(self) -> None:
        """50×50: 1, 7, ..., 2497 are free; from 2497 only a 3 finishes (1, 2 slide back, 4-6 pass 2500 and
        are wasted).  So finishing needs 416 sixes and then a 3 (on main: ArithmeticError).  With E_j the
        expected rolls left after a run of j sixes: E_j = 1 + E_(j+1)/6 + 5 E_0/6 for j < 416 and
        E_416 = 1 + 2 E_0/6 + 3 E_416/6; solved exactly in Fractions, E_0 ≈ 1.85e324."""
        a = analyze(sixes_wall(50), players=3)
        assert a.finishable == "always" and a.p_finish == 1.0
        alpha, beta = Fraction(2), Fraction(2, 3)  # E_416 = alpha + beta E_0
        for _ in range(416):
            alpha, beta = 1 + alpha / 6, beta / 6 + Fraction(5, 6)
        exact = alpha / (1 - beta)
        assert isinstance(a.expected_rolls, Decimal)
        assert a.expected_rolls / (Decimal(exact.numerator) / Decimal(exact.denominator)) == pytest.approx(1, rel=1e-12)
        assert 416 * math.log10(6) < float(a.expected_rolls.log10()) < 417 * math.log10(6)
        assert sum(a.race.p_win) == pytest.approx(1, abs=1e-12)
        assert isinstance(a.race.expected_total_rolls, Decimal)
        assert a.length.truncated and a.length.remaining > 0.99 and a.length.tail is not None
