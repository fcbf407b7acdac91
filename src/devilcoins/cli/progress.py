"""Progress display for long work: a rich progress bar on a terminal, nothing elsewhere."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

__all__ = ["Reporter", "announce_compiling", "reporter", "wants_compile_notice"]

_KERNEL_LOG = "devilcoins.kernel"


def wants_compile_notice(stream: TextIO) -> bool:
    """Whether the kernel's compile notice goes to stream: only when a person watches it."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@contextmanager
def announce_compiling(stream: TextIO) -> Iterator[None]:
    """While inside, the kernel's notice before it compiles shows on stream if a terminal.

    The line is 'devilcoins: compiling the search kernel once (about 10 s); later runs start at
    once'; the handler on the "devilcoins.kernel" logger is removed again on the way out.
    """
    if not wants_compile_notice(stream):
        yield
        return
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("devilcoins: %(message)s"))
    log = logging.getLogger(_KERNEL_LOG)
    level, propagate = log.level, log.propagate
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    try:
        yield
    finally:
        log.removeHandler(handler)
        log.setLevel(level)
        log.propagate = propagate


class Reporter:
    """Updates one progress line; every method does nothing when there is no terminal."""

    def __init__(self, progress: Progress | None = None, task: TaskID | None = None) -> None:
        self._progress = progress
        self._task = task

    def advance(self, steps: int = 1) -> None:
        """Count steps as done."""
        if self._progress is not None and self._task is not None:
            self._progress.advance(self._task, steps)

    def reach(self, done: int) -> None:
        """Set how many steps are done."""
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, completed=done)

    def note(self, text: str) -> None:
        """Replace the line's description."""
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, description=text)


@contextmanager
def reporter(
    description: str, total: int | None = None, *, enabled: bool | None = None
) -> Iterator[Reporter]:
    """A progress bar on stderr (a spinner when total is None) while the block runs."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        yield Reporter()
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = [SpinnerColumn(), TextColumn("{task.description}")]
    if total is not None:
        columns += [BarColumn(), TextColumn("{task.completed}/{task.total}")]
    columns.append(TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        yield Reporter(progress, progress.add_task(description, total=total))
