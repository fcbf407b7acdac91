"""Exact verification of coin strategies, against the slow references (reference.py).

Expected values come from plain propagation of every sequence (strings or tails masks, no
canonical forms); the library's verdicts that a strategy loses are checked by replaying its
counterexample.
"""

from __future__ import annotations

import io
import random
from itertools import combinations

import pytest
from helpers import (
    assert_beats,
    changed,
    dropped,
    found,
    masks_of,
    small_strategy,
    strategy_of,
    swapped,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import (
    lamping,
    naive_sizes,
    naive_wins,
    naive_won_at,
    plain_wins,
    prefix_sums_distinct,
)

from devilcoins import DevilcoinsError, Strategy
from devilcoins.blind.verify import worst_line
from devilcoins.coins.construct import (
    construction,
    is_power_of_two,
    stream_moves,
)
from devilcoins.coins.search import belief_search
from devilcoins.coins.traps import coin_trap
from devilcoins.coins.verification import lower_bound_counterexample, verify
from devilcoins.core.game import Game

# --- verify against plain propagation ---------------------------------------------------------


@pytest.mark.parametrize("n", [2, 4])
def test_verify_sizes_match_the_reference(n):
    strategy = found(n)
    assert list(verify(strategy, n).sizes) == naive_sizes(strategy, n)


def test_verify_keeps_a_win_when_moves_follow_it():
    strategy = found(4)
    longer = Strategy([*strategy, *strategy[:5]])
    checked = verify(longer, 4)
    assert checked.wins and checked.won_at == len(strategy)
    assert checked.sizes[len(strategy) :] == (1,) * 6


def test_mask_reference_agrees_with_the_string_reference():
    strategy = found(4)
    assert naive_wins(masks_of(strategy), 4) and plain_wins(strategy, 4)
    broken = Strategy([*strategy[:3], *strategy[4:]])
    assert not naive_wins(masks_of(broken), 4) and not plain_wins(broken, 4)


# --- verify rejects broken strategies -------------------------------------------------------


@pytest.mark.parametrize("n", [2, 4, 8])
def test_verify_rejects_a_strategy_with_a_move_dropped(n):
    strategy = found(n)
    drops = range(len(strategy)) if n <= 4 else [0, 1, 7, 127, 128, 200, 254]
    for i in drops:
        shorter = Strategy(strategy[:i] + strategy[i + 1 :])
        assert not verify(shorter, n).wins, f"dropping move {i} still wins"
        if n <= 4:
            assert not plain_wins(shorter, n)


def test_verify_agrees_with_the_reference_on_every_changed_move():
    strategy = found(4)
    every_move = [frozenset(i for i in range(4) if mask >> i & 1) for mask in range(16)]
    verdicts = []
    for i, original in enumerate(strategy):
        for move in every_move:
            if move == original:
                continue
            changed = Strategy([*strategy[:i], move, *strategy[i + 1 :]])
            expected = plain_wins(changed, 4)
            assert verify(changed, 4).wins == expected, f"move {i} changed to {set(move)}"
            verdicts.append(expected)
    assert not all(verdicts) and any(verdicts)  # most changes lose; the seeds' {0} at 8 wins
    seeds_first = Strategy([*strategy[:7], {0}, *strategy[8:]])
    assert verify(seeds_first, 4).wins


def test_verify_agrees_with_the_reference_on_changed_moves_for_8():
    strategy = found(8)
    assert naive_wins(masks_of(strategy), 8)
    last_left_out = Strategy([*strategy[:-1], set()])
    assert not naive_wins(masks_of(last_left_out), 8)
    assert not verify(last_left_out, 8).wins
    for i in (0, 100, 127, 254):
        changed = Strategy([*strategy[:i], {0}, *strategy[i + 1 :]])
        assert verify(changed, 8).wins == naive_wins(masks_of(changed), 8), (
            f"move {i} changed to {{0}}"
        )


# --- exact verification against plain sets of states -------------------------------------


def check_verdict(strategy, n: int) -> None:
    """verify agrees with the naive reference; a loss comes with a counterexample that holds."""
    expected = naive_won_at(masks_of(strategy), n)
    v = verify(strategy, n)
    assert v.wins == (expected is not None)
    assert v.won_at == expected
    assert v.game == Game(n) and v.moves == len(strategy)
    if v.wins:
        assert v.counterexample is None
    else:
        assert_beats(strategy, n, v.counterexample)


@pytest.mark.parametrize("n", [1, 2, 4])
def test_verify_the_construction_against_the_reference(n):
    strategy = construction(n)
    assert naive_won_at(masks_of(strategy), n) == 2**n - 1
    check_verdict(strategy, n)
    v = verify(strategy, n)
    assert v.method == "exact" and v.won_at == 2**n - 1


@pytest.mark.parametrize("n", range(1, 7))
def test_verify_the_searched_strategies_against_the_reference(n):
    found = belief_search(n).strategy
    strategy = None if found is None else Strategy.from_masks(found)
    if strategy is None:  # no strategy: the construction's moves lose, every one of them
        assert n in (3, 5, 6)
        strategy = Strategy([set(range(n)), {0}] * (2**n))
    check_verdict(strategy, n)
    assert verify(strategy, n).wins == is_power_of_two(n)


@settings(max_examples=80, deadline=None)
@given(small_strategy())
def test_verify_random_strategies_against_the_reference(case):
    n, masks = case
    check_verdict(strategy_of(masks), n)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([2, 4]), st.data())
