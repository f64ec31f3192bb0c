"""Random-play analysis: boards worked by hand, an independent exact solver, and seeded simulation.

Three independent checks of ``snakes_ladders.chance.markov`` (``analyze``, end to end):

- boards small enough to solve on paper, with the working in each test's docstring;
- ``ExactChain`` (tests/exact_chain.py): the same chain built from ``reference.destinations`` with
  its own move rule, solved with ``fractions.Fraction`` by dense Gauss-Jordan
  elimination (no sparse elimination, no Sherman-Morrison: each jump's chance of
  use is a hitting probability of its own modified chain), or in floats for the
  100-square classic board;
- ``simulate`` (there too): a seeded Monte Carlo simulation that knows nothing of the chain.

The analysis's parts have files of their own beside this one: test_chain, test_elimination,
test_figures, test_length, test_jumpuse and test_estimates.

Statistical bounds (the simulations are seeded, so a run is reproducible; the
bounds say how unlikely a false failure would be for a fresh seed).  A mean is
within 5 standard errors of the exact value (normal approximation, about 6e-7
two-sided per check).  A frequency k/M of an event of exact probability p is
checked with Bernstein's inequality: P(|k - Mp| >= a) <= 2 exp(-a² / (2(Mp(1-p) +
a/3))), with a chosen so that this is at most 1e-7 per check.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
import reference
from exact_chain import ExactChain, check_frequency, next_square, simulate
from helpers import ALL_RULES, CLASSIC_FIXTURE, EXAMPLE_1, TRAP_BOARD, cpu_ratio, sixes_wall
from hypothesis import example, given, settings
from hypothesis import strategies as st
from snakes_ladders.board import Board, BoardError
from snakes_ladders.board.rules import CLASSIC, LEETCODE, Rules
from snakes_ladders.chance import MAX_TURNS, TAIL, analyze
from snakes_ladders.solver.solution import solve

# --------------------------------------------------------------------------- independent model


# --------------------------------------------------------------------------- boards worked by hand


class TestHandWorked:
    def test_2x2_exact_landing_is_geometric(self) -> None:
        """2×2 board, no jumps, LeetCode's rules.  From each of squares 1, 2, 3 exactly one roll
        (4 - p) lands on 4, the others stay or move short, so every roll finishes with chance 1/6,
        whatever has happened: T is geometric, P(T = t) = (5/6)^(t-1)/6 and E[T] = 6.

        P(T <= t) = 1 - (5/6)^t:  t = 3: 0.421, t = 4: 0.518 -> median 4;  (5/6)^12 = 0.112,
        (5/6)^13 = 0.093 -> p90 = 13;  (5/6)^16 = 0.054, (5/6)^17 = 0.045 -> p95 = 17.

        Visits (v = expected stands): v1 = 1 + (3/6)v1 (rolls 4-6 stay) -> v1 = 2;  v2 = v1/6 +
        (4/6)v2 -> v2 = 1;  v3 = v1/6 + v2/6 + (5/6)v3 -> v3 = 3.  They add up to E[T] = 6.
        """
        a = analyze(Board(2, {}))
        assert a.finishable == "always" and a.p_finish == 1.0
        assert a.expected_rolls == pytest.approx(6, rel=1e-13)
        assert a.expected_rolls_if_finished == pytest.approx(6, rel=1e-13)
        for t, p in enumerate(a.length.p_on_turn, start=1):
            assert p == pytest.approx((5 / 6) ** (t - 1) / 6, rel=1e-12, abs=1e-300)
            assert a.length.p_by_turn[t - 1] == pytest.approx(1 - (5 / 6) ** t, rel=1e-12)
        assert (a.length.median, a.length.p90, a.length.p95) == (4, 13, 17)
        assert a.length.remaining < TAIL and not a.length.truncated
        assert a.visits == pytest.approx((0.0, 2.0, 1.0, 3.0, 1.0), rel=1e-13)
        assert a.traps == () and a.jumps == ()

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_2x2_race(self, players: int) -> None:
        """Every roll of every player finishes with chance 1/6, independently, so the total number of
        rolls is geometric (mean 6) and player i wins when the first success is roll i, i + k, ...:
        P(i wins) = (1/6)(5/6)^(i-1) / (1 - (5/6)^k).  For two players: 6/11 and 5/11."""
        race = analyze(Board(2, {}), players=players).race
        q = 5 / 6
        expected = [(1 / 6) * q ** (i - 1) / (1 - q**players) for i in range(1, players + 1)]
        assert race.players == players
        assert race.p_win == pytest.approx(expected, rel=1e-9)
        assert race.p_no_winner == 0.0
        assert race.expected_total_rolls == pytest.approx(6, rel=1e-9)
        if players == 2:
            assert race.p_win == pytest.approx((6 / 11, 5 / 11), rel=1e-9)

    @pytest.mark.parametrize(
        "board",
        [Board(2, {2: 3}), Board(2, {3: 1}), Board(2, {2: 1, 3: 2})],
        ids=["ladder-2-3", "snake-3-1", "two-snakes"],
    )
    @pytest.mark.parametrize("rules", [LEETCODE, Rules(overshoot="bounce"), CLASSIC], ids=["stay", "bounce", "off"])
    def test_2x2_any_jumps_short_of_4(self, board: Board, rules: Rules) -> None:
        """Without a ladder to 4, every position still has exactly one roll that lands on 4 (a bounce
        never lands on 4), so T stays geometric with mean 6."""
        a = analyze(board, rules)
        assert a.expected_rolls == pytest.approx(6, rel=1e-12)
        assert a.length.p_on_turn[:5] == pytest.approx([(5 / 6) ** t / 6 for t in range(5)], rel=1e-12)

    def test_3x3_win_on_overshoot_with_a_ladder(self) -> None:
        """3×3 board, ladder 3 -> 8, any roll reaching or passing 9 wins; start on 1.

        E8 = 1.  E7 = 1 + E8/6 = 7/6.  E6 = 1 + (E7 + E8)/6 = 49/36.  E5 = 1 + (E6 + E7 + E8)/6
        = 343/216.  E4 = 1 + (E5 + E6 + E7 + E8)/6 = 2401/1296 (from p >= 3 each E is 7/6 of the next).
        E2 (rolls land on 3 -> 8, 4, 5, 6, 7, 8) = 1 + (2 E8 + E4 + E5 + E6 + E7)/6 = 18103/7776.
        E1 (rolls land on 2, 3 -> 8, 4, 5, 6, 7) = 1 + (E2 + E8 + E4 + E5 + E6 + E7)/6 = 118945/46656.

        No roll from 1 wins.  After one roll the token is on 2, 8, 4, 5, 6 or 7 (1/6 each), from which
        a roll wins with chance 0, 1, 2/6, 3/6, 4/6, 5/6: P(T = 2) = (1/6)(0 + 1 + 14/6) = 5/9.

        The ladder is landed on from 1 with a 2, or from 2 with a 1 (2 is reached by a 1), and never
        twice: P(used) = 1/6 + 1/36 = 7/36, which is also its expected number of uses.  Squares stood
        on: v1 = 1, v2 = 1/6, v4 = 1/6 (from 1) + 1/36 (from 2) = 7/36, v3 = 0 (a ladder's foot).
        """
        a = analyze(Board(3, {3: 8}), Rules(overshoot="win"))
        assert a.expected_rolls == pytest.approx(118945 / 46656, rel=1e-13)
        assert a.length.p_on_turn[:2] == pytest.approx([0.0, 5 / 9], rel=1e-13)
        (use,) = a.jumps
        assert (use.start, use.end, use.kind) == (3, 8, "ladder")
        assert use.p_used == pytest.approx(7 / 36, rel=1e-13)
        assert use.expected_uses == pytest.approx(7 / 36, rel=1e-13)
        assert a.visits[1] == pytest.approx(1, rel=1e-13)
        assert a.visits[2] == pytest.approx(1 / 6, rel=1e-13)
        assert a.visits[3] == 0.0
        assert a.visits[4] == pytest.approx(7 / 36, rel=1e-13)

    def test_trap_not_always(self) -> None:
        """TRAP_BOARD (4×4): ladder 2 -> 14, snakes 8..13 -> 7.  From 7 every roll lands on 8..13 and
        slides back to 7: a trap.  From 3..6 every road leads into it (a roll lands at most on 12).
        So the game finishes only if the first roll is a 1 (2 -> 14): p_finish = 1/6.

        From 14 (and 15) exactly one roll lands on 16, the rest stay or go to 15: geometric, mean 6.
        So, given that it finishes, T = 1 + Geometric(1/6): E[T | finish] = 7, P(T = t) = (1/6)(5/6)^(t-2)(1/6)
        for t >= 2.  Square 14 is stood on 1/(1 - 4/6) = 3 times once reached: visits 1/6 · 3 = 1/2.

        Each snake 8..13 is landed on forever once the token is on 7 (7 rolls onto 13 with a 6, ...),
        and every game that does not finish reaches 7: each is used with probability 5/6, infinitely often.
        Two players: nobody wins with probability (5/6)^2.
        """
        a = analyze(TRAP_BOARD, players=2)
        assert a.finishable == "not always"
        assert a.p_finish == pytest.approx(1 / 6, rel=1e-13)
        assert a.expected_rolls is None
        assert a.expected_rolls_if_finished == pytest.approx(7, rel=1e-12)
        assert a.traps == ((7,),)
        assert a.visits[7] is None
        assert a.visits[14] == pytest.approx(1 / 2, rel=1e-12)
        assert a.visits[16] == pytest.approx(1 / 6, rel=1e-13)
        f = a.length.p_on_turn
        assert f[0] == 0.0
        for t in range(2, 40):
            assert f[t - 1] == pytest.approx((1 / 36) * (5 / 6) ** (t - 2), rel=1e-11)
        uses = {use.start: use for use in a.jumps}
        assert uses[2].p_used == pytest.approx(1 / 6, rel=1e-13)
        assert uses[2].expected_uses == pytest.approx(1 / 6, rel=1e-13)
        for snake in range(8, 14):
            assert uses[snake].p_used == pytest.approx(5 / 6, rel=1e-12)
            assert uses[snake].expected_uses is None
        assert a.race.p_no_winner == pytest.approx(25 / 36, rel=1e-12)
        assert a.race.expected_total_rolls is None
        assert sum(a.race.p_win) + a.race.p_no_winner == pytest.approx(1, abs=1e-8)

    @pytest.mark.parametrize("rules", ALL_RULES[:3], ids=["stay", "bounce", "win"])
    def test_never(self, rules: Rules) -> None:
        """The unreachable 3×3 fixture: squares 3..8 slide to 1.  From 1 a roll of 1 reaches 2, any other
        roll slides back to 1; from 2 every roll does.  {1, 2} is a trap holding the start."""
        board = Board(3, dict.fromkeys(range(3, 9), 1))
        a = analyze(board, rules, players=3)
        assert (a.finishable, a.p_finish, a.expected_rolls, a.expected_rolls_if_finished) == ("never", 0.0, None, None)
        assert a.traps == ((1, 2),)
        assert a.visits == (0.0, None, None, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        assert a.length.p_on_turn == () and a.length.median is None
        assert a.race.p_win == (0.0, 0.0, 0.0) and a.race.p_no_winner == 1.0
        uses = {use.start: use.p_used for use in a.jumps}
        assert uses == {3: 1.0, 4: 1.0, 5: 1.0, 6: 1.0, 7: 1.0, 8: 1.0}  # landed on forever from 1 and 2

    def test_trap_reached_later_with_an_off_board_start(self) -> None:
        """Classic start on the unreachable 3×3 fixture: the first roll lands on 1..6; 3..6 slide to 1
        and 1, 2 are then the same trap as before: never, with position 0 left once."""
        a = analyze(Board(3, dict.fromkeys(range(3, 9), 1)), CLASSIC)
        assert a.finishable == "never"
        assert a.visits[0] == 1.0 and a.visits[1] is None and a.visits[2] is None


class TestClassicFixture:
    """The Milton Bradley layout with its 1 -> 38 ladder, under the classic rules."""

    @pytest.fixture(scope="class")
    def analysis(self):
        board = Board.from_matrix(CLASSIC_FIXTURE["board"], allow_start_jump=True)
        return analyze(board, Rules.from_json(CLASSIC_FIXTURE["rules"]), players=2)

    def test_fixture_figures(self, analysis) -> None:
        assert analysis.expected_rolls == pytest.approx(CLASSIC_FIXTURE["expected_rolls"], rel=1e-12)
        length = analysis.length
        assert (length.median, length.p90, length.p95) == tuple(CLASSIC_FIXTURE[k] for k in ("median", "p90", "p95"))
        shortest = CLASSIC_FIXTURE["shortest_game"]
        assert all(p == 0.0 for p in length.p_on_turn[: shortest - 1])
        assert length.p_on_turn[shortest - 1] == pytest.approx(
            CLASSIC_FIXTURE["shortest_game_sequences"] / 6**shortest, rel=1e-12
        )

    def test_shortest_game_by_enumeration(self) -> None:
        """Count, by pushing counts of roll sequences forward, those that first finish on each roll."""
        dest = reference.destinations(CLASSIC_FIXTURE["board"])
        ways = {0: 1}
        for rolls in range(1, CLASSIC_FIXTURE["shortest_game"] + 1):
            after: Counter = Counter()
            for position, count in ways.items():
                for roll in range(1, 7):
                    after[next_square(dest, CLASSIC, position, roll)[0]] += count
            finished = after.pop(100, 0)
            if rolls < CLASSIC_FIXTURE["shortest_game"]:
                assert finished == 0
            ways = after
        assert finished == CLASSIC_FIXTURE["shortest_game_sequences"]

    def test_against_a_dense_float_solve(self, analysis) -> None:
        chain = ExactChain(CLASSIC_FIXTURE["board"], CLASSIC, number=float)
        assert analysis.expected_rolls == pytest.approx(chain.expected_rolls(), rel=1e-11)
        visits = chain.visits()
        for square, value in visits.items():
            assert analysis.visits[square] == pytest.approx(value, rel=1e-10, abs=1e-14)
        for use in analysis.jumps[:6]:  # the rest are alike; each is a 100-square dense solve
            assert use.p_used == pytest.approx(chain.p_used(use.start), rel=1e-10)

    def test_against_simulation(self, analysis) -> None:
        """20,000 seeded games.  Checks the mean length (5 standard errors), the chance of finishing on
        each roll and by rolls 20, 40, 80, every jump's chance of use (Bernstein, 1e-7 each), the mean
        number of stands on each square (5 standard errors), and, pairing the games two by two as a
        race, player 1's chance of winning and the mean number of rolls until someone wins."""
        games = 20_000
        dest = reference.destinations(CLASSIC_FIXTURE["board"])
        lengths: list[int] = []
        used: Counter = Counter()
        stand_sum: Counter = Counter()
        stand_squares: Counter = Counter()
        for rolls, stands, landings in simulate(dest, CLASSIC, games, seed=2024):
            assert rolls is not None
            lengths.append(rolls)
            used.update(landings.keys())
            stand_sum.update(stands)
            stand_squares.update({s: c * c for s, c in stands.items()})
        mean = sum(lengths) / games
        sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / (games - 1))
        assert abs(mean - analysis.expected_rolls) <= 5 * sd / math.sqrt(games)

        per_turn = Counter(lengths)
        for t, p in enumerate(analysis.length.p_on_turn, start=1):
            check_frequency(per_turn.get(t, 0), games, p, f"finishing on roll {t}")
        for t in (20, 40, 80):
            check_frequency(sum(1 for x in lengths if x <= t), games, analysis.length.p_by_turn[t - 1], f"by {t}")
        for use in analysis.jumps:
            check_frequency(used[use.start], games, use.p_used, f"jump {use.start}->{use.end}")
        for square in range(100):
            exact = analysis.visits[square]
            m = stand_sum[square] / games
            var = stand_squares[square] / games - m * m
            assert abs(m - exact) <= 5 * math.sqrt(var / games) + 1e-12, square

        pairs = list(zip(lengths[0::2], lengths[1::2], strict=True))
        wins = sum(1 for a, b in pairs if a <= b)
        check_frequency(wins, len(pairs), analysis.race.p_win[0], "player 1 wins")
        totals = [2 * (a - 1) + 1 if a <= b else 2 * (b - 1) + 2 for a, b in pairs]
        mean = sum(totals) / len(totals)
        sd = math.sqrt(sum((x - mean) ** 2 for x in totals) / (len(totals) - 1))
        assert abs(mean - analysis.race.expected_total_rolls) <= 5 * sd / math.sqrt(len(totals))


