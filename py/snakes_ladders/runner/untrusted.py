"""Plain words for what untrusted Python code returned or raised, without running any of its code.

A practice solution (``run``) is hostile input: what it returns may be an int too long to
print, or an object whose ``__repr__``, ``__eq__`` or ``__index__`` raises or never ends; what it
raises may be a ``KeyboardInterrupt`` or an exception whose ``__str__`` fails.  These functions look
at such objects only through ``type()`` and the built-in types' own methods (``int.__repr__``,
``str.__repr__``, ...), never through anything the code can override, except ``str()`` of an
exception, whose failure is caught.  Every text they return is at most ``SHOWN_LIMIT`` characters
plus a short note, with lone surrogates written as ``\\udxxx`` so that it can be encoded anywhere.

Work is bounded: a container is looked at for at most ``ITEMS`` items on at most ``DEPTH`` levels,
a str is cut to ``SHOWN_LIMIT`` characters before it is quoted, and an int's digits are counted
exactly up to ``EXACT_DIGITS_BITS`` bits (beyond, from its bit length, said to be "about").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import islice
from types import TracebackType
from typing import Any

from . import python2

SHOWN_LIMIT = 200
ITEMS = 10
DEPTH = 3
#: The largest int an answer may be: JSON numbers in the page are exact up to here.
LARGEST_ANSWER = 2**53
EXACT_DIGITS_BITS = 1 << 17
# Modules whose name is left out of an exception's name, as Python's own traceback does for the first two.
_PLAIN_MODULES = ("builtins", "__main__", "solution")
_SCALARS = (bool, int, float, complex, str, bytes, type(None))
_CONTAINERS = (list, tuple, dict, set, frozenset)

_type_name = type.__dict__["__name__"].__get__
_type_mro = type.__dict__["__mro__"].__get__
_type_module = type.__dict__["__module__"].__get__
_traceback_of = BaseException.__dict__["__traceback__"].__get__
_syntax_msg = SyntaxError.__dict__["msg"].__get__
_syntax_filename = SyntaxError.__dict__["filename"].__get__
_syntax_lineno = SyntaxError.__dict__["lineno"].__get__


def printable(text: str) -> str:
    """``text`` (any str, even a subclass) as an exact str with each lone surrogate written ``\\udxxx``."""
    return str.encode(text, "utf-8", "backslashreplace").decode("utf-8")


def clip(text: str, limit: int = SHOWN_LIMIT) -> str:
    """The first ``limit`` characters of ``text`` (printable), with a note when the rest was cut off."""
    whole = str.__str__(text)  # an exact str: a subclass's __len__ or __getitem__ never runs
    cut = len(whole) > limit
    return printable(whole[:limit]) + ("… (cut off)" if cut else "")


def type_name(value: object) -> str:
    """The name of ``value``'s type, read from the type itself (a metaclass cannot change it)."""
    return clip(_type_name(type(value)), 60)


def digits(number: int) -> tuple[int, bool]:
    """How many decimal digits ``number`` has, and whether that count is exact (else it is within one)."""
    bits = number.bit_length()  # of the absolute value, without copying it as abs() would
    if bits <= 1:
        return 1, True
    count = math.floor((bits - 1) * math.log10(2)) + 1  # the digits of 2**(bits - 1)
    if bits > EXACT_DIGITS_BITS:
        return count, False
    return count + (abs(number) >= 10**count), True


def _builtin_base(value: object) -> type | None:
    """The built-in type ``value``'s type derives from, if its type is not that built-in type itself."""
    bases: tuple[type, ...] = _type_mro(type(value))
    return next((base for base in bases[1:] if base in _SCALARS or base in _CONTAINERS), None)


def _int_text(number: int) -> str:
    count, exact = digits(number)
    if count <= SHOWN_LIMIT:
        return int.__repr__(number)
    return f"an int with {'' if exact else 'about '}{count:,} digits"


def _scalar_text(value: Any) -> str:
    kind = type(value)
    if kind is int:
        return _int_text(value)
    if kind is str:
        return str.__repr__(value[:SHOWN_LIMIT]) + ("… (cut off)" if len(value) > SHOWN_LIMIT else "")
    if kind is bytes:
        return bytes.__repr__(value[:SHOWN_LIMIT]) + ("… (cut off)" if len(value) > SHOWN_LIMIT else "")
    return {bool: bool.__repr__, float: float.__repr__, complex: complex.__repr__}.get(kind, repr)(value)


