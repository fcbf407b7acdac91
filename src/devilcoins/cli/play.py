"""``devilcoins play N``: one game of a blind game against a random, greedy, scripted or
adversarial Devil, traced move by move (the one play loop, ``devilcoins.playing``)."""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    coins_count,
    counted,
    emit_json,
    read_text,
)
from devilcoins.cli.games import game_from, read_moves, too_large
from devilcoins.cli.strategies import add_strategy_options
from devilcoins.core.errors import DevilcoinsError, TooLarge
from devilcoins.core.game import Game
from devilcoins.results import describe

if TYPE_CHECKING:
    import numpy as np

    from devilcoins.playing import Devil

__all__ = ["COMMAND"]


def add_arguments(p: Options) -> None:
    """N, --start, --devil, --devil-turns, then --seed, --strategy and --json."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of positions (coins)")
    p.add_argument(
        "--start",
        metavar="STATE",
        help="the starting state such as HTTH (default: drawn at random, outside the goal)",
    )
    p.add_argument(
        "--devil",
        choices=("random", "greedy", "adversarial"),
        default="random",
        help="'random' (default) turns at random; 'greedy' keeps the goal away from the next "
        "move when it can; 'adversarial' knows the strategy and keeps the game where the goal "
        "cannot show when it can (its certificate), else plays the worst line exact propagation "
        "finds",
    )
    p.add_argument(
        "--devil-turns",
        metavar="FILE",
        help="the Devil's turns from FILE ('-' for stdin): a counterexample from 'verify "
        "--counterexample' or 'verify --json', a JSON list, numbers r separated by spaces, or "
        "permutations separated by ';'; the game starts from the file's start unless --start is "
        "given",
    )
    add_strategy_options(p, "play")


def _moves(args: argparse.Namespace, game: Game) -> list[int]:
    """The moves to play: from --strategy FILE, else the solver's strategy."""
    from devilcoins import engine

    if args.strategy:
        return read_moves(game, args.strategy)
    try:
        verdict = engine.solve(game)
    except TooLarge as err:
        raise too_large(game, err, "play") from None
    if verdict.strategy is None:
        raise UsageError(
            f"no strategy wins {describe(game)} ({verdict.method}); give one to play with "
            "--strategy FILE"
        )
    return list(verdict.strategy)


def _start(args: argparse.Namespace, game: Game, rng: np.random.Generator) -> int:
    """--start, or a random state outside the goal (the first drawn, when all are goal)."""
    if args.start:
        try:
            return game.parse_state(args.start)
        except DevilcoinsError as err:
            raise UsageError(f"--start: {err}") from None
    for _ in range(64):
        x = int(rng.integers(game.states))
        if not game.in_goal(x):
            return x
    return x


def _scripted(
    args: argparse.Namespace, game: Game, moves: Sequence[int]
) -> tuple[int | None, Devil]:
    """(the file's start, the Devil playing its turns) from --devil-turns."""
    from devilcoins.devil import scripted

    if args.devil != "random":
        raise UsageError("--devil-turns and --devil both choose the turns; use one")
    if args.devil_turns == "-" and args.strategy == "-":
        raise UsageError("--strategy and --devil-turns cannot both read stdin; give one a file")
    name = "stdin" if args.devil_turns == "-" else args.devil_turns
    try:
        start, turns = game.parse_turns(read_text(args.devil_turns, "turns"))
    except DevilcoinsError as err:
        raise UsageError(f"{name}: {err}") from None
    if len(turns) < len(moves):
        raise UsageError(
            f"{name} has {counted(len(turns), 'turn')} but the strategy has "
            f"{counted(len(moves), 'move')}; give a turn for every move"
        )
    return start, scripted(game, turns)


