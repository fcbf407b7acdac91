"""The ``devilcoins`` command: a thin shell over the library.

Usage errors print one line and exit with status 2; an interrupt exits with status 130.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

from .notation import DevilcoinsError

__all__ = ["main"]

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
DEFAULT_TABLE_MAX = 12
MAX_COUNT_N = 100_000


class UsageError(DevilcoinsError):
    """A command line that asks for something impossible."""


def _whole(text: str, *, what: str, low: int) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, got {text!r}") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"{what} must be at least {low}, got {value}")
    return value


def _coins_count(text: str) -> int:
    return _whole(text, what="N (the number of coins)", low=1)


def _positive(text: str) -> int:
    return _whole(text, what="the count", low=1)


def _seed(text: str) -> int:
    return _whole(text, what="the seed", low=0)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str):
        self.exit(EXIT_USAGE, f"devilcoins: error: {message} (see '{self.prog} --help')\n")


def _game_options(p: argparse.ArgumentParser, verb: str) -> None:
    """The options play and check share: the Devil's seed, a strategy file, JSON output."""
    p.add_argument("--seed", type=_seed, metavar="S", help="seed for the Devil's random turns")
    p.add_argument(
        "--strategy",
        metavar="FILE",
        help=f"{verb} the moves in FILE ('-' for stdin) instead of the shortest strategy",
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    from . import __version__

    parser = _Parser(
        prog="devilcoins",
        description="Solve the Devil and the Coin Flip Game exactly: shortest blind strategies, "
        "proofs that none exist, belief tables and games against the Devil.",
    )
    parser.add_argument("--version", action="version", version=f"devilcoins {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser(
        "solve",
        help="shortest winning strategy for N coins, with its belief table",
        description="Search every belief reachable from 'any coins at all' for the "
        "shortest strategy that always ends at all heads, or prove there is none.",
    )
    p.add_argument("n", type=_coins_count, metavar="N", help="number of coins (1..15)")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    p.add_argument(
        "--format",
        choices=("table", "positions", "flips"),
        default="table",
        help="'table' (default): summary and the seeds' belief table; 'positions' or "
        "'flips': only the moves, one a line",
    )
    p.add_argument(
        "--save",
        metavar="FILE",
        help="also write the moves to FILE (never overwrites an existing file)",
    )

    p = sub.add_parser(
        "table",
        help="canonical counts and shortest lengths for N = 1..12",
        description="For each N, the number of canonical coin sequences, the "
        "shortest winning strategy's length (or 'none'), beliefs explored, time.",
    )
    p.add_argument(
        "--max",
        type=_coins_count,
        default=DEFAULT_TABLE_MAX,
        dest="max_n",
        metavar="N",
        help=f"largest N (default {DEFAULT_TABLE_MAX}, at most 15)",
    )
    p.add_argument(
        "--min",
        type=_coins_count,
        default=1,
        dest="min_n",
        metavar="N",
        help="smallest N (default 1)",
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")

    p = sub.add_parser(
        "play",
        help="play the shortest strategy against a random Devil",
        description="Play one game with the seeds' verbose trace: each line shows "
        "the coins, the table after the Devil's turn, the flips and the result "
        "(canonical).",
    )
    p.add_argument("n", type=_coins_count, metavar="N", help="number of coins")
    p.add_argument(
        "--start", metavar="COINS", help="starting coins such as HTTH (default: drawn at random)"
    )
    _game_options(p, "play")

    p = sub.add_parser(
        "check",
        help="test a strategy by random play (the seeds' probably_wins) "
        "and by exact belief propagation",
        description="Play K games from every canonical start against a random "
        "Devil, then decide the question exactly by propagating the belief.",
    )
    p.add_argument("n", type=_coins_count, metavar="N", help="number of coins")
    p.add_argument(
        "--games",
        type=_positive,
        default=1000,
        metavar="K",
        help="games per starting sequence (default 1000)",
    )
    _game_options(p, "check")

    p = sub.add_parser(
        "count",
        help="how many coin sequences differ up to rotation (any N)",
        description="Count the canonical coin sequences of N coins with Burnside's "
        "lemma, without listing them.",
    )
    p.add_argument(
        "n", type=_coins_count, metavar="N", help=f"number of coins (1..{MAX_COUNT_N:,})"
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    return parser


def _count(number: int, word: str) -> str:
    """'1 coin', '4 coins', '1,000 games'."""
    return f"{number:,} {word}" + ("" if number == 1 else "s")


def _emit_json(data: dict) -> None:
    print(json.dumps(data, indent=2))


def _searched(n: int, quiet: bool):
    """Run the belief search with a spinner on a terminal."""
    from .bfs import belief_search, check_searchable
    from .progress import reporter

    check_searchable(n)
    with reporter(f"searching {n} coins", enabled=None if not quiet else False) as rep:
        return belief_search(
            n,
            on_progress=lambda p: rep.note(
                f"searching {n} coins: depth {p.depth}, {p.explored:,} beliefs"
            ),
        )


def _read_strategy(path: str, n: int):
    from .notation import NotationError, Strategy

    if path == "-":
        text = sys.stdin.read()
        name = "stdin"
    else:
        file = Path(path)
        if not file.exists():
            raise UsageError(f"no such strategy file: {path}")
        if not file.is_file():
            raise UsageError(f"{path} is not a file; give a strategy file, one move a line")
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise UsageError(f"cannot read strategy file {path}: {err}") from None
        name = path
    try:
        strategy = Strategy.parse(text, n)
    except NotationError as err:
        raise UsageError(f"{name}: {err}") from None
    if not strategy:
        raise UsageError(f"{name}: the strategy has no moves")
    return strategy


def _strategy_for(args):
    """The strategy a command works on: from --strategy FILE, or the shortest one found."""
    from .canonical import MAX_TABLE_N

    if args.strategy:
        if args.n > MAX_TABLE_N:
            raise UsageError(
                f"N = {args.n} is too large: strategies are checked up to N = {MAX_TABLE_N}"
            )
        return _read_strategy(args.strategy, args.n)
    result = _searched(args.n, quiet=args.json)
    if result.strategy is None:
        raise UsageError(
            f"no winning strategy exists for N = {args.n} (all {result.explored:,} "
            "reachable beliefs explored); give one to test with --strategy FILE"
        )
    return result.strategy


def _save_strategy(path: str, text: str) -> None:
    """Write text to a new file at path; refuse to touch an existing file."""
    target = Path(path)
    if target.exists():
        raise UsageError(f"{path} already exists; choose a new file name (nothing was written)")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"{folder} is not a folder (nothing was written)")
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".devilcoins-", suffix=".tmp")
    except OSError as err:
        raise UsageError(
            f"cannot write in {folder}: {err.strerror} (nothing was written)"
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.link(tmp, target)  # fails rather than replace a file created meanwhile
    except FileExistsError:
        raise UsageError(f"{path} already exists; choose a new file name") from None
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror} (nothing was written)") from None
    finally:
        os.unlink(tmp)


def cmd_solve(args) -> int:
    """devilcoins solve N."""
    from .show import belief_table
    from .verification import verify

    result = _searched(args.n, quiet=args.json)
    checked = verify(result.strategy, args.n) if result.strategy is not None else None
    if args.save:
        if result.strategy is None:
            raise UsageError(f"no winning strategy exists for N = {args.n}; nothing to save")
        fmt = "flips" if args.format == "flips" else "positions"
        _save_strategy(args.save, result.strategy.to_text(args.n, fmt))
    if args.json:
        data = result.to_json()
        if checked is not None:
            data["verified"] = checked.to_json()
        _emit_json(data)
        return 0
    if args.format in ("positions", "flips"):
        if result.strategy is not None:
            sys.stdout.write(result.strategy.to_text(args.n, args.format))
        return 0
    goal = "H" * args.n
    head = f"{_count(args.n, 'coin')} ({result.canonical:,} canonical sequences)"
    if result.strategy is None:
        print(f"{head}: no winning strategy exists.")
        print(
            f"Proof by exhaustion: all {result.explored:,} beliefs reachable from the start were "
            f"explored and none is {{{goal}}} ({result.seconds:.4f} s)."
        )
        return 0
    print(f"{head}: the shortest winning strategy has {_count(result.length, 'move')}.")
    print(
        f"Search: {result.explored:,} beliefs explored in {result.seconds:.4f} s. "
        f"Exact check: every start ends at {goal} by move {checked.won_at}."
    )
    print()
    print(belief_table(result.strategy, args.n))
    return 0


def cmd_table(args) -> int:
    """devilcoins table."""
    from .bfs import MAX_SEARCH_N, check_searchable
    from .progress import reporter

    if args.min_n > args.max_n:
        raise UsageError(f"--min {args.min_n} is larger than --max {args.max_n}")
    if args.max_n > MAX_SEARCH_N:
        check_searchable(args.max_n)
    from .bfs import belief_search

    rows = []
    sizes = range(args.min_n, args.max_n + 1)
    with reporter("solving", total=len(sizes), enabled=None if not args.json else False) as rep:
        for n in sizes:
            rep.note(f"solving N = {n}")
            rows.append(belief_search(n))
            rep.advance()
    if args.json:
        _emit_json(
            {"rows": [{k: v for k, v in r.to_json().items() if k != "strategy"} for r in rows]}
        )
        return 0
    print(f"{'N':>3}  {'canonical':>9}  {'shortest':>8}  {'beliefs explored':>16}  {'seconds':>8}")
    for r in rows:
        length = "none" if r.length is None else f"{r.length:,}"
        print(f"{r.coins:>3}  {r.canonical:>9,}  {length:>8}  {r.explored:>16,}  {r.seconds:>8.4f}")
    return 0


def _start_coins(args, rng):
    from .notation import Coins

    if args.start is None:
        tails = int(rng.integers(1, 1 << args.n))
        return Coins.from_mask(tails, args.n)
    coins = Coins(args.start)
    if coins.n != args.n:
        raise UsageError(f"--start {args.start} has {coins.n} coins but N = {args.n}")
    return coins


def cmd_play(args) -> int:
    """devilcoins play N."""
    import numpy as np

    from .notebook import play

    strategy = _strategy_for(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    rng = np.random.default_rng(seed)
    start = _start_coins(args, rng)
    lines: list[str] = []
    final = play(strategy, start, verbose=True, rng=rng, out=lines.append)
    moves_used = len(lines)
    if args.json:
        _emit_json(
            {
                "coins": args.n,
                "start": start,
                "seed": seed,
                "won": final.all_heads,
                "moves": moves_used,
                "final": final,
                "trace": lines,
            }
        )
        return 0
    print(
        f"Playing a {len(strategy):,}-move strategy for {_count(args.n, 'coin')} from {start} "
        f"against a random Devil (seed {seed}):"
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


#: Coin steps (one game, one move) that check's random play takes on: about a minute.
MAX_PLAY_STEPS = 5 * 10**8


def cmd_check(args) -> int:
    """devilcoins check N."""
    from .canonical import canonical_count
    from .notebook import probably_wins
    from .progress import reporter
    from .verification import verify

    strategy = _strategy_for(args)
    starts = canonical_count(args.n)
    steps = starts * args.games * len(strategy)
    if steps > MAX_PLAY_STEPS:
        fewer = max(1, MAX_PLAY_STEPS // (starts * len(strategy)))
        raise UsageError(
            f"{args.games:,} games from each of {starts:,} starts over {len(strategy):,} moves "
            f"is up to {steps:.1e} coin steps, more than check plays ({MAX_PLAY_STEPS:.0e}); "
            f"use --games {fewer:,} or fewer"
        )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    quiet = False if args.json else None
    with reporter("random play", total=len(strategy), enabled=quiet) as rep:
        sampled = probably_wins(
            strategy,
            args.n,
            k=args.games,
            rng=seed,
            on_progress=lambda done, _total: rep.reach(done),
        )
    with reporter("exact check", total=len(strategy), enabled=quiet) as rep:
        exact = verify(
            strategy,
            args.n,
            on_progress=lambda done, _total: rep.reach(done),
        )
    if args.json:
        _emit_json(
            {
                "coins": args.n,
                "moves": len(strategy),
                "games_per_start": args.games,
                "seed": seed,
                "probably_wins": sampled,
                "wins": exact.wins,
                "won_at": exact.won_at,
                "seconds": round(exact.seconds, 6),
            }
        )
        return 0
    print(
        f"Random Devil: {args.games:,} games from each of the {starts:,} canonical starts "
        f"(seed {seed}): {'all won' if sampled else 'at least one lost'}."
    )
    if exact.wins:
        print(
            f"Exact check: the strategy wins against every Devil; the belief is all heads "
            f"after move {exact.won_at} of {len(strategy):,}."
        )
    else:
        print(
            f"Exact check: the strategy does NOT always win; {exact.sizes[-1]:,} canonical "
            f"sequences are still possible after its {len(strategy):,} moves."
        )
    return 0


def cmd_count(args) -> int:
    """devilcoins count N."""
    from .canonical import canonical_count

    if args.n > MAX_COUNT_N:
        raise UsageError(
            f"N = {args.n:,} is past what count prints (N <= {MAX_COUNT_N:,}): the "
            f"answer would have about {int(args.n * 0.30103):,} digits"
        )
    count = canonical_count(args.n)
    if args.json:
        _emit_json({"coins": args.n, "canonical": count, "sequences": 2**args.n})
        return 0
    print(
        f"{_count(args.n, 'coin')}: {count:,} canonical sequences (of 2^{args.n} = {2**args.n:,} "
        "sequences), by Burnside's lemma"
    )
    return 0


COMMANDS = {
    "solve": cmd_solve,
    "table": cmd_table,
    "play": cmd_play,
    "check": cmd_check,
    "count": cmd_count,
}


def main(argv: list[str] | None = None) -> int:
    """Run the devilcoins command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error already printed
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    try:
        return COMMANDS[args.command](args)
    except DevilcoinsError as err:
        print(f"devilcoins: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("devilcoins: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
