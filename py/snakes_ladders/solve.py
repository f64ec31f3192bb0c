"""Exact LeetCode 909 search: least moves, one shortest path, and per-square detail.

(This module is over 400 lines because the exact counting of shortest games, carried
across the runner search's stretches, shares its carry helpers with the plain breadth-first
search here, whose three loops (small counts, counts of any size, the final layer) are
kept apart for speed; a module of its own would have to export those private helpers.)

Rules: start on square 1; a move picks a roll of 1 to 6 (never past the last
square); a snake or ladder on the landing square is taken, but only one per
move.  The answer is the least number of moves to stand on the last square.

The searches are in :mod:`snakes_ladders.searches`, which chooses between them; the runner
search does work only where snakes and ladders are, so boards up to 1000×1000 are solved
quickly.  ``_search`` is the textbook breadth-first search, kept as the plain statement of
the rules that the searches are tested against.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, compress
from math import comb, ldexp
from typing import Any, Literal

from . import searches
from .bignum import EXACT_LIMIT, Magnitude
from .board import EMPTY, Board, to_board
from .searches import Search, uses_plain

__all__ = [
    "Move",
    "Reached",
    "Solution",
    "breadth_first",
    "count_magnitude",
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

    ``moves`` is LeetCode's answer (-1 when the last square cannot be reached).
    ``path`` lists the squares stood on after each move, starting with 1, and
    ``steps`` the moves between them; both are ``None``/empty when unreachable.
    ``distances[s]`` is the least number of moves to stand on square s, ``None``
    where that cannot happen or is more than ``distances_limit`` (``distances[0]``
    is unused and ``None``).  The search stops once it knows the answer, so when
    the last square is reached ``distances_limit`` is ``moves`` and the squares
    farther than that are ``None`` whether they can be reached or not; it is
    ``None`` when the last square cannot be reached (then every square that can
    be stood on has its distance).
    ``paths_count`` counts the distinct roll sequences that reach the last square
    in ``moves`` moves (a :class:`~snakes_ladders.bignum.Magnitude`: exact below
    10^30, mantissa × 10^exponent beyond), and ``explored`` the squares the search settled.
    """

    n: int
    moves: int
    path: tuple[int, ...] | None
    steps: tuple[Move, ...]
    distances: tuple[int | None, ...]
    paths_count: Magnitude
    explored: int
    distances_limit: int | None = None

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


