"""The solver against hand-worked boards, the fixtures and the independent reference."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
import reference
from helpers import EXAMPLE_1, within
from hypothesis import example, given, settings
from hypothesis import strategies as st
from snakes_ladders import Board, BoardError, Move, Solution, min_moves, shortest_path, solve

# --------------------------------------------------------------------------- strategies


@st.composite
def boards(draw: st.DrawFn, min_n: int = 2, max_n: int = 20) -> list[list[int]]:
    """Random valid LeetCode matrices of any size, from empty to every square a jump.

    Small boards are drawn square by square, so failures shrink to a readable
    board; larger ones come from the reference's seeded generator with drawn
    density and mix of self-jumps, chained jumps, snakes and ladders.
    """
    n = draw(st.integers(min_n, max_n), label="n")
    last = n * n
    if n <= 6 and draw(st.booleans(), label="square by square"):
        mask = draw(st.lists(st.booleans(), min_size=last - 2, max_size=last - 2), label="mask")
        starts = [s for s, on in zip(range(2, last), mask, strict=False) if on]
        jumps = {
            start: draw(
                st.one_of(st.just(start), st.sampled_from(starts), st.integers(1, last)),
                label=f"end of {start}",
            )
            for start in starts
        }
    else:
        seed = draw(st.integers(0, 2**32 - 1), label="seed")
        density = draw(st.sampled_from(reference.DENSITIES) | st.floats(0, 1), label="density")
        jumps = reference.random_jumps(
            random.Random(seed),
            n,
            density,
            self_rate=draw(st.sampled_from([0.0, 0.05, 0.3]), label="self_rate"),
            chain_rate=draw(st.sampled_from([0.0, 0.15, 0.6]), label="chain_rate"),
            snake_rate=draw(st.sampled_from([0.1, 0.5, 0.9]), label="snake_rate"),
            span=draw(st.sampled_from([None, 3, 12]), label="span"),
            wall=draw(st.booleans(), label="wall"),
        )
    return reference.matrix_from_jumps(n, jumps)


# Boards worth pinning: the chaining traps and the fixtures' hardest shapes.
LADDER_ONTO_SNAKE = reference.matrix_from_jumps(5, {2: 20, 20: 3})
LADDER_ONTO_LADDER = reference.matrix_from_jumps(4, {2: 15, 15: 16})
CYCLE = reference.matrix_from_jumps(3, {2: 4, 4: 2})
ALL_SNAKES = reference.matrix_from_jumps(3, dict.fromkeys(range(2, 9), 1))
CLASSIC = reference.matrix_from_jumps(
    10,
    {4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100,
     16: 6, 48: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78},
)  # fmt: skip


def pinned(test):
    for matrix in (LADDER_ONTO_SNAKE, LADDER_ONTO_LADDER, CYCLE, ALL_SNAKES, CLASSIC, [[-1, 4], [-1, 3]]):
        test = example(matrix)(test)
    return test


# --------------------------------------------------------------------------- checks


def check_path(matrix: list[list[int]], solution: Solution, dist: list[int | None] | None = None) -> None:
    """``path`` and ``steps`` describe one legal game of ``moves`` moves."""
    if dist is None:
        dist = reference.distances(matrix)
    dest = reference.destinations(matrix)
    last = len(dest) - 1
    if solution.moves < 0:
        assert solution.path is None
        assert solution.steps == ()
        return
    path = solution.path
    assert isinstance(path, tuple)
    assert len(path) == solution.moves + 1
    assert reference.path_problem(matrix, path) is None
    # In a shortest game every square stood on is reached as early as it can be.
    assert [dist[s] for s in path] == list(range(solution.moves + 1))
    assert isinstance(solution.steps, tuple)
    assert len(solution.steps) == solution.moves
    for i, move in enumerate(solution.steps):
        assert isinstance(move, Move)
        assert (move.start, move.end) == (path[i], path[i + 1])
        assert 1 <= move.roll <= 6
        assert move.landing == move.start + move.roll <= last
        assert move.end == dest[move.landing]
        expected_jump = "ladder" if move.end > move.landing else "snake" if move.end < move.landing else None
        assert move.jump == expected_jump


def check_against_reference(matrix: list[list[int]], *, count: bool = True) -> Solution:
    """Everything ``solve`` reports, checked against the reference (``count``: paths_count too)."""
    dist = reference.distances(matrix)
    moves = -1 if dist[-1] is None else dist[-1]
    solution = solve(matrix)
    assert solution.n == len(matrix)
    assert solution.moves == moves
    assert solution.reachable == (moves >= 0)
    assert solution.distances_limit == (moves if moves >= 0 else None)
    assert solution.distances == within(dist, solution.distances_limit)
    assert solution.explored == sum(d is not None for d in solution.distances)
    check_path(matrix, solution, dist)
    if moves < 0:
        assert solution.paths_count == 0
    elif count:
        assert solution.paths_count == reference.count_rolls_exactly(matrix, moves)
    return solution


# --------------------------------------------------------------------------- fixtures


class TestFixtures:
    def test_min_moves(self, board_fixture: dict) -> None:
        assert min_moves(board_fixture["board"]) == board_fixture["moves"]

    def test_min_moves_of_board_object(self, board_fixture: dict) -> None:
        assert min_moves(Board.from_matrix(board_fixture["board"])) == board_fixture["moves"]

    def test_fixture_agrees_with_reference(self, board_fixture: dict) -> None:
        """The fixture itself: its answer, example path and count hold under the reference."""
        board = board_fixture["board"]
        assert len(board) == board_fixture.get("n", len(board))
        assert reference.least_moves(board) == board_fixture["moves"]
        if "example_path" in board_fixture:
            assert reference.path_problem(board, board_fixture["example_path"]) is None
            assert len(board_fixture["example_path"]) == board_fixture["moves"] + 1
        if "paths_count" in board_fixture:
            assert reference.count_optimal_rolls(board) == board_fixture["paths_count"]

    def test_solve(self, board_fixture: dict) -> None:
        solution = check_against_reference(board_fixture["board"])
        assert solution.moves == board_fixture["moves"]
        if "paths_count" in board_fixture:
            assert solution.paths_count == board_fixture["paths_count"]
        if "distances" in board_fixture:
            assert solution.distances == within(board_fixture["distances"], solution.distances_limit)

    def test_shortest_path(self, board_fixture: dict) -> None:
        path = shortest_path(board_fixture["board"])
        if board_fixture["moves"] < 0:
            assert path is None
        else:
            assert isinstance(path, list)
            assert len(path) == board_fixture["moves"] + 1
            assert reference.path_problem(board_fixture["board"], path) is None


# --------------------------------------------------------------------------- hand-worked boards


class TestMinMoves:
    @pytest.mark.parametrize("n", range(2, 21), ids=lambda n: f"n{n}")
    def test_empty_board(self, n: int) -> None:
        # Each move advances at most 6 squares and nothing stops a 6.
        assert min_moves(Board(n)) == math.ceil((n * n - 1) / 6)

    @pytest.mark.parametrize(
        ("n", "jumps", "moves"),
        [
            (2, {}, 1),
            (2, {2: 3}, 1),
            (2, {3: 1}, 1),
            (3, {}, 2),
            (3, {2: 9}, 1),
            (3, {7: 9}, 1),
            (3, {8: 9}, 2),
            (3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}, -1),
            (3, {2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1}, -1),  # every roll from 1 slides back
            (3, {2: 1, 3: 1, 4: 1, 5: 1, 6: 1}, 2),  # a 6 reaches 7, then a 2
            (4, {}, 3),
            (4, {8: 16}, 2),
            (6, {2: 15, 14: 35, 17: 13}, 4),
        ],
        ids=[
            "2x2-empty",
            "2x2-ladder",
            "2x2-snake",
            "3x3-empty",
            "3x3-ladder-from-2",
            "3x3-ladder-from-7",
            "3x3-ladder-from-8-useless",
            "3x3-wall",
            "3x3-snakes-2-to-7",
            "3x3-snakes-2-to-6",
            "4x4-empty",
            "4x4-ladder-from-8",
            "leetcode-example-1",
        ],
    )
    def test_hand_worked(self, n: int, jumps: dict, moves: int) -> None:
        assert min_moves(Board(n, jumps)) == moves
        assert min_moves(Board(n, jumps).to_matrix()) == moves

    def test_rejects_malformed_matrix(self) -> None:
        with pytest.raises(BoardError, match="start square"):
            min_moves([[-1, -1], [2, -1]])
        with pytest.raises(BoardError):
            min_moves([[-1]])


class TestNoChaining:
    def test_ladder_onto_snake(self) -> None:
        # 2 climbs to 20 and stops there: the snake on 20 is not taken in the same move.
        solution = solve(LADDER_ONTO_SNAKE)
        assert solution.moves == 2
        assert solution.path == (1, 20, 25)
        assert solution.distances[20] == 1
        assert solution.distances[3] == 1  # a roll of 2
        assert solution.distances[2] is None  # landing on 2 always climbs

    def test_ladder_onto_ladder(self) -> None:
        solution = solve(LADDER_ONTO_LADDER)
        assert solution.moves == 2  # a chaining solver would say 1
        assert solution.path == (1, 15, 16)
        assert [(m.roll, m.landing, m.end, m.jump) for m in solution.steps] == [(1, 2, 15, "ladder"), (1, 16, 16, None)]

    def test_ladder_onto_ladder_start_later(self) -> None:
        # 2 -> 9 and 9 -> 16 on a 4x4 board: standing on 9 after one move does not
        # climb again; the best game lands on 9 from 3 instead.
        solution = solve(Board(4, {2: 9, 9: 16}))
        assert solution.moves == 2
        assert solution.distances[9] == 1
        assert solution.distances[2] is None
        assert solution.distances[16] == 2
        # the middle square is one of 3..7, from which landing on 9 climbs to 16
        assert solution.path[0] == 1 and solution.path[1] in range(3, 8) and solution.path[2] == 16
        check_against_reference(Board(4, {2: 9, 9: 16}).to_matrix())

    def test_leetcode_illustration(self) -> None:
        # [[-1,4],[-1,3]]: landing on 2 ends on 3, not on 4.
        solution = solve([[-1, 4], [-1, 3]])
        assert solution.moves == 1
        assert solution.distances == (None, 0, None, 1, 1)
        assert solution.paths_count == 2  # roll 2 (ladder 3 -> 4) or roll 3

    def test_cycle_terminates(self) -> None:
        solution = solve(CYCLE)
        assert solution.moves == 2
        assert solution.distances[2] == 1
        assert solution.distances[4] == 1

    def test_snake_onto_ladder(self) -> None:
        # Landing on 7 slides to 2, and 2's ladder is not climbed in the same move.
        solution = solve(Board(4, {7: 2, 2: 15}))
        assert solution.distances[2] == 1
        assert solution.distances[15] == 1
        assert solution.moves == 2


class TestDistancesLimit:
    """solve stops once the answer's layer is complete: farther squares are not reported."""

    @pytest.mark.parametrize("density", [0.0, 0.002, 0.3], ids=["empty", "sparse", "dense"])
    def test_squares_past_the_answer_are_none(self, density: float) -> None:
        # A ladder from 2 to the last square: the answer is 1, yet most squares can be stood on.
        n = 30
        jumps = reference.random_jumps(random.Random(n), n, density)
        jumps = {s: t for s, t in jumps.items() if s > 7}
        jumps[2] = n * n
        matrix = reference.matrix_from_jumps(n, jumps)
        dist = reference.distances(matrix)
        solution = solve(matrix)
        assert solution.moves == 1 and solution.distances_limit == 1
        assert sum(d is not None for d in dist) > 100  # far more squares can be reached
        assert solution.distances == within(dist, 1)
        assert solution.explored == sum(d is not None for d in solution.distances) <= 8

    def test_unreachable_reports_every_square(self) -> None:
        solution = solve(Board(20, dict.fromkeys(range(100, 106), 50)))
        assert solution.distances_limit is None
        assert solution.explored == 99


