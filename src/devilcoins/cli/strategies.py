"""The coin game's strategies for the commands: searched, read from a file, or constructed."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from devilcoins.cli.common import Options, UsageError, seed_number

if TYPE_CHECKING:
    from devilcoins import Strategy, Verdict

__all__ = [
    "add_format_argument",
    "add_strategy_options",
    "read_strategy",
    "searched",
    "strategy_for",
]


def add_format_argument(p: Options, choices: tuple[str, ...], help: str) -> None:
    """--format: how the moves are written: one of choices, the first by default."""
    p.add_argument("--format", choices=choices, default=choices[0], help=help)


def add_strategy_options(p: Options, verb: str) -> None:
    """The options play and check share: the Devil's seed, a strategy file, JSON output."""
    p.add_argument(
        "--seed", type=seed_number, metavar="S", help="seed for the Devil's random turns"
    )
    p.add_argument(
        "--strategy",
        metavar="FILE",
        help=f"{verb} the moves in FILE ('-' for stdin) instead of the shortest strategy",
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def searched(n: int) -> Verdict:
    """Run the belief search, its depth on the progress line."""
    from devilcoins import solve
    from devilcoins.cli.progress import reporter
    from devilcoins.coins import check_searchable

    check_searchable(n)
    with reporter(f"searching {n} coins") as rep:
        return solve(
            n,
            "notebook",
            on_progress=lambda depth, beliefs: rep.note(
                f"searching {n} coins: depth {depth}, {beliefs:,} beliefs"
            ),
        )


def read_strategy(path: str, n: int) -> Strategy:
    """The coin strategy in a file ('-' for stdin), read as every command reads moves."""
    from devilcoins import Game, Strategy
    from devilcoins.cli.games import read_strategy_file

    moves = read_strategy_file(Game(n), path)
    return Strategy.from_masks(moves)


def strategy_for(args: argparse.Namespace, *, widest: int | None = None) -> Strategy:
    """The strategy a command works on: from --strategy FILE, else the shortest one known."""
    from devilcoins import Strategy, construction
    from devilcoins.coins import MAX_TABLE_N
    from devilcoins.core.numbers import is_power_of_two

    widest = MAX_TABLE_N if widest is None else widest
    if args.strategy:
        if args.n > widest:
            raise UsageError(
                f"N = {args.n} is too large: this command takes strategies up to N = {widest}"
            )
        return read_strategy(args.strategy, args.n)
    if is_power_of_two(args.n) and args.n > 8:
        if args.n > 16:
            raise UsageError(
                f"the shortest strategy for N = {args.n} has 2^{args.n} - 1 moves, too many to "
                "play; stream it with 'devilcoins construct' instead"
            )
        return construction(args.n)  # Lamping's; the search stops at N = 15
    result = searched(args.n)
    if result.strategy is None:
        raise UsageError(
            f"no winning strategy exists for N = {args.n} (all {result.explored or 0:,} "
            "reachable beliefs explored); give one to test with --strategy FILE"
        )
    return Strategy.from_masks(result.strategy)
