"""``devilcoins draw COINS`` and ``devilcoins plot N``: the table as SVG, and the belief's size
(or the belief table) as PNG or SVG."""

from __future__ import annotations

import argparse
from pathlib import Path

from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    coins_count,
    confirm,
    positive,
    require_extra,
    write_output,
)
from devilcoins.cli.strategies import strategy_for

__all__ = ["DRAW", "PLOT"]


def add_draw_arguments(p: Options) -> None:
    """COINS, --move, --size and --output."""
    p.add_argument("coins", metavar="COINS", help="coins such as HTTH (position 0 first)")
    p.add_argument("--move", metavar="MOVE", help="ring the positions a move flips: '0 2' or FLFL")
    p.add_argument("--size", type=positive, default=240, metavar="PX", help="width in pixels")
    p.add_argument("--output", metavar="FILE", help="write to FILE (never overwrites)")


def run_draw(args: argparse.Namespace) -> int:
    """devilcoins draw COINS."""
    from devilcoins import Coins, Move
    from devilcoins.render.pictures import table_svg

    coins = Coins(args.coins)
    move = Move.parse(args.move, coins.n) if args.move else None
    svg = table_svg(coins, move, size=args.size)
    write_output(args.output, svg, "the picture")
    return 0


def add_plot_arguments(p: Options) -> None:
    """N, --output, --table, --strategy (and a hidden --json)."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of coins")
    p.add_argument("--output", metavar="FILE", help="a new .png or .svg (default beliefs-N.png)")
    p.add_argument("--table", action="store_true", help="draw the belief table (N <= 8)")
    p.add_argument("--strategy", metavar="FILE", help="plot the moves in FILE instead")
    p.add_argument("--json", action="store_true", help=argparse.SUPPRESS)


def run_plot(args: argparse.Namespace) -> int:
    """devilcoins plot N."""
    require_extra("devilcoins plot", "plot", "matplotlib")
    from devilcoins.render.plots import belief_size_figure, belief_table_figure, save

    output = args.output or f"beliefs-{args.n}{'-table' if args.table else ''}.png"
    if not output.lower().endswith((".png", ".svg")):
        raise UsageError(f"{output}: write a .png or .svg file")
    if Path(output).exists():
        raise UsageError(f"{output} already exists; choose a new file name (nothing was written)")
    if args.table and args.n > 8:
        raise UsageError(f"the belief table is drawn for N <= 8; for N = {args.n} drop --table")
    strategy = strategy_for(args)
    figure = belief_table_figure if args.table else belief_size_figure
    save(figure(strategy, args.n), output)
    confirm(f"wrote the plot to {output}")
    return 0


DRAW = Command(
    name="draw",
    help="draw the table as SVG (coins clockwise from 12 o'clock, a move's flips ringed)",
    description="Write an SVG picture of the coins on the round table.",
    add_arguments=add_draw_arguments,
    run=run_draw,
)

PLOT = Command(
    name="plot",
    help="plot the belief's size along a strategy (log scale), or the belief table",
    description="Write a PNG or SVG (by the file's ending) of the belief's size after each "
    "move of the shortest strategy (N <= 8, or 16), or of a strategy FILE.",
    add_arguments=add_plot_arguments,
    run=run_plot,
)
