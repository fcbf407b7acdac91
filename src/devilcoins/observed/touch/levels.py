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

>>> from devilcoins.core.game import Game
>>> from devilcoins.observed.touch.space import Space
>>> Levels(Space.of(Game.parse('n=4 hands=2 goal=same observe=touch'))).solve()
5
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping

import numpy as np

from devilcoins.core.beliefs import Rows
from devilcoins.core.compiling import hot_loop
from devilcoins.core.errors import InvalidInput, TooLarge
from devilcoins.core.resources import memory_limit, resident_bytes
from devilcoins.observed.touch.checkpoint import Marks as KeptMarks
from devilcoins.observed.touch.checkpoint import damaged, marks_file, read_marks, write_marks
from devilcoins.observed.touch.claims import check_claims, check_keys
from devilcoins.observed.touch.cylinders import MAX_BYTES
from devilcoins.observed.touch.marks import (
    MAX_LEVELS,
    DenseMarks,
    Marks,
    SparseMarks,
    as_int,
    as_words,
)
from devilcoins.observed.touch.met import NO_HI, Met
from devilcoins.observed.touch.rows import (
    Bools,
    _antichain,
    _canon,
    _empty,
    _patterns,
    _size,
    digits,
)
from devilcoins.observed.touch.settle import PASSES, Settler
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

#: Seconds between two checkpoints of the marks (when a command keeps them in a file), at
#: least; a checkpoint that takes long to write is written less often (ten times its time).
SAVE_EVERY = 60.0

#: Called now and then: (questions answered, beliefs and nodes met).
Progress = Callable[[int, int], None]


@hot_loop
def _shown(
    row: Rows, ng: int, start: np.ndarray, states: np.ndarray, felt: np.ndarray,
    off: np.ndarray, out: Rows,
) -> None:  # fmt: skip  # pragma: no cover - a hot loop
    """The patterns of the belief row on every reach, into out (``rows._patterns``)."""
    _patterns(row, ng, start, states, felt, off, out)


@hot_loop
def _largest(sets: Rows, keep: Bools) -> None:  # pragma: no cover - a hot loop
    """keep[v] = sets[v] is one of the largest (the Devil's picks on one reach)."""
    scratch = np.zeros(2 * sets.shape[0] + 64 * sets.shape[1] + 2, dtype=np.int64)
    _antichain(sets, keep, True, scratch, True)


def _by_worst_rest(out: Rows, reaches: np.ndarray) -> np.ndarray:
    """The reaches, those whose worst pattern leaves the fewest patterns off them first (then
    the fewest in all): where the player has room, the first reach asked usually passes."""
    if len(reaches) < 2:
        return reaches
    raw = np.ascontiguousarray(out[reaches]).view(np.uint8)
    sizes = np.unpackbits(raw, axis=2).sum(axis=2)  # patterns left, per reach and felt
    order = np.lexsort((sizes.sum(axis=1), sizes.max(axis=1)))
    return reaches[order]


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


