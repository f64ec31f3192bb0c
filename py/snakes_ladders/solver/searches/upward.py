"""The upward pass: one sweep from square 1 up, for boards without snakes.

Proof sketch (point 7 of the searches' proof; terms as in :mod:`snakes_ladders.solver.searches`).

7. *Boards without snakes.*  When every jump goes up, nothing ever moves a
   token down, so dist(x) depends only on squares below x, and one pass upwards
   computes it: D(x) = 1 + min dist over x-6..x-1 (squares stood on), dist(x) =
   D(x) for a plain square and the least D(s) over ladders s -> x where one ends
   on x (a start is stood on only that way).  Write key(y) = 6 dist(y) - y; then
   for every x in (y, y+6], dist(y) + 1 = ceil((x + key(y)) / 6), so D(x) =
   ceil((x + K) / 6) with K the least key in x's window.  On a run of squares
   that are neither starts nor ladder ends ("quiet") the least key K of the
   window below the run gives dist(x) = ceil((x + K) / 6) for the whole run:
   the walk from the best square y of that window standing on y+6, y+12, ...
   stands only on run squares, and no game does better (induction over the
   run).  The keys along the run are then K + ((-x - K) mod 6), a "stair" whose
   every six consecutive squares have least key exactly K, and whose five
   squares below an event e have least key K + 1 when (e + K) is a multiple of
   6 and K otherwise.  So the pass only does work at starts and ladder ends
   (O(1) each when they are seven or more squares apart, six squares of plain
   arithmetic when closer), in increasing order of square.

The pass visits only the starts and the ladder ends, in order.  Between two of them it keeps
either the keys of the six squares below (``keys[y % 6]``) or, after a lone event, just the
stair constant and the event's own key.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...board import Board

__all__ = ["min_moves"]

# The stair of keys left by a quiet run with least key k: _STAIR[k % 6][y % 6] is
# the key of square y minus k (point 7).
_STAIR = [tuple((-r - k) % 6 for r in range(6)) for k in range(6)]

_NEVER = 1 << 62  # the key of a square not stood on; every real key is far below it


def min_moves(board: Board) -> int | None:
    """The least number of moves by one pass upwards (without snakes the last square is
    always reached); None when a snake goes down, which this pass cannot follow (point 7).
    O(J log J) for J jumps: the events are sorted, then each costs O(1).

    >>> min_moves(Board(6, {2: 15, 14: 35})), min_moves(Board(1000)), min_moves(Board(6, {17: 13}))
    (4, 166667, None)
    """
    up = _ladders(board.jump_map)
    if up is None:
        return None
    last = board.last
    arrive: dict[int, int] = {}  # ladder end -> least D over the ladders ending there
    keys = [_NEVER] * 6  # keys[y % 6] for the six squares below x
    keys[1] = -1  # square 1, stood on after 0 moves
    x = 2
    # After a lone event ``prev``: the window below prev + 1 is the stair of
    # stair_k on prev-5..prev-1 and key_prev on prev; ``keys`` is not kept then.
    stair = False
    stair_k = key_prev = prev = 0
    k = 0
    for e in sorted({*up, *up.values(), last}):
        if stair:
            if e - prev >= 7:
                # Six or more quiet squares since prev: e's window is a stair.
                k = stair_k + 1 if (prev + stair_k) % 6 == 0 else stair_k
                k = min(k, key_prev)
                pure = True
            else:
                keys = [stair_k + o for o in _STAIR[stair_k % 6]]
                keys[prev % 6] = key_prev
                x = prev + 1
                stair = False
        if not stair:
            if e - x >= 6:
                k = min(keys)  # squares x..e-1 are quiet: e's window is the stair of k
                pure = True
            else:
                while x < e:  # a quiet square close to the last event
                    keys[x % 6] = 6 * ((x + min(keys) + 5) // 6) - x
                    x += 1
                k = min(keys)
                pure = False
        key = _settle(e, (e + k + 5) // 6, up.get(e), arrive)
        if e == last:
            return (key + e) // 6  # always reached: without snakes every move goes up at least one square
        if pure:
            stair = True
            stair_k = k
            key_prev = key
            prev = e
        else:
            keys[e % 6] = key
            x = e + 1
    raise AssertionError("the last square is always an event")


def _ladders(jumps: Mapping[int, int]) -> dict[int, int] | None:
    """The ladders ``{start: end}`` (square 1's jump, never taken, left out), or None on a snake."""
    up: dict[int, int] = {}
    for s, t in jumps.items():
        if t > s:
            if s != 1:  # play starts on square 1: a jump there is never taken
                up[s] = t
        elif t < s and s != 1:
            return None
    return up


def _settle(e: int, d: int, up_end: int | None, arrive: dict[int, int]) -> int:
    """The key of event square ``e`` first landed on by move ``d``: a start records its ladder's
    arrival and is stood on only as a ladder's end; another square is stood on by move d or by
    the earliest ladder arriving on it."""
    if up_end is not None:
        arrived = arrive.get(up_end)
        if arrived is None or d < arrived:
            arrive[up_end] = d
        arrived = arrive.get(e)  # a start is stood on only as a ladder's end
        return 6 * arrived - e if arrived is not None else _NEVER
    arrived = arrive.get(e)
    if arrived is not None and arrived < d:
        d = arrived
    return 6 * d - e
