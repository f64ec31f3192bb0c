"""A slow, simple, independent model of LeetCode 909 for the tests to check against.

Nothing here imports ``snakes_ladders``.  The numbering is produced by walking
the board cell by cell, the distances by Bellman-Ford relaxation (sweep every
square, lower every successor, repeat until a sweep changes nothing), and the
number of optimal roll sequences either by plain enumeration or by a forward
count over move numbers.  None of it shares structure with the package's
breadth-first search, so a bug would have to be made twice to go unnoticed.

>>> walk_numbering(2)
[None, (1, 0), (1, 1), (0, 1), (0, 0)]
>>> least_moves([[-1, -1], [-1, 3]])
1
"""

from __future__ import annotations

import itertools
import random
from functools import cache

DIE = (1, 2, 3, 4, 5, 6)


# --------------------------------------------------------------------------- numbering


@cache
def _walk(n: int) -> tuple[tuple[int, int], ...]:
    cells = []
    row, column, heading = n - 1, 0, +1
    for _ in range(n * n):
        cells.append((row, column))
        if 0 <= column + heading < n:
            column += heading
        else:  # end of a row: climb one row and turn round
            row -= 1
            heading = -heading
    return tuple(cells)


def walk_numbering(n: int) -> list[tuple[int, int] | None]:
    """``cells[s]`` is the (row, column) of square s, row 0 at the top; ``cells[0]`` is None."""
    return [None, *_walk(n)]


def cell_of(square: int, n: int) -> tuple[int, int]:
    return _walk(n)[square - 1]


def square_of(row: int, column: int, n: int) -> int:
    return _walk(n).index((row, column)) + 1


# --------------------------------------------------------------------------- boards


def destinations(matrix: list[list[int]]) -> list[int]:
    """``dest[s]``: where a move that lands on s ends (s itself when the square is -1)."""
    n = len(matrix)
    dest = [0] * (n * n + 1)
    for square, (row, column) in enumerate(_walk(n), start=1):
        value = matrix[row][column]
        dest[square] = square if value == -1 else value
    return dest


def jumps_of(matrix: list[list[int]]) -> dict[int, int]:
    n = len(matrix)
    return {
        square: matrix[row][column]
        for square, (row, column) in enumerate(_walk(n), start=1)
        if matrix[row][column] != -1
    }


def matrix_from_jumps(n: int, jumps: dict[int, int]) -> list[list[int]]:
    matrix = [[-1] * n for _ in range(n)]
    for start, end in jumps.items():
        row, column = cell_of(start, n)
        matrix[row][column] = end
    return matrix


def one_move(dest: list[int], square: int) -> dict[int, list[int]]:
    """Where one move from ``square`` can end: ``{end: [rolls that get there]}``."""
    last = len(dest) - 1
    ends: dict[int, list[int]] = {}
    for roll in DIE:
        if square + roll <= last:
            ends.setdefault(dest[square + roll], []).append(roll)
    return ends


# --------------------------------------------------------------------------- distances


def distances(matrix: list[list[int]]) -> list[int | None]:
    """``dist[s]``: least moves to stand on square s, None if never (``dist[0]`` is None)."""
    dest = destinations(matrix)
    last = len(dest) - 1
    successors = [set(dest[s + 1 : s + 7]) for s in range(last + 1)]  # slices stop at the last square
    dist: list[int | None] = [None] * (last + 1)
    dist[1] = 0
    changed = True
    while changed:
        changed = False
        for square in range(1, last):  # nothing moves on from the last square
            here = dist[square]
            if here is None:
                continue
            for end in successors[square]:
                there = dist[end]
                if there is None or there > here + 1:
                    dist[end] = here + 1
                    changed = True
    return dist


def least_moves(matrix: list[list[int]]) -> int:
    answer = distances(matrix)[-1]
    return -1 if answer is None else answer


# --------------------------------------------------------------------------- counting


BRUTE_FORCE_MAX_MOVES = 7


def count_optimal_rolls_brute(matrix: list[list[int]], moves: int) -> int:
    """Enumerate every sequence of ``moves`` rolls and count those that finish on n².

    Exponential (6**moves leaves at most); refuses more than BRUTE_FORCE_MAX_MOVES.
    """
    if moves > BRUTE_FORCE_MAX_MOVES:
        raise ValueError(f"{moves} moves is too many to enumerate")
    dest = destinations(matrix)
    last = len(dest) - 1
    found = 0
    rolls: list[int] = []

    def play(square: int) -> None:
        nonlocal found
        if len(rolls) == moves:
            found += square == last
            return
        if square == last:  # the game is over: no longer sequence continues
            return
        for roll in DIE:
            if square + roll > last:
                break
            rolls.append(roll)
            play(dest[square + roll])
            rolls.pop()

    play(1)
    return found


