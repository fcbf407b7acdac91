"""The beliefs the level search has met, with what it knows of each, in arrays compiled loops read.

Each belief is kept once, by its least image (a row of 64-bit words), with two levels: the
least it is known won within (``hi``) and one more than the greatest it is known lost at
(``lo``).  The search asks about hundreds of thousands of beliefs a second from compiled code
(``settle``), so the table is an open-addressing hash over numpy arrays rather than a Python
dict: the rows in the order met, a level array for each side, and a slot array of row numbers.
``Met.hi`` and ``Met.lo`` show each side as a mapping from the row's bytes to its level, as the
checkpoint, the claims and the cluster take them.

>>> import numpy as np
>>> met = Met(words=2)
>>> row = np.array([5, 1], dtype=np.uint64)
>>> met.hi[row.tobytes()] = 3
>>> met.lo[row.tobytes()] = 2
>>> met.hi.get(row.tobytes()), met.lo.get(np.zeros(2, np.uint64).tobytes(), 1), len(met.hi)
(3, 1, 1)
>>> int(met.find(row)) >= 0, int(met.find(np.array([5, 0], dtype=np.uint64)))
(True, -1)
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping

import numpy as np

from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.hotloop import hot_loop

__all__ = ["NO_HI", "NO_LO", "Met"]

#: The hi level of a belief not known to be won within any level (above every level).
NO_HI = 127
#: The lo level of a belief not known to be lost at any level (the search reads it as 1: a
#: belief met is not empty, so it is lost at 0 moves).
NO_LO = 0

_MASK32 = 0xFFFF_FFFF


@hot_loop
def _hash(row: Rows) -> int:  # pragma: no cover - a hot loop
    """A hash of the row, in 31 bits (no product overflows 64 bits, compiled or not)."""
    h = 0
    for i in range(row.shape[0]):  # each half word mixed in, the high bits folded down
        w = row[i]
        h = ((h ^ int(w & np.uint64(_MASK32))) * 1000003) & 0x7FFFFFFF
        h ^= h >> 15
        h = ((h ^ int(w >> np.uint64(32))) * 1000003) & 0x7FFFFFFF
        h ^= h >> 15
    return h


@hot_loop
def _slot(rows: Rows, slots: Ints, row: Rows) -> int:  # pragma: no cover - a hot loop
    """The slot that holds row's number, or the empty slot where it would go."""
    mask = slots.shape[0] - 1
    s: int = _hash(row) & mask
    words = row.shape[0]
    while True:
        e = slots[s]
        if e < 0:
            return s
        same = True
        for i in range(words):
            if rows[e, i] != row[i]:
                same = False
                break
        if same:
            return s
        s = (s + 1) & mask  # never all full: half the slots are free


@hot_loop
def _find(rows: Rows, slots: Ints, row: Rows) -> int:  # pragma: no cover - a hot loop
    """The number of row in rows, or -1 when it was never met."""
    return int(slots[_slot(rows, slots, row)])


@hot_loop
def _add(rows: Rows, slots: Ints, count: Ints, row: Rows) -> int:  # pragma: no cover
    """The number of row, added when new (the arrays have room: ``Met.room``)."""
    s = _slot(rows, slots, row)
    if slots[s] < 0:
        e = count[0]
        rows[e] = row
        slots[s] = e
        count[0] = e + 1
    return int(slots[s])


@hot_loop
def _find_all(rows: Rows, slots: Ints, least: Rows, order: Ints, out: Ints) -> None:
    """out[j] = the number of least[order[j]], or -1."""  # pragma: no cover - a hot loop
    for j in range(order.shape[0]):
        out[j] = _find(rows, slots, least[order[j]])


@hot_loop
def _lost_from(
    rows: Rows, slots: Ints, count: Ints, lo: np.ndarray, least: Rows, order: Ints,
    skip: np.ndarray, at: int, place: int, level: int,
) -> None:  # fmt: skip  # pragma: no cover - a hot loop
    """Mark the beliefs least[order[j]], at <= j < place and not skipped, lost below level."""
    for j in range(at, place):
        if skip[j]:
            continue
        e = _add(rows, slots, count, least[order[j]])
        if lo[e] == 0:
            count[2] += 1
        if lo[e] < level:
            lo[e] = level


