"""Numbers the games need, each computed once: divisors, primes, powers of two, rotation, Burnside.

Everything here is exact integer arithmetic on plain ints (``rotate_mask`` also takes numpy
arrays), with no import of anything else in devilcoins but its errors.  How numbers are written
for people is ``core.numbertext``; how the numbers people write are read is
``core.readnumbers`` (the command line takes both from here).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, overload

from devilcoins.core.errors import check_n

# Kept importable from here: the command line takes these names from core.numbers.
from devilcoins.core.numbertext import digit_count, exact_text, number_text
from devilcoins.core.readnumbers import read_decimal, read_whole

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "canonical_count",
    "digit_count",
    "divisors",
    "euler_phi",
    "exact_text",
    "is_power_of_two",
    "number_text",
    "odd_prime_factors",
    "prime_factors",
    "read_decimal",
    "read_whole",
    "rotate_mask",
    "same_prime_power",
    "smallest_prime_factor",
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
