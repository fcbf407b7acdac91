"""``devilcoins play N``: one game against a random, scripted or adversarial Devil, traced move
by move; with game options, a blind game of the general engine."""

from __future__ import annotations

import argparse
import random
import textwrap

import numpy as np

from devilcoins.cli.common import Command, UsageError, coins_count, counted, emit_json, read_text
from devilcoins.cli.games import read_moves
from devilcoins.cli.strategies import add_strategy_options, strategy_for
from devilcoins.coins.devil import Devil as CoinDevil
from devilcoins.coins.notation import Coins, NotationError, Strategy
from devilcoins.core.game import Game
from devilcoins.playing import Devil

__all__ = ["COMMAND"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """N, --start, --devil, --devil-turns, then --seed, --strategy and --json."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of coins")
    p.add_argument(
        "--start", metavar="COINS", help="starting coins such as HTTH (default: drawn at random)"
    )
    p.add_argument(
        "--devil",
        choices=("random", "adversarial"),
        default="random",
        help="'random' (default) turns at random; 'adversarial' knows the strategy and plays "
        "its certificate or the worst line exact propagation finds",
    )
    p.add_argument(
        "--devil-turns",
        metavar="FILE",
        help="the Devil's turns from FILE ('-' for stdin): a counterexample from 'verify --json' "
        "or 'verify --counterexample', a JSON list, or numbers separated by spaces; the game "
        "starts from the file's start unless --start is given",
    )
    add_strategy_options(p, "play")


# --- the coin game -----------------------------------------------------------------------------


def _start_coins(args: argparse.Namespace, rng: np.random.Generator) -> Coins:
    """--start, or random coins that are not all heads."""
    if args.start is None:
        tails = int(rng.integers(1, 1 << args.n))
        return Coins.from_mask(tails, args.n)
    coins = Coins(args.start)
    if coins.n != args.n:
        raise UsageError(f"--start {args.start} has {coins.n} coins but N = {args.n}")
    return coins


def _devil_for(
    args: argparse.Namespace, strategy: Strategy, rng: np.random.Generator
) -> tuple[Coins, CoinDevil | None, bool, str]:
    """(start coins, devil function or None for random, canonical display, a header line)."""
    from devilcoins.coins.devil import adversary, scripted
    from devilcoins.coins.notation import Counterexample

    if args.devil_turns and args.devil == "adversarial":
        raise UsageError("--devil-turns and --devil adversarial both choose the turns; use one")
    if args.devil_turns == "-" and args.strategy == "-":
        raise UsageError("--strategy and --devil-turns cannot both read stdin; give one a file")
    if args.devil_turns:
        try:
            script = Counterexample.parse(read_text(args.devil_turns, "turns"), args.n)
        except NotationError as err:
            raise UsageError(f"{args.devil_turns}: {err}") from None
        if len(script.turns) < len(strategy):
            raise UsageError(
                f"{args.devil_turns} has {counted(len(script.turns), 'turn')} but the strategy "
                f"has {counted(len(strategy), 'move')}; give a turn for every move"
            )
        start = _start_coins(args, rng) if args.start or script.start is None else script.start
        return (
            start,
            scripted(script.turns),
            False,
            "the Devil's turns from "
            + ("stdin:" if args.devil_turns == "-" else f"{args.devil_turns}:"),
        )
    if args.devil == "adversarial":
        adv = adversary(strategy, args.n, _start_coins(args, rng) if args.start else None)
        text = textwrap.fill(adv.explanation, 96)
        return adv.start, adv.devil, False, f"an adversarial Devil:\n{text}"
    return _start_coins(args, rng), None, True, "a random Devil"


def run(args: argparse.Namespace) -> int:
    """devilcoins play N."""
    from devilcoins.coins.notebook import play

    scripted = args.devil != "random" or args.devil_turns
    strategy = strategy_for(args, widest=64 if scripted else None)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    rng = np.random.default_rng(seed)
    start, devil, canonical, against = _devil_for(args, strategy, rng)
    lines: list[str] = []
    final = play(
        strategy, start, verbose=True, rng=rng, devil=devil, out=lines.append, canonical=canonical
    )
    moves_used = len(lines)
    kind = "random" if not scripted else ("turns" if args.devil_turns else "adversarial")
    if args.json:
        data = {
            "coins": args.n,
            "start": start,
            "devil": kind,
            "won": final.all_heads,
            "moves": moves_used,
            "final": final,
            "trace": lines,
        }
        if kind == "random":
            data["seed"] = seed
        emit_json(data)
        return 0
    if kind == "random":
        against += f" (seed {seed}):"
    print(
        f"Playing a {len(strategy):,}-move strategy for {counted(args.n, 'coin')} from {start} "
        f"against {against}"
    )
    print("\n".join(lines))
    if final.all_heads:
        print(
            f"Won: all heads after move {moves_used}."
            if moves_used
            else "Won before any move: the coins started all heads."
        )
    else:
        print(f"Lost: the strategy ran out of moves with {final} on the table.")
    return 0


# --- games with game options -------------------------------------------------------------------


def _game_moves(args: argparse.Namespace, game: Game) -> np.ndarray:
    """The moves to play: from --strategy FILE, else the solver's strategy."""
    from devilcoins import engine

    if game.observe != "blind":
        raise UsageError(
            f"play shows blind games; the {game.observe} game's strategy is a tree: see "
            "'devilcoins solve' with the same options"
        )
    if args.strategy:
        return read_moves(game, args.strategy)
    verdict = engine.solve(game)
    if verdict.strategy is None:
        raise UsageError(f"no strategy wins {game}; give one to play with --strategy FILE")
    return np.array(verdict.strategy, dtype=np.int64)


def _game_devil(
    args: argparse.Namespace,
    game: Game,
    moves: np.ndarray,
    x: int,
    rng: np.random.Generator,
) -> tuple[int, Devil]:
    """(the start, the Devil): scripted by --devil-turns, adversarial, or random."""
    from devilcoins.devil import adversary, certificate_devil, random_devil, scripted

    if args.devil_turns:
        if args.devil == "adversarial":
            raise UsageError("--devil-turns and --devil adversarial both choose the turns")
        start, script = _read_turns(game, args.devil_turns, len(moves))
        if args.start is None and start is not None:
            x = start
        return x, scripted(game, script)
    if args.devil == "adversarial":
        cert = certificate_devil(game)
        if cert is not None and args.start is not None and cert[1][x]:
            raise UsageError(
                f"the adversarial Devil's certificate needs a start outside its zone; "
                f"{game.state_text(x)} is inside"
            )
        found = adversary(game, moves, None if args.start is None else x)
        return found.start, found.devil
    return x, random_devil(game, rng)


def run_game(args: argparse.Namespace, game: Game) -> int:
    """devilcoins play N with game options (blind games)."""
    from devilcoins.core.tables import tables
    from devilcoins.playing import play, won

    moves = _game_moves(args, game)
    tab = tables(game)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    rng = np.random.default_rng(seed)
    if args.start:
        try:
            x = game.parse_state(args.start)
        except (NotationError, ValueError) as err:
            raise UsageError(str(err)) from None
    else:
        x = int(rng.integers(tab.states))
    x, devil = _game_devil(args, game, moves, x, rng)
    steps = play(game, moves, x, devil)
    lines = [step.text(game) for step in steps]
    end = won(game, steps[-1].after if steps else x)
    if args.json:
        emit_json({"game": str(game), "won": end, "moves": len(lines), "trace": lines})
        return 0
    against = (
        f"the Devil's turns from {args.devil_turns}"
        if args.devil_turns
        else (f"the {args.devil} Devil")
    )
    print(f"Playing {counted(len(moves), 'move')} of {game} against {against}:")
    print("\n".join(lines))
    print(f"Won: the goal after move {len(lines)}." if end else "Lost: the goal never came.")
    return 0


def _read_turns(game: Game, path: str, needed: int) -> tuple[int | None, list[tuple[int, ...]]]:
    """(start or None, turns as permutations) from a counterexample file ('verify --json')."""
    import json

    name = "stdin" if path == "-" else path
    try:
        data = json.loads(read_text(path, "turns"))
    except json.JSONDecodeError as err:
        raise UsageError(f"{name}: turns are JSON, as verify writes them: {err}") from None
    start = None
    if isinstance(data, dict):
        try:
            start = game.parse_state(str(data["start"])) if data.get("start") else None
        except (NotationError, ValueError) as err:
            raise UsageError(f"{name}: {err}") from None
        data = data.get("turns")
    if not isinstance(data, list):
        raise UsageError(f"{name}: expected a list of turns")
    elements = set(game.group.elements())
    perms = []
    for i, item in enumerate(data, 1):
        if isinstance(item, int) and not isinstance(item, bool) and game.group.name == "cyclic":
            perm = tuple((j - item) % game.n for j in range(game.n))
        elif isinstance(item, list):
            perm = tuple(item)
        else:
            raise UsageError(f"{name}: turn {i} ({item!r}) is not a turn of {game.group}")
        if perm not in elements:
            raise UsageError(f"{name}: turn {i} ({item!r}) is not in the Devil's group")
        perms.append(perm)
    if len(perms) < needed:
        raise UsageError(
            f"{name} has {counted(len(perms), 'turn')} but the strategy has "
            f"{counted(needed, 'move')}; give a turn for every move"
        )
    return start, perms


COMMAND = Command(
    name="play",
    help="play a strategy against a random, scripted or adversarial Devil",
    description="Play one game with the notebook's verbose trace: each line shows "
    "the coins, the table after the Devil's turn, the flips and the result. Against the "
    "random Devil the result is shown in canonical form, as in the notebook; against a "
    "scripted or adversarial Devil the coins are shown as they lie on the table.",
    add_arguments=add_arguments,
    run=run,
    run_game=run_game,
)
