"""The least number of moves, by four exact searches, and the choice between them.

Every search has one signature, ``min_moves(board: Board) -> int | None``: the least
number of moves, -1 when the last square cannot be reached, or None when the search
declines the board (only the upward pass, on a board with a snake, and the bit-set search,
past the move budget the choice gives it, ever decline).

- ``plain``: the textbook breadth-first search over the board's flat cells;
- ``layered``: breadth-first search over bit sets, one whole move per step (point 1);
- ``upward``: one pass from square 1 up, for boards without snakes (point 7);
- ``runner``: runs of plain squares crossed in one step (points 1-5; ``results``, point 6).

``min_moves`` below chooses between them, in this one place.

Terms.  A *start* is a square holding a snake or ladder that goes somewhere
(a square whose value is its own number behaves exactly like a plain square and
is treated as one; a jump on square 1 is never landed on).  A move from x
*lands* on one of x+1..x+6 (never past the last square N) and *ends* on the
landing square, or on the jump's end when the landing square is a start.
``D(l)`` is the first move that lands on square l, ``dist(y)`` the least number
of moves to stand on y.  A start can only be stood on as the end of another
jump, so ``dist(y) = min(D(y) if y is plain, D(s) for s jumping to y)``, with
``dist(1) = 0``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import islice

from ...board import Board
from . import layered, plain, runner, upward
from .runner import Search

__all__ = ["DENSE", "SEARCHES", "MinMoves", "Search", "estimated_moves", "min_moves", "uses_plain"]

MinMoves = Callable[[Board], int | None]

# Every search, by module name, for the tests that hold each against the others.
SEARCHES: dict[str, MinMoves] = {
    "plain": plain.min_moves,
    "layered": layered.min_moves,
    "upward": upward.min_moves,
    "runner": runner.min_moves,
}

# Boards with at least one jump per this many squares are solved by the plain breadth-first
# search, which beats the runner search there (bench/solver_bench.py).
DENSE = 8

# Squares times moves below which the bit-set search is preferred: about 25 ms of
# big-integer work in CPython for a 1000×1000 board's fifty moves.  Past a hundred
# or so moves the other searches win whatever the size (a 100×100 snake maze).
_LAYERED_BUDGET = 50_000_000
_LAYERED_MOVES = 100


def uses_plain(board: Board) -> bool:
    """Whether the board is dense enough (a jump on one square in ``DENSE`` or more) that the
    plain breadth-first search beats the runner search."""
    return board.jump_count * DENSE >= board.last


def estimated_moves(n: int, jumps: Mapping[int, int]) -> float:
    """A rough guess at the number of moves: the board's length over the progress
    per move, six squares plus the climb of the ladders landed on along the way
    (estimated from a sample of at most about a thousand jumps)."""
    last = n * n
    count = len(jumps)
    if not count:
        return (last - 1) / 6
    step = max(1, count // 1000)
    # Every step-th start, taken at C speed (walking the items themselves would
    # make a tuple per jump: 15 ms on a 300,000-jump board).
    starts = list(islice(jumps, 0, None, step))
    climb = sum(max(jumps[s] - s, 0) for s in starts) * count / len(starts)
    return (last - 1) / (6 + 6 * climb / last)


def min_moves(board: Board) -> int:
    """The least number of moves on the board, or -1, by the search that suits it.

    Dense boards go to the plain search; boards whose answer is expected to be a few dozen
    moves to the bit-set search; boards without snakes to the upward pass; the others, and
    any board where the guess of a few dozen moves proves wrong, to the runner search.

    >>> min_moves(Board(6, {2: 15, 14: 35, 17: 13})), min_moves(Board(1000))
    (4, 166667)
    """
    if uses_plain(board):
        return plain.min_moves(board)
    jumps = board.jump_map
    guess = estimated_moves(board.n, jumps)
    if guess <= _LAYERED_MOVES and guess * board.last <= _LAYERED_BUDGET and len(jumps) > 64:
        found = layered.min_moves(board, int(3 * guess) + 20)
        if found is not None:
            return found
    swept = upward.min_moves(board)
    if swept is not None:
        return swept
    return runner.min_moves(board)
