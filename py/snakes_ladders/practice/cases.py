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
``snakes_ladders.practice.run``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..board import Board
from ..solver import min_moves, shortest_path
from .mistakes import (
    answer,
    biggest_ladder,
    chain_matters,
    greedy,
    marking,
    numbering_matters,
    one_pass,
    roll_six,
    without,
)

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
    "ladder-foot": "standing on a ladder's foot after a snake is a new square, though landing there climbed the ladder",
    "landing-seen": "a square first stood on at a jump's end can still be rolled onto, taking its own jump",
    "long-game": "a 20×20 game of more than 100 moves: no fixed limit on the layers of the search",
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


def _ladder_foot(rng: random.Random) -> Board:
    """A wall of snakes before a ladder's foot L, the ladder up to E, a wall after E whose one way on is a
    snake back to L (to stand there), and from just past L a ladder over the second wall."""
    n = _size(rng, 6)
    last = n * n
    foot = rng.randint(8, last // 3)
    top = rng.randint(foot + 8, last - 14)
    jumps = {square: rng.randint(1, foot - 6) for square in (*range(foot - 5, foot), *range(top + 1, top + 7))}
    jumps[rng.randint(top + 1, top + 6)] = foot
    jumps[foot] = top
    jumps[rng.randint(foot + 1, min(foot + 6, top - 1))] = rng.randint(top + 7, last)
    return Board(n, _place(rng, n, jumps, rng.randint(0, n // 2), lambda s: rng.randint(1, last)))


def _long_game(rng: random.Random) -> Board:
    """A 20×20 board whose safe squares are 3 or 4 apart (never two gaps of 3 in a row, so a move passes
    one gap at most): every other square is a snake back down, and a game takes about 115 moves."""
    last, safe, gap = LARGEST * LARGEST, {1}, 4
    while max(safe) + 4 < last:
        gap = 4 if gap == 3 else rng.choice([3, 4])
        safe.add(max(safe) + gap)
    return Board(LARGEST, {s: rng.randint(max(1, s - 40), s - 1) for s in range(2, last) if s not in safe})


def _always(_: Board) -> bool:
    return True


# kind -> (draw a candidate, keep it when the mistake changes the answer)
GENERATORS: dict[str, tuple[Callable[[random.Random], Board], Callable[[Board], bool]]] = {
    "numbering-even": (_numbering(True), numbering_matters),
    "numbering-odd": (_numbering(False), numbering_matters),
    "no-chain": (_chains, chain_matters),
    "forced-jump": (_snakes_and_ladders, lambda b: answer(without(b, lambda s, e: e < s)) < answer(b)),
    "ladder-to-last": (_ladder_to_last, lambda b: min_moves(without(b, lambda s, e: e == b.last)) != min_moves(b)),
    "snake-to-start": (_snake_to_start, lambda b: min_moves(without(b, lambda s, e: e == 1)) != min_moves(b)),
    "unreachable": (_unreachable, lambda b: min_moves(b) == -1),
    "smallest": (_smallest, _always),
    "largest": (_largest, _always),
    "greedy-ladder": (_ladders, lambda b: greedy(b, biggest_ladder) != min_moves(b)),
    "greedy-six": (_snakes_and_ladders, lambda b: greedy(b, roll_six) != min_moves(b)),
    "revisit": (_long_snakes, lambda b: one_pass(b) != min_moves(b)),
    "random": (_random, _always),
    "ladder-foot": (_ladder_foot, lambda b: marking(b, foot=True) != min_moves(b)),
    "landing-seen": (_chains, lambda b: marking(b, by_landing=True) != min_moves(b)),
    "long-game": (_long_game, lambda b: min_moves(b) > 100),
}


def generate(kind: str, seed: int, index: int) -> Board:
    """The ``index``-th board of ``kind`` for ``seed``: the first candidate the mistake matters on.

    At most ``ATTEMPTS`` candidates are drawn; if none qualifies (not seen for any kind in
    tests/practice/test_practice.py's seeds), the last one is used.
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


__all__ = ["KINDS", "LARGEST", "MAX_BOARDS", "USER_KIND", "Case", "battery", "generate", "make_case"]
