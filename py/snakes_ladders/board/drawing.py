"""How wide the page draws a jump: the corridor each picture keeps within, shared with the drawing.

The page draws a snake as a swaying, tapering body with a head on its start square and a ladder as two
rails with rungs (web/board/jumpart.mjs), in *squares* (a square's side is 1).  Every point of a
picture, its outline's stroke included, lies within ``SNAKE_HALF_WIDTH`` (a snake) or
``LADDER_HALF_WIDTH`` (a ladder) of the straight segment between the centres of its two squares: the
jump's *corridor*, a capsule around that segment.  jumpart.mjs sizes its sway, body, head, rails and
feet from these numbers (``tools/contract.py`` writes them into web/core/contract.mjs as
``JUMP_DRAWING``), so a check made on corridors here is a check of the drawing people see; the browser
tests measure the drawn outlines against them.

The widths are exact fractions so that the tidy check (``generate.tidy``) compares squared distances
between lattice points in integers.  A tidy board keeps any two corridors at least ``CLEARANCE`` apart.

>>> corridor(True) + corridor(False) + CLEARANCE  # the least distance between a ladder's and a snake's segments
Fraction(13, 20)
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["CLEARANCE", "LADDER_HALF_WIDTH", "SNAKE_HALF_WIDTH", "corridor", "drawing_to_json"]

#: A snake's picture lies within this many squares of its centre segment: its body (half width 0.13 at
#: the neck, its edge's stroke, and a sway of at most what is left) and its head (an oval around its
#: start square's centre).
SNAKE_HALF_WIDTH = Fraction(3, 10)
#: A ladder's picture lies within this many squares of its centre segment: rails 0.15 either side, their
#: stroke, and feet and top a little past the centres (as far as the rest of the width allows).
LADDER_HALF_WIDTH = Fraction(1, 4)
#: The least gap, in squares, between the corridors of two jumps of a tidy board.
CLEARANCE = Fraction(1, 10)


def corridor(up: bool) -> Fraction:
    """The half width of a ladder's (``up``) or a snake's corridor, in squares."""
    return LADDER_HALF_WIDTH if up else SNAKE_HALF_WIDTH


def drawing_to_json() -> dict[str, float]:
    """The widths as the page reads them (web/core/contract.mjs's ``JUMP_DRAWING``).

    >>> drawing_to_json()
    {'snakeHalfWidth': 0.3, 'ladderHalfWidth': 0.25, 'clearance': 0.1}
    """
    return {
        "snakeHalfWidth": float(SNAKE_HALF_WIDTH),
        "ladderHalfWidth": float(LADDER_HALF_WIDTH),
        "clearance": float(CLEARANCE),
    }
