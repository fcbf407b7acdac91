"""Canonical forms under rotation: counting them (Burnside) and indexing them for the engine.

A canonical coin sequence is the alphabetically first of its rotations ('H' < 'T'), as in the
seeds.  The engine numbers the canonical sequences of N coins 0..K-1 in alphabetical order, so
index 0 is all heads, and move k flips the heads of canonical sequence k (the seeds' all_moves).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np

from devilcoins.core.errors import DevilcoinsError, check_n
from devilcoins.core.numbers import canonical_count, rotate_mask

__all__ = ["MAX_TABLE_N", "CanonicalTable", "canonical_count", "table"]

#: The largest N whose full 2^N-entry index the engine builds (4 MiB of int32 at N = 20).
MAX_TABLE_N = 20


def _reverse_bits(x: np.ndarray, n: int) -> np.ndarray:
    out = np.zeros_like(x)
    for i in range(n):
        out |= ((x >> i) & 1) << (n - 1 - i)
    return out


@dataclass(frozen=True, eq=False)
class CanonicalTable:
    """The canonical sequences of n coins and the arrays the update kernel reads.

    index_of[x]     canonical index of the n-bit tails mask x (any rotation)
    reps[k]         tails mask of canonical sequence k (alphabetical order, reps[0] = all heads)
    move_masks[k]   flip mask of the seeds' k-th canonical move (the heads of reps[k])
    orbit_start, orbit_states   the distinct rotations of reps[k] are
                    orbit_states[orbit_start[k]:orbit_start[k + 1]]
    """

    n: int
    index_of: np.ndarray
    reps: np.ndarray
    move_masks: np.ndarray
    orbit_start: np.ndarray
    orbit_states: np.ndarray

    @property
    def size(self) -> int:
        """K, the number of canonical sequences."""
        return len(self.reps)

    def index(self, coins_mask: int) -> int:
        """Canonical index of any n-bit tails mask."""
        return int(self.index_of[coins_mask])

    @cached_property
    def kernel_args(self) -> tuple:
        """What the kernel reads (see ``kernel.Tables``): all heads (class 0) is the goal; XOR."""
        table2 = np.zeros((1, 1), dtype=np.int64)
        split = np.zeros(1, dtype=np.int64)
        return (
            1, self.index_of, self.reps, self.orbit_start, self.orbit_states,
            2, table2, table2, split, split, 1,
        )  # fmt: skip

    def negate(self, moves: np.ndarray) -> np.ndarray:
        """-m = m for coins."""
        return np.asarray(moves, dtype=np.int64)


@cache
def table(n: int) -> CanonicalTable:
    """Build (once per n) the canonical table for n coins; refuses n > MAX_TABLE_N."""
    check_n(n)
    if n > MAX_TABLE_N:
        raise DevilcoinsError(
            f"N = {n} is too large to index: the engine holds one entry per coin sequence "
            f"(2^{n}); the largest it builds is N = {MAX_TABLE_N}"
        )
    full = (1 << n) - 1
    states = np.arange(1 << n, dtype=np.int64)
    best_key = _reverse_bits(states, n)  # alphabetical order of the 'HT' text
    best = states.copy()
    for r in range(1, n):
        rot = rotate_mask(states, r, n)
        key = _reverse_bits(rot, n)
        better = key < best_key
        best_key = np.where(better, key, best_key)
        best = np.where(better, rot, best)
    is_rep = best == states
    reps = states[is_rep]
    reps = reps[np.argsort(_reverse_bits(reps, n), kind="stable")]
    rank = np.empty(1 << n, dtype=np.int64)
    rank[reps] = np.arange(len(reps))
    index_of = rank[best].astype(np.int32)
    order = np.argsort(index_of, kind="stable")
    counts = np.bincount(index_of, minlength=len(reps))
    orbit_start = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
    return CanonicalTable(
        n=n,
        index_of=index_of,
        reps=reps,
        move_masks=(~reps) & full,
        orbit_start=orbit_start,
        orbit_states=order.astype(np.int64),
    )
