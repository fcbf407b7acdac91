"""Every subcommand, in the order ``devilcoins --help`` lists them."""

from __future__ import annotations

from devilcoins.cli import (
    atlas,
    check,
    classes,
    construct,
    drawing,
    play,
    prove,
    serve,
    solve,
    table,
    verify,
)
from devilcoins.cli.common import Command

__all__ = ["COMMANDS", "RENAMED"]

#: The commands by name; those with ``run_game`` also take the game options.
COMMANDS: dict[str, Command] = {
    c.name: c
    for c in (
        solve.COMMAND,
        table.COMMAND,
        play.COMMAND,
        check.COMMAND,
        construct.CONSTRUCT,
        construct.MOVE,
        verify.COMMAND,
        prove.PROVE,
        prove.EXPLAIN,
        drawing.DRAW,
        drawing.PLOT,
        serve.COMMAND,
        atlas.COMMAND,
        classes.COMMAND,
    )
}

#: Old command names still accepted, each with the name it runs now (``cli.main`` notes it).
RENAMED: dict[str, str] = {classes.OLD_NAME: classes.COMMAND.name}
