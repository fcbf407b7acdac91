"""``devilcoins prove N``: the verdict for a game with its evidence, each piece stated or checked
now (the coin game for any N up to 10^12; the sight game for any N and M)."""

from __future__ import annotations

import argparse
import sys

from devilcoins.cli.common import Command, Options, coins_count, emit_json
from devilcoins.cli.games import game_from, refusing_too_large

__all__ = ["COMMAND"]


def add_arguments(p: Options) -> None:
    """N and --json."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of positions (coins)")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def run(args: argparse.Namespace) -> int:
    """devilcoins prove N: exit 0 when every check held, 1 when one failed."""
    from devilcoins import prove

    game = game_from(args)
    with refusing_too_large(game, "prove"):
        verdict = prove(game)
    if args.json:
        emit_json(verdict.to_json())
    else:
        sys.stdout.write(verdict.to_text())
    return 0 if verdict.holds else 1


COMMAND = Command(
    name="prove",
    help="the verdict for a game with its evidence (N coins for any N up to 10^12; the sight "
    "game for any N and M)",
    description="Say whether the game can be won and how short a strategy can be, with the "
    "evidence, each piece marked stated (an argument to read) or checked by the program now: "
    "the lower bound and the construction, the states the Devil can keep the game in (his "
    "certificate), the exact verification of "
    "the strategy, the replay of a tree. Exit status 1 when a check fails.",
    add_arguments=add_arguments,
    run=run,
    takes_game=True,
)
