"""``devilcoins atlas``: a grid of small games, each settled exactly and checked against the
literature; with ranges, a cluster and a database for large grids."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from devilcoins import GROUP_NAMES
from devilcoins.atlas.grid import GOALS, MAX_STATES, MOST_N, OBSERVE, parse_names, parse_range
from devilcoins.cli.common import (
    EXIT_INTERRUPTED,
    Command,
    Options,
    UsageError,
    decimal,
    positive,
    print_out,
    require_extra,
)
from devilcoins.cli.jsonout import emit_json
from devilcoins.cli.limits import add_memory_option
from devilcoins.cli.signals import EXIT_TERMINATED, Terminated
from devilcoins.core.errors import DevilcoinsError

if TYPE_CHECKING:
    from devilcoins import Game
    from devilcoins.atlas.entry import AtlasEntry
    from devilcoins.atlas.store import AtlasStore
    from devilcoins.cli.progress import Reporter

__all__ = ["COMMAND"]

FORMATS = ("text", "markdown", "csv", "json")

#: What needs the atlas extra: a run on Dask with games left to solve; without those options the
#: atlas is solved here, one game after another (with --time-limit alone: in a child process,
#: each game stopped at the limit), and --from-db (or a --db that holds every game asked for)
#: only reads the file. Checked before a new --db file is made.
_ON_DASK = "devilcoins atlas with --db, --workers or --scheduler"


def _checked(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type from a parser that raises DevilcoinsError (a one-line usage error)."""

    def check(text: str) -> Any:
        try:
            return parse(text)
        except DevilcoinsError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    return check


def _seconds(text: str) -> float:
    """A time limit in seconds, > 0."""
    value = decimal(text, what="--time-limit (seconds)")
    if not 0 < value < math.inf:
        raise DevilcoinsError(
            f"the time limit must be a finite number of seconds above 0, got {text!r}"
        )
    return value


def _hands(text: str) -> tuple[int, ...] | str:
    """'all' or a range of hand counts."""
    return "all" if text.strip().lower() == "all" else parse_range(text, "hands", 0, MOST_N)


def add_arguments(p: Options) -> None:
    """The grid's ranges, where to solve it, where to keep it and how to print it."""
    _add_grid_arguments(p)
    _add_run_arguments(p)
    p.add_argument(
        "--from-db",
        metavar="FILE",
        help="print the table stored in FILE (with ranges: those games), solving nothing",
    )
    p.add_argument("--format", choices=FORMATS, help="text (default), markdown, csv or json")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    p.add_argument("--markdown", action="store_true", help="print a Markdown table")


def _add_grid_arguments(p: Options) -> None:
    """The grid's ranges: positions, values, groups, hands, goals, ways of observing."""
    g = p.add_argument_group("the grid (without any: the default grid of 188 games)")
    size = g.add_mutually_exclusive_group()
    size.add_argument(
        "--max-n",
        type=_checked(lambda t: parse_range(f"1..{positive(t)}", "--max-n 1..N", 1, MOST_N)),
        metavar="N",
        help=f"positions 1..N (N at most {MOST_N})",
    )
    size.add_argument(
        "--n",
        type=_checked(lambda t: parse_range(t, "n", 1, MOST_N)),
        metavar="RANGE",
        help="positions, e.g. 4, 1..8 or 2..6,8 (default 1..8)",
    )
    g.add_argument(
        "--values",
        type=_checked(lambda t: parse_range(t, "values", 2, MAX_STATES)),
        metavar="RANGE",
        help="values per position, e.g. 2..5 (default 2)",
    )
    g.add_argument(
        "--groups",
        type=_checked(lambda t: parse_names(t, GROUP_NAMES)),
        metavar="LIST",
        help=f"the Devil's groups, of {','.join(GROUP_NAMES)} (default cyclic)",
    )
    g.add_argument(
        "--hands",
        type=_checked(_hands),
        metavar="RANGE",
        help="hand counts, e.g. 1..3, or all (default: all)",
    )
    g.add_argument(
        "--goals",
        type=_checked(lambda t: parse_names(t, GOALS)),
        metavar="LIST",
        help="zero, same or zero,same (default both)",
    )
    g.add_argument(
        "--observe",
        type=_checked(lambda t: parse_names(t, OBSERVE)),
        metavar="LIST",
        help=f"of {','.join(OBSERVE)} (default blind)",
    )


