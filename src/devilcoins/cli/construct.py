"""``devilcoins construct N`` and ``devilcoins move N I``: Lamping's shortest strategy for
N = 2^k coins, streamed or one move at a time; for another game, the engine's construction."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, BinaryIO

from devilcoins.cli.common import (
    Command,
    Options,
    UsageError,
    coins_count,
    counted,
    move_number,
    non_negative,
    print_out,
    write_output,
    writing_stdout,
)
from devilcoins.cli.games import command_line, game_from, refusing_too_large
from devilcoins.cli.jsonout import emit_json
from devilcoins.cli.strategies import add_format_argument
from devilcoins.core.files import write_new_with

if TYPE_CHECKING:
    from devilcoins import Game

__all__ = ["CONSTRUCT", "MOVE"]


def add_construct_arguments(p: Options) -> None:
    """N, --format, --start, --count and --output."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of coins, a power of 2")
    add_format_argument(
        p,
        ("positions", "flips", "binary"),
        "'positions' (default): '0 2'; 'flips': 'FLFL' (the amounts, for more values); "
        "'binary' (coins): one little-endian word of max(1, N/8) bytes a move, bit t = flip "
        "position t",
    )
    p.add_argument(
        "--start", type=move_number, default=1, metavar="I", help="first move (1-based, default 1)"
    )
    p.add_argument(
        "--count", type=non_negative, metavar="C", help="how many moves (default: to the last)"
    )
    p.add_argument(
        "--output", metavar="FILE", help="write to FILE (never overwrites) instead of stdout"
    )
    p.add_argument(
        "--force",
        action="store_true",
        help=f"write to --output FILE even past {OUTPUT_MOST // 10**6:,} MB (its size is named "
        "first otherwise)",
    )


#: Past this many bytes, construct --output asks for --force (and a stream names its size).
OUTPUT_MOST = 100 * 10**6


def run_construct(args: argparse.Namespace) -> int:
    """devilcoins construct N: Lamping's strategy for coins, the engine's construction else."""
    game = game_from(args)
    if not game.is_coins:
        return _construct_game(args, game)
    from devilcoins.coins import check_power_of_two, strategy_length

    n = check_power_of_two(args.n)
    last = strategy_length(n)
    if args.start > last:
        from devilcoins.core.numbers import exact_text

        raise UsageError(
            f"--start {exact_text(args.start)} is past the last move, 2^{n} - 1 = "
            f"{exact_text(last)}"
        )
    count = last - args.start + 1 if args.count is None else args.count
    if args.force and not args.output:
        raise UsageError("--force is for --output FILE: a stream to stdout is never refused")
    _check_size(args, n, count)
    if args.output:
        write_new_with(
            args.output, lambda out: _stream(out, args, n, count, f"writing {args.output}")
        )
        print(f"devilcoins: wrote {counted(count, 'move')} to {args.output}", file=sys.stderr)
        return 0
    out = sys.stdout.buffer
    show = not sys.stdout.isatty() and None  # a bar only when the moves go to a file or pipe
    with writing_stdout():
        _stream(out, args, n, count, f"moves for {n} coins", enabled=show)
        out.flush()
    return 0


def _check_size(args: argparse.Namespace, n: int, count: int) -> None:
    """Past OUTPUT_MOST bytes: refuse --output without --force; name the size of a stream."""
    from devilcoins.coins import expected_bytes
    from devilcoins.core.numbers import number_text

    size = expected_bytes(n, count, args.format)
    if size <= OUTPUT_MOST:
        return
    moves = f"2^{n:,} - 1" if count == (1 << n) - 1 and n >= 50 else number_text(count)
    what = (
        f"{moves} moves, {_bytes_text(size).removeprefix('about ')} or so in --format {args.format}"
    )
    if args.output and not args.force:
        raise UsageError(
            f"construct {n} would write {what} to {args.output}: add --force to write it, or "
            "--count C for fewer moves (nothing was written)"
        )
    print(f"devilcoins: writing {what}; Ctrl-C stops it", file=sys.stderr)


