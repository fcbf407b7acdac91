"""The touch game for every n <= 16 and every number of hands k, goal all the same, with a
certificate for every settled game.

Run it from the repository root::

    .venv/bin/python bench/touch_table.py [--max-n 16] [--values 2] [--limit SECONDS]
        [--out FILE.json] [--certificates DIR]
    .venv/bin/python bench/touch_table.py --from FILE.json     # print the Markdown tables
    .venv/bin/python bench/touch_table.py --out docs/touch_table.json --cell 16 8   # one cell
    .venv/bin/python bench/touch_table.py --cell 16 12 --checkpoints marks   # goes on next time
    .venv/bin/python bench/touch_table.py --cell 16 12 --checkpoints marks --bounds  # reads them
    .venv/bin/python bench/touch_table.py --out docs/touch_table.json --cell 16 8 --bounds
    .venv/bin/python bench/touch_table.py --out docs/touch_table.json --cell 16 8 --bounds \
        --keep certificates      # the checked certificate kept compressed in the repository

Each game is solved by ``devilcoins solve N --hands K --goal G --observe touch --certificate
DIR/...json`` in its own process, under a wall-clock limit (default 600 s; a game past it is
"open", with the reason), and its certificate is checked by ``devilcoins verify ...
--certificate`` (also under the limit).  The seconds are the solver's own (inside the process);
the certificate's SHA-256 is kept with the result, so a rerun can be compared file by file.
A cell not settled gets bounds with ``--bounds``: ``solve --bounds`` writes the shortest
strategy it builds (the doubling of the half game, the peeling of the coin game, or the blind
game's) above and, below, the witness of the same game with more hands settled here needing
the most moves (its certificate is written first when the folder lacks it). The results go to
the JSON file as they come (a rerun skips what it holds, tries the open games again, and checks
again a certificate whose check ran out of time), and the Markdown tables are printed at the
end.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from certified import bounds_and_check, check, solve_and_check


def _key(n: int, k: int, goal: str, m: int = 2) -> str:
    return f"n={n} hands={k} goal={goal}" if m == 2 else f"n={n} values={m} hands={k} goal={goal}"


def _options(k: int, goal: str, m: int) -> list[str]:
    extra = ["--values", str(m)] if m != 2 else []
    return [*extra, "--hands", str(k), "--goal", goal, "--observe", "touch"]


def solve_one(
    n: int,
    k: int,
    goal: str,
    limit: float,
    m: int = 2,
    folder: Path | None = None,
    marks: Path | None = None,
) -> dict[str, Any]:
    """Solve one game in a child process, write and check its certificate; with marks (a
    folder), the level search keeps what it proved there and a later run goes on from it."""
    cert = _cert_path(folder or Path("certificates"), n, k, goal, m)
    options = _options(k, goal, m)
    if marks is not None:
        marks.mkdir(parents=True, exist_ok=True)
        options += ["--checkpoint", str(_cert_path(marks, n, k, goal, m).with_suffix(".npz"))]
    return solve_and_check(n, options, cert, limit)


def bounds_one(
    n: int,
    k: int,
    goal: str,
    limit: float,
    m: int,
    folder: Path,
    results: dict[str, Any],
    marks: Path | None = None,
) -> dict[str, Any]:
    """Bounds for a cell not settled (``solve --bounds``): the shortest strategy the program
    builds above, and below the witness of a settled cell with more hands than k, the one
    needing the most moves (the fastest of those), its certificate written again when the
    folder lacks it (a player with fewer hands does no better)."""
    witness = None
    rows = {more: results.get(_key(n, more, goal, m), {}) for more in range(k + 1, n + 1)}
    settled = sorted(  # the most moves (the best L), then the fastest to write again
        (more for more, row in rows.items() if isinstance(row.get("result"), int)),
        key=lambda more: (-rows[more]["result"], rows[more]["seconds"]),
    )
    kept = [more for more in settled if _cert_path(folder, n, more, goal, m).exists()]
    if settled and not kept:  # the nearest settled cell's certificate, written again
        results[_key(n, settled[0], goal, m)] = solve_one(n, settled[0], goal, limit, m, folder)
        kept = settled[:1]
    if kept:
        witness = _cert_path(folder, n, kept[0], goal, m)
    cert = _cert_path(folder, n, k, goal, m)
    kept = None if marks is None else _cert_path(marks, n, k, goal, m).with_suffix(".npz")
    kept = kept if kept is not None and kept.exists() else None  # a level search's marks
    return bounds_and_check(n, _options(k, goal, m), cert, witness, limit, kept)


def check_one(
    n: int, k: int, goal: str, limit: float, m: int, cert: Path, row: dict[str, Any]
) -> dict[str, Any]:
    """Check a game's certificate with ``verify --certificate`` (in place in row)."""
    return check(n, _options(k, goal, m), cert, limit, row)


