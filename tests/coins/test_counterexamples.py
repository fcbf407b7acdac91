"""The Devil's lines: the lower bound's counterexample and worst_line, against the references.

Expected values come from the slow references in reference.py (plain sets of full tails masks
for beliefs); every counterexample is checked by replaying it.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from helpers import (
    assert_beats,
    changed,
    masks_of,
    small_strategy,
    strategy_of,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import (
    lamping,
    naive_beliefs,
    naive_wins,
    naive_won_at,
    necklaces,
    prefix_sums,
    replay,
)

from devilcoins import Game
from devilcoins.blind.verify import worst_line
from devilcoins.coins.construct import (
    construction,
)
from devilcoins.coins.notation import Strategy
from devilcoins.coins.search import belief_search
from devilcoins.coins.verification import lower_bound_counterexample

SETTINGS = settings(max_examples=40, deadline=None)


# --- the lower bound's counterexample ----------------------------------------------------


def check_lower_bound(masks, n: int) -> None:
    strategy = strategy_of(masks)
    c = lower_bound_counterexample(masks, n)
    if len(masks) >= 2**n - 1:
        assert c is None
        return
    assert c.rotations == [0] * len(masks)
    assert c.start not in prefix_sums(masks)
    assert_beats(strategy, n, c)


@SETTINGS
@given(st.integers(1, 12), st.data())
def test_lower_bound_counterexample_for_short_strategies(n, data):
    longest = min(2**n - 1, 80)
    masks = data.draw(st.lists(st.integers(0, 2**n - 1), max_size=longest))
    check_lower_bound(masks, n)


@pytest.mark.parametrize("n", [40, 64])
@pytest.mark.parametrize("seed", range(4))
def test_lower_bound_counterexample_for_wide_tables(n, seed):
    rng = random.Random(seed)
    masks = [rng.getrandbits(n) for _ in range(rng.randrange(300))]
    check_lower_bound(masks, n)


def test_lower_bound_counterexample_when_prefix_sums_fill_the_small_starts():
    """The prefix sums are the first ten Gray codes, 0 1 3 2 6 7 5 4 12 13: 8 is left out."""
    gray = [i ^ (i >> 1) for i in range(16)]
    masks = [a ^ b for a, b in pairwise(gray)][:9]
    assert prefix_sums(masks) == set(gray[:10])
    check_lower_bound(masks, 10)


# --- worst_line against the reachable states of one start --------------------------------


def check_line(strategy, n: int, start: int) -> None:
    masks = masks_of(strategy)
    expected = naive_won_at(masks, n, {start})
    line, sizes = worst_line(Game(n), masks, start)
    # belief sizes count canonical sequences, all heads (always kept) included
    beliefs = naive_beliefs(masks, n, {start})
    assert list(sizes) == [1 + necklaces(b, n) for b in beliefs]
    assert line.start == start
    turns = [t.rotation() for t in line.turns]
    assert len(turns) == len(masks) and all(r is not None and 0 <= r < n for r in turns)
    assert line.survives == (expected is None)
    assert line.won_at == expected
    states = replay(start, turns, masks, n)
    if line.survives:
        assert all(states)
        assert_beats(strategy, n, line.counterexample(Game(n)))
    else:  # the Devil holds out until won_at, and no longer
        assert all(states[: line.won_at]) and states[line.won_at] == 0


@pytest.mark.parametrize("n", [1, 2, 4])
def test_worst_line_from_every_start_of_the_construction(n):
    strategy = construction(n)
    for start in range(2**n):
        check_line(strategy, n, start)


def test_worst_line_from_some_starts_for_8_coins():
    strategy = construction(8)
    for start in (1, 0b10010110, 255, random.Random(3).randrange(1, 256)):
        check_line(strategy, 8, start)


@pytest.mark.parametrize("n", [2, 4])
def test_worst_line_from_the_devils_favourite_start(n):
    strategy = Strategy.from_masks(belief_search(n).strategy)
    line, _ = worst_line(Game(n), masks_of(strategy))
    assert not line.survives
    assert line.won_at == naive_won_at(masks_of(strategy), n) == len(strategy)
    states = replay(line.start, [t.rotation() for t in line.turns], masks_of(strategy), n)
    assert all(states[: line.won_at]) and states[-1] == 0


def test_worst_line_for_a_losing_strategy():
    base = lamping(4)
    losing = next(
        changed(base, i, new)
        for i in range(15)
        for new in range(16)
        if not naive_wins(changed(base, i, new), 4)
    )
    strategy = strategy_of(losing)
    survivors = [x for x in range(1, 16) if naive_won_at(losing, 4, {x}) is None]
    assert survivors and len(survivors) < 15
    for start in range(16):
        check_line(strategy, 4, start)
    line, _ = worst_line(Game(4), losing)
    assert line.survives and line.start in survivors
    assert_beats(strategy, 4, line.counterexample(Game(4)))


@settings(max_examples=60, deadline=None)
@given(small_strategy(low=2, high=6, longest=30), st.data())
def test_worst_line_for_random_strategies_and_starts(case, data):
    n, masks = case
    start = data.draw(st.integers(0, 2**n - 1))
    check_line(strategy_of(masks), n, start)
