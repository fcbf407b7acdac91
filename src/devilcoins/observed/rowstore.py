"""Numbered rows of 64-bit words with an open-addressing hash table: beliefs as bitsets.

The belief searches of observed games meet the same belief (a set of classes, one bit each)
many times; a ``RowStore`` numbers each distinct row once, in the order met.  The hash and
probe loops are compiled, so they can be called from inside other compiled loops
(``slot``), and the table is kept at most half full.
"""

from __future__ import annotations

import numpy as np

from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.hotloop import hot_loop

__all__ = ["RowStore", "slot"]

_MIX1 = np.uint64(0x9E3779B97F4A7C15)
_MIX2 = np.uint64(0xBF58476D1CE4E5B9)
_S31 = np.uint64(31)


@hot_loop
def slot(keys: Rows, ids: Ints, row: Rows) -> np.int64:  # pragma: no cover - a hot loop
    """The slot of row in the open-addressing table (where it is, or the empty one to use)."""
    h = _MIX1
    for w in range(row.shape[0]):
        h ^= row[w]
        h *= _MIX2
        h ^= h >> _S31
    mask = ids.shape[0] - 1
    s = np.int64(h & np.uint64(mask))
    while True:
        if ids[s] < 0:
            return s
        same = True
        for w in range(row.shape[0]):
            if keys[s, w] != row[w]:
                same = False
                break
        if same:
            return s
        s = (s + 1) & mask


@hot_loop
def _rehash(
    keys: Rows, ids: Ints, new_keys: Rows, new_ids: Ints
) -> None:  # pragma: no cover - a hot loop
    """Move every entry of one table into a larger one."""
    for s in range(ids.shape[0]):
        if ids[s] >= 0:
            t = slot(new_keys, new_ids, keys[s])
            new_keys[t] = keys[s]
            new_ids[t] = ids[s]


@hot_loop
def _lookup(keys: Rows, ids: Ints, rows: Rows, out: Ints) -> None:  # pragma: no cover - a hot loop
    """The number of each row, or -1 for rows not met."""
    for j in range(rows.shape[0]):
        out[j] = ids[slot(keys, ids, rows[j])]


class RowStore:
    """The beliefs met so far, numbered, in rows of words, with a hash table to find them."""

    def __init__(self, words: int):
        self.words = words
        self.rows = np.zeros((1024, words), dtype=np.uint64)
        self.keys = np.zeros((2048, words), dtype=np.uint64)
        self.ids = np.full(2048, -1, dtype=np.int64)
        self.count = 0

    def reserve(self, more: int) -> None:
        """Make room for that many more beliefs (rows, and a table at most half full)."""
        need = self.count + more
        if need > len(self.rows):
            grown = np.zeros((max(need, 2 * len(self.rows)), self.words), dtype=np.uint64)
            grown[: self.count] = self.rows[: self.count]
            self.rows = grown
        if 2 * need > len(self.ids):
            size = len(self.ids)
            while 2 * need > size:
                size *= 2
            keys = np.zeros((size, self.words), dtype=np.uint64)
            ids = np.full(size, -1, dtype=np.int64)
            _rehash(self.keys, self.ids, keys, ids)
            self.keys, self.ids = keys, ids

    def add(self, row: np.ndarray) -> int:
        """Number one belief row (the empty belief and the start)."""
        self.reserve(1)
        at = slot(self.keys, self.ids, row)
        if self.ids[at] < 0:
            self.keys[at] = row
            self.ids[at] = self.count
            self.rows[self.count] = row
            self.count += 1
        return int(self.ids[at])

    def find(self, rows: np.ndarray) -> np.ndarray:
        """The number of each row (-1 for beliefs not met)."""
        out = np.empty(len(rows), dtype=np.int64)
        _lookup(self.keys, self.ids, np.ascontiguousarray(rows, dtype=np.uint64), out)
        return out
