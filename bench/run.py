"""Benchmark devilcoins against the seed notebook's own code, in one run.

Run it from the repository root::

    make bench
    .venv/bin/python bench/run.py [--quick] [--json] [--seed-timeout S]

It measures the N = 8 and N = 12 searches (ours in this process, the seed's in a subprocess),
the whole ``devilcoins solve 8`` command, and the cost of one belief update.  The seed's code is
``shared/peers/seed_reference.py`` beside the repository; its N = 12 search takes about two
minutes (``--quick`` skips it).  Times are seconds measured inside each process unless a row
says "whole command".
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from devilcoins.bfs import belief_search
from devilcoins.progress import reporter
from devilcoins.verification import verify

SEED = Path(__file__).resolve().parents[2] / "shared" / "peers" / "seed_reference.py"
REPEATS = 3
UPDATE_REPEATS = 20
SOLVE_TARGET = 1.5
EXIT_INTERRUPTED = 130
HEADER = ("measure", "devilcoins", "seed", "seed/ours", "note")


@dataclass
class Row:
    """One line of the benchmark table: our time, the seed's time (or why none), a note."""

    measure: str
    ours: float | None
    seed: float | None = None
    seed_status: str = ""
    note: str = ""

    @property
    def ratio(self) -> float | None:
        """How many times faster we are than the seed, when both were measured."""
        if self.ours is None or self.seed is None or self.ours <= 0:
            return None
        return self.seed / self.ours

    def to_json(self) -> dict:
        """The row as plain JSON data."""
        return {**asdict(self), "ratio": self.ratio}


class SeedRun:
    """Runs the seed's script with a timeout, a spinner, and a clean stop on Ctrl-C."""

    def __init__(self, timeout: float):
        self.timeout = timeout

    def __call__(self, *args: str) -> tuple[list[str] | None, str]:
        """The fields of the seed's last printed line, or None with the reason it has none."""
        if not SEED.is_file():
            return None, "missing"
        command = [sys.executable, str(SEED), *args]
        with reporter(f"running the seed's code: {' '.join(args)}"):
            proc = subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
            )
            try:
                out, _ = proc.communicate(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                _stop(proc)
                return None, f"> {self.timeout:g} s"
            except BaseException:
                _stop(proc)
                raise
        lines = out.split("\n") if proc.returncode == 0 else []
        lines = [line for line in lines if line.strip()]
        return (lines[-1].split(), "") if lines else (None, "failed")


def _stop(proc: subprocess.Popen) -> None:
    """Kill a subprocess and collect it."""
    proc.kill()
    proc.communicate()


def best_of(measure, repeats: int = REPEATS) -> float:
    """The smallest of several measurements."""
    return min(measure() for _ in range(repeats))


def our_search(n: int) -> tuple[float, int | None]:
    """Best in-process belief_search(n) time after one warm-up, and the strategy's length."""
    result = belief_search(n)
    return best_of(lambda: belief_search(n).seconds), result.length


def search_row(n: int, seed_run: SeedRun, *, skip_seed: bool) -> Row:
    """Our search against the seed's coin_search for n coins."""
    ours, length = our_search(n)
    label = f"search N = {n} ({'no strategy' if length is None else f'{length} moves'})"
    row = Row(label, ours)
    if skip_seed:
        row.seed_status = "skipped"
        return row
    fields, row.seed_status = seed_run("search", str(n))
    if fields:
        row.seed = float(fields[2])
        seed_length = None if fields[1] == "None" else int(fields[1])
        if seed_length != length:
            row.note = f"seed found length {fields[1]}!"
    return row


def devilcoins_command() -> list[str]:
    """The devilcoins command next to this interpreter, or the one on PATH."""
    beside = Path(sys.executable).with_name("devilcoins")
    return [str(beside) if beside.exists() else shutil.which("devilcoins") or "devilcoins"]


def wall_time(command: list[str]) -> float:
    """Wall-clock seconds of one run of a command, output discarded."""
    t0 = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t0


def solve_rows() -> list[Row]:
    """Whole-command times of `devilcoins solve 8` (plain and --json) and the JSON's seconds."""
    solve = [*devilcoins_command(), "solve", "8"]
    plain = best_of(lambda: wall_time(solve))
    verdict = "ok" if plain < SOLVE_TARGET else "MISSED"
    as_json = best_of(lambda: wall_time([*solve, "--json"]))
    out = subprocess.run([*solve, "--json"], capture_output=True, text=True, check=True).stdout
    return [
        Row(
            "devilcoins solve 8 (whole command)",
            plain,
            note=f"target < {SOLVE_TARGET:g} s: {verdict}",
        ),
        Row("devilcoins solve 8 --json (whole command)", as_json),
        Row(
            "devilcoins solve 8 --json: its 'seconds'",
            json.loads(out)["seconds"],
            note="search time inside the command",
        ),
    ]


def update_row(seed_run: SeedRun) -> Row:
    """Seconds per belief update along the N = 8 strategy, ours against the seed's."""
    strategy = belief_search(8).strategy
    ours = best_of(lambda: verify(strategy, 8).seconds / len(strategy), UPDATE_REPEATS)
    row = Row(f"one belief update, N = 8 ({len(strategy)} moves)", ours)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "strategy8.txt"
        path.write_text(strategy.to_text(8))
        runs = [seed_run("updates", "8", str(path)) for _ in range(REPEATS)]
    times = [float(fields[2]) for fields, _ in runs if fields]
    if times:
        row.seed = min(times)
        if any(fields[3] != "1" for fields, _ in runs if fields):
            row.note = "seed's final belief is not {all heads}!"
    else:
        row.seed_status = runs[0][1]
    return row


def seconds(value: float | None) -> str:
    """A time in seconds, to four significant digits."""
    return "-" if value is None else f"{value:.4g}"


def times(ratio: float | None) -> str:
    """A speed-up factor such as '870x'."""
    if ratio is None:
        return "-"
    return f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.1f}x"


