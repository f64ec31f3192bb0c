"""Where the board generator may put snakes and ladders, and random placements within that.

A ``Layout`` holds the limits of one generation request (``generate.Spec``):
jumps start on squares 2..n²-1 and end on 1..n², all their squares different,
each ending on another row than it starts on, at most ``max_jump`` squares
long, and with ``no_edge_rows`` off the first and last rows.  ``place`` draws a
new jump and ``nudge`` shifts one end of a jump, both by rejection sampling
with at most ``PLACE_TRIES`` draws, so each call is O(PLACE_TRIES).

>>> import random
>>> layout = Layout(6, no_edge_rows=True, max_jump=10)
>>> layout.place(random.Random(3), up=True, used=set())
(14, 23)
"""

from __future__ import annotations

import random

__all__ = ["PLACE_TRIES", "Jump", "Layout"]

#: Draws one placement or nudge makes before it gives up.
PLACE_TRIES = 64

Jump = tuple[int, int]


class Layout:
    """The squares and lengths allowed for jumps on one size of board, under one set of limits."""

    def __init__(self, n: int, *, no_edge_rows: bool = False, max_jump: int | None = None) -> None:
        last = n * n
        self.n = n
        self.low = n + 1 if no_edge_rows else 1  # the lowest square a jump may touch
        self.high = last - n if no_edge_rows else last  # and the highest
        self.first_start = max(2, self.low)
        self.last_start = min(last - 1, self.high)
        self.longest = max_jump if max_jump is not None else last

    def ends(self, start: int, up: bool) -> tuple[int, int]:
        """The lowest and highest end allowed for a ladder (``up``) or snake from ``start``.

        >>> Layout(6).ends(8, up=True), Layout(6, max_jump=4).ends(8, up=False)
        ((13, 36), (4, 6))
        """
        row_start = (start - 1) // self.n * self.n + 1  # the first square of start's row
        if up:
            return max(row_start + self.n, self.low), min(start + self.longest, self.high)
        return max(start - self.longest, self.low), min(row_start - 1, self.high)

    def allows(self, jump: Jump, up: bool, used: set[int]) -> bool:
        """Whether ``jump`` keeps the limits and touches no square in ``used``."""
        start, end = jump
        if not self.first_start <= start <= self.last_start or start in used or end in used:
            return False
        low, high = self.ends(start, up)
        return low <= end <= high

    def place(self, rng: random.Random, up: bool, used: set[int]) -> Jump | None:
        """A random ladder (``up``) or snake clear of ``used``, or None after ``PLACE_TRIES`` draws."""
        for _ in range(PLACE_TRIES):
            start = rng.randint(self.first_start, self.last_start)
            if start in used:
                continue
            low, high = self.ends(start, up)
            if low > high:
                continue
            end = rng.randint(low, high)
            if end not in used:
                return start, end
        return None

    def nudge(self, rng: random.Random, jump: Jump, up: bool, used: set[int]) -> Jump | None:
        """``jump`` with its start or its end moved by up to n squares, or None when no draw fits."""
        start, end = jump
        for _ in range(PLACE_TRIES):
            shift = rng.randint(1, self.n) * rng.choice((-1, 1))
            moved = (start + shift, end) if rng.random() < 0.5 else (start, end + shift)
            if self.allows(moved, up, used):
                return moved
        return None
