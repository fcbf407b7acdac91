"""The atlas on Dask: the n <= 8 atlas with 1 and 2 workers, and the task system's cost per game.

    .venv/bin/python bench/atlas.py [--json] [--trivial K]

Rows: the default atlas (200 games, n <= 8) solved one after another in this process; the same
games on a local cluster of 1 and of 2 worker processes (each game one task, solved in the
worker's kept child process, answers stored in an in-memory SQLite store), with the speed-up
over 1 worker; the start of a cluster; the trivial game n = 1 settled K times in this process and
as K tasks on 1 worker, whose difference per game is the overhead of a task (Dask and the pipe
to the worker's child); and the time to store one answer in an SQLite file (a commit each).
Each cluster settles a few games first so that its children have started.  Times are
wall-clock seconds, best of two.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from devilcoins.atlas import atlas, default_grid, settle
from devilcoins.atlas.run import local_client, run_atlas, settle_task
from devilcoins.atlas.store import AtlasStore
from devilcoins.core.game import Game

REPEATS = 2
WARM_UP = [Game(n) for n in range(1, 5)]


@dataclass
class Row:
    """One line of the table: what, seconds, and a note."""

    measure: str
    seconds: float
    note: str = ""


def best(run: Callable[[], object]) -> float:
    """The least wall-clock time of REPEATS runs."""
    times = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    return min(times)


def on_cluster(games: list[Game], workers: int) -> tuple[float, float]:
    """(seconds to start a cluster of workers, best seconds to settle games on it)."""
    t0 = time.perf_counter()
    with local_client(workers) as client:
        start = time.perf_counter() - t0
        with AtlasStore(":memory:") as store:
            run_atlas(WARM_UP, store, client)  # start the workers' children

        def settle_all() -> None:
            with AtlasStore(":memory:") as store:
                run_atlas(games, store, client, time_limit=60)

        return start, best(settle_all)


def through_dask(text: str, count: int) -> float:
    """Best seconds to settle one game count times as tasks on a 1-worker cluster (no store)."""
    with local_client(1) as client:
        client.gather(client.map(settle_task, [text] * 2, pure=False))  # start the child
        return best(lambda: client.gather(client.map(settle_task, [text] * count, pure=False)))


def commit_time(count: int) -> float:
    """Seconds per stored answer: count puts (each committed) into an SQLite file."""
    entry = settle(Game(1))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "atlas.sqlite"
        with AtlasStore(path) as store:
            t0 = time.perf_counter()
            for m in range(2, count + 2):
                store.put(replace(entry, game=Game(1, values=m)))
            return (time.perf_counter() - t0) / count


def measure(trivial: int) -> list[Row]:
    """Every row."""
    grid = default_grid()
    atlas(WARM_UP)
    serial = best(lambda: atlas(grid))
    start1, one = on_cluster(grid, 1)
    start2, two = on_cluster(grid, 2)
    easy_serial = best(lambda: [settle(Game(1)) for _ in range(trivial)])
    easy_dask = through_dask("n=1", trivial)
    overhead = (easy_dask - easy_serial) / trivial
    store = commit_time(trivial)
    n = len(grid)
    return [
        Row(f"atlas n <= 8 ({n} games), serial in this process", serial),
        Row("atlas n <= 8 on 1 worker", one, f"{one / n * 1000:.1f} ms a game"),
        Row(
            "atlas n <= 8 on 2 workers",
            two,
            f"speed-up {one / two:.2f}x over 1 worker; {serial / two:.2f}x the serial time",
        ),
        Row("start a local cluster, 1 worker", start1),
        Row("start a local cluster, 2 workers", start2),
        Row(
            f"trivial game n=1 x {trivial}, serial",
            easy_serial,
            f"{easy_serial / trivial * 1e6:.0f} us a game",
        ),
        Row(
            f"trivial game n=1 x {trivial}, tasks on 1 worker",
            easy_dask,
            f"{easy_dask / trivial * 1000:.2f} ms a game",
        ),
        Row("task overhead per game (tasks - serial)", overhead, f"{overhead * 1000:.2f} ms"),
        Row("storing one answer (SQLite, committed)", store, f"{store * 1000:.2f} ms"),
    ]


def table(rows: list[Row]) -> str:
    """The rows as an aligned table."""
    width = max(len("measure"), *(len(r.measure) for r in rows))
    lines = [f"{'measure':<{width}}  {'seconds':>8}  note", f"{'-' * width}  {'-' * 8}  ----"]
    lines += [f"{r.measure:<{width}}  {r.seconds:8.3f}  {r.note}".rstrip() for r in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time the atlas on Dask against the serial atlas.")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--trivial", type=int, default=200, help="trivial games (default 200)")
    args = parser.parse_args(argv)
    try:
        rows = measure(args.trivial)
    except KeyboardInterrupt:
        print("bench/atlas.py: interrupted", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=2))
    else:
        print(f"devilcoins atlas benchmark: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
        print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
