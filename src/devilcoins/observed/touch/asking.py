"""The two questions the level search asks (``levels``), each answered from the marks when they
can, else by asking the questions below it:

    U(P, R) <= d   (``node_passes``): some change w after feeling R on the reach P wins within d
                   more moves;
    V(B) <= d      (``within``): some reach P' has U(P', R_v) <= d - 1 for every pattern v that
                   the belief B shows on P' (only the largest R_v need asking).

A node that passes or fails is marked (``marks``), a belief met is kept with its levels
(``met``), so every question is answered once whichever belief asks it.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from devilcoins.core.beliefs import Rows
from devilcoins.core.hotloop import hot_loop
from devilcoins.observed.touch.levelstate import LevelState
from devilcoins.observed.touch.marks import Marks, as_int, as_words
from devilcoins.observed.touch.rows import Bools, antichain, canon_row, pattern_sets, rows_size
from devilcoins.observed.touch.settle import PASSES, Settler
from devilcoins.observed.touch.space import Space

__all__ = ["Asking", "by_worst_rest"]


@hot_loop
def _shown(
    row: Rows, ng: int, start: np.ndarray, states: np.ndarray, felt: np.ndarray,
    off: np.ndarray, out: Rows,
) -> None:  # fmt: skip  # pragma: no cover - a hot loop
    """The patterns of the belief row on every reach, into out (``rows.pattern_sets``)."""
    pattern_sets(row, ng, start, states, felt, off, out)


@hot_loop
def _largest(sets: Rows, keep: Bools) -> None:  # pragma: no cover - a hot loop
    """keep[v] = sets[v] is one of the largest (the Devil's picks on one reach)."""
    scratch = np.zeros(2 * sets.shape[0] + 64 * sets.shape[1] + 2, dtype=np.int64)
    antichain(sets, keep, True, scratch, True)


def by_worst_rest(out: Rows, reaches: np.ndarray) -> np.ndarray:
    """The reaches, those whose worst pattern leaves the fewest patterns off them first (then
    the fewest in all): where the player has room, the first reach asked usually passes."""
    if len(reaches) < 2:
        return reaches
    raw = np.ascontiguousarray(out[reaches]).view(np.uint8)
    sizes = np.unpackbits(raw, axis=2).sum(axis=2)  # patterns left, per reach and felt
    order = np.lexsort((sizes.sum(axis=1), sizes.max(axis=1)))
    return reaches[order]


class Asking(LevelState):
    """The questions of one level search: whether a node passes at d, whether a belief is won
    within d (the marks and beliefs' levels kept by ``LevelState``)."""

    def __init__(
        self,
        space: Space,
        marks: Marks,
        *,
        seconds: float | None = None,
        memory: int | None = None,
        limit: int | None = None,
    ) -> None:
        super().__init__(space, marks, seconds=seconds, memory=memory, limit=limit)
        t = space.t
        self.args = (
            t.n_goal, t.orbit_start.astype(np.int64), t.orbit_states.astype(np.int64),
            space.felt, space.off,
        )  # fmt: skip
        self._out = np.zeros((len(space.reaches), space.felt_count, space.rwords), np.uint64)
        self.settler = Settler(self.args, t.states, space.felt_count, space.rwords)
        self._tmp = np.zeros(space.words, dtype=np.uint64)
        self._path: list[Rows] = []  # the beliefs being asked about, outermost first

    def node_passes(self, d: int, r: int, x: int) -> bool:
        """Whether U(reach r, off patterns x) <= d: some change wins within d more moves."""
        marks = self.marks
        if marks.passes(r, x, d):
            return True
        if marks.fails(r, x, d):
            return False
        self._tick()
        level = self.setting_wins(d, r, x)
        if level is None:
            marks.mark_fail(r, x, d)
            return False
        marks.mark_pass(r, x, level)
        return True

    def setting_wins(self, d: int, r: int, x: int) -> int | None:
        """The search behind ``node_passes``: the level at which some setting after feeling x
        on reach r is proved to win within d (0: one wins at once), or None when none does."""
        if d == 0:  # the deepest questions, most of them: no belief needs making
            return 0 if self.space.wins_at_once(r, self.words(x)) else None
        won, acc, keep, least, sizes = self.space.player_options(r, self.words(x))
        if won:
            return 0
        if d > 0:
            picks = np.flatnonzero(keep)
            back = self._back_on_path(least[picks])  # leaves a belief holding one being asked
            order = picks[np.lexsort((sizes[picks], back))]
            if self._some_within(acc, least, order, d):
                return d
        return None

    def _some_within(self, acc: Rows, least: Rows, order: np.ndarray, d: int) -> bool:
        """Whether the belief of some setting (acc[w], w in order; least images least[w]) is
        won within d: one already known to win first; then those not known to fail at d, in
        order: the marks settle most of them in one compiled pass (``settle``), the open
        ones are asked one at a time (``within``).  The answers and the questions asked are
        those of asking each in turn."""
        met = self.met
        found = met.find_all(least, order)
        seen = found[found >= 0]
        if (met.hi_at[seen] <= d).any():
            return True
        skip = np.zeros(len(order), dtype=np.bool_)
        skip[found >= 0] = met.lo_at[seen] > d
        at = 0
        while at < len(order):
            place, verdict = self.settler.first(self.marks, acc, order, skip, at, d - 1)
            met.lost_from(least, order, skip, at, place, d + 1)  # as within records them
            if self.limit is not None and len(self.lo) + len(self.hi) > self.limit:
                self.stop(f"limit of {self.limit:,} beliefs")
            if place == len(order):
                return False
            key = least[order[place]]
            if verdict == PASSES:
                met.set_hi(key, d)
                return True
            if self.within(acc[order[place]], d, key):
                return True
            at = place + 1
        return False

    def _back_on_path(self, rows: Rows) -> np.ndarray:
        """For each belief row (least images), whether it holds a belief the search is asking
        about further up (it would be no easier than that one with fewer moves): such changes
        are asked last, so the search tries first the ones that make progress.  Only the order
        changes, never an answer (a smaller belief is never harder: §8.3)."""
        if not self._path:
            return np.zeros(len(rows), dtype=bool)
        path = np.stack(self._path)
        holds = ~((path[None, :, :] & ~rows[:, None, :]) != 0).any(axis=2)
        return np.asarray(holds.any(axis=1))

    def words(self, x: int) -> Rows:
        """A set of patterns off a reach as the tables take it (words of 64 bits)."""
        return as_words(x, self.space.rwords)

    def within(self, row: Rows, d: int, key: Rows | None = None) -> bool:
        """Whether the belief row (not empty) is won within d moves (key: its least image,
        when known)."""
        key = self.least(row) if key is None else key
        known = self.known(row, d, key)
        if known is not None:
            return known
        questions = self.questions(row, d)
        if questions is None:
            self.met.set_hi(key, d)
            return True
        self._path.append(key)
        try:
            for r, xs in questions:
                if all(self.node_passes(d - 1, r, x) for x in xs):
                    self.met.set_hi(key, d)
                    return True
        finally:
            self._path.pop()
        self.met.set_lo(key, d + 1)
        if self.limit is not None and len(self.lo) + len(self.hi) > self.limit:
            self.stop(f"limit of {self.limit:,} beliefs")
        return False

    def known(self, row: Rows, d: int, key: Rows | None = None) -> bool | None:
        """Whether the belief row is known to be won within d moves (None: not known yet;
        key: its least image, when known)."""
        e = self.met.find(self.least(row) if key is None else key)
        if e < 0:
            return None if d > 0 else False
        if self.met.hi_at[e] <= d:
            return True
        if max(1, int(self.met.lo_at[e])) > d:
            return False
        return None

    def on_path(self, row: Rows) -> None:
        """Ask the questions that follow as the belief row's (changes back to it come last)."""
        self._path.append(self.least(row))

    def questions(self, row: Rows, d: int) -> Iterator[tuple[int, list[int]]] | None:
        """What deciding "row is won within d" asks, in the order asked: for each reach the
        marks leave open, the sets of patterns off it (largest first) that must all pass at
        d - 1, one reach at a time; None when the marks already pass a reach."""
        out, status = self._out, np.zeros(len(self.space.reaches), dtype=np.int8)
        _shown(row, *self.args, out)
        self.marks.status(out, d - 1, status)
        if (status == 1).any():
            return None
        return self._asked(out.copy(), np.flatnonzero(status == 0))

    @staticmethod
    def _asked(out: Rows, reaches: np.ndarray) -> Iterator[tuple[int, list[int]]]:
        keep = np.zeros(out.shape[1], dtype=np.bool_)
        for r in by_worst_rest(out, reaches):
            _largest(out[r], keep)
            picks = sorted(np.flatnonzero(keep), key=lambda v: -rows_size(out[r, v]))
            yield int(r), [as_int(out[r, v]) for v in picks]

    def least(self, row: Rows) -> Rows:
        """The least image of a belief row under the game's symmetries."""
        out = np.zeros_like(row)
        canon_row(row, self.space.symmetries, self._tmp, out)
        return out
