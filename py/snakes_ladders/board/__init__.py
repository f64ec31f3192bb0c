"""The board and its rules of play: the ground every other room stands on.

``model`` holds the Board type and the zig-zag numbering; ``checks`` what a board may hold (its sizes,
a jump's checks, BoardError); ``matrix`` reads a LeetCode matrix (at C speed in ``fastread``);
``rules`` the rules of play (start, overshoot, sixes) that the solver, random play and games share;
``errors`` the structured messages every room raises (the wording and its values, worded by each
boundary).  Other rooms import these names from here.
"""

from __future__ import annotations

from .checks import EMPTY, MAX_SIZE, MIN_SIZE, BoardError
from .errors import Key, MessageError, Number, Part, Quoted, Shown, ValueNames, render, show
from .matrix import check_matrix, read_matrix
from .model import Board, cell_to_square, square_to_cell, to_board
from .rules import (
    CLASSIC,
    DIE,
    LEETCODE,
    MAX_PLAYERS,
    MAX_SEED,
    MAX_TURNS,
    OFF_BOARD,
    OVERSHOOTS,
    SIXES,
    SIXES_TO_START,
    STARTS,
    JumpKind,
    Overshoot,
    Rules,
    RulesError,
    Step,
)

__all__ = [
    "CLASSIC",
    "DIE",
    "EMPTY",
    "LEETCODE",
    "MAX_PLAYERS",
    "MAX_SEED",
    "MAX_SIZE",
    "MAX_TURNS",
    "MIN_SIZE",
    "OFF_BOARD",
    "OVERSHOOTS",
    "SIXES",
    "SIXES_TO_START",
    "STARTS",
    "Board",
    "BoardError",
    "JumpKind",
    "Key",
    "MessageError",
    "Number",
    "Overshoot",
    "Part",
    "Quoted",
    "Rules",
    "RulesError",
    "Shown",
    "Step",
    "ValueNames",
    "cell_to_square",
    "check_matrix",
    "read_matrix",
    "render",
    "show",
    "square_to_cell",
    "to_board",
]