class Levels:
    """The down-sets of one touch game, filled as the questions come."""

    def __init__(
        self,
        space: Space,
        *,
        seconds: float | None = None,
        memory: int | None = None,
        limit: int | None = None,
    ) -> None:
        self.space = space
        dense = dense_fits(space, memory_limit(MAX_BYTES) if memory is None else memory)
        kind = DenseMarks if dense else SparseMarks
        self.marks: Marks = kind(len(space.reaches), space.off_count)
        t = space.t
        self.args = (
            t.n_goal, t.orbit_start.astype(np.int64), t.orbit_states.astype(np.int64),
            space.felt, space.off,
        )  # fmt: skip
        self._out = np.zeros((len(space.reaches), space.felt_count, space.rwords), np.uint64)
        self.settler = Settler(self.args, t.states, space.felt_count, space.rwords)
        self.met = Met(space.words)
        self.hi, self.lo = self.met.hi, self.met.lo  # by a belief's bytes, as files keep them
        self.asked = 0
        self.level = 0
        self.progress: Progress | None = None
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.seconds, self.memory, self.limit = seconds, memory, limit
        self.start = space.belief_row(np.arange(space.kp))
        self._tmp = np.zeros(space.words, dtype=np.uint64)
        self._changes: dict[tuple[int, int, int], tuple[int, Rows]] = {}
        self._path: list[Rows] = []  # the beliefs being asked about, outermost first
        self.stopped_at = ""  # the limit the search stopped at, in words
        self.met_elsewhere = 0  # beliefs the workers met (``spread``)
        #: Sends the start's top questions elsewhere first (``spread``: to a cluster), if set.
        self.spread: Callable[[Levels, int], None] | None = None
        self.checkpoint = marks_file()
        self.save_next = time.monotonic() + SAVE_EVERY
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

    def _take(self, hi: Mapping[bytes, int], lo: Mapping[bytes, int]) -> None:
        """Add beliefs' levels as a checkpoint keeps them (the least hi, the greatest lo)."""
        for side, levels in (("hi", hi), ("lo", lo)):
            keys = np.frombuffer(b"".join(levels), dtype=np.uint64)
            keys = keys.reshape(len(levels), self.space.words)  # widths checked (check_keys)
            self.met.take(side, keys, np.fromiter(levels.values(), np.int64, len(levels)))

    def refuted(self, what: str) -> Exception:
        """The error for a claim of the marks that the game refutes (what: the promise broken):
        marks read from a checkpoint that was edited (one line naming it, exit 2; the checks
        at load, ``claims``, leave only false losses made to agree with the rest), else a bug."""
        if self.resumed and self.checkpoint is not None:
            return damaged(self.checkpoint, f"its marks break a promise ({what})")
        return AssertionError(what)

    def keep(self) -> None:
        """Write the marks to the checkpoint file (when a command named one)."""
        if self.checkpoint is not None:
            began = time.monotonic()
            sp = self.space
            write_marks(
                self.checkpoint, sp.game, (self.marks.arrays(), self.hi, self.lo), sp.restriction
            )
            took = time.monotonic() - began  # a large file is written less often
            self.save_next = time.monotonic() + max(SAVE_EVERY, 10 * took)

    # --- the two questions ---------------------------------------------------------------

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
        for r in _by_worst_rest(out, reaches):
            _largest(out[r], keep)
            picks = sorted(np.flatnonzero(keep), key=lambda v: -_size(out[r, v]))
            yield int(r), [as_int(out[r, v]) for v in picks]

    def absorb(self, marks: KeptMarks) -> None:
        """Add what another search of this game proved (its marks, as a checkpoint keeps them)."""
        arrays, hi, lo = marks
        self.marks.merge(arrays)
        self._take(hi, lo)

    def beliefs(self) -> int:
        """How many beliefs the search has met (the workers' too, when it spreads)."""
        return len(self.lo) + len(self.hi) + self.met_elsewhere

    def least(self, row: Rows) -> Rows:
        """The least image of a belief row under the game's symmetries."""
        out = np.zeros_like(row)
        _canon(row, self.space.symmetries, self._tmp, out)
        return out

    def _tick(self) -> None:
        """Count a question; every 256, report progress and stop at a limit."""
        self.asked += 1
        if self.asked & 255 and self.asked != 1:
            return
        self.report()
        self.check_limits()

    def check_limits(self) -> None:
        """Stop the search (``stop``) when it is past its time or memory limit."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.stop(f"time limit ({self.seconds:g} s)")
        if self.memory is not None and resident_bytes() > self.memory:
            self.stop(f"memory limit ({self.memory / 2**30:,.1f} GiB resident)")

    def report(self) -> None:
        """Report progress, and keep the marks when a checkpoint is due."""
        if self.progress is not None:
            self.progress(self.asked, self.beliefs() + self.asked)
        if self.checkpoint is not None and time.monotonic() > self.save_next:
            self.keep()

    def stop(self, why: str) -> None:
        """Stop the search at a limit (why: which), with one line saying how far it got."""
        self.stopped_at = why
        hint = (
            "use fewer positions or more hands (docs/observed.md lists what is settled)"
            if self.checkpoint is None
            else f"what it proved is kept in {self.checkpoint}: give the same --checkpoint "
            "again to go on from there"
        )
        raise TooLarge(
            f"{self.space.game}: the touch search stops at {self.beliefs():,} "
            f"beliefs and {self.asked:,} questions, trying {self.level} moves, at the {why}; "
            f"{hint}"
        )

    # --- answers -------------------------------------------------------------------------

    def solve(self) -> int | None:
        """The start's value (None: not won within MAX_LEVELS - 1 moves).

        After the levels in _FIRST (cheap to refute), the question is asked at the levels of
        _ROOM and then the top level, until one passes: there the player has room to spare and
        a strategy is found quickly; then the least level is found by halving the range, each
        question reusing the marks.  The start's
        failure one move below its value is the proof that no shorter strategy exists.
        """
        if _empty(self.start):
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
        if _empty(self.start):
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
        if _empty(self.start):
            return 0, 0
        key = self.least(self.start)
        high = self.met.hi_of(key)
        return self.met.lo_of(key), None if high == NO_HI else high

    def value(self, row: Rows, most: int) -> int:
        """The value of a belief row known to be won within most moves."""
        if _empty(row):
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
        for r in (*known, *_by_worst_rest(out, np.flatnonzero(status == 0))):
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
                if _empty(acc[w]):
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