def keep(cert: Path, folder: Path) -> str:
    """Keep a checked certificate in folder, compressed (``verify --certificate`` reads it as
    kept); its path as the table names it (relative to the repository root, where the script
    runs)."""
    import gzip

    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / (cert.name + ".gz")
    with (
        open(cert, "rb") as plain,
        open(kept, "wb") as out,
        gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9, mtime=0) as packed,
    ):
        while chunk := plain.read(1 << 20):
            packed.write(chunk)
    return kept.as_posix()


def _cert_path(folder: Path, n: int, k: int, goal: str, m: int) -> Path:
    return folder / (_key(n, k, goal, m).replace(" ", "_").replace("=", "") + ".json")


def store(db: str, results: dict[str, dict[str, Any]]) -> int:
    """Put every settled game of the results into an atlas store, with its certificate's hash
    (when the certificate was checked); the number stored."""
    from devilcoins.atlas.entry import SETTLED, AtlasEntry
    from devilcoins.atlas.literature import literature
    from devilcoins.atlas.store import AtlasStore
    from devilcoins.core.game import Game
    from devilcoins.observed.verdict import TRIED

    count = 0
    with AtlasStore(db) as atlas:
        for key, row in results.items():
            if row["result"] in ("open", "refused", "bounds"):
                continue
            game = Game.parse(f"{key} observe=touch")
            known, note = literature(game)
            winnable = row["result"] != "devil"
            length = row["result"] if winnable else None
            agrees = None
            if known is not None:
                agrees = winnable == known[0] and (known[1] is None or length == known[1])
            atlas.put(
                AtlasEntry(
                    game=game, status=SETTLED, winnable=winnable, length=length,
                    method=row.get("method") or f"{TRIED} (AND-OR value iteration, touch)",
                    seconds=row["seconds"], known=known,
                    agrees=agrees, note=note,
                    certificate=row["certificate"] if row.get("verified") else "",
                )
            )  # fmt: skip
            count += 1
    return count


def _moves(row: dict[str, Any] | None) -> str:
    if row is None:
        return ""
    if row["result"] in ("open", "refused"):
        return "open"
    if row["result"] == "bounds":
        low, high = row["bounds"]
        said = f"≥ {low}" if high is None else f"{low}–{high:,}" if low < high else f"**{low}**"
        return said + ("" if row.get("verified") else " (certificate FAILED)")
    if row.get("verified") is None and "verified" in row:
        mark = " (certificate not checked)"
    else:
        mark = "" if row.get("verified") else " (certificate FAILED)"
    return f"**{row['result']}**" + mark if row["result"] != "devil" else "–" + mark


def _seconds(row: dict[str, Any] | None) -> str:
    if row is None:
        return ""
    seconds = row["seconds"]
    said = f"{seconds:.2f}" if seconds < 10 else f"{seconds:,.0f}"
    return said + " (bounds)" if row["result"] == "bounds" else said


def _table(
    results: dict[str, dict[str, Any]], max_n: int, goal: str, cell: Any, m: int = 2
) -> list[str]:
    lines = ["| n \\ k | " + " | ".join(str(k) for k in range(1, max_n + 1)) + " |"]
    lines.append("|---" * (max_n + 1) + "|")
    for n in range(1, max_n + 1):
        cells = [cell(results.get(_key(n, k, goal, m))) for k in range(1, max_n + 1)]
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    return lines


