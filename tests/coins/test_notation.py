"""Coins, moves, beliefs and strategies (hypothesis): canonical forms and text round trips."""

from __future__ import annotations

import json

from helpers import coins_text
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import rotations

from devilcoins import (
    Belief,
    Coins,
    Move,
    Strategy,
)

SETTINGS = settings(max_examples=150, deadline=None)


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
