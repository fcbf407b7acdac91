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


_DE_BRUIJN = 0x03F79D71B4CB0A89
#: _LOWEST_BIT[(b * _DE_BRUIJN mod 2^64) >> 58] = i for the one-bit word b = 2^i.
_LOWEST_BIT = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _LOWEST_BIT[(((1 << _i) * _DE_BRUIJN) & (2**64 - 1)) >> 58] = _i
_DE_BRUIJN = np.uint64(_DE_BRUIJN)
_SHIFT = np.uint64(58)


@njit(cache=True, nogil=True)
def _members(row, out):
    """Write the indices of the set bits of row into out; return how many."""
    count = 0
    for w in range(row.shape[0]):
        word = row[w]
        base = w * 64
        while word != 0:
            low = word & (~word + _ONE)
            out[count] = base + _LOWEST_BIT[(low * _DE_BRUIJN) >> _SHIFT]
            count += 1
            word ^= low
    return count


@njit(cache=True, nogil=True)
def _rotations(move, n, out):
    """Write the distinct turns of the flip mask move (n coins) into out; return how many."""
    full = (1 << n) - 1
    count = 0
    x = move
    for _ in range(n):
        seen = False
        for j in range(count):
            if out[j] == x:
                seen = True
                break
        if seen:
            break  # the turns of a mask repeat with its period
        out[count] = x
        count += 1
        x = ((x >> 1) | (x << (n - 1))) & full
    return count


@njit(cache=True, nogil=True)
def _apply_move(row, members, count, rots, n_rots, goal, index_of, reps, out_row):
    """OR into out_row the belief that follows row (members[:count]) after a turn and a move.

    A possible sequence x turned any way and flipped by m lands in the class of x ^ t for t a
    turn of m, so the successors of class s are the classes of reps[s] ^ t over the distinct
    turns t of m.  Dense beliefs are done the other way round (pull): class u is possible next
    exactly when some reps[u] ^ t lies in row; the first hit settles it.
    """
    k = reps.shape[0]
    if row[goal >> 6] >> np.uint64(goal & 63) & _ONE:
        out_row[goal >> 6] |= _ONE << np.uint64(goal & 63)
    if 2 * count < k:
        for a in range(count):
            s = members[a]
            if s == goal:
                continue
            rep = reps[s]
            for j in range(n_rots):
                t = index_of[rep ^ rots[j]]
                out_row[t >> 6] |= _ONE << np.uint64(t & 63)
    else:
        for u in range(k):
            rep = reps[u]
            for j in range(n_rots):
                t = index_of[rep ^ rots[j]]
                if t != goal and row[t >> 6] >> np.uint64(t & 63) & _ONE:
                    out_row[u >> 6] |= _ONE << np.uint64(u & 63)
                    break


@njit(cache=True, nogil=True)
def _expand(frontier, moves, n, goal, index_of, reps, out):
    """Fill out[f * len(moves) + j] with frontier[f] updated by moves[j]."""
    members = np.empty(frontier.shape[1] * 64, dtype=np.int64)
    n_moves = moves.shape[0]
    rots = np.empty((n_moves, n), dtype=np.int64)
    n_rots = np.empty(n_moves, dtype=np.int64)
    for j in range(n_moves):
        n_rots[j] = _rotations(moves[j], n, rots[j])
    for f in range(frontier.shape[0]):
        count = _members(frontier[f], members)
        for j in range(n_moves):
            _apply_move(
                frontier[f],
                members,
                count,
                rots[j],
                n_rots[j],
                goal,
                index_of,
                reps,
                out[f * n_moves + j],
            )


@njit(cache=True, nogil=True)
def _propagate(start, moves, n, goal, index_of, reps, sizes, history):
    """Update start by each move; sizes[i] = belief size after i moves; history rows if wanted."""
    row = start.copy()
    nxt = np.zeros_like(row)
    members = np.empty(row.shape[0] * 64, dtype=np.int64)
    rots = np.empty(n, dtype=np.int64)
    keep = history.shape[0] > 0
    count = _members(row, members)
    sizes[0] = count
    if keep:
        history[0] = row
    last = -1
    n_rots = 0
    for i in range(moves.shape[0]):
        if moves[i] != last:
            last = moves[i]
            n_rots = _rotations(last, n, rots)
        nxt[:] = 0
        _apply_move(row, members, count, rots, n_rots, goal, index_of, reps, nxt)
        row, nxt = nxt, row
        count = _members(row, members)
        sizes[i + 1] = count
        if keep:
            history[i + 1] = row
    return row


@njit(cache=True, nogil=True)
def _trace_back(history, moves, n, goal, index_of, reps, end, classes):
    """Walk a belief path backwards: classes[len(moves)] = end, classes[i] in history[i].

    history[i] is the belief before move i of the segment; each classes[i - 1] is a class
    (other than all heads) that the Devil can turn into classes[i] with move i.  Returns
    classes[0].
    """
    rots = np.empty(n, dtype=np.int64)
    classes[moves.shape[0]] = end
    for i in range(moves.shape[0], 0, -1):
        n_rots = _rotations(moves[i - 1], n, rots)
        rep = reps[classes[i]]
        found = -1
        for j in range(n_rots):
            t = index_of[rep ^ rots[j]]
            if t != goal and history[i - 1][t >> 6] >> np.uint64(t & 63) & _ONE:
                found = t
                break
        classes[i - 1] = found
    return classes[0]


@njit(cache=True, nogil=True)
def _turns_along(state, moves, n, index_of, classes, turns):
    """The Devil's turns (seeds' sense) taking state through the given classes; returns the state.

    turns[i] is the turn before move i: the first r with the table turned by r and flipped by
    moves[i] in class classes[i + 1].  The states are the coins as they lie, never canonicalised.
    """
    full = (1 << n) - 1
    for i in range(moves.shape[0]):
        x = state
        turns[i] = -1
        for r in range(n):
            y = x ^ moves[i]
            if index_of[y] == classes[i + 1]:
                turns[i] = r
                state = y
                break
            x = ((x >> 1) | (x << (n - 1))) & full
    return state


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
        tab.n,
        0,
        tab.index_of,
        tab.reps,
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
        tab.n,
        0,
        tab.index_of,
        tab.reps,
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
