"""``devilcoins verify N FILE``: decide exactly whether a strategy wins, with a counterexample
when it loses; with game options, the general engine's check (blind, touch or sight)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from devilcoins.cli.common import Command, UsageError, coins_count, counted, emit_json, read_text
from devilcoins.cli.games import read_moves
from devilcoins.cli.strategies import read_strategy
from devilcoins.coins.notation import Counterexample, NotationError
from devilcoins.core.files import write_new
from devilcoins.core.game import Game

__all__ = ["COMMAND"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """N, FILE, --json and --counterexample."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of coins")
    p.add_argument("file", metavar="FILE", help="strategy file, one move a line ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    p.add_argument(
        "--counterexample",
        metavar="OUT",
        help="when it loses, also write the counterexample to OUT (never overwrites), for "
        "'play --devil-turns OUT'",
    )


def _size_rows(sizes: Sequence[int], count: int = 8) -> list[str]:
    """A few (move, belief size) lines spread along the strategy, always the first and last."""
    last = len(sizes) - 1
    marks = sorted({0, last, *(round(last * k / count) for k in range(1, count))})
    return [f"  after move {i:>{len(f'{last:,}')},}: {sizes[i]:,}" for i in marks]


def _check_counterexample_target(path: str) -> None:
    """Refuse, before any work, a --counterexample that exists or has no folder."""
    target = Path(path)
    if target.exists():
        raise UsageError(f"{path} already exists; choose a new file name (nothing was written)")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"{folder} is not a folder; choose where --counterexample goes")


def run(args: argparse.Namespace) -> int:
    """devilcoins verify N FILE."""
    from devilcoins.cli.progress import reporter
    from devilcoins.coins.verification import MAX_VERIFY_N, verify

    if args.n > MAX_VERIFY_N:
        raise UsageError(f"verify reads strategies for up to {MAX_VERIFY_N} coins, not {args.n}")
    if args.counterexample:
        _check_counterexample_target(args.counterexample)
    strategy = read_strategy(args.file, args.n)
    with reporter("verifying", total=len(strategy), enabled=False if args.json else None) as rep:
        v = verify(strategy, args.n, on_progress=lambda done, _total: rep.reach(done))
    if v.counterexample is not None and args.counterexample:
        write_new(args.counterexample, (v.counterexample.to_text() + "\n").encode())
    if args.json:
        emit_json(v.to_json())
        return 0 if v.wins else 1
    source = "stdin" if args.file == "-" else args.file
    print(f"{counted(len(strategy), 'move')} for {counted(args.n, 'coin')}, from {source}.")
    how = {
        "exact": f"exact belief propagation, {v.seconds:.3f} s",
        "lower bound": "the lower bound: fewer than 2^N - 1 moves cannot win",
        "certificate": f"the Devil's certificate: N = {args.n} has an odd prime factor",
    }[v.method]
    if v.wins:
        print(
            f"WINS from every start against every Devil: the belief is {{all heads}} after "
            f"move {v.won_at:,} ({how})."
        )
    else:
        print(f"LOSES ({how}).")
    if v.sizes:
        print("Belief size (coin sequences still possible, up to turning; all heads included):")
        print("\n".join(_size_rows(v.sizes)))
    if v.counterexample is not None:
        _print_counterexample(args, v.counterexample, len(strategy), source)
    return 0 if v.wins else 1


def _print_counterexample(
    args: argparse.Namespace, c: Counterexample, moves: int, source: str
) -> None:
    """The Devil's winning line and how to replay it."""
    shown = " ".join(map(str, c.turns[:24])) + (" ..." if len(c.turns) > 24 else "")
    print(
        f"Counterexample: start {c.start}; the Devil turns the table by r before each move "
        f"(coins[r:] + coins[:r]): {shown}"
    )
    if moves < (1 << args.n) - 1:
        print(
            f"(Fewer than 2^{args.n} - 1 moves lose even if the Devil never turns: the start "
            "is none of the sums of the first i moves.)"
        )
    print("The coins never show all heads.", end=" ")
    if args.counterexample:
        named = source if source != "stdin" else "FILE"
        print(
            f"Replay: devilcoins play {args.n} --strategy {named} "
            f"--devil-turns {args.counterexample}"
        )
    else:
        print("Save it with --counterexample OUT to replay it with 'play --devil-turns OUT'.")


