"""Every subcommand, in the order ``devilcoins --help`` lists them, and where each is defined.

A command's module is imported when the command is asked for (``COMMANDS[name]``), so a command
line builds the parser of its own command alone: ``devilcoins solve 4`` imports the solve
command's module and not the others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from devilcoins.cli.common import Command

__all__ = ["COMMANDS", "NAMES", "RENAMED"]


def _solve() -> Command:
    from devilcoins.cli.solve import COMMAND

    return COMMAND


def _table() -> Command:
    from devilcoins.cli.table import COMMAND

    return COMMAND


def _play() -> Command:
    from devilcoins.cli.play import COMMAND

    return COMMAND


def _check() -> Command:
    from devilcoins.cli.check import COMMAND

    return COMMAND


def _construct() -> Command:
    from devilcoins.cli.construct import CONSTRUCT

    return CONSTRUCT


def _move() -> Command:
    from devilcoins.cli.construct import MOVE

    return MOVE


def _verify() -> Command:
    from devilcoins.cli.verify import COMMAND

    return COMMAND


def _prove() -> Command:
    from devilcoins.cli.prove import PROVE

    return PROVE


def _explain() -> Command:
    from devilcoins.cli.prove import EXPLAIN

    return EXPLAIN


def _draw() -> Command:
    from devilcoins.cli.drawing import DRAW

    return DRAW


def _plot() -> Command:
    from devilcoins.cli.drawing import PLOT

    return PLOT


def _serve() -> Command:
    from devilcoins.cli.serve import COMMAND

    return COMMAND


def _atlas() -> Command:
    from devilcoins.cli.atlas import COMMAND

    return COMMAND


def _classes() -> Command:
    from devilcoins.cli.classes import COMMAND

    return COMMAND


def _capabilities() -> Command:
    from devilcoins.cli.capabilities import COMMAND

    return COMMAND


def _lesson() -> Command:
    from devilcoins.cli.lesson import COMMAND

    return COMMAND


#: Each command's name, in --help's order, with the function that imports its module and
#: gives its Command (each names its module and its Command: a rename fails the type check).
_WHERE: dict[str, Callable[[], Command]] = {
    "solve": _solve,
    "table": _table,
    "play": _play,
    "check": _check,
    "construct": _construct,
    "move": _move,
    "verify": _verify,
    "prove": _prove,
    "explain": _explain,
    "draw": _draw,
    "plot": _plot,
    "serve": _serve,
    "atlas": _atlas,
    "classes": _classes,
    "lesson": _lesson,
    "capabilities": _capabilities,
}

#: The commands' names, in --help's order.
NAMES = tuple(_WHERE)

#: Old command names still accepted, each with the name it runs now (``cli.main`` notes it):
#: ``count`` was ``classes`` until the game option ``--observe count`` took the word.
RENAMED: dict[str, str] = {"count": "classes"}


class _Commands(Mapping[str, Command]):
    """The commands by name, each module imported when its command is first asked for."""

    def __getitem__(self, name: str) -> Command:
        return _WHERE[name]()

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


#: The commands by name (a mapping that imports a command's module when it is asked for).
COMMANDS: Mapping[str, Command] = _Commands()
