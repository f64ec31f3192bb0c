"""Structured errors: the domain raises wording and values as data; each boundary names the values.

A message is a tuple of parts: plain wording (``str``) and the values it reports,
wrapped so the reader can be told what they are: ``Shown`` (a value the input
held), ``Number`` (an integer it held, in digits either way), ``Quoted`` (a name
to write as a string) and ``Key`` (a field name the input held).  ``render(parts, names)`` writes them in Python's terms
(``None (NoneType)``, ``'3' (str)``, ``'stay'``) or in JSON's (``null``,
``"3" (a string)``, ``"stay"``).  ``MessageError`` keeps its parts, a ``code``
naming the check that failed and the offending ``values``; ``str(error)`` is the
Python wording, for callers in Python, and the JSON API renders ``"json"``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "Key",
    "MessageError",
    "Number",
    "Part",
    "Quoted",
    "Shown",
    "ValueNames",
    "int_text",
    "quote",
    "render",
    "show",
]

#: How a message names values: as Python writes them, or as the JSON they were read from.
ValueNames = Literal["python", "json"]

_JSON_KINDS: dict[type, str] = {str: "a string", list: "a list", dict: "an object"}


@dataclass(frozen=True, eq=False)
class Shown:
    """A value the input held, shown with its type: ``None (NoneType)`` / ``null``."""

    value: object


@dataclass(frozen=True)
class Quoted:
    """A name, quoted as the reader writes strings: ``'stay'`` / ``"stay"``."""

    text: str


@dataclass(frozen=True)
class Number:
    """An integer the input held, in digits either way (a note when too long to convert)."""

    value: int


@dataclass(frozen=True, eq=False)
class Key:
    """A field name the input held: quoted when a string, else its repr; cut at 40 characters."""

    value: object


Part = str | Shown | Quoted | Number | Key


def int_text(value: int) -> str:
    """An integer as text, or a note saying it has more digits than Python converts to text."""
    try:
        return str(value)
    except ValueError:  # more digits than Python converts to text
        return f"<integer with more than {sys.get_int_max_str_digits()} digits>"


def _clip(text: str) -> str:
    return text[:37] + "..." if len(text) > 40 else text


def _json_text(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    # A lone surrogate cannot travel on as UTF-8: show it escaped, as repr would.
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def quote(text: str, names: ValueNames = "python") -> str:
    """A name quoted as the messages' reader writes strings: 'stay' in Python, "stay" in JSON."""
    return _json_text(text) if names == "json" else repr(text)


def show(value: object, names: ValueNames = "python") -> str:
    """A value for an error message, in Python's terms or JSON's; at most about 40 characters of it.

    >>> show(None), show("3")
    ('None (NoneType)', "'3' (str)")
    >>> show(None, "json"), show(True, "json"), show("3", "json"), show(2.5, "json"), show({"a": [1]}, "json")
    ('null', 'true', '"3" (a string)', '2.5', '{"a": [1]} (an object)')
    """
    if names == "json":
        if value is None or type(value) in (bool, float):
            return json.dumps(value)  # null, true, 2.5, and NaN or Infinity as Python's json reads them
        if type(value) is int:
            return int_text(value)
        kind = _JSON_KINDS.get(type(value))
        if kind is not None:
            try:
                return f"{_clip(_json_text(value))} ({kind})"
            except ValueError:  # holds an integer too long to convert to text
                return f"<too long to show> ({kind})"
    try:
        text = repr(value)
    except ValueError:  # holds an integer too long to convert to text
        text = int_text(value) if type(value) is int else "<too long to show>"
    return f"{_clip(text)} ({type(value).__name__})"


def _part(part: Part, names: ValueNames) -> str:
    if isinstance(part, str):
        return part
    if isinstance(part, Shown):
        return show(part.value, names)
    if isinstance(part, Quoted):
        return quote(part.text, names)
    if isinstance(part, Number):
        return int_text(part.value)
    text = quote(part.value, names) if type(part.value) is str else repr(part.value)
    return _clip(text)


def render(parts: tuple[Part, ...], names: ValueNames = "python") -> str:
    """The message the parts make, its values named in Python's terms or JSON's.

    >>> parts = ("start must be ", Quoted("square1"), ", got ", Shown(None))
    >>> render(parts), render(parts, "json")
    ("start must be 'square1', got None (NoneType)", 'start must be "square1", got null')
    """
    return "".join(_part(part, names) for part in parts)


class MessageError(ValueError):
    """An error whose message is data: ``parts`` (see ``render``) and the ``code`` of the check.

    ``str(error)`` is ``error.render("python")``; the JSON API shows ``error.render("json")``.
    ``code`` is a short name of the check that failed (``"not_integer"``), or None when
    the error was raised with wording only; ``values`` are the offending values, in order.

    >>> error = MessageError("got ", Shown(True), code="example")
    >>> str(error), error.render("json"), error.code, error.values
    ('got True (bool)', 'got true', 'example', (True,))
    """

    def __init__(self, *parts: Part, code: str | None = None) -> None:
        self.parts = parts
        self.code = code
        super().__init__(self.render())

    @property
    def values(self) -> tuple[object, ...]:
        """The values the input held that the message reports (``Shown``, ``Number`` and ``Key`` parts)."""
        return tuple(part.value for part in self.parts if isinstance(part, (Shown, Number, Key)))

    def render(self, names: ValueNames = "python") -> str:
        """The whole message, its values named in Python's terms or JSON's."""
        return render(self.parts, names)