def markdown(results: dict[str, dict[str, Any]], max_n: int, goals: tuple[str, ...], m: int) -> str:
    """Per goal two tables, rows n and columns k: the least worst-case moves (– the Devil holds
    out, open: not settled), then the seconds each game took."""
    out = []
    for goal in goals:
        out += [f"Goal all {goal}, {m} values, least worst-case moves:", ""]
        out += _table(results, max_n, goal, _moves, m)
        out += ["", f"Goal all {goal}, {m} values, seconds:", ""]
        out += _table(results, max_n, goal, _seconds, m)
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Solve the table (or read it back) and print it as Markdown."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--max-n", type=int, default=16)
    ap.add_argument("--values", type=int, default=2)
    ap.add_argument("--goals", default="same", help="comma-separated: same,zero")
    ap.add_argument("--certificates", default="certificates", help="folder for the certificates")
    ap.add_argument("--limit", type=float, default=600.0, help="seconds per game")
    ap.add_argument("--out", default="touch_table.json", help="results (read, then extended)")
    ap.add_argument("--from", dest="source", help="only print the tables of this results file")
    ap.add_argument("--db", help="also put the results into this atlas store (SQLite)")
    ap.add_argument(
        "--skip", action="append", default=[], metavar="GAME", help="e.g. 'n=12 hands=8 goal=same'"
    )
    ap.add_argument(
        "--cell",
        nargs=2,
        type=int,
        action="append",
        metavar=("N", "K"),
        help="solve only this cell again (any number of times), whatever the file holds",
    )
    ap.add_argument(
        "--checkpoints",
        metavar="DIR",
        help="keep each level search's marks in DIR (solve --checkpoint), to go on from them",
    )
    ap.add_argument(
        "--bounds",
        action="store_true",
        help="with --cell: write and check the cell's bounds (solve --bounds) instead of solving",
    )
    ap.add_argument(
        "--keep",
        metavar="DIR",
        help="with --cell: keep each checked certificate compressed in DIR (a folder of the "
        "repository) and name it in its row as certificate_file",
    )
    args = ap.parse_args(argv)
    cells = {(n, k) for n, k in args.cell or ()}
    goals = tuple(args.goals.split(","))
    path = Path(args.source or args.out)
    results: dict[str, dict[str, Any]] = json.loads(path.read_text()) if path.exists() else {}
    if not args.source:
        for n in range(1, args.max_n + 1):
            for k in range(1, n + 1):
                for goal in goals:
                    key = _key(n, k, goal, args.values)
                    row = results.get(key)
                    if row and row["result"] != "open" and row.get("verified") is None:
                        cert = _cert_path(Path(args.certificates), n, k, goal, args.values)
                        check_one(n, k, goal, args.limit, args.values, cert, row)
                        print(key, "checked again:", row, file=sys.stderr, flush=True)
                        path.write_text(json.dumps(results, indent=1) + "\n")
                    if cells and (n, k) not in cells:
                        continue
                    settled = key in results and results[key]["result"] != "open"
                    if key in args.skip or (settled and not cells):
                        continue
                    marks = Path(args.checkpoints) if args.checkpoints else None
                    folder = Path(args.certificates)
                    if args.bounds:
                        results[key] = bounds_one(
                            n, k, goal, args.limit, args.values, folder, results, marks
                        )
                    else:
                        results[key] = solve_one(n, k, goal, args.limit, args.values, folder, marks)
                    if args.keep and results[key].get("verified"):
                        cert = _cert_path(folder, n, k, goal, args.values)
                        results[key]["certificate_file"] = keep(cert, Path(args.keep))
                    print(key, results[key], file=sys.stderr, flush=True)
                    path.write_text(json.dumps(results, indent=1) + "\n")
    if args.db:
        print(f"stored {store(args.db, results)} games in {args.db}", file=sys.stderr)
    print(markdown(results, args.max_n, goals, args.values))
    return 0


if __name__ == "__main__":
    sys.exit(main())
