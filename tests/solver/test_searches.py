"""The searches against the textbook search and the independent reference.

Every search in ``snakes_ladders.solver.searches`` must give exactly what breadth-first search
gives: the least number of moves (each search, and the choice between them), and for the
runner search a legal game that is a shortest one, and the distance of every square.  It is checked against ``reference`` (Bellman-Ford, its own
numbering) on Hypothesis boards, against the package's plain breadth-first
search (``solve._search``) on 10,000 seeded boards and on shapes chosen to reach
each part of the runner search, and on boards up to 1000×1000.  The C-speed reading of
matrices in ``board.check_matrix`` is checked here too.
"""

from __future__ import annotations

import enum
import itertools
import math
import random

import pytest
import reference
from helpers import within
from hypothesis import given, settings
from snakes_ladders import Board, BoardError, min_moves, shortest_path, solve
from snakes_ladders.board import check_matrix
from snakes_ladders.solver import searches
from snakes_ladders.solver.searches import SEARCHES, Search, layered, upward
from snakes_ladders.solver.solution import _search
from test_solve import boards, pinned

# --------------------------------------------------------------------------- helpers


def bfs(n: int, jumps: dict[int, int]) -> tuple[list[int], list[int | None]]:
    """``cells`` and the distances of the textbook search (None where never stood on)."""
    cells = [-1] * (n * n + 1)
    for start, end in jumps.items():
        cells[start] = end
    dist = _search(cells)[0]
    return cells, [None] + [d if d >= 0 else None for d in dist[1:]]


def board_of(n: int, jumps: dict[int, int]) -> Board:
    """The board of these jumps (a jump on square 1, never taken, allowed)."""
    return Board(n, jumps, allow_start_jump=True)


def answer(dist: list[int | None]) -> int:
    """LeetCode's answer from ``bfs``'s distances: the last square's, or -1 when it is never reached."""
    return dist[-1] if dist[-1] is not None else -1


def check_game(cells: list[int], dist: list[int | None], moves: int, found: tuple[list[int], list[int]] | None) -> None:
    """``found`` is a legal game of ``moves`` moves, each square stood on at its least distance."""
    last = len(cells) - 1
    if moves < 0:
        assert found is None
        return
    squares, landings = found
    assert len(squares) == moves + 1 and len(landings) == moves
    assert squares[0] == 1 and squares[-1] == last
    for i, (a, b, landing) in enumerate(zip(squares, squares[1:], landings, strict=False)):
        assert dist[a] == i, f"square {a} is stood on after {i} moves but its distance is {dist[a]}"
        assert a < landing <= min(a + 6, last)
        assert (cells[landing] if cells[landing] != -1 else landing) == b
    assert dist[last] == moves


def check_searches(n: int, jumps: dict[int, int], *, bits: bool = True) -> bool:
    """The runner search, stopped at the answer and run to the end, agrees with breadth-first
    search; so do the plain search, the upward pass (or it declines a board with a snake), and
    with ``bits`` the bit-set search and the choice between the searches.

    Returns whether the last square is reachable."""
    cells, dist = bfs(n, jumps)
    moves = answer(dist)
    board = board_of(n, jumps)
    if bits:
        assert layered.min_moves(board, n * n) == layered.min_moves(board) == moves
        assert layered.min_moves(board, max(moves - 1, 0)) in ((None,) if moves > 0 else (None, -1, 0))
        assert searches.min_moves(board) == moves
    snakes = any(t < s for s, t in jumps.items() if s != 1)
    assert upward.min_moves(board) == (None if snakes else moves)
    assert SEARCHES["plain"](board) == SEARCHES["runner"](board) == moves
    search = Search(n, jumps)
    assert search.run() == moves
    found = search.path()
    check_game(cells, dist, moves, found)
    assert search.distances() == dist
    assert search.moves == moves
    return moves >= 0


# --------------------------------------------------------------------------- against the reference