def _items_text(value: Any, depth: int) -> str:
    """A container's first ``ITEMS`` items, each shown by ``shape``; a dict's as ``key: value``."""
    kind = type(value)
    if kind is dict:
        shown = [f"{shape(k, depth)}: {shape(v, depth)}" for k, v in _first(dict.items(value))]
    else:
        shown = [shape(item, depth) for item in _first(value)]
    size = len(value)  # an exact built-in type's own length
    if size > ITEMS:
        shown.append(f"… {size - ITEMS:,} more")
    inside = ", ".join(shown)
    if kind is list:
        return f"[{inside}]"
    if kind is tuple:
        return f"({inside}{',' if size == 1 else ''})"
    if kind is dict or (kind is set and size):
        return "{" + inside + "}"
    return f"{_type_name(kind)}({{{inside}}})" if size else f"{_type_name(kind)}()"


def _first(items: Iterable[Any]) -> list[Any]:
    """The first ``ITEMS`` of ``items`` (of an exact built-in container: no code of the solution runs)."""
    return list(islice(items, ITEMS))


def shape(value: object, depth: int = 0) -> str:
    """A short text for ``value``: exact for built-in types, ``<Name object>`` for any other."""
    kind = type(value)
    if kind in _SCALARS:
        return _scalar_text(value)
    if kind in _CONTAINERS:
        return _items_text(value, depth + 1) if depth < DEPTH else f"<a {_type_name(kind)}>"
    return f"<{type_name(value)} object>"


def describe_value(value: object) -> tuple[int | None, str]:
    """``(answer, shown)``: an int answer (``LARGEST_ANSWER`` at most) and how the value reads.

    ``shown`` for anything but a plain int says what it is and that it is not an int, as
    ``'4' (str), not an int``; a bool is not an int answer, nor is an int subclass.
    """
    kind = type(value)
    if kind is int:
        number: int = value  # type: ignore[assignment]
        return (number if -LARGEST_ANSWER <= number <= LARGEST_ANSWER else None), _int_text(number)
    if kind in _SCALARS or kind in _CONTAINERS:
        return None, clip(f"{shape(value)} ({type_name(value)}), not an int", 2 * SHOWN_LIMIT)
    base = _builtin_base(value)
    below = f" (a subclass of {_type_name(base)})" if base is not None else ""
    return None, f"an object of type {type_name(value)}{below}, not an int"


def exception_name(error: BaseException) -> str:
    """``ValueError``, ``json.decoder.JSONDecodeError``: the type's name, with its module if not a plain one."""
    kind = type(error)
    module = _type_module(kind)
    name = _type_name(kind)
    if type(module) is str and module not in _PLAIN_MODULES:
        name = f"{module}.{name}"
    return clip(name, 80)


def exception_text(error: BaseException) -> str:
    """``str(error)``, cut to ``SHOWN_LIMIT``; a note instead if it raises or returns something else."""
    try:
        text = str(error)
    except BaseException as failure:  # whatever its __str__ raises is reported, not raised
        return f"<str() of the exception failed: {exception_name(failure)}>"
    return clip(text)


def describe_exception(error: BaseException, filename: str) -> tuple[str, int | None]:
    """``"ValueError: ..."`` and the line of the code compiled as ``filename`` where it was raised.

    A SyntaxError in that code reads ``SyntaxError: invalid syntax`` with its own line.  Python 2 code
    (``print x``, ``xrange``) is told what to change (``python2.hint``).
    """
    name = exception_name(error)
    source = _syntax_filename(error) if issubclass(type(error), SyntaxError) else None
    if type(source) is str and source == filename:
        message, number = _syntax_msg(error), _syntax_lineno(error)
        text, line = (clip(message) if type(message) is str else ""), (number if type(number) is int else None)
    else:
        text, line = exception_text(error), last_line(_traceback_of(error), filename)
    words, advice = (f"{name}: {text}" if text else name), python2.hint(error)
    return (f"{words} — {advice}" if advice else words), line


def last_line(trace: TracebackType | None, filename: str) -> int | None:
    """The line of the innermost frame of ``trace`` in the code compiled as ``filename``."""
    line = None
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == filename:
            line = trace.tb_lineno
        trace = trace.tb_next
    return line


__all__ = ["clip", "describe_exception", "describe_value", "digits", "printable", "shape", "type_name"]
