"""core.numbers: factors by Pollard's rho against trial division, and numbers for people."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from devilcoins.core.numbers import divisors, euler_phi, prime_factors
from devilcoins.core.numbertext import (
    about_power,
    approx_log10,
    digit_count,
    number_text,
    power_text,
)


def _naive_divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


def _is_prime_naive(p: int) -> bool:
    return p >= 2 and all(p % d for d in range(2, math.isqrt(p) + 1))


@given(st.integers(1, 3000))
def test_divisors_and_phi_match_the_definitions(n: int) -> None:
    assert divisors(n) == _naive_divisors(n)
    assert euler_phi(n) == sum(1 for k in range(1, n + 1) if math.gcd(k, n) == 1)


@given(st.lists(st.integers(2, 10**6), min_size=1, max_size=3))
def test_prime_factors_of_a_product_are_the_factors_primes(parts: list[int]) -> None:
    n = math.prod(parts)
    primes = prime_factors(n)
    assert primes == sorted(set(primes))
    assert all(_is_prime_naive(p) or p > 10**6 for p in primes)
    rest = n
    for p in primes:
        assert rest % p == 0
        while rest % p == 0:
            rest //= p
    assert rest == 1


def test_two_large_primes_split_at_once() -> None:
    # trial division would need 10^9 steps; how long Pollard's rho takes: bench/speed.py
    p, q = 1_000_000_007, 998_244_353
    assert prime_factors(p * q) == [q, p]
    assert divisors(p * q) == [1, q, p, p * q]
    assert prime_factors(999_999_999_999_999_989) == [999_999_999_999_999_989]  # a prime


@given(st.integers(0, 10**15 - 1))
def test_short_numbers_are_written_in_full(x: int) -> None:
    assert int(number_text(x).replace(",", "")) == x


@given(st.integers(50, 8_000))
def test_long_numbers_are_a_power_of_two_or_rounded(k: int) -> None:
    assert number_text(1 << k) == f"2^{k:,}"
    x = 3**k
    text = number_text(x)
    mantissa, exp = text.removeprefix("about ").split(" × 10^")
    digits = str(x)
    true_log = len(digits) - 1 + math.log10(int(digits[:15]) / 10**14)
    assert abs(math.log10(float(mantissa)) + int(exp.replace(",", "")) - true_log) < 0.003
    assert len(text) < 30


@given(st.integers(2, 12), st.integers(0, 3000))
def test_digit_count_is_the_length_of_the_power(m: int, n: int) -> None:
    assert digit_count(m, n) == len(str(m**n))
    assert abs(approx_log10(m**n) - math.log10(m) * n) < 1e-9 * (n + 1)


def test_huge_powers_answer_without_building_them() -> None:
    # 2^(10^18) could not be built at all: the answer coming is the check (its time:
    # bench/speed.py)
    assert (
        power_text(2, 10**18)
        == "2^1,000,000,000,000,000,000 (a number of about 3.01 × 10^17 digits)"
    )
    assert about_power(3.0103e17) == "about 10^(3.01 × 10^17)"
