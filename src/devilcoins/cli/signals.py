"""How the command ends on a signal: SIGINT and SIGTERM at any moment, imports included, end
with one line ('devilcoins: interrupted' / 'terminated') and exit status 130 / 143.

This module imports nothing heavy: the entry point (``devilcoins.cli.main``'s caller, the
``devilcoins`` script and ``python -m devilcoins``) installs its handler before the command's
modules (and numpy, numba, rich) are imported.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_TERMINATED",
    "Terminated",
    "ending_on_signals",
    "stand_in_for_closed_streams",
    "terminated",
]

#: The exit status after Ctrl-C (128 + 2, as a shell reports it).
EXIT_INTERRUPTED = 130

#: The exit status after SIGTERM (128 + 15, as a shell reports it).
EXIT_TERMINATED = 143


class Terminated(BaseException):
    """SIGTERM, raised in the command so that its unfinished files are removed on the way out."""


def _raise_terminated(_signum: int, _frame: object) -> None:
    raise Terminated


@contextmanager
def terminated() -> Iterator[None]:
    """While inside (in the main thread), SIGTERM raises Terminated; the old handler after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def stand_in_for_closed_streams() -> None:
    """Open /dev/null on each of the descriptors 0, 1 and 2 that is closed, so that no file the
    command opens takes its number, and give Python a stream for each: a command whose stdout
    is closed (``devilcoins solve 12 >&-``) runs quietly, as a reader of ``| head`` expects."""
    for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        if getattr(sys, name) is None:
            setattr(sys, name, open(fd, mode, closefd=False))  # noqa: SIM115


def ending_on_signals(run: Callable[[], int]) -> int:
    """run() with SIGTERM raising Terminated and SIGINT KeyboardInterrupt from the first
    moment; a signal that reaches here (during the imports, or before the command's own
    handling) is one line and its status."""
    stand_in_for_closed_streams()
    try:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.default_int_handler)
        with terminated():
            return run()
    except KeyboardInterrupt:
        print("devilcoins: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Terminated:
        print("devilcoins: terminated", file=sys.stderr)
        return EXIT_TERMINATED
