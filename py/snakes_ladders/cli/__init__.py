"""The command line: ``python -m snakes_ladders`` (or the installed ``snakes-ladders``).

``commands`` reads the arguments and answers solve, moves, validate, analyze, explain and play through
the same boundary as the browser (``api.answer``); ``generating`` is the ``generate`` command and
``check`` the ``check`` command, which runs a solution on the practice battery in a child process and
reads its results from a pipe (``channel``), the child contained by ``containment`` (its memory capped,
and on Linux run under ``warden.py``, which kills all it leaves running).  This room is the only one
that starts processes or parses arguments, and the browser's copy of the package leaves it out.
"""

from __future__ import annotations

from .commands import main

__all__ = ["main"]
