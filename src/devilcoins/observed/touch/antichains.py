"""The antichains the sparse marks keep (``marks.SparseMarks``), one per reach and side, with
the compiled scans over them.

A side holds, for each reach, sets of patterns as bit masks of any width with their levels and
sizes: the passes largest first, or the failures smallest first.  A question "does R pass at d?"
looks for a kept pass inside which R lies, "does R fail at d?" for a kept failure inside R, and
either scan stops at the first kept set too small (or too large) to answer.  Adding an answer
drops the ones it implies.
"""

from __future__ import annotations

import numpy as np

from devilcoins.core.beliefs import Rows
from devilcoins.core.hotloop import hot_loop
from devilcoins.observed.touch.rows import rows_empty, rows_inside, rows_size

__all__ = ["Answers", "find_fail", "find_pass", "sparse_short", "sparse_status"]


@hot_loop
def find_pass(
    masks: Rows, levels: np.ndarray, sizes: np.ndarray, count: int, x: Rows, d: int
) -> bool:  # pragma: no cover - a hot loop
    """Some kept pass at level d or below holds x (the passes come largest first, so the scan
    stops at the first smaller than x)."""
    need = rows_size(x)
    for i in range(count):
        if sizes[i] < need:
            return False
        if levels[i] <= d and rows_inside(x, masks[i]):
            return True
    return False


@hot_loop
def find_fail(
    masks: Rows, levels: np.ndarray, sizes: np.ndarray, count: int, x: Rows, d: int
) -> bool:  # pragma: no cover - a hot loop
    """Some kept failure at level d or above lies inside x (the failures come smallest first,
    so the scan stops at the first larger than x)."""
    most = rows_size(x)
    for i in range(count):
        if sizes[i] > most:
            return False
        if levels[i] >= d and rows_inside(masks[i], x):
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
            levels[i] <= d and rows_inside(x, masks[i])
            if up
            else (levels[i] >= d and rows_inside(masks[i], x))
        )
        if not implied:
            if kept != i:
                masks[kept] = masks[i]
                levels[kept] = levels[i]
                sizes[kept] = sizes[i]
            kept += 1
    if kept == masks.shape[0]:
        return -1 - kept
    size = rows_size(x)
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
def sparse_status(
    out: Rows, pm: Rows, pl: np.ndarray, ps: np.ndarray, pc: np.ndarray, fm: Rows,
    fl: np.ndarray, fs: np.ndarray, fc: np.ndarray, d: int, status: np.ndarray,
) -> None:  # fmt: skip  # pragma: no cover - a hot loop
    """DenseMarks.status over the kept answers."""
    for r in range(out.shape[0]):
        st = 1
        for v in range(out.shape[1]):
            x = out[r, v]
            if rows_empty(x) or find_pass(pm[r], pl[r], ps[r], pc[r], x, d):
                continue
            if find_fail(fm[r], fl[r], fs[r], fc[r], x, d):
                st = 2
                break
            st = 0
        status[r] = st


@hot_loop
def sparse_short(
    out: Rows, keep: np.ndarray, fm: Rows, fl: np.ndarray, fs: np.ndarray, fc: np.ndarray,
    need: int,
) -> np.ndarray:  # fmt: skip  # pragma: no cover - a hot loop
    """DenseMarks.short over the kept failures."""
    short = np.ones(out.shape[0], dtype=np.bool_)
    for r in range(out.shape[0]):
        for v in range(out.shape[1]):
            if keep[r, v] and find_fail(fm[r], fl[r], fs[r], fc[r], out[r, v], need):
                short[r] = False
                break
    return short


class Answers:
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
        find = find_pass if self.up else find_fail
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
