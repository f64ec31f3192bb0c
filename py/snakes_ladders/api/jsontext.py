"""Safe JSON reading for untrusted text: measure its shape in one linear pass before it is parsed.

``json.loads`` recurses once per nested list or object.  In CPython a deep enough
text raises RecursionError, but under Pyodide the WebAssembly stack can run out
first, which is a fatal error for the whole interpreter.  And it builds one
Python object per value, which for text such as ``[{},{},{},…]`` costs twenty
times the text's size in memory.  A board is a list of rows (two levels, three
inside a request object) with one value per cell, so ``measure`` counts, before
anything is parsed and at C speed, how deep the text nests and how many values
it holds; the callers refuse text that no board could need.

Strings are found as JSON finds them: a ``"`` outside a string opens one, and
closes at the next ``"`` that no backslash escapes.  (Backslash pairs and
backslash-quote pairs are dropped wherever they are; outside strings JSON
allows no backslash, so the parser has failed before that point.)  What a parser would refuse
before reaching some point (a stray closing bracket, a backslash outside a
string) cannot make the counts too small before that point, which is all that
matters: the parser stops there.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

__all__ = ["MAX_DEPTH", "NestingError", "Shape", "check_nesting", "clip_digits", "clip_numbers", "measure"]

MAX_DEPTH = 16
#: Text is scanned in slices of this many characters, so scanning needs no more memory than one slice.
CHUNK = 1 << 14
#: A run of more digits than this is shown as its first ``SHOWN_DIGITS`` and its length.
LONG_NUMBER = 30
SHOWN_DIGITS = 20

# Brackets as bytes: ``{`` and ``}`` read as ``[`` and ``]``, every other byte deleted.
_AS_SQUARE = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
_STEP = tuple(1 if byte == ord("[") else -1 if byte == ord("]") else 0 for byte in range(256))
_DIGITS = frozenset("0123456789")


class NestingError(ValueError):
    """Text whose lists and objects nest deeper than a board ever needs."""


@dataclass(frozen=True)
class Shape:
    """What ``measure`` found outside strings: the deepest nesting and the number of values.

    ``depth`` is the most lists and objects open at once.  ``values`` counts
    one for the text, one per ``,`` and ``:``, and one per ``[`` and ``{`` not
    followed at once by its closing bracket: when the text is JSON, that is
    the number of values and keys in it (one more for an empty list or object
    written with space inside), and when it is not,
    an upper bound on the values ``json.loads`` builds before it fails.
    """

    depth: int
    values: int


@dataclass
class _Scan:
    """The state of a scan between slices of the text."""

    depth: int = 0
    peak: int = 0
    values: int = 1
    in_string: bool = False
    escaped: bool = False  # the previous slice ended on a backslash that escapes this slice's first character
    last: str = ""  # the last character outside strings so far


def measure(text: str) -> Shape:
    """Return the nesting depth and the number of values of ``text``, read as JSON.

    Time is linear in ``len(text)`` with a small constant: each slice of
    ``CHUNK`` characters costs a fixed number of C-level passes (two
    ``str.replace``, one ``rstrip``, ``split``, ``join`` and six ``count``), and
    only a slice that mixes opening and closing brackets while it may nest
    deeper than before also encodes its text outside strings, keeps only the
    brackets (``bytes.translate``) and runs one C-level ``accumulate`` over
    them.  No regular expression is used.  Extra memory is O(CHUNK), whatever the length.

    >>> measure('{"board": [[-1, -1], [-1, 3]], "note": "[[[[\\\\"{"}')
    Shape(depth=3, values=11)
    """
    scan = _Scan()
    for start in range(0, len(text), CHUNK):
        _scan_slice(scan, text[start : start + CHUNK])
    return Shape(depth=scan.peak, values=scan.values)


def _scan_slice(scan: _Scan, piece: str) -> None:
    """Add one slice of the text to ``scan``."""
    if scan.escaped and piece[:1] in ('"', "\\"):
        piece = piece[1:]  # a quote or backslash escaped by the last character of the previous slice
    # Backslashes pair up from the left of each run; an odd run's last one escapes the next character.
    scan.escaped = (len(piece) - len(piece.rstrip("\\"))) % 2 == 1
    # With escaped backslashes and quotes made NULs, every quote left opens or closes a string.
    parts = piece.replace("\\\\", "\0").replace('\\"', "\0").split('"')
    first = 1 if scan.in_string else 0
    if len(parts) % 2 == 0:
        scan.in_string = not scan.in_string
    # Strings leave a quote behind, so "[" and "]" around one never read as an empty list.
    outside = ('"' if first else "") + '"'.join(parts[first::2]) + ('"' if scan.in_string else "")
    opens = outside.count("[") + outside.count("{")
    closes = outside.count("]") + outside.count("}")
    empty = outside.count("[]") + outside.count("{}") + (scan.last + outside[:1] in ("[]", "{}"))
    scan.last = outside[-1:] or scan.last
    scan.values += opens - empty + outside.count(",") + outside.count(":")
    if scan.depth + opens > scan.peak:  # the slice may go deeper than the text has been
        scan.peak = max(scan.peak, _peak(outside, scan.depth, opens, closes))
    scan.depth += opens - closes


def _peak(outside: str, depth: int, opens: int, closes: int) -> int:
    """The deepest nesting reached in ``outside`` (text outside strings) entered at ``depth``."""
    if not closes:
        return depth + opens
    brackets = outside.encode("utf-8", "surrogatepass").translate(_AS_SQUARE, _NOT_BRACKETS)
    if brackets.rfind(b"[") < brackets.find(b"]"):  # all its opening brackets come first
        return depth + opens
    # One C-level step per bracket (not per character): a board's text has two brackets a row.
    return max(accumulate(map(_STEP.__getitem__, brackets), initial=depth))


def check_nesting(text: str, max_depth: int = MAX_DEPTH) -> Shape:
    """Raise NestingError when lists or objects in ``text`` nest deeper than ``max_depth``; else return its shape.

    Brackets inside JSON strings do not count.  Unbalanced text is left for the
    JSON parser to describe.  Time and memory are those of ``measure``: linear
    in ``len(text)``, and O(CHUNK) extra memory.

    >>> check_nesting('{"board": [[-1, -1], [-1, 3]], "note": "[[[["}', max_depth=3)
    Shape(depth=3, values=11)
    >>> check_nesting("[" * 20 + "]" * 20)
    Traceback (most recent call last):
    ...
    snakes_ladders.api.jsontext.NestingError: lists or objects are nested 20 deep; a board needs only 2 (a list of rows)
    """
    shape = measure(text)
    if shape.depth > max_depth:
        raise NestingError(f"lists or objects are nested {shape.depth} deep; a board needs only 2 (a list of rows)")
    return shape


def clip_digits(digits: str) -> str:
    """Show a number written with many digits as its first digits and its length.

    >>> clip_digits("12345"), clip_digits("-" + "7" * 10_000)
    ('12345', '-77777777777777777777… (10,000 digits)')
    """
    sign = "-" if digits.startswith("-") else ""
    count = len(digits) - len(sign)
    if count <= LONG_NUMBER:
        return digits
    return f"{sign}{digits[len(sign) : len(sign) + SHOWN_DIGITS]}… ({count:,} digits)"


def clip_numbers(message: str) -> str:
    """Clip every run of more than ``LONG_NUMBER`` digits in ``message``; linear in its length.

    >>> clip_numbers("value " + "9" * 4000 + " is out of range")
    'value 99999999999999999999… (4,000 digits) is out of range'
    """
    pieces: list[str] = []
    start = 0
    length = len(message)
    while start < length:
        end = start
        while end < length and message[end] in _DIGITS:
            end += 1
        if end > start:
            pieces.append(clip_digits(message[start:end]))
            start = end
            continue
        while end < length and message[end] not in _DIGITS:
            end += 1
        pieces.append(message[start:end])
        start = end
    return "".join(pieces)
