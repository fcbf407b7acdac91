"""Beliefs as rows of bits, and the arrays the update kernel reads (no numba here).

A belief over the K classes of a game is a row of W = ceil(K / 64) uint64 words: bit k set means
class k is still possible.  ``KernelTables`` is what a game's class table hands the compiled
update (``core.kernel``); keeping both here lets everything that only builds or reads beliefs
load without the compiler.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, TypeAlias

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "Ints",
    "KernelArgs",
    "KernelTables",
    "Rows",
    "new_rows",
    "row_from_indices",
    "row_to_indices",
]

#: Belief rows (uint64 words) and the int64 arrays the compiled loops index and fill.
Rows: TypeAlias = NDArray[np.uint64]
Ints: TypeAlias = NDArray[np.int64]

#: ``KernelTables.args``, by index (the compiled loops read tabs[i]).
KernelArgs: TypeAlias = tuple[
    int,  # 0 n_goal
    np.ndarray,  # 1 index_of
    np.ndarray,  # 2 reps
    np.ndarray,  # 3 orbit_start
    np.ndarray,  # 4 orbit_states
    int,  # 5 m
    np.ndarray,  # 6 add_lo
    np.ndarray,  # 7 add_hi
    np.ndarray,  # 8 lo_of
    np.ndarray,  # 9 hi_of
    int,  # 10 base
]


class KernelTables(NamedTuple):
    """What the kernel reads about a game (built by ``core.tables.ClassTable.kernel``).

    n_goal: classes 0..n_goal-1 are the goal; index_of[x]: the class of state x; reps[k]: a state
    of class k; the states of class k are orbit_states[orbit_start[k]:orbit_start[k + 1]];
    m: values per position (2: add by XOR); add_lo, add_hi, lo_of, hi_of, base: addition of
    states by looked-up digit halves (see ``_add``); neg[x] = -x (unused for m = 2).  For values
    in a group (``Game.value_group``) the same halves multiply position by position, x_i * t_i,
    and neg holds inverses: the kernel's loops are the same.
    """

    n_goal: int
    index_of: np.ndarray
    reps: np.ndarray
    orbit_start: np.ndarray
    orbit_states: np.ndarray
    m: int
    add_lo: np.ndarray
    add_hi: np.ndarray
    lo_of: np.ndarray
    hi_of: np.ndarray
    base: int
    neg: np.ndarray

    @property
    def args(self) -> KernelArgs:
        """The plain tuple the compiled loops take (everything but neg)."""
        return self[:11]

    def negate(self, moves: ArrayLike) -> Ints:
        """-a for each move a (a itself for coins)."""
        ints = np.asarray(moves, dtype=np.int64)
        if self.m == 2:
            return ints
        negs: Ints = self.neg[ints]
        return negs


def new_rows(count: int, k: int) -> Rows:
    """An all-empty array of count beliefs over k classes."""
    return np.zeros((count, (k + 63) // 64), dtype=np.uint64)


def row_from_indices(indices: Iterable[int], k: int) -> Rows:
    """The belief row with exactly the given classes set."""
    row: Rows = new_rows(1, k)[0]
    for i in indices:
        row[i >> 6] |= np.uint64(1) << np.uint64(i & 63)
    return row


def row_to_indices(row: Rows) -> list[int]:
    """The classes set in a belief row, in increasing order."""
    bits = np.unpackbits(row.view(np.uint8), bitorder="little")
    indices: list[int] = np.flatnonzero(bits).tolist()
    return indices