def run_game(args: argparse.Namespace, game: Game) -> int:
    """devilcoins verify N FILE with game options."""
    from devilcoins import engine
    from devilcoins.cli.progress import reporter

    if args.counterexample and Path(args.counterexample).exists():
        raise UsageError(
            f"{args.counterexample} already exists; choose a new file name (nothing was written)"
        )
    if game.observe != "blind":
        return _verify_tree(args, game)
    moves = read_moves(game, args.file)
    with reporter("verifying", total=len(moves), enabled=False if args.json else None) as rep:
        v = engine.verify(game, moves, on_progress=lambda done, _t: rep.reach(done))
    if v.counterexample is not None and args.counterexample:
        write_new(args.counterexample, (json.dumps(v.counterexample.to_json()) + "\n").encode())
    if args.json:
        emit_json(v.to_json())
        return 0 if v.wins else 1
    print(f"{counted(len(moves), 'move')} for {game}.")
    if v.wins:
        print(
            f"WINS from every start against every Devil: the goal is reached by move "
            f"{v.won_at:,} (exact belief propagation, {v.seconds:.3f} s)."
        )
    else:
        assert v.counterexample is not None
        c = v.counterexample.to_json()
        turns = c["turns"]
        shown = " ".join(map(str, turns[:16])) + (" ..." if len(turns) > 16 else "")
        print(f"LOSES (exact belief propagation, {v.seconds:.3f} s).")
        print(f"Counterexample: start {c['start']}; the Devil's turns: {shown}")
    return 0 if v.wins else 1


def _is_policy_file(text: str) -> bool:
    """Whether text is a policy file (solve --save FILE.jsonl): its first line is the header."""
    first = text.lstrip().split("\n", 1)[0]
    return '"devilcoins-policy"' in first


def _verify_tree(args: argparse.Namespace, game: Game) -> int:
    """verify for touch and sight: the strategy is the JSON tree or policy solve prints."""
    from devilcoins.observed.check import verify_policy_lines, verify_tree

    name = "stdin" if args.file == "-" else args.file
    text = read_text(args.file, "strategy")
    try:
        if _is_policy_file(text):
            v = verify_policy_lines(game, text.splitlines())
        else:
            v = verify_tree(game, json.loads(text))
    except json.JSONDecodeError as err:
        raise UsageError(
            f"{name}: a {game.observe} strategy is JSON (see solve --json): {err}"
        ) from None
    except (NotationError, KeyError, TypeError) as err:
        raise UsageError(f"{name}: not a {game.observe} strategy: {err}") from None
    if v.counterexample is not None and args.counterexample:
        write_new(args.counterexample, (json.dumps(v.counterexample) + "\n").encode())
    if args.json:
        emit_json(v.to_json())
    elif v.wins:
        assert v.worst is not None
        print(
            f"WINS for {game}: from every start, against every turn, the goal comes within "
            f"{counted(v.worst, 'move')}."
        )
    else:
        c = v.counterexample
        assert c is not None
        print(f"LOSES for {game}: {c['why']}.")
        print(f"Counterexample: start {c['start']}; the Devil's turns: {c['turns']}")
    return 0 if v.wins else 1


COMMAND = Command(
    name="verify",
    help="decide exactly whether a strategy wins; a counterexample when it loses",
    description="Propagate the belief of every start through the strategy (exact, every "
    "start against every Devil). Exit status 0 when it wins, 1 when it loses, 2 for a "
    "usage error.",
    add_arguments=add_arguments,
    run=run,
    run_game=run_game,
)
