"""``devilcoins capabilities N``: what the game's family does for it (its solve routes,
certificates, checkpoints, bounds, the coach, play, how a strategy is saved) and what it refuses,
in the family's own words (``devilcoins.capabilities``); ``--all`` lists every family."""

from __future__ import annotations

import argparse

from devilcoins.cli.common import Command, Options, UsageError, coins_count, print_out
from devilcoins.cli.games import game_from
from devilcoins.cli.jsonout import emit_json

__all__ = ["COMMAND"]


def add_arguments(p: Options) -> None:
    """N, --all and --json."""
    p.add_argument(
        "n", type=coins_count, metavar="N", nargs="?", help="number of positions (coins)"
    )
    p.add_argument(
        "--all", action="store_true", help="every family of games instead (N is not read)"
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def run(args: argparse.Namespace) -> int:
    """devilcoins capabilities N: exit 0."""
    from devilcoins import capabilities, family_capabilities

    if args.n is None and not args.all:
        raise UsageError("give N (and the game's options), or --all for every family")
    found = family_capabilities() if args.all else (capabilities(game_from(args)),)
    if args.json:
        data = [c.to_json() for c in found]
        emit_json({"families": data} if args.all else data[0])
    else:
        print_out("\n\n".join(c.to_text() for c in found) + "\n")
    return 0


COMMAND = Command(
    name="capabilities",
    help="what the game's family does (solve routes, certificates, bounds, the coach, play) and "
    "what it refuses, in its words",
    description="Say what the library does for the game: its solve routes, how its strategy is "
    "saved, whether it writes certificates, keeps checkpoints, writes bounds, restricts reaches, "
    "spreads over workers, coaches, plays on the terminal or in rounds, and checks the Devil's "
    "trap; and for each thing it does not do, the sentence the commands refuse it with. Every "
    "command asks this same declaration.",
    add_arguments=add_arguments,
    run=run,
    takes_game=True,
    limited=False,
    shows_progress=False,
)
