"""Numbers the games need, each computed once: divisors, primes, powers of two, rotation, Burnside;
and the one reader of the numbers people write (``read_whole``, ``read_decimal``).

Everything here is exact integer arithmetic on plain ints (``rotate_mask`` also takes numpy
arrays), with no import of anything else in devilcoins but its errors.
"""

from __future__ import annotations

import math
import re
import sys
import unicodedata
from decimal import Decimal, localcontext
from typing import TYPE_CHECKING, Any, overload

from devilcoins.core.errors import NotationError, TooLarge, check_n, quoted

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "DECIMAL",
    "FULL_DIGITS",
    "WHOLE",
    "about_power",
    "approx_log10",
    "canonical_count",
    "digit_count",
    "divisors",
    "euler_phi",
    "exact_text",
    "gap_error",
    "is_power_of_two",
    "meant_whole",
    "number_text",
    "odd_prime_factors",
    "power_text",
    "prime_factors",
    "read_decimal",
    "read_whole",
    "rotate_mask",
    "same_prime_power",
    "smallest_prime_factor",
    "split_parts",
    "split_words",
    "whole_mistake",
]


def divisors(n: int) -> list[int]:
    """The positive divisors of n in increasing order (from n's factors: fast for any n up to
    10^18).

    >>> divisors(12), len(divisors(999999999999999989 * 1))
    ([1, 2, 3, 4, 6, 12], 2)
    """
    check_n(n)
    found = [1]
    for p in prime_factors(n):
        k, rest = 0, n
        while rest % p == 0:
            rest, k = rest // p, k + 1
        found = [d * p**e for d in found for e in range(k + 1)]
    return sorted(found)


def euler_phi(n: int) -> int:
    """Euler's totient: how many of 1..n are coprime to n.

    >>> [euler_phi(n) for n in range(1, 9)]
    [1, 1, 2, 2, 4, 2, 6, 4]
    """
    check_n(n)
    result = n
    for p in prime_factors(n):
        result -= result // p
    return result