def test_verify_mutated_constructions_against_the_reference(n, data):
    masks = lamping(n)
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["change", "drop", "swap", "insert"]))
        i = data.draw(st.integers(0, len(masks) - 1))
        if kind == "change":
            masks = changed(masks, i, data.draw(st.integers(0, 2**n - 1)))
        elif kind == "drop" and len(masks) > 1:
            masks = dropped(masks, i)
        elif kind == "swap":
            masks = swapped(masks, i, data.draw(st.integers(0, len(masks) - 1)))
        else:
            masks = [*masks[:i], data.draw(st.integers(0, 2**n - 1)), *masks[i:]]
    check_verdict(strategy_of(masks), n)


# --- mutations of the construction are caught --------------------------------------------


def judge_mutation(masks, n: int, *, naive: bool) -> bool:
    """verify's verdict on a mutated construction, with its proof checked; True when it loses."""
    strategy = strategy_of(masks)
    v = verify(strategy, n)
    if naive:
        assert v.wins == naive_wins(masks, n)
    if not v.wins:
        assert_beats(strategy, n, v.counterexample)
    elif not naive:
        assert naive_wins(masks, n), "verify says a mutation wins, the reference says not"
    return not v.wins


def test_every_changed_move_for_4_coins():
    base = lamping(4)
    verdicts = [
        judge_mutation(changed(base, i, new), 4, naive=True)
        for i in range(len(base))
        for new in range(16)
        if new != base[i]
    ]
    assert len(verdicts) == 15 * 15
    assert sum(verdicts) > len(verdicts) // 2


def test_every_swap_for_4_coins():
    base = lamping(4)
    pairs = [(i, j) for i, j in combinations(range(15), 2) if base[i] != base[j]]
    verdicts = [judge_mutation(swapped(base, i, j), 4, naive=True) for i, j in pairs]
    assert sum(verdicts) > len(verdicts) // 2
    adjacent = [judge_mutation(swapped(base, i, i + 1), 4, naive=True) for i in range(14)]
    assert sum(adjacent) > len(adjacent) // 2


@pytest.mark.parametrize("n", [2, 4, 8])
def test_every_dropped_move_loses_by_the_lower_bound(n):
    base = lamping(n)
    for i in range(len(base)):
        masks = dropped(base, i)
        strategy = strategy_of(masks)
        v = verify(strategy, n)
        assert not v.wins and v.won_at is None
        assert_beats(strategy, n, v.counterexample)
        short = lower_bound_counterexample(masks, n)  # and a Devil who never turns beats it too
        assert short is not None and short.rotations == [0] * len(masks)
        assert_beats(strategy, n, short)
        if n <= 4:
            assert not naive_wins(masks, n)


def test_mutations_for_8_coins():
    rng = random.Random(8)
    base = lamping(8)
    verdicts = []
    for _ in range(12):
        i = rng.randrange(255)
        new = rng.choice([m for m in range(256) if m != base[i]])
        verdicts.append(judge_mutation(changed(base, i, new), 8, naive=False))
    for i in [0, 1, 126, 127, 253, *rng.sample(range(254), 5)]:
        verdicts.append(judge_mutation(swapped(base, i, i + 1), 8, naive=False))
    for _ in range(8):
        i, j = rng.sample(range(255), 2)
        if base[i] != base[j]:
            verdicts.append(judge_mutation(swapped(base, i, j), 8, naive=False))
    assert sum(verdicts) > len(verdicts) // 2


