"""``devilcoins explain N``: how the winning strategy works, or why the Devil wins; with game
options, the chain behind the verdict."""

from __future__ import annotations

import argparse
import sys
import textwrap

from devilcoins.cli.common import Command, UsageError, coins_count
from devilcoins.core.game import Game

__all__ = ["COMMAND", "MAX_EXPLAIN_N"]

#: The largest power of 2 explain describes (its move list has one line per coin).
MAX_EXPLAIN_N = 64


def add_arguments(p: argparse.ArgumentParser) -> None:
    """N."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of coins")


def run(args: argparse.Namespace) -> int:
    """devilcoins explain N."""
    from devilcoins.coins.construct import is_power_of_two
    from devilcoins.coins.explain import explain
    from devilcoins.coins.prove import MAX_PROVE_N

    if is_power_of_two(args.n) and args.n > MAX_EXPLAIN_N:
        raise UsageError(
            f"explain describes powers of 2 up to N = {MAX_EXPLAIN_N}; N = {args.n} is built "
            f"the same way (see 'devilcoins explain {MAX_EXPLAIN_N}' and 'devilcoins prove "
            f"{args.n}')"
        )
    if args.n > MAX_PROVE_N:
        raise UsageError(f"explain answers N up to {MAX_PROVE_N:,}, not {args.n:,}")
    sys.stdout.write(explain(args.n))
    return 0


def run_game(args: argparse.Namespace, game: Game) -> int:
    """devilcoins explain N with game options: the chain behind the verdict."""
    from devilcoins.blind.chain import chain

    c = chain(game)
    sizes = ", ".join(f"{s:,}" for s in c.sizes())
    text = [
        "Start from the goal's subgroup Z_0 and let Z_(i+1) be the states that every turn of "
        "the Devil changes only by something in Z_i: within Z_(i+1) the Devil's turns cannot "
        f"move a state from one coset of Z_i to another. Here the levels have {sizes} states.",
    ]
    if c.complete and c.goal_is_subgroup:
        steps = ", ".join(f"{game.move_text(a)} (x{p - 1})" for a, p in c.steps)
        text.append(
            f"The chain reaches all {len(c.zone):,} states, so the player wins: each level adds "
            f"moves of prime order p ({steps}); the strategy for one level is the one below, "
            "then one new move, then the one below again, p - 1 times over. That visits every "
            f"coset of the goal once: {c.length():,} moves, which no strategy can beat."
        )
    elif not c.complete:
        text.append(
            f"The chain stops at {c.sizes()[-1]:,} of {len(c.zone):,} states. From any state "
            "outside that zone, some turn of the Devil keeps the next state outside too, and the "
            "goal lies inside: the Devil never loses. 'devilcoins play' with --devil "
            "adversarial shows it."
        )
    else:
        text.append(
            "The chain reaches every state, but this game limits the moves or its goal is not a "
            "subgroup, so the exact search decides it ('devilcoins solve')."
        )
    print(f"How {game} is settled.\n")
    print("\n\n".join(textwrap.fill(t, 96) for t in text))
    return 0


COMMAND = Command(
    name="explain",
    help="how the winning strategy works (N = 2, 4, 8 in full; 16 in summary)",
    description="Explain the recursive structure of the strategy, the same/different "
    "pattern of opposite coins and the belief table move by move; for other N, why the "
    "Devil wins.",
    add_arguments=add_arguments,
    run=run,
    run_game=run_game,
)
