"""The beliefs a node's settings leave, settled by the marks in one compiled pass.

Deciding whether a node passes at d (``levels.Levels.setting_wins``) tries its settings w one
after another: the belief each leaves either passes at once (on some reach every pattern's set is
marked to pass at d - 1), fails at once (on every reach some pattern's set is marked to fail), or
is open (it needs questions of its own).  Nearly every belief met is settled by the marks, so
this loop runs compiled over the settings in their order and stops at the first belief that
passes or is open; the search then records the failures before it (as it would one by one),
and asks the open belief's questions itself.  The answers, the questions asked and their order
are exactly those of the plain loop (``tests/observed/touch/test_settle.py``).

Each reach is looked at alone (its patterns, then its marks), the reach that last settled a
belief first: a belief that passes usually passes on the reach its neighbour passed on, and
then no other reach is looked at.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.hotloop import hot_loop
from devilcoins.observed.touch.antichains import find_fail as _find_fail
from devilcoins.observed.touch.antichains import find_pass as _find_pass
from devilcoins.observed.touch.marks import DenseMarks, Marks, SparseMarks
from devilcoins.observed.touch.rows import I32, Bools, rows_empty

__all__ = ["OPEN", "PASSES", "Settler"]

#: What the marks say of a belief: it passes at once...
PASSES = 1
#: ... or it needs questions of its own (2: it fails at once).
OPEN = 0


@hot_loop
def _states(row: Rows, ng: int, start: Ints, states: Ints, xs: Ints) -> int:  # pragma: no cover
    """The states of the belief row's classes into xs; how many."""
    count = 0
    for wd in range(row.shape[0]):
        word = row[wd]
        b = 0
        while word:
            if word & np.uint64(1):
                c = ng + wd * 64 + b
                for s in range(start[c], start[c + 1]):
                    xs[count] = states[s]
                    count += 1
            word >>= np.uint64(1)
            b += 1
    return count


@hot_loop
def _sparse_status(
    xs: Ints, count: int, r: int, felt: I32, off: I32, shown: Rows, pm: Rows, pl: np.ndarray,
    ps: np.ndarray, pc: Ints, fm: Rows, fl: np.ndarray, fs: np.ndarray, fc: Ints, d: int,
) -> int:  # fmt: skip  # pragma: no cover - a hot loop
    """What sparse marks say of the states xs on reach r at level d: 1 every pattern's set
    passes, 2 one fails, 0 neither (``marks.SparseMarks``, one reach)."""
    shown[:] = 0
    for i in range(count):
        x = xs[i]
        y = off[r, x]
        shown[felt[r, x], y >> 6] |= np.uint64(1) << np.uint64(y & 63)
    status = 1
    for v in range(shown.shape[0]):
        s = shown[v]
        if rows_empty(s) or _find_pass(pm[r], pl[r], ps[r], pc[r], s, d):
            continue
        if _find_fail(fm[r], fl[r], fs[r], fc[r], s, d):
            return 2
        status = 0
    return status


