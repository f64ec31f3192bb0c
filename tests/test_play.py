"""Seeded play: reproducible games that follow the rules, end properly, and win as often as analysed."""

from __future__ import annotations

import random

import pytest
import reference
from hypothesis import given, settings
from hypothesis import strategies as st
from snakes_ladders.board import Board, BoardError
from snakes_ladders.markov import analyze
from snakes_ladders.play import MAX_SEED, MAX_TURNS, play
from snakes_ladders.rules import CLASSIC, LEETCODE, Rules
from test_markov import ALL_RULES, CLASSIC_FIXTURE, TRAP_BOARD, bernstein, best_cpu, next_square, sixes_wall

EXAMPLE_1 = Board(6, {2: 15, 14: 35, 17: 13})
UNREACHABLE = Board(3, dict.fromkeys(range(3, 9), 1))
# 7×7: every square slides to 1 except 1, 7, 13, ..., 49, so only a run of eight sixes finishes:
# about 2 million rolls on average (analysed exactly in test_markov).
LUCKY_RUN = Board(7, {s: 1 for s in range(2, 49) if (s - 1) % 6})


def check_game(game, matrix: list[list[int]], rules: Rules, players: int, seed: int) -> None:
    """Every turn follows the rules (written again in test_markov) with the seeded die, in player order."""
    dest = reference.destinations(matrix)
    last = len(dest) - 1
    rng = random.Random(seed)
    positions = [0 if rules.start == "off-board" else 1] * players
    assert game.players == players and game.seed == seed and game.rules == rules
    for number, turn in enumerate(game.turns, start=1):
        assert turn.number == number
        assert turn.player == (number - 1) % players + 1
        assert turn.roll == rng.randint(1, 6)
        assert turn.start == positions[turn.player - 1]
        end, landing = next_square(dest, rules, turn.start, turn.roll)
        assert turn.end == end
        assert turn.landing == (turn.start if landing is None else landing)
        assert (turn.overshoot is None) == (turn.start + turn.roll <= last)
        assert turn.step.jump == ("ladder" if end > turn.landing else "snake" if end < turn.landing else None)
        positions[turn.player - 1] = end
        if end == last:
            assert number == len(game.turns)  # the game stops at once
    assert game.positions == tuple(positions)
    if game.end == "won":
        assert game.winner == game.turns[-1].player and game.turns[-1].end == last
    else:
        assert game.winner is None and last not in positions


class TestGames:
    @pytest.mark.parametrize("rules", ALL_RULES, ids=[f"{r.start}-{r.overshoot}" for r in ALL_RULES])
    @pytest.mark.parametrize("players", [1, 2, 4])
    def test_follows_the_rules(self, rules: Rules, players: int) -> None:
        for seed in (0, 1, 99, MAX_SEED):
            game = play(EXAMPLE_1, rules, players, seed)
            check_game(game, EXAMPLE_1.to_matrix(), rules, players, seed)
            assert game.end == "won"

    def test_classic_fixture(self) -> None:
        board = CLASSIC.board_from_matrix(CLASSIC_FIXTURE["board"])
        game = play(board, CLASSIC, players=3, seed=2024)
        check_game(game, CLASSIC_FIXTURE["board"], CLASSIC, 3, 2024)
        assert game.turns[0].start == 0

    @settings(max_examples=40)
    @given(st.integers(0, 2**32 - 1), st.sampled_from(ALL_RULES), st.integers(1, 4), st.integers(0, MAX_SEED))
    def test_random_boards(self, board_seed: int, rules: Rules, players: int, seed: int) -> None:
        rng = random.Random(board_seed)
        matrix = reference.random_board(rng, n=rng.randint(2, 10))
        game = play(rules.board_from_matrix(matrix), rules, players, seed, max_turns=2000)
        check_game(game, matrix, rules, players, seed)
        assert len(game.turns) <= 2000

    def test_same_seed_same_game(self) -> None:
        first = play(EXAMPLE_1, CLASSIC, 4, seed=12345)
        assert play(EXAMPLE_1, CLASSIC, 4, seed=12345) == first
        assert play(EXAMPLE_1.to_matrix(), CLASSIC, 4, seed=12345) == first
        others = {tuple(t.roll for t in play(EXAMPLE_1, CLASSIC, 4, seed=s).turns) for s in range(20)}
        assert len(others) == 20

    def test_the_die_is_random_randint(self) -> None:
        game = play(Board(10, {}), LEETCODE, 1, seed=5)
        rng = random.Random(5)
        assert [t.roll for t in game.turns] == [rng.randint(1, 6) for _ in game.turns]


