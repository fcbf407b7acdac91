"""How far the covering route goes: still-table games by states, goal size and hands.

Run it from the repository root (it needs the cover extra, ``pip install highspy``)::

    .venv/bin/python bench/covering.py [--time-limit SECONDS] [--only TEXT]

Each game runs as ``devilcoins solve ... --time-limit SECONDS`` in a process of its own (the
command line's limit stops the solver and prints the bounds it proved), and a row says what it
settled, or the bounds at the limit, and the wall-clock seconds.  Goals are drawn from a fixed
seed, so the rows are the same games every run: random sets of states, or a subgroup (spanned
by a few random states) with a few random states more.  It always exits 0.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import time
from pathlib import Path

DEVILCOINS = str(Path(sys.executable).with_name("devilcoins"))


def coins(x: int, n: int) -> str:
    return "".join("HT"[x >> i & 1] for i in range(n))


def random_goal(n: int, size: int, seed: int) -> str:
    """size random states of n coins."""
    picked = random.Random(seed).sample(range(1 << n), size)
    return ",".join(coins(x, n) for x in sorted(picked))


def subgroup_goal(n: int, rank: int, extra: int, seed: int) -> str:
    """The subgroup spanned by rank random states of n coins, and extra random states."""
    rng = random.Random(seed)
    group = {0}
    for g in rng.sample(range(1, 1 << n), rank):
        group |= {h ^ g for h in group}
    picked = group | set(rng.sample(range(1 << n), extra))
    return ",".join(coins(x, n) for x in sorted(picked))


def dial_goal(n: int, m: int, size: int, seed: int) -> str:
    rng = random.Random(seed)
    picked = rng.sample(range(m**n), size)
    return ",".join("".join(str(x // m**i % m) for i in range(n)) for x in sorted(picked))


def games() -> list[tuple[str, list[str]]]:
    """(what, the solve command's arguments) for each row."""
    seven, dials = random_goal(7, 10, 1), "100,200,202"
    four, s3 = dial_goal(4, 3, 3, 8), dial_goal(3, 6, 6, 9)
    rows = [
        ("Z2xZ3, one goal state", ["2", "--values", "Z2xZ3", "--goal", "24"]),
        ("Q8, one goal state", ["2", "--values", "Q8", "--goal", "13"]),
        ("S3, one goal state", ["2", "--values", "S3", "--goal", "10"]),
        ("Z2xZ2, one goal state", ["3", "--values", "Z2xZ2", "--goal", "100"]),
        ("7 coins, 10 random states", ["7", "--goal", seven]),
        ("7 coins, 20 random states", ["7", "--goal", random_goal(7, 20, 2)]),
        ("7 coins, 10 random states, 2 hands", ["7", "--hands", "2", "--goal", seven]),
        ("7 coins, 10 random states, 1 hand", ["7", "--hands", "1", "--goal", seven]),
        ("8 coins, 20 random states", ["8", "--goal", random_goal(8, 20, 3)]),
        ("9 coins, subgroup of 8 + 3 states", ["9", "--goal", subgroup_goal(9, 3, 3, 4)]),
        ("10 coins, subgroup of 16 + 3 states", ["10", "--goal", subgroup_goal(10, 4, 3, 5)]),
        ("10 coins, subgroup of 32 + 6 states", ["10", "--goal", subgroup_goal(10, 5, 6, 6)]),
        ("10 coins, 30 random states", ["10", "--goal", random_goal(10, 30, 7)]),
        ("3 dials of 3, 3 states, 1 hand", ["3", "--values", "3", "--hands", "1", "--goal", dials]),
        ("4 dials of 3, 3 states, 1 hand", ["4", "--values", "3", "--hands", "1", "--goal", four]),
        ("3 positions of S3, 6 random states", ["3", "--values", "S3", "--goal", s3]),
    ]  # fmt: skip
    return [(what, [*args, "--group", "none"]) for what, args in rows]


def settle(args: list[str], limit: float) -> tuple[str, str, float]:
    """(outcome, how, seconds) of one solve run."""
    t0 = time.perf_counter()
    done = subprocess.run(
        [DEVILCOINS, "solve", *args, "--time-limit", str(limit)],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - t0
    out = done.stdout + done.stderr
    won = re.search(r"wins in ([\d,]+) moves", out)
    how = re.search(r"^How: ([^:.]*)", out, re.M)
    if won:
        return f"{won.group(1)} moves", how.group(1) if how else "", seconds
    stopped = re.search(r"at least ([\d,]+) moves proved, a strategy of ([\d,]+) found", out)
    if stopped:
        return f"between {stopped.group(1)} and {stopped.group(2)}", "stopped at the limit", seconds
    return out.strip().splitlines()[-1][:60] if out.strip() else "?", "", seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--only", default="", help="rows whose text holds this")
    args = parser.parse_args()
    print(f"| game | states | goal | answer | route | seconds (limit {args.time_limit:g}) |")
    print("|---|---|---|---|---|---|")
    for what, argv in games():
        if args.only not in what:
            continue
        outcome, how, seconds = settle(argv, args.time_limit)
        goal = argv[argv.index("--goal") + 1].count(",") + 1
        values = argv[argv.index("--values") + 1] if "--values" in argv else "2"
        order = {"Z2xZ3": 6, "Q8": 8, "S3": 6, "Z2xZ2": 4}.get(values) or int(values)
        states = order ** int(argv[0])
        print(f"| {what} | {states:,} | {goal} | {outcome} | {how} | {seconds:.1f} |", flush=True)


if __name__ == "__main__":
    main()
