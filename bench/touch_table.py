"""The touch game for every n <= 12 and every number of hands k, goals all the same and all zero.

Run it from the repository root::

    .venv/bin/python bench/touch_table.py [--max-n 12] [--limit SECONDS] [--out FILE.json]
    .venv/bin/python bench/touch_table.py --from FILE.json     # print the Markdown tables

Each game is solved by ``devilcoins solve N --hands K --goal G --observe touch --json`` in its
own process, under a wall-clock limit (default 600 s; a game past it is "open"), and its tree is
checked with ``devilcoins verify --observe touch`` from the same JSON.  The seconds are the
solver's own (inside the process); the results go to the JSON file as they come (a rerun skips
what it holds), and the Markdown tables are printed at the end.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent / "devilcoins"
GOALS = ("same", "zero")


def _key(n: int, k: int, goal: str) -> str:
    return f"n={n} hands={k} goal={goal}"


def solve_one(n: int, k: int, goal: str, limit: float) -> dict[str, Any]:
    """Solve one game in a child process; its verdict, seconds and the verification."""
    argv = [str(BIN), "solve", str(n), "--hands", str(k), "--goal", goal, "--observe", "touch"]
    t0 = time.perf_counter()
    try:
        done = subprocess.run(
            [*argv, "--json"], capture_output=True, text=True, timeout=limit, check=False
        )
    except subprocess.TimeoutExpired:
        return {"result": "open", "why": f"past {limit:.0f} s", "seconds": limit}
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        return {"result": "refused", "why": done.stderr.strip()[-300:], "seconds": wall}
    data = json.loads(done.stdout)
    row: dict[str, Any] = {
        "result": data["length"] if data["winnable"] else "devil",
        "seconds": data["seconds"],
        "wall": round(wall, 3),
        "explored": data["explored"],
    }
    if data["winnable"]:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            f.write(done.stdout)
        options = ["--hands", str(k), "--goal", goal, "--observe", "touch"]
        check = subprocess.run(
            [str(BIN), "verify", str(n), f.name, *options],
            capture_output=True,
            text=True,
            check=False,
        )
        Path(f.name).unlink()
        row["verified"] = check.returncode == 0
    return row


def _moves(row: dict[str, Any] | None) -> str:
    if row is None:
        return ""
    if row["result"] in ("open", "refused"):
        return "open"
    if row["result"] == "devil":
        return "–"
    return f"**{row['result']}**" + ("" if row.get("verified") else " (not verified)")


def _seconds(row: dict[str, Any] | None) -> str:
    if row is None:
        return ""
    seconds = row["seconds"]
    return f"{seconds:.2f}" if seconds < 10 else f"{seconds:,.0f}"


def _table(results: dict[str, dict[str, Any]], max_n: int, goal: str, cell: Any) -> list[str]:
    lines = ["| n \\ k | " + " | ".join(str(k) for k in range(1, max_n + 1)) + " |"]
    lines.append("|---" * (max_n + 1) + "|")
    for n in range(1, max_n + 1):
        cells = [cell(results.get(_key(n, k, goal))) for k in range(1, max_n + 1)]
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    return lines


def markdown(results: dict[str, dict[str, Any]], max_n: int) -> str:
    """Per goal two tables, rows n and columns k: the least worst-case moves (– the Devil holds
    out, open: not settled), then the seconds each game took."""
    out = []
    for goal in GOALS:
        out += [f"Goal all {goal}, least worst-case moves:", ""]
        out += _table(results, max_n, goal, _moves)
        out += ["", f"Goal all {goal}, seconds:", ""]
        out += _table(results, max_n, goal, _seconds)
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Solve the table (or read it back) and print it as Markdown."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--max-n", type=int, default=12)
    ap.add_argument("--limit", type=float, default=600.0, help="seconds per game")
    ap.add_argument("--out", default="touch_table.json", help="results (read, then extended)")
    ap.add_argument("--from", dest="source", help="only print the tables of this results file")
    ap.add_argument(
        "--skip", action="append", default=[], metavar="GAME", help="e.g. 'n=12 hands=8 goal=same'"
    )
    args = ap.parse_args(argv)
    path = Path(args.source or args.out)
    results: dict[str, dict[str, Any]] = json.loads(path.read_text()) if path.exists() else {}
    if not args.source:
        for n in range(1, args.max_n + 1):
            for k in range(1, n + 1):
                for goal in GOALS:
                    key = _key(n, k, goal)
                    if key in args.skip or (key in results and results[key]["result"] != "open"):
                        continue
                    results[key] = solve_one(n, k, goal, args.limit)
                    print(key, results[key], file=sys.stderr, flush=True)
                    path.write_text(json.dumps(results, indent=1) + "\n")
    print(markdown(results, args.max_n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
