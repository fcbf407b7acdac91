"""``devilcoins classes N``: how many coin sequences differ up to turning the table (the
canonical sequences), counted by Burnside's lemma without listing them.

The command was called ``count`` until the game option ``--observe count`` (the player hears
how many coins show heads) made the name ambiguous; ``devilcoins count N`` still runs it, with a
note on stderr (``cli.registry.RENAMED``).
"""

from __future__ import annotations

import argparse

from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    coins_count,
    counted,
    unlimited_digits,
)
from devilcoins.cli.jsonout import emit_json

__all__ = ["COMMAND", "MAX_CLASSES_N"]

MAX_CLASSES_N = 100_000


def add_arguments(p: Options) -> None:
    """N and --json."""
    p.add_argument(
        "n", type=coins_count, metavar="N", help=f"number of coins (1..{MAX_CLASSES_N:,})"
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def run(args: argparse.Namespace) -> int:
    """devilcoins classes N."""
    from devilcoins.core.numbers import canonical_count, digit_count, number_text

    if args.n > MAX_CLASSES_N:
        raise UsageError(
            f"N = {args.n:,} is past what classes prints (N <= {MAX_CLASSES_N:,}): the "
            f"answer would have {number_text(digit_count(2, args.n) - len(str(args.n)))} digits "
            "or so"
        )
    count = canonical_count(args.n)
    with unlimited_digits():  # from N = 14,285 on, 2^N has more than 4,300 digits
        if args.json:
            emit_json({"coins": args.n, "canonical": count, "sequences": 2**args.n})
            return 0
        print(
            f"{counted(args.n, 'coin')}: {count:,} sequences up to turning the table, of "
            f"2^{args.n} = {2**args.n:,} in all (the canonical sequences, counted by Burnside's "
            "lemma)"
        )
    return 0


COMMAND = Command(
    name="classes",
    help="how many coin sequences differ up to turning the table (any N)",
    description="Count the coin sequences of N coins that differ up to turning the table "
    "(sequences the Devil can turn into each other count once), without listing them. The "
    "number is that of the canonical sequences, by Burnside's lemma.",
    add_arguments=add_arguments,
    run=run,
)