class TestOtherRulesBySimulation:
    @pytest.mark.parametrize(
        ("matrix", "rules"),
        [
            (EXAMPLE_1, Rules("off-board", "bounce")),
            (reference.matrix_from_jumps(6, {2: 15, 14: 35, 17: 13, 33: 20, 30: 11}), Rules("square1", "win")),
            (TRAP_BOARD.to_matrix(), Rules("off-board", "bounce")),
        ],
        ids=["example-1-bounce", "snakes-win", "trap-bounce"],
    )
    def test_simulation(self, matrix: list[list[int]], rules: Rules) -> None:
        """10,000 seeded games each, cut off after 150 rolls: the analysis puts the chance of finishing
        later below 1e-9, far below what the bounds can see (and a trapped game never ends)."""
        games = 10_000
        cap = 150
        board = rules.board_from_matrix(matrix)
        a = analyze(board, rules)
        assert a.p_finish - a.length.p_by_turn[min(cap, len(a.length.p_by_turn)) - 1] < 1e-9
        assert a.length.p_by_turn[-1] + a.length.remaining + a.length.trapped == pytest.approx(1, abs=1e-12)
        lengths = [rolls for rolls, _, _ in simulate(reference.destinations(matrix), rules, games, seed=7, cap=cap)]
        finished = [x for x in lengths if x is not None]
        check_frequency(len(finished), games, a.p_finish, "finishing")
        if a.finishable == "always":
            mean = sum(finished) / games
            sd = math.sqrt(sum((x - mean) ** 2 for x in finished) / (games - 1))
            assert abs(mean - a.expected_rolls) <= 5 * sd / math.sqrt(games)
        per_turn = Counter(finished)
        for t, p in enumerate(a.length.p_on_turn[:cap], start=1):
            check_frequency(per_turn.get(t, 0), games, p, f"finishing on roll {t}")


