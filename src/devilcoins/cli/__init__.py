"""The command line: ``devilcoins COMMAND ...``, a thin shell over the library.

``main`` is the entry point: it sets how a signal ends the command (``cli.signals``) before it
imports the command line (``cli.main``) and what it needs.
"""

from __future__ import annotations

from devilcoins.cli.signals import ending_on_signals

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Run the devilcoins command line; return the exit status (a signal at any moment: one
    line, 130 or 143)."""

    def run() -> int:
        from devilcoins.cli.main import main as run_command

        return run_command(argv)

    return ending_on_signals(run)
