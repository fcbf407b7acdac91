"""The count game (the player hears how many positions are not 0) for every n up to a bound,
goals zero and same, with a checked certificate for every settled game.

Run it from the repository root::

    .venv/bin/python bench/count_table.py [--max-n 10] [--values 2] [--limit SECONDS]
        [--out FILE.json] [--certificates DIR]
    .venv/bin/python bench/count_table.py --from docs/count_table.json   # the docs' table

Each game is solved by ``devilcoins solve N --observe count --goal G --certificate ...`` in its
own process under a wall-clock limit, and the certificate is checked by ``devilcoins verify ...
--certificate``.  A game the solver refuses (its belief or memory limit) is recorded with the
solver's own message.  The results go to the JSON file; a Markdown table is printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from certified import solve_and_check


def solve_one(n: int, m: int, goal: str, limit: float, folder: Path) -> dict[str, Any]:
    """Solve one count game in a child process, write its certificate and check it."""
    options = ["--values", str(m), "--goal", goal, "--observe", "count"]
    return solve_and_check(n, options, folder / f"count_n{n}_values{m}_{goal}.json", limit)


def _cell(row: dict[str, Any]) -> str:
    if row["result"] in ("open", "refused"):
        return "open"
    mark = "" if row.get("verified") else " (certificate not checked)"
    value = "–" if row["result"] == "devil" else f"**{row['result']}**"
    return f"{value}{mark} ({row['seconds']:.2f} s)"


def markdown(results: dict[str, dict[str, Any]], max_n: int, m: int) -> str:
    """Rows n, columns the goals: the least worst case (– the Devil holds out) and seconds."""
    lines = ["| n | goal zero | goal same |", "|---|---|---|"]
    for n in range(1, max_n + 1):
        cells = [_cell(results[f"n={n} values={m} goal={g}"]) for g in ("zero", "same")]
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    opened = [(k, r["why"]) for k, r in results.items() if r["result"] in ("open", "refused")]
    return "\n".join(lines + [""] + [f"- {k}: {why}" for k, why in opened])


def combined(results: dict[str, dict[str, Any]]) -> str:
    """The docs' table: rows n, columns 2 and 3 values with goals zero and same (blank where
    the file has no such game), then how the games were settled."""
    columns = [(m, g) for m in (2, 3) for g in ("zero", "same")]
    head = " | ".join(f"{m} values, goal {g}" for m, g in columns)
    lines = [f"| n | {head} |", "|---|" + "---|" * len(columns)]
    top = max(int(key.split()[0][2:]) for key in results)
    for n in range(1, top + 1):
        rows = [results.get(f"n={n} values={m} goal={g}") for m, g in columns]
        lines.append(f"| {n} | " + " | ".join(_cell(r) if r else "" for r in rows) + " |")
    methods: dict[str, int] = {}
    for row in results.values():
        methods[row.get("method", "?")] = methods.get(row.get("method", "?"), 0) + 1
    return "\n".join(lines + [""] + [f"- {k}: {c} games" for k, c in sorted(methods.items())])


def main(argv: list[str] | None = None) -> int:
    """Solve the table and print it as Markdown."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-n", type=int, default=10)
    ap.add_argument("--values", type=int, default=2)
    ap.add_argument("--limit", type=float, default=600.0, help="seconds per game")
    ap.add_argument("--out", default="count_table.json")
    ap.add_argument("--certificates", default="certificates")
    ap.add_argument("--from", dest="source", help="only print the docs' table of this file")
    args = ap.parse_args(argv)
    if args.source:
        print(combined(json.loads(Path(args.source).read_text())))
        return 0
    out = Path(args.out)
    results: dict[str, dict[str, Any]] = json.loads(out.read_text()) if out.exists() else {}
    for n in range(1, args.max_n + 1):
        for goal in ("zero", "same"):
            key = f"n={n} values={args.values} goal={goal}"
            if key not in results:
                results[key] = solve_one(n, args.values, goal, args.limit, Path(args.certificates))
                print(key, results[key], flush=True)
                out.write_text(json.dumps(results, indent=1))
    print(markdown(results, args.max_n, args.values))
    return 0


if __name__ == "__main__":
    sys.exit(main())