# --------------------------------------------------------------------------- against the exact model


def small_case(seed: int) -> tuple[list[list[int]], Rules]:
    """A random board of 2×2 to 4×4 and random rules; off the board, square 1 may hold a jump."""
    rng = random.Random(seed)
    rules = ALL_RULES[rng.randrange(len(ALL_RULES))]
    matrix = reference.random_board(rng, n=rng.randint(2, 4))
    if rules.start == "off-board" and rng.random() < 0.5:
        n = len(matrix)
        row, column = reference.cell_of(1, n)
        matrix[row][column] = rng.randint(1, n * n - 1)
    return matrix, rules


class TestAgainstExactModel:
    @settings(max_examples=60)
    @given(st.integers(0, 2**32 - 1))
    @example(0).via("a fixed regression seed")
    def test_small_boards_exactly(self, seed: int) -> None:
        matrix, rules = small_case(seed)
        board = rules.board_from_matrix(matrix)
        a = analyze(board, rules)
        chain = ExactChain(matrix, rules)
        p_finish = chain.p_finish()
        assert a.p_finish == pytest.approx(float(p_finish), abs=1e-12)
        if p_finish == 0:
            assert a.finishable == "never"
        elif chain.recurrent() and any(p in chain.reach(chain.start) for p in chain.recurrent()):
            assert a.finishable == "not always"
        else:
            assert a.finishable == "always"
            assert a.expected_rolls == pytest.approx(float(chain.expected_rolls()), rel=1e-10)
        recurrent = chain.recurrent()
        visits = chain.visits() if chain.start not in recurrent else {}
        for square in range(len(a.visits)):
            if square in recurrent and square in chain.reached:
                assert a.visits[square] is None
            elif square in visits:
                assert a.visits[square] == pytest.approx(float(visits[square]), rel=1e-10, abs=1e-15)
            elif square != chain.last:
                assert a.visits[square] == 0.0
        for use in a.jumps:
            assert use.p_used == pytest.approx(float(chain.p_used(use.start)), rel=1e-9, abs=1e-12), use
        for got, want in zip(a.length.p_on_turn[:12], chain.length(12), strict=False):
            assert got == pytest.approx(float(want), rel=1e-11, abs=1e-300)