def count_rolls_exactly(matrix: list[list[int]], moves: int) -> int:
    """Roll sequences of exactly ``moves`` moves that first reach n² on the last move.

    Counts forward: ``ways[s]`` is how many sequences of k rolls stand on s.
    """
    dest = destinations(matrix)
    last = len(dest) - 1
    ways = {1: 1}
    for _ in range(moves):
        after: dict[int, int] = {}
        for square, count in ways.items():
            if square == last:
                continue
            for end in dest[square + 1 : square + 7]:  # one entry per roll that stays on the board
                after[end] = after.get(end, 0) + count
        ways = after
    return ways.get(last, 0)


def count_optimal_rolls(matrix: list[list[int]]) -> int:
    moves = least_moves(matrix)
    return 0 if moves < 0 else count_rolls_exactly(matrix, moves)


# --------------------------------------------------------------------------- checking a path


def path_problem(matrix: list[list[int]], path: list[int] | tuple[int, ...]) -> str | None:
    """Why ``path`` is not a legal game from 1 to n², or None when it is."""
    dest = destinations(matrix)
    last = len(dest) - 1
    if not path or path[0] != 1:
        return "does not start on square 1"
    if path[-1] != last:
        return f"does not end on square {last}"
    if last in path[:-1]:
        return "stands on the last square before the end"
    for a, b in itertools.pairwise(path):
        if b not in one_move(dest, a):
            return f"no single move takes square {a} to square {b}"
    return None


# --------------------------------------------------------------------------- random boards


def random_jumps(
    rng: random.Random,
    n: int,
    density: float = 0.0,
    *,
    self_rate: float = 0.05,
    chain_rate: float = 0.15,
    snake_rate: float = 0.5,
    span: int | None = None,
    wall: bool = False,
    allow_start_jump: bool = False,
    snakes: int | None = None,
    ladders: int | None = None,
) -> dict[int, int]:
    """A random valid set of jumps: each inner square gets one with chance ``density``.

    A jump goes to its own square with chance ``self_rate``, onto another jump's
    start with chance ``chain_rate``, otherwise down (``snake_rate``) or up, at
    most ``span`` squares away when given.  With ``wall``, six consecutive
    squares somewhere also get snakes, which blocks the board unless a ladder
    climbs over them.  With ``allow_start_jump``, square 1 may hold one too (the
    classic start, off the board).  With ``snakes`` and ``ladders``, exactly that
    many of each instead, none to its own square (chains and shared ends allowed).
    """
    if snakes is not None or ladders is not None:
        return _counted_jumps(rng, n, snakes or 0, ladders or 0)
    last = n * n
    starts = [s for s in range(1 if allow_start_jump else 2, last) if rng.random() < density]
    jumps: dict[int, int] = {}
    if wall and last >= 9:
        first = rng.randint(3, last - 6)
        for start in range(first, first + 6):
            jumps[start] = rng.randint(1, first - 1)
        starts = [s for s in starts if s not in jumps]
    for start in starts:
        pick = rng.random()
        if pick < self_rate:
            end = start
        elif pick < self_rate + chain_rate and len(starts) > 1:
            end = rng.choice(starts)
        else:
            reach = span or last
            if rng.random() < snake_rate:
                end = rng.randint(max(1, start - reach), start)
            else:
                end = rng.randint(start, min(last, start + reach))
        jumps[start] = end
    return jumps


def _counted_jumps(rng: random.Random, n: int, snakes: int, ladders: int) -> dict[int, int]:
    """Exactly ``snakes`` snakes and ``ladders`` ladders anywhere on squares 2..n² - 1 (``random_jumps``)."""
    last = n * n
    jumps: dict[int, int] = {}
    while sum(e < s for s, e in jumps.items()) < snakes or sum(e > s for s, e in jumps.items()) < ladders:
        start = rng.randint(2, last - 1)
        end = rng.randint(1, last)
        up = end > start
        if start in jumps or end == start:
            continue
        if (up and sum(e > s for s, e in jumps.items()) < ladders) or (
            not up and sum(e < s for s, e in jumps.items()) < snakes
        ):
            jumps[start] = end
    return jumps


DENSITIES = (0.0, 0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1.0)


def random_board(rng: random.Random, n: int | None = None) -> list[list[int]]:
    """A random matrix of any size 2..20 with a random mix of densities and jump kinds."""
    if n is None:
        n = rng.randint(2, 20)
    density = rng.choice(DENSITIES) if rng.random() < 0.6 else rng.random()
    jumps = random_jumps(
        rng,
        n,
        density,
        self_rate=rng.choice((0.0, 0.05, 0.3)),
        chain_rate=rng.choice((0.0, 0.15, 0.6)),
        snake_rate=rng.choice((0.1, 0.5, 0.9)),
        span=rng.choice((None, None, 3, 12)),
        wall=rng.random() < 0.15,
    )
    return matrix_from_jumps(n, jumps)


def board_with_many_optimal_games() -> list[list[int]]:
    """A 20x20 board with more optimal roll sequences than a double holds exactly (> 2**60)."""
    rng = random.Random(2789)
    for _ in range(5000):
        matrix = random_board(rng, n=20)
        if count_optimal_rolls(matrix) > 2**60:
            return matrix
    raise AssertionError("no board with that many optimal games found")