class TestUnreachable:
    @pytest.mark.parametrize("n", [3, 4, 5, 10, 20], ids=lambda n: f"n{n}")
    def test_every_square_a_snake_to_one(self, n: int) -> None:
        board = Board(n, dict.fromkeys(range(2, n * n), 1))
        solution = solve(board)
        assert solution.moves == -1
        assert not solution.reachable
        assert solution.path is None
        assert solution.steps == ()
        assert solution.paths_count == 0
        assert solution.explored == 1
        assert solution.distances == (None, 0) + (None,) * (n * n - 1)
        assert shortest_path(board) is None
        assert min_moves(board) == -1

    def test_wall_of_six_snakes_on_a_big_board(self) -> None:
        board = Board(20, dict.fromkeys(range(100, 106), 50))
        solution = solve(board)
        assert solution.moves == -1
        # squares 1..99 are all stood on; 100..400 never
        assert solution.explored == 99
        assert solution.distances[99] == math.ceil(98 / 6)
        assert solution.distances[50] == math.ceil(49 / 6)
        assert all(d is None for d in solution.distances[100:])

    def test_five_snakes_are_not_a_wall(self) -> None:
        # The only way past 100..104 is a 6 from 99 to 105: 17 moves reach 99 at
        # the earliest (16 sixes stop at 97), then one to 105, then 295 squares
        # need 50 more (49 sixes stop at 399). 68, one more than the empty board.
        board = Board(20, dict.fromkeys(range(100, 105), 50))
        solution = solve(board)
        assert solution.distances[99] == 17
        assert solution.distances[105] == 18
        assert solution.moves == 68
        assert 105 in solution.path


