"""Counting the shortest games: the roll sequences that stand on each square in the fewest moves.

Counts are carried exactly while they are small and as a float mantissa and a block exponent
from ``EXACT_LIMIT`` on (``settle``, ``add_into``), so every addition is O(1) in time and memory.
``optimal_counts`` counts from distances already found, and carries the counts across the runner
search's clean stretches many moves at once; ``breadth`` counts as its search goes.
"""

from __future__ import annotations

from itertools import compress
from math import comb, ldexp
from typing import Any

from ..board import Board
from .bignum import EXACT_LIMIT, Magnitude
from .searches import Search

__all__ = ["add_into", "count_magnitude", "count_of", "count_paths", "optimal_counts", "settle"]


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


def add_into(mant: list[Any], expo: list[int], square: int, m: float, e: int) -> None:
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


def settle(mant: list[Any], expo: list[int], square: int) -> tuple[Any, int]:
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
    start = [settle(mant, expo, first + q) for q in range(6)]
    for j in range(6):
        for q in range(j, 6):
            m, e = start[q]
            if m:
                term = weight[q - j] * m
                if expo[out + j] == e:
                    mant[out + j] += term
                else:
                    add_into(mant, expo, out + j, term, e)


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
                m, e = settle(mant, expo, square)
            for end in end_of[square + 1 : square + 7]:  # the slice stops at the last square
                if dist[end] == step:
                    if expo[end] == e:
                        mant[end] += m
                    else:
                        add_into(mant, expo, end, m, e)
    return mant, expo


def count_paths(board: Board, search: Search, dist: list[int | None], moves: int) -> Magnitude:
    """Roll sequences of ``moves`` moves from square 1 to the last, every one a shortest game."""
    if moves < 0:
        return Magnitude.of(0)
    mant, expo = optimal_counts(board, dist, moves, search)
    return count_magnitude(mant[board.last], expo[board.last])


def count_of(mant: list[Any], expo: list[int], x: int) -> tuple[Any, int]:
    """Square ``x``'s count as (mantissa, block exponent), settled first if it may have passed
    EXACT_LIMIT since it was last settled (an int at or over it, or any float at or over _HUGE)."""
    m = mant[x]
    e = expo[x]
    if (m >= EXACT_LIMIT or e) and (m >= _HUGE or type(m) is int):  # else settled already
        m, e = settle(mant, expo, x)
    return m, e


def count_at(mant: list[Any], expo: list[int] | None, x: int) -> tuple[Any, int]:
    """``count_of``, where ``expo`` is None while every count is a small int (block 0)."""
    return (mant[x], 0) if expo is None else count_of(mant, expo, x)


def add_count(mant: list[Any], expo: list[int] | None, square: int, m: Any, e: int) -> None:
    """``square``'s count += m in block e (``expo`` None: every count a small int, in block 0)."""
    if expo is None or expo[square] == e:
        mant[square] += m
    else:
        add_into(mant, expo, square, m, e)
