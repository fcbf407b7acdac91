"""What long work reports as it goes: the status a progress line shows (drawn by
``cli.limits`` on a terminal; for a long batch, the atlas, also printed as a plain line every
``cli.limits.LOG_EVERY`` seconds when stderr is not a terminal), and the kernel's compile
notice."""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TextIO

__all__ = [
    "STATUS",
    "Reporter",
    "Status",
    "announce_compiling",
    "reporter",
    "wants_compile_notice",
]

_KERNEL_LOG = "devilcoins.kernel"


def wants_compile_notice(stream: TextIO) -> bool:
    """Whether the kernel's compile notice goes to stream: only when a person watches it."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class _CompileNotice(logging.Handler):
    """Shows the compiling hot loops' notices: a line on the terminal, and the progress line's
    text while the compile lasts (its end, logged too, puts the line's text back)."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__(logging.INFO)
        self.stream = stream
        self.saved: str | None = None
        self.printed = False

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if text.startswith("compiling"):
            self.saved = STATUS.description
            STATUS.description = text
            if not self.printed:  # once a command: each loop that compiles shows on the line
                print(f"devilcoins: {text}", file=self.stream, flush=True)
                self.printed = True
        elif self.saved is not None:
            STATUS.description, self.saved = self.saved, None


@contextmanager
def announce_compiling(stream: TextIO) -> Iterator[None]:
    """While inside, a hot loop's notice before it compiles shows on stream if a terminal, and
    on the progress line while it compiles.

    The line is 'devilcoins: compiling the search kernels once (about 30 s); later runs start at
    once'; the handler on the "devilcoins.kernel" logger is removed again on the way out.
    """
    if not wants_compile_notice(stream):
        yield
        return
    handler = _CompileNotice(stream)
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


@dataclass
class Status:
    """What the command is doing now, as the progress line shows it (and a stop names it)."""

    description: str = ""
    completed: int = 0
    total: int | None = None
    hidden: bool = False
    started: float = field(default_factory=time.monotonic)
    #: What else to try, added to the line a stop prints (set by the command, or empty).
    advice: str = ""
    #: Whether the status is also printed as a plain line now and then when stderr is not a
    #: terminal (a long batch whose log should show it is alive: the atlas).
    logged: bool = False
    #: What the innermost stage said when an interrupt left it, for the line Ctrl-C prints
    #: (``cli.limits.Watch.interrupted``); empty until then.
    unfinished: str = ""

    def text(self) -> str:
        """'solving n=12 ...: depth 9, 1,234 beliefs (40%)'."""
        share = f" ({self.completed / self.total:.0%} of {self.total:,})" if self.total else ""
        return self.description + share


#: The status of the command that runs now (one per process: the command line runs one).
STATUS = Status()


class Reporter:
    """Updates the command's status, which the progress line shows on a terminal."""

    def __init__(self, status: Status) -> None:
        self._status = status

    def advance(self, steps: int = 1) -> None:
        """Count steps as done."""
        self._status.completed += steps

    def reach(self, done: int) -> None:
        """Set how many steps are done."""
        self._status.completed = done

    def note(self, text: str) -> None:
        """Replace the line's description."""
        self._status.description = text


@contextmanager
def reporter(
    description: str,
    total: int | None = None,
    *,
    enabled: bool | None = None,
    logged: bool = False,
) -> Iterator[Reporter]:
    """Report a stage of the work (a bar when total is given) while the block runs; the line
    shows on stderr when it is a terminal and the work passes two seconds (``cli.limits``).
    enabled=False keeps the line hidden (say, while moves stream to the same terminal);
    logged=True prints it as a plain line every ``cli.limits.LOG_EVERY`` seconds when stderr
    is not a terminal (a log, a pipe: the work is seen to go on)."""
    saved = dataclasses.replace(STATUS)
    STATUS.description, STATUS.completed, STATUS.total = description, 0, total
    STATUS.hidden = enabled is False or saved.hidden
    STATUS.logged = logged or saved.logged
    try:
        yield Reporter(STATUS)
    except KeyboardInterrupt:
        STATUS.unfinished = STATUS.unfinished or STATUS.text()  # the innermost stage's
        raise
    finally:
        STATUS.description, STATUS.completed = saved.description, saved.completed
        STATUS.total, STATUS.hidden = saved.total, saved.hidden
        STATUS.logged = saved.logged
