"""Python 2 recognised in what a solution raised: LeetCode's old "Python" language, which practice runs as Python 3.

LeetCode's "Python" template (``class Solution(object):``) is Python 2: ``print x``, ``xrange``,
``raw_input``, ``dict.iteritems`` and ``/`` dividing ints to an int.  Run as Python 3 it fails with a
SyntaxError or a NameError that does not say why.  ``hint`` recognises those errors (the print and exec
statements, ``except E, e``, ``0777``, the names and methods Python 3 dropped) and says what to change;
a list index that is a float gets the ``//`` advice alone (that mistake is made in Python 3 too).
``untrusted.describe_exception`` adds it to the error's words, so the page and the check command both
show it.  It reads the error only through the built-in types' own attributes, for exact built-in types.
Bounded work: a few comparisons of short strings.
"""

from __future__ import annotations

__all__ = ["PYTHON_2", "hint"]

PYTHON_2 = (
    'this looks like Python 2 (LeetCode\'s "Python"); practice runs Python 3 (LeetCode\'s "Python3"): '
    "write print(...) as a function, range for xrange, // for integer division"
)
#: The starts of Python 3's messages for Python 2 syntax.
SYNTAX = (
    "Missing parentheses in call to 'print'",
    "Missing parentheses in call to 'exec'",
    "multiple exception types must be parenthesized",
    "leading zeros in decimal integer literals",
)
#: Names Python 3 dropped, and what to write instead (beyond the three PYTHON_2 names).
NAMES = {
    "xrange": "",
    "raw_input": "input for raw_input",
    "unicode": "str for unicode",
    "basestring": "str for basestring",
    "long": "int for long",
    "unichr": "chr for unichr",
}
#: Dict methods Python 3 dropped.
METHODS = {
    "iteritems": "items() for iteritems()",
    "itervalues": "values() for itervalues()",
    "iterkeys": "keys() for iterkeys()",
    "has_key": "key in d for d.has_key(key)",
}
FLOAT_INDEX = "list indices must be integers or slices, not float"
DIVISION = "in Python 3 / gives a float: use // for integer division"

_syntax_msg = SyntaxError.__dict__["msg"].__get__
_name_of = NameError.__dict__["name"].__get__
_attribute_of = AttributeError.__dict__["name"].__get__
_args_of = BaseException.__dict__["args"].__get__


def _more(extra: str) -> str:
    return f"{PYTHON_2}, {extra}" if extra else PYTHON_2


def hint(error: BaseException) -> str | None:
    """What to change when ``error`` shows Python 2 code run as Python 3 (or ``/`` used for ``//``); else None."""
    kind = type(error)
    if kind is SyntaxError:
        message = _syntax_msg(error)
        return PYTHON_2 if type(message) is str and message.startswith(SYNTAX) else None
    if kind is NameError:
        name = _name_of(error)
        return _more(NAMES[name]) if type(name) is str and name in NAMES else None
    if kind is AttributeError:
        name = _attribute_of(error)
        return _more(METHODS[name]) if type(name) is str and name in METHODS else None
    if kind is TypeError:
        args = _args_of(error)  # compared only as exact built-in types: none of the solution's code runs
        return (
            DIVISION
            if type(args) is tuple and len(args) == 1 and type(args[0]) is str and args[0] == FLOAT_INDEX
            else None
        )
    return None
