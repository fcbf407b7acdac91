"""Every long command's limits: ``--time-limit`` and ``--memory``, measured while it runs.

A watcher thread looks at the clock and at the process's resident memory twenty times a second.
On a terminal it draws the progress line (the command's status, ``cli.progress``) once the work
passes two seconds; off a terminal, a long batch's status (the atlas's) is printed as a plain
line every ten seconds.  At either limit it interrupts the command, which then stops with one line
saying how far it got and what to try (exit 3).  On the real command line, a command stuck in a
compiled kernel that does not stop within a few seconds more is ended by the watcher itself,
its unfinished files removed (never when main() was called in-process, as by the tests).
The searches read the memory limit too (``core.resources.memory_limit``) and stop on their own
first where they check it.
"""

from __future__ import annotations

import _thread
import argparse
import math
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass
from types import FrameType
from typing import TYPE_CHECKING, TextIO

from devilcoins.cli.common import EXIT_LIMIT, Options, decimal
from devilcoins.cli.progress import STATUS, Status
from devilcoins.core.files import remove_unfinished
from devilcoins.core.resources import (
    machine_bytes,
    on_memory_limit,
    process_seconds,
    resident_bytes,
    until,
    using_at_most,
)

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

__all__ = [
    "DEFAULT_SECONDS",
    "UNLIMITED",
    "Limits",
    "Watch",
    "add_limit_options",
    "add_memory_option",
    "default_memory",
    "limits_from",
    "memory_from",
]

#: The signal the watcher raises in the main thread to stop the command (not SIGINT, which a
#: process started in the background, or a test runner's worker, may ignore; SIGINT where
#: there is no SIGUSR1).
STOP_SIGNAL = getattr(signal, "SIGUSR1", signal.SIGINT)


#: Where an exception raised by the stop signal's handler may be lost: numba and llvmlite call
#: back into Python through ctypes while they compile, and ctypes only prints what such a
#: callback raises (a cold cache's first compile then ran on past its limit).
_COMPILERS = (f"{os.sep}numba{os.sep}", f"{os.sep}llvmlite{os.sep}")

#: Seconds after which a stop that arrived inside the compiler is raised again.
_AGAIN = 0.1


def _stop_here(signum: int, frame: FrameType | None) -> None:
    """The stop signal's handler: the command stops as at Ctrl-C (main() says which limit).
    Inside the compiler the stop is sent again a moment later, until it lands in code where
    it cannot be lost."""
    if _in_compiler(frame):
        threading.Timer(_AGAIN, _thread.interrupt_main, (signum,)).start()
        return
    raise KeyboardInterrupt


def _in_compiler(frame: FrameType | None) -> bool:
    """Whether the main thread is running numba's or llvmlite's code (anywhere on its stack)."""
    while frame is not None:
        if any(part in frame.f_code.co_filename for part in _COMPILERS):
            return True
        frame = frame.f_back
    return False


#: The default --time-limit: ten minutes.
DEFAULT_SECONDS = 600.0

#: The progress line shows once the work has run this long.
SHOW_AFTER = 2.0

#: How often the watcher looks (seconds).
TICK = 0.05

#: How often a logged status (``cli.progress.Status.logged``: the atlas) is printed as a plain
#: line when the stream is not a terminal (seconds): a log shows that the work goes on.
LOG_EVERY = 10.0

#: How long a command has to stop after the watcher interrupts it, before the watcher ends it
#: (at most; a short time limit gives less, ``grace``).
GRACE = 5.0


def grace(seconds: float) -> float:
    """The seconds a command stopped at its limits has to end: 2% of its time limit, from 1 to
    GRACE, so that the limit holds to within a few percent (45 s stopped at 50 s).

    >>> grace(45), grace(600), grace(2), grace(float("inf"))
    (1.0, 5.0, 1.0, 5.0)
    """
    return min(GRACE, max(1.0, 0.02 * seconds))


def default_memory() -> int:
    """The default --memory: three quarters of what this process may have (bytes)."""
    return machine_bytes() * 3 // 4


def _seconds(text: str) -> float:
    value = decimal(text, what="--time-limit (seconds)")
    if not 0 < value <= 7 * 86400:
        raise argparse.ArgumentTypeError(
            f"--time-limit takes seconds, more than 0 and at most a week (604800), got {text!r}"
        )
    return value


def _gigabytes(text: str) -> float:
    value = decimal(text, what="--memory (gigabytes)")
    whole = machine_bytes() / 1e9
    if not 0.2 <= value <= whole:
        raise argparse.ArgumentTypeError(
            f"--memory takes gigabytes from 0.2 to this machine's {whole:,.1f}, got {text!r}"
        )
    return value