def _bytes_text(size: int) -> str:
    """'267 GB', '2.3 TB', 'about 2.44 × 10^21 bytes'.

    >>> _bytes_text(267_413_906_330), _bytes_text(2_441_000_000_000_000_000_000)
    ('267 GB', 'about 2.44 × 10^21 bytes')
    """
    from devilcoins.core.numbers import number_text

    if size >= 10**18:
        return f"{number_text(size)} bytes"
    for unit, scale in (("TB", 10**12), ("GB", 10**9), ("MB", 10**6)):
        if size >= scale:
            amount = size / scale
            return f"{amount:.3g} {unit}" if amount < 100 else f"{amount:,.0f} {unit}"
    return f"{size:,} bytes"


def _stream(
    out: BinaryIO,
    args: argparse.Namespace,
    n: int,
    count: int,
    description: str,
    *,
    enabled: bool | None = None,
) -> None:
    """Stream count moves from --start in --format into out, with a progress bar."""
    from devilcoins import stream_moves
    from devilcoins.cli.progress import reporter

    with reporter(description, total=count, enabled=enabled) as rep:
        stream_moves(
            out,
            n,
            start=args.start,
            count=count,
            fmt=args.format,
            on_progress=lambda done, _total: rep.reach(done),
        )


def _construct_game(args: argparse.Namespace, game: Game) -> int:
    """The engine's construction for a game that has one (its verdict's method says so)."""
    from devilcoins import How, solve

    with refusing_too_large(game, "construct"):
        verdict = solve(game)
    if verdict.how is not How.CONSTRUCTION or verdict.strategy is None:
        raise UsageError(
            f"{game} has no construction: it is settled by {verdict.method}; "
            f"'{command_line('solve', game)}' gives its answer"
        )
    if args.format == "binary":
        raise UsageError("--format binary is for the coin game's construction; use flips")
    moves = verdict.strategy
    end = len(moves) if args.count is None else args.start - 1 + args.count
    if args.start > len(moves) or end > len(moves):
        raise UsageError(f"the strategy has {counted(len(moves), 'move')}")
    form = "positions" if args.format == "positions" and game.values == 2 else "pattern"
    if args.force:
        raise UsageError("--force is for the coin game's construction, which can be long")
    texts = {a: game.move_text(a, form) for a in set(moves)}
    lines = "".join(texts[a] + "\n" for a in moves[args.start - 1 : end])
    write_output(args.output, lines, counted(end - args.start + 1, "move"))
    return 0


def add_move_arguments(p: Options) -> None:
    """N, I, --format and --json."""
    p.add_argument("n", type=coins_count, metavar="N", help="number of coins, a power of 2")
    p.add_argument("i", type=move_number, metavar="I", help="move number, 1-based")
    add_format_argument(p, ("positions", "flips"), "output format")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def run_move(args: argparse.Namespace) -> int:
    """devilcoins move N I."""
    from devilcoins import move_mask
    from devilcoins.coins import move_format, move_kind, move_phase

    mask = move_mask(args.n, args.i)
    if args.json:
        emit_json(
            {
                "coins": args.n,
                "index": args.i,
                "positions": [t for t in range(args.n) if mask >> t & 1],
                "flips": move_format(mask, args.n, "flips").decode().strip(),
                "trailing_zeros": move_phase(args.i),
                "role": move_kind(args.n, args.i) if args.n > 1 else "d1",
            }
        )
        return 0
    print_out(move_format(mask, args.n, args.format).decode())
    return 0


CONSTRUCT = Command(
    name="construct",
    help="stream Lamping's shortest strategy for N = 2^k coins",
    description="Write the 2^N - 1 moves of Lamping's construction, one a line (or as "
    "binary words). Move i depends only on the trailing zero bits of i; the output is "
    "deterministic.",
    add_arguments=add_construct_arguments,
    run=run_construct,
    takes_game=True,
)

MOVE = Command(
    name="move",
    help="move I of the construction for N = 2^k coins, computed directly",
    description="Compute one move of Lamping's construction in O(log N) steps, for any "
    "I from 1 to 2^N - 1 (N = 64: I up to 18446744073709551615).",
    add_arguments=add_move_arguments,
    run=run_move,
)
