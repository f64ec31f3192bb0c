"""The LeetCode search explained: layers, optimal counts and the wall, against solve and the reference."""

from __future__ import annotations

import random

import pytest
import reference
from helpers import EXAMPLE_1, within
from hypothesis import example, given
from hypothesis import strategies as st
from snakes_ladders.board import Board, BoardError
from snakes_ladders.solver.explanation import Arrival, Wall, explain
from snakes_ladders.solver.solution import solve


def check_explanation(matrix: list[list[int]]) -> None:
    """Everything an explanation claims, checked against the reference model."""
    e = explain(matrix)
    dist = reference.distances(matrix)
    dest = reference.destinations(matrix)
    last = len(dest) - 1
    assert list(e.distances) == dist
    assert e.moves == reference.least_moves(matrix)
    assert e.paths_count == reference.count_optimal_rolls(matrix)

    # Layer k holds exactly the squares at distance k, in order; together they are the squares reached.
    assert [layer.move for layer in e.layers] == list(range(len(e.layers)))
    for layer in e.layers:
        assert list(layer.squares) == [s for s in range(1, last + 1) if dist[s] == layer.move]
        assert layer.squares == tuple(sorted(layer.squares))
    assert e.reached == tuple(s for s in range(1, last + 1) if dist[s] is not None)
    assert sum(len(layer.squares) for layer in e.layers) == len(e.reached)

    # Arrivals: every legal move from layer k - 1 that ends in layer k, and only those.
    for previous, layer in zip(e.layers, e.layers[1:], strict=False):
        expected = [
            (start, roll)
            for start in previous.squares
            if start != last
            for roll in range(1, 7)
            if start + roll <= last and dist[dest[start + roll]] == layer.move
        ]
        assert [(a.start, a.roll) for a in layer.arrivals] == expected
        for a in layer.arrivals:
            assert a.landing == a.start + a.roll
            assert a.end == dest[a.landing]
        assert {a.end for a in layer.arrivals} == set(layer.squares)
    # Ways: roll sequences of k rolls that stand on the square after the k-th, counted forward.
    ways = {1: 1}
    for layer in e.layers:
        assert layer.ways == tuple(ways.get(square, 0) for square in layer.squares)
        after: dict[int, int] = {}
        for square, count in ways.items():
            if square != last:  # the game is over on the last square
                for end in dest[square + 1 : square + 7]:
                    after[end] = after.get(end, 0) + count
        ways = after

    if e.moves >= 0:
        assert e.wall is None
        assert e.layers[e.moves].ways[e.layers[e.moves].squares.index(last)] == e.paths_count
        return
    # The wall: the six squares after the furthest reached square, all snakes back to reached squares.
    wall = e.wall
    assert wall is not None
    assert wall.furthest == max(e.reached)
    assert wall.squares == tuple(range(wall.furthest + 1, wall.furthest + 7))
    assert wall.squares[-1] < last
    assert wall.ends == tuple(dest[s] for s in wall.squares)
    assert all(end <= wall.furthest for end in wall.ends)
    assert all(end in e.reached for end in wall.ends)


