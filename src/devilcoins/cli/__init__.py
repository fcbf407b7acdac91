"""The command line: ``devilcoins COMMAND ...``, a thin shell over the library."""

from devilcoins.cli.main import main

__all__ = ["main"]