# --------------------------------------------------------------------------- properties


def random_case(seed: int) -> tuple[Board, Rules, int]:
    rng = random.Random(seed)
    rules = ALL_RULES[rng.randrange(len(ALL_RULES))]
    matrix = reference.random_board(rng, n=rng.randint(2, 12))
    return rules.board_from_matrix(matrix), rules, rng.randint(1, 4)


class TestProperties:
    @settings(max_examples=80)
    @given(st.integers(0, 2**32 - 1))
    def test_accounting(self, seed: int) -> None:
        board, rules, players = random_case(seed)
        a = analyze(board, rules, players)
        length = a.length
        assert len(length.p_on_turn) == len(length.p_by_turn) <= MAX_TURNS
        assert all(p >= 0 for p in length.p_on_turn)
        running = 0.0
        for p, by in zip(length.p_on_turn, length.p_by_turn, strict=True):
            running += p
            assert by == pytest.approx(running, abs=1e-15)
        finished = length.p_by_turn[-1] if length.p_by_turn else 0.0
        # What has finished, what is still in play and what is trapped add up to 1; the exact chance
        # of never finishing lies between what is trapped already and that plus what is still in play.
        assert finished + length.remaining + length.trapped == pytest.approx(1, abs=1e-12)
        assert length.trapped - 1e-12 <= 1 - a.p_finish <= length.trapped + length.remaining + 1e-12
        assert length.truncated or length.remaining < TAIL
        assert 0.0 <= a.p_finish <= 1.0
        assert a.visits[board.last] == a.p_finish
        trapped = {s for trap in a.traps for s in trap}
        for square, v in enumerate(a.visits):
            assert (v is None) == (square in trapped)
            assert v is None or v >= 0
        for use in a.jumps:
            assert 0.0 <= use.p_used <= 1.0
            if use.expected_uses is not None:
                assert use.p_used <= use.expected_uses + 1e-12  # P(N >= 1) <= E[N]
        race = a.race
        assert race.players == players and len(race.p_win) == players
        assert sum(race.p_win) + race.p_no_winner == pytest.approx(1, abs=1e-8 + players * length.remaining)
        if a.finishable == "always" and not length.truncated:
            # The linear solve and the roll-by-roll distribution agree on the mean.
            mean = sum(t * p for t, p in enumerate(length.p_on_turn, start=1))
            assert a.expected_rolls == pytest.approx(mean, rel=1e-6, abs=1e-6)
            visited = sum(v for s, v in enumerate(a.visits) if s != board.last)
            assert a.expected_rolls == pytest.approx(visited, rel=1e-9)

    @settings(max_examples=60)
    @given(st.integers(0, 2**32 - 1))
    @example(17)
    def test_default_rules_meet_the_leetcode_answer(self, seed: int) -> None:
        """Under LeetCode's rules no game is shorter than min_moves = d, and the games of exactly d rolls
        are the optimal roll sequences: P(T = d) = paths_count / 6^d.  And the random game can finish
        exactly when LeetCode's answer is not -1."""
        rng = random.Random(seed)
        matrix = reference.random_board(rng, n=rng.randint(2, 12))
        a = analyze(matrix)
        s = solve(matrix)
        if s.moves < 0:
            assert a.finishable == "never"
            return
        assert a.finishable != "never"
        assert all(p == 0.0 for p in a.length.p_on_turn[: s.moves - 1])
        if s.moves >= 1 and len(a.length.p_on_turn) >= s.moves:
            assert a.length.p_on_turn[s.moves - 1] == pytest.approx(s.paths_count / 6**s.moves, rel=1e-9)
        if a.expected_rolls is not None:
            assert a.expected_rolls >= s.moves


