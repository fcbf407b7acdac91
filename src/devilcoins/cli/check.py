"""``devilcoins check N``: a strategy tested by random play (the notebook's probably_wins) and
decided by exact belief propagation."""

from __future__ import annotations

import argparse
import random

from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    coins_count,
    positive,
)
from devilcoins.cli.jsonout import emit_json
from devilcoins.cli.strategies import add_strategy_options, strategy_for
from devilcoins.results import counted

__all__ = ["COMMAND", "MAX_PLAY_STEPS"]

#: Coin steps (one game, one move) that check's random play takes on: about a minute.
MAX_PLAY_STEPS = 5 * 10**8


def add_arguments(p: Options) -> None:
    """N, --games, then --seed, --strategy and --json."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of coins")
    p.add_argument(
        "--games",
        type=positive,
        default=1000,
        metavar="K",
        help="games per starting sequence (default 1000)",
    )
    add_strategy_options(p, "check")


def _check_size(args: argparse.Namespace, starts: int, moves: int) -> None:
    """Refuse random play past MAX_PLAY_STEPS coin steps, saying how many games would do."""
    steps = starts * args.games * moves
    if steps > MAX_PLAY_STEPS:
        fewer = max(1, MAX_PLAY_STEPS // (starts * moves))
        raise UsageError(
            f"{args.games:,} games from each of {starts:,} starts over {moves:,} moves "
            f"is up to {steps:.1e} coin steps, more than check plays ({MAX_PLAY_STEPS:.0e}); "
            f"use --games {fewer:,} or fewer"
        )


def run(args: argparse.Namespace) -> int:
    """devilcoins check N."""
    from devilcoins import canonical_count, verify
    from devilcoins.cli.progress import reporter
    from devilcoins.notebook import probably_wins

    strategy = strategy_for(args)
    starts = canonical_count(args.n)
    _check_size(args, starts, len(strategy))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    with reporter("random play", total=len(strategy)) as rep:
        sampled = probably_wins(
            strategy,
            args.n,
            k=args.games,
            rng=seed,
            on_progress=lambda done, _total: rep.reach(done),
        )
    with reporter("exact check", total=len(strategy)) as rep:
        exact = verify(
            args.n,
            strategy,
            on_progress=lambda done, _total: rep.reach(done),
        )
    if args.json:
        emit_json(
            {
                "coins": args.n,
                "moves": len(strategy),
                "games_per_start": args.games,
                "seed": seed,
                "probably_wins": sampled,
                "wins": exact.wins,
                "won_at": exact.won_at,
                "seconds": round(exact.seconds, 6),
            }
        )
        return 0 if exact.wins else 1
    print(
        f"Random Devil: {args.games:,} games from each of the {starts:,} canonical starts "
        f"(seed {seed}): {'all won' if sampled else 'at least one lost'}."
    )
    if exact.wins:
        print(
            f"Exact check: the strategy wins against every Devil; the belief is all heads "
            f"after move {exact.won_at} of {len(strategy):,}."
        )
    else:
        print(
            f"Exact check: the strategy does NOT always win; {exact.sizes[-1]:,} canonical "
            f"sequences are still possible after its {counted(len(strategy), 'move')}."
        )
    return 0 if exact.wins else 1


COMMAND = Command(
    name="check",
    help="test a strategy by random play (the notebook's probably_wins) "
    "and by exact belief propagation",
    description="Play K games from every canonical start against a random "
    "Devil, then decide the question exactly by propagating the belief (exit status 1 when "
    "the strategy does not always win).",
    add_arguments=add_arguments,
    run=run,
)
