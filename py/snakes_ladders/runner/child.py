"""The check command's child process: the solution loaded once, then run on one board a request.

Started by ``cli.check`` as ``python -I -c`` with only this folder's parent on its path: the package is
not imported here, and nothing the solution could find (frames, ``gc``, ``sys.modules``) holds what it
is judged against.  Standard input carries JSON lines: first ``{"source", "channel", "token"}``, then
``{"board", "record"}`` for each run; each run is answered on the channel with ``printed`` frames as it
prints and one outcome frame (``wire``).  Work: a line read and one run a request.
"""

from __future__ import annotations

import json
import os
import sys

from .solution import loaded, outcome
from .wire import encode, send


def main() -> None:
    """Serve the parent: load, then one outcome frame for each board it sends, until its pipe closes."""
    job = json.loads(sys.stdin.buffer.readline())
    channel, token = int(job["channel"]), str(job["token"])
    os.set_inheritable(channel, False)  # not handed on to what the solution starts

    def say(message: dict[str, object]) -> None:
        send(channel, encode(token, message))

    solver, reply = loaded(str(job.pop("source")))
    say(reply)
    if solver is None:
        return
    for line in iter(sys.stdin.buffer.readline, b""):
        request = json.loads(line)
        say(outcome(solver, request["board"], lambda text: say({"printed": text}), bool(request["record"])))


if __name__ == "__main__":
    main()
