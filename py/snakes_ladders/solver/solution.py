"""Exact LeetCode 909 search: least moves, one shortest path, and per-square detail.

Rules: start on square 1; a move picks a roll of 1 to 6 (never past the last
square); a snake or ladder on the landing square is taken, but only one per
move.  The answer is the least number of moves to stand on the last square.
``solve`` also answers the same question under a board's own :class:`~snakes_ladders.board.rules.Rules`
(the classic start off the board, any overshoot rule): see ``solve``.

The searches are in :mod:`snakes_ladders.solver.searches`, which chooses between them; the runner
search does work only where snakes and ladders are, so boards up to 1000×1000 are solved
quickly.  ``_search`` is the textbook breadth-first search, kept as the plain statement of
the rules that the searches are tested against.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from ..board import DIE, EMPTY, LEETCODE, OFF_BOARD, Board, Quoted, Rules, RulesError, to_board
from . import searches
from .bignum import Magnitude
from .breadth import Reached, breadth_first, first_game, walk_layers
from .counting import add_count, count_at, count_magnitude, count_paths, optimal_counts
from .searches import Search, uses_plain

__all__ = [
    "Move",
    "Reached",
    "Solution",
    "breadth_first",
    "count_magnitude",
    "least_moves",
    "min_moves",
    "optimal_counts",
    "shortest_path",
    "solve",
]

JumpKind = Literal["ladder", "snake"]


def jump_kind(landing: int, end: int) -> JumpKind | None:
    """What a move took after landing: ``"ladder"`` up, ``"snake"`` down, or ``None``.

    >>> jump_kind(2, 15), jump_kind(17, 13), jump_kind(36, 36)
    ('ladder', 'snake', None)
    """
    if end > landing:
        return "ladder"
    if end < landing:
        return "snake"
    return None


@dataclass(frozen=True)
class Move:
    """One move of a path: from ``start`` the die shows ``roll``, the token lands on
    ``landing`` and ends the move on ``end`` (different when a jump is taken)."""

    start: int
    roll: int
    landing: int
    end: int

    @property
    def jump(self) -> JumpKind | None:
        """``"ladder"``, ``"snake"``, or ``None`` when the move ends where it landed."""
        return jump_kind(self.landing, self.end)


@dataclass(frozen=True)
class Solution:
    """Everything the search found about one board.

    ``moves`` is the answer under ``rules`` (LeetCode's by default; -1 when the last square cannot
    be reached).  ``path`` lists the squares stood on, starting with the start (1, or 0 for off the
    board under the classic start) and then one after each move, and
    ``steps`` the moves between them; both are ``None``/empty when unreachable.
    ``distances[s]`` is the least number of moves to stand on square s, ``None``
    where that cannot happen or is more than ``distances_limit`` (``distances[0]``
    is the off-board position: 0 under the classic start, else ``None``).  The search
    stops once it knows the answer, so when the last square is reached ``distances_limit`` is ``moves`` and the squares
    farther than that are ``None`` whether they can be reached or not; it is
    ``None`` when the last square cannot be reached (then every square that can
    be stood on has its distance).
    ``paths_count`` counts the distinct roll sequences that reach the last square
    in ``moves`` moves (a :class:`~snakes_ladders.solver.bignum.Magnitude`: exact below
    10^30, mantissa × 10^exponent beyond), and ``explored`` the squares the search settled
    (squares 1 to n², never the off-board position); ``rules`` are the rules it answered under.
    """

    n: int
    moves: int
    path: tuple[int, ...] | None
    steps: tuple[Move, ...]
    distances: tuple[int | None, ...]
    paths_count: Magnitude
    explored: int
    distances_limit: int | None = None
    rules: Rules = LEETCODE

    @property
    def reachable(self) -> bool:
        return self.moves >= 0


def _search(cells: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Breadth-first search from square 1.

    Returns ``dist`` (-1 where never stood on), ``parent`` (the square moved
    from, 0 for none) and ``order`` (squares in the order they were settled).
    """
    last = len(cells) - 1
    dist = [-1] * (last + 1)
    parent = [0] * (last + 1)
    dist[1] = 0
    order = [1]
    head = 0
    while head < len(order):
        square = order[head]
        head += 1
        step = dist[square] + 1
        for landing in range(square + 1, min(square + 6, last) + 1):
            end = cells[landing]
            if end == EMPTY:
                end = landing
            if dist[end] < 0:
                dist[end] = step
                parent[end] = square
                order.append(end)
    return dist, parent, order


