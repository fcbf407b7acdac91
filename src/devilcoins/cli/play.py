"""``devilcoins play N``: one game of a blind game against a random, greedy, scripted or
adversarial Devil, traced move by move (``devilcoins.play_against``)."""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
from typing import TYPE_CHECKING

from devilcoins import DEVILS
from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    coins_count,
    counted,
    read_text,
)
from devilcoins.cli.games import (
    game_from,
    read_strategy_file,
    refusal,
    refusing_too_large,
    too_large,
)
from devilcoins.cli.jsonout import json_text
from devilcoins.cli.strategies import add_strategy_options
from devilcoins.core.errors import DevilcoinsError, TooLarge
from devilcoins.results import describe

if TYPE_CHECKING:
    from devilcoins import Game, Perm

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
        choices=DEVILS,
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
    p.add_argument(
        "--hint",
        action="store_true",
        help="after the trace, the coach's word on the blind player's position before each "
        f"move (the first {HINTS}): whether the game can still be won, within how many moves, "
        "and the optimal next move",
    )
    add_strategy_options(p, "play")


#: How many moves --hint comments on.
HINTS = 30


def _hints(game: Game, moves: list[int], played: int) -> list[str]:
    """The coach's line before each move played (the first HINTS), from the moves before it."""
    from devilcoins import coach

    lines = ["Coach (what the blind player can be sure of, before each move):"]
    for k in range(min(played, HINTS)):
        word = coach(game, moves=moves[:k]).to_text()
        lines.append(f"{k + 1:4d}: {word}")
    if played > HINTS:
        lines.append(f"      ... ({played - HINTS:,} more moves)")
    return lines


def _moves(args: argparse.Namespace, game: Game) -> list[int]:
    """The moves to play: from --strategy FILE, else the solver's strategy."""
    from devilcoins import solve

    if args.strategy:
        return [int(a) for a in read_strategy_file(game, args.strategy)]
    with refusing_too_large(game, "play"):
        verdict = solve(game)
    if verdict.strategy is None:
        raise UsageError(
            f"no strategy wins {describe(game)} ({verdict.method}); give one to play with "
            "--strategy FILE"
        )
    return list(verdict.strategy)


def _start(args: argparse.Namespace, game: Game) -> int | None:
    """--start as a state (None when not given)."""
    if args.start is None:
        return None
    try:
        return game.parse_state(args.start)
    except DevilcoinsError as err:
        raise UsageError(f"--start: {err}") from None


def _turns(args: argparse.Namespace, game: Game, moves: int) -> tuple[int | None, list[Perm]]:
    """(the file's start, its turns) from --devil-turns."""
    if args.devil != "random":
        raise UsageError("--devil-turns and --devil both choose the turns; use one")
    if args.devil_turns == "-" and args.strategy == "-":
        raise UsageError("--strategy and --devil-turns cannot both read stdin; give one a file")
    name = "stdin" if args.devil_turns == "-" else args.devil_turns
    text = read_text(args.devil_turns, "turns")  # its refusals name the file already
    try:
        start, turns = game.parse_turns(text)
    except (DevilcoinsError, RecursionError) as err:
        raise UsageError(f"{name}: {err}") from None
    if len(turns) < moves:
        raise UsageError(
            f"{name} has {counted(len(turns), 'turn')} but the strategy has "
            f"{counted(moves, 'move')}; give a turn for every move"
        )
    return start, turns


def run(args: argparse.Namespace) -> int:
    """devilcoins play N."""
    from devilcoins import play_against

    game = game_from(args)
    refused = refusal(game, "play")
    if refused is not None:
        raise UsageError(f"play shows blind games: {refused}")
    moves = _moves(args, game)
    start = _start(args, game)
    turns = None
    if args.devil_turns:
        found, turns = _turns(args, game, len(moves))
        start = found if start is None else start
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    try:
        played = play_against(game, moves, args.devil, start=start, seed=seed, turns=turns)
    except TooLarge as err:
        raise too_large(game, err, "play") from None
    except DevilcoinsError as err:
        raise UsageError(str(err)) from None
    if args.devil_turns:
        played = replace(played, against=f"the Devil's turns from {args.devil_turns}")
    if args.json:
        data = played.to_json()
        if args.hint:
            from devilcoins import coach

            with refusing_too_large(game, "play --hint"):
                count = min(len(played.steps), HINTS)
                data["hints"] = [coach(game, moves=moves[:k]).to_json() for k in range(count)]
        print(json_text(data))
        return 0
    print(played.to_text())
    if args.hint:
        with refusing_too_large(game, "play --hint"):
            print("\n".join(_hints(game, moves, len(played.steps))))
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
