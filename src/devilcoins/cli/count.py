"""``devilcoins count N``: how many coin sequences differ up to rotation, by Burnside's lemma."""

from __future__ import annotations

import argparse

from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    coins_count,
    counted,
    emit_json,
    unlimited_digits,
)

__all__ = ["COMMAND", "MAX_COUNT_N"]

MAX_COUNT_N = 100_000


def add_arguments(p: Options) -> None:
    """N and --json."""
    p.add_argument("n", type=coins_count, metavar="N", help=f"number of coins (1..{MAX_COUNT_N:,})")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def run(args: argparse.Namespace) -> int:
    """devilcoins count N."""
    from devilcoins.core.numbers import canonical_count, digit_count, number_text

    if args.n > MAX_COUNT_N:
        raise UsageError(
            f"N = {args.n:,} is past what count prints (N <= {MAX_COUNT_N:,}): the "
            f"answer would have {number_text(digit_count(2, args.n) - len(str(args.n)))} digits "
            "or so"
        )
    count = canonical_count(args.n)
    with unlimited_digits():  # past N = 14,284 the counts have more than 4,300 digits
        if args.json:
            emit_json({"coins": args.n, "canonical": count, "sequences": 2**args.n})
            return 0
        print(
            f"{counted(args.n, 'coin')}: {count:,} canonical sequences (of 2^{args.n} = "
            f"{2**args.n:,} sequences), by Burnside's lemma"
        )
    return 0


COMMAND = Command(
    name="count",
    help="how many coin sequences differ up to rotation (any N)",
    description="Count the canonical coin sequences of N coins with Burnside's "
    "lemma, without listing them.",
    add_arguments=add_arguments,
    run=run,
)
