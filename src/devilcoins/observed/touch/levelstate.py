"""What the level search keeps as it goes (``levels.Levels`` is built on it): its marks and the
levels of the beliefs it met, the checkpoint file they are written to, and the limits of time,
memory and beliefs it stops at.

Nothing here asks a question (``asking``); this is the bookkeeping around the questions: each
one counted, progress reported now and then, the marks written to the checkpoint when one is
due, and one line saying how far the search got when a limit stops it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

import numpy as np

from devilcoins.core.errors import TooLarge
from devilcoins.core.resources import resident_bytes
from devilcoins.observed.touch.checkpoint import Marks as KeptMarks
from devilcoins.observed.touch.checkpoint import damaged, marks_file, write_marks
from devilcoins.observed.touch.marks import Marks
from devilcoins.observed.touch.met import Met
from devilcoins.observed.touch.space import Space

__all__ = ["SAVE_EVERY", "LevelState", "Progress"]

#: Seconds between two checkpoints of the marks (when a command keeps them in a file), at
#: least; a checkpoint that takes long to write is written less often (ten times its time).
SAVE_EVERY = 60.0

#: Called now and then: (questions answered, beliefs and nodes met).
Progress = Callable[[int, int], None]


class LevelState:
    """The marks and beliefs' levels of one level search, its checkpoint and its limits."""

    def __init__(
        self,
        space: Space,
        marks: Marks,
        *,
        seconds: float | None = None,
        memory: int | None = None,
        limit: int | None = None,
    ) -> None:
        self.space = space
        self.marks = marks
        self.met = Met(space.words)
        self.hi, self.lo = self.met.hi, self.met.lo  # by a belief's bytes, as files keep them
        self.asked = 0
        self.level = 0
        self.progress: Progress | None = None
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.seconds, self.memory, self.limit = seconds, memory, limit
        self.stopped_at = ""  # the limit the search stopped at, in words
        self.met_elsewhere = 0  # beliefs the workers met (``spread``)
        self.checkpoint = marks_file()
        self.save_next = time.monotonic() + SAVE_EVERY
        self.resumed = 0  # the marks known from the checkpoint file (``Levels`` reads it)

    # --- the checkpoint ------------------------------------------------------------------

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

    def absorb(self, marks: KeptMarks) -> None:
        """Add what another search of this game proved (its marks, as a checkpoint keeps them)."""
        arrays, hi, lo = marks
        self.marks.merge(arrays)
        self._take(hi, lo)

    def beliefs(self) -> int:
        """How many beliefs the search has met (the workers' too, when it spreads)."""
        return len(self.lo) + len(self.hi) + self.met_elsewhere

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
