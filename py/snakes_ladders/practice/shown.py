"""Text a solution controls, made safe to show: its control characters written as visible escapes.

A solution's printed output, exception text and the values it returned reach a terminal through the
check command's report.  Printed as they are, an escape sequence can move the cursor, erase lines or
hide text (``print("\\x1b[1A\\x1b[2K" * 80 + "All 40 boards passed\\x1b[8m")`` makes a failing check
look passed), and a bidirectional override reorders what follows it.  ``terminal_text`` writes each
such character as an escape (``\\x1b``, ``\\x9b``, ``\\u202e``); ``json_text`` does the same in JSON's
own form (``\\u001b``) for text that is already JSON.  ``UNSHOWN`` is the one list of what counts,
the same as the page's (``web/practice/shown-text.mjs``; ``tests/fixtures/text/control-characters.json``
holds both to it): C0 controls but newline and tab (a line break and a move to the next tab stop,
which can neither erase nor hide text, and which printed tables use), DEL, C1 controls (``\\x9b`` is
a CSI on many terminals), the bidirectional marks, embeddings, overrides and isolates, and
surrogates (a str's surrogates are always lone: UTF-8 cannot write them).

Bounded work: one pass over the text (a single character class, nothing to backtrack).
"""

from __future__ import annotations

import re

__all__ = ["UNSHOWN", "json_text", "terminal_text"]

UNSHOWN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def terminal_text(text: str) -> str:
    r"""``text`` with every character of ``UNSHOWN`` written as a visible escape. O(len(text)).

    >>> terminal_text("a\x1b[2Kb\tc\nd\x9b\u202e\ud800")
    'a\\x1b[2Kb\tc\nd\\x9b\\u202e\\ud800'
    """
    return UNSHOWN.sub(_escape, text)


def json_text(text: str) -> str:
    r"""JSON ``text`` with every character of ``UNSHOWN`` left in it written as JSON's ``\uXXXX``. O(len(text)).

    Such characters can only be inside JSON strings, where the escape means the same character.

    >>> json_text('{"output": "\x7f\u202e"}')
    '{"output": "\\u007f\\u202e"}'
    """
    return UNSHOWN.sub(lambda match: f"\\u{ord(match[0]):04x}", text)
