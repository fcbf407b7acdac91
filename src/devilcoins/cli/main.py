"""The ``devilcoins`` command: a thin shell over the library.

Usage errors print one line and exit with status 2; an interrupt exits with status 130.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import textwrap
from pathlib import Path

from devilcoins.coins.notation import DevilcoinsError
from devilcoins.core.files import write_new as _write_new
from devilcoins.core.files import write_new_with

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


def _move_number(text: str) -> int:
    return _whole(text, what="a move number", low=1)


def _non_negative(text: str) -> int:
    return _whole(text, what="the count", low=0)


def _port(text: str) -> int:
    value = _whole(text, what="the port", low=1)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"the port must be at most 65535, got {value}")
    return value


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
    from devilcoins import __version__
    from devilcoins.cli import games as _games

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

    _games.add_game_options(p)

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
        help="play a strategy against a random, scripted or adversarial Devil",
        description="Play one game with the seeds' verbose trace: each line shows "
        "the coins, the table after the Devil's turn, the flips and the result. Against the "
        "random Devil the result is shown in canonical form, as in the seeds; against a "
        "scripted or adversarial Devil the coins are shown as they lie on the table.",
    )
    p.add_argument("n", type=_coins_count, metavar="N", help="number of coins")
    p.add_argument(
        "--start", metavar="COINS", help="starting coins such as HTTH (default: drawn at random)"
    )
    p.add_argument(
        "--devil",
        choices=("random", "adversarial"),
        default="random",
        help="'random' (default) turns at random; 'adversarial' knows the strategy and plays "
        "its certificate or the worst line exact propagation finds",
    )
    p.add_argument(
        "--devil-turns",
        metavar="FILE",
        help="the Devil's turns from FILE ('-' for stdin): a counterexample from 'verify --json' "
        "or 'verify --counterexample', a JSON list, or numbers separated by spaces; the game "
        "starts from the file's start unless --start is given",
    )
    _game_options(p, "play")

    _games.add_game_options(p)

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
        "construct",
        help="stream Lamping's shortest strategy for N = 2^k coins",
        description="Write the 2^N - 1 moves of Lamping's construction, one a line (or as "
        "binary words). Move i depends only on the trailing zero bits of i; the output is "
        "deterministic.",
    )
    p.add_argument("n", type=_coins_count, metavar="N", help="number of coins, a power of 2")
    p.add_argument(
        "--format",
        choices=("positions", "flips", "binary"),
        default="positions",
        help="'positions' (default): '0 2'; 'flips': 'FLFL'; 'binary': one little-endian word "
        "of max(1, N/8) bytes a move, bit t = flip position t",
    )
    p.add_argument(
        "--start", type=_move_number, default=1, metavar="I", help="first move (1-based, default 1)"
    )
    p.add_argument(
        "--count", type=_non_negative, metavar="C", help="how many moves (default: to the last)"
    )
    p.add_argument(
        "--output", metavar="FILE", help="write to FILE (never overwrites) instead of stdout"
    )

    _games.add_game_options(p)

    p = sub.add_parser(
        "move",
        help="move I of the construction for N = 2^k coins, computed directly",
        description="Compute one move of Lamping's construction in O(log N) steps, for any "
        "I from 1 to 2^N - 1 (N = 64: I up to 18446744073709551615).",
    )
    p.add_argument("n", type=_coins_count, metavar="N", help="number of coins, a power of 2")
    p.add_argument("i", type=_move_number, metavar="I", help="move number, 1-based")
    p.add_argument(
        "--format", choices=("positions", "flips"), default="positions", help="output format"
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")

    p = sub.add_parser(
        "verify",
        help="decide exactly whether a strategy wins; a counterexample when it loses",
        description="Propagate the belief of every start through the strategy (exact, every "
        "start against every Devil). Exit status 0 when it wins, 1 when it loses, 2 for a "
        "usage error.",
    )
    p.add_argument("n", type=_coins_count, metavar="N", help="number of coins")
    p.add_argument("file", metavar="FILE", help="strategy file, one move a line ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    p.add_argument(
        "--counterexample",
        metavar="OUT",
        help="when it loses, also write the counterexample to OUT (never overwrites), for "
        "'play --devil-turns OUT'",
    )

    _games.add_game_options(p)

    p = sub.add_parser(
        "prove",
        help="the verdict for N coins with its evidence (any N up to 10^12)",
        description="Say whether N coins can be won and how short a strategy can be, with the "
        "evidence: the lower bound and the construction (checked exactly for N <= 16), or the "
        "Devil's certificate (checked exhaustively where the sizes allow).",
    )
    p.add_argument("n", type=_coins_count, metavar="N", help="number of coins")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")

    _games.add_game_options(p)

    p = sub.add_parser(
        "explain",
        help="how the winning strategy works (N = 2, 4, 8 in full; 16 in summary)",
        description="Explain the recursive structure of the strategy, the same/different "
        "pattern of opposite coins and the belief table move by move; for other N, why the "
        "Devil wins.",
    )
    p.add_argument("n", type=_coins_count, metavar="N", help="number of coins")

    _games.add_game_options(p)

    p = sub.add_parser(
        "draw",
        help="draw the table as SVG (coins clockwise from 12 o'clock, a move's flips ringed)",
        description="Write an SVG picture of the coins on the round table.",
    )
    p.add_argument("coins", metavar="COINS", help="coins such as HTTH (position 0 first)")
    p.add_argument("--move", metavar="MOVE", help="ring the positions a move flips: '0 2' or FLFL")
    p.add_argument("--size", type=_positive, default=240, metavar="PX", help="width in pixels")
    p.add_argument("--output", metavar="FILE", help="write to FILE (never overwrites)")

    p = sub.add_parser(
        "plot",
        help="plot the belief's size along a strategy (log scale), or the belief table",
        description="Write a PNG or SVG (by the file's ending) of the belief's size after each "
        "move of the shortest strategy (N <= 8, or 16), or of a strategy FILE.",
    )
    p.add_argument("n", type=_coins_count, metavar="N", help="number of coins")
    p.add_argument("--output", metavar="FILE", help="a new .png or .svg (default beliefs-N.png)")
    p.add_argument("--table", action="store_true", help="draw the belief table (N <= 8)")
    p.add_argument("--strategy", metavar="FILE", help="plot the moves in FILE instead")
    p.add_argument("--json", action="store_true", help=argparse.SUPPRESS)

    p = sub.add_parser(
        "serve",
        help="a web page to play against the Devil and watch strategies (local)",
        description="Start the web app: a page to play blindfolded, watch the strategy and "
        "its belief table, and a JSON API (schema at /openapi.json). Loopback only unless "
        "--host says otherwise. Ctrl-C stops it.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")

    p = sub.add_parser(
        "atlas",
        help="a grid of small games, each settled exactly and checked against the literature",
        description="Solve every game of a documented grid (coins and dials, named groups, "
        "limited hands, goals zero and same, blind, touch and sight) and compare each answer "
        "with the literature where it has one.",
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    p.add_argument("--markdown", action="store_true", help="print a Markdown table")

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


def _variant(args):
    """The game the options name, or None for the coin game (the coin engine's commands)."""
    from devilcoins.cli.games import game_from

    return game_from(args)


def _count(number: int, word: str) -> str:
    """'1 coin', '4 coins', '1,000 games'."""
    return f"{number:,} {word}" + ("" if number == 1 else "s")


def _json_text(value, indent: str = "") -> str:
    """JSON with objects indented and lists of plain values kept on one line."""
    inner = indent + "  "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(str(k))}: {_json_text(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        items = [inner + _json_text(v, inner) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value)


def _emit_json(data: dict) -> None:
    print(_json_text(data))


def _searched(n: int, quiet: bool):
    """Run the belief search with a spinner on a terminal."""
    from devilcoins.cli.progress import reporter
    from devilcoins.coins.search import belief_search, check_searchable

    check_searchable(n)
    with reporter(f"searching {n} coins", enabled=None if not quiet else False) as rep:
        return belief_search(
            n,
            on_progress=lambda p: rep.note(
                f"searching {n} coins: depth {p.depth}, {p.explored:,} beliefs"
            ),
        )


def _read_strategy(path: str, n: int):
    from devilcoins.coins.notation import NotationError, Strategy

    text = _read_text(path, "strategy")
    name = "stdin" if path == "-" else path
    try:
        strategy = Strategy.parse(text, n)
    except NotationError as err:
        raise UsageError(f"{name}: {err}") from None
    if not strategy:
        raise UsageError(f"{name}: the strategy has no moves")
    return strategy


def _strategy_for(args, *, widest: int | None = None):
    """The strategy a command works on: from --strategy FILE, else the shortest one known."""
    from devilcoins.coins.construct import construction, is_power_of_two
    from devilcoins.core.tables import MAX_TABLE_N

    widest = MAX_TABLE_N if widest is None else widest
    if args.strategy:
        if args.n > widest:
            raise UsageError(
                f"N = {args.n} is too large: this command takes strategies up to N = {widest}"
            )
        return _read_strategy(args.strategy, args.n)
    if is_power_of_two(args.n) and args.n > 8:
        if args.n > 16:
            raise UsageError(
                f"the shortest strategy for N = {args.n} has 2^{args.n} - 1 moves, too many to "
                "play; stream it with 'devilcoins construct' instead"
            )
        return construction(args.n)  # Lamping's; the search stops at N = 15
    result = _searched(args.n, quiet=args.json)
    if result.strategy is None:
        raise UsageError(
            f"no winning strategy exists for N = {args.n} (all {result.explored:,} "
            "reachable beliefs explored); give one to test with --strategy FILE"
        )
    return result.strategy


def _save_strategy(path: str, text: str) -> None:
    """Write text to a new file at path; refuse to touch an existing file."""
    _write_new(path, text.encode("utf-8"))


def cmd_solve(args) -> int:
    """devilcoins solve N."""
    from devilcoins.coins.verification import verify
    from devilcoins.render.show import belief_table

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
    from devilcoins.cli.progress import reporter
    from devilcoins.coins.search import MAX_SEARCH_N, check_searchable

    if args.min_n > args.max_n:
        raise UsageError(f"--min {args.min_n} is larger than --max {args.max_n}")
    if args.max_n > MAX_SEARCH_N:
        check_searchable(args.max_n)
    from devilcoins.coins.search import belief_search

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
    from devilcoins.coins.notation import Coins

    if args.start is None:
        tails = int(rng.integers(1, 1 << args.n))
        return Coins.from_mask(tails, args.n)
    coins = Coins(args.start)
    if coins.n != args.n:
        raise UsageError(f"--start {args.start} has {coins.n} coins but N = {args.n}")
    return coins


def _read_text(path: str, what: str) -> str:
    """The text of a file the user names ('-' for stdin), or a clear usage error."""
    if path == "-":
        return sys.stdin.read()
    file = Path(path)
    if not file.exists():
        raise UsageError(f"no such {what} file: {path}")
    if file.is_dir():
        raise UsageError(f"{path} is a folder; give a {what} file")
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"cannot read {what} file {path}: {err}") from None


def _devil_for(args, strategy, rng):
    """(start coins, devil function or None for random, canonical display, a header line)."""
    from devilcoins.coins.devil import adversary, scripted
    from devilcoins.coins.notation import Counterexample, NotationError

    if args.devil_turns and args.devil == "adversarial":
        raise UsageError("--devil-turns and --devil adversarial both choose the turns; use one")
    if args.devil_turns == "-" and args.strategy == "-":
        raise UsageError("--strategy and --devil-turns cannot both read stdin; give one a file")
    if args.devil_turns:
        try:
            script = Counterexample.parse(_read_text(args.devil_turns, "turns"), args.n)
        except NotationError as err:
            raise UsageError(f"{args.devil_turns}: {err}") from None
        if len(script.turns) < len(strategy):
            raise UsageError(
                f"{args.devil_turns} has {_count(len(script.turns), 'turn')} but the strategy "
                f"has {_count(len(strategy), 'move')}; give a turn for every move"
            )
        start = _start_coins(args, rng) if args.start or script.start is None else script.start
        return (
            start,
            scripted(script.turns),
            False,
            "the Devil's turns from "
            + ("stdin:" if args.devil_turns == "-" else f"{args.devil_turns}:"),
        )
    if args.devil == "adversarial":
        start = _start_coins(args, rng) if args.start else None
        adv = adversary(strategy, args.n, start)
        text = textwrap.fill(adv.explanation, 96)
        return adv.start, adv.devil, False, f"an adversarial Devil:\n{text}"
    return _start_coins(args, rng), None, True, "a random Devil"


def cmd_play(args) -> int:
    """devilcoins play N."""
    import numpy as np

    from devilcoins.coins.notebook import play

    scripted = args.devil != "random" or args.devil_turns
    strategy = _strategy_for(args, widest=64 if scripted else None)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    rng = np.random.default_rng(seed)
    start, devil, canonical, against = _devil_for(args, strategy, rng)
    lines: list[str] = []
    final = play(
        strategy, start, verbose=True, rng=rng, devil=devil, out=lines.append, canonical=canonical
    )
    moves_used = len(lines)
    kind = "random" if not scripted else ("turns" if args.devil_turns else "adversarial")
    if args.json:
        data = {
            "coins": args.n,
            "start": start,
            "devil": kind,
            "won": final.all_heads,
            "moves": moves_used,
            "final": final,
            "trace": lines,
        }
        if kind == "random":
            data["seed"] = seed
        _emit_json(data)
        return 0
    if kind == "random":
        against += f" (seed {seed}):"
    print(
        f"Playing a {len(strategy):,}-move strategy for {_count(args.n, 'coin')} from {start} "
        f"against {against}"
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
    from devilcoins.cli.progress import reporter
    from devilcoins.coins.notebook import probably_wins
    from devilcoins.coins.verification import verify
    from devilcoins.core.tables import canonical_count

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


def cmd_construct(args) -> int:
    """devilcoins construct N."""
    from devilcoins.cli.progress import reporter
    from devilcoins.coins.construct import check_power_of_two, strategy_length, stream_moves

    n = check_power_of_two(args.n)
    last = strategy_length(n)
    if args.start > last:
        raise UsageError(f"--start {args.start:,} is past the last move, 2^{n} - 1 = {last:,}")
    count = last - args.start + 1 if args.count is None else args.count
    if args.output:
        return _construct_to_file(args, n, count)
    out = sys.stdout.buffer
    show = not sys.stdout.isatty() and None  # a bar only when the moves go to a file or pipe
    with reporter(f"moves for {n} coins", total=count, enabled=show) as rep:
        stream_moves(
            out,
            n,
            start=args.start,
            count=count,
            fmt=args.format,
            on_progress=lambda done, _total: rep.reach(done),
        )
    out.flush()
    return 0


def _construct_to_file(args, n: int, count: int) -> int:
    """Stream the moves into a new file at --output (never overwrites)."""
    from devilcoins.cli.progress import reporter
    from devilcoins.coins.construct import stream_moves

    def fill(out) -> None:
        with reporter(f"writing {args.output}", total=count) as rep:
            stream_moves(
                out,
                n,
                start=args.start,
                count=count,
                fmt=args.format,
                on_progress=lambda done, _total: rep.reach(done),
            )

    write_new_with(args.output, fill)
    return 0


def cmd_move(args) -> int:
    """devilcoins move N I."""
    from devilcoins.coins.construct import move_format, move_mask, move_phase
    from devilcoins.coins.explain import move_kind

    mask = move_mask(args.n, args.i)
    if args.json:
        _emit_json(
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
    sys.stdout.write(move_format(mask, args.n, args.format).decode())
    return 0


def _size_rows(sizes, count: int = 8) -> list[str]:
    """A few (move, belief size) lines spread along the strategy, always the first and last."""
    last = len(sizes) - 1
    marks = sorted({0, last, *(round(last * k / count) for k in range(1, count))})
    return [f"  after move {i:>{len(f'{last:,}')},}: {sizes[i]:,}" for i in marks]


def cmd_verify(args) -> int:
    """devilcoins verify N FILE."""
    from devilcoins.cli.progress import reporter
    from devilcoins.coins.verification import MAX_VERIFY_N, verify

    if args.n > MAX_VERIFY_N:
        raise UsageError(f"verify reads strategies for up to {MAX_VERIFY_N} coins, not {args.n}")
    if args.counterexample:
        target = Path(args.counterexample)
        if target.exists():
            raise UsageError(
                f"{args.counterexample} already exists; choose a new file name (nothing was "
                "written)"
            )
        folder = target.parent if str(target.parent) else Path(".")
        if not folder.is_dir():
            raise UsageError(f"{folder} is not a folder; choose where --counterexample goes")
    strategy = _read_strategy(args.file, args.n)
    with reporter("verifying", total=len(strategy), enabled=False if args.json else None) as rep:
        v = verify(strategy, args.n, on_progress=lambda done, _total: rep.reach(done))
    if v.counterexample is not None and args.counterexample:
        _write_new(args.counterexample, (v.counterexample.to_text() + "\n").encode())
    if args.json:
        _emit_json(v.to_json())
        return 0 if v.wins else 1
    source = "stdin" if args.file == "-" else args.file
    print(f"{_count(len(strategy), 'move')} for {_count(args.n, 'coin')}, from {source}.")
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
        c = v.counterexample
        shown = " ".join(map(str, c.turns[:24])) + (" ..." if len(c.turns) > 24 else "")
        print(
            f"Counterexample: start {c.start}; the Devil turns the table by r before each move "
            f"(coins[r:] + coins[:r]): {shown}"
        )
        if len(strategy) < (1 << args.n) - 1:
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
    return 0 if v.wins else 1


def cmd_prove(args) -> int:
    """devilcoins prove N."""
    from devilcoins.coins.prove import MAX_PROVE_N, prove

    if args.n > MAX_PROVE_N:
        raise UsageError(f"prove answers N up to {MAX_PROVE_N:,}, not {args.n:,}")
    proof = prove(args.n)
    if args.json:
        _emit_json(proof.to_json())
    else:
        sys.stdout.write(proof.to_text())
    return 0 if proof.holds else 1


#: The largest power of 2 explain describes (its move list has one line per coin).
MAX_EXPLAIN_N = 64


def cmd_explain(args) -> int:
    """devilcoins explain N."""
    from devilcoins.coins.construct import is_power_of_two
    from devilcoins.coins.explain import explain
    from devilcoins.coins.prove import MAX_PROVE_N

    if is_power_of_two(args.n) and args.n > MAX_EXPLAIN_N:
        raise UsageError(
            f"explain describes powers of 2 up to N = {MAX_EXPLAIN_N}; N = {args.n} is built "
            f"the same way (see 'devilcoins explain {MAX_EXPLAIN_N}' and 'devilcoins prove "
            f"{args.n}')"
        )
    if args.n > MAX_PROVE_N:
        raise UsageError(f"explain answers N up to {MAX_PROVE_N:,}, not {args.n:,}")
    sys.stdout.write(explain(args.n))
    return 0


def cmd_draw(args) -> int:
    """devilcoins draw COINS."""
    from devilcoins.coins.notation import Coins, Move
    from devilcoins.render.pictures import table_svg

    coins = Coins(args.coins)
    move = Move.parse(args.move, coins.n) if args.move else None
    svg = table_svg(coins, move, size=args.size)
    if args.output:
        _write_new(args.output, svg.encode())
    else:
        sys.stdout.write(svg)
    return 0


def cmd_plot(args) -> int:
    """devilcoins plot N."""
    from devilcoins.render.plots import belief_size_figure, belief_table_figure, save

    output = args.output or f"beliefs-{args.n}{'-table' if args.table else ''}.png"
    if not output.lower().endswith((".png", ".svg")):
        raise UsageError(f"{output}: write a .png or .svg file")
    if Path(output).exists():
        raise UsageError(f"{output} already exists; choose a new file name (nothing was written)")
    if args.table and args.n > 8:
        raise UsageError(f"the belief table is drawn for N <= 8; for N = {args.n} drop --table")
    strategy = _strategy_for(args)
    figure = belief_table_figure if args.table else belief_size_figure
    save(figure(strategy, args.n), output)
    print(f"wrote {output}")
    return 0


def cmd_serve(args) -> int:
    """devilcoins serve."""
    import socket

    from devilcoins.web.app import serve

    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    try:  # find out now, with a clear message, rather than from the server's log
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((args.host, args.port))
    except OSError as err:
        raise UsageError(
            f"cannot listen on {args.host}:{args.port}: {err.strerror or err}; "
            "choose another --port or --host"
        ) from None
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"devilcoins: serving on http://{shown}:{args.port}/ (Ctrl-C stops it)", flush=True)
    serve(args.host, args.port)
    return 0


def cmd_atlas(args) -> int:
    """devilcoins atlas."""
    from devilcoins.atlas import atlas, default_grid, to_json, to_markdown, to_text
    from devilcoins.cli.progress import reporter

    games = default_grid()
    quiet = False if (args.json or args.markdown) else None
    with reporter("atlas", total=len(games), enabled=quiet) as rep:
        entries = atlas(games, on_progress=lambda done, _total: rep.reach(done))
    if args.json:
        _emit_json(to_json(entries))
    elif args.markdown:
        print(to_markdown(entries, seconds=False))
    else:
        print(to_text(entries))
    return 0 if all(e.agrees is not False for e in entries) else 1


def cmd_count(args) -> int:
    """devilcoins count N."""
    from devilcoins.core.tables import canonical_count

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
    "atlas": cmd_atlas,
    "draw": cmd_draw,
    "plot": cmd_plot,
    "serve": cmd_serve,
    "construct": cmd_construct,
    "move": cmd_move,
    "verify": cmd_verify,
    "prove": cmd_prove,
    "explain": cmd_explain,
}


#: The commands that take the game options (``cli_games`` has a function of the same name).
GAME_COMMANDS = ("solve", "verify", "prove", "play", "explain", "construct")


def main(argv: list[str] | None = None) -> int:
    """Run the devilcoins command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error already printed
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    try:
        if args.command in GAME_COMMANDS and (game := _variant(args)) is not None:
            from devilcoins.cli import (
                games as cli_games,  # any game option given: the general engine answers
            )

            return getattr(cli_games, args.command)(args, game)
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
