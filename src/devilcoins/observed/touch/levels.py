"""The touch game solved level by level over cylinder nodes, its marks dense or sparse.

A cylinder node (P, R) is a reach P with the set R of patterns still possible off it
(``observed.touch.space``).  U(P, R) <= d, "some change w after feeling R wins within d more
moves", only gets easier as R shrinks, so for each reach and each d the nodes that pass form a
*down-set* of the subsets of the m^(n-k) patterns off P, and those that fail an up-set
(docs/mathematics.md §8.5).  The marks (``observed.touch.marks``) keep what is proved: a byte
for every subset where that fits (up to MAX_OFF patterns off a reach, within three quarters of
the memory), else the antichains of the answers found, of any width.  The recursion is

    U(P, R) <= d   iff   some w leaves the belief B = closure({w on P} x R) minus the goal
                         with V(B) <= d (B empty: V = 0);
    V(B) <= d      iff   some reach P' has U(P', R_v) <= d - 1 for every pattern v that B
                         shows on P' (only the largest R_v need asking).

Questions are asked depth first: the start first at 1 and 2 moves, then at the top level (a
strategy is found where the player has room to spare; the reaches whose worst pattern leaves
the fewest patterns are asked first), then at levels halving the range until the least is
found; the marks stay, so every question is answered once whichever belief asks it.  Dense
marks take two bytes per reach and subset of the patterns off it (three with a certificate's
witness): 12 glasses with 8 hands need 43 reaches x 2^16 x 2 bytes; 9 dials of 3 values with 6
hands, 27 patterns off a reach, 10 x 2^27 x 2 bytes (2.7 GB).  Sparse marks take what the
answers take.  ``dense_fits`` says which a game gets.

The questions themselves are asked in ``asking``, the bookkeeping around them (the checkpoint,
the limits, progress) is ``levelstate``; here the marks are chosen and resumed, the questions
put in the order above, and strategies read off what they proved.

>>> from devilcoins.core.game import Game
>>> from devilcoins.observed.touch.space import Space
>>> Levels(Space.of(Game.parse('n=4 hands=2 goal=same observe=touch'))).solve()
5
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from devilcoins.core.beliefs import Rows
from devilcoins.core.errors import InvalidInput, TooLarge
from devilcoins.core.resources import memory_ceiling
from devilcoins.observed.touch.asking import Asking, by_worst_rest
from devilcoins.observed.touch.checkpoint import read_marks
from devilcoins.observed.touch.claims import check_claims, check_keys
from devilcoins.observed.touch.cylinders import MAX_BYTES
from devilcoins.observed.touch.marks import MAX_LEVELS, DenseMarks, SparseMarks, as_int
from devilcoins.observed.touch.met import NO_HI
from devilcoins.observed.touch.rows import digits, rows_empty
from devilcoins.observed.touch.space import Space

__all__ = ["MARK_BYTES", "MAX_LEVELS", "MAX_OFF", "Levels", "dense_fits"]

#: The most patterns off a reach for marks over every subset (``DenseMarks``, 2^off entries a
#: reach); past it, or past three quarters of the memory, the answers are kept as found
#: (``SparseMarks``).
MAX_OFF = 28

#: Bytes the dense marks take for each reach and subset of the patterns off it: the level each
#: passes at and fails at, and the claim a certificate's witness has listed.
MARK_BYTES = 3

#: The levels asked first, from below (a game this short is answered without the top level).
_FIRST = (1, 2)

#: The levels asked next, before the top one: room to spare for the depth-first search, yet not
#: so much that a poor change leads it dozens of moves down before it turns back (16 glasses
#: with 12 hands asked at 47 moves first were still failing beliefs 46 moves down after 10
#: minutes).  A level that fails raises the lower bound the halving starts from.
_ROOM = (8, 16, 32)


def dense_fits(space: Space, memory: int) -> bool:
    """Whether the marks over every subset fit: at most MAX_OFF patterns off a reach, and the
    marks within three quarters of memory (bytes), the rest left to the beliefs it meets.

    >>> from devilcoins.core.game import Game
    >>> nine = Space.of(Game.parse('n=9 values=3 hands=6 goal=same observe=touch'))
    >>> nine.off_count, len(nine.reaches), dense_fits(nine, 6 << 30), dense_fits(nine, 4 << 30)
    (27, 10, True, False)
    """
    if space.off_count > MAX_OFF:
        return False
    return MARK_BYTES * len(space.reaches) << space.off_count <= memory * 3 // 4


class Levels(Asking):
    """The down-sets of one touch game, filled as the questions come."""

    def __init__(
        self,
        space: Space,
        *,
        seconds: float | None = None,
        memory: int | None = None,
        limit: int | None = None,
    ) -> None:
        dense = dense_fits(space, memory_ceiling(MAX_BYTES) if memory is None else memory)
        kind = DenseMarks if dense else SparseMarks
        marks = kind(len(space.reaches), space.off_count)
        super().__init__(space, marks, seconds=seconds, memory=memory, limit=limit)
        self.start = space.belief_row(np.arange(space.kp))
        self._changes: dict[tuple[int, int, int], tuple[int, Rows]] = {}
        #: Sends the start's top questions elsewhere first (``spread``: to a cluster), if set.
        self.spread: Callable[[Levels, int], None] | None = None
        self.resumed = self._resume()

    # --- the checkpoint ------------------------------------------------------------------

    def _resume(self) -> int:
        """Take the marks kept in the checkpoint file, if there is one; how many are known."""
        path = self.checkpoint
        if path is None or not path.exists():
            return 0
        arrays, hi, lo = read_marks(path, self.space.game, self.space.restriction)
        check_keys(self, path, hi, lo)
        self._take(hi, lo)
        try:
            self.marks.load(arrays)
        except (KeyError, ValueError):
            raise InvalidInput(
                f"{path}: its marks are not this game's {self.marks.kind} marks (kept by "
                "another version or with another memory limit; start a new file)"
            ) from None
        check_claims(self, path)
        return self.marks.known() + len(self.hi) + len(self.lo)

    # --- answers -------------------------------------------------------------------------

    def solve(self) -> int | None:
        """The start's value (None: not won within MAX_LEVELS - 1 moves).

        After the levels in _FIRST (cheap to refute), the question is asked at the levels of
        _ROOM and then the top level, until one passes: there the player has room to spare and
        a strategy is found quickly; then the least level is found by halving the range, each
        question reusing the marks.  The start's
        failure one move below its value is the proof that no shorter strategy exists.
        """
        if rows_empty(self.start):
            return 0
        try:
            return self._solve()
        finally:  # stopped or done, what is proved is kept
            self.keep()

    def _solve(self) -> int | None:
        for self.level in _FIRST:  # short games are answered at once from below
            if self._start_within(self.level):
                return self.level
        low, high = _FIRST[-1] + 1, None
        for self.level in (*_ROOM, MAX_LEVELS - 1):  # room to spare, but not to wander
            if self._start_within(self.level):
                high = self.level
                break
            low = self.level + 1
        if high is None:
            return None
        while low < high:
            self.level = (low + high) // 2
            if self._start_within(self.level):
                high = self.level
            else:
                low = self.level + 1
        self.level = high
        return high

    def descend(self) -> tuple[int | None, int]:
        """Ever shorter strategies, for a search that wants a good one soon rather than the
        least (a restricted search: ``reaches``): the levels in _FIRST, then up from the
        second of _ROOM until one passes (room to spare: found fast), then one level below
        the best found, again and again, until a level fails (the best is then the least) or
        a limit stops the search (``stopped_at`` says which; what is proved stays).  Returns
        (U, L): the least level passed (None: none within MAX_LEVELS - 1) and the least
        level not refuted.
        """
        if rows_empty(self.start):
            return 0, 0
        high: int | None = None
        try:
            for self.level in _FIRST:
                if self._start_within(self.level):
                    return self.level, self.level
            for self.level in (*_ROOM[1:], MAX_LEVELS - 1):
                if self._start_within(self.level):
                    high = self.level
                    break
            while high is not None and high > self.bounds()[0]:
                self.level = high - 1
                if not self._start_within(self.level):
                    break
                high = self.level
        except TooLarge:  # stopped at a limit: the best found so far stands
            if not self.stopped_at:
                raise
        finally:
            self.keep()
        return high, self.bounds()[0]

    def _start_within(self, d: int) -> bool:
        """Whether the start is won within d, its top questions sent to the cluster first when
        there is one (``spread``)."""
        if self.spread is not None and d > _FIRST[-1]:  # the first levels are quick here
            self.spread(self, d)
        return self.within(self.start, d)

    def bounds(self) -> tuple[int, int | None]:
        """What is proved of the start so far: no strategy wins in fewer than L moves, and one
        wins within U (None: none found yet)."""
        if rows_empty(self.start):
            return 0, 0
        key = self.least(self.start)
        high = self.met.hi_of(key)
        return self.met.lo_of(key), None if high == NO_HI else high

    def value(self, row: Rows, most: int) -> int:
        """The value of a belief row known to be won within most moves."""
        if rows_empty(row):
            return 0
        for d in range(1, most + 1):
            if self.within(row, d):
                return d
        raise self.refuted("a belief on the strategy is won within its promise")

    def plan(self, row: Rows, d: int) -> tuple[int, list[tuple[int, int, Rows]]]:
        """A reach that wins row within d, and for every pattern v it can show: (v, w, belief
        left) with the belief won within d - 1."""
        sp = self.space
        out, _ = sp.devil_options(row)
        shown = np.asarray(out.any(axis=2))
        status = np.zeros(len(sp.reaches), dtype=np.int8)
        self.marks.status(out, d - 1, status)  # a reach the marks already pass needs no search
        known = np.flatnonzero(status == 1)
        for r in (*known, *by_worst_rest(out, np.flatnonzero(status == 0))):
            r = int(r)
            xs = [(int(v), as_int(out[r, v])) for v in np.flatnonzero(shown[r])]
            if not all(self.node_passes(d - 1, r, x) for _, x in xs):
                continue
            choice = []
            for v, x in xs:
                choice.append((v, *self._change(r, x, d - 1)))
            return r, choice
        raise self.refuted("a belief won within d has a reach that keeps the promise")

    def _change(self, r: int, x: int, d: int) -> tuple[int, Rows]:
        """The change w (fewest values changed among the best) after feeling x on reach r
        (remembered: many patterns felt leave the same patterns off the reach)."""
        if (r, x, d) not in self._changes:
            self._changes[r, x, d] = self._first_change(r, x, d)
        return self._changes[r, x, d]

    def _first_change(self, r: int, x: int, d: int) -> tuple[int, Rows]:
        won, acc, keep, least, sizes = self.space.player_options(r, self.words(x))
        if won:
            for w in range(len(acc)):
                if rows_empty(acc[w]):
                    return w, acc[w].copy()
        picks = np.flatnonzero(keep)
        order = picks[np.argsort(sizes[picks], kind="stable")]
        found = self.met.find_all(least, order)
        known = [i for i, e in enumerate(found.tolist()) if e >= 0 and self.met.hi_at[e] <= d]
        for i in (*known, *range(len(order))):  # a change known to win needs no search
            if self.within(acc[order[i]], d, least[order[i]]):
                return int(order[i]), acc[order[i]].copy()
        raise self.refuted("a node that passes has a change that wins")

    def felt(self, v: int) -> tuple[int, ...]:
        """The values of pattern number v on a reach."""
        return digits(v, self.space.game.values, self.space.game.hands or 0)
