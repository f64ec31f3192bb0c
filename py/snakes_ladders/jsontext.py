"""Safe JSON reading for untrusted text: refuse nesting deep enough to exhaust the stack.

``json.loads`` recurses once per nested list or object.  In CPython a deep enough
text raises RecursionError, but under Pyodide the WebAssembly stack can run out
first, which is a fatal error for the whole interpreter.  A board is a list of
rows (two levels, three inside a request object), so anything nested more than
``MAX_DEPTH`` deep is refused before it is parsed, at C speed.
"""

from __future__ import annotations

import re

__all__ = ["MAX_DEPTH", "NestingError", "check_nesting"]

MAX_DEPTH = 16
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class NestingError(ValueError):
    """Text whose lists and objects nest deeper than a board ever needs."""


def check_nesting(text: str, max_depth: int = MAX_DEPTH) -> None:
    """Raise NestingError when lists or objects in ``text`` nest deeper than ``max_depth``.

    Brackets inside JSON strings do not count.  Unbalanced text is left for the
    JSON parser to describe.

    >>> check_nesting('{"board": [[-1, -1], [-1, 3]], "note": "[[[["}', max_depth=3)
    >>> check_nesting("[" * 20 + "]" * 20)
    Traceback (most recent call last):
    ...
    snakes_ladders.jsontext.NestingError: lists or objects are nested 20 deep; a board needs only 2 (a list of rows)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    # Peel matched innermost pairs, one level per pass, all at C speed; a board takes two passes.
    depth = 0
    while brackets and depth <= max_depth:
        peeled = brackets.replace("[]", "").replace("{}", "")
        if len(peeled) == len(brackets):
            break  # what is left never closes, or closes with the wrong bracket
        brackets = peeled
        depth += 1
    # Each bracket left open can take the parser one level deeper before it fails.
    depth += brackets.count("[") + brackets.count("{")
    if depth > max_depth:
        raise NestingError(f"lists or objects are nested {depth} deep; a board needs only 2 (a list of rows)")
