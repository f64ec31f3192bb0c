"""The chain's factors (``chance.chain.Factors``): the selected inversion against plain solves."""

from __future__ import annotations

import math
import random

import pytest


class TestSelectedInversion:
    """chain.Factors.inverse_diagonal (used for the jump uses) against columns of N found by plain solves."""

    @pytest.mark.parametrize("seed", range(12))
    def test_diagonal_matches_solves(self, seed: int) -> None:
        """Random substochastic matrices of 1 to 14 states, sparse and dense, with self-loops: each N[i][i]
        from the selected inversion equals entry i of the solve (I - Q) x = e_i, to 1e-12 relative."""
        from snakes_ladders.chance.chain import Factors

        rng = random.Random(seed)
        size = rng.randint(1, 14)
        rows, exits = [], []
        for p in range(size):
            weights = {q: rng.random() for q in rng.sample(range(size), rng.randint(0, size - 1)) if q != p}
            leave, stay = rng.random() * 0.5 + 0.01, rng.random() * 0.3
            whole = sum(weights.values()) + leave + stay
            rows.append({q: w / whole for q, w in weights.items()})
            exits.append(leave / whole)
        factors = Factors([dict(row) for row in rows], list(exits), math.fsum)
        diagonal = factors.inverse_diagonal()
        for i in range(size):
            column = factors.solve([1.0 if j == i else 0.0 for j in range(size)])
            assert diagonal[i] == pytest.approx(column[i], rel=1e-12)
