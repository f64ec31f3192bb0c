"""Random play analysed exactly: the game of chance as an absorbing Markov chain, nothing simulated.

``markov.analyze`` gives every figure (``figures``' ``Analysis``): the chain of positions (``chain``),
its fundamental matrix by elimination (``elimination``), each jump's use (``jumpuse``), the length of a
game and of a race (``length``), the figures estimated past the elimination's budget (``estimates``),
under a sixes rule the chain of (position, 6s this turn) (``sixchain``, ``sixes``, ``turnlength``), and a
race's total rolls (``totals``).  The method is in ``markov``'s docstring.

The API imports this room on first use (``api.LATER``): a program that only solves never pays for it.
"""

from __future__ import annotations

from .elimination import HEADLINE_BUDGET, JUMP_USE_BUDGET
from .figures import Analysis, Approximation, Figure, JumpUse, figure_to_json
from .jumpuse import JumpUseRefused, jump_uses
from .length import MAX_TURNS, TAIL, Length, Race
from .markov import PROPAGATION_BUDGET, analyze

__all__ = [
    "HEADLINE_BUDGET",
    "JUMP_USE_BUDGET",
    "MAX_TURNS",
    "PROPAGATION_BUDGET",
    "TAIL",
    "Analysis",
    "Approximation",
    "Figure",
    "JumpUse",
    "JumpUseRefused",
    "Length",
    "Race",
    "analyze",
    "figure_to_json",
    "jump_uses",
]
