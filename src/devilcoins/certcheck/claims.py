"""The witness's claims, entered per reach, asked "what is the largest claim of a node inside
this set of patterns?" (docs/mathematics.md §8.4).

Two ways to keep them, one answer:

* ``DenseClaims``: for every subset of the patterns off a reach, the largest claim inside it
  (a table of 2^p entries a reach, filled once); quick, while 2^p fits (p <= 28).
* ``SparseClaims``: the listed sets themselves, as bit masks of any width, each with its
  claim; a question scans the sets of one reach, largest claims first, and stops at the first
  inside.  Its memory grows with the witness, not with 2^p, so a witness of 16 glasses with 8
  hands (256 patterns off a reach) is checked as any other.

Both answer the one question the checker asks of a belief on a reach: is there a pattern it
shows whose set of patterns off the reach holds a node claiming ``need`` or more?
"""

from __future__ import annotations

import numpy as np

from devilcoins.core.hotloop import hot_loop

__all__ = ["DenseClaims", "SparseClaims"]

Array = np.ndarray


class DenseClaims:
    """The largest claim inside each subset of the patterns off each reach (2^p a reach)."""

    def __init__(self, reaches: int, offs: int) -> None:
        self.offs = offs
        self.table = np.full((reaches, 1 << offs), -1, dtype=np.int8)

    def enter(self, rep: int, patterns: Array, claim: int) -> None:
        """A node on reach rep whose set is the patterns (numbers off the reach)."""
        mask = int(np.bitwise_or.reduce(np.left_shift(1, patterns.astype(np.int64))))
        self.table[rep, mask] = max(int(self.table[rep, mask]), claim)

    def close(self) -> None:
        """Spread each claim to every superset of its set (the largest claim inside each)."""
        for b in range(self.offs):
            view = self.table.reshape(self.table.shape[0], -1, 2, 1 << b)
            np.maximum(view[:, :, 1, :], view[:, :, 0, :], out=view[:, :, 1, :])

    def first_short(
        self, rep: int, states: Array, live: Array, felt: Array, off: Array, felts: int, need: int
    ) -> int:
        """The first row of states whose patterns on reach rep hold no claim of need or more
        (-1: none)."""
        rows = np.arange(len(states))[:, None]
        key = (rows * felts + felt[states])[live]
        bit = np.left_shift(1, off[states][live].astype(np.int64))
        order = np.argsort(key, kind="stable")
        key, bit = key[order], bit[order]
        starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
        masks = np.bitwise_or.reduceat(bit, starts)
        row = key[starts] // felts  # sorted, as the keys are
        first = np.flatnonzero(np.r_[True, row[1:] != row[:-1]])
        best = np.full(len(states), -1, dtype=np.int64)
        best[row[first]] = np.maximum.reduceat(self.table[rep, masks], first)
        short = best < need
        return int(np.argmax(short)) if short.any() else -1


class SparseClaims:
    """The witness's sets per reach as bit masks of (offs + 63) // 64 words, with their claims."""

    def __init__(self, reaches: int, offs: int) -> None:
        self.words = max(1, (offs + 63) // 64)
        self.found: list[dict[bytes, int]] = [{} for _ in range(reaches)]
        self.sets: list[Array] = []
        self.claims: list[Array] = []

    def enter(self, rep: int, patterns: Array, claim: int) -> None:
        """A node on reach rep whose set is the patterns (numbers off the reach)."""
        mask = np.zeros(self.words, dtype=np.uint64)
        np.bitwise_or.at(
            mask, patterns >> 6, np.left_shift(np.uint64(1), (patterns & 63).astype(np.uint64))
        )
        key = mask.tobytes()
        self.found[rep][key] = max(self.found[rep].get(key, -1), claim)

    def close(self) -> None:
        """Each reach's sets as one array, largest claims first."""
        for found in self.found:
            keys = sorted(found, key=lambda k: -found[k])
            sets = np.frombuffer(b"".join(keys), dtype=np.uint64).reshape(len(keys), self.words)
            self.sets.append(np.ascontiguousarray(sets))
            self.claims.append(np.array([found[k] for k in keys], dtype=np.int64))
        self.found = []

    def first_short(
        self, rep: int, states: Array, live: Array, felt: Array, off: Array, felts: int, need: int
    ) -> int:
        """The first row of states whose patterns on reach rep hold no claim of need or more
        (-1: none)."""
        as_int = np.ascontiguousarray
        args = (as_int(states, dtype=np.int64), as_int(live), as_int(felt, dtype=np.int64))
        found = _first_short(
            *args, as_int(off, dtype=np.int64), self.sets[rep], self.claims[rep], need, felts
        )
        return int(found)


@hot_loop
def _first_short(
    states: Array, live: Array, felt: Array, off: Array, sets: Array, claims: Array, need: int,
    felts: int,
) -> int:  # fmt: skip  # pragma: no cover - a hot loop
    """The first row whose felt patterns leave no set holding a listed set claiming need or
    more (the sets sorted by claim, largest first), or -1."""
    words = sets.shape[1]
    masks = np.zeros((felts, words), dtype=np.uint64)
    shown = np.zeros(felts, dtype=np.bool_)
    one = np.uint64(1)
    for i in range(states.shape[0]):
        masks[:, :] = 0
        shown[:] = False
        for j in range(states.shape[1]):
            if live[i, j]:
                s = states[i, j]
                o = off[s]
                masks[felt[s], o >> 6] |= one << np.uint64(o & 63)
                shown[felt[s]] = True
        found = False
        for f in range(felts):
            if not shown[f]:
                continue
            for e in range(sets.shape[0]):
                if claims[e] < need:
                    break
                inside = True
                for w in range(words):
                    if sets[e, w] & ~masks[f, w]:
                        inside = False
                        break
                if inside:
                    found = True
                    break
            if found:
                break
        if not found:
            return i
    return -1
