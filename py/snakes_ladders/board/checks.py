"""What a board may hold: its sizes, the value -1 for an empty cell, the checks of one snake or
ladder, and BoardError, which names the fault and where it is (``board`` and ``matrix`` raise it).
"""

from __future__ import annotations

from .errors import MessageError, Number, Part, Shown, ValueNames, render

MIN_SIZE = 2
MAX_SIZE = 1000
EMPTY = -1

__all__ = ["EMPTY", "MAX_SIZE", "MIN_SIZE", "BoardError", "check_jump", "check_size"]


class BoardError(MessageError):
    """A malformed board, with the place at fault when there is one.

    ``str(error)`` is the whole message, location first, for example
    ``square 1 (row 1, column 0): the start square cannot hold a snake or ladder``.
    ``reason`` is the message without the location; ``row``, ``column`` and
    ``square`` are ``None`` when the fault is not in one cell.  As every
    ``MessageError``, it holds the wording and the offending ``values`` as data
    (``parts``), names the check that failed in ``code``, and ``render("json")``
    writes the values as JSON (``got null``) where ``str`` writes Python (``got None (NoneType)``).

    >>> error = BoardError("expected an integer, got ", Shown(None), row=1, column=0, square=1, code="not_integer")
    >>> str(error)
    'square 1 (row 1, column 0): expected an integer, got None (NoneType)'
    >>> error.render("json"), error.code, error.values
    ('square 1 (row 1, column 0): expected an integer, got null', 'not_integer', (None,))
    """

    def __init__(
        self,
        *parts: Part,
        row: int | None = None,
        column: int | None = None,
        square: int | None = None,
        code: str | None = None,
    ) -> None:
        self.row = row
        self.column = column
        self.square = square
        super().__init__(*parts, code=code)

    @property
    def reason(self) -> str:
        """The message without its location, in Python's terms."""
        return render(self.parts)

    def render(self, names: ValueNames = "python") -> str:
        """The whole message, location first, its values named in Python's terms or JSON's."""
        return _locate(self.row, self.column, self.square) + render(self.parts, names)


def _locate(row: int | None, column: int | None, square: int | None) -> str:
    if row is not None and column is not None:
        where = f"row {row}, column {column}"
        # The square first, for designers; the matrix's row and column for LeetCode users.
        return f"square {square} ({where}): " if square is not None else f"{where}: "
    if row is not None:
        return f"row {row}: "
    if square is not None:
        return f"square {square}: "
    return ""


def check_size(n: object) -> int:
    if type(n) is not int:
        raise BoardError("board size must be an integer, got ", Shown(n), code="size_type")
    if n < MIN_SIZE:
        raise BoardError(
            "board size ", Number(n), f" is too small: the smallest board is {MIN_SIZE}×{MIN_SIZE}", code="size_small"
        )
    if n > MAX_SIZE:
        raise BoardError(
            "board size ", Number(n), f" is too large: the largest board is {MAX_SIZE}×{MAX_SIZE}", code="size_large"
        )
    return n


def check_jump(
    start: int, end: int, last: int, where: dict[str, int], allow_start_jump: bool = False, *, cell: bool = True
) -> None:
    """``cell``: the value was read from a matrix cell, where -1 means no jump; otherwise it is
    the end of a jump given by start and end, where -1 means nothing."""
    if not 1 <= end <= last:
        if not cell:
            raise BoardError(
                "the snake or ladder ends on ",
                Number(end),
                f", which is not a square from 1 to {last}",
                **where,
                code="end_off_board",
            )
        raise BoardError(
            "value ",
            Number(end),
            f" is out of range: use -1 or a square from 1 to {last}",
            **where,
            code="out_of_range",
        )
    if start == 1 and not allow_start_jump:
        raise BoardError("the start square cannot hold a snake or ladder", **where, code="start_square")
    if start == last:
        raise BoardError("the last square cannot hold a snake or ladder", **where, code="last_square")
