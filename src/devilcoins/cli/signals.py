"""How the command ends on a signal: SIGINT and SIGTERM at any moment, imports included, end
with one line ('devilcoins: interrupted' / 'terminated') and exit status 130 / 143.

This module imports nothing heavy: the entry point (``devilcoins.cli.main``'s caller, the
``devilcoins`` script and ``python -m devilcoins``) installs its handler before the command's
modules (and numpy, numba, rich) are imported.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["EXIT_INTERRUPTED", "EXIT_TERMINATED", "Terminated", "ending_on_signals", "terminated"]

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


def ending_on_signals(run: Callable[[], int]) -> int:
    """run() with SIGTERM raising Terminated from the first moment; a signal that reaches here
    (during the imports, or before the command's own handling) is one line and its status."""
    try:
        with terminated():
            return run()
    except KeyboardInterrupt:
        print("devilcoins: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Terminated:
        print("devilcoins: terminated", file=sys.stderr)
        return EXIT_TERMINATED
