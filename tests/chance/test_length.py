"""How long a game lasts and who wins a race (``chance.length``): a wait for eight sixes in a row.

The percentiles past the listed rolls come from the geometric tail; they are checked against the
run-length recurrence's own (``run_percentile``), and the race's chances add up to 1.
"""

from __future__ import annotations

from decimal import ROUND_CEILING, Decimal, localcontext

import pytest
from helpers import sixes_wall
from snakes_ladders.chance import MAX_TURNS, analyze


def run_percentile(k: int, level: float) -> int:
    """The least t with P(k sixes in a row within t rolls) >= level - 1e-12, from the run-length recurrence.

    S(t) = P(no run by roll t) = Σ_{j<k} (5/6)(1/6)^j S(t-1-j) (split on the first roll that is not a
    six), S(t) = 1 for t < k.  Its solutions are Σ c_i ρ_i^t over the roots of the characteristic
    polynomial; all but the largest, ρ, are below 1/3 in size, so after 40k rolls S(t) = C ρ^t to
    far below float precision.  ρ by Newton's method and C from S(40k), in 60-digit Decimals.
    """
    with localcontext() as ctx:
        ctx.prec = 60
        five, sixth = Decimal(5) / 6, Decimal(1) / 6
        weights = [five * sixth**j for j in range(k)]
        s = [Decimal(1)] * k
        for _ in range(40 * k):
            s.append(sum(w * s[-1 - j] for j, w in enumerate(weights)))
        rho = Decimal(1)
        for _ in range(200):
            value = rho**k - sum(w * rho ** (k - 1 - j) for j, w in enumerate(weights))
            slope = k * rho ** (k - 1) - sum(
                w * (k - 1 - j) * rho ** (k - 2 - j) for j, w in enumerate(weights) if j < k - 1
            )
            rho -= value / slope
        c = s[-1] / rho ** (len(s) - 1)
        target = Decimal(1) - Decimal(level) + Decimal("1e-12")
        return int(((c / target).ln() / -rho.ln()).to_integral_value(rounding=ROUND_CEILING))


class TestEightSixes:
    def test_a_run_of_eight_sixes(self) -> None:
        """7×7: every square slides to 1 except 1, 7, 13, ..., 43 and 49.  From each of those only a 6
        goes on (a smaller roll lands on a snake); from 43 a 6 lands on 49.  So the game is a wait for
        eight sixes in a row: E[T] = (6^8 - 1) / (1 - 1/6) = 2015538 (each failure restarts from 1),
        P(T = 8) = 6^-8.  The list is cut off at MAX_TURNS with most of the probability still in play;
        the percentiles come from the geometric tail and match the run-length recurrence's own."""
        a = analyze(sixes_wall(7))
        assert a.finishable == "always"
        assert a.expected_rolls == pytest.approx(2015538, rel=1e-9)
        length = a.length
        assert length.truncated and len(length.p_on_turn) == MAX_TURNS and length.tail is not None
        assert length.p_on_turn[:8] == pytest.approx([0.0] * 7 + [6.0**-8], rel=1e-12)
        assert length.remaining == pytest.approx(1 - length.p_by_turn[-1], rel=1e-12)
        assert 0.004 < length.p_by_turn[-1] < 0.006  # about MAX_TURNS / E[T]
        for level, got in ((0.5, length.median), (0.9, length.p90), (0.95, length.p95)):
            assert got is not None and abs(got - run_percentile(8, level)) <= 1

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_race_of_eight_sixes_sums_to_one(self, players: int) -> None:
        """On main the race was summed from the cut-off list: p_win added up to 0-1% and the expected
        rolls until someone wins were 98.6.  Every game finishes, so the chances add up to 1; and as
        every roll of every player ends the race with about the same tiny chance, the race lasts about
        as many rolls as one player alone needs (E[T] = 2015538), and the players' chances are close."""
        race = analyze(sixes_wall(7), players=players).race
        assert sum(race.p_win) == pytest.approx(1, abs=1e-12) and race.p_no_winner == 0.0 and race.undecided == 0.0
        assert all(abs(p - 1 / players) < 1e-3 for p in race.p_win)
        assert list(race.p_win) == sorted(race.p_win, reverse=True)  # going first helps
        assert race.expected_total_rolls == pytest.approx(2015538, rel=2e-3)
