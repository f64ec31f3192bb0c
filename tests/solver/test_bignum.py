"""Bounded counts: Magnitude arithmetic against exact integers, and astronomically many optimal games."""

from __future__ import annotations

import math
import random

import pytest
import reference
from hypothesis import given
from hypothesis import strategies as st
from snakes_ladders import solve
from snakes_ladders.solver.bignum import EXACT_LIMIT, Magnitude
from snakes_ladders.solver.explanation import explain


def relative_error(m: Magnitude, exact: int) -> float:
    """|m - exact| / exact, computed from the logarithms (both may be far past float range)."""
    shift = max(exact.bit_length() - 200, 0)
    true_log = math.log10(exact >> shift) + shift * math.log10(2)
    return abs(10 ** (m.log10() - true_log) - 1)


def multiplying(n: int) -> list[list[int]]:
    """From square b every roll lands on a ladder to b + 7: six optimal choices a move."""
    last = n * n
    jumps = {s: b + 7 for b in range(1, last - 7, 7) for s in range(b + 1, b + 7)}
    return reference.matrix_from_jumps(n, jumps)


class TestMagnitude:
    def test_exact_below_the_limit_approximate_from_it(self) -> None:
        below = Magnitude.of(EXACT_LIMIT - 1)
        at = Magnitude.of(EXACT_LIMIT)
        assert below.exact and below.value == EXACT_LIMIT - 1 and below == EXACT_LIMIT - 1
        assert relative_error(below, EXACT_LIMIT - 1) < 1e-15  # the mantissa rounds to 1.0 × 10^30
        assert not at.exact and at.value is None and (at.mantissa, at.exponent) == (1.0, 30)
        assert at != EXACT_LIMIT  # an approximation equals no int
        crossing = Magnitude.of(EXACT_LIMIT - 1) + 1
        assert not crossing.exact and crossing.exponent == 30

    def test_zero_and_text(self) -> None:
        zero = Magnitude.of(0)
        assert zero.to_json() == {"exact": True, "value": "0", "mantissa": 0.0, "exponent": 0}
        assert zero.log10() == -math.inf
        assert str(Magnitude.of(2**400)) == "about 2.58 × 10^120"
        assert Magnitude.of(2**400).to_json() == {
            "exact": False,
            "value": None,
            "mantissa": pytest.approx(2.5822498780869086),
            "exponent": 120,
        }
        with pytest.raises(ValueError, match="negative"):
            Magnitude.of(-1)

    @given(st.lists(st.integers(0, 10**60), min_size=1, max_size=40), st.integers(0, 2**32 - 1))
    def test_sums_match_exact_integers(self, values: list[int], seed: int) -> None:
        random.Random(seed).shuffle(values)
        total = Magnitude.of(0)
        for value in values:
            total = total + Magnitude.of(value)
        exact = sum(values)
        if exact < EXACT_LIMIT:
            assert total.exact and total.value == exact
        elif exact:
            assert not total.exact and total.value is None
            assert 1 <= total.mantissa < 10
            assert relative_error(total, exact) < 1e-12

    @given(st.integers(1, 10**4000), st.integers(0, 60_000))
    def test_of_huge_integers(self, value: int, shift: int) -> None:
        m = Magnitude.of(value)
        assert 1 <= m.mantissa < 10
        # One digit fewer than the decimal has, or the same when the mantissa rounds up to 10 (999...9).
        assert m.exponent == len(str(value)) - 1 or (m.exponent == len(str(value)) and m.mantissa == 1.0)
        assert relative_error(m, value) < 1e-9
        big = value << shift  # past the digits Python converts to text
        assert relative_error(Magnitude.of(big), big) < 1e-9

    def test_from_binary(self) -> None:
        m = Magnitude.from_binary(1.5, 4000)
        assert relative_error(m, 3 * 2**3999) < 1e-9 and not m.exact


class TestAstronomicalCounts:
    @pytest.mark.parametrize("n", [20, 40, 70])
    def test_solve_count_is_close_to_the_exact_count(self, n: int) -> None:
        matrix = multiplying(n)
        exact = reference.count_optimal_rolls(matrix)
        count = solve(matrix).paths_count
        if exact < EXACT_LIMIT:
            assert count == exact and count.exact
        else:
            assert not count.exact and count.value is None
            assert relative_error(count, exact) < 1e-9

    def test_explain_ways_match_and_reuse_the_solver_count(self) -> None:
        matrix = multiplying(40)
        e = explain(matrix)
        s = solve(matrix)
        assert e.paths_count == s.paths_count and not e.paths_count.exact
        final = e.layers[e.moves]
        assert final.ways[final.squares.index(1600)] == e.paths_count
        # Exact counts stay exact in the early layers: 6^k after k moves on square 1 + 7k.
        for layer in e.layers[1:12]:
            way = layer.ways[layer.squares.index(1 + 7 * layer.move)]
            assert way == 6**layer.move and way.exact
