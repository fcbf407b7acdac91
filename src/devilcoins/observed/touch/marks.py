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
  for a kept failure that lies inside R.  The memory grows with the answers found, not with
  2^p, so 16 glasses with 8 hands (256 patterns off a reach, 2^256 subsets) can be asked.

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
from devilcoins.observed.touch.rows import _empty, _inside

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
    return sum(int(w) << (64 * i) for i, w in enumerate(row.tolist()))


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
def _find_pass(masks: Rows, levels: np.ndarray, count: int, x: Rows, d: int) -> bool:
    """Some kept pass at level d or below holds x."""  # pragma: no cover - a hot loop
    for i in range(count):  # noqa: SIM110 - compiled: a loop, not a generator
        if levels[i] <= d and _inside(x, masks[i]):
            return True
    return False


@hot_loop
def _find_fail(masks: Rows, levels: np.ndarray, count: int, x: Rows, d: int) -> bool:
    """Some kept failure at level d or above lies inside x."""  # pragma: no cover - a hot loop
    for i in range(count):  # noqa: SIM110 - compiled: a loop, not a generator
        if levels[i] >= d and _inside(masks[i], x):
            return True
    return False


@hot_loop
def _keep(
    masks: Rows, levels: np.ndarray, count: int, x: Rows, d: int, up: bool
) -> int:  # pragma: no cover - a hot loop
    """Add the answer (x, d) to one reach's antichain, dropping the answers it implies (a
    pass inside x at level d or above; a failure holding x at level d or below); the new
    count, or -1 when there is no room (the caller grows the arrays and asks again)."""
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
            kept += 1
    if kept == masks.shape[0]:
        return -1 - kept
    masks[kept] = x
    levels[kept] = d
    return kept + 1


@hot_loop
def _sparse_status(
    out: Rows, pm: Rows, pl: np.ndarray, pc: np.ndarray, fm: Rows, fl: np.ndarray,
    fc: np.ndarray, d: int, status: np.ndarray,
) -> None:  # fmt: skip  # pragma: no cover - a hot loop
    """DenseMarks.status over the kept answers."""
    for r in range(out.shape[0]):
        st = 1
        for v in range(out.shape[1]):
            x = out[r, v]
            if _empty(x) or _find_pass(pm[r], pl[r], pc[r], x, d):
                continue
            if _find_fail(fm[r], fl[r], fc[r], x, d):
                st = 2
                break
            st = 0
        status[r] = st


@hot_loop
def _sparse_short(
    out: Rows, keep: np.ndarray, fm: Rows, fl: np.ndarray, fc: np.ndarray, need: int
) -> np.ndarray:  # pragma: no cover - a hot loop
    """DenseMarks.short over the kept failures."""
    short = np.ones(out.shape[0], dtype=np.bool_)
    for r in range(out.shape[0]):
        for v in range(out.shape[1]):
            if keep[r, v] and _find_fail(fm[r], fl[r], fc[r], out[r, v], need):
                short[r] = False
                break
    return short


