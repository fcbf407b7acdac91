"""The one hot loop: the belief update, compiled with numba.

A belief over the K canonical sequences of N coins is a row of W = ceil(K / 64) uint64 words
(bit k set = canonical sequence k is possible).  Updating it by a move m takes every possible
sequence, turns it every way the Devil can (its distinct rotations), flips m and records the
canonical index of the result; all heads (index ``goal``) ends the game and stays as it is.

Search (many beliefs, every move), verification (one belief along a strategy) and the seeds'
``update`` all call the same compiled ``_apply_move``.  Compiled code is cached on disk, so only
the first run after installing pays for compilation.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit

from .canonical import CanonicalTable, table

__all__ = [
    "expand",
    "new_rows",
    "propagate",
    "row_from_indices",
    "row_size",
    "row_to_indices",
    "warm_up",
]

_ONE = np.uint64(1)


@njit(cache=True, nogil=True)
def _members(row, out):
    """Write the indices of the set bits of row into out; return how many."""
    count = 0
    for w in range(row.shape[0]):
        word = row[w]
        base = w * 64
        bit = 0
        while word != 0:
            if word & _ONE:
                out[count] = base + bit
                count += 1
            word >>= _ONE
            bit += 1
    return count


@njit(cache=True, nogil=True)
def _apply_move(members, count, move, goal, index_of, orbit_start, orbit_states, out_row):
    """OR into out_row the belief that follows the given members after the Devil's turn and move."""
    for a in range(count):
        s = members[a]
        if s == goal:
            out_row[s >> 6] |= _ONE << np.uint64(s & 63)
            continue
        for p in range(orbit_start[s], orbit_start[s + 1]):
            t = index_of[orbit_states[p] ^ move]
            out_row[t >> 6] |= _ONE << np.uint64(t & 63)


@njit(cache=True, nogil=True)
def _expand(frontier, moves, goal, index_of, orbit_start, orbit_states, out):
    """Fill out[f * len(moves) + j] with frontier[f] updated by moves[j]."""
    members = np.empty(frontier.shape[1] * 64, dtype=np.int64)
    n_moves = moves.shape[0]
    for f in range(frontier.shape[0]):
        count = _members(frontier[f], members)
        for j in range(n_moves):
            _apply_move(
                members,
                count,
                moves[j],
                goal,
                index_of,
                orbit_start,
                orbit_states,
                out[f * n_moves + j],
            )


@njit(cache=True, nogil=True)
def _propagate(start, moves, goal, index_of, orbit_start, orbit_states, sizes, history):
    """Update start by each move; sizes[i] = belief size after i moves; history rows if wanted."""
    row = start.copy()
    members = np.empty(row.shape[0] * 64, dtype=np.int64)
    keep = history.shape[0] > 0
    sizes[0] = _members(row, members)
    if keep:
        history[0] = row
    for i in range(moves.shape[0]):
        count = _members(row, members)
        row[:] = 0
        _apply_move(members, count, moves[i], goal, index_of, orbit_start, orbit_states, row)
        sizes[i + 1] = _members(row, members)
        if keep:
            history[i + 1] = row
    return row


def new_rows(count: int, k: int) -> np.ndarray:
    """An all-empty array of count beliefs over k canonical sequences."""
    return np.zeros((count, (k + 63) // 64), dtype=np.uint64)


def row_from_indices(indices, k: int) -> np.ndarray:
    """The belief row with exactly the given canonical indices set."""
    row = new_rows(1, k)[0]
    for i in indices:
        row[i >> 6] |= np.uint64(1) << np.uint64(i & 63)
    return row


def row_to_indices(row: np.ndarray) -> list[int]:
    """The canonical indices set in a belief row, in increasing order."""
    bits = np.unpackbits(row.view(np.uint8), bitorder="little")
    return np.flatnonzero(bits).tolist()


def row_size(row: np.ndarray) -> int:
    """How many canonical sequences a belief row holds."""
    return int(np.unpackbits(row.view(np.uint8)).sum())


def expand(tab: CanonicalTable, frontier: np.ndarray, moves: np.ndarray) -> np.ndarray:
    """Every (belief, move) successor: row f * len(moves) + j is frontier[f] updated by moves[j]."""
    out = np.zeros((frontier.shape[0] * len(moves), frontier.shape[1]), dtype=np.uint64)
    _expand(
        np.ascontiguousarray(frontier),
        np.asarray(moves, dtype=np.int64),
        0,
        tab.index_of,
        tab.orbit_start,
        tab.orbit_states,
        out,
    )
    return out


def propagate(
    tab: CanonicalTable, start: np.ndarray, moves, *, keep_history: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Update start by each move in turn.

    Returns (final row, belief size before and after each move, every row along the way when
    keep_history is set, else an empty array).
    """
    moves = np.asarray(moves, dtype=np.int64)
    sizes = np.zeros(len(moves) + 1, dtype=np.int64)
    history = np.zeros((len(moves) + 1 if keep_history else 0, len(start)), dtype=np.uint64)
    final = _propagate(
        np.ascontiguousarray(start),
        moves,
        0,
        tab.index_of,
        tab.orbit_start,
        tab.orbit_states,
        sizes,
        history,
    )
    return final, sizes, history


@cache
def warm_up() -> None:
    """Load the compiled kernel once (from numba's on-disk cache after the first run).

    Searches and verifications call this before they start their clocks, so the times they
    report are the work itself; the load (about 0.2 s) shows in whole-command timings.
    """
    tab = table(1)
    start = row_from_indices([0, 1], tab.size)
    expand(tab, start[None, :], tab.move_masks)
    propagate(tab, start, tab.move_masks, keep_history=True)
