"""The coin tables: counts of canonical sequences and the table of classes, by brute force."""

from __future__ import annotations

from itertools import product
from math import gcd

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import canonical, canonical_coins, rotations

from devilcoins import Coins, canonical_count
from devilcoins.coins.search import notebook_moves
from devilcoins.core.tables import table
from devilcoins.notebook import all_coins

SETTINGS = settings(max_examples=150, deadline=None)


@pytest.mark.parametrize("n", range(1, 13))
def test_canonical_count_matches_brute_force(n):
    assert canonical_count(n) == len(canonical_coins(n)) == len(all_coins(n))
    assert sorted(all_coins(n)) == sorted(canonical_coins(n))


@SETTINGS
@given(st.integers(1, 300), st.integers(1, 5))
def test_canonical_count_matches_burnside_over_rotations(n, values):
    total = sum(values ** gcd(r, n) for r in range(n))
    assert total % n == 0
    assert canonical_count(n, values) == total // n


@pytest.mark.parametrize(("n", "values"), [(3, 3), (4, 3), (6, 3), (5, 4)])
def test_canonical_count_with_more_values_matches_brute_force(n, values):
    letters = "ABCDE"[:values]
    necklaces = {canonical("".join(p)) for p in product(letters, repeat=n)}
    assert canonical_count(n, values) == len(necklaces)


@pytest.mark.parametrize("n", range(1, 9))
def test_table_matches_the_string_definitions(n):
    tab = table(n)
    order = sorted(canonical_coins(n))
    assert [Coins.from_mask(int(x), n) for x in tab.reps] == list(order)
    for x in range(1 << n):
        coins = "".join("T" if x >> i & 1 else "H" for i in range(n))
        assert order[tab.index(x)] == canonical(coins)
    for k, coins in enumerate(order):
        assert int(notebook_moves(n)[k]) == sum(1 << i for i, c in enumerate(coins) if c == "H")
        orbit = tab.orbit_states[tab.orbit_start[k] : tab.orbit_start[k + 1]]
        masks = {sum(1 << i for i, c in enumerate(r) if c == "T") for r in rotations(coins)}
        assert sorted(int(x) for x in orbit) == sorted(masks)