def _add_run_arguments(p: Options) -> None:
    """Where the grid is solved (a Dask cluster) and kept (SQLite), and each game's limit."""
    r = p.add_argument_group(
        "the run (--db, --workers or --scheduler: one Dask task per game; without them the "
        "games are solved here, one after another)"
    )
    r.add_argument(
        "--time-limit",
        type=_checked(_seconds),
        metavar="SECONDS",
        help="per game; a game past it is stored as open (without it a game here has no time "
        "limit, only the memory limit: three quarters of this machine)",
    )
    where = r.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=positive,
        metavar="N",
        help="worker processes of a local cluster (default 2)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="use the running Dask cluster at ADDRESS, e.g. tcp://host:8786",
    )
    add_memory_option(r)
    r.add_argument(
        "--db",
        metavar="FILE",
        help="keep every answer in this SQLite file; games already there are skipped "
        "(a run goes on where the last one stopped)",
    )


def _format(args: argparse.Namespace) -> str:
    """The output format: --format, or --json / --markdown, or text."""
    shorthand = "json" if args.json else "markdown" if args.markdown else None
    if args.format and shorthand and args.format != shorthand:
        raise UsageError(f"--format {args.format} and --{shorthand} disagree; give one")
    return args.format or shorthand or "text"


def _ranges_given(args: argparse.Namespace) -> bool:
    """Whether any of the grid's options is given."""
    ranges = (args.max_n, args.n, args.values, args.groups, args.hands, args.goals, args.observe)
    return any(r is not None for r in ranges)


def _run_options_given(args: argparse.Namespace) -> bool:
    """Whether any option of the distributed run is given (--db, --workers, ...)."""
    return any((args.db, args.workers, args.scheduler, args.time_limit))


def _grid(args: argparse.Namespace) -> list[Game]:
    """The games the options ask for: the default grid when no range is given."""
    from devilcoins.atlas.grid import default_grid, grid

    if not _ranges_given(args):
        return default_grid()
    ns = args.n or args.max_n or range(1, 9)
    left_out: dict[str, str] = {}
    games = grid(
        ns,
        values=args.values or (2,),
        groups=args.groups or ("cyclic",),
        hands=None if args.hands == "all" else args.hands,
        goals=args.goals or GOALS,
        observe=args.observe or ("blind",),
        left_out=left_out,
    )
    if left_out:
        sizes = ", ".join(left_out)
        print(f"devilcoins: left out {sizes}: {next(iter(left_out.values()))}", file=sys.stderr)
    return games


def _print(
    entries: list[AtlasEntry], fmt: str, records: list[dict[str, Any]] | None = None
) -> None:
    """Print the table in the format; json's entries are records when given (from a store:
    each with its version and time)."""
    from devilcoins.atlas.report import to_csv, to_json, to_markdown, to_text

    if fmt == "json":
        data = to_json(entries)
        if records is not None:
            data["entries"] = records
        emit_json(data)
    elif fmt == "csv":
        print_out(to_csv(entries))
    else:
        print(to_markdown(entries, seconds=False) if fmt == "markdown" else to_text(entries))


def _status(entries: list[AtlasEntry]) -> int:
    """1 if any answer disagrees with the literature, else 0."""
    return 0 if all(e.agrees is not False for e in entries) else 1


def _from_db(args: argparse.Namespace, fmt: str) -> int:
    """Print the stored table."""
    from devilcoins.atlas.store import AtlasStore

    if _run_options_given(args):
        raise UsageError(
            "--from-db prints a stored table; it takes no --db, --workers, "
            "--scheduler or --time-limit"
        )
    games = _grid(args) if _ranges_given(args) else None
    with AtlasStore(args.from_db, create=False, read_only=True) as store:
        entries = store.entries(games)
        _print(entries, fmt, store.records(games) if fmt == "json" else None)
    return _status(entries)


def _serial(games: list[Game], fmt: str) -> int:
    """Solve the games one after another in this process (no run options: as before)."""
    from devilcoins.atlas.entry import atlas
    from devilcoins.cli.progress import reporter

    with reporter("atlas", total=len(games), logged=True) as rep:
        entries = atlas(games, on_progress=lambda done, _total: rep.reach(done))
    _print(entries, fmt)
    return _status(entries)