def _steps(squares: list[int], landings: list[int]) -> tuple[Move, ...]:
    """The moves of a game, built without Move's own ``__init__``: a frozen dataclass sets each
    field through ``object.__setattr__`` (about 0.7 µs a move, and a shortest game can have
    142,858 moves); filling the instance's ``__dict__`` gives the same objects at a third of that."""
    new = object.__new__
    moves: list[Move] = []
    append = moves.append
    for a, b, landing in zip(squares, squares[1:], landings, strict=False):
        move = new(Move)
        fields = move.__dict__
        fields["start"] = a
        fields["roll"] = landing - a
        fields["landing"] = landing
        fields["end"] = b
        append(move)
    return tuple(moves)


def min_moves(board: Board | Any) -> int:
    """Return the least number of moves from square 1 to the last square, or -1.

    Takes a Board or a LeetCode matrix (checked; BoardError when malformed).

    >>> min_moves([[-1, -1, -1, -1, -1, -1],
    ...            [-1, -1, -1, -1, -1, -1],
    ...            [-1, -1, -1, -1, -1, -1],
    ...            [-1, 35, -1, -1, 13, -1],
    ...            [-1, -1, -1, -1, -1, -1],
    ...            [-1, 15, -1, -1, -1, -1]])
    4
    >>> min_moves([[-1, -1], [-1, 3]])
    1
    """
    board = to_board(board)
    return searches.min_moves(board)


def shortest_path(board: Board | Any) -> list[int] | None:
    """Return the squares stood on after each move of one shortest game, or None.

    The same path as ``solve(board).path``.

    >>> shortest_path(Board(3, {2: 8}))
    [1, 8, 9]
    >>> shortest_path(Board(3, {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1})) is None
    True
    """
    board = to_board(board)
    if uses_plain(board):
        path = solve(board).path
        return list(path) if path is not None else None
    found = Search(board.n, board).path()
    return found[0] if found is not None else None


def solve(board: Board | Any, rules: Rules = LEETCODE) -> Solution:
    """Solve a board: moves, one shortest path with its rolls, and per-square detail
    (distances up to the answer: see ``Solution.distances_limit``).

    ``rules`` (LeetCode's by default: then the answer is LeetCode 909's, by the searches that suit the
    board) change where the search starts and what a roll past the last square does; the player still
    picks every roll.  ``start="off-board"``: the token starts on position 0, the first roll r lands
    on square r and takes its jump (square 1 may hold one), and ``path`` starts with 0.  ``overshoot``
    never changes ``moves``: a roll past the last square can only be made from a square
    that the exact roll finishes from, so it never shortens a game; ``"win"`` (and ``"bounce"`` onto a
    ladder to the last square) adds ways to finish to ``paths_count``, and ``"bounce"`` may reach more
    squares at the answer's distance.  ``sixes`` ``"again"`` groups rolls into turns and changes no
    roll count; ``"again-three-to-start"`` is refused (RulesError): its third 6 in a row is not searched.
    Under any rules but LeetCode's the plain breadth-first search runs, from the rules' start: O(n²)
    time and memory (about six list operations per square reached), plus O(1) for the overshoot.

    >>> s = solve(Board(6, {2: 15, 14: 35, 17: 13}))
    >>> s.moves, s.path, s.distances_limit
    (4, (1, 15, 13, 35, 36), 4)
    >>> [(m.roll, m.landing, m.jump) for m in s.steps]
    [(1, 2, 'ladder'), (2, 17, 'snake'), (1, 14, 'ladder'), (1, 36, None)]
    >>> classic = solve(Board(3, {1: 8}, allow_start_jump=True), Rules(start="off-board"))
    >>> classic.moves, classic.path, classic.steps[0], classic.rules.start
    (2, (0, 8, 9), Move(start=0, roll=1, landing=1, end=8), 'off-board')
    """
    _refuse_unsearched(rules)
    if rules.start == "square1" and rules.overshoot == "stay":
        solution = _solve_leetcode(to_board(board))
        return solution if rules == LEETCODE else replace(solution, rules=rules)
    return _solve_by_rules(rules.to_board(board), rules)


def least_moves(board: Board | Any, rules: Rules = LEETCODE) -> int:
    """``solve(board, rules).moves`` without the path and counts where they are not needed: from square 1
    the overshoot and sixes ``"again"`` never change the count (``solve``'s docstring), so LeetCode's search
    answers; from off the board, ``solve``.  -1 when unreachable; RulesError for sixes
    ``"again-three-to-start"``, as ``solve``.  O(n²) time and memory.

    >>> least_moves(Board(3, {1: 8}, allow_start_jump=True), Rules(start="off-board"))
    2
    >>> least_moves(Board(6, {2: 15, 14: 35, 17: 13}), Rules(overshoot="bounce"))
    4
    """
    _refuse_unsearched(rules)
    if rules.start == "square1":
        return min_moves(board)
    return solve(board, rules).moves


