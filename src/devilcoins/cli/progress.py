"""Progress display for long work: a rich progress bar on a terminal, nothing elsewhere."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

__all__ = ["Reporter", "reporter"]


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
