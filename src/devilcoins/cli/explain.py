"""``devilcoins explain N``: how the game was settled, in words (for the coin game the recursive
structure of the strategy, or why the Devil wins), agreeing with solve."""

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
    """devilcoins explain N."""
    from devilcoins import explanation

    game = game_from(args)
    with refusing_too_large(game, "explain"):
        found = explanation(game)
    if args.json:
        emit_json(found.to_json())
    else:
        sys.stdout.write(found.text)
    return 0 if found.verdict.holds else 1


COMMAND = Command(
    name="explain",
    help="how the game was settled, in words (coins: the strategy's recursion, or why the "
    "Devil wins)",
    description="Explain how the engine settled the game: the chain construction level by "
    "level, the states the Devil can keep the game in (his certificate), the belief search or "
    "the strategy tree. For the coin game "
    "the recursive structure of the strategy, the same/different pattern of opposite coins and "
    "the belief table move by move (N = 2, 4, 8 in full; 16 and on in summary), or why the "
    "Devil wins.",
    add_arguments=add_arguments,
    run=run,
    takes_game=True,
)