def _devil(
    args: argparse.Namespace, game: Game, moves: list[int], rng: np.random.Generator
) -> tuple[int, Devil, str]:
    """(the start, the Devil, who he is): from --devil-turns, or --devil."""
    from devilcoins.devil import adversary, greedy_devil, random_devil

    if args.devil_turns:
        start, devil = _scripted(args, game, moves)
        x = _start(args, game, rng) if args.start or start is None else start
        return x, devil, f"the Devil's turns from {args.devil_turns}"
    if args.devil == "random":
        return _start(args, game, rng), random_devil(game, rng), "a random Devil"
    try:
        if args.devil == "greedy":
            return _start(args, game, rng), greedy_devil(game), "a greedy Devil"
        if game.is_coins and game.n > 20:
            return _coin_certificate(args, game, rng)
        found = adversary(game, moves, _start(args, game, rng) if args.start else None)
    except TooLarge as err:
        raise too_large(game, err, "play") from None
    except DevilcoinsError as err:
        raise UsageError(str(err)) from None
    plan = (
        "it keeps the game where the goal cannot show: its certificate"
        if found.plan == "certificate"
        else "it plays the line exact propagation finds"
        + ("" if found.survives else f", and the strategy still wins at move {found.won_at}")
    )
    return found.start, found.devil, f"an adversarial Devil ({plan})"


def _coin_certificate(
    args: argparse.Namespace, game: Game, rng: np.random.Generator
) -> tuple[int, Devil, str]:
    """Past the tables, the coin game's adversary: the Devil's certificate (N with an odd
    prime factor), which needs no tables."""
    from devilcoins.coins.certificate import certificate
    from devilcoins.core.numbers import is_power_of_two

    if is_power_of_two(game.n):
        raise UsageError(
            f"the adversarial Devil plans by exact propagation up to N = 20; {game.n} coins is "
            "a power of 2, so it has no certificate: use the random or greedy Devil"
        )
    cert = certificate(game.n)
    x = _start(args, game, rng) if args.start else cert.start().tails_mask
    if not cert.safe(x):
        raise UsageError(
            f"the certificate keeps the coins out of all heads from starts in its set; "
            f"{game.state_text(x)} is not one: leave --start out"
        )
    return (
        x,
        cert.devil(),
        "an adversarial Devil (it keeps some evenly spaced coins from all matching: its "
        "certificate)",
    )


def run(args: argparse.Namespace) -> int:
    """devilcoins play N."""
    from devilcoins.playing import play

    game = game_from(args)
    if game.observe != "blind":
        raise UsageError(
            f"play shows blind games; the {game.observe} game's strategy is a tree: see "
            "'devilcoins solve' with the same options"
        )
    moves = _moves(args, game)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    import numpy as np

    rng = np.random.default_rng(seed)
    x, devil, against = _devil(args, game, moves, rng)
    try:
        steps = play(game, moves, x, devil)
    except DevilcoinsError as err:
        raise UsageError(str(err)) from None
    final = steps[-1].after if steps else x
    won = game.in_goal(final)
    if args.json:
        data = {
            "game": str(game),
            "start": game.state_text(x),
            "devil": args.devil if not args.devil_turns else "turns",
            "won": won,
            "moves": len(steps),
            "final": game.state_text(final),
            "trace": [step.to_json(game) for step in steps],
        }
        if args.devil == "random" and not args.devil_turns:
            data["seed"] = seed
        emit_json(data)
        return 0
    seeded = f" (seed {seed})" if args.devil == "random" and not args.devil_turns else ""
    print(
        f"Playing {counted(len(moves), 'move')} for {describe(game)} from {game.state_text(x)} "
        f"against {against}{seeded}:"
    )
    for step in steps:
        print(step.text(game))
    if won:
        print(f"Won: the goal after move {len(steps)}." if steps else "Won before any move.")
    else:
        print(f"Lost: the strategy ran out of moves with {game.state_text(final)} on the table.")
    return 0


COMMAND = Command(
    name="play",
    help="play a strategy against a random, greedy, scripted or adversarial Devil",
    description="Play one game, traced move by move: the state, the table after the Devil's "
    "turn, the move and the result, every state as it lies on the table.",
    add_arguments=add_arguments,
    run=run,
    takes_game=True,
)