def _pipes(search: Search, isdest: bytearray, moves: int) -> list[tuple[int, int, int]]:
    """Runs of whole windows that counts flow through unmixed: ``(first square, windows, move)``.

    A window is the six squares a runner lands on with one move inside a stretch
    (the runner search's segments give them).  When a run of them holds no start and no
    square a jump ends on, the squares of each window are stood on by one move
    and reached only from the window before, so the counts of optimal games
    follow c'[j] = c[j] + ... + c[6] from window to window, and after t windows
    c[j] = sum over q >= j of C(q - j + t - 1, t - 1) * c[q].
    """
    last = search.last
    isstart = search.isstart
    runs: list[tuple[int, int, int]] = []
    for a, e, c in search.segments():
        if runs and runs[-1][1] == a and runs[-1][2] == c:
            runs[-1] = (runs[-1][0], e, c)
        else:
            runs.append((a, e, c))
    pipes = []
    for a, e, c in runs:
        pos = a + (-(a + c)) % 6  # the first whole window
        end = min(e, last - 6)
        while pos + 18 <= end:
            bad = isstart.find(1, pos, end)
            dest = isdest.find(1, pos, end)
            if bad < 0 or 0 <= dest < bad:
                bad = dest
            stop = end if bad < 0 else bad
            windows = (stop - pos) // 6
            move = (pos + c) // 6
            windows = min(windows, moves - move)
            if windows >= 3:
                pipes.append((pos, windows, move))
            if bad < 0:
                break
            pos += 6 * ((bad - pos) // 6 + 1)
    return pipes


# Counts are carried as a mantissa and a block exponent: square s holds mant[s] × 2^(512 × expo[s]).
# A mantissa is an exact int while the count is below EXACT_LIMIT and a float from there on, brought
# back under 2^512 (one block) before it is passed on, so every addition is O(1) in time and memory.
_BLOCK = 512
_HUGE = 2.0**_BLOCK


def _add_into(mant: list[Any], expo: list[int], square: int, m: float, e: int) -> None:
    """``mant[square] × 2^(512 expo[square]) += m × 2^(512 e)`` where the blocks differ (a count
    this large is past EXACT_LIMIT, so it is a float from now on)."""
    here, here_e = mant[square], expo[square]
    if not here:
        mant[square], expo[square] = m, e
        return
    if e > here_e:
        here, m, here_e, e = m, here, e, here_e
    gap = here_e - e
    mant[square] = float(here) + (ldexp(float(m), -_BLOCK * gap) if gap < 3 else 0.0)
    expo[square] = here_e


def _settle(mant: list[Any], expo: list[int], square: int) -> tuple[Any, int]:
    """Square's count, final now, as (mantissa, block): a float under one block once past EXACT_LIMIT."""
    m, e = mant[square], expo[square]
    if m >= EXACT_LIMIT or e:
        m = float(m)
        while m >= _HUGE:
            m = ldexp(m, -_BLOCK)
            e += 1
        mant[square], expo[square] = m, e
    return m, e


def count_magnitude(m: Any, e: int) -> Magnitude:
    """The Magnitude of mantissa m in block e (an int mantissa is the exact count)."""
    if type(m) is int:
        return Magnitude.of(m)
    return Magnitude.from_binary(m, _BLOCK * e)


def _carry_pipe(mant: list[Any], expo: list[int], first: int, windows: int) -> None:
    """Carry the counts of the window at ``first`` across ``windows - 1`` clean windows (``_pipes``)."""
    t = windows - 1
    weight = [comb(t - 1 + gap, gap) for gap in range(6)]
    out = first + 6 * t
    start = [_settle(mant, expo, first + q) for q in range(6)]
    for j in range(6):
        for q in range(j, 6):
            m, e = start[q]
            if m:
                term = weight[q - j] * m
                if expo[out + j] == e:
                    mant[out + j] += term
                else:
                    _add_into(mant, expo, out + j, term, e)


def _by_move(dist: list[int | None], passing: bytearray, moves: int) -> list[list[int]]:
    """The squares that pass counts on, by their distance (below ``moves``)."""
    by_move: list[list[int]] = [[] for _ in range(moves)]
    for square in compress(range(len(dist)), passing):
        d = dist[square]
        if d is not None and d < moves:
            by_move[d].append(square)
    return by_move


def optimal_counts(
    board: Board, dist: list[int | None], moves: int, search: Search | None = None
) -> tuple[list[Any], list[int]]:
    """Optimal roll sequences to each square: ``(mant, expo)``, square s's count is
    mant[s] × 2^(512 expo[s]) (see ``count_magnitude``), exact while below EXACT_LIMIT.

    ``counts[y]`` is the number of roll sequences that stand on y after
    ``dist[y]`` moves; squares stood on before move ``moves`` pass their counts
    on to the squares one roll away.  With ``search`` (the runner search's, run to the
    end) the counts are carried across its clean stretches many moves at once
    (``_pipes``) and only the last square's count is complete; without it every
    square's is.  O(1) per square and roll: time and memory O(n²).
    """
    last = board.last
    end_of = list(range(last + 1))  # where a move that lands on s ends
    isdest = bytearray(last + 2)
    for start, end in board:
        end_of[start] = end
        isdest[end] = 1
    passing = bytearray(b"\x01") * (last + 1)  # squares that pass counts on
    pipes_at: dict[int, list[tuple[int, int]]] = {}
    for first, windows, move in _pipes(search, isdest, moves) if search is not None else ():
        passing[first : first + 6 * (windows - 1)] = bytes(6 * (windows - 1))
        pipes_at.setdefault(move, []).append((first, windows))
    mant: list[Any] = [0] * (last + 1)
    expo = [0] * (last + 1)
    mant[1] = 1
    for d, squares in enumerate(_by_move(dist, passing, max(moves, 0))):
        for first, windows in pipes_at.get(d, ()):
            _carry_pipe(mant, expo, first, windows)
        step = d + 1
        for square in squares:
            m = mant[square]
            e = expo[square]
            if m >= EXACT_LIMIT or e:
                m, e = _settle(mant, expo, square)
            for end in end_of[square + 1 : square + 7]:  # the slice stops at the last square
                if dist[end] == step:
                    if expo[end] == e:
                        mant[end] += m
                    else:
                        _add_into(mant, expo, end, m, e)
    return mant, expo


def _count_paths(board: Board, search: Search, dist: list[int | None], moves: int) -> Magnitude:
    """Roll sequences of ``moves`` moves from square 1 to the last, every one a shortest game."""
    if moves < 0:
        return Magnitude.of(0)
    mant, expo = optimal_counts(board, dist, moves, search)
    return count_magnitude(mant[board.last], expo[board.last])


@dataclass(frozen=True)
class Reached:
    """What the plain breadth-first search found (``breadth_first``).

    ``dist[s]`` is the least number of moves to stand on s (None where never, or
    beyond ``limit``), ``mant``/``expo`` the optimal counts as ``optimal_counts``
    gives them, ``pred[s]`` the square a shortest game stands on before s, and
    ``order`` the squares in the order they were reached.  ``limit`` is None
    when every square that can be stood on is in ``dist``, else the largest
    distance in it (the answer: the search stopped once its layer was complete).
    """

    dist: list[int | None]
    mant: list[Any]
    expo: list[int]
    pred: list[int]
    order: list[int]
    limit: int | None


def breadth_first(board: Board, *, complete: bool = False) -> Reached:
    """Breadth-first search from square 1, counting optimal games as it goes.

    Without ``complete`` it stops once the layer holding the last square is
    complete: every square first stood on after ``moves`` moves or fewer is
    found, and nothing farther, so it does what the textbook search does plus
    the rest of the layer it stops in.  Counts are exact (``mant``/``expo``) for
    every square nearer than that and for the last square; once the last square
    is found, the rest of the layer only marks the squares it reaches and adds to
    the last square's count.  A square's count is complete when it is taken from
    the queue (every square one move nearer was taken before it).  O(n²) time and
    memory at most (lists of n² + 1 are allocated at C speed), about six list
    operations per square reached.

    >>> found = breadth_first(Board(3, {2: 8}))
    >>> found.dist, found.limit
    ([None, 0, None, 1, 1, 1, 1, 1, 1, 2], 2)
    """
    walk = _walk(board, complete=complete)
    limit = walk.dist[walk.last] if walk.found and not complete else None
    expo = walk.expo if walk.expo is not None else [0] * (walk.last + 1)
    return Reached(walk.dist, walk.mant, expo, walk.pred, walk.order, limit)


def _walk(board: Board, *, complete: bool) -> _Walk:
    """``breadth_first``'s search, with ``expo`` None while every count is a small int."""
    last = board.last
    walk = _Walk(board.flat, last, [None] * (last + 1), [0] * (last + 1), None, [0] * (last + 1), [1], complete)
    walk.dist[1] = 0
    walk.mant[1] = 1
    queue = iter(walk.order)  # the list grows as the search goes
    first = _small_layers(walk, queue)
    if first is not None:
        walk.expo = [0] * (last + 1)
        _large_layers(walk, queue, first)
    if walk.found and not complete:
        _finish_layer(walk)
    return walk


# The counts of the first 38 layers are below 6^38 < EXACT_LIMIT: exact ints, with no check.
_SMALL_STEPS = 38


def _safe_layers(total: int) -> int:
    """How many layers from one whose counts add up to ``total`` can be expanded with every count
    an int below EXACT_LIMIT: the layer k moves on adds up to at most total × 6^k.

    >>> _safe_layers(1), _safe_layers(EXACT_LIMIT // 36), _safe_layers(EXACT_LIMIT // 6 + 1)
    (38, 2, 0)
    """
    layers = 0
    bound = total * 6
    while bound < EXACT_LIMIT:
        layers += 1
        bound *= 6
    return layers


@dataclass
class _Walk:
    """The state ``breadth_first``'s loops share: the board's cells, the lists it fills, where
    the layer being expanded ends in ``order`` (``boundary``) and where the search is in it
    (``position``, the next square's index), and whether the last square has been reached."""

    cells: Sequence[int]
    last: int
    dist: list[int | None]
    mant: list[Any]
    expo: list[int] | None
    pred: list[int]
    order: list[int]
    complete: bool
    boundary: int = 1
    position: int = 1
    found: bool = False


def _small_layers(walk: _Walk, queue: Iterator[int]) -> int | None:
    """Expand squares while every count is an int below EXACT_LIMIT (6 × a layer's total bounds
    the next layer's, so counts are added up only once every ``_safe_layers`` layers), with
    nothing but the textbook's work and two list writes per square reached.  Returns the first
    square of the first layer whose counts may be larger (not expanded yet), or None when the
    search is over or the last square found."""
    cells, last, dist, mant, pred, order = walk.cells, walk.last, walk.dist, walk.mant, walk.pred, walk.order
    append = order.append
    current = -1
    step = 0
    boundary = 1
    check_at = _SMALL_STEPS + 1  # the first layer whose counts may reach EXACT_LIMIT
    found = False
    for x in queue:
        d: int = dist[x]  # type: ignore[assignment]
        if d != current:  # the first square of a layer: every square of the layer is in order now
            current = d
            step = d + 1
            boundary = len(order)
            if step >= check_at:
                start = len(order) - queue.__length_hint__() - 1  # type: ignore[attr-defined]
                safe = _safe_layers(sum(map(mant.__getitem__, order[start:])))
                if not safe:
                    return x
                check_at = step + safe
        m = mant[x]
        # jscpd:ignore-start -- the six rolls from x, as searches/plain.py reads them: the hot loop of
        # both searches is written out in each (a shared generator would cost a call per square).
        landing = x
        for y in cells[x + 1 : x + 7]:  # play starts on square 1: a jump there is never landed on
            landing += 1
            if y < 0:
                y = landing
            # jscpd:ignore-end
            here = dist[y]
            if here is None:
                dist[y] = step
                mant[y] = m
                pred[y] = x
                append(y)
                if y == last:
                    found = True
            elif here == step:
                mant[y] += m
        if found and not walk.complete:
            break
    _stopped(walk, found, boundary, queue)
    return None


def _stopped(walk: _Walk, found: bool, boundary: int, queue: Iterator[int]) -> None:
    """Record where a layered expansion stopped: whether it found the last square, where the layer
    it stopped in begins in ``walk.order``, and how far along ``order`` it had expanded."""
    walk.found = found
    walk.boundary = boundary
    walk.position = len(walk.order) - queue.__length_hint__()  # type: ignore[attr-defined]


def _count_of(mant: list[Any], expo: list[int], x: int) -> tuple[Any, int]:
    """Square ``x``'s count as (mantissa, block exponent), settled first if it may have passed
    EXACT_LIMIT since it was last settled (an int at or over it, or any float at or over _HUGE)."""
    m = mant[x]
    e = expo[x]
    if (m >= EXACT_LIMIT or e) and (m >= _HUGE or type(m) is int):  # else settled already
        m, e = _settle(mant, expo, x)
    return m, e


def _large_layers(walk: _Walk, queue: Iterator[int], first: int) -> None:
    """Expand ``first`` and the squares after it, with counts of any size: a float mantissa and a
    block exponent once past EXACT_LIMIT (``_settle``, ``_add_into``)."""
    cells, last, dist, mant, pred, order = walk.cells, walk.last, walk.dist, walk.mant, walk.pred, walk.order
    expo: list[int] = walk.expo  # type: ignore[assignment]
    append = order.append
    current = -1
    step = 0
    boundary = 1
    found = False
    for x in chain((first,), queue):
        d: int = dist[x]  # type: ignore[assignment]
        if d != current:
            current = d
            step = d + 1
            boundary = len(order)
        m, e = _count_of(mant, expo, x)
        landing = x
        for y in cells[x + 1 : x + 7]:
            landing += 1
            if y < 0:
                y = landing
            here = dist[y]
            if here is None:
                dist[y] = step
                mant[y] = m
                expo[y] = e
                pred[y] = x
                append(y)
                if y == last:
                    found = True
            elif here == step:
                if expo[y] == e:
                    mant[y] += m
                else:
                    _add_into(mant, expo, y, m, e)
        if found and not walk.complete:
            break
    _stopped(walk, found, boundary, queue)


def _landings(cells: Sequence[int], x: int) -> Iterator[int]:
    """Where the six rolls from ``x`` end, jumps taken (the searches' hot loops write this out)."""
    landing = x
    for y in cells[x + 1 : x + 7]:
        landing += 1
        yield landing if y < 0 else y


def _finish_layer(walk: _Walk) -> None:
    """The rest of the layer the last square was found from: mark the squares it reaches (their
    distance is the answer) and add to the last square's count, and nothing more."""
    cells, last, dist, mant, expo, pred = walk.cells, walk.last, walk.dist, walk.mant, walk.expo, walk.pred
    append = walk.order.append
    step = dist[last]
    for x in walk.order[walk.position : walk.boundary]:
        m, e = (mant[x], 0) if expo is None else _count_of(mant, expo, x)
        for y in _landings(cells, x):
            if dist[y] is None:
                dist[y] = step
                pred[y] = x
                append(y)
            elif y == last:
                if expo is None or expo[last] == e:
                    mant[last] += m
                else:
                    _add_into(mant, expo, last, m, e)


def _bfs_path(last: int, pred: list[int], cells: Sequence[int]) -> tuple[list[int], list[int]]:
    """The squares stood on and the squares landed on along the game ``breadth_first`` found first."""
    squares = [last]
    landings = []
    y = last
    while y != 1:
        x = pred[y]
        # The first roll from x that ends on y: a jump to y, or a plain landing on y itself.
        end = cells[x + 1]
        if end == y or (end < 0 and x + 1 == y):
            roll = 0  # most often, on long boards
        else:
            ends = cells[x + 1 : x + 7]
            roll = ends.index(y) if y in ends else 6
            plain = y - x - 1
            if 0 <= plain < roll and ends[plain] < 0:
                roll = plain
        landings.append(x + 1 + roll)
        y = x
        squares.append(y)
    squares.reverse()
    landings.reverse()
    return squares, landings


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


def solve(board: Board | Any) -> Solution:
    """Solve a board: moves, one shortest path with its rolls, and per-square detail
    (distances up to the answer: see ``Solution.distances_limit``).

    >>> s = solve(Board(6, {2: 15, 14: 35, 17: 13}))
    >>> s.moves, s.path, s.distances_limit
    (4, (1, 15, 13, 35, 36), 4)
    >>> [(m.roll, m.landing, m.jump) for m in s.steps]
    [(1, 2, 'ladder'), (2, 17, 'snake'), (1, 14, 'ladder'), (1, 36, None)]
    """
    board = to_board(board)
    last = board.last
    if uses_plain(board):
        found = _walk(board, complete=False)
        dist = found.dist
        final = dist[last]
        moves = final if final is not None else -1
        game = _bfs_path(last, found.pred, board.flat) if moves >= 0 else None
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
        count = _count_paths(board, search, dist, moves)
        explored = len(dist) - dist.count(None)
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
    )
