"""Lamping's construction, exact verification, the Devil's lines and certificates, by reference.

Every expected value comes from the slow references in reference.py (the construction built by
its recursion, plain sets of full tails masks for beliefs) or from a tiny simulator here; the
library's verdicts that a strategy loses are checked by replaying its counterexample.
"""

from __future__ import annotations

import io
import random
from itertools import combinations, pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import (
    lamping,
    lamping_move,
    naive_beliefs,
    naive_won_at,
    necklaces,
    odd_primes_naive,
    prefix_sums_distinct,
    replay,
    rot,
)

from devilcoins import Coins, DevilcoinsError, Strategy, belief_search
from devilcoins import verify_coins as verify
from devilcoins.coins.certificate import certificate, odd_prime_factors
from devilcoins.coins.construct import (
    FORMATS,
    check_power_of_two,
    construction,
    generator_masks,
    is_power_of_two,
    move_format,
    move_mask,
    move_phase,
    strategy_length,
    stream_moves,
)
from devilcoins.coins.notebook import play
from devilcoins.coins.verification import lower_bound_counterexample, worst_line

SETTINGS = settings(max_examples=40, deadline=None)

# --- helpers: the game on tails masks, independent of the library ---------------------------


def mask_of(move) -> int:
    """A move (set of positions) as a flip mask."""
    return sum(1 << p for p in move)


def masks_of(strategy) -> list[int]:
    return [mask_of(m) for m in strategy]


def tails(coins: str) -> int:
    """Coins text ('HTTH', position 0 first) as a tails mask."""
    return sum(1 << i for i, c in enumerate(coins) if c == "T")


def strategy_of(masks) -> Strategy:
    return Strategy({p for p in range(m.bit_length()) if m >> p & 1} for m in masks)


def assert_beats(strategy, n: int, counter) -> None:
    """The counterexample is well formed and, replayed, never shows all heads."""
    assert counter is not None
    assert counter.start is not None and len(counter.start) == n
    assert len(counter.turns) == len(strategy)
    assert all(0 <= r < n for r in counter.turns)
    states = replay(tails(counter.start), counter.turns, masks_of(strategy), n)
    assert all(states), f"all heads after move {states.index(0)}"
    if n <= 64:
        final = play(
            strategy, counter.start, devil=lambda i, coins: counter.turns[i - 1], canonical=False
        )
        assert "T" in final


def naive_wins(masks, n: int) -> bool:
    return naive_won_at(masks, n) is not None


def changed(masks, i: int, new: int) -> list[int]:
    return [*masks[:i], new, *masks[i + 1 :]]


def dropped(masks, i: int) -> list[int]:
    return [*masks[:i], *masks[i + 1 :]]


def swapped(masks, i: int, j: int) -> list[int]:
    out = list(masks)
    out[i], out[j] = out[j], out[i]
    return out


def trailing_zeros(i: int) -> int:
    c = 0
    while i % 2 == 0:
        i //= 2
        c += 1
    return c


# --- 1. the construction against Lamping's recursion ----------------------------------------


def test_the_recursive_reference_by_hand():
    assert lamping(1) == [0b1]
    assert lamping(2) == [0b11, 0b01, 0b11]
    d, s = [0b1111, 0b0101, 0b1111], [0b0011, 0b0001, 0b0011]
    assert lamping(4) == [*d, s[0], *d, s[1], *d, s[2], *d]
    for n in (1, 2, 4, 8, 16):
        assert [lamping_move(n, i) for i in range(1, 1 << n)] == lamping(n)


@pytest.mark.parametrize("n", [1, 2, 4, 8, 16])
def test_construction_is_lampings_recursion(n):
    expected = lamping(n)
    strategy = construction(n)
    assert len(strategy) == strategy_length(n) == len(expected) == 2**n - 1
    assert masks_of(strategy) == expected
    indices = range(1, 2**n) if n <= 8 else random.Random(n).sample(range(1, 2**n), 3000)
    for i in indices:
        assert move_mask(n, i) == expected[i - 1], f"move {i}"


@st.composite
def wide_move_index(draw):
    """N in 32, 64, 128 and a move number, often with many trailing zero bits."""
    n = draw(st.sampled_from([32, 64, 128]))
    last = 2**n - 1
    if draw(st.booleans()):
        return n, draw(st.integers(1, last))
    c = draw(st.integers(0, n - 1))
    odd = draw(st.integers(0, (last >> (c + 1))))
    return n, (2 * odd + 1) << c


