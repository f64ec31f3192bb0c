"""Practice mode: boards that catch the usual mistakes in a LeetCode 909 solution.

``battery(count, seed)`` builds a deterministic list of test boards, each tagged
with the kind of mistake it is there to catch (``KINDS``).  Boards are generated
from the rules, never copied from a list of answers: for each kind a seeded
random board is drawn and kept only when the mistake would really change the
answer, which is checked by asking the package's own solver about a board the
mistaken solution effectively sees (the matrix read in the wrong order, the
jumps chained, the snakes removed ...) or by playing the greedy strategy.
Every expected answer and path comes from ``min_moves``/``shortest_path``.

Work is bounded: each board is at most 20×20, each kind draws at most
``ATTEMPTS`` candidates, and each check is one solver call or one greedy walk
of at most n² moves, so a battery of N boards costs O(N · ATTEMPTS · 400)
solver steps.  Running a solution (``run_source``) is in
``snakes_ladders.practice_run``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .board import Board, square_to_cell
from .solve import min_moves, shortest_path

ATTEMPTS = 200
MAX_BOARDS = 500
LARGEST = 20

# kind -> what it catches, in the order a battery cycles through them.
KINDS: dict[str, str] = {
    "numbering-even": "boustrophedon numbering on an even n: rows from the bottom, direction alternating",
    "numbering-odd": "boustrophedon numbering on an odd n: rows from the bottom, direction alternating",
    "no-chain": "a jump ends on another jump's start: only one jump is taken per move, not a chain",
    "forced-jump": "a snake where you land must be taken, not skipped",
    "ladder-to-last": "a ladder into the last square n² finishes the game",
    "snake-to-start": "snakes back onto square 1",
    "unreachable": "no sequence of rolls reaches n²: the answer is -1",
    "smallest": "the smallest board, n = 2",
    "largest": "the largest LeetCode board, n = 20",
    "greedy-ladder": "always climbing the biggest ladder in reach is not optimal",
    "greedy-six": "always rolling 6 (going as far as possible) is not optimal",
    "revisit": "long snakes: a square first reached late must still be searched onwards",
    "random": "random boards",
}
USER_KIND = "your board"

Jumps = dict[int, int]


@dataclass(frozen=True)
class Case:
    """One test board: its kind, the LeetCode matrix, the solver's answer and one shortest path."""

    kind: str
    matrix: tuple[tuple[int, ...], ...]
    expected: int
    path: tuple[int, ...] | None

    @property
    def n(self) -> int:
        """The board's size."""
        return len(self.matrix)

    def rows(self) -> list[list[int]]:
        """A fresh mutable copy of the matrix, as a solution receives it."""
        return [list(row) for row in self.matrix]

    def to_json(self) -> dict[str, object]:
        """The case as JSON data: kind, what it catches, board, expected, path."""
        return {
            "kind": self.kind,
            "about": KINDS.get(self.kind, "the board in the editor"),
            "board": self.rows(),
            "expected": self.expected,
            "path": list(self.path) if self.path is not None else None,
        }


def make_case(kind: str, board: Board) -> Case:
    """A case whose answer and path come from the package's solver."""
    path = shortest_path(board)
    matrix = tuple(tuple(row) for row in board.to_matrix())
    return Case(kind, matrix, min_moves(board), tuple(path) if path is not None else None)


# --- what a mistaken solution sees ---------------------------------------------------------


def _answer(board: Board) -> float:
    """min_moves with -1 as infinity, so that "fewer moves" compares the right way."""
    moves = min_moves(board)
    return float("inf") if moves < 0 else moves


def _without(board: Board, drop: Callable[[int, int], bool]) -> Board:
    return Board(board.n, {s: e for s, e in board.jumps.items() if not drop(s, e)})


Reading = Callable[[int, int], tuple[int, int]]


def _no_alternation(square: int, n: int) -> tuple[int, int]:
    return n - 1 - (square - 1) // n, (square - 1) % n


def _parity_from_top(even_left: bool) -> Reading:
    def read(square: int, n: int) -> tuple[int, int]:
        row, offset = n - 1 - (square - 1) // n, (square - 1) % n
        return row, offset if (row % 2 == 0) == even_left else n - 1 - offset

    return read


def _rows_from_top(square: int, n: int) -> tuple[int, int]:
    row, column = square_to_cell(square, n)
    return n - 1 - row, column


# Readings that are wrong on even boards, and on odd boards.  Alternating by the parity of the
# row counted from the top is right for one parity of n and wrong for the other.
MISREADINGS: dict[bool, tuple[Reading, ...]] = {
    True: (_no_alternation, _parity_from_top(True), _rows_from_top),
    False: (_no_alternation, _parity_from_top(False), _rows_from_top),
}


def _misread(board: Board, read: Reading) -> Board | None:
    """The board a solution numbering squares with ``read`` sees, or None if it is not a board."""
    matrix, n = board.to_matrix(), board.n
    jumps = {}
    for square in range(1, n * n + 1):
        row, column = read(square, n)
        if matrix[row][column] != -1:
            jumps[square] = matrix[row][column]
    if 1 in jumps or n * n in jumps:
        return None
    return Board(n, jumps)