class TestSolve:
    def test_example_1_by_hand(self) -> None:
        solution = solve(EXAMPLE_1)
        assert solution.n == 6
        assert solution.moves == 4
        assert len(solution.path) == 5
        assert solution.distances[0] is None
        assert solution.distances[1] == 0
        assert solution.distances[15] == 1
        assert solution.distances[2] is None  # a ladder start: landing there always climbs
        assert solution.distances[13] == 2
        assert solution.distances[35] == 3
        assert solution.distances[36] == 4
        assert len(solution.distances) == 37

    @pytest.mark.parametrize(
        ("n", "count"),
        [(2, 1), (3, 5)],
        ids=["2x2-only-a-3", "3x3-five-ways"],
    )
    def test_paths_count_by_hand(self, n: int, count: int) -> None:
        # 3x3: two rolls a, b with 1 + a + b = 9, both 1..6: a = 2..6.
        assert solve(Board(n)).paths_count == count

    def test_paths_count_empty_20x20(self) -> None:
        # 67 rolls must add up to 399, three short of 67 sixes: spread a deficit
        # of 3 over 67 rolls, C(67 + 3 - 1, 3) ways.
        assert solve(Board(20)).paths_count == math.comb(69, 3) == 52394

    def test_paths_count_beyond_float_precision_is_exact(self) -> None:
        matrix = reference.board_with_many_optimal_games()
        expected = reference.count_optimal_rolls(matrix)
        assert expected > 2**53
        assert solve(matrix).paths_count == expected

    def test_solution_is_frozen(self) -> None:
        solution = solve(Board(3))
        with pytest.raises(dataclasses.FrozenInstanceError):
            solution.moves = 3  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError):
            solution.steps[0].roll = 3  # type: ignore[misc]

    @pytest.mark.parametrize(
        ("move", "jump"),
        [
            (Move(start=1, roll=1, landing=2, end=15), "ladder"),
            (Move(start=15, roll=2, landing=17, end=13), "snake"),
            (Move(start=1, roll=3, landing=4, end=4), None),
        ],
        ids=["ladder", "snake", "plain"],
    )
    def test_move_jump(self, move: Move, jump: str | None) -> None:
        assert move.jump == jump

    def test_self_jump_is_a_plain_move(self) -> None:
        solution = solve(Board(3, {s: s for s in range(2, 9)}))
        assert solution.moves == 2
        assert all(m.jump is None for m in solution.steps)
        assert solution.paths_count == 5  # same as the empty 3x3 board

    def test_accepts_board_or_matrix(self) -> None:
        board = Board(5, {2: 20, 20: 3})
        assert solve(board) == solve(board.to_matrix())

    def test_shortest_path_is_a_list(self) -> None:
        assert shortest_path(Board(3, {2: 8})) == [1, 8, 9]


