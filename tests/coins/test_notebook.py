"""The seeds' notebook functions (flip, all_moves, update, probably_wins) against the reference.

Property tests (hypothesis) of the belief update against the naive update in reference.py.
"""

from __future__ import annotations

import pytest
from helpers import coins_text
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import canonical, canonical_coins, naive_update, seed_moves

from devilcoins import Coins, Move, Strategy
from devilcoins.coins.search import belief_search
from devilcoins.notebook import all_moves, flip, update

SETTINGS = settings(max_examples=150, deadline=None)


@st.composite
def belief_and_move(draw, low: int = 2, high: int = 8):
    """N, a random subset of the canonical sequences of N coins, and a random move."""
    n = draw(st.integers(low, high))
    belief = draw(st.frozensets(st.sampled_from(sorted(canonical_coins(n))), max_size=12))
    move = draw(st.frozensets(st.integers(0, n - 1)))
    return n, belief, move


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


# --- probably_wins ---------------------------------------------------------------------------


def test_probably_wins_rejects_a_strategy_that_cannot_win():
    """With no moves at all (or too few), some random game must be lost: the answer is False."""
    from devilcoins.notebook import probably_wins

    progress: list[int] = []
    assert not probably_wins(
        Strategy([{0, 1}]), 2, k=3, rng=0, on_progress=lambda done, _t: progress.append(done)
    )
    assert progress == [1]
    assert probably_wins(Strategy.from_masks(belief_search(4).strategy), 4, k=20, rng=0)