def _numbering_matters(board: Board) -> bool:
    truth = min_moves(board)
    for read in MISREADINGS[board.n % 2 == 0]:
        seen = _misread(board, read)
        if seen is None or min_moves(seen) == truth:
            return False
    return True


def _chain_matters(board: Board) -> bool:
    jumps, chained = board.jumps, {}
    for start, end in jumps.items():
        seen = {start}
        while end in jumps and end not in seen:
            seen.add(end)
            end = jumps[end]
        if end in seen:
            return True  # a chaining solution goes round forever
        chained[start] = end
    return min_moves(Board(board.n, chained)) != min_moves(board)


def _greedy(board: Board, choose: Callable[[list[tuple[int, int]]], tuple[int, int]]) -> int:
    """Moves taken by a strategy picking one (landing, end) of each move's rolls, or -1 if it loops."""
    jumps, last = board.jumps, board.last
    square, moves, seen = 1, 0, {1}
    while square != last:
        options = [(landing, jumps.get(landing, landing)) for landing in range(square + 1, min(square + 6, last) + 1)]
        square = choose(options)[1]
        moves += 1
        if square in seen:
            return -1
        seen.add(square)
    return moves


def _biggest_ladder(options: list[tuple[int, int]]) -> tuple[int, int]:
    ladders = [option for option in options if option[1] > option[0]]
    return max(ladders, key=lambda option: option[1]) if ladders else options[-1]


def _roll_six(options: list[tuple[int, int]]) -> tuple[int, int]:
    return options[-1]


def _one_pass(board: Board) -> int:
    """Moves found by relaxing squares once each in increasing order (a DP that ignores snakes' order)."""
    jumps, last = board.jumps, board.last
    dist: list[float] = [float("inf")] * (last + 1)
    dist[1] = 0
    for square in range(1, last):
        for landing in range(square + 1, min(square + 6, last) + 1):
            end = jumps.get(landing, landing)
            dist[end] = min(dist[end], dist[square] + 1)
    return -1 if dist[last] == float("inf") else int(dist[last])


# --- generators ----------------------------------------------------------------------------


def _place(rng: random.Random, n: int, jumps: Jumps, count: int, ends: Callable[[int], int]) -> Jumps:
    """Add up to ``count`` jumps on free squares (never 1 or n²), each ending at ``ends(start)``."""
    last = n * n
    for _ in range(count):
        start = rng.randint(2, last - 1)
        end = ends(start)
        if start not in jumps and end != start and 1 <= end <= last:
            jumps[start] = end
    return jumps


def _random_jumps(rng: random.Random, n: int, density: float, jumps: Jumps | None = None) -> Jumps:
    return _place(rng, n, dict(jumps or {}), round(density * n * n), lambda _: rng.randint(1, n * n))


def _size(rng: random.Random, low: int = 3, high: int = 12) -> int:
    return rng.randint(low, high)


def _numbering(even: bool) -> Callable[[random.Random], Board]:
    def make(rng: random.Random) -> Board:
        n = rng.choice([k for k in range(3, 13) if (k % 2 == 0) == even])
        return Board(n, _random_jumps(rng, n, rng.uniform(0.03, 0.12)))

    return make


def _chains(rng: random.Random) -> Board:
    n = _size(rng, 4)
    jumps = _random_jumps(rng, n, rng.uniform(0.03, 0.1))
    for end in list(jumps.values())[: rng.randint(1, 3)]:
        if 1 < end < n * n and end not in jumps:
            jumps[end] = rng.randint(1, n * n)
            if jumps[end] == end:
                del jumps[end]
    return Board(n, jumps)


def _snakes_and_ladders(rng: random.Random) -> Board:
    n = _size(rng, 4)
    last = n * n
    jumps = _place(rng, n, {}, rng.randint(1, n), lambda s: rng.randint(s + 1, last))
    return Board(n, _place(rng, n, jumps, rng.randint(2, 2 * n), lambda s: rng.randint(1, s - 1)))


def _ladder_to_last(rng: random.Random) -> Board:
    n = _size(rng)
    last = n * n
    jumps = {rng.randint(2, max(2, last - 7)): last}
    return Board(n, _random_jumps(rng, n, rng.uniform(0, 0.15), jumps))


def _snake_to_start(rng: random.Random) -> Board:
    n = _size(rng)
    jumps = _place(rng, n, {}, rng.randint(2, 6), lambda _: 1)
    return Board(n, _random_jumps(rng, n, rng.uniform(0, 0.1), jumps))