def add_limit_options(p: Options) -> None:
    """--time-limit SECONDS and --memory GB, in their own group of the command's help."""
    group = p.add_argument_group("limits")
    group.add_argument(
        "--time-limit",
        type=_seconds,
        default=DEFAULT_SECONDS,
        metavar="SECONDS",
        help=f"stop after this many seconds (default {DEFAULT_SECONDS:.0f})",
    )
    add_memory_option(group)


def add_memory_option(group: Options) -> None:
    """--memory GB alone (the atlas, whose --time-limit is each game's)."""
    group.add_argument(
        "--memory",
        type=_gigabytes,
        metavar="GB",
        help=f"stop before the process's resident memory passes this (default: three quarters "
        f"of this machine's, {default_memory() / 1e9:,.1f} GB)",
    )


@dataclass(frozen=True)
class Limits:
    """A command's limits: seconds and resident bytes (memory_option: the command takes
    --memory to change it)."""

    seconds: float
    memory: int
    memory_option: bool = True


#: No limits: the progress line alone (for a command without --time-limit, like the atlas).
UNLIMITED = Limits(seconds=math.inf, memory=1 << 62)


def limits_from(args: argparse.Namespace) -> Limits | None:
    """The limits the command line gave (defaults filled in), or None for a command without."""
    if not hasattr(args, "time_limit") or not hasattr(args, "memory"):
        return None
    return Limits(seconds=args.time_limit, memory=memory_from(args))


def memory_from(args: argparse.Namespace) -> int:
    """The memory limit in bytes: --memory, else the default (three quarters of the machine)."""
    memory = getattr(args, "memory", None)
    return default_memory() if memory is None else int(memory * 1e9)


#: The part of --memory the watcher keeps free: the command stops once its resident memory
#: passes the rest (it grows on while it stops).
HEADROOM = 0.04


def _would_pass(last: int, size: int, limit: int) -> bool:
    """Whether memory at size (last a tick before) is past the limit less its headroom, or
    grows fast enough to pass the limit before the next look.

    >>> _would_pass(100, 950, 1000), _would_pass(900, 950, 1000), _would_pass(400, 700, 1000)
    (True, False, False)
    """
    return size > limit * (1 - HEADROOM) or size + max(0, size - last) > limit


