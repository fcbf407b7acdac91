"""``devilcoins solve N``: the shortest winning strategy with its belief table, or a proof that
none exists; with game options, the general engine's verdict."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from devilcoins.cli.common import Command, UsageError, coins_count, counted, emit_json
from devilcoins.cli.games import moves_text, verdict_lines
from devilcoins.cli.progress import reporter
from devilcoins.cli.strategies import add_format_argument, searched
from devilcoins.core.files import write_new, write_new_with
from devilcoins.core.game import Game

__all__ = ["COMMAND"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """N, --json, --format and --save."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of coins (1..15)")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    add_format_argument(
        p,
        ("table", "positions", "flips"),
        "'table' (default): summary and the notebook's belief table; 'positions' or "
        "'flips': only the moves, one a line",
    )
    p.add_argument(
        "--save",
        metavar="FILE",
        help="also write the moves to FILE (never overwrites an existing file); for touch "
        "and sight, the strategy as a policy file FILE.jsonl (any size; verify reads it)",
    )


def run(args: argparse.Namespace) -> int:
    """devilcoins solve N."""
    from devilcoins.coins.show import belief_table
    from devilcoins.coins.verification import verify

    result = searched(args.n, quiet=args.json)
    checked = verify(result.strategy, args.n) if result.strategy is not None else None
    if args.save:
        if result.strategy is None:
            raise UsageError(f"no winning strategy exists for N = {args.n}; nothing to save")
        fmt = "flips" if args.format == "flips" else "positions"
        write_new(args.save, result.strategy.to_text(args.n, fmt).encode("utf-8"))
    if args.json:
        data = result.to_json()
        if checked is not None:
            data["verified"] = checked.to_json()
        emit_json(data)
        return 0
    if args.format in ("positions", "flips"):
        if result.strategy is not None:
            sys.stdout.write(result.strategy.to_text(args.n, args.format))
        return 0
    goal = "H" * args.n
    head = f"{counted(args.n, 'coin')} ({result.canonical:,} canonical sequences)"
    if result.strategy is None:
        print(f"{head}: no winning strategy exists.")
        print(
            f"Proof by exhaustion: all {result.explored:,} beliefs reachable from the start were "
            f"explored and none is {{{goal}}} ({result.seconds:.4f} s)."
        )
        return 0
    assert checked is not None
    print(f"{head}: the shortest winning strategy has {counted(len(result.strategy), 'move')}.")
    print(
        f"Search: {result.explored:,} beliefs explored in {result.seconds:.4f} s. "
        f"Exact check: every start ends at {goal} by move {checked.won_at}."
    )
    print()
    print(belief_table(result.strategy, args.n))
    return 0


def run_game(args: argparse.Namespace, game: Game) -> int:
    """devilcoins solve N with game options."""
    from devilcoins import engine
    from devilcoins.observed.andor import TreeSolution

    if args.save:
        _check_save(args.save, game)

    def progress(done: int, known: int) -> None:
        if game.observe == "touch":
            rep.note(f"{game}: {done:,} of {known:,} beliefs and cylinders expanded")
        else:
            rep.note(f"{game}: {known:,} beliefs at depth {done:,}")

    with reporter(f"solving {game}") as rep:
        verdict = engine.solve(game, on_progress=progress)
    checked = None
    if verdict.strategy is not None and game.observe == "blind":
        checked = engine.verify(game, verdict.strategy)
    if args.save and game.observe != "blind":
        _save_policy(args.save, game, verdict.tree)
    elif args.save:
        if verdict.strategy is None:
            raise UsageError(f"{game} has no blind strategy to save")
        write_new(
            args.save, "".join(game.move_text(int(a)) + "\n" for a in verdict.strategy).encode()
        )
    if args.json:
        data = verdict.to_json()
        if checked is not None:
            data["verified"] = {k: v for k, v in checked.to_json().items() if k != "belief_sizes"}
        emit_json(data)
        return 0
    if args.format in ("positions", "flips") and verdict.strategy is not None:
        sys.stdout.write("".join(game.move_text(int(a)) + "\n" for a in verdict.strategy))
        return 0
    print("\n".join(verdict_lines(verdict)))
    if verdict.strategy is not None:
        shown = verdict.strategy[:64]
        more = f" ... ({len(verdict.strategy):,} in all)" if len(verdict.strategy) > 64 else ""
        print("Moves:", moves_text(game, shown) + more if len(shown) else "none")
        if checked is not None:
            print(
                f"Exact check: every start reaches the goal by move {checked.won_at:,} against "
                "every Devil."
            )
    if isinstance(verdict.tree, TreeSolution) and verdict.winnable:
        # The verdict line named the game; sight keeps the tree's own line (the README shows it).
        print(verdict.tree.to_text(header=False))
    return 0


def _check_save(path: str, game: Game) -> None:
    """Refuse a --save path before solving: a policy file must be .jsonl, and none is replaced."""
    if game.observe != "blind" and not path.endswith(".jsonl"):
        raise UsageError(f"save a {game.observe} strategy as a policy file: FILE.jsonl, not {path}")
    if Path(path).exists():
        raise UsageError(f"{path} already exists; choose a new file name (nothing was written)")


def _save_policy(path: str, game: Game, tree: object) -> None:
    """Write a won touch or sight strategy as a policy file (JSON lines, any size)."""
    from devilcoins.observed.andor import TreeSolution
    from devilcoins.observed.policyfile import policy_lines

    if not isinstance(tree, TreeSolution) or not tree.winnable:
        raise UsageError(f"{game}: the Devil holds out; there is no strategy to save")
    write_new_with(path, lambda out: out.writelines(line.encode() for line in policy_lines(tree)))


COMMAND = Command(
    name="solve",
    help="shortest winning strategy for N coins, with its belief table",
    description="Search every belief reachable from 'any coins at all' for the "
    "shortest strategy that always ends at all heads, or prove there is none.",
    add_arguments=add_arguments,
    run=run,
    run_game=run_game,
)
