"""Boards generated to a target: a size, numbers of snakes and ladders, least moves, expected rolls.

``spec`` is what the generator is asked for (``Spec``, ``Targets``, their limits and checks), ``search``
the search for a board meeting them (``generate``), with ``placement`` drawing jumps within the spec's
limits, ``tidy`` keeping a board's jumps apart, ``expected`` the fast exact expected rolls it searches
on, and ``result`` what it gives back (``Generated``, ``Progress``, their JSON); ``classset`` makes a
class set of equally hard boards.

Only the spec is imported with this room (the API reads its limits and checks a request with it); the
search and the class sets are imported from their modules on first use (``api.LATER``).
"""

from __future__ import annotations

from .spec import (
    DEFAULT_EVALUATIONS,
    MAX_EVALUATIONS,
    MAX_GENERATE_SIZE,
    MAX_WORK,
    GenerateError,
    Impossible,
    Spec,
    Targets,
)

__all__ = [
    "DEFAULT_EVALUATIONS",
    "MAX_EVALUATIONS",
    "MAX_GENERATE_SIZE",
    "MAX_WORK",
    "GenerateError",
    "Impossible",
    "Spec",
    "Targets",
]
