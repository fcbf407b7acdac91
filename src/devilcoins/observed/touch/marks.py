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
from devilcoins.core.hotloop import hot_loop
from devilcoins.observed.touch.antichains import Answers, sparse_short, sparse_status

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


class SparseMarks:
    """Per reach, the largest sets known to pass and the smallest known to fail, with levels."""

    kind: ClassVar[str] = "sparse"

    def __init__(self, reaches: int, off_count: int, room: int = 16) -> None:
        self.words = max(1, (off_count + 63) // 64)
        self.off_count = off_count
        self.passed = Answers(reaches, self.words, True, room)
        self.failed = Answers(reaches, self.words, False, room)

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
        sparse_status(
            out, p.masks, p.levels, p.sizes, p.counts, f.masks, f.levels, f.sizes, f.counts, d,
            status,
        )  # fmt: skip

    def short(self, out: Rows, keep: np.ndarray, need: int) -> np.ndarray:
        """For each reach: no kept set out[r, v] is known to fail at need."""
        f = self.failed
        return np.asarray(sparse_short(out, keep, f.masks, f.levels, f.sizes, f.counts, need))

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
