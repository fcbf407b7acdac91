"""Lamping's construction: the shortest winning strategy for N = 2^k coins, any k.

From a winning sequence o_1..o_L for n coins (L = 2^n - 1), Lamping builds one for 2n coins:
d_i flips o_i on both halves of the table, s_i flips o_i on the first half only, and the
sequence is d_1..d_L, s_1, d_1..d_L, s_2, ..., s_L, d_1..d_L (2^(2n) - 1 moves).  Move i
(1-based) is d_r when i = q * 2^n + r with r != 0, else s_q.

Unrolling that recursion gives a closed form: move i depends only on c, the number of trailing
zero bits of i.  It flips position t exactly when t is a bit-subset of e = N - 1 - c, that is,
it is a_(c+1) = (sigma - 1)^(N - c - 1) e_0 in the algebra of docs/mathematics.md §4 (sigma turns
the table by one place).  For N = 4 the moves are 1111 1010 1111 1100 1111 1010 1111 1000 ...
So move i costs O(log N) word operations, and streaming repeats one precomputed block.

Output formats (deterministic, documented in the README):

positions   the flipped positions in increasing order, separated by single spaces ('0 2')
flips       one letter a position: F flip, L leave ('FLFL')
binary      one little-endian word a move, max(1, N / 8) bytes, bit t = flip position t
"""

from __future__ import annotations

from collections.abc import Callable
from typing import BinaryIO

import numpy as np

from devilcoins.coins.notation import DevilcoinsError, Move, Strategy, check_n
from devilcoins.core.files import write_all
from devilcoins.core.numbers import is_power_of_two
from devilcoins.core.numbertext import exact_text

__all__ = [
    "FORMATS",
    "MAX_CONSTRUCT_N",
    "check_power_of_two",
    "construction",
    "expected_bytes",
    "generator_masks",
    "is_power_of_two",
    "move_format",
    "move_mask",
    "move_phase",
    "strategy_length",
    "stream_moves",
]

#: The largest table the construction serves (moves are N-bit words; 2^16 positions).
MAX_CONSTRUCT_N = 1 << 16

#: Output formats of ``stream_moves`` and ``devilcoins construct``.
FORMATS = ("positions", "flips", "binary")

#: Bytes of output a streaming block aims at (a block is repeated, patching its first move).
_BLOCK_BYTES = 1 << 22


def check_power_of_two(n: object) -> int:
    """Return n if it is a power of two the construction serves; raise a clear error if not."""
    n = check_n(n)
    if not is_power_of_two(n):
        lower = 1 << (n.bit_length() - 1)
        raise DevilcoinsError(
            f"N = {n} is not a power of 2, and only powers of 2 have a winning strategy "
            f"(see 'devilcoins prove {n}'); the nearest are N = {lower} and N = {2 * lower}"
        )
    if n > MAX_CONSTRUCT_N:
        raise DevilcoinsError(
            f"N = {n:,} is past the largest table the construction serves (N = {MAX_CONSTRUCT_N:,})"
        )
    return n


def strategy_length(n: int) -> int:
    """2^n - 1: the length of the construction, and the least length of any winning strategy.

    >>> [strategy_length(n) for n in (1, 2, 4, 8, 16)]
    [1, 3, 15, 255, 65535]
    """
    return (1 << check_n(n)) - 1


def _generator(n: int, exponent: int) -> int:
    """(sigma - 1)^exponent e_0 for n = 2^k coins, as a flip mask: the bit-subsets of exponent."""
    mask = 1
    bit = 1
    while bit <= exponent:
        if exponent & bit:
            mask |= mask << bit
        bit <<= 1
    return mask


def generator_masks(n: int) -> list[int]:
    """The n distinct moves of the construction: entry c is move i for every i with c trailing 0s.

    >>> [Move.from_mask(m).flips(4) for m in generator_masks(4)]
    ['FFFF', 'FLFL', 'FFLL', 'FLLL']
    """
    n = check_power_of_two(n)
    return [_generator(n, n - 1 - c) for c in range(n)]


def _check_index(n: int, i: int) -> int:
    if not isinstance(i, int) or isinstance(i, bool):
        raise DevilcoinsError(f"a move number must be a whole number, got {i!r}")
    last = strategy_length(n)
    if not 1 <= i <= last:
        raise DevilcoinsError(
            f"move numbers for N = {n} run from 1 to 2^{n} - 1 = {exact_text(last)}; got "
            f"{exact_text(i)}"
        )
    return i


def move_phase(i: int) -> int:
    """c, the number of trailing zero bits of i: move i is the construction's move a_(c+1).

    >>> [move_phase(i) for i in range(1, 9)]
    [0, 1, 0, 2, 0, 1, 0, 3]
    """
    return (i & -i).bit_length() - 1


