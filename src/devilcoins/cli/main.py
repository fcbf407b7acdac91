"""The ``devilcoins`` command: a thin shell over the library.

Usage errors print one line and exit with status 2; an interrupt exits with status 130.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from devilcoins.cli.common import EXIT_INTERRUPTED, EXIT_USAGE
from devilcoins.cli.games import add_game_options, game_from
from devilcoins.cli.progress import announce_compiling
from devilcoins.cli.registry import COMMANDS
from devilcoins.core.errors import DevilcoinsError

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"devilcoins: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    from devilcoins import __version__

    parser = _Parser(
        prog="devilcoins",
        description="Solve the Devil and the Coin Flip Game exactly: shortest blind strategies, "
        "proofs that none exist, belief tables and games against the Devil.",
    )
    parser.add_argument("--version", action="version", version=f"devilcoins {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for command in COMMANDS.values():
        p = sub.add_parser(command.name, help=command.help, description=command.description)
        command.add_arguments(p)
        if command.run_game is not None:
            add_game_options(p)
    return parser


def _run(args: argparse.Namespace) -> int:
    """Run the command args name; with any game option given, the general engine answers."""
    command = COMMANDS[args.command]
    if command.run_game is not None and (game := game_from(args)) is not None:
        return command.run_game(args, game)
    return command.run(args)


def main(argv: list[str] | None = None) -> int:
    """Run the devilcoins command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error already printed
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    try:
        with announce_compiling(sys.stderr):
            return _run(args)
    except DevilcoinsError as err:
        print(f"devilcoins: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("devilcoins: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
