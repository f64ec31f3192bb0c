"""Snakes and ladders on the zig-zag board: LeetCode 909 solved exactly.

>>> from snakes_ladders import Board, min_moves
>>> min_moves(Board(6, {2: 15, 14: 35, 17: 13}))
4
"""

from .board import MAX_SIZE, MIN_SIZE, Board, BoardError, cell_to_square, square_to_cell
from .explain import Explanation, explain
from .markov import Analysis, analyze
from .play import Game, play
from .rules import CLASSIC, LEETCODE, Rules, RulesError
from .solve import Move, Solution, min_moves, shortest_path, solve

__version__ = "0.1.0"

__all__ = [
    "CLASSIC",
    "LEETCODE",
    "MAX_SIZE",
    "MIN_SIZE",
    "Analysis",
    "Board",
    "BoardError",
    "Explanation",
    "Game",
    "Move",
    "Rules",
    "RulesError",
    "Solution",
    "analyze",
    "cell_to_square",
    "explain",
    "min_moves",
    "play",
    "shortest_path",
    "solve",
    "square_to_cell",
]
