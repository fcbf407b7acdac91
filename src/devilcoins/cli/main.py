"""The ``devilcoins`` command: a thin shell over the library.

Usage errors print one line and exit with status 2; an interrupt exits with status 130.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import NoReturn

from devilcoins.cli.common import EXIT_INTERRUPTED, EXIT_USAGE, UsageError
from devilcoins.cli.games import DEVIL_MOVES_COMMANDS, add_game_options, game_from
from devilcoins.cli.progress import announce_compiling
from devilcoins.cli.registry import COMMANDS
from devilcoins.core.errors import DevilcoinsError, did_you_mean

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(
            EXIT_USAGE, f"devilcoins: error: {_suggest(message)} (see '{self.prog} --help')\n"
        )


def _suggest(message: str) -> str:
    """argparse's message for a bad choice, with the closest choice suggested."""
    bad = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
    if bad is None:
        return message
    return message + did_you_mean(bad.group(1), re.findall(r"'([^']*)'", bad.group(2)))


def _command_parser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The subcommand's own parser (its options, its prog 'devilcoins solve')."""
    for action in parser._subparsers._group_actions if parser._subparsers else []:
        chosen = getattr(action, "choices", None) or {}
        if name in chosen:
            return chosen[name]  # type: ignore[no-any-return]
    return parser


def _unrecognized(parser: argparse.ArgumentParser, extras: list[str]) -> str:
    """'unrecognized arguments: --jsn (did you mean '--json'?)' for parser's options."""
    options = list(parser._option_string_actions)
    hints = "".join(
        did_you_mean(extra.split("=", 1)[0], options) for extra in extras if extra.startswith("-")
    )
    return f"unrecognized arguments: {' '.join(extras)}{hints}"


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
    if command.run_first is not None and (code := command.run_first(args)) is not None:
        return code
    if command.run_game is not None and (game := game_from(args)) is not None:
        if game.devil_moves is not None and command.name not in DEVIL_MOVES_COMMANDS:
            raise UsageError(
                f"{command.name} does not play a Devil restricted to --devil-moves yet; "
                f"{' and '.join(DEVIL_MOVES_COMMANDS)} do"
            )
        return command.run_game(args, game)
    return command.run(args)


def main(argv: list[str] | None = None) -> int:
    """Run the devilcoins command line; return the exit status."""
    parser = build_parser()
    if not (sys.argv[1:] if argv is None else argv):
        parser.print_help()  # no command: the help, as 'devilcoins --help' prints it
        return 0
    try:
        args, extras = parser.parse_known_args(argv)
        if extras:
            command = _command_parser(parser, args.command)
            command.error(_unrecognized(command, extras))
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
