"""``devilcoins table``: canonical counts and shortest lengths for a range of N."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    coins_count,
)
from devilcoins.cli.jsonout import emit_json
from devilcoins.core.numbers import canonical_count

if TYPE_CHECKING:
    from devilcoins import Verdict

__all__ = ["COMMAND", "DEFAULT_TABLE_MAX"]

DEFAULT_TABLE_MAX = 12


def add_arguments(p: Options) -> None:
    """--max, --min and --json."""
    p.add_argument(
        "--max",
        type=coins_count,
        default=DEFAULT_TABLE_MAX,
        dest="max_n",
        metavar="N",
        help=f"largest N (default {DEFAULT_TABLE_MAX}, at most 15)",
    )
    p.add_argument(
        "--min",
        type=coins_count,
        default=1,
        dest="min_n",
        metavar="N",
        help="smallest N (default 1)",
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def _row(n: int, verdict: Verdict) -> dict[str, object]:
    """One row of the table: N, whether and how fast it is won, what the search took."""
    return {
        "coins": n,
        "winnable": verdict.winnable,
        "length": verdict.length,
        "explored": verdict.explored or 0,
        "canonical": canonical_count(n),
        "depth": verdict.depth,
        "seconds": round(verdict.seconds, 6),
    }


def run(args: argparse.Namespace) -> int:
    """devilcoins table."""
    from devilcoins import solve
    from devilcoins.cli.progress import reporter
    from devilcoins.coins import MAX_SEARCH_N, check_searchable

    if args.min_n > args.max_n:
        raise UsageError(f"--min {args.min_n} is larger than --max {args.max_n}")
    if args.max_n > MAX_SEARCH_N:
        check_searchable(args.max_n)
    rows = []
    sizes = range(args.min_n, args.max_n + 1)
    with reporter("solving", total=len(sizes)) as rep:
        for n in sizes:
            rep.note(f"solving N = {n}")
            rows.append(_row(n, solve(n, "notebook")))
            rep.advance()
    if args.json:
        emit_json({"rows": rows})
        return 0
    print(f"{'N':>3}  {'canonical':>9}  {'shortest':>8}  {'beliefs explored':>16}  {'seconds':>8}")
    for r in rows:
        length = "none" if r["length"] is None else f"{r['length']:,}"
        print(
            f"{r['coins']:>3}  {r['canonical']:>9,}  {length:>8}  {r['explored']:>16,}  "
            f"{r['seconds']:>8.4f}"
        )
    return 0


COMMAND = Command(
    name="table",
    help="for N = 1..12: the coin sequences up to turning the table, and the shortest win",
    description="For each N, how many coin sequences differ up to turning the table (the "
    "canonical ones), the shortest winning strategy's length (or 'none'), beliefs explored, "
    "time.",
    add_arguments=add_arguments,
    run=run,
)