@SETTINGS
@given(wide_move_index())
def test_move_mask_is_lampings_recursion_for_wide_tables(case):
    n, i = case
    assert move_mask(n, i) == lamping_move(n, i)
    assert move_phase(i) == trailing_zeros(i)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2**64 - 1))
def test_move_mask_for_64_coins_up_to_the_last_move(i):
    assert move_mask(64, i) == lamping_move(64, i)


def test_move_mask_for_the_widest_table():
    for i in (1, 2, 3, 2**15, 2**16 - 1, 2**40 + 2**39, 2**65535, 2**65536 - 1):
        assert move_mask(65536, i) == lamping_move(65536, i)


@pytest.mark.parametrize("n", [1, 2, 4, 8, 16, 32, 64, 256])
def test_generator_masks_are_the_moves_with_c_trailing_zeros(n):
    gens = generator_masks(n)
    assert gens == [lamping_move(n, 1 << c) for c in range(n)]
    assert len(set(gens)) == n
    assert gens[0] == 2**n - 1  # odd moves flip every coin


def test_move_phase_and_is_power_of_two_by_brute_force():
    for i in range(1, 5000):
        assert move_phase(i) == trailing_zeros(i)
    for n in range(-5, 5000):
        assert is_power_of_two(n) == (n >= 1 and bin(n).count("1") == 1)


def test_check_power_of_two():
    for n in (1, 2, 4, 1024, 65536):
        assert check_power_of_two(n) == n
    for bad in (3, 6, 12, 24, 65535, 2**17, 2**20, 0, -4, "4", 4.0, True, None):
        with pytest.raises(DevilcoinsError):
            check_power_of_two(bad)
    with pytest.raises(DevilcoinsError, match="too many"):
        construction(32)


@pytest.mark.parametrize(("n", "i"), [(4, 0), (4, 16), (4, -1), (2, 4), (64, 2**64), (4, True)])
def test_move_mask_refuses_move_numbers_out_of_range(n, i):
    with pytest.raises(DevilcoinsError):
        move_mask(n, i)


def test_move_mask_refuses_non_integer_numbers_and_odd_tables():
    with pytest.raises(DevilcoinsError):
        move_mask(4, 1.0)
    with pytest.raises(DevilcoinsError):
        move_mask(6, 1)


# --- 2. streaming against random access -----------------------------------------------------


