"""Lamping's construction: its moves and their streams, against its recursion (reference.py)."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest
from helpers import (
    masks_of,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import (
    lamping,
    lamping_move,
    parse_stream,
    trailing_zeros,
)

from devilcoins import DevilcoinsError
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

SETTINGS = settings(max_examples=40, deadline=None)


# --- the construction against Lamping's recursion ----------------------------------------


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


# --- streaming against random access -----------------------------------------------------


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
