"""Property tests (hypothesis): canonical forms, counts, the belief update and text round trips."""

from __future__ import annotations

import json
from itertools import product
from math import gcd

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import canonical, canonical_coins, naive_update, rotations, seed_moves

from devilcoins import (
    Belief,
    Coins,
    Move,
    Strategy,
    all_coins,
    all_moves,
    canonical_count,
    flip,
    update,
)
from devilcoins.coins.search import notebook_moves
from devilcoins.core.tables import table

SETTINGS = settings(max_examples=150, deadline=None)

# --- hypothesis strategies ------------------------------------------------------------------

coins_text = st.text(alphabet="HT", min_size=1, max_size=12)


@st.composite
def belief_and_move(draw, low: int = 2, high: int = 8):
    """N, a random subset of the canonical sequences of N coins, and a random move."""
    n = draw(st.integers(low, high))
    belief = draw(st.frozensets(st.sampled_from(sorted(canonical_coins(n))), max_size=12))
    move = draw(st.frozensets(st.integers(0, n - 1)))
    return n, belief, move


@st.composite
def n_and_move(draw):
    n = draw(st.integers(1, 12))
    return n, Move(draw(st.frozensets(st.integers(0, n - 1))))


@st.composite
def n_and_strategy(draw):
    n = draw(st.integers(1, 10))
    moves = draw(st.lists(st.frozensets(st.integers(0, n - 1)), max_size=20))
    return n, Strategy(moves)


# --- canonical forms ------------------------------------------------------------------------


@SETTINGS
@given(coins_text)
def test_canonical_is_the_first_rotation_and_idempotent(text):
    c = Coins(text).canonical()
    assert c == min(rotations(text))
    assert c in rotations(text)
    assert c.canonical() == c


@SETTINGS
@given(coins_text, st.integers(-30, 30))
def test_canonical_is_the_same_for_every_rotation(text, r):
    turned = Coins(text).rotate(r)
    k = r % len(text)
    assert turned == text[k:] + text[:k]
    assert turned.canonical() == Coins(text).canonical()
    assert Coins(text).rotations() == set(rotations(text))


@SETTINGS
@given(coins_text, st.data())
def test_flip_is_canonical_and_leaves_all_heads_alone(text, data):
    n = len(text)
    move = data.draw(st.frozensets(st.integers(0, n - 1)))
    flipped = Coins(text).flipped(Move(move))
    assert flipped.flipped(Move(move)) == text
    assert sum(a != b for a, b in zip(flipped, text, strict=True)) == len(move)
    expected = text if "T" not in text else canonical(flipped)
    assert flip(text, move) == expected
    assert flip("H" * n, move) == "H" * n


# --- counting canonical sequences -----------------------------------------------------------


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


@pytest.mark.parametrize("n", range(1, 11))
def test_all_moves_are_the_heads_of_the_sorted_canonical_sequences(n):
    expected = seed_moves(n)
    assert all_moves(n) == expected


# --- the belief update ----------------------------------------------------------------------


@SETTINGS
@given(belief_and_move())
def test_update_matches_the_naive_update(case):
    n, belief, move = case
    result = update(belief, move)
    assert result == naive_update(belief, move)
    assert all(c == canonical(c) and len(c) == n for c in result)


@SETTINGS
@given(belief_and_move(), st.data())
def test_update_ignores_how_the_belief_is_turned(case, data):
    n, belief, move = case
    turned = {c[r:] + c[:r] for c in belief for r in [data.draw(st.integers(0, n - 1))]}
    assert update(turned, move) == update(belief, move)


@SETTINGS
@given(belief_and_move(), st.data())
def test_update_ignores_how_the_move_is_turned(case, data):
    n, belief, move = case
    s = data.draw(st.integers(0, n - 1))
    assert update(belief, {(p + s) % n for p in move}) == update(belief, move)
    assert update(belief, Move(move).canonical(n)) == update(belief, move)
    assert Move(move).canonical(n) in all_moves(n)


@SETTINGS
@given(belief_and_move(), st.data())
def test_update_distributes_over_union(case, data):
    n, first, move = case
    second = data.draw(st.frozensets(st.sampled_from(sorted(canonical_coins(n))), max_size=12))
    assert update(first | second, move) == update(first, move) | update(second, move)


@SETTINGS
@given(belief_and_move())
def test_all_heads_is_absorbing(case):
    n, belief, move = case
    heads = "H" * n
    assert update({heads}, move) == {heads}
    assert heads in update(belief | {heads}, move)
    assert update(set(), move) == set()


# --- text round trips -----------------------------------------------------------------------


@SETTINGS
@given(coins_text)
def test_coins_round_trip(text):
    c = Coins(text)
    assert Coins(str(c)) == c == text
    assert Coins(f"  {text.lower()} ") == c
    assert Coins.from_mask(c.tails_mask, c.n) == c
    assert c.tails_mask == sum(1 << i for i, x in enumerate(text) if x == "T")
    assert c.all_heads == ("T" not in text)


@SETTINGS
@given(n_and_move())
def test_move_round_trip(case):
    n, m = case
    assert Move.parse(str(m)) == m
    assert Move.parse(str(m), n) == m
    assert Move.parse(m.positions()) == m
    assert Move.from_flips(m.flips(n)) == m
    assert Move.parse(m.flips(n), n) == m
    assert Move.from_mask(m.mask) == m
    assert m.flips(n) == "".join("F" if i in m else "L" for i in range(n))


@SETTINGS
@given(st.integers(1, 10).flatmap(lambda n: st.frozensets(st.text("HT", min_size=n, max_size=n))))
def test_belief_round_trip(members):
    b = Belief(members)
    assert Belief.parse(str(b)) == b == members


@SETTINGS
@given(n_and_strategy())
def test_strategy_round_trip(case):
    n, s = case
    for fmt in ("positions", "flips"):
        text = s.to_text(n, fmt)
        assert len(text.splitlines()) == len(s)
        assert Strategy.parse(text, n) == s
    data = s.to_json()
    assert data == [sorted(m) for m in s]
    assert Strategy.parse(json.dumps(data), n) == s
    assert s.masks() == [sum(1 << i for i in m) for m in s]