class TestArguments:
    def test_matrix_or_board(self) -> None:
        matrix = [[-1, -1], [-1, 3]]
        assert analyze(matrix) == analyze(Board.from_matrix(matrix))

    def test_rules_check_the_board(self) -> None:
        with pytest.raises(BoardError) as caught:
            analyze([[-1, -1], [3, -1]])
        assert str(caught.value) == "square 1 (row 1, column 0): the start square cannot hold a snake or ladder"
        with pytest.raises(BoardError):
            analyze(Board(2, {1: 3}, allow_start_jump=True))
        # Off the board, rolls 5 and 6 are wasted (they pass 4); of the four useful first rolls, one lands on 1.
        assert analyze([[-1, -1], [3, -1]], CLASSIC).jumps[0].p_used == pytest.approx(1 / 4, rel=1e-13)

    @pytest.mark.parametrize("players", [0, 5, True, 1.0, "2"])
    def test_players(self, players: object) -> None:
        with pytest.raises(ValueError) as caught:
            analyze(Board(2, {}), players=players)  # type: ignore[arg-type]
        assert str(caught.value) == f"players must be an integer from 1 to 4, got {players!r}"

    def test_rules_type(self) -> None:
        with pytest.raises(TypeError) as caught:
            analyze(Board(2, {}), {"start": "off-board"})  # type: ignore[arg-type]
        assert str(caught.value) == "rules must be a Rules, got dict"


