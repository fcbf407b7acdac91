"""The Devil's certificates for N not a power of 2, against their definition (reference.py).

Every counterexample a certificate gives is checked by replaying it.
"""

from __future__ import annotations

import random

import pytest
from helpers import (
    assert_beats,
    strategy_of,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import (
    in_devils_set,
    odd_primes_naive,
    rot,
    tails,
)

from devilcoins import Coins, DevilcoinsError
from devilcoins.coins.construct import (
    is_power_of_two,
)
from devilcoins.coins.traps import coin_trap, odd_prime_factors

NOT_POWERS = [n for n in range(3, 13) if not is_power_of_two(n)]


@pytest.mark.parametrize("kind", ["column", "chain"])
@pytest.mark.parametrize("n", NOT_POWERS)
def test_certificate_checks_hold(n, kind):
    cert = coin_trap(n, kind)
    checks = cert.check()
    assert checks, f"nothing checked for N = {n}"
    for check in checks:
        assert check.checked and check.holds, check.detail["failure"]
        assert check.detail["cases"] > 0
    for x in range(2**n):
        assert cert.safe(x) == in_devils_set(kind, n, x), f"x = {x:0{n}b}"
    assert not cert.safe(0)
    assert cert.safe(tails(cert.start()))


@pytest.mark.parametrize("kind", ["column", "chain"])
@pytest.mark.parametrize("n", [n for n in NOT_POWERS if n <= 8])
def test_certificate_keeps_every_state_against_every_move(n, kind):
    cert = coin_trap(n, kind)
    spacing = n // odd_primes_naive(n)[0]
    safe = [x for x in range(2**n) if in_devils_set(kind, n, x)]
    assert safe
    for x in safe:
        for m in range(2**n):
            r = cert.turn(x, m)
            assert 0 <= r < n
            if kind == "column":
                assert r % spacing == 0
            y = rot(x, r, n) ^ m
            assert y != 0 and in_devils_set(kind, n, y), f"x={x:0{n}b} m={m:0{n}b} r={r}"


BEAT_SIZES = [3, 5, 6, 7, 9, 10, 12, 15, 24, 45, 63]


@settings(max_examples=50, deadline=None)
@given(
    st.sampled_from(BEAT_SIZES),
    st.sampled_from(["column", "chain"]),
    st.integers(0, 2**32),
    st.integers(0, 60),
)
def test_certificate_beats_random_strategies(n, kind, seed, length):
    rng = random.Random(seed)
    masks = [rng.getrandbits(n) for _ in range(length)]
    strategy = strategy_of(masks)
    c = coin_trap(n, kind).beat(strategy)
    assert_beats(strategy, n, c)


@pytest.mark.parametrize("n", [12, 24])
def test_certificate_beats_from_a_given_start_and_refuses_a_bad_one(n):
    cert = coin_trap(n)
    strategy = strategy_of([2**n - 1, 1, 2**n - 1, 3] * 5)
    start = Coins.from_mask(0b101, n)
    c = cert.beat(strategy, start)
    assert c.start == start.tails_mask
    assert_beats(strategy, n, c)
    with pytest.raises(DevilcoinsError):
        cert.beat(strategy, Coins("H" * n))
    with pytest.raises(DevilcoinsError):
        cert.turn(0, 0)  # all heads, and no flips: no turn gets back into the set


@pytest.mark.parametrize("n", [1, 2, 4, 8, 64, 2**20])
def test_no_certificate_for_powers_of_two(n):
    with pytest.raises(DevilcoinsError):
        coin_trap(n)


def test_unknown_certificate_kind():
    with pytest.raises(DevilcoinsError):
        coin_trap(6, "spiral")


def test_odd_prime_factors_by_brute_force():
    for n in range(1, 2001):
        assert odd_prime_factors(n) == odd_primes_naive(n), n
