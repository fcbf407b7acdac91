"""The ``devilcoins`` command: a thin shell over the library.

Usage errors print one line and exit with status 2; a stop at --time-limit or --memory prints
one line saying how far it got and exits with status 3; an interrupt exits with status 130,
SIGTERM with 143 (unfinished files removed).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from typing import NoReturn

from devilcoins.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_LIMIT,
    EXIT_USAGE,
    Options,
    writing_stdout,
)
from devilcoins.cli.games import add_game_options
from devilcoins.cli.limits import (
    UNLIMITED,
    Watch,
    add_limit_options,
    limits_from,
    memory_from,
)
from devilcoins.cli.progress import announce_compiling
from devilcoins.cli.registry import COMMANDS, NAMES, RENAMED
from devilcoins.cli.signals import EXIT_TERMINATED, Terminated, terminated
from devilcoins.core.errors import MAX_QUOTED, DevilcoinsError, did_you_mean, excerpt, quoted

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(
            EXIT_USAGE,
            f"devilcoins: error: {excerpt(_suggest(message))} (see '{self.prog} --help')\n",
        )


def _suggest(message: str) -> str:
    """argparse's message for a bad choice, with the closest choice suggested."""
    bad = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
    if bad is None:
        return message
    return message + did_you_mean(bad.group(1), re.findall(r"'([^']*)'", bad.group(2)))


def _unrecognized(options: list[str], extras: list[str]) -> str:
    """'unrecognized arguments: --jsn (did you mean '--json'?)' for a command's options."""
    hints = "".join(
        did_you_mean(extra.split("=", 1)[0][:MAX_QUOTED], options)
        for extra in extras[:5]
        if extra.startswith("-")
    )
    shown = " ".join(extra if len(extra) <= MAX_QUOTED else quoted(extra) for extra in extras[:5])
    more = f" (and {len(extras) - 5:,} more)" if len(extras) > 5 else ""
    return f"unrecognized arguments: {shown}{more}{hints}"


def build_parser(
    only: str | None = None,
) -> tuple[argparse.ArgumentParser, dict[str, tuple[_Parser, list[str]]]]:
    """The argument parser for every subcommand, and each command's parser and options; with
    only, that command's alone is built (its module imported) and the others are names."""
    from devilcoins import __version__

    parser = _Parser(
        prog="devilcoins",
        description="Solve the Devil and the Coin Flip Game exactly: shortest blind strategies, "
        "proofs that none exist, belief tables and games against the Devil; and every variant "
        "(dials, groups, hands, goals, players who touch, see or count).",
    )
    parser.add_argument("--version", action="version", version=f"devilcoins {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    commands: dict[str, tuple[_Parser, list[str]]] = {}
    for name in NAMES:
        if only is not None and name != only:
            sub.add_parser(name)  # a name to choose (and to suggest), not built
            continue
        command = COMMANDS[name]
        p = sub.add_parser(command.name, help=command.help, description=command.description)
        names: list[str] = ["-h", "--help"]
        options = Options(p, names)
        command.add_arguments(options)
        if command.takes_game:
            add_game_options(options)
        if command.limited:
            add_limit_options(options)
        commands[command.name] = (p, names)
    return parser, commands


def main(argv: list[str] | None = None) -> int:
    """Run the devilcoins command line; return the exit status."""
    words = sys.argv[1:] if argv is None else list(argv)
    if not words:
        build_parser()[0].print_help()  # no command: the help, as 'devilcoins --help' prints it
        return 0
    words = _renamed(words)
    parser, commands = build_parser(words[0] if words[0] in NAMES else None)
    try:
        args, extras = parser.parse_known_args(words)
        if extras:
            command, options = commands[args.command]
            command.error(_unrecognized(options, extras))
    except SystemExit as done:  # --help, --version, or a usage error already printed
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    chosen = COMMANDS[args.command]
    limits = limits_from(args) if chosen.limited else None
    if limits is None and chosen.shows_progress:  # the atlas: no --time-limit for the whole
        # run (its --time-limit is each game's), yet it stops at its --memory
        limits = replace(UNLIMITED, memory=memory_from(args), memory_option=hasattr(args, "memory"))
    watch = None if limits is None else Watch(limits, may_end_process=argv is None)
    try:
        with terminated(), announce_compiling(sys.stderr):
            if watch is None:
                status = chosen.run(args)
            else:
                with watch:
                    status = chosen.run(args)
            with writing_stdout():  # here, not at exit: a write that fails is an error, exit 2
                sys.stdout.flush()
            return status
    except DevilcoinsError as err:
        print(f"devilcoins: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        if watch is not None and watch.stopped:
            print(f"devilcoins: error: {watch.message()}", file=sys.stderr)
            return EXIT_LIMIT
        said = "interrupted" if watch is None else watch.interrupted()
        print(f"devilcoins: {said}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Terminated:
        print("devilcoins: terminated", file=sys.stderr)
        return EXIT_TERMINATED
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except OSError as err:  # a file system's refusal not met earlier: one line, not a traceback
        name = f"{str(err.filename)[:80]}: " if err.filename else ""
        print(f"devilcoins: error: {name}{err.strerror or err}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        if watch is not None:
            watch.close()


def _renamed(words: list[str]) -> list[str]:
    """The command line with an old command name (``RENAMED``) replaced by the new one, and a
    line on stderr saying so; the old names stay out of --help and the list of choices."""
    if words[0] not in RENAMED:
        return words
    old, new = words[0], RENAMED[words[0]]
    print(
        f"devilcoins: note: the command '{old}' is now called '{new}' (devilcoins {new} ...)",
        file=sys.stderr,
    )
    return [new, *words[1:]]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
