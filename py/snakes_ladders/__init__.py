"""Snakes and ladders on the zig-zag board: LeetCode 909 solved exactly.

>>> from snakes_ladders import Board, min_moves
>>> min_moves(Board(6, {2: 15, 14: 35, 17: 13}))
4
"""

from .board import MAX_SIZE, MIN_SIZE, Board, BoardError, cell_to_square, square_to_cell
from .solve import Move, Solution, min_moves, shortest_path, solve

__version__ = "0.1.0"

__all__ = [
    "MAX_SIZE",
    "MIN_SIZE",
    "Board",
    "BoardError",
    "Move",
    "Solution",
    "cell_to_square",
    "min_moves",
    "shortest_path",
    "solve",
    "square_to_cell",
]