@hot_loop
def _first_unsettled(
    acc: Rows, order: Ints, skip: Bools, at: int, ng: int, start: Ints, states: Ints,
    felt: I32, off: I32, dense: bool, pass_at: np.ndarray, fail_at: np.ndarray, pm: Rows,
    pl: np.ndarray, ps: np.ndarray, pc: Ints, fm: Rows, fl: np.ndarray, fs: np.ndarray,
    fc: Ints, d: int, hint: Ints, xs: Ints, shown: Rows, verdict: Ints,
) -> int:  # fmt: skip  # pragma: no cover - a hot loop
    """From order[at] on (skipping those flagged), the first setting whose belief the marks
    do not fail at d: its place in order (len(order): none), verdict[0] = PASSES or OPEN.
    hint[0] is the reach tried first, and becomes the reach that last passed a belief.

    With dense marks a set of patterns is one word, its own index, and each reach is looked
    at in two scans of the belief's states: the first adds each state's pattern to its set
    and stops at the first set marked to fail (a set that fails fails with more patterns in
    it: an up-set, so the scan need not finish); the second stops at the first set not
    marked to pass.  Only the rows of shown the states touch are read and cleared."""
    reaches = felt.shape[0]
    for j in range(at, order.shape[0]):
        if skip[j]:
            continue
        count = _states(acc[order[j]], ng, start, states, xs)
        seen = 2
        for q in range(reaches):
            r = (hint[0] + q) % reaches
            if dense:  # written out here: a call a reach and belief costs more than this
                status = 1
                for i in range(count):  # a failure is looked for as the sets grow
                    x = xs[i]
                    v = felt[r, x]
                    x0 = shown[v, 0] | np.uint64(1) << np.uint64(off[r, x])
                    shown[v, 0] = x0
                    if fail_at[r, x0] >= d:
                        status = 2
                        for k in range(i + 1):  # shown is all zero between reaches
                            shown[felt[r, xs[k]], 0] = 0
                        break
                if status == 1:
                    for i in range(count):  # the first set that does not pass ends it
                        if pass_at[r, shown[felt[r, xs[i]], 0]] > d:
                            status = 0
                            break
                    for i in range(count):
                        shown[felt[r, xs[i]], 0] = 0
            else:
                status = _sparse_status(
                    xs, count, r, felt, off, shown, pm, pl, ps, pc, fm, fl, fs, fc, d
                )
            if status == 1:
                hint[0] = r
                seen = 1
                break
            if status == 0:
                seen = 0
        if seen != 2:
            verdict[0] = seen
            return j
    return int(order.shape[0])


#: Stand-ins for the arrays of the kind of marks a search does not use.
_NO_DENSE = (np.zeros((1, 1), np.int8), np.zeros((1, 1), np.int8))
_NO_SPARSE = (np.zeros((1, 1, 1), np.uint64), np.zeros((1, 1), np.int8),
              np.zeros((1, 1), np.int16), np.zeros(1, np.int64))  # fmt: skip


def _marks_args(marks: Marks) -> tuple[Any, ...]:
    """The arrays of the marks as the compiled loop takes them (the kind's own, stand-ins for
    the other's)."""
    if isinstance(marks, DenseMarks):
        return (True, marks.pass_at, marks.fail_at, *_NO_SPARSE, *_NO_SPARSE)
    assert isinstance(marks, SparseMarks)
    p, f = marks.passed, marks.failed
    return (False, *_NO_DENSE, p.masks, p.levels, p.sizes, p.counts,
            f.masks, f.levels, f.sizes, f.counts)  # fmt: skip


class Settler:
    """The compiled pass over a node's settings, with its scratch arrays (one per search)."""

    def __init__(self, args: tuple[Any, ...], states: int, felts: int, rwords: int) -> None:
        ng, start, orbit_states, felt, off = args
        self.tables = (ng, start, orbit_states, felt, off)
        self.xs = np.zeros(states, dtype=np.int64)
        self.shown = np.zeros((felts, rwords), dtype=np.uint64)
        self.hint = np.zeros(1, dtype=np.int64)
        self.verdict = np.zeros(1, dtype=np.int64)

    def first(
        self, marks: Marks, acc: Rows, order: Ints, skip: Bools, at: int, d: int
    ) -> tuple[int, int]:
        """(place, verdict): the first setting from order[at] on (not skipped) whose belief
        the marks do not fail at d, and whether it passes (PASSES) or is OPEN; (len(order),
        -1) when the marks fail them all."""
        place = _first_unsettled(
            acc, order, skip, at, *self.tables, *_marks_args(marks), d, self.hint, self.xs,
            self.shown, self.verdict,
        )  # fmt: skip
        return int(place), (int(self.verdict[0]) if place < len(order) else -1)
