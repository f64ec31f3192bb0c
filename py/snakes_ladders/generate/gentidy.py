"""The generator's moves on a tidy board (``generate.Spec.tidy``): the check of a drawn jump against the
others, and the fresh placement of a jump that pushes aside the few it meets.

Each is incremental: a drawn jump is tested against the other jumps only, O(jumps) segment tests a draw
(``tidy.Tidy.clear``), never the whole board again, which is tidy already.
"""

from __future__ import annotations

import random

from .placement import Fits, Jump, Layout
from .tidy import Tidy

__all__ = ["EVICT", "evict", "fits"]

#: The most jumps a tidy board's fresh placement of one jump may push aside (``evict``).
EVICT = 2


def fits(tidy: Tidy | None, others: list[Jump]) -> Fits:
    """The tidy check of a drawn jump against ``others`` (O(len(others)) segment tests), or None (not tidy)."""
    return None if tidy is None else lambda jump: tidy.clear(jump, others)


def evict(
    layout: Layout, tidy: Tidy, rng: random.Random, kinds: tuple[bool, ...], jumps: list[Jump], i: int, used: set[int]
) -> list[Jump] | None:
    """A tidy board's "place afresh": jump ``i`` drawn anywhere its limits allow (``used``: the other jumps'
    squares), and the jumps it meets, at most ``EVICT`` of them, drawn again clear of the rest; None when a
    draw fails or it meets more.  Without it a long jump could hardly ever move where others lie already.
    O(EVICT·PLACE_TRIES·jumps) segment tests.

    >>> board = [(2, 40), (21, 4)]  # crossing on purpose: the second is drawn again
    >>> moved = evict(Layout(10), Tidy(10), random.Random(1), (True, False), board, 0, {21, 4})
    >>> moved is not None and Tidy(10).board(moved)
    True
    """
    moved = layout.place(rng, kinds[i], used)
    if moved is None:
        return None
    others = [*jumps[:i], *jumps[i + 1 :]]
    meeting = tidy.meeting(moved, others, EVICT)
    if meeting is None:
        return None
    board = [*jumps[:i], moved, *jumps[i + 1 :]]
    for k in meeting:
        j = k if k < i else k + 1  # its index on the board
        rest = [jump for m, jump in enumerate(board) if m != j]
        placed = layout.place(rng, kinds[j], {square for jump in rest for square in jump}, fits(tidy, rest))
        if placed is None:
            return None
        board[j] = placed
    return board
