"""Seeded play: reproducible games that follow the rules, end properly, and win as often as analysed."""

from __future__ import annotations

import itertools
import json
import random

import helpers
import pytest
import reference
from exact_chain import bernstein, next_square
from helpers import ALL_RULES, CLASSIC_FIXTURE, TRAP_BOARD, best_cpu, call, check_error_shape, cpu_ratio, ok, sixes_wall
from hypothesis import given, settings
from hypothesis import strategies as st
from snakes_ladders.api import game_to_json, handle
from snakes_ladders.board import Board, BoardError
from snakes_ladders.board.rules import CLASSIC, LEETCODE, Rules
from snakes_ladders.chance import analyze
from snakes_ladders.game.seeded import MAX_SEED, MAX_TURNS, play
from snakes_ladders.game.turn import Table, take_turn

EXAMPLE_1 = Board.from_matrix(helpers.EXAMPLE_1)
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
    @pytest.mark.perf
    def test_turn_limit_on_two_sizes(self) -> None:
        """The sixes wall never finishes in 10,000 turns: each game plays to the turn limit.  play's work is
        O(n²) for the squares that can still finish plus O(max_turns); at 20×20 and 40×40 the 10,000 turns
        dominate, so the ratio stays near 1 (allowed: 4×, the ratio of the squares)."""
        small, large = sixes_wall(20), sixes_wall(40)
        assert play(large, players=4, seed=3).end == "turn limit"
        assert cpu_ratio(lambda: play(small, players=4, seed=3), lambda: play(large, players=4, seed=3), trials=3) < 4


# --------------------------------------------------------------------------- the turn op (hot-seat play)


def drive(board: Board, rules: Rules, players: int, rolls: list[int]) -> dict[str, object]:
    """A game played as the page's hot-seat game plays it: the opening, then one ``turn`` request a roll,
    each sending back the positions, player and number the previous answer gave."""
    fields = {"board": board.to_matrix(), "rules": rules.to_json()}
    hopeless = Table.of(board, rules).hopeless
    state = ok(op="turn", players=players, **fields)
    assert state["turn"] is None and state["winner"] is None
    turns = []
    for number, roll in enumerate(rolls, start=1):
        if state["over"] is not None:
            break
        assert state["next_player"] == (number - 1) % players + 1  # every player in turn, hopeless or not
        request = {"positions": state["positions"], "player": state["next_player"], "number": number, "roll": roll}
        state = ok(op="turn", **fields, **request)
        turns.append(state["turn"])
        assert state["hopeless"] == [p in hopeless for p in state["positions"]]
    return {"turns": turns, "end": state["over"], "winner": state["winner"], "positions": state["positions"]}


def seeded(board: Board, rules: Rules, players: int, seed: int) -> dict[str, object]:
    data = game_to_json(board, play(board, rules, players, seed))
    return {key: data[key] for key in ("turns", "end", "winner", "positions")}


def hopeless_rolls_again(game: dict, board: Board, rules: Rules) -> bool:
    """Some player rolls again after their token became hopeless (the hot-seat game used to skip them)."""
    hopeless = Table.of(board, rules).hopeless
    gone: set[int] = set()
    for turn in game["turns"]:
        if turn["player"] in gone:
            return True
        if turn["end"] in hopeless:
            gone.add(turn["player"])
    return False


