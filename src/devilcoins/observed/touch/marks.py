"""What the level search has proved of cylinder nodes, per reach: the marks, dense or sparse.

U(P, R) <= d only gets easier as the set R of patterns off the reach P shrinks, so for each
reach and level the sets that pass form a down-set and the sets that fail an up-set
(docs/mathematics.md §8.5).  Two ways to keep them, with one interface and the same answers:

* ``DenseMarks``: a byte for every subset of the patterns off a reach, the least level known to
  pass and the greatest known to fail (2^p entries a reach; marking a set marks all its subsets
  or supersets).  Quick, while 2^p fits: up to 28 patterns off a reach.
* ``SparseMarks``: the answers themselves, the antichains of the largest sets known to pass and
  the smallest known to fail, each with its level, as bit masks of any width in compiled code.
  A question "does R pass at d?" looks for a kept pass inside which R lies; "does R fail at d?"
  for a kept failure that lies inside R.  The passes are kept largest first and the failures
  smallest first, so a scan stops at the first kept set too small (or too large) to answer.
  The memory grows with the answers found, not with 2^p, so 16 glasses with 8 hands (256
  patterns off a reach, 2^256 subsets) can be asked.

A set of patterns off a reach is a Python ``int`` here (bit y: pattern y), as wide as it needs.

>>> marks = SparseMarks(reaches=1, off_count=200)
>>> marks.mark_pass(0, 0b1110 | 1 << 150, 3); marks.mark_fail(0, 1 << 199, 5)
>>> marks.passes(0, 0b0110, 3), marks.passes(0, 0b0110, 2), marks.passes(0, 1, 9)
(True, False, False)
>>> marks.fails(0, 1 << 199 | 1, 5), marks.fails(0, 1 << 199, 6), marks.known()
(True, False, 2)
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from devilcoins.core.beliefs import Rows
from devilcoins.core.compiling import hot_loop
from devilcoins.observed.touch.rows import _empty, _inside, _size

__all__ = ["MAX_LEVELS", "DenseMarks", "Marks", "SparseMarks", "as_int", "as_words"]

#: The most moves the level search looks for (a longer game is left to the closure search);
#: a set not known to pass is marked as passing at this level.
MAX_LEVELS = 48

_ONE = np.uint64(1)


def as_words(x: int, words: int) -> Rows:
    """A set of patterns as words of 64 bits, lowest first.

    >>> as_words(1 << 64 | 5, 2).tolist()
    [5, 1]
    """
    return np.array([(x >> (64 * i)) & 0xFFFF_FFFF_FFFF_FFFF for i in range(words)], np.uint64)


def as_int(row: Rows) -> int:
    """A set of patterns from its words of 64 bits.

    >>> as_int(as_words(1 << 100 | 3, 2)) == 1 << 100 | 3
    True
    """
    return int.from_bytes(np.ascontiguousarray(row, dtype="<u8").tobytes(), "little")


# --- dense: a byte per subset -----------------------------------------------------------------


@hot_loop
def _mark_down(pass_at: np.ndarray, r: int, d: int) -> None:  # pragma: no cover - a hot loop
    """r and every subset of it pass at level d (if r does, they already do)."""
    if pass_at[r] <= d:
        return
    s = r
    while True:
        if pass_at[s] > d:
            pass_at[s] = d
        if s == 0:
            break
        s = (s - 1) & r


@hot_loop
def _mark_up(fail_at: np.ndarray, r: int, d: int, full: int) -> None:  # pragma: no cover
    """r and every superset of it within full fail at level d."""
    if fail_at[r] >= d:
        return
    rest = full & ~r
    t = rest
    while True:
        if fail_at[r | t] < d:
            fail_at[r | t] = d
        if t == 0:
            break
        t = (t - 1) & rest


@hot_loop
def _dense_status(
    out: Rows, pass_at: np.ndarray, fail_at: np.ndarray, d: int, status: np.ndarray
) -> None:  # pragma: no cover - a hot loop
    """status[r]: 1 if every pattern's set on reach r is known to pass at d, 2 if one is known
    to fail, else 0 (an empty set is no pattern)."""
    for r in range(out.shape[0]):
        st = 1
        for v in range(out.shape[1]):
            x = out[r, v, 0]
            if x == 0 or pass_at[r, x] <= d:
                continue
            if fail_at[r, x] >= d:
                st = 2
                break
            st = 0
        status[r] = st


@hot_loop
def _dense_short(out: Rows, keep: np.ndarray, fail_at: np.ndarray, need: int) -> np.ndarray:
    """For each reach: no kept pattern's set is known to fail at need."""  # pragma: no cover
    short = np.zeros(out.shape[0], dtype=np.bool_)
    for r in range(out.shape[0]):
        best = -1
        for v in range(out.shape[1]):
            if keep[r, v]:
                best = max(best, fail_at[r, out[r, v, 0]])
        short[r] = best < need
    return short


