"""Every subcommand, in the order ``devilcoins --help`` lists them, and where each is defined.

A command's module is imported when the command is asked for (``COMMANDS[name]``), so a command
line builds the parser of its own command alone: ``devilcoins solve 4`` imports the solve
command's module and not the others.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from devilcoins.cli.common import Command

__all__ = ["COMMANDS", "NAMES", "RENAMED"]

#: Each command's name, in --help's order, with its module (``devilcoins.cli.<module>``) and the
#: name of its Command there; those with ``takes_game`` also take the game options.
_WHERE: dict[str, tuple[str, str]] = {
    "solve": ("solve", "COMMAND"),
    "table": ("table", "COMMAND"),
    "play": ("play", "COMMAND"),
    "check": ("check", "COMMAND"),
    "construct": ("construct", "CONSTRUCT"),
    "move": ("construct", "MOVE"),
    "verify": ("verify", "COMMAND"),
    "prove": ("prove", "PROVE"),
    "explain": ("prove", "EXPLAIN"),
    "draw": ("drawing", "DRAW"),
    "plot": ("drawing", "PLOT"),
    "serve": ("serve", "COMMAND"),
    "atlas": ("atlas", "COMMAND"),
    "classes": ("classes", "COMMAND"),
    "lesson": ("lesson", "COMMAND"),
}

#: The commands' names, in --help's order.
NAMES = tuple(_WHERE)

#: Old command names still accepted, each with the name it runs now (``cli.main`` notes it):
#: ``count`` was ``classes`` until the game option ``--observe count`` took the word.
RENAMED: dict[str, str] = {"count": "classes"}


class _Commands(Mapping[str, Command]):
    """The commands by name, each module imported when its command is first asked for."""

    def __getitem__(self, name: str) -> Command:
        module, attribute = _WHERE[name]
        command: Command = getattr(import_module(f"devilcoins.cli.{module}"), attribute)
        return command

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


#: The commands by name (a mapping that imports a command's module when it is asked for).
COMMANDS: Mapping[str, Command] = _Commands()
