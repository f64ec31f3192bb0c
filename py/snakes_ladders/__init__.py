"""Snakes and ladders on the zig-zag board: LeetCode 909 solved exactly.

>>> from snakes_ladders import Board, min_moves
>>> min_moves(Board(6, {2: 15, 14: 35, 17: 13}))
4

Random play (``play``, ``Game``), its analysis (``analyze``, ``Analysis``) and the
search explained (``explain``, ``Explanation``) are imported on first use, as the
JSON API imports them (``api.LATER``): a program that only solves never pays for them.
No module is named after a function the package exports, so importing one never hides it.

The package is a house of rooms, each a subpackage whose ``__init__`` hands on its names, imports
going one way, down: ``board`` (the board, its rules of play, errors), then ``solver`` (LeetCode 909),
``chance`` (random play analysed exactly) and ``game`` (games played out), then ``practice`` and
``generate``, then ``api`` (JSON in, JSON out) and ``cli`` (the command line).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .board import (
    CLASSIC,
    LEETCODE,
    MAX_SIZE,
    MIN_SIZE,
    Board,
    BoardError,
    Rules,
    RulesError,
    cell_to_square,
    square_to_cell,
)
from .solver import Move, Solution, min_moves, shortest_path, solve

if TYPE_CHECKING:
    from .chance import Analysis, analyze
    from .game import Game, play
    from .solver.explanation import Explanation, explain

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

#: The names imported on first use, and the module of each.
_LATER = {
    "Explanation": "solver.explanation",
    "explain": "solver.explanation",
    "Analysis": "chance",
    "analyze": "chance",
    "Game": "game",
    "play": "game",
}


def __getattr__(name: str) -> Any:
    """Import ``name``'s module on first use (PEP 562) and keep the name, as an eager import would."""
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})