class TestWorkBound:
    """analyze's work bound (its docstring), checked as time ratios between two sizes, never absolute times."""

    @pytest.mark.perf
    def test_wall_of_snakes_grows_with_the_squares(self) -> None:
        """The sixes wall at 24×24 and 48×48 (4× the squares; figures 6^96 and 6^384, in Decimal): the work
        is the chain, a few solves over n²/6 states and MAX_TURNS cheap tail entries, so about 4× — far
        from the 6^288-fold growth of the figures.  Allowed: 16× (room for a busy machine)."""
        small, large = sixes_wall(24), sixes_wall(48)
        assert cpu_ratio(lambda: analyze(small, players=4), lambda: analyze(large, players=4), trials=3) < 16

    @pytest.mark.perf
    def test_dense_jumps_stay_within_the_cubic_bound(self) -> None:
        """30% of the squares holding jumps at 12×12 and 24×24 (about 4× the states): the elimination is
        at most cubic in the states (64×), and so is the selected inversion for the jump uses; allowed
        4³ × 4 = 256× (on this machine it is about 20-40×)."""
        boards = [
            Board(n, reference.random_jumps(random.Random(n), n, 0.3, self_rate=0, chain_rate=0)) for n in (12, 24)
        ]
        small, large = boards
        assert cpu_ratio(lambda: analyze(small, players=2), lambda: analyze(large, players=2), trials=3) < 256
