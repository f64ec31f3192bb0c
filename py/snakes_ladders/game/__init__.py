"""Games of chance played out: a seeded game, and one turn as the page's hot-seat game asks for it.

``turn.take_turn`` answers everything one roll decides (the step, the squares walked, who rolls next,
whether the game ended); ``seeded.play`` plays a whole game with it on a seeded die, so a seeded game
and the hot-seat game follow the same rules by construction.

The API imports these modules on first use (``api.LATER``).
"""

from __future__ import annotations

from .seeded import ROLLS_PER_TURN, Game, play
from .turn import End, Outcome, Table, Turn, TurnError, hopeless_positions, opening, remembered_table, take_turn

__all__ = [
    "ROLLS_PER_TURN",
    "End",
    "Game",
    "Outcome",
    "Table",
    "Turn",
    "TurnError",
    "hopeless_positions",
    "opening",
    "play",
    "remembered_table",
    "take_turn",
]