class DenseMarks:
    """A byte a subset of the patterns off each reach: the level it passes at, and fails at."""

    kind: ClassVar[str] = "dense"

    def __init__(self, reaches: int, off_count: int) -> None:
        shape = (reaches, 1 << off_count)
        self.pass_at = np.full(shape, MAX_LEVELS, dtype=np.int8)
        self.fail_at = np.full(shape, -1, dtype=np.int8)
        self.full = (1 << off_count) - 1

    @staticmethod
    def bytes_for(reaches: int, off_count: int) -> int:
        """The bytes the marks and a witness's claims take (three a reach and subset)."""
        return 3 * reaches << off_count

    def blank(self) -> DenseMarks:
        """Empty marks of the same shape (the witness writer keeps its claims in them)."""
        return DenseMarks(self.pass_at.shape[0], self.full.bit_length())

    def passes(self, r: int, x: int, d: int) -> bool:
        """Whether the set x on reach r is known to pass at level d."""
        return bool(self.pass_at[r, x] <= d)

    def fails(self, r: int, x: int, d: int) -> bool:
        """Whether the set x on reach r is known to fail at level d."""
        return bool(self.fail_at[r, x] >= d)

    def mark_pass(self, r: int, x: int, d: int) -> None:
        """x, and so every subset of it, passes at d."""
        _mark_down(self.pass_at[r], x, d)

    def mark_fail(self, r: int, x: int, d: int) -> None:
        """x, and so every superset of it, fails at d."""
        _mark_up(self.fail_at[r], x, d, self.full)

    def status(self, out: Rows, d: int, status: np.ndarray) -> None:
        """For the sets a belief shows on each reach (out[r, v]): 1 all pass at d, 2 one fails."""
        _dense_status(out, self.pass_at, self.fail_at, d, status)

    def short(self, out: Rows, keep: np.ndarray, need: int) -> np.ndarray:
        """For each reach: no kept set out[r, v] is known to fail at need."""
        return np.asarray(_dense_short(out, keep, self.fail_at, need))

    def known(self) -> int:
        """How many marks are known."""
        return int((self.pass_at < MAX_LEVELS).sum() + (self.fail_at >= 0).sum())

    def arrays(self) -> dict[str, np.ndarray]:
        """The marks as the checkpoint keeps them."""
        return {"pass_at": self.pass_at, "fail_at": self.fail_at}

    def load(self, arrays: dict[str, np.ndarray]) -> None:
        """Take marks a checkpoint kept (of this shape)."""
        pass_at, fail_at = self._checked(arrays)
        self.pass_at[:] = np.clip(pass_at, 0, MAX_LEVELS)
        self.fail_at[:] = np.clip(fail_at, -1, MAX_LEVELS)

    def merge(self, arrays: dict[str, np.ndarray]) -> None:
        """Add what other marks of this game hold (another search's): each set's least level
        known to pass, and greatest known to fail, of the two."""
        pass_at, fail_at = self._checked(arrays)
        np.minimum(self.pass_at, np.clip(pass_at, 0, MAX_LEVELS), out=self.pass_at)
        np.maximum(self.fail_at, np.clip(fail_at, -1, MAX_LEVELS), out=self.fail_at)

    def _checked(self, arrays: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        pass_at, fail_at = arrays["pass_at"], arrays["fail_at"]
        if pass_at.shape != self.pass_at.shape or fail_at.shape != self.fail_at.shape:
            raise ValueError(f"dense marks of shape {pass_at.shape}, not {self.pass_at.shape}")
        return pass_at, fail_at


# --- sparse: the antichains of answers -------------------------------------------------------


@hot_loop
def _find_pass(
    masks: Rows, levels: np.ndarray, sizes: np.ndarray, count: int, x: Rows, d: int
) -> bool:  # pragma: no cover - a hot loop
    """Some kept pass at level d or below holds x (the passes come largest first, so the scan
    stops at the first smaller than x)."""
    need = _size(x)
    for i in range(count):
        if sizes[i] < need:
            return False
        if levels[i] <= d and _inside(x, masks[i]):
            return True
    return False


@hot_loop
def _find_fail(
    masks: Rows, levels: np.ndarray, sizes: np.ndarray, count: int, x: Rows, d: int
) -> bool:  # pragma: no cover - a hot loop
    """Some kept failure at level d or above lies inside x (the failures come smallest first,
    so the scan stops at the first larger than x)."""
    most = _size(x)
    for i in range(count):
        if sizes[i] > most:
            return False
        if levels[i] >= d and _inside(masks[i], x):
            return True
    return False


@hot_loop
def _keep(
    masks: Rows, levels: np.ndarray, sizes: np.ndarray, count: int, x: Rows, d: int, up: bool
) -> int:  # pragma: no cover - a hot loop
    """Add the answer (x, d) to one reach's antichain, dropping the answers it implies (a
    pass inside x at level d or above; a failure holding x at level d or below), and keeping
    the order by size (passes largest first, failures smallest first); the new count, or -1
    when there is no room (the caller grows the arrays and asks again)."""
    kept = 0
    for i in range(count):
        implied = (
            levels[i] <= d and _inside(x, masks[i])
            if up
            else (levels[i] >= d and _inside(masks[i], x))
        )
        if not implied:
            if kept != i:
                masks[kept] = masks[i]
                levels[kept] = levels[i]
                sizes[kept] = sizes[i]
            kept += 1
    if kept == masks.shape[0]:
        return -1 - kept
    size = _size(x)
    at = kept
    while at > 0 and (sizes[at - 1] < size if up else sizes[at - 1] > size):
        masks[at] = masks[at - 1]
        levels[at] = levels[at - 1]
        sizes[at] = sizes[at - 1]
        at -= 1
    masks[at] = x
    levels[at] = d
    sizes[at] = size
    return kept + 1


@hot_loop
def _sparse_status(
    out: Rows, pm: Rows, pl: np.ndarray, ps: np.ndarray, pc: np.ndarray, fm: Rows,
    fl: np.ndarray, fs: np.ndarray, fc: np.ndarray, d: int, status: np.ndarray,
) -> None:  # fmt: skip  # pragma: no cover - a hot loop
    """DenseMarks.status over the kept answers."""
    for r in range(out.shape[0]):
        st = 1
        for v in range(out.shape[1]):
            x = out[r, v]
            if _empty(x) or _find_pass(pm[r], pl[r], ps[r], pc[r], x, d):
                continue
            if _find_fail(fm[r], fl[r], fs[r], fc[r], x, d):
                st = 2
                break
            st = 0
        status[r] = st


@hot_loop
def _sparse_short(
    out: Rows, keep: np.ndarray, fm: Rows, fl: np.ndarray, fs: np.ndarray, fc: np.ndarray,
    need: int,
) -> np.ndarray:  # fmt: skip  # pragma: no cover - a hot loop
    """DenseMarks.short over the kept failures."""
    short = np.ones(out.shape[0], dtype=np.bool_)
    for r in range(out.shape[0]):
        for v in range(out.shape[1]):
            if keep[r, v] and _find_fail(fm[r], fl[r], fs[r], fc[r], out[r, v], need):
                short[r] = False
                break
    return short


class _Answers:
    """One side of the sparse marks: per reach, the kept sets with their levels and sizes,
    passes largest first or failures smallest first (the order is the index: a scan stops
    where the sizes leave no candidate)."""

    def __init__(self, reaches: int, words: int, up: bool, room: int = 16) -> None:
        self.up, self.words = up, words
        self.masks = np.zeros((reaches, room, words), dtype=np.uint64)
        self.levels = np.zeros((reaches, room), dtype=np.int8)
        self.sizes = np.zeros((reaches, room), dtype=np.int16)
        self.counts = np.zeros(reaches, dtype=np.int64)

    def find(self, r: int, x: Rows, d: int) -> bool:
        """Whether a kept answer on reach r implies the set x's at level d."""
        find = _find_pass if self.up else _find_fail
        return bool(find(self.masks[r], self.levels[r], self.sizes[r], self.counts[r], x, d))

    def add(self, r: int, x: Rows, d: int) -> None:
        """Keep (x, d) on reach r unless a kept answer implies it, growing the arrays (twice
        the room) when full."""
        if self.find(r, x, d):
            return
        got = _keep(self.masks[r], self.levels[r], self.sizes[r], self.counts[r], x, d, self.up)
        if got < 0:  # full: the implied answers are already dropped; twice the room
            self.counts[r] = -1 - got
            self.masks = np.concatenate([self.masks, np.zeros_like(self.masks)], axis=1)
            self.levels = np.concatenate([self.levels, np.zeros_like(self.levels)], axis=1)
            self.sizes = np.concatenate([self.sizes, np.zeros_like(self.sizes)], axis=1)
            room = (self.masks[r], self.levels[r], self.sizes[r], self.counts[r])
            got = _keep(*room, x, d, self.up)
        self.counts[r] = got

    def load(self, masks: Rows, levels: np.ndarray, counts: np.ndarray) -> None:
        """Take kept answers (a checkpoint's, in any order), sorted by size."""
        self.masks, self.levels = masks.astype(np.uint64), levels.astype(np.int8)
        self.counts = counts.astype(np.int64)
        self.sizes = np.zeros(self.levels.shape, dtype=np.int16)
        for r, count in enumerate(self.counts.tolist()):
            bits = np.unpackbits(self.masks[r, :count].view(np.uint8), axis=1)
            self.sizes[r, :count] = bits.sum(axis=1)
            key = -self.sizes[r, :count] if self.up else self.sizes[r, :count]
            order = np.argsort(key, kind="stable")
            for a in (self.masks, self.levels, self.sizes):
                a[r, :count] = a[r, :count][order]


class SparseMarks:
    """Per reach, the largest sets known to pass and the smallest known to fail, with levels."""

    kind: ClassVar[str] = "sparse"

    def __init__(self, reaches: int, off_count: int, room: int = 16) -> None:
        self.words = max(1, (off_count + 63) // 64)
        self.off_count = off_count
        self.passed = _Answers(reaches, self.words, True, room)
        self.failed = _Answers(reaches, self.words, False, room)

    @staticmethod
    def bytes_for(reaches: int, off_count: int) -> int:
        """The bytes the marks take before any answer is kept."""
        return 2 * reaches * 16 * (8 * max(1, (off_count + 63) // 64) + 3)

    def blank(self) -> SparseMarks:
        """Empty marks of the same shape (the witness writer keeps its claims in them)."""
        return SparseMarks(len(self.passed.counts), self.off_count)

    def passes(self, r: int, x: int, d: int) -> bool:
        """Whether the set x on reach r is known to pass at level d."""
        return self.passed.find(r, as_words(x, self.words), d)

    def fails(self, r: int, x: int, d: int) -> bool:
        """Whether the set x on reach r is known to fail at level d."""
        return self.failed.find(r, as_words(x, self.words), d)

    def mark_pass(self, r: int, x: int, d: int) -> None:
        """x, and so every subset of it, passes at d."""
        self.passed.add(r, as_words(x, self.words), d)

    def mark_fail(self, r: int, x: int, d: int) -> None:
        """x, and so every superset of it, fails at d."""
        self.failed.add(r, as_words(x, self.words), d)

    def merge(self, arrays: dict[str, np.ndarray]) -> None:
        """Add what other marks of this game hold (another search's): every answer either
        kept, those the other implies dropped."""
        other = self.blank()
        other.load(arrays)
        for mine, theirs in ((self.passed, other.passed), (self.failed, other.failed)):
            for r, count in enumerate(theirs.counts.tolist()):
                for i in range(count):
                    mine.add(r, theirs.masks[r, i], int(theirs.levels[r, i]))

    def status(self, out: Rows, d: int, status: np.ndarray) -> None:
        """For the sets a belief shows on each reach (out[r, v]): 1 all pass at d, 2 one fails."""
        p, f = self.passed, self.failed
        _sparse_status(
            out, p.masks, p.levels, p.sizes, p.counts, f.masks, f.levels, f.sizes, f.counts, d,
            status,
        )  # fmt: skip

    def short(self, out: Rows, keep: np.ndarray, need: int) -> np.ndarray:
        """For each reach: no kept set out[r, v] is known to fail at need."""
        f = self.failed
        return np.asarray(_sparse_short(out, keep, f.masks, f.levels, f.sizes, f.counts, need))

    def known(self) -> int:
        """How many answers are kept."""
        return int(self.passed.counts.sum() + self.failed.counts.sum())

    def arrays(self) -> dict[str, np.ndarray]:
        """The kept answers as the checkpoint keeps them (each reach's, then the counts)."""
        p, f = self.passed, self.failed
        return {
            "pass_masks": p.masks, "pass_levels": p.levels, "pass_counts": p.counts,
            "fail_masks": f.masks, "fail_levels": f.levels, "fail_counts": f.counts,
        }  # fmt: skip

    def load(self, arrays: dict[str, np.ndarray]) -> None:
        """Take answers a checkpoint kept (of this many reaches and words)."""
        pm, fm = arrays["pass_masks"], arrays["fail_masks"]
        shape = (len(self.passed.counts), self.words)
        if (pm.shape[0], *pm.shape[2:]) != shape or (fm.shape[0], *fm.shape[2:]) != shape:
            raise ValueError(f"sparse marks of shape {pm.shape}, not this game's")
        self.passed.load(pm, arrays["pass_levels"], arrays["pass_counts"])
        self.failed.load(fm, arrays["fail_levels"], arrays["fail_counts"])


#: Either way of keeping the marks.
Marks = DenseMarks | SparseMarks
