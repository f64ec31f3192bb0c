"""Counts in bounded size: exact below ``EXACT_LIMIT``, mantissa × 10^exponent beyond it.

The number of optimal games on a big board can have a hundred thousand digits;
adding such numbers square by square costs time and memory in proportion to
their length.  A :class:`Magnitude` keeps the exact integer while it is below
``EXACT_LIMIT`` (10^30) and otherwise a float mantissa in [1, 10) with an integer
exponent, so that every operation is O(1) in time and memory and the relative
error of a sum of approximations stays near the float rounding (about 1e-16 per
addition).

>>> a = Magnitude.of(10**29) + Magnitude.of(9 * 10**29)
>>> a.exact, a.value, str(a)
(False, None, 'about 1.00 × 10^30')
>>> b = Magnitude.of(21)
>>> b.exact, b.value, b.mantissa, b.exponent, str(b)
(True, 21, 2.1, 1, '21')
>>> Magnitude.from_binary(3.0, 1_000_000).to_json()["exponent"]
301030
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = ["EXACT_LIMIT", "Magnitude"]

#: Counts below this are exact; from it on they are mantissa × 10^exponent.
EXACT_LIMIT = 10**30
_LOG10_2 = math.log10(2)
_SMALL_BITS = 1000  # below this many bits, an integer converts by one correctly rounded division


def _split(log10: float) -> tuple[float, int]:
    """The mantissa in [1, 10) and exponent of the number whose log10 is given."""
    exponent = math.floor(log10)
    mantissa = 10 ** (log10 - exponent)
    if mantissa >= 10.0:  # rounding at the edge
        mantissa /= 10.0
        exponent += 1
    return mantissa, exponent


@dataclass(frozen=True, eq=False)
class Magnitude:
    """A non-negative count: exact below ``EXACT_LIMIT``, mantissa × 10^exponent beyond.

    ``exact`` says which; ``value`` is the integer when exact (else None);
    ``mantissa`` is in [1, 10) (0.0 for zero) and ``exponent`` is an int, for
    either kind.  A Magnitude equals an ``int`` when it is exact and of that value.
    """

    exact: bool
    value: int | None
    mantissa: float
    exponent: int

    @classmethod
    def of(cls, count: int) -> Magnitude:
        """The Magnitude of a non-negative integer (approximate from ``EXACT_LIMIT`` on).

        Takes time in proportion to the integer's length.
        """
        if count < 0:
            raise ValueError(f"a count cannot be negative, got {count}")
        if count == 0:
            return cls(True, 0, 0.0, 0)
        if count.bit_length() < _SMALL_BITS:
            exponent = len(str(count)) - 1
            mantissa = count / 10**exponent  # correctly rounded
            if mantissa >= 10.0:
                mantissa, exponent = mantissa / 10.0, exponent + 1
        else:
            shift = count.bit_length() - 64
            mantissa, exponent = _split(math.log10(count >> shift) + shift * _LOG10_2)
        if count < EXACT_LIMIT:
            return cls(True, count, mantissa, exponent)
        return cls(False, None, mantissa, exponent)

    @classmethod
    def from_binary(cls, mantissa: float, exponent2: int) -> Magnitude:
        """The approximate count ``mantissa × 2^exponent2`` (exact if it is a small whole number)."""
        if mantissa < 0 or not math.isfinite(mantissa):
            raise ValueError(f"a count must be finite and non-negative, got {mantissa}")
        if mantissa == 0:
            return cls(True, 0, 0.0, 0)
        if exponent2 == 0 and mantissa < 2**53 and mantissa == int(mantissa):
            return cls.of(int(mantissa))
        m, e = _split(math.log10(mantissa) + exponent2 * _LOG10_2)
        return cls(False, None, m, e)

    @classmethod
    def _approx(cls, mantissa: float, exponent: int) -> Magnitude:
        while mantissa >= 10.0:
            mantissa /= 10.0
            exponent += 1
        return cls(False, None, mantissa, exponent)

    def log10(self) -> float:
        """The base-10 logarithm (-inf for zero).

        >>> round(Magnitude.of(1000).log10(), 9)
        3.0
        """
        if self.mantissa == 0:
            return -math.inf
        return math.log10(self.mantissa) + self.exponent

    def __add__(self, other: Magnitude | int) -> Magnitude:
        if isinstance(other, int):
            other = Magnitude.of(other)
        if not isinstance(other, Magnitude):
            return NotImplemented
        if self.value is not None and other.value is not None:
            return Magnitude.of(self.value + other.value)
        high, low = (self, other) if self.exponent >= other.exponent else (other, self)
        if low.mantissa == 0:
            return Magnitude._approx(high.mantissa, high.exponent)
        gap = high.exponent - low.exponent
        mantissa = high.mantissa + (low.mantissa * 10.0**-gap if gap < 40 else 0.0)
        return Magnitude._approx(mantissa, high.exponent)

    __radd__ = __add__

    def __truediv__(self, other: int | float) -> float:
        """The count divided by a number, as a float (for probabilities: count / 6^moves)."""
        if self.value is not None:
            return self.value / other
        return float(10.0 ** (self.log10() - math.log10(other)))

    def __float__(self) -> float:
        if self.value is not None:
            return float(self.value)
        return math.inf if self.exponent > 308 else self.mantissa * 10.0**self.exponent

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Magnitude):
            return (self.exact, self.value, self.mantissa, self.exponent) == (
                other.exact,
                other.value,
                other.mantissa,
                other.exponent,
            )
        if isinstance(other, int) and not isinstance(other, bool):
            return self.value is not None and self.value == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.value) if self.value is not None else hash((self.mantissa, self.exponent))

    def __str__(self) -> str:
        """The exact decimal, or ``about 1.52 × 10^101768``."""
        if self.value is not None:
            return str(self.value)
        return f"about {self.mantissa:.2f} × 10^{self.exponent}"

    def to_json(self) -> dict[str, Any]:
        """``{"exact", "value" (decimal string or null), "mantissa", "exponent"}``.

        >>> Magnitude.of(0).to_json()
        {'exact': True, 'value': '0', 'mantissa': 0.0, 'exponent': 0}
        >>> Magnitude.of(1520).to_json()
        {'exact': True, 'value': '1520', 'mantissa': 1.52, 'exponent': 3}
        """
        value = str(self.value) if self.value is not None else None
        return {"exact": self.exact, "value": value, "mantissa": self.mantissa, "exponent": self.exponent}