class Watch:
    """While inside, watch the limits (and draw the progress line on a terminal).

    After an interrupt, ``stopped`` names the limit that was reached and ``how_far`` the
    status at that moment; ``message`` is the line to print.
    """

    def __init__(
        self,
        limits: Limits,
        stream: TextIO | None = None,
        status: Status = STATUS,
        *,
        may_end_process: bool = False,
    ) -> None:
        self.limits, self.status = limits, status
        self.may_end_process = may_end_process
        self.stream = sys.stderr if stream is None else stream
        self.stopped: str | None = None
        self.how_far = ""
        self.advice = ""
        self.peak = 0
        self._logged_at = 0.0
        self._done = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        self._may_interrupt = threading.current_thread() is threading.main_thread()

    def __enter__(self) -> Watch:
        # on the command line the clock starts with the process (its start-up and imports
        # count against --time-limit); called in-process, with the watch
        self.status.started = time.monotonic() - (process_seconds() if self.may_end_process else 0)
        self.status.unfinished = ""
        self._memory = using_at_most(self.limits.memory)
        self._memory.__enter__()
        self._refusing = on_memory_limit(self._refused)
        self._refusing.__enter__()
        finite = math.isfinite(self.limits.seconds)
        self._deadline = until(self.status.started + self.limits.seconds if finite else None)
        self._deadline.__enter__()
        if self._may_interrupt:  # a signal of its own: SIGINT may be ignored (a background job)
            self._saved = signal.signal(STOP_SIGNAL, _stop_here)
        self._thread = threading.Thread(target=self._watch, name="devilcoins-limits", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop watching (the thread ends, the memory limit is lifted); safe to call twice."""
        with self._lock:
            self._done.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
            self._deadline.__exit__(None, None, None)
            self._refusing.__exit__(None, None, None)
            self._memory.__exit__(None, None, None)
            if self._may_interrupt:
                signal.signal(STOP_SIGNAL, self._saved)

    def message(self) -> str:
        """The one line a stop prints: the limit, how far the work got and what to try."""
        took = time.monotonic() - self.status.started
        where = f" while {self.how_far}" if self.how_far else ""
        if self.stopped == "time":
            reached = f"the time limit ({self.limits.seconds:g} s)"
            hint = "give it longer with --time-limit SECONDS, or ask for a smaller game"
        else:
            reached = f"the memory limit ({self.limits.memory / 1e9:,.1f} GB resident)"
            hint = (
                "allow more with --memory GB, or ask for a smaller game"
                if self.limits.memory_option
                else "ask for fewer or smaller games"
            )
        advice = f"; {self.advice}" if self.advice else ""
        return f"stopped at {reached} after {took:,.1f} s{where}; {hint}{advice}"

    def interrupted(self, word: str = "interrupted") -> str:
        """The line Ctrl-C prints: word alone, or, once the work has run past SHOW_AFTER (its
        progress line shown on a terminal), word with how far it got, as a stop at a limit
        says it ('interrupted after 7.2 s while solving ...: at least 34 moves proved, a
        strategy of 63 found')."""
        took = time.monotonic() - self.status.started
        if took <= SHOW_AFTER or not self.status.unfinished:
            return word
        return f"{word} after {took:,.1f} s while {self.status.unfinished}"

    def _refused(self) -> None:
        """An allocation would pass the memory limit (``core.resources.reserve``, in the
        command's thread): the command stops there, as the watcher stops it at the limit."""
        if not self._may_interrupt or threading.current_thread() is not threading.main_thread():
            return  # another thread's work: reserve's refusal alone
        with self._lock:
            if self._done.is_set():
                return
            self.stopped, self.how_far = "memory", self.status.text()
            self.advice = self.status.advice
            self._done.set()  # the watcher ends (its line erased) before the stop is said
        if self._thread is not None:
            self._thread.join()
        raise KeyboardInterrupt

    def _watch(self) -> None:
        """The watcher thread: look at the clock and the memory until the command ends."""
        last = resident_bytes()
        try:
            while not self._done.wait(TICK):
                took = time.monotonic() - self.status.started
                size = resident_bytes()
                self.peak = max(self.peak, size)
                if took + TICK / 2 > self.limits.seconds:
                    self._stop("time")
                    return
                if _would_pass(last, size, self.limits.memory):
                    self._stop("memory")
                    return
                last = size
                if took > SHOW_AFTER:
                    self._draw(took, size)
                self._log(took)
        finally:
            self._erase()

    def _stop(self, why: str) -> None:
        """Interrupt the command; end the process if it does not stop within its grace."""
        with self._lock:
            if self._done.is_set():
                return
            self.stopped, self.how_far = why, self.status.text()
            self.advice = self.status.advice
            self._erase()
            if not self._may_interrupt:
                return
            _thread.interrupt_main(STOP_SIGNAL)
        if not self._done.wait(grace(self.limits.seconds)) and self.may_end_process:  # stuck
            remove_unfinished()
            self.stream.write(f"devilcoins: error: {self.message()}\n")
            self.stream.flush()
            os._exit(EXIT_LIMIT)

    def _draw(self, took: float, size: int) -> None:
        """Show or update the progress line (a terminal only, and not while hidden)."""
        if self.status.hidden or not getattr(self.stream, "isatty", lambda: False)():
            self._erase()
            return
        if self._progress is None:
            from rich.console import Console
            from rich.progress import Progress, SpinnerColumn, TextColumn
            from rich.table import Column

            self._progress = Progress(
                SpinnerColumn(),
                TextColumn("{task.fields[extra]}", table_column=Column(no_wrap=True, min_width=17)),
                TextColumn("{task.description}", table_column=Column(no_wrap=True, ratio=1)),
                console=Console(file=self.stream),
                transient=True,
            )
            self._progress.start()
            self._task = self._progress.add_task("", total=None, extra="")
        assert self._task is not None
        status = self.status
        of = f"/{self.limits.seconds:g}" if math.isfinite(self.limits.seconds) else ""
        self._progress.update(
            self._task,
            description=status.text() or "working",
            extra=f"{took:,.0f}{of} s {size / 1e9:,.2f} GB",
        )

    def _log(self, took: float) -> None:
        """Print the status as a plain line every LOG_EVERY seconds, when it is logged and the
        stream is not a terminal (where the progress line shows it)."""
        status = self.status
        if not status.logged or status.hidden or took - self._logged_at < LOG_EVERY:
            return
        if getattr(self.stream, "isatty", lambda: False)():
            return
        self._logged_at = took
        of = f" of {self.limits.seconds:g}" if math.isfinite(self.limits.seconds) else ""
        self.stream.write(f"devilcoins: {status.text() or 'working'} at {took:,.0f}{of} s\n")
        self.stream.flush()

    def _erase(self) -> None:
        """Take the progress line away."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None