class TestTurnOp:
    @pytest.mark.parametrize("rules", ALL_RULES, ids=[f"{r.start}-{r.overshoot}" for r in ALL_RULES])
    @pytest.mark.parametrize("players", [1, 2, 3, 4])
    def test_a_game_turn_by_turn_is_the_seeded_game(self, rules: Rules, players: int) -> None:
        """The seeded game's dice, fed to the op turn by turn, give exactly the seeded game: every turn, its
        squares walked, the order of players, the end and the positions."""
        boards = [EXAMPLE_1, TRAP_BOARD, Board(2, {}), Board(3, {2: 8, 7: 3})]
        for board in boards:
            for seed in (0, 1, 99):
                game = seeded(board, rules, players, seed)
                rolls = [turn["roll"] for turn in game["turns"]]
                assert drive(board, rules, players, rolls) == game, (board, seed)

    def test_hopeless_players_keep_their_turns_and_the_game_ends_stuck(self) -> None:
        """TRAP_BOARD: a token that missed the ladder is hopeless but still rolls in its turn."""
        games = [(seed, seeded(TRAP_BOARD, LEETCODE, 3, seed)) for seed in range(40)]
        again = [seed for seed, game in games if hopeless_rolls_again(game, TRAP_BOARD, LEETCODE)]
        stuck = [seed for seed, game in games if game["end"] == "stuck"]
        won_late = [s for s in again if dict(games)[s]["end"] == "won"]
        assert again and stuck and won_late  # the cases the old page got wrong are among these games
        for seed in [*again[:5], *stuck[:5], *won_late[:5]]:
            game = dict(games)[seed]
            assert drive(TRAP_BOARD, LEETCODE, 3, [t["roll"] for t in game["turns"]]) == game

    def test_stuck_before_the_first_roll(self) -> None:
        game = seeded(UNREACHABLE, LEETCODE, 2, 1)
        assert game["end"] == "stuck" and game["turns"] == []
        assert drive(UNREACHABLE, LEETCODE, 2, [1, 2, 3]) == game

    def test_turn_limit(self) -> None:
        """LUCKY_RUN needs eight sixes in a row: the seeded game stops at MAX_TURNS; the op, given the state
        before that last turn, plays it the same and says the game is over."""
        game = seeded(LUCKY_RUN, LEETCODE, 2, 0)
        assert game["end"] == "turn limit" and len(game["turns"]) == MAX_TURNS
        positions = [1, 1]
        for turn in game["turns"][:-1]:
            positions[turn["player"] - 1] = turn["end"]
        last = game["turns"][-1]
        request = {"positions": positions, "player": last["player"], "number": MAX_TURNS, "roll": last["roll"]}
        state = ok(op="turn", board=LUCKY_RUN.to_matrix(), **request)
        assert state["turn"] == last and (state["over"], state["next_player"]) == ("turn limit", None)
        assert state["positions"] == game["positions"]

    @settings(max_examples=30, deadline=None)
    @given(st.integers(0, 2**32 - 1), st.sampled_from(ALL_RULES), st.integers(1, 4), st.integers(0, MAX_SEED))
    def test_random_boards(self, board_seed: int, rules: Rules, players: int, seed: int) -> None:
        """Random boards and rules, the first 300 turns: a game cut off there is still going on in the op."""
        rng = random.Random(board_seed)
        board = rules.board_from_matrix(reference.random_board(rng, n=rng.randint(2, 7)))
        data = game_to_json(board, play(board, rules, players, seed, max_turns=300))
        driven = drive(board, rules, players, [t["roll"] for t in data["turns"]])
        assert (driven["turns"], driven["positions"]) == (data["turns"], data["positions"])
        cut_off = data["end"] == "turn limit"
        assert (driven["end"], driven["winner"]) == ((None, None) if cut_off else (data["end"], data["winner"]))

    @pytest.mark.parametrize("rules", ALL_RULES, ids=[f"{r.start}-{r.overshoot}" for r in ALL_RULES])
    def test_visits_walk_pip_by_pip_to_the_landing(self, rules: Rules) -> None:
        """Every square walked is one pip from the one before, the first one pip from the start; a bounce
        turns only at the last square (or, on 2×2, at square 1); a wasted roll walks nowhere."""
        for n in (2, 3, 10):
            board = Board(n, {})
            last = n * n
            for position in range(rules.start_position, last):
                for roll in range(1, 7):
                    turn = take_turn(Table.of(board, rules), (position,), 1, 1, roll).turn
                    if turn.overshoot == "stay":
                        assert turn.visits == ()
                        continue
                    walk = (position, *turn.visits)
                    assert all(abs(b - a) == 1 for a, b in itertools.pairwise(walk))
                    assert turn.visits[-1] == turn.landing and all(1 <= s <= last for s in turn.visits)
                    assert len(turn.visits) == (roll if rules.overshoot != "win" else min(roll, last - position))
                    turns_back = [b for a, b, c in zip(walk, walk[1:], walk[2:], strict=False) if (b - a) != (c - b)]
                    assert set(turns_back) <= {last, 1}

    @pytest.mark.parametrize(
        ("fields", "message"),
        [
            ({"positions": [1, 9]}, "positions[1] must be an integer from 1 to 8, got 9"),
            ({"positions": [0]}, "positions[0] must be an integer from 1 to 8, got 0"),
            ({"positions": []}, "positions must be a list of 1 to 4 integers, got [] (a list)"),
            ({"positions": [1, "2"]}, 'positions must be a list of 1 to 4 integers, got [1, "2"] (a list)'),
            (
                {"positions": [1, 1], "player": 2},
                "turn 1 is player 1's (every player in turn, player 1 first), got player 2",
            ),
            (
                {"positions": [1, 1], "number": 2},
                "turn 2 is player 2's (every player in turn, player 1 first), got player 1",
            ),
            ({"number": 10_001}, "number must be an integer from 1 to 10000"),
            ({"roll": 7}, "roll must be an integer from 1 to 6"),
            ({"player": 5}, "player must be an integer from 1 to 4"),
        ],
        ids=[
            "past-board",
            "off-board-under-square1",
            "none",
            "string",
            "wrong-player",
            "wrong-number",
            "number",
            "roll",
            "player",
        ],
    )
    def test_a_state_no_game_reaches_is_refused(self, fields: dict, message: str) -> None:
        request = {"op": "turn", "board": Board(3, {}).to_matrix(), "roll": 1, **fields}
        error = check_error_shape(call(**request))
        assert (error["kind"], error["message"]) == ("request", message)

    def test_a_stuck_game_takes_no_roll(self) -> None:
        error = check_error_shape(call(op="turn", board=TRAP_BOARD.to_matrix(), positions=[7, 7], number=3, roll=1))
        assert error["message"] == "the game is already over: no token can reach square 16"
        assert ok(op="turn", board=TRAP_BOARD.to_matrix(), positions=[7, 7], number=3)["over"] == "stuck"

    @pytest.mark.perf
    def test_work_grows_with_the_squares_not_faster(self) -> None:
        """The op's bound (api.runners.turn_op): O(n²) per call.  4 times the squares (40×40, 80×80) takes well under
        10 times the CPU time (least of 9), both when every call is on a new board (two boards in turn:
        the hopeless positions are searched each time) and when a game asks about the same board (the
        table is kept: reading the board is the work)."""
        cold, warm = [], []
        for n in (40, 80):
            requests = []
            for seed in (n, n + 1):
                board = reference.random_board(random.Random(seed), n=n)
                request = {"version": 1, "op": "turn", "board": board, "positions": [1, 1, 1, 1], "roll": 6}
                requests.append(json.dumps(request))
                assert json.loads(handle(requests[-1]))["ok"]
            cold.append(best_cpu(lambda requests=requests: [handle(r) for r in requests], runs=9))
            warm.append(best_cpu(lambda request=requests[0]: handle(request), runs=9))
        assert cold[1] / max(cold[0], 1e-4) < 10
        assert warm[1] / max(warm[0], 1e-4) < 10
        assert warm[1] < cold[1] / 2  # the kept table saves the search on every turn but the first

    def test_the_kept_table_is_the_board_asked_about(self) -> None:
        """Boards asked in turn (a trap, a free board, the trap again): each answer is its own board's."""
        free = Board(4, {2: 14})
        for board, hopeless in [(TRAP_BOARD, True), (free, False), (TRAP_BOARD, True), (TRAP_BOARD, True)]:
            state = ok(op="turn", board=board.to_matrix(), positions=[1, 1], roll=2)  # 1 -> 3
            assert state["hopeless"] == [hopeless, False]
        state = ok(op="turn", board=TRAP_BOARD.to_matrix(), rules={"start": "off-board"}, positions=[1, 0], roll=2)
        assert state["hopeless"] == [True, False] and state["turn"]["end"] == 3