@hot_loop
def _take(
    rows: Rows, slots: Ints, count: Ints, levels: np.ndarray, keys: Rows, given: Ints,
    least: bool, none: int, which: int,
) -> None:  # fmt: skip  # pragma: no cover - a hot loop
    """Add the rows keys with their levels on one side (which: 1 hi, 2 lo), keeping the least
    (hi) or the greatest (lo) of a level known and the one given."""
    for i in range(keys.shape[0]):
        e = _add(rows, slots, count, keys[i])
        level = given[i]
        if levels[e] == none:
            count[which] += 1
            levels[e] = level
        elif (level < levels[e]) if least else (level > levels[e]):
            levels[e] = level


@hot_loop
def _rehash(rows: Rows, count: int, slots: Ints) -> None:  # pragma: no cover - a hot loop
    """Put the first count rows into the empty slots."""
    for e in range(count):
        slots[_slot(rows, slots, rows[e])] = e


class Met:
    """The beliefs met, each once, with its hi and lo levels (``NO_HI`` / ``NO_LO``: unknown)."""

    def __init__(self, words: int, room: int = 1 << 10) -> None:
        self.words = words
        self.rows = np.zeros((room, words), dtype=np.uint64)
        self.hi_at = np.full(room, NO_HI, dtype=np.int8)
        self.lo_at = np.full(room, NO_LO, dtype=np.int8)
        self.slots = np.full(2 * room, -1, dtype=np.int64)
        #: rows met, how many have a hi level, how many a lo level
        self.count = np.zeros(3, dtype=np.int64)
        self.hi = Side(self, "hi")
        self.lo = Side(self, "lo")

    def __len__(self) -> int:
        return int(self.count[0])

    def room(self, more: int) -> None:
        """Make room for more rows (the arrays grow by half again, the slots stay half free)."""
        need = int(self.count[0]) + more
        if need <= len(self.rows):
            return
        size = max(need, len(self.rows) * 3 // 2)
        self.rows = _grown(self.rows, size, 0)
        self.hi_at = _grown(self.hi_at, size, NO_HI)
        self.lo_at = _grown(self.lo_at, size, NO_LO)
        slots = 1 << (2 * size - 1).bit_length()
        self.slots = np.full(slots, -1, dtype=np.int64)
        _rehash(self.rows, int(self.count[0]), self.slots)

    def find(self, row: Rows) -> int:
        """The number of the belief row, or -1 when it was never met."""
        return int(_find(self.rows, self.slots, row))

    def add(self, row: Rows) -> int:
        """The number of the belief row, added when new."""
        self.room(1)
        return int(_add(self.rows, self.slots, self.count, row))

    def find_all(self, least: Rows, order: Ints) -> Ints:
        """For each j, the number of the belief least[order[j]], or -1."""
        out = np.empty(len(order), dtype=np.int64)
        _find_all(self.rows, self.slots, least, order, out)
        return out

    def lost_from(
        self, least: Rows, order: Ints, skip: np.ndarray, at: int, place: int, level: int
    ) -> None:
        """Mark least[order[j]] for at <= j < place, unless skipped, lost below level."""
        self.room(place - at)
        _lost_from(
            self.rows, self.slots, self.count, self.lo_at, least, order, skip, at, place, level
        )

    def won_within(self, least: Rows, order: Ints, d: int) -> bool:
        """Whether some belief least[order[j]] is known to be won within d."""
        found = self.find_all(least, order)
        return bool((self.hi_at[found[found >= 0]] <= d).any())

    def take(self, side: str, keys: Rows, levels: Ints) -> None:
        """Add beliefs' levels on one side ("hi": the least level wins, "lo": the greatest)."""
        self.room(len(keys))
        hi = side == "hi"
        _take(
            self.rows, self.slots, self.count, self.hi_at if hi else self.lo_at,
            np.ascontiguousarray(keys, dtype=np.uint64), np.asarray(levels, dtype=np.int64),
            hi, NO_HI if hi else NO_LO, 1 if hi else 2,
        )  # fmt: skip

    def both(self) -> Ints:
        """The numbers of the beliefs with a hi and a lo level."""
        known = len(self)
        hi, lo = self.hi_at[:known], self.lo_at[:known]
        return np.flatnonzero((hi != NO_HI) & (lo != NO_LO))

    def hi_of(self, row: Rows) -> int:
        """The least level the belief row is known won within (NO_HI: none)."""
        e = self.find(row)
        return NO_HI if e < 0 else int(self.hi_at[e])

    def lo_of(self, row: Rows) -> int:
        """One more than the greatest level the belief row is known lost at (1 at least)."""
        e = self.find(row)
        return 1 if e < 0 else max(1, int(self.lo_at[e]))

    def set_hi(self, row: Rows, level: int) -> None:
        """The belief row is won within level (its last word, as a dict's assignment)."""
        e = self.add(row)
        self.count[1] += self.hi_at[e] == NO_HI
        self.hi_at[e] = level

    def set_lo(self, row: Rows, level: int) -> None:
        """The belief row is lost at level - 1 (its last word, as a dict's assignment)."""
        e = self.add(row)
        self.count[2] += self.lo_at[e] == NO_LO
        self.lo_at[e] = level


def _grown(a: np.ndarray, size: int, fill: int) -> np.ndarray:
    """a with room for size rows, the new ones filled."""
    out = np.full((size, *a.shape[1:]), fill, dtype=a.dtype)
    out[: len(a)] = a
    return out


class Side(MutableMapping[bytes, int]):
    """One side of the table (hi or lo) as a mapping from a belief's bytes to its level."""

    def __init__(self, met: Met, side: str) -> None:
        self.met, self.side = met, side
        self.none = NO_HI if side == "hi" else NO_LO

    def _levels(self) -> np.ndarray:
        return self.met.hi_at if self.side == "hi" else self.met.lo_at

    def _row(self, key: bytes) -> Rows:
        row = np.frombuffer(key, dtype=np.uint64)
        if len(row) != self.met.words:
            raise KeyError(key)
        return row

    def __getitem__(self, key: bytes) -> int:
        e = self.met.find(self._row(key))
        if e < 0 or self._levels()[e] == self.none:
            raise KeyError(key)
        return int(self._levels()[e])

    def __setitem__(self, key: bytes, level: int) -> None:
        setter = self.met.set_hi if self.side == "hi" else self.met.set_lo
        setter(self._row(key), level)

    def get(self, key: bytes, default: int | None = None) -> int | None:  # type: ignore[override]
        """The level of key, or default (no exception raised and caught on the way)."""
        row = np.frombuffer(key, dtype=np.uint64) if len(key) == 8 * self.met.words else None
        e = -1 if row is None else self.met.find(row)
        if e < 0 or self._levels()[e] == self.none:
            return default
        return int(self._levels()[e])

    def __delitem__(self, key: bytes) -> None:
        e = self.met.find(self._row(key))
        if e < 0 or self._levels()[e] == self.none:
            raise KeyError(key)
        self._levels()[e] = self.none
        self.met.count[1 if self.side == "hi" else 2] -= 1

    def _known(self) -> Ints:
        levels = self._levels()[: len(self.met)]
        return np.flatnonzero(levels != self.none)

    def __iter__(self) -> Iterator[bytes]:
        rows = self.met.rows
        return (rows[e].tobytes() for e in self._known())

    def __len__(self) -> int:
        return int(self.met.count[1 if self.side == "hi" else 2])

    def table(self) -> tuple[np.ndarray, np.ndarray]:
        """The keys as rows of bytes and their levels, as arrays (a checkpoint's fields)."""
        known = self._known()
        keys = np.ascontiguousarray(self.met.rows[known]).view(np.uint8)
        return keys.reshape(len(known), 8 * self.met.words), self._levels()[known]

    def values(self) -> list[int]:  # type: ignore[override]
        """The levels, in the order of the keys."""
        return [int(v) for v in self._levels()[self._known()]]

    def items(self) -> list[tuple[bytes, int]]:  # type: ignore[override]
        """(key, level) pairs, in the order met."""
        known, levels, rows = self._known(), self._levels(), self.met.rows
        return [(rows[e].tobytes(), int(levels[e])) for e in known]