def cells(row: Row) -> tuple[str, ...]:
    """The table cells of one row."""
    seed = seconds(row.seed) if row.seed is not None else row.seed_status or "-"
    return row.measure, seconds(row.ours), seed, times(row.ratio), row.note


def _line(cells: tuple[str, ...], widths: list[int]) -> str:
    """One table line: the measure left-aligned, the numbers right-aligned, then the note."""
    numbers = (cell.rjust(width) for cell, width in zip(cells[1:4], widths[1:4], strict=True))
    return "  ".join([cells[0].ljust(widths[0]), *numbers, cells[4]]).rstrip()


def render(rows: list[Row]) -> str:
    """The rows as a plain-text table with aligned columns."""
    table = [HEADER, *(cells(row) for row in rows)]
    widths = [max(len(line[i]) for line in table) for i in range(len(HEADER))]
    lines = [_line(line, widths) for line in table]
    lines.insert(1, "  ".join("-" * w for w in widths[:4]) + "  " + "-" * widths[4])
    return "\n".join(lines)


def machine() -> dict:
    """The CPU count and Python version of this machine."""
    return {"cpus": os.cpu_count(), "python": platform.python_version()}


def header() -> str:
    """The line naming the machine and what the times mean."""
    m = machine()
    return (
        f"devilcoins benchmark: {m['cpus']} CPUs, Python {m['python']}; times are seconds "
        "measured inside each process unless marked 'whole command'"
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command-line options."""
    parser = argparse.ArgumentParser(description="Benchmark devilcoins against the seed's code.")
    parser.add_argument("--quick", action="store_true", help="skip the seed's slow N = 12 run")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument(
        "--seed-timeout",
        type=float,
        default=600,
        metavar="S",
        help="stop a seed run after S seconds (default 600)",
    )
    return parser.parse_args(argv)


def measure(args: argparse.Namespace) -> list[Row]:
    """Every row of the benchmark."""
    seed_run = SeedRun(args.seed_timeout)
    return [
        search_row(8, seed_run, skip_seed=False),
        search_row(12, seed_run, skip_seed=args.quick),
        *solve_rows(),
        update_row(seed_run),
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its table (or JSON)."""
    args = parse_args(argv)
    if not args.json:
        print(header(), flush=True)
    try:
        rows = measure(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.json:
        print(json.dumps({**machine(), "rows": [row.to_json() for row in rows]}, indent=2))
    else:
        print(render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