def parse_stream(data: bytes, n: int, fmt: str) -> list[int]:
    """The moves of a stream, read back by hand."""
    if fmt == "binary":
        width = max(1, n // 8)
        assert len(data) % width == 0
        return [int.from_bytes(data[k : k + width], "little") for k in range(0, len(data), width)]
    text = data.decode("ascii")
    assert text == "" or text.endswith("\n")
    lines = text.split("\n")[:-1]
    if fmt == "flips":
        assert all(len(line) == n and set(line) <= {"F", "L"} for line in lines)
        return [sum(1 << t for t, c in enumerate(line) if c == "F") for line in lines]
    masks = []
    for line in lines:
        positions = [int(t) for t in line.split(" ")] if line else []
        assert positions == sorted(set(positions)) and all(0 <= p < n for p in positions)
        assert line == " ".join(map(str, positions))  # single spaces, nothing else
        masks.append(sum(1 << p for p in positions))
    return masks


def streamed(n: int, fmt: str, **kwargs) -> tuple[int, list[int]]:
    buf = io.BytesIO()
    written = stream_moves(buf, n, fmt=fmt, **kwargs)
    return written, parse_stream(buf.getvalue(), n, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("n", [1, 2, 4, 8, 16])
def test_streaming_the_whole_construction(n, fmt):
    written, moves = streamed(n, fmt)
    assert written == 2**n - 1
    assert moves == lamping(n)


@st.composite
def stream_slice(draw):
    n = draw(st.sampled_from([4, 8, 16, 32]))
    fmt = draw(st.sampled_from(FORMATS))
    last = 2**n - 1
    start = draw(st.integers(1, last))
    count = draw(st.integers(0, min(300, last - start + 1)))
    return n, fmt, start, count


@settings(max_examples=60, deadline=None)
@given(stream_slice())
def test_streamed_slices_agree_with_move_mask(case):
    n, fmt, start, count = case
    written, moves = streamed(n, fmt, start=start, count=count)
    assert written == count == len(moves)
    assert moves == [move_mask(n, i) for i in range(start, start + count)]


# slices around multiples of 2^15 .. 2^20 (the streaming blocks), and the very end
BOUNDARY_SLICES = [
    (32, 2**20 - 3, 10),
    (32, 5 * 2**20, 3),
    (32, 5 * 2**20 - 1, 2),
    (32, 3 * 2**20 + 1, 4),
    (32, 2**15 - 2, 5),
    (32, 2**16 - 1, 3),
    (32, 7 * 2**16 - 2, 2**16 + 5),
    (32, 2**31, 1),
    (32, 2**32 - 2**20 - 2, 5),
    (32, 2**32 - 6, 5),
    (64, 2**64 - 2**20 - 2, 6),
    (64, 2**64 - 5, 5),
    (16, 2**15 - 2, 4),
]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("n", "start", "count"), BOUNDARY_SLICES)
def test_streamed_slices_across_block_boundaries(n, start, count, fmt):
    written, moves = streamed(n, fmt, start=start, count=count)
    assert written == count == len(moves)
    assert moves == [lamping_move(n, i) for i in range(start, start + count)]


def test_streaming_more_than_a_whole_block_of_binary_words():
    """Two million binary moves for N = 32 from just before 2^20: every word checked."""
    start, count = 2**20 - 2, 2**21 + 5
    buf = io.BytesIO()
    assert stream_moves(buf, 32, start=start, count=count, fmt="binary") == count
    words = np.frombuffer(buf.getvalue(), dtype="<u4")
    assert len(words) == count
    i = np.arange(start, start + count, dtype=np.int64)
    phase = np.log2(i & -i).astype(np.int64)
    gens = np.array([lamping_move(32, 1 << c) for c in range(32)], dtype=np.uint64)
    assert np.array_equal(words.astype(np.uint64), gens[phase])


def test_stream_progress_reaches_the_end():
    seen: list[tuple[int, int]] = []
    buf = io.BytesIO()
    stream_moves(
        buf,
        32,
        start=2**20 - 3,
        count=2**20 + 7,
        fmt="binary",
        on_progress=lambda done, total: seen.append((done, total)),
    )
    assert seen and seen[-1] == (2**20 + 7, 2**20 + 7)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize(
    ("n", "kwargs"),
    [
        (4, {"start": 0}),
        (4, {"start": 16}),
        (4, {"start": 15, "count": 2}),
        (4, {"start": 1, "count": 16}),
        (4, {"start": 3, "count": -1}),
        (32, {"start": 2**32 - 3, "count": 4}),
        (3, {}),
        (12, {"start": 1, "count": 1}),
        (2**17, {"start": 1, "count": 1}),
        (4, {"fmt": "hex"}),
    ],
)
def test_stream_refuses_bad_requests(n, kwargs):
    with pytest.raises(DevilcoinsError):
        stream_moves(io.BytesIO(), n, **kwargs)


def test_stream_count_zero_and_to_the_end():
    buf = io.BytesIO()
    assert stream_moves(buf, 8, start=255, count=0) == 0
    assert buf.getvalue() == b""
    assert streamed(8, "flips", start=250) == (6, lamping(8)[249:])


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([1, 2, 4, 8, 16, 32, 64]), st.data())
def test_move_format_by_hand(n, data):
    mask = data.draw(st.integers(0, 2**n - 1))
    positions = [t for t in range(n) if mask >> t & 1]
    assert move_format(mask, n, "positions") == (" ".join(map(str, positions)) + "\n").encode()
    flips = "".join("F" if t in positions else "L" for t in range(n))
    assert move_format(mask, n, "flips") == (flips + "\n").encode()
    word = move_format(mask, n, "binary")
    assert len(word) == max(1, n // 8)
    assert sum(b << (8 * k) for k, b in enumerate(word)) == mask


# --- 3. exact verification against plain sets of states -------------------------------------


def check_verdict(strategy, n: int) -> None:
    """verify agrees with the naive reference; a loss comes with a counterexample that holds."""
    expected = naive_won_at(masks_of(strategy), n)
    v = verify(strategy, n)
    assert v.wins == (expected is not None)
    assert v.won_at == expected
    assert v.coins == n and v.moves == len(strategy)
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
    strategy = belief_search(n).strategy
    if strategy is None:  # no strategy: the construction's moves lose, every one of them
        assert n in (3, 5, 6)
        strategy = Strategy([set(range(n)), {0}] * (2**n))
    check_verdict(strategy, n)
    assert verify(strategy, n).wins == is_power_of_two(n)


@st.composite
def small_strategy(draw, low: int = 1, high: int = 6, longest: int = 40):
    n = draw(st.integers(low, high))
    masks = draw(st.lists(st.integers(0, 2**n - 1), max_size=longest))
    return n, masks


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


# --- 4. mutations of the construction are caught --------------------------------------------


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
        c = v.counterexample
        assert c.turns == (0,) * len(masks)
        assert_beats(strategy, n, c)
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


def test_a_changed_move_for_16_coins():
    """The lone move with 15 trailing zeros, made to flip every coin: caught, and proven."""
    base = lamping(16)
    i = 2**15 - 1  # move 2^15
    masks = changed(base, i, 2**16 - 1)
    assert not prefix_sums_distinct(masks)  # an unturned table already beats it
    assert judge_mutation(masks, 16, naive=False)


# --- 5. the lower bound's counterexample ----------------------------------------------------


def prefix_sums(masks) -> set[int]:
    sums, acc = {0}, 0
    for m in masks:
        acc ^= m
        sums.add(acc)
    return sums


def check_lower_bound(masks, n: int) -> None:
    strategy = strategy_of(masks)
    c = lower_bound_counterexample(strategy, n)
    if len(masks) >= 2**n - 1:
        assert c is None
        return
    assert c.turns == (0,) * len(masks)
    assert tails(c.start) not in prefix_sums(masks)
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


# --- 6. worst_line against the reachable states of one start --------------------------------


def check_line(strategy, n: int, start: int) -> None:
    masks = masks_of(strategy)
    expected = naive_won_at(masks, n, {start})
    line, sizes = worst_line(strategy, n, Coins.from_mask(start, n))
    # belief sizes count canonical sequences, all heads (always kept) included
    beliefs = naive_beliefs(masks, n, {start})
    assert list(sizes) == [1 + necklaces(b, n) for b in beliefs]
    assert tails(line.start) == start
    assert len(line.turns) == len(masks) and all(0 <= r < n for r in line.turns)
    assert line.survives == (expected is None)
    assert line.won_at == expected
    states = replay(start, line.turns, masks, n)
    if line.survives:
        assert all(states)
        assert_beats(strategy, n, line.counterexample())
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
    strategy = belief_search(n).strategy
    line, _ = worst_line(strategy, n)
    assert not line.survives
    assert line.won_at == naive_won_at(masks_of(strategy), n) == len(strategy)
    states = replay(tails(line.start), line.turns, masks_of(strategy), n)
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
    line, _ = worst_line(strategy, 4)
    assert line.survives and tails(line.start) in survivors
    assert_beats(strategy, 4, line.counterexample())


@settings(max_examples=60, deadline=None)
@given(small_strategy(low=2, high=6, longest=30), st.data())
def test_worst_line_for_random_strategies_and_starts(case, data):
    n, masks = case
    start = data.draw(st.integers(0, 2**n - 1))
    check_line(strategy_of(masks), n, start)


# --- 7. the Devil's certificates ------------------------------------------------------------

NOT_POWERS = [n for n in range(3, 13) if not is_power_of_two(n)]


def in_devils_set(kind: str, n: int, x: int) -> bool:
    """The certificate's set, by its definition: some mixed column, or no period 2^a."""
    if kind == "chain":
        period = n & -n
        return any((x >> t & 1) != (x >> ((t + period) % n) & 1) for t in range(n))
    p = odd_primes_naive(n)[0]
    s = n // p
    columns = [{x >> (j + k * s) & 1 for k in range(p)} for j in range(s)]
    return any(len(col) == 2 for col in columns)


@pytest.mark.parametrize("kind", ["column", "chain"])
@pytest.mark.parametrize("n", NOT_POWERS)
def test_certificate_checks_hold(n, kind):
    cert = certificate(n, kind)
    checks = cert.check()
    assert checks, f"nothing checked for N = {n}"
    for check in checks:
        assert check.holds, check.failure
        assert check.cases > 0
    for x in range(2**n):
        assert cert.safe(x) == in_devils_set(kind, n, x), f"x = {x:0{n}b}"
    assert not cert.safe(0)
    assert cert.safe(tails(cert.start()))


@pytest.mark.parametrize("kind", ["column", "chain"])
@pytest.mark.parametrize("n", [n for n in NOT_POWERS if n <= 8])
def test_certificate_keeps_every_state_against_every_move(n, kind):
    cert = certificate(n, kind)
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
    c = certificate(n, kind).beat(strategy)
    assert_beats(strategy, n, c)


@pytest.mark.parametrize("n", [12, 24])
def test_certificate_beats_from_a_given_start_and_refuses_a_bad_one(n):
    cert = certificate(n)
    strategy = strategy_of([2**n - 1, 1, 2**n - 1, 3] * 5)
    start = Coins.from_mask(0b101, n)
    c = cert.beat(strategy, start)
    assert c.start == start
    assert_beats(strategy, n, c)
    with pytest.raises(DevilcoinsError):
        cert.beat(strategy, Coins("H" * n))
    with pytest.raises(DevilcoinsError):
        cert.turn(0, 0)  # all heads, and no flips: no turn gets back into the set


@pytest.mark.parametrize("n", [1, 2, 4, 8, 64, 2**20])
def test_no_certificate_for_powers_of_two(n):
    with pytest.raises(DevilcoinsError):
        certificate(n)


def test_unknown_certificate_kind():
    with pytest.raises(DevilcoinsError):
        certificate(6, "spiral")


def test_odd_prime_factors_by_brute_force():
    for n in range(1, 2001):
        assert odd_prime_factors(n) == odd_primes_naive(n), n


# --- 8. verify past the table ---------------------------------------------------------------


@pytest.mark.parametrize("n", [24, 32, 40, 64])
def test_verify_short_strategies_for_wide_tables(n):
    rng = random.Random(n)
    strategy = strategy_of([rng.getrandbits(n) for _ in range(50)])
    v = verify(strategy, n)
    assert v.method == "lower bound"
    assert not v.wins and v.won_at is None and v.sizes == ()
    assert v.counterexample.turns == (0,) * 50
    assert_beats(strategy, n, v.counterexample)


@pytest.mark.parametrize("k", [4095, 4200])
def test_verify_by_certificate_for_long_strategies(k):
    rng = random.Random(k)
    strategy = strategy_of([rng.getrandbits(12) for _ in range(k)])
    v = verify(strategy, 12, exact=False)
    assert v.method == "certificate"
    assert not v.wins and v.won_at is None and v.moves == k
    assert_beats(strategy, 12, v.counterexample)
    exact = verify(strategy, 12)
    assert exact.method == "exact" and not exact.wins
    assert_beats(strategy, 12, exact.counterexample)


def test_verify_by_certificate_for_a_repeated_move():
    strategy = Strategy([{0}] * 4095)
    v = verify(strategy, 12, exact=False)
    assert v.method == "certificate" and not v.wins
    assert_beats(strategy, 12, v.counterexample)


def test_verify_refuses_more_than_64_coins():
    with pytest.raises(DevilcoinsError):
        verify(Strategy([{0}]), 65)


def test_starts_and_counts_of_the_wrong_kind_are_refused():
    from devilcoins.coins.certificate import certificate
    from devilcoins.coins.construct import stream_moves
    from devilcoins.coins.notation import Coins, DevilcoinsError, Strategy
    from devilcoins.coins.verification import worst_line

    with pytest.raises(DevilcoinsError, match="coins but N = 3"):
        worst_line(Strategy([{0}] * 3), 3, Coins("TH"))
    with pytest.raises(DevilcoinsError, match="coins but N = 3"):
        worst_line(Strategy([{0}] * 3), 3, Coins("HHHT"))
    with pytest.raises(DevilcoinsError, match="coins but N = 6"):
        certificate(6).beat(Strategy([{0}, {1}]), "THH")
    for bad in (2.5, "3", True):
        with pytest.raises(DevilcoinsError, match="whole number"):
            stream_moves(io.BytesIO(), 4, count=bad)
