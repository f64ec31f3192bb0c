"""LeetCode 909 solved exactly: the least moves, a shortest path, and the count of shortest games.

``solution`` answers (``solve``, ``min_moves``, ``shortest_path``, ``least_moves``) with the searches in
``searches/``, which choose the fastest exact search for the board; ``breadth`` is the plain breadth-first
search that counts shortest games as it goes, ``counting`` counts them from distances already found, in
``bignum``'s bounded numbers.  ``explanation`` lays the search out layer by layer for reading: it is
imported from its module on first use (``api.LATER``), so importing this room leaves it out.
"""

from __future__ import annotations

from .bignum import EXACT_LIMIT, Magnitude
from .solution import Move, Solution, least_moves, min_moves, shortest_path, solve

__all__ = [
    "EXACT_LIMIT",
    "Magnitude",
    "Move",
    "Solution",
    "least_moves",
    "min_moves",
    "shortest_path",
    "solve",
]