class TestAgainstReference:
    @settings(max_examples=150)
    @given(boards())
    @pinned
    def test_moves_path_and_distances(self, matrix: list[list[int]]) -> None:
        n = len(matrix)
        jumps = reference.jumps_of(matrix)
        dist = reference.distances(matrix)
        moves = -1 if dist[-1] is None else dist[-1]
        board = Board.from_matrix(matrix)
        for name, each in SEARCHES.items():
            snakes = name == "upward" and any(t < s for s, t in jumps.items())
            assert each(board) == (None if snakes else moves), name
        search = Search(n, jumps)
        assert search.run() == moves
        found = search.path()
        if moves < 0:
            assert found is None
        else:
            squares, landings = found
            assert reference.path_problem(matrix, squares) is None
            assert [dist[s] for s in squares] == list(range(moves + 1))
            dest = reference.destinations(matrix)
            assert [dest[landing] for landing in landings] == squares[1:]
        assert search.distances() == dist

    @settings(max_examples=100)
    @given(boards(max_n=8))
    def test_wiring(self, matrix: list[list[int]]) -> None:
        """min_moves, shortest_path and solve all answer from the searches, consistently."""
        solution = solve(matrix)
        assert min_moves(matrix) == solution.moves == reference.least_moves(matrix)
        path = shortest_path(matrix)
        assert path == (list(solution.path) if solution.path is not None else None)
        assert solution.distances == within(reference.distances(matrix), solution.distances_limit)


SEEDED_BOARDS = 10_000


def seeded_board(rng: random.Random, n: int) -> dict[int, int]:
    """Random jumps with a random density, mix and reach (the reference's generator)."""
    density = rng.choice(reference.DENSITIES) if rng.random() < 0.6 else rng.random() ** 2
    return reference.random_jumps(
        rng,
        n,
        density,
        self_rate=rng.choice((0.0, 0.05, 0.3)),
        chain_rate=rng.choice((0.0, 0.15, 0.6)),
        snake_rate=rng.choice((0.1, 0.5, 0.9)),
        span=rng.choice((None, None, 3, 12, 60)),
        wall=rng.random() < 0.15,
    )


def test_seeded_random_boards() -> None:
    """10,000 random boards of every size 2..40 and density: moves, game and distances."""
    rng = random.Random(9090)
    reached = 0
    for i in range(SEEDED_BOARDS):
        n = 2 + i % 39
        jumps = seeded_board(rng, n)
        try:
            reached += check_searches(n, jumps, bits=i % 4 == 0)
        except AssertionError as error:
            raise AssertionError(f"board #{i}: n={n}, jumps={jumps}") from error
    assert 0 < reached < SEEDED_BOARDS  # both outcomes are covered


