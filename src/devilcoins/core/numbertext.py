"""Numbers written for people: in full with thousands separators while they are short, else as a
power of two or rounded with their exponent, of any size (a game may have 10^18 positions).

Plain integer arithmetic on Python ints; nothing here imports anything else in devilcoins.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext

__all__ = [
    "FULL_DIGITS",
    "about_power",
    "approx_log10",
    "digit_count",
    "exact_text",
    "number_text",
    "power_text",
]

#: Up to this many digits a number is written out in full (with thousands separators).
FULL_DIGITS = 15


def approx_log10(x: int) -> float:
    """log10 of a positive int of any size (from its bit length and top bits; no float overflow).

    >>> round(approx_log10(10**400), 9), approx_log10(1)
    (400.0, 0.0)
    """
    if x <= 0:
        raise ValueError(f"approx_log10 needs a positive number, got {x}")
    shift = max(0, x.bit_length() - 64)
    return math.log10(x >> shift) + shift * math.log10(2)


def about_power(log10: float) -> str:
    """'about 1.04 × 10^1,233' for a number whose log10 is given.

    >>> about_power(3.0), about_power(1233.017), about_power(3.0103e17)
    ('about 1.00 × 10^3', 'about 1.04 × 10^1,233', 'about 10^(3.01 × 10^17)')
    """
    if log10 >= 10**FULL_DIGITS:  # a float holds no mantissa here: round the exponent itself
        return f"about 10^({about_power(math.log10(log10))[6:]})"
    exp = math.floor(log10)
    mantissa = 10 ** (log10 - exp)
    if mantissa >= 9.995:
        mantissa, exp = 1.0, exp + 1
    return f"about {mantissa:.2f} × 10^{exp:,}"


def number_text(x: int) -> str:
    """An int for people: in full up to 15 digits, else as a power of 2 when it is one,
    else rounded with its exponent.

    >>> number_text(1234567), number_text(2**4096), number_text(3**2000)
    ('1,234,567', '2^4,096', 'about 1.75 × 10^954')
    """
    if abs(x) < 10**FULL_DIGITS:
        return f"{x:,}"
    sign, x = ("-" if x < 0 else ""), abs(x)
    if x & (x - 1) == 0:
        return f"{sign}2^{x.bit_length() - 1:,}"
    return sign + about_power(approx_log10(x))


#: The longest number written out in full (Python refuses to write past 4,300 digits).
EXACT_DIGITS = 4000


def exact_text(x: int) -> str:
    """An int in full with commas, as far as it can be written out (4,000 digits), else as
    ``number_text`` has it.

    >>> exact_text(2**64 - 1), exact_text(10**5000)
    ('18,446,744,073,709,551,615', 'about 1.00 × 10^5,000')
    """
    if x.bit_length() <= EXACT_DIGITS * 3:  # under 10^3612: at most 3,612 digits
        return f"{x:,}"
    return number_text(x)


def digit_count(m: int, n: int) -> int:
    """How many decimal digits m^n has (m >= 2), exact for any n up to 10^18 without building it.

    >>> digit_count(2, 1000), digit_count(10, 3), digit_count(2, 10**18)
    (302, 4, 301029995663981196)
    """
    if n * math.log10(m) < FULL_DIGITS:
        return len(str(m**n))
    with localcontext() as ctx:
        ctx.prec = 60
        exact = Decimal(m).log10() * n
    return int(exact) + 1


def power_text(m: int, n: int) -> str:
    """m^n for people: '3^4 = 81', or '2^1,000 (a number of 302 digits)' when it is long.

    >>> power_text(3, 4), power_text(2, 1000)
    ('3^4 = 81', '2^1,000 (a number of 302 digits)')
    """
    if m <= 1:
        return f"{m}^{n:,} = {m}"
    if n * math.log10(m) < FULL_DIGITS:
        return f"{m}^{n:,} = {m**n:,}"
    return f"{m}^{n:,} (a number of {number_text(digit_count(m, n))} digits)"