def _refuse_unsearched(rules: Rules) -> None:
    """RulesError for sixes ``"again-three-to-start"``: the least rolls are not searched under it."""
    if rules.sixes == "again-three-to-start":
        raise RulesError(
            "the least rolls are searched with every roll chosen, but not under sixes ",
            Quoted(rules.sixes),
            " (a third 6 in a row sends the token back): use sixes ",
            Quoted("plain"),
            " or ",
            Quoted("again"),
            ", whose least rolls are the same",
            code="solve_sixes",
        )


def _solve_leetcode(board: Board) -> Solution:
    """``solve`` under LeetCode's rules, by the search that suits the board."""
    last = board.last
    if uses_plain(board):
        found = walk_layers(board, complete=False)
        dist = found.dist
        final = dist[last]
        moves = final if final is not None else -1
        game = first_game(last, found.pred, board.flat) if moves >= 0 else None
        block = found.expo[last] if found.expo is not None else 0
        count = count_magnitude(found.mant[last], block) if moves >= 0 else Magnitude.of(0)
        explored = len(found.order)
    else:
        search = Search(board.n, board.jump_map)
        moves = search.run()
        # The path is read before the search goes on to settle every square, so it is
        # the one shortest_path gives.
        game = search.path()
        dist = search.distances(moves if moves >= 0 else None)
        count = count_paths(board, search, dist, moves)
        explored = len(dist) - dist.count(None)
    return _solution(board, moves, game, dist, count, explored, LEETCODE)


def _solve_by_rules(board: Board, rules: Rules) -> Solution:
    """``solve`` under other rules: the plain search from the rules' start, then the overshoot's moves."""
    start = rules.start_position
    last = board.last
    found = walk_layers(board, complete=False, start=start)
    final = found.dist[last]
    moves = final if final is not None else -1
    explored = len(found.order) - (start == OFF_BOARD)  # the off-board position is not a square
    game = None
    count = Magnitude.of(0)
    if moves >= 0:
        explored += _overshoots(board, rules, found.dist, found.mant, found.expo, moves)
        game = first_game(last, found.pred, board.flat, start)
        count = count_magnitude(found.mant[last], found.expo[last] if found.expo is not None else 0)
    return _solution(board, moves, game, found.dist, count, explored, rules)


def _overshoots(
    board: Board, rules: Rules, dist: list[int | None], mant: list[Any], expo: list[int] | None, moves: int
) -> int:
    """Add the rolls past the last square made from the squares ``moves`` - 1 moves away: to the last
    square's count those that finish (``"win"``; ``"bounce"`` onto a ladder to it), to ``dist`` the
    squares they first reach (at distance ``moves``).  Only squares within 6 of the last square can
    roll past it, and only those ``moves`` - 1 away matter (none is nearer: each finishes in one
    exact roll).  Returns the squares newly reached.  At most 6 squares × 6 rolls: O(1).
    """
    if rules.overshoot == "stay":  # a wasted roll: the token stays, and takes no jump
        return 0
    last = board.last
    flat = board.flat
    added = 0
    for square in range(max(0, last - 5), last):
        if dist[square] != moves - 1:
            continue
        m, e = count_at(mant, expo, square)
        for roll in DIE[last - square :]:
            landing, _ = rules.landing(square, roll, last)
            end = landing if flat[landing] == EMPTY else flat[landing]
            if end == last:
                add_count(mant, expo, last, m, e)
            elif dist[end] is None:
                dist[end] = moves
                added += 1
    return added


def _solution(
    board: Board,
    moves: int,
    game: tuple[list[int], list[int]] | None,
    dist: list[int | None],
    count: Magnitude,
    explored: int,
    rules: Rules,
) -> Solution:
    """The ``Solution`` of a search's findings: ``game`` is the squares stood on and landed on."""
    path: tuple[int, ...] | None = None
    steps: tuple[Move, ...] = ()
    if game is not None:
        squares, landings = game
        path = tuple(squares)
        steps = _steps(squares, landings)
    return Solution(
        n=board.n,
        moves=moves,
        path=path,
        steps=steps,
        distances=tuple(dist),
        paths_count=count,
        explored=explored,
        distances_limit=moves if moves >= 0 else None,
        rules=rules,
    )
