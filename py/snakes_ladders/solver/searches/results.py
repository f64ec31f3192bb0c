"""What the runner search leaves behind: every square's distance, and one shortest game.

Proof sketch, point 6 (points 1-5 are in :mod:`snakes_ladders.solver.searches.runner`).

6. *Paths.*  Every landed square belongs to a segment (a step's window or a
   claim) with one constant c such that D(x) = (x + c) // 6 and the square that
   moved onto x is x - (x + c) % 6 - 1 (the runner's square for a step; the top
   of the previous window inside a stretch).  A shortest game is rebuilt
   backwards from N through these predecessors.  Where there is a choice, it
   arrives on a square by a jump when one lands there at the right move, and
   comes from a square reached by a jump when one is in range; inside a
   stretch the game runs back six squares a move and is taken in one slice.

Both readings cost O(N) at C speed (slices and ``bytearray`` scans) plus O(1) per jump and per
move of the game outside stretches.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .runner import Search

__all__ = ["distances", "segments", "shortest_game"]


def segments(search: Search) -> list[tuple[int, int, int]]:
    """Every landed segment as ``(first, end, c)``: squares first..end-1 have D = (x + c) // 6."""
    segstart = search.segstart
    landed = search.landed
    segc = search.segc
    firsts = sorted(a for a in segc if segstart[a])
    out = []
    for i, a in enumerate(firsts):
        bound = firsts[i + 1] if i + 1 < len(firsts) else search.last + 1
        end = landed.find(0, a, bound)
        out.append((a, bound if end < 0 else end, segc[a]))
    return out


def distances(search: Search, limit: int | None = None) -> list[int | None]:
    """``dist[s]`` for every square of a search run to completion (None where never stood on;
    ``dist[0]`` is None), or with ``limit`` for the squares at most ``limit`` moves away."""
    last = search.last
    dist: list[int | None] = [None] * (last + 1)
    found = segments(search)
    top = max((end - 1 + c for _, end, c in found), default=0) // 6 + 1
    if limit is not None:
        top = min(top, limit)
        # D(x) = (x + c) // 6 <= limit exactly for x < 6 (limit + 1) - c
        found = [(a, min(end, 6 * (limit + 1) - c), c) for a, end, c in found]
    if found:
        stair = list(chain.from_iterable(zip(*[range(top + 1)] * 6, strict=True)))
        for a, end, c in found:
            if a < end:
                dist[a:end] = stair[a + c : end + c]
    for s in search.ends:
        dist[s] = None
    for t, layer in search.pointlayer.items():
        here = dist[t]
        if (here is None or layer < here) and (limit is None or layer <= limit):
            dist[t] = layer
    return dist


def shortest_game(search: Search, moves: int) -> tuple[list[int], list[int]]:
    """One shortest game of ``moves`` moves on a search that reached the last square: the
    squares stood on (1 first) and the square landed on by each move (point 6)."""
    into: dict[int, list[int]] = {}
    isdest = bytearray(search.last + 2)
    for s, t in search.ends.items():
        into.setdefault(t, []).append(s)
        isdest[t] = 1
    ispoint = bytearray(search.last + 2)
    for t in search.pointlayer:
        ispoint[t] = 1
    dest_by_residue = [isdest[r::6] for r in range(6)]  # square r + 6i at index i
    squares = [search.last]
    landings: list[int] = []
    d = moves
    landing = search.first_landing
    pred = search.first_pred
    while d:
        if landing == 0:
            landing = _arrival(search, squares[-1], d, into)
        if pred:
            x = pred
            pred = 0
            a = x + 1  # no slice through a stretch from here
            c = 0
        else:
            x, a, c = _predecessor(search, landing, d, ispoint)
        landings.append(landing)
        squares.append(x)
        d -= 1
        landing = 0
        if x >= a and (x + c) % 6 == 5:
            d = _run_back(x, a, d, dest_by_residue, ispoint, squares, landings)
    squares.reverse()
    landings.reverse()
    return squares, landings


def _arrival(search: Search, y: int, d: int, into: dict[int, list[int]]) -> int:
    """The square landed on by move d to end on y: the start of a jump that ends there at
    move d when there is one, else y itself."""
    if search.pointlayer.get(y) == d:
        return search.via[y]
    for s in into.get(y, ()):
        if search.landed[s] and search.landing_move(s) == d:
            return s
    return y


def _predecessor(search: Search, landing: int, d: int, ispoint: bytearray) -> tuple[int, int, int]:
    """The square stood on by move d - 1 that moves onto ``landing`` with move d, preferring one
    reached by a jump, with the first square ``a`` and constant ``c`` of landing's segment."""
    pointlayer = search.pointlayer
    a = search.segstart.rfind(1, 0, landing + 1)
    c = search.segc[a]
    x = landing - (landing + c) % 6 - 1
    for q in range(landing - 1, max(landing - 7, 0), -1):
        # reached by a jump at move d - 1, and not sooner by a landing
        if (ispoint[q] and pointlayer[q] == d - 1) and (
            search.isstart[q] or not search.landed[q] or search.landing_move(q) >= d - 1
        ):
            return q, a, c
    return x, a, c


def _run_back(
    x: int,
    a: int,
    d: int,
    dest_by_residue: list[bytearray],
    ispoint: bytearray,
    squares: list[int],
    landings: list[int],
) -> int:
    """Inside a stretch the path runs back six squares a move: take that run in one slice,
    down to the segment's start ``a``, but stop above a square some jump arrives on and above
    the windows of squares reached by a jump.  Returns the moves left to rebuild."""
    r = x % 6
    low = x - 6 * ((x - a) // 6)
    j = dest_by_residue[r].rfind(1, (low - r) // 6, (x - r) // 6 + 1)
    if j >= 0:
        low = r + 6 * j + 6
    p = ispoint.rfind(1, max(low - 6, 0), x + 1)
    if p >= 0:
        low = max(low, p + 7 + (x - p - 7) % 6)
    if low <= x:
        landings.extend(range(x, low - 1, -6))
        squares.extend(range(x - 6, low - 7, -6))
        d -= (x - low) // 6 + 1
    return d