# --------------------------------------------------------------------------- properties


class TestAgainstReference:
    @given(boards())
    @pinned
    def test_moves(self, matrix: list[list[int]]) -> None:
        expected = reference.least_moves(matrix)
        assert min_moves(matrix) == expected
        assert min_moves(Board.from_matrix(matrix)) == expected
        assert solve(matrix).moves == expected

    @given(boards())
    @pinned
    def test_path_and_steps(self, matrix: list[list[int]]) -> None:
        solution = solve(matrix)
        assert solution.moves == reference.least_moves(matrix)
        check_path(matrix, solution)
        path = shortest_path(matrix)
        assert path == (list(solution.path) if solution.path is not None else None)

    @given(boards())
    @pinned
    def test_distances(self, matrix: list[list[int]]) -> None:
        """Distances up to the answer (all of them when the last square is unreachable)."""
        dist = reference.distances(matrix)
        solution = solve(matrix)
        assert solution.distances_limit == (dist[-1] if dist[-1] is not None else None)
        assert solution.distances == within(dist, solution.distances_limit)
        assert solution.explored == sum(d is not None for d in solution.distances)

    @given(boards(max_n=4))
    @pinned
    def test_paths_count_brute_force_small_boards(self, matrix: list[list[int]]) -> None:
        moves = reference.least_moves(matrix)
        count = solve(matrix).paths_count
        if moves < 0:
            assert count == 0
        elif moves <= reference.BRUTE_FORCE_MAX_MOVES:
            assert count == reference.count_optimal_rolls_brute(matrix, moves)
        else:
            assert count == reference.count_rolls_exactly(matrix, moves)

    @given(boards())
    @pinned
    def test_paths_count(self, matrix: list[list[int]]) -> None:
        moves = reference.least_moves(matrix)
        count = solve(matrix).paths_count
        if moves < 0:
            assert count == 0
        elif moves <= 4:
            assert count == reference.count_optimal_rolls_brute(matrix, moves)
        else:
            assert count == reference.count_rolls_exactly(matrix, moves)

    @settings(max_examples=300)
    @given(boards())
    @pinned
    def test_everything(self, matrix: list[list[int]]) -> None:
        check_against_reference(matrix)