class SparseMarks:
    """Per reach, the largest sets known to pass and the smallest known to fail, with levels."""

    kind: ClassVar[str] = "sparse"

    def __init__(self, reaches: int, off_count: int, room: int = 16) -> None:
        self.words = max(1, (off_count + 63) // 64)
        self.off_count = off_count
        self.pm = np.zeros((reaches, room, self.words), dtype=np.uint64)
        self.fm = np.zeros_like(self.pm)
        self.pl = np.zeros((reaches, room), dtype=np.int8)
        self.fl = np.zeros_like(self.pl)
        self.pc = np.zeros(reaches, dtype=np.int64)
        self.fc = np.zeros_like(self.pc)

    @staticmethod
    def bytes_for(reaches: int, off_count: int) -> int:
        """The bytes the marks take before any answer is kept."""
        return 2 * reaches * 16 * (8 * max(1, (off_count + 63) // 64) + 1)

    def blank(self) -> SparseMarks:
        """Empty marks of the same shape (the witness writer keeps its claims in them)."""
        return SparseMarks(len(self.pc), self.off_count)

    def passes(self, r: int, x: int, d: int) -> bool:
        """Whether the set x on reach r is known to pass at level d."""
        return bool(_find_pass(self.pm[r], self.pl[r], self.pc[r], as_words(x, self.words), d))

    def fails(self, r: int, x: int, d: int) -> bool:
        """Whether the set x on reach r is known to fail at level d."""
        return bool(_find_fail(self.fm[r], self.fl[r], self.fc[r], as_words(x, self.words), d))

    def mark_pass(self, r: int, x: int, d: int) -> None:
        """x, and so every subset of it, passes at d."""
        self._mark(r, as_words(x, self.words), d, True)

    def mark_fail(self, r: int, x: int, d: int) -> None:
        """x, and so every superset of it, fails at d."""
        self._mark(r, as_words(x, self.words), d, False)

    def _mark(self, r: int, words: Rows, d: int, up: bool) -> None:
        """Keep the answer (the set of these words passes, or fails, at d) unless one kept
        already implies it."""
        if up and not _find_pass(self.pm[r], self.pl[r], self.pc[r], words, d):
            self.pm, self.pl = self._add(self.pm, self.pl, self.pc, r, words, d, True)
        if not up and not _find_fail(self.fm[r], self.fl[r], self.fc[r], words, d):
            self.fm, self.fl = self._add(self.fm, self.fl, self.fc, r, words, d, False)

    def merge(self, arrays: dict[str, np.ndarray]) -> None:
        """Add what other marks of this game hold (another search's): every answer either
        kept, those the other implies dropped."""
        other = self.blank()
        other.load(arrays)
        for r in range(len(self.pc)):
            for i in range(int(other.pc[r])):
                self._mark(r, other.pm[r, i], int(other.pl[r, i]), True)
            for i in range(int(other.fc[r])):
                self._mark(r, other.fm[r, i], int(other.fl[r, i]), False)

    def _add(
        self, masks: Rows, levels: np.ndarray, counts: np.ndarray, r: int, words: Rows, d: int,
        up: bool,
    ) -> tuple[Rows, np.ndarray]:  # fmt: skip
        """Keep (the set of these words, d) on reach r, growing the arrays (twice the room)
        when full."""
        got = _keep(masks[r], levels[r], counts[r], words, d, up)
        if got < 0:  # full: the implied answers are already dropped; twice the room
            counts[r] = -1 - got
            masks = np.concatenate([masks, np.zeros_like(masks)], axis=1)
            levels = np.concatenate([levels, np.zeros_like(levels)], axis=1)
            got = _keep(masks[r], levels[r], counts[r], words, d, up)
        counts[r] = got
        return masks, levels

    def status(self, out: Rows, d: int, status: np.ndarray) -> None:
        """For the sets a belief shows on each reach (out[r, v]): 1 all pass at d, 2 one fails."""
        _sparse_status(out, self.pm, self.pl, self.pc, self.fm, self.fl, self.fc, d, status)

    def short(self, out: Rows, keep: np.ndarray, need: int) -> np.ndarray:
        """For each reach: no kept set out[r, v] is known to fail at need."""
        return np.asarray(_sparse_short(out, keep, self.fm, self.fl, self.fc, need))

    def known(self) -> int:
        """How many answers are kept."""
        return int(self.pc.sum() + self.fc.sum())

    def arrays(self) -> dict[str, np.ndarray]:
        """The kept answers as the checkpoint keeps them (each reach's, then the counts)."""
        return {
            "pass_masks": self.pm, "pass_levels": self.pl, "pass_counts": self.pc,
            "fail_masks": self.fm, "fail_levels": self.fl, "fail_counts": self.fc,
        }  # fmt: skip

    def load(self, arrays: dict[str, np.ndarray]) -> None:
        """Take answers a checkpoint kept (of this many reaches and words)."""
        pm, fm = arrays["pass_masks"], arrays["fail_masks"]
        shape = (len(self.pc), self.words)
        if (pm.shape[0], *pm.shape[2:]) != shape or (fm.shape[0], *fm.shape[2:]) != shape:
            raise ValueError(f"sparse marks of shape {pm.shape}, not this game's")
        self.pm, self.fm = pm.astype(np.uint64), fm.astype(np.uint64)
        self.pl = arrays["pass_levels"].astype(np.int8)
        self.fl = arrays["fail_levels"].astype(np.int8)
        self.pc = arrays["pass_counts"].astype(np.int64)
        self.fc = arrays["fail_counts"].astype(np.int64)


#: Either way of keeping the marks.
Marks = DenseMarks | SparseMarks
