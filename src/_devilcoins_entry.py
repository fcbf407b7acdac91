"""The ``devilcoins`` command's entry point, outside the package so that it runs first.

Importing ``devilcoins.cli`` imports the ``devilcoins`` package before any of its code could
install a signal handler, so a Ctrl-C in those first milliseconds ended in a traceback. This
module imports only ``os``, ``signal`` and ``sys``: it makes a signal that arrives while the
command line is still being imported end the process with one line ('devilcoins: interrupted',
status 130; 'devilcoins: terminated', 143). Then ``devilcoins.cli.main`` takes over, with
handlers that remove unfinished files.
"""

from __future__ import annotations

import os
import signal

__all__ = ["main"]

#: What each signal prints and the status it ends with, until the command line takes over.
ENDINGS = {signal.SIGINT: ("interrupted", 130), signal.SIGTERM: ("terminated", 143)}


def _end_now(signum: int, _frame: object) -> None:
    """End the process at once: nothing has been written yet, so nothing needs removing."""
    word, status = ENDINGS[signal.Signals(signum)]
    try:
        os.write(2, f"devilcoins: {word}\n".encode())
    finally:
        os._exit(status)


def main() -> int:
    """Run the devilcoins command line on sys.argv; return its exit status.

    >>> callable(main)
    True
    """
    for signum in ENDINGS:
        signal.signal(signum, _end_now)
    from devilcoins.cli import main as run_command_line

    return run_command_line()