def move_mask(n: int, i: int) -> int:
    """The flip mask of move i (1-based) of the construction for n = 2^k coins, in O(log n).

    >>> [Move.from_mask(move_mask(4, i)).flips(4) for i in range(1, 5)]
    ['FFFF', 'FLFL', 'FFFF', 'FFLL']
    >>> move_mask(64, 2**64 - 1) == 2**64 - 1  # odd moves flip every coin
    True
    """
    n = check_power_of_two(n)
    i = _check_index(n, i)
    return _generator(n, n - 1 - move_phase(i))


def construction(n: int) -> Strategy:
    """The whole construction for n = 2^k coins as a Strategy (n <= 16: 65,535 moves).

    >>> construction(2)
    Strategy([{0, 1}, {0}, {0, 1}])
    """
    n = check_power_of_two(n)
    if n > 16:
        raise DevilcoinsError(
            f"the construction for N = {n} has 2^{n} - 1 moves, too many to hold; "
            "stream it with 'devilcoins construct' or use move_mask for single moves"
        )
    gens = [Move.from_mask(m) for m in generator_masks(n)]
    return Strategy(gens[move_phase(i)] for i in range(1, 1 << n))


def move_format(mask: int, n: int, fmt: str) -> bytes:
    """One move in an output format, as bytes (text formats end with a newline).

    >>> move_format(0b0101, 4, 'positions'), move_format(0b0101, 4, 'flips')
    (b'0 2\\n', b'FLFL\\n')
    >>> move_format(0b0101, 4, 'binary')
    b'\\x05'
    """
    if fmt == "binary":
        return mask.to_bytes((n + 7) // 8, "little")
    if fmt == "flips":
        return (Move.from_mask(mask).flips(n) + "\n").encode()
    if fmt == "positions":
        return (" ".join(str(t) for t in range(n) if mask >> t & 1) + "\n").encode()
    raise DevilcoinsError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")


def expected_bytes(n: int, count: int, fmt: str = "positions") -> int:
    """About how many bytes count moves of the construction take in fmt (the mean line, over
    the whole strategy, times count; exact for the whole strategy up to n = 64).

    >>> expected_bytes(4, 15, 'flips'), expected_bytes(4, 15, 'positions')
    (75, 90)
    """
    n = check_power_of_two(n)
    top = min(n, 64)
    weighted = sum(  # sum of line sizes times 2^(top - 1 - c): exact integers
        len(move_format(_generator(n, n - 1 - c), n, fmt)) << (top - 1 - c) for c in range(top)
    )
    if n <= 64:  # the whole strategy is weighted exactly; count moves are that share of it
        return weighted * count // ((1 << n) - 1)
    return weighted * count >> top


def stream_moves(
    out: BinaryIO,
    n: int,
    *,
    start: int = 1,
    count: int | None = None,
    fmt: str = "positions",
    on_progress: Callable[[int, int], None] | None = None,
) -> int:
    """Write moves start .. start + count - 1 of the construction to out; return how many.

    count None means to the last move.  The moves between multiples of a block size B repeat
    (only the move at a multiple of B differs), so each block is one precomputed byte string.

    >>> import io
    >>> buf = io.BytesIO()
    >>> stream_moves(buf, 4, start=2, count=3, fmt='flips')
    3
    >>> buf.getvalue().decode().split()
    ['FLFL', 'FFFF', 'FFLL']
    """
    n = check_power_of_two(n)
    last = strategy_length(n)
    start = _check_index(n, start)
    if count is None:
        count = last - start + 1
    if isinstance(count, bool) or not isinstance(count, int):
        raise DevilcoinsError(f"a count of moves must be a whole number, got {count!r}")
    if count < 0 or start + count - 1 > last:
        raise DevilcoinsError(
            f"moves {start:,} to {start + count - 1:,} run past the last move, "
            f"2^{n} - 1 = {last:,}; the most from {start:,} is --count {last - start + 1:,}"
        )
    encoded = [move_format(m, n, fmt) for m in generator_masks(n)]
    widest = max(len(e) for e in encoded)
    block_bits = max(0, min(n, 20, (_BLOCK_BYTES // widest).bit_length() - 1))
    block = 1 << block_bits
    # Moves base + 1 .. base + block - 1 of any block (base a multiple of block) are the same.
    phases = np.array([move_phase(j) for j in range(1, block)], dtype=np.int64)
    lengths = np.array([len(e) for e in encoded], dtype=np.int64)
    offsets = np.concatenate(([0], np.cumsum(lengths[phases])))
    if fmt == "binary":
        words = np.frombuffer(b"".join(encoded), dtype=np.uint8).reshape(n, -1)
        pattern = words[phases].tobytes()
    else:
        pattern = b"".join(encoded[p] for p in phases.tolist())
    first, end = start, start + count
    i = first
    while i < end:
        base = i - i % block
        stop = min(end, base + block)
        if i == base:
            write_all(out, encoded[move_phase(i)])
            i += 1
        if i < stop:
            write_all(out, pattern[offsets[i - base - 1] : offsets[stop - base - 1]])
        i = stop
        if on_progress is not None:
            on_progress(i - first, count)
    return count