@pytest.mark.parametrize("chunk_bits", [3, 5])
def test_layered_across_chunks(chunk_bits: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bit-set search cuts its sets into chunks; with chunks of 8 or 32 squares every small
    board crosses many chunk edges (windows, jump ends and the last square in other chunks)."""
    monkeypatch.setattr(layered, "_CHUNK_BITS", chunk_bits)
    rng = random.Random(chunk_bits)
    for i in range(2000):
        n = 2 + i % 39
        jumps = seeded_board(rng, n)
        _, dist = bfs(n, jumps)
        moves = answer(dist)
        board = board_of(n, jumps)
        assert layered.min_moves(board, n * n) == moves, f"board #{i}: n={n}, jumps={jumps}"
        if moves > 0:
            assert layered.min_moves(board, moves - 1) is None


def snake_free_board(rng: random.Random, n: int) -> dict[int, int]:
    """Ladders only (and squares whose jump ends where it starts), with the shapes that
    stress the upward pass: lone ladders far apart, clusters closer than seven squares,
    walls of six starts, ladders onto ladders and onto the last square."""
    last = n * n
    density = rng.random() ** 2
    reach = rng.choice((1, 3, 7, 12, 100, last))
    jumps = {s: rng.randint(s, min(last, s + reach)) for s in range(2, last) if rng.random() < density}
    if rng.random() < 0.2:  # a wall: six or so starts in a row
        w = rng.randint(2, max(2, last - 8))
        jumps.update({s: rng.randint(s, last) for s in range(w, min(last, w + rng.randint(5, 7)))})
    if rng.random() < 0.2:  # ladders onto other ladders' starts
        for s in list(jumps)[: rng.randint(0, 5)]:
            later = [u for u in jumps if u > s]
            if later:
                jumps[s] = rng.choice(later)
    return jumps


def test_sweep_snake_free_boards() -> None:
    """10,000 boards without snakes: the upward pass (point 7) against breadth-first search."""
    rng = random.Random(4242)
    reached = 0
    for i in range(SEEDED_BOARDS):
        n = 2 + i % 39
        jumps = snake_free_board(rng, n)
        _, dist = bfs(n, jumps)
        moves = answer(dist)
        assert upward.min_moves(board_of(n, jumps)) == moves, f"board #{i}: n={n}, jumps={jumps}"
        reached += moves >= 0
    # Every move goes up by at least one square, so without snakes the last square is always reached.
    assert reached == SEEDED_BOARDS


def test_sweep_declines_snakes() -> None:
    """A snake anywhere (but on square 1, never taken) sends the board to the other searches."""
    assert upward.min_moves(board_of(10, {50: 40})) is None
    assert upward.min_moves(board_of(10, {1: 40, 50: 60})) == upward.min_moves(board_of(10, {50: 60}))
    assert upward.min_moves(board_of(10, {50: 60})) == min_moves(Board(10, {50: 60}))
    assert upward.min_moves(board_of(10, {30: 30})) == 17  # a jump onto its own square is a plain square


# --------------------------------------------------------------------------- shapes


def snake_maze(n: int, every: int, rng: random.Random) -> dict[int, int]:
    return {s: s - rng.randint(1, every - 1) for s in range(every, n * n, every)}


def ladder_field(n: int, every: int, reach: int, rng: random.Random) -> dict[int, int]:
    return {s: min(n * n, s + rng.randint(reach // 2, reach)) for s in range(every, n * n, every)}


def shapes() -> list[tuple[str, int, dict[int, int]]]:
    rng = random.Random(7)
    out: list[tuple[str, int, dict[int, int]]] = []
    out.append(("empty-97", 97, {}))
    out.append(("one-far-ladder", 80, {3: 6000}))
    out.append(("long-runs-few-jumps", 90, {100: 7000, 4000: 50, 7500: 8000, 8090: 2}))
    for every in (2, 3, 5, 6, 7, 9, 12):
        out.append((f"snake-maze-{every}", 60, snake_maze(60, every, rng)))
    for every, reach in ((7, 40), (13, 300), (50, 1000), (50, 200)):
        out.append((f"ladder-field-{every}-{reach}", 80, ladder_field(80, every, reach, rng)))
    out.append(("wall-of-six", 40, dict.fromkeys(range(700, 706), 100)))
    out.append(("wall-with-ladder-over", 40, {**dict.fromkeys(range(700, 706), 100), 650: 900}))
    out.append(("wall-of-five", 40, dict.fromkeys(range(700, 705), 100)))
    out.append(("snakes-on-every-sixth", 50, {s: s - 3 for s in range(6, 2500, 6)}))
    out.append(("chained-ladders", 30, {2: 50, 50: 400, 400: 899, 10: 2, 60: 10}))
    out.append(("jump-cycle", 30, {5: 600, 600: 5, 601: 5, 602: 601}))
    out.append(("self-jumps", 40, {s: s for s in range(2, 1600, 3)}))
    out.append(("ladders-onto-last", 40, dict.fromkeys(range(2, 1600, 97), 1600)))
    out.append(("snakes-to-one", 40, dict.fromkeys(range(2, 1600, 5), 1)))
    # Ladders from early squares into the path of long runs: claims get cut.
    for seed in range(6):
        r = random.Random(seed)
        n = r.randint(40, 110)
        last = n * n
        jumps = {r.randint(2, 300): r.randint(300, last) for _ in range(r.randint(5, 60))}
        jumps.update({r.randint(2, last - 1): r.randint(1, last) for _ in range(r.randint(0, 40))})
        jumps.pop(last, None)
        out.append((f"ladders-ahead-{seed}", n, jumps))
    return out


SHAPES = shapes()


@pytest.mark.parametrize(("n", "jumps"), [(n, j) for _, n, j in SHAPES], ids=[name for name, _, _ in SHAPES])
def test_shapes(n: int, jumps: dict[int, int]) -> None:
    check_searches(n, jumps)


def test_jump_on_square_one_is_never_taken() -> None:
    """Play starts on square 1, so a jump there (allowed for other rules) changes nothing."""
    board = Board(10, {1: 90, 30: 70}, allow_start_jump=True)
    assert min_moves(board) == min_moves(Board(10, {30: 70}))
    assert solve(board).distances == solve(Board(10, {30: 70})).distances


# --------------------------------------------------------------------------- large boards


class TestLargeBoards:
    def test_empty_1000(self) -> None:
        n = 1000
        last = n * n
        search = Search(n, {})
        moves = math.ceil((last - 1) / 6)
        assert search.run() == moves
        squares, landings = search.path()
        assert squares[0] == 1 and squares[-1] == last and len(squares) == moves + 1
        assert all(0 < b - a <= 6 for a, b in itertools.pairwise(squares))
        assert landings == squares[1:]
        dist = search.distances()
        assert dist[1] == 0 and dist[last] == moves
        assert all(dist[s] == math.ceil((s - 1) / 6) for s in range(2, last + 1, 997))

    @pytest.mark.parametrize(
        ("shape", "n"),
        [("random-1%", 1000), ("snake-maze", 1000), ("ladder-field", 1000), ("random-30%", 400)],
        ids=["random-1%", "snake-maze", "ladder-field", "random-30%"],
    )
    def test_against_bfs(self, shape: str, n: int) -> None:
        rng = random.Random(shape)
        if shape == "random-1%":
            jumps = reference.random_jumps(rng, n, 0.01)
        elif shape == "random-30%":
            jumps = reference.random_jumps(rng, n, 0.3)
        elif shape == "snake-maze":
            jumps = snake_maze(n, 9, rng)
        else:
            jumps = ladder_field(n, 50, 1000, rng)
        cells, dist = bfs(n, jumps)
        moves = answer(dist)
        board = board_of(n, jumps)
        assert searches.min_moves(board) == moves
        if shape.startswith("random"):
            assert layered.min_moves(board, 10**6) == moves
        if shape == "ladder-field":
            assert upward.min_moves(board) == moves
        search = Search(n, jumps)
        assert search.run() == moves
        check_game(cells, dist, moves, search.path())
        if shape in ("snake-maze", "random-1%"):
            assert search.distances() == dist

    def test_solve_300(self) -> None:
        """solve on a large board: the same answer, game and distances, and exact counts."""
        n = 300
        rng = random.Random(300)
        jumps = reference.random_jumps(rng, n, 0.02, span=400)
        board = Board(n, jumps)
        cells, dist = bfs(n, jumps)
        solution = solve(board)
        assert solution.moves == dist[-1]
        assert solution.distances == within(dist, solution.moves)
        assert solution.explored == sum(d is not None for d in solution.distances)
        assert list(solution.path) == shortest_path(board)
        # Counting by the textbook method: in breadth-first order, along shortest moves.
        _, _, order = _search(cells)
        counts = [0] * len(cells)
        counts[1] = 1
        for square in order:
            if square == len(cells) - 1:
                continue
            for landing in range(square + 1, min(square + 6, len(cells) - 1) + 1):
                end = cells[landing] if cells[landing] != -1 else landing
                if dist[end] == dist[square] + 1:
                    counts[end] += counts[square]
        assert solution.paths_count == counts[-1] > 0


# --------------------------------------------------------------------------- reading matrices at C speed


def spoiled(rng: random.Random, n: int, density: float) -> list[list[int]]:
    return reference.matrix_from_jumps(n, reference.random_jumps(rng, n, density))


class TestMatrixReading:
    """check_matrix reads rows of -1, sparse rows and dense rows by different routes."""

    @pytest.mark.parametrize("density", [0.0, 0.001, 0.01, 0.05, 0.3, 0.9])
    def test_jumps_found(self, density: float) -> None:
        rng = random.Random(int(density * 1000))
        for n in (2, 7, 33, 160, 400):
            matrix = spoiled(rng, n, density)
            jumps: dict[int, int] = {}
            assert check_matrix(matrix, jumps=jumps) == n
            assert jumps == reference.jumps_of(matrix)
            assert list(jumps) == sorted(jumps)
            assert Board.from_matrix(matrix) == Board(n, jumps)

    @pytest.mark.parametrize("density", [0.0, 0.002, 0.03, 0.3])
    @pytest.mark.parametrize("bad", [-1.0, 0, -2, True, None, "x", 10**9], ids=repr)
    def test_lowest_fault_on_a_large_board(self, density: float, bad: object) -> None:
        rng = random.Random(f"{density}{bad!r}")
        n = 200
        matrix = spoiled(rng, n, density)
        squares = sorted(rng.sample(range(2, n * n), 3))
        for square in squares:
            row, column = reference.cell_of(square, n)
            matrix[row][column] = bad
        row, column = reference.cell_of(squares[0], n)
        with pytest.raises(BoardError) as caught:
            Board.from_matrix(matrix)
        assert (caught.value.row, caught.value.column, caught.value.square) == (row, column, squares[0])

    def test_int_subclass_equal_to_minus_one_reads_as_empty(self) -> None:
        """The one deliberate change: rows are summed, not typed cell by cell, so an
        IntEnum member equal to -1 is read as the -1 it equals."""

        class Cell(enum.IntEnum):
            EMPTY = -1

        matrix = [[-1, -1, -1], [-1, Cell.EMPTY, -1], [-1, 8, -1]]
        assert Board.from_matrix(matrix).jumps == {2: 8}
        with pytest.raises(BoardError, match=r"expected an integer, got -1\.0 \(float\)"):
            Board.from_matrix([[-1, -1, -1], [-1, -1.0, -1], [-1, 8, -1]])