class TestEnds:
    def test_no_one_can_win_from_the_start(self) -> None:
        game = play(UNREACHABLE, LEETCODE, players=2, seed=1)
        assert (game.end, game.winner, game.turns, game.positions) == ("stuck", None, (), (1, 1))

    def test_stuck_after_some_turns(self) -> None:
        """TRAP_BOARD: a first roll other than 1 leads into the trap at 7; the game stops when every
        token is where the last square cannot be reached, not after MAX_TURNS."""
        ends = {play(TRAP_BOARD, LEETCODE, players=2, seed=s).end for s in range(60)}
        assert ends == {"won", "stuck"}
        for seed in range(60):
            game = play(TRAP_BOARD, LEETCODE, players=2, seed=seed)
            check_game(game, TRAP_BOARD.to_matrix(), LEETCODE, 2, seed)
            if game.end == "stuck":
                assert all(p in (3, 4, 5, 6, 7) for p in game.positions)
                assert len(game.turns) < MAX_TURNS

    def test_turn_limit(self) -> None:
        game = play(Board(10, {}), LEETCODE, players=2, seed=3, max_turns=5)
        assert (game.end, game.winner, len(game.turns)) == ("turn limit", None, 5)

    def test_default_cap(self) -> None:
        """A board that finishes, but only after a very long time: the cap ends the game."""
        board = LUCKY_RUN
        game = play(board, LEETCODE, players=1, seed=0)
        assert analyze(board).finishable == "always"
        assert game.end == "turn limit" and len(game.turns) == MAX_TURNS


class TestWinRates:
    def test_two_players_on_2x2(self) -> None:
        """On an empty 2×2 board every roll finishes with chance 1/6: player 1 wins 6/11 of games.
        2,000 seeded games; Bernstein bound with failure probability 1e-7."""
        games = 2000
        wins = sum(play(Board(2, {}), players=2, seed=s).winner == 1 for s in range(games))
        assert abs(wins - games * 6 / 11) <= bernstein(6 / 11, games)

    def test_three_players_on_example_1_match_the_analysis(self) -> None:
        games = 2000
        race = analyze(EXAMPLE_1, players=3).race
        winners = [play(EXAMPLE_1, players=3, seed=s).winner for s in range(games)]
        for player, p in enumerate(race.p_win, start=1):
            assert abs(winners.count(player) - games * p) <= bernstein(p, games)


class TestArguments:
    @pytest.mark.parametrize(
        ("kwargs", "error", "message"),
        [
            ({"players": 0}, ValueError, "players must be an integer from 1 to 4, got 0"),
            ({"players": 5}, ValueError, "players must be an integer from 1 to 4, got 5"),
            ({"players": True}, ValueError, "players must be an integer from 1 to 4, got True"),
            ({"seed": -1}, ValueError, "seed must be an integer from 0 to 9007199254740991, got -1"),
            ({"seed": 2**53}, ValueError, "seed must be an integer from 0 to 9007199254740991, got 9007199254740992"),
            ({"seed": 1.0}, ValueError, "seed must be an integer from 0 to 9007199254740991, got 1.0"),
            ({"max_turns": 0}, ValueError, "max_turns must be a positive integer, got 0"),
            ({"rules": "classic"}, TypeError, "rules must be a Rules, got str"),
        ],
        ids=["players-0", "players-5", "players-bool", "seed-negative", "seed-too-big", "seed-float", "turns", "rules"],
    )
    def test_bad_arguments(self, kwargs: dict, error: type, message: str) -> None:
        with pytest.raises(error) as caught:
            play(EXAMPLE_1, **kwargs)
        assert str(caught.value) == message

    def test_board_checked_for_the_rules(self) -> None:
        with pytest.raises(BoardError) as caught:
            play([[-1, -1], [3, -1]], LEETCODE, seed=1)
        assert str(caught.value) == "square 1 (row 1, column 0): the start square cannot hold a snake or ladder"
        game = play([[-1, -1], [3, -1]], CLASSIC, seed=1)
        assert game.end == "won"


class TestWorkBound:
    def test_turn_limit_on_two_sizes(self) -> None:
        """The sixes wall never finishes in 10,000 turns: each game plays to the turn limit.  play's work is
        O(n²) for the squares that can still finish plus O(max_turns); at 20×20 and 40×40 the 10,000 turns
        dominate, so the ratio stays near 1 (allowed: 4×, the ratio of the squares)."""
        small = best_cpu(lambda: play(sixes_wall(20), players=4, seed=3))
        large = best_cpu(lambda: play(sixes_wall(40), players=4, seed=3))
        assert play(sixes_wall(40), players=4, seed=3).end == "turn limit"
        assert large / max(small, 1e-3) < 4