class TestHandWorked:
    def test_leetcode_example_1(self) -> None:
        """Ladders 2 -> 15, 14 -> 35, snake 17 -> 13.  Move 1 from square 1: rolls 1..6 land on 2..7,
        and 2 climbs to 15, so layer 1 is 3..7 and 15.  Move 2 reaches 8..13 from 7 and the squares
        after 15 (16, 18..21; 17 slides to 13).  Move 3 climbs 14 -> 35; move 4 rolls 1 from 35 to 36."""
        e = explain(EXAMPLE_1)
        assert e.moves == 4
        assert e.layers[0].squares == (1,) and e.layers[0].ways == (1,) and e.layers[0].arrivals == ()
        assert e.layers[1].squares == (3, 4, 5, 6, 7, 15)
        assert e.layers[1].arrivals[0] == Arrival(start=1, roll=1, landing=2, end=15)
        assert e.layers[1].arrivals[0].jump == "ladder"
        assert e.layers[1].ways == (1, 1, 1, 1, 1, 1)
        assert e.layers[2].squares == (8, 9, 10, 11, 12, 13, 16, 18, 19, 20, 21)
        assert 35 in e.layers[3].squares and 36 in e.layers[4].squares
        assert e.paths_count == 21 and e.wall is None

    def test_first_reached_by_a_snake(self) -> None:
        """5×5, ladder 2 -> 20, snake 22 -> 17.  Plain moves reach 17 at move 3 at the earliest
        (1 -> 7 -> 13 -> 17), but 1 -(1)-> 2 => 20 -(2)-> 22 => 17 stands on it after two."""
        e = explain(Board(5, {2: 20, 22: 17}))
        assert e.distances[17] == 2
        arrivals = [a for a in e.layers[2].arrivals if a.end == 17]
        assert arrivals == [Arrival(start=20, roll=2, landing=22, end=17)]
        assert arrivals[0].jump == "snake"
        assert e.layers[2].ways[e.layers[2].squares.index(17)] == 1

    def test_unreachable_3x3(self) -> None:
        """Squares 3..8 slide to 1: only 1 and 2 are ever stood on; the wall is 3..8."""
        e = explain(Board(3, dict.fromkeys(range(3, 9), 1)))
        assert e.moves == -1 and e.paths_count == 0
        assert e.reached == (1, 2)
        assert e.wall == Wall(furthest=2, squares=(3, 4, 5, 6, 7, 8), ends=(1, 1, 1, 1, 1, 1))

    def test_unreachable_wall_6x6_fixture(self) -> None:
        """Snakes on 20..25 (to 2, 5, 10, 12, 15, 19), ladder 3 -> 18: the furthest square is 19."""
        e = explain(Board(6, {20: 2, 21: 5, 22: 10, 23: 12, 24: 15, 25: 19, 3: 18, 17: 4}))
        assert e.wall == Wall(furthest=19, squares=(20, 21, 22, 23, 24, 25), ends=(2, 5, 10, 12, 15, 19))

    def test_a_ladder_over_a_wall_is_no_wall(self) -> None:
        board = Board(6, {20: 2, 21: 5, 22: 10, 23: 12, 24: 15, 25: 19, 3: 30})
        e = explain(board)
        assert e.moves == solve(board).moves > 0 and e.wall is None


class TestAgainstTheReference:
    def test_fixtures(self, board_fixture: dict) -> None:
        check_explanation(board_fixture["board"])

    @given(st.integers(0, 2**32 - 1))
    @example(3)
    def test_random_boards(self, seed: int) -> None:
        rng = random.Random(seed)
        check_explanation(reference.random_board(rng, n=rng.randint(2, 12)))

    @given(st.integers(0, 2**32 - 1))
    def test_walled_boards(self, seed: int) -> None:
        """Boards with six consecutive snakes somewhere, so that many are unreachable."""
        rng = random.Random(seed)
        n = rng.randint(3, 10)
        check_explanation(reference.matrix_from_jumps(n, reference.random_jumps(rng, n, 0.2, wall=True)))

    @given(st.integers(0, 2**32 - 1))
    def test_layers_agree_with_solve(self, seed: int) -> None:
        matrix = reference.random_board(random.Random(seed))
        e, s = explain(matrix), solve(matrix)
        assert within(list(e.distances), s.distances_limit) == s.distances
        assert e.moves == s.moves and e.paths_count == s.paths_count
        assert len(e.reached) == sum(d is not None for d in e.distances)
        for layer in e.layers:
            assert all(e.distances[q] == layer.move for q in layer.squares)
            if s.distances_limit is None or layer.move <= s.distances_limit:
                assert all(s.distances[q] == layer.move for q in layer.squares)


class TestArguments:
    def test_matrix_or_board(self) -> None:
        matrix = [[-1, -1], [-1, 3]]
        assert explain(matrix) == explain(Board.from_matrix(matrix))

    def test_bad_matrix(self) -> None:
        with pytest.raises(BoardError) as caught:
            explain([[-1, -1], [3, -1]])
        assert str(caught.value) == "square 1 (row 1, column 0): the start square cannot hold a snake or ladder"

    def test_board_with_a_start_jump(self) -> None:
        with pytest.raises(ValueError) as caught:
            explain(Board(2, {1: 3}, allow_start_jump=True))
        assert str(caught.value) == "the LeetCode search starts on square 1, which must not hold a jump"