def _on_dask(args: argparse.Namespace) -> bool:
    """Whether the run goes to a Dask cluster (else here, each game in a child process)."""
    return any((args.db, args.workers, args.scheduler))


def _distributed(args: argparse.Namespace, games: list[Game], fmt: str) -> int:
    """Solve the games on a Dask cluster (or here, within --time-limit each), each answer
    stored as it arrives."""
    from devilcoins.atlas.store import AtlasStore

    if _on_dask(args) and not (args.db and os.path.exists(args.db)):  # every game to solve
        require_extra(_ON_DASK, "atlas", "dask", "distributed")
    with AtlasStore(args.db or ":memory:") as store:
        todo = len(store.pending(games, args.time_limit))
        try:
            entries = _solve(args, games, store, todo) if todo else store.entries(games)
        except (KeyboardInterrupt, Terminated) as stop:
            kept = f"; {len(store)} games kept in {args.db}, run again to go on" if args.db else ""
            how = "terminated" if isinstance(stop, Terminated) else "interrupted"
            print(f"devilcoins: {how}{kept}", file=sys.stderr)
            return EXIT_TERMINATED if isinstance(stop, Terminated) else EXIT_INTERRUPTED
        _print(entries, fmt, store.records(games) if args.db and fmt == "json" else None)
    return _status(entries)


def _solve(
    args: argparse.Namespace, games: list[Game], store: AtlasStore, todo: int
) -> list[AtlasEntry]:
    """Run the games on the cluster the options name (or here), the progress bar counting todo
    games."""
    from devilcoins.atlas import run as atlas_run
    from devilcoins.atlas.entry import OPEN
    from devilcoins.cli.progress import reporter

    counts = {"done": 0, "open": 0}
    with reporter("atlas", total=todo, logged=True) as rep, _cluster(args, rep) as client:
        width = atlas_run.threads(client) if _on_dask(args) else 1
        rep.note(f"atlas: {min(width, todo)} running, 0 open")

        def show(entry: AtlasEntry) -> None:
            counts["done"] += 1
            counts["open"] += entry.status == OPEN
            rep.note(f"atlas: {min(width, todo - counts['done'])} running, {counts['open']} open")
            rep.reach(counts["done"])

        limit = args.time_limit
        if not _on_dask(args):
            return atlas_run.run_here(games, store, time_limit=limit, on_result=show)
        return atlas_run.run_atlas(games, store, client, time_limit=limit, on_result=show)


@contextmanager
def _cluster(args: argparse.Namespace, rep: Reporter) -> Iterator[Any]:
    """The Dask client the options ask for (nothing for a run here); the status says when the
    cluster starts (seconds: the workers import everything; Ctrl-C leaves it at once)."""
    if not _on_dask(args):
        yield None
        return
    require_extra(_ON_DASK, "atlas", "dask", "distributed")
    import distributed  # noqa: F401  (first: what the status names next is the start itself)

    from devilcoins.atlas.run import local_client, remote_client

    if args.scheduler:
        rep.note(f"atlas: connecting to the Dask scheduler at {args.scheduler}")
        connect = remote_client(args.scheduler)
    else:
        rep.note(f"atlas: starting {args.workers or 2} Dask worker processes")
        connect = local_client(args.workers or 2)
    with connect as client:
        yield client


def run(args: argparse.Namespace) -> int:
    """devilcoins atlas."""
    fmt = _format(args)
    if args.from_db:
        return _from_db(args, fmt)
    games = _grid(args)
    if _run_options_given(args):
        return _distributed(args, games, fmt)
    return _serial(games, fmt)


COMMAND = Command(
    name="atlas",
    help="a grid of small games, each settled exactly and checked against the literature",
    description="Solve every game of a grid (by default a documented one: coins and dials, "
    "named groups, limited hands, goals zero and same, blind, touch and sight) and compare "
    "each answer with the literature where it has one. With --db, --workers or --scheduler each "
    "game is a task on a Dask cluster and the answers are kept in SQLite; --time-limit alone "
    "solves them here, each in a child process stopped at the limit.",
    add_arguments=add_arguments,
    run=run,
    limited=False,
)