class TestReferenceSelfCheck:
    """The two ways of counting in the reference agree, so either can judge the package."""

    @given(boards(max_n=4))
    def test_brute_force_and_forward_count_agree(self, matrix: list[list[int]]) -> None:
        moves = reference.least_moves(matrix)
        if 0 <= moves <= reference.BRUTE_FORCE_MAX_MOVES:
            assert reference.count_optimal_rolls_brute(matrix, moves) == reference.count_rolls_exactly(matrix, moves)
        # one move short never reaches the end
        if moves > 0:
            assert reference.count_rolls_exactly(matrix, moves - 1) == 0


SEEDED_BOARDS = 10_000


def test_seeded_random_boards() -> None:
    """10,000 random boards of every size 2..20 and every density, fully checked."""
    rng = random.Random(909)
    sizes = set()
    unreachable = 0
    for i in range(SEEDED_BOARDS):
        matrix = reference.random_board(rng, n=2 + i % 19)
        try:
            # counting is the slow part of the reference: do it on every 4th board
            solution = check_against_reference(matrix, count=i % 4 == 0)
        except AssertionError as error:
            raise AssertionError(f"board #{i}: {matrix}") from error
        sizes.add(solution.n)
        unreachable += solution.moves < 0
    assert sizes == set(range(2, 21))
    assert 0 < unreachable < SEEDED_BOARDS / 2  # the mix covers both outcomes
