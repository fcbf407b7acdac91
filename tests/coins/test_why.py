"""The why views' data against naive models: the recursion's roles and patterns, the certificate."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference import canonical, canonical_coins, flipped, naive_update, pair_pattern, rotations

from devilcoins.coins.construct import construction
from devilcoins.coins.why import devil_answer, kept_out, strategy_roles
from devilcoins.core.errors import DevilcoinsError


@pytest.mark.parametrize("n", [2, 4, 8])
def test_roles_and_patterns_follow_the_naive_beliefs(n: int) -> None:
    why = strategy_roles(n)
    belief = canonical_coins(n)
    assert why.start_patterns == tuple(sorted({pair_pattern(c) for c in belief if "T" in c}))
    for role, move in zip(why.moves, construction(n), strict=True):
        belief = naive_update(belief, move)
        alive = {c for c in belief if "T" in c}
        assert role.flips == tuple(sorted(move))
        assert role.patterns == tuple(sorted({pair_pattern(c) for c in alive}))
        assert role.belief == len(alive)
    assert why.moves[-1].belief == 0


@pytest.mark.parametrize("n", [4, 8])
def test_doubled_moves_play_the_half_strategy_and_single_moves_one_half(n: int) -> None:
    half = n // 2
    smaller = [tuple(sorted(m)) for m in construction(half)]
    for role in strategy_roles(n).moves:
        low = tuple(p for p in role.flips if p < half)
        high = tuple(p - half for p in role.flips if p >= half)
        if role.kind == "doubled":
            assert low == high == smaller[role.step - 1]
        else:
            assert high == () and low == smaller[role.step - 1]
    kinds = "".join(r.kind[0] for r in strategy_roles(n).moves)
    run = "d" * (2**half - 1)
    assert kinds == "s".join([run] * 2**half)


def test_doubled_moves_name_their_own_role_in_the_half_strategy() -> None:
    inner = {r.step: r.inner for r in strategy_roles(8).moves if r.kind == "doubled"}
    four = {r.index: f"{r.kind[0]}{r.step}" for r in strategy_roles(4).moves}
    assert inner == four


@pytest.mark.parametrize("n", [3, 5, 6, 7])
def test_the_kept_out_set_is_a_group_of_tables_the_devil_can_always_stay_out_of(n: int) -> None:
    kept = set(kept_out(n))
    assert "H" * n in kept and len(kept) < 2**n
    as_masks = {sum(1 << i for i, c in enumerate(z) if c == "T") for z in kept}
    assert all(a ^ b in as_masks for a in as_masks for b in as_masks)  # closed: a subgroup
    for coins in ("".join(t) for t in itertools.product("HT", repeat=n)):
        if coins in kept:
            continue
        for k in range(2**n):
            move = [i for i in range(n) if k >> i & 1]
            a = devil_answer(n, coins, move)
            assert a.turned == coins[a.r :] + coins[: a.r]
            assert a.after == flipped(a.turned, set(move)) and a.after not in kept
            assert a.plain == flipped(coins, set(move))
            assert a.plain_kept_out == (a.plain in kept) and (a.r == 0) == (not a.plain_kept_out)


def test_some_turn_keeps_any_table_out_of_the_kept_out_set_naively() -> None:
    kept = set(kept_out(6))
    outside = {c for c in (canonical("".join(t)) for t in itertools.product("HT", repeat=6))}
    outside = {c for c in outside if c not in kept}
    for coins, k in itertools.product(sorted(outside), range(64)):
        move = {i for i in range(6) if k >> i & 1}
        assert any(flipped(t, move) not in kept for t in rotations(coins))


@pytest.mark.parametrize("n", [2, 4, 8, 9, 12, 16])
def test_the_wrong_n_is_refused_in_words(n: int) -> None:
    with pytest.raises(DevilcoinsError, match=r"powers? of 2"):
        kept_out(n) if n in (2, 4, 8) else strategy_roles(n)


def test_a_table_inside_the_kept_out_set_is_refused() -> None:
    with pytest.raises(DevilcoinsError, match="sequences the Devil keeps the coins from"):
        devil_answer(6, "HTHTHT", [0])
    with pytest.raises(DevilcoinsError, match=r"with 3 coins they are 0\.\.2"):
        devil_answer(3, "THH", [3])


@given(st.text("HT", min_size=5, max_size=5), st.sets(st.integers(0, 4)))
def test_the_devil_answers_five_coins_from_outside_his_set(coins: str, move: set[int]) -> None:
    kept = set(kept_out(5))
    if coins in kept:
        return
    a = devil_answer(5, coins, sorted(move))
    assert "T" in a.after and a.after not in kept