def _unreachable(rng: random.Random) -> Board:
    n = _size(rng)
    last = n * n
    wall = rng.randint(2, last - 6)
    jumps = {square: rng.randint(1, wall - 1) for square in range(wall, wall + 6)}
    below = _place(rng, n, {}, rng.randint(0, wall // 3), lambda s: rng.randint(1, wall - 1))
    above = _place(rng, n, {}, rng.randint(0, n), lambda s: rng.randint(1, last))
    jumps.update({s: e for s, e in below.items() if s < wall})
    jumps.update({s: e for s, e in above.items() if s >= wall + 6})
    return Board(n, jumps)


def _smallest(rng: random.Random) -> Board:
    jumps = {square: rng.choice([-1, *(end for end in range(1, 5) if end != square)]) for square in (2, 3)}
    return Board(2, {s: e for s, e in jumps.items() if e != -1})


def _largest(rng: random.Random) -> Board:
    return Board(LARGEST, _random_jumps(rng, LARGEST, rng.choice([0, 0.01, 0.05, 0.15])))


def _ladders(rng: random.Random) -> Board:
    n = _size(rng, 5)
    last = n * n
    jumps = _place(rng, n, {}, rng.randint(2, 2 * n), lambda s: rng.randint(s + 1, last))
    return Board(n, _place(rng, n, jumps, rng.randint(0, n), lambda s: rng.randint(1, s - 1)))


def _long_snakes(rng: random.Random) -> Board:
    """A ladder up to ``top``, long snakes just past it back to the middle, a ladder on from there.

    The quick way to the middle is down a snake, found only after the squares below it.
    """
    n = _size(rng, 5)
    last = n * n
    top = rng.randint(last // 2, last - 8)
    low = rng.randint(2, max(2, top // 2))
    jumps = {square: rng.randint(low, min(low + 6, square - 1)) for square in range(top + 1, top + 7)}
    jumps.setdefault(rng.randint(2, 7), top)
    jumps.setdefault(rng.randint(min(low + 6, top - 1), top - 1), rng.randint(top + 7, last))
    return Board(n, _random_jumps(rng, n, rng.uniform(0, 0.04), jumps))


def _random(rng: random.Random) -> Board:
    n = _size(rng, 2, LARGEST)
    return Board(n, _random_jumps(rng, n, rng.uniform(0, 0.3)))


def _always(_: Board) -> bool:
    return True


# kind -> (draw a candidate, keep it when the mistake changes the answer)
GENERATORS: dict[str, tuple[Callable[[random.Random], Board], Callable[[Board], bool]]] = {
    "numbering-even": (_numbering(True), _numbering_matters),
    "numbering-odd": (_numbering(False), _numbering_matters),
    "no-chain": (_chains, _chain_matters),
    "forced-jump": (_snakes_and_ladders, lambda b: _answer(_without(b, lambda s, e: e < s)) < _answer(b)),
    "ladder-to-last": (_ladder_to_last, lambda b: min_moves(_without(b, lambda s, e: e == b.last)) != min_moves(b)),
    "snake-to-start": (_snake_to_start, lambda b: min_moves(_without(b, lambda s, e: e == 1)) != min_moves(b)),
    "unreachable": (_unreachable, lambda b: min_moves(b) == -1),
    "smallest": (_smallest, _always),
    "largest": (_largest, _always),
    "greedy-ladder": (_ladders, lambda b: _greedy(b, _biggest_ladder) != min_moves(b)),
    "greedy-six": (_snakes_and_ladders, lambda b: _greedy(b, _roll_six) != min_moves(b)),
    "revisit": (_long_snakes, lambda b: _one_pass(b) != min_moves(b)),
    "random": (_random, _always),
}


def generate(kind: str, seed: int, index: int) -> Board:
    """The ``index``-th board of ``kind`` for ``seed``: the first candidate the mistake matters on.

    At most ``ATTEMPTS`` candidates are drawn; if none qualifies (not seen for any kind in
    tests/test_practice.py's seeds), the last one is used.
    """
    draw, keep = GENERATORS[kind]
    rng = random.Random(f"{seed}/{kind}/{index}")
    board = draw(rng)
    for _ in range(ATTEMPTS - 1):
        if keep(board):
            break
        board = draw(rng)
    return board


def battery(count: int = 40, seed: int = 0, board: list[list[int]] | None = None) -> list[Case]:
    """``count`` cases: ``board`` first (if given, kind ``USER_KIND``), then the kinds in turn.

    ``board`` is a LeetCode matrix, checked by ``Board.from_matrix`` (BoardError if malformed).
    Raises ValueError when ``count`` is not from 1 to ``MAX_BOARDS``.

    >>> [case.kind for case in battery(3, seed=1)]
    ['numbering-even', 'numbering-odd', 'no-chain']
    """
    if type(count) is not int or not 1 <= count <= MAX_BOARDS:
        raise ValueError(f"the number of boards must be from 1 to {MAX_BOARDS}, got {count!r}")
    cases = [make_case(USER_KIND, Board.from_matrix(board))] if board is not None else []
    kinds = list(KINDS)
    index = 0
    while len(cases) < count:
        kind = kinds[index % len(kinds)]
        cases.append(make_case(kind, generate(kind, seed, index // len(kinds))))
        index += 1
    return cases


__all__ = ["KINDS", "USER_KIND", "Case", "battery", "generate", "make_case"]
