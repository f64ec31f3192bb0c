"""The check command's frames as its child writes them: ``TOKEN JSON\\n`` lines on a pipe of their own.

The parent reads and checks them (``practice.frames``, ``cli.channel``).  Work: O(frame).
"""

from __future__ import annotations

import json
import os
from typing import Any


def encode(token: str, message: dict[str, Any]) -> bytes:
    """One frame: the token, a space, the message as ASCII JSON, a newline."""
    return f"{token} {json.dumps(message)}\n".encode("ascii")


def send(fd: int, frame: bytes) -> None:
    """Write all of ``frame`` to ``fd``."""
    view = memoryview(frame)
    while view:
        view = view[os.write(fd, view) :]


__all__ = ["encode", "send"]