@pytest.mark.slow
def test_a_changed_move_for_16_coins():
    """The lone move with 15 trailing zeros, made to flip every coin: caught, and proven."""
    base = lamping(16)
    i = 2**15 - 1  # move 2^15
    masks = changed(base, i, 2**16 - 1)
    assert not prefix_sums_distinct(masks)  # an unturned table already beats it
    assert judge_mutation(masks, 16, naive=False)


# --- verify past the table ---------------------------------------------------------------


@pytest.mark.parametrize("n", [24, 32, 40, 64])
def test_verify_short_strategies_for_wide_tables(n):
    rng = random.Random(n)
    strategy = strategy_of([rng.getrandbits(n) for _ in range(50)])
    v = verify(strategy, n)
    assert v.method == "lower bound"
    assert not v.wins and v.won_at is None and v.sizes == ()
    assert v.counterexample.rotations == [0] * 50
    assert_beats(strategy, n, v.counterexample)


@pytest.mark.parametrize("k", [4095, 4200])
def test_the_certificate_beats_long_strategies(k):
    """Past the tables verify plays the Devil's certificate; within them it must agree with the
    exact verdict (both counterexamples replayed)."""
    rng = random.Random(k)
    strategy = strategy_of([rng.getrandbits(12) for _ in range(k)])
    assert_beats(strategy, 12, coin_trap(12).beat(strategy))
    exact = verify(strategy, 12)
    assert exact.method == "exact" and not exact.wins and exact.moves == k
    assert_beats(strategy, 12, exact.counterexample)


def test_the_certificate_beats_a_repeated_move():
    strategy = Strategy([{0}] * 4095)
    assert_beats(strategy, 12, coin_trap(12).beat(strategy))


# --- limits and bad input -------------------------------------------------------------------


def test_verify_refuses_a_move_out_of_range():
    with pytest.raises(DevilcoinsError, match="position 4"):
        verify(Strategy([{0, 4}]), 4)


def test_verify_refuses_more_than_64_coins():
    with pytest.raises(DevilcoinsError):
        verify(Strategy([{0}]), 65)


def test_verify_in_chunks_matches_one_pass_and_reports_progress(monkeypatch):
    """Verification split into many kernel calls gives the same sizes, with progress to the end."""
    import devilcoins.blind.verify as verify_module

    strategy = Strategy.from_masks(belief_search(4).strategy)
    whole = verify(strategy, 4)
    monkeypatch.setattr(verify_module, "_CHUNK_STEPS", 2 * 6 * 4)  # two moves a call at N = 4
    seen: list[tuple[int, int]] = []
    parts = verify(strategy, 4, on_progress=lambda done, total: seen.append((done, total)))
    assert parts.sizes == whole.sizes == tuple(naive_sizes(strategy, 4))
    assert len(seen) == 8
    assert seen[-1] == (15, 15)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_verify_refuses_work_past_its_limit(monkeypatch):
    import devilcoins.blind.verify as verify_module

    monkeypatch.setattr(verify_module, "MAX_VERIFY_STEPS", 100)
    with pytest.raises(DevilcoinsError, match="fewer moves"):
        verify(Strategy([{0}] * 20), 4)
    # past the tables: too short to win, settled without propagation
    assert verify(Strategy([{0}] * 10), 30).method == "lower bound"


def test_starts_and_counts_of_the_wrong_kind_are_refused():
    from devilcoins.coins.notation import DevilcoinsError, Strategy

    with pytest.raises(DevilcoinsError, match="not a state of n=3"):
        worst_line(Game(3), [1] * 3, 8)
    with pytest.raises(DevilcoinsError, match="not a state of n=3"):
        worst_line(Game(3), [1] * 3, -1)
    with pytest.raises(DevilcoinsError, match="coins but N = 6"):
        coin_trap(6).beat(Strategy([{0}, {1}]), "THH")
    for bad in (2.5, "3", True):
        with pytest.raises(DevilcoinsError, match="whole number"):
            stream_moves(io.BytesIO(), 4, count=bad)