def canonical_count(n: int, values: int = 2) -> int:
    """How many coin sequences of n coins differ up to rotation (Burnside; nothing enumerated).

    >>> [canonical_count(n) for n in range(1, 13)]
    [2, 3, 4, 6, 8, 14, 20, 36, 60, 108, 188, 352]
    """
    check_n(n)
    check_n(values, what="values", low=1)
    total: int = sum(euler_phi(d) * values ** (n // d) for d in divisors(n))
    return total // n


@overload
def rotate_mask(x: int, r: int, n: int) -> int: ...
@overload
def rotate_mask(x: np.ndarray, r: int | np.ndarray, n: int) -> np.ndarray: ...
def rotate_mask(x: Any, r: Any, n: int) -> Any:
    """Turn the table by r in the notebook's sense (coins[r:] + coins[:r]) on n-bit masks.

    x and r may be ints or numpy arrays of int64 (then every mask is turned at once).

    >>> rotate_mask(0b0010, 1, 4)  # 'HTHH' turned by 1 is 'THHH'
    1
    """
    r %= n
    full = (1 << n) - 1
    return ((x >> r) | (x << (n - r))) & full


def prime_factors(n: int) -> list[int]:
    """The distinct primes dividing n, smallest first: small primes by trial division, the rest
    split by Pollard's rho (Brent's form), so any n up to 10^18 answers at once.

    >>> prime_factors(12), prime_factors(1), prime_factors(999983), prime_factors(2**31 - 1)
    ([2, 3], [], [999983], [2147483647])
    >>> prime_factors(1000000007 * 998244353)
    [998244353, 1000000007]
    """
    n = check_n(n)
    primes: set[int] = set()
    for p in range(2, _TRIAL):
        if n % p == 0:
            primes.add(p)
            while n % p == 0:
                n //= p
    rest = [n] if n > 1 else []
    while rest:
        m = rest.pop()
        if _is_prime(m):
            primes.add(m)
        else:
            d = _rho(m)
            rest += [d, m // d]
    return sorted(primes)


#: Trial division runs below this; every factor left is at least this large.
_TRIAL = 1000


def _rho(n: int) -> int:
    """A proper divisor of the composite n (no factor below _TRIAL): Pollard-Brent.

    >>> _rho(1009 * 1013) in (1009, 1013)
    True
    """
    for c in range(1, n):
        y, g, r, q, x, ys = 2, 1, 1, 1, 2, 2
        while g == 1:
            x = y
            for _ in range(r):
                y = (y * y + c) % n
            k = 0
            while k < r and g == 1:
                ys = y
                for _ in range(min(128, r - k)):
                    y = (y * y + c) % n
                    q = q * abs(x - y) % n
                g, k = math.gcd(q, n), k + 128
            r *= 2
        if g == n:
            g = 1
            while g == 1:
                ys = (ys * ys + c) % n
                g = math.gcd(abs(x - ys), n)
        if g != n:
            return g
    raise AssertionError(f"{n} has no proper divisor")  # pragma: no cover


def _is_prime(n: int) -> bool:
    """Miller-Rabin with the first twelve primes as bases: exact for n < 3.3 * 10^24.

    >>> [k for k in range(30) if _is_prime(k)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    """
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
    if n < 2:
        return False
    for b in bases:
        if n % b == 0:
            return n == b
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for b in bases:
        x = pow(b, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def odd_prime_factors(n: int) -> list[int]:
    """The distinct odd primes dividing n, smallest first.

    >>> odd_prime_factors(12), odd_prime_factors(16), odd_prime_factors(45)
    ([3], [], [3, 5])
    """
    return [p for p in prime_factors(n) if p != 2]


def smallest_prime_factor(k: int) -> int:
    """The least prime dividing k > 1 (k itself when k is prime).

    >>> smallest_prime_factor(15), smallest_prime_factor(7)
    (3, 7)
    """
    return prime_factors(k)[0]


def is_power_of_two(n: int) -> bool:
    """Whether n is 1, 2, 4, 8, ...

    >>> [n for n in range(1, 20) if is_power_of_two(n)]
    [1, 2, 4, 8, 16]
    """
    return n >= 1 and n & (n - 1) == 0


def same_prime_power(n: int, m: int) -> bool:
    """Whether n and m are powers of the same prime (n = 1 counts as p^0).

    >>> [same_prime_power(n, m) for n, m in ((4, 2), (9, 3), (6, 2), (1, 5))]
    [True, True, False, True]
    """
    pn, pm = prime_factors(n), prime_factors(m)
    return len(pm) == 1 and set(pn) <= set(pm)


# --- numbers for people ---------------------------------------------------------------------

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


# --- numbers people write ---------------------------------------------------------------------

#: A whole number as devilcoins reads it wherever one is written (an argument, a game's text, a
#: position, a turn, a file): the ASCII digits 0-9 alone, without a leading zero ('0' is zero).
#: Python's int() also reads '04', '+4', ' 4', '1_6' and other scripts' digits ('４', '٤').
WHOLE = re.compile(r"0|[1-9][0-9]*")

#: A decimal number (seconds, gigabytes): a WHOLE number, then maybe a point and digits.
DECIMAL = re.compile(r"(?:0|[1-9][0-9]*)(?:\.[0-9]+)?")

#: What a refusal says a whole number is.
WHOLE_RULE = (
    "a whole number written with the digits 0-9 alone (no sign, space, underscore or leading zero)"
)


def meant_whole(text: str) -> str | None:
    """The whole number a loosely written text plainly means ('04', '+4', ' 4', '1_6', '４'), in
    the form to write instead; None when it means none."""
    body = text.strip().removeprefix("+").replace("_", "")
    if (
        not body
        or len(body) > 40
        or not all(unicodedata.decimal(c, None) is not None for c in body)
    ):
        return None
    return "".join(str(unicodedata.decimal(c)) for c in body).lstrip("0") or "0"


def whole_mistake(text: str, what: str, low: int = 0) -> str | None:
    """None when text is a whole number as devilcoins reads one (``WHOLE``), else the one-line
    refusal: what is wrong, and the number to write when it is plain which (and at least low).

    >>> whole_mistake("16", "n") is None, whole_mistake("0", "n") is None
    (True, True)
    >>> whole_mistake("04", "N")
    "N must be a whole number written with the digits 0-9 alone (no sign, space, underscore or \
leading zero), got '04' (a leading zero): write 4"
    >>> whole_mistake("\uff11", "a position")[-16:]
    "got '１': write 1"
    """
    if WHOLE.fullmatch(text):
        return None
    meant = meant_whole(text)
    why = " (a leading zero)" if re.fullmatch(r"0[0-9]+", text) else ""
    plain = meant is not None and meant != text and (low <= 0 or meant != "0")
    instead = f": write {meant}" if plain else ""
    return f"{what} must be {WHOLE_RULE}, got {quoted(text)}{why}{instead}"


#: The most digits a number is read with (19: up to 10^18), unless a reader asks for more.
MOST_DIGITS = 19


def read_whole(text: str, what: str, low: int = 0, digits: int = MOST_DIGITS) -> int:
    """The whole number text writes (``WHOLE``: the digits 0-9, no leading zero), at least low
    and of at most digits digits; else NotationError (TooLarge past digits), one line naming
    what, what is wrong and what to write.

    >>> read_whole("16", "n"), read_whole("0", "hands")
    (16, 0)
    >>> read_whole("0", "n", 1)
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: n must be at least 1, got 0
    """
    mistake = whole_mistake(text, what, low)
    if mistake is not None:
        raise NotationError(mistake)
    if len(text) > digits:
        most = "10^18" if digits == MOST_DIGITS else f"{digits:,} digits"
        raise TooLarge(f"{what} must be at most {most}, got a number of {len(text):,} digits")
    if len(text) <= 4000:
        value = int(text)
    else:  # Python turns at most 4,300 digits into an int unless told otherwise
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            value = int(text)
        finally:
            sys.set_int_max_str_digits(limit)
    if value < low:
        raise NotationError(f"{what} must be at least {low}, got {value}")
    return value


def read_decimal(text: str, what: str) -> float:
    """The number text writes (``DECIMAL``: '30', '2.5', '0.5'; the digits 0-9, at most one
    decimal point, no leading zero), else NotationError: float() would also read '1_0' as 10,
    '+3', ' 3' or '03' as 3, '3e0' as 3 and 'inf'.

    >>> read_decimal("2.5", "--time-limit"), read_decimal("0.5", "--memory")
    (2.5, 0.5)
    >>> read_decimal("05", "--memory")
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: --memory must be a number written with the digits 0-9 \
and at most one decimal point (no sign, space, underscore or exponent), got '05' (a leading \
zero): write 5
    """
    if not DECIMAL.fullmatch(text):
        zeros = re.fullmatch(r"0+([0-9]+(?:\.[0-9]+)?)", text)
        instead = f" (a leading zero): write {zeros[1]}" if zeros and len(text) <= 40 else ""
        raise NotationError(
            f"{what} must be a number written with the digits 0-9 and at most one decimal point "
            f"(no sign, space, underscore or exponent), got {quoted(text)}{instead}"
        )
    return float(text)


# --- lists people write -----------------------------------------------------------------------

#: Between two words of a list of numbers: spaces, or one comma with or without spaces.
_BETWEEN = re.compile(r"\s*,\s*|\s+")


def gap_error(what: str, body: str, parts: list[str], sep: str, advice: str) -> NotationError:
    """The refusal of a list with an empty item: a separator first, last or twice in a row."""
    if not parts[0].strip():
        where = f"starts with {sep!r}"
    elif not parts[-1].strip():
        where = f"ends with {sep!r} (nothing after it)"
    else:
        where = f"has {sep!r} twice in a row (nothing between)"
    return NotationError(f"{what} {quoted(body)} {where}: {advice}")


def split_words(text: str, what: str, items: str = "numbers") -> list[str]:
    """The words of a list of numbers written with spaces or single commas between them ('0 2',
    '0,2', '0, 2'; several spaces are one gap); a comma first, last or twice in a row is refused
    (it stands for an item left out), what naming the list and items its items.

    >>> split_words(' 0, 2  3 ', 'move'), split_words('', 'move')
    (['0', '2', '3'], [])
    >>> split_words('0,1,', 'move')
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: move '0,1,' ends with ',' (nothing after it): \
separate the numbers by spaces or by single commas
    """
    body = text.strip()
    if not body:
        return []
    words = _BETWEEN.split(body)
    if "" in words:
        raise gap_error(
            what, body, words, ",", f"separate the {items} by spaces or by single commas"
        )
    return words


def split_parts(text: str, what: str, sep: str = ";") -> list[str]:
    """The parts of a list separated by sep (';': permutations), each stripped; a list with
    nothing in it is [] (the caller says what it needs), and a sep first, last or twice in a
    row is refused.

    >>> split_parts('1 2 0; 0 2 1', 'the generators'), split_parts(' ; ', 'the generators')
    (['1 2 0', '0 2 1'], [])
    >>> split_parts('1 2 0;', 'the generators')
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: the generators '1 2 0;' ends with ';' (nothing after \
it): separate the items by single ';'
    """
    parts = [part.strip() for part in text.split(sep)]
    if not any(parts):
        return []
    if "" in parts:
        raise gap_error(what, text.strip(), parts, sep, f"separate the items by single {sep!r}")
    return parts
