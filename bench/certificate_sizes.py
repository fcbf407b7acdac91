"""The figures of docs/observed.md's table of certificate sizes, measured, never typed in.

    .venv/bin/python bench/certificate_sizes.py [--cells 4/2,8/4,...] [--markdown]

For each touch game n glasses with k hands (goal same) it writes the certificate with
``devilcoins solve ... --certificate`` (timing the solve and the writing together, as the
command does them), then checks it with ``devilcoins verify ... --certificate`` in a fresh
process, measuring that check's wall-clock and CPU seconds and its peak resident memory. It
prints one row per game: witness nodes, strategy nodes, file size, solve+write seconds, check
seconds (wall and CPU), check peak MB, and whether the check held.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent / "devilcoins"

#: Runs the command after it alone and prints its exit status, CPU seconds and peak resident
#: size (this wrapper's only child: its figures are that command's).
MEASURED = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
    "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(done.returncode, u.ru_utime + u.ru_stime, u.ru_maxrss)\n"
)

#: The cells the docs' table lists.
CELLS = ("4/2", "10/8", "9/6", "12/9", "8/4", "12/8")


def _options(n: int, k: int) -> list[str]:
    return [str(n), "--hands", str(k), "--goal", "same", "--observe", "touch"]


def measure(n: int, k: int, folder: Path) -> dict:
    """Write and check the certificate of n glasses with k hands; the row's figures."""
    cert = folder / f"touch-{n}-{k}.json"
    cert.unlink(missing_ok=True)
    t0 = time.perf_counter()
    subprocess.run(
        [str(BIN), "solve", *_options(n, k), "--certificate", str(cert), "--time-limit", "3600"],
        check=True,
        capture_output=True,
    )
    solved = time.perf_counter() - t0
    data = json.loads(cert.read_text())
    t0 = time.perf_counter()
    verify = [str(BIN), "verify", *_options(n, k), "--certificate", str(cert)]
    check = subprocess.run(
        [sys.executable, "-c", MEASURED, *verify], capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - t0
    status, cpu, peak = check.stdout.split()[-3:]
    return {
        "game": f"{n} glasses, {k} hands",
        "value": data["value"],
        "witness_nodes": len(data.get("witness") or []),
        "strategy_nodes": len((data.get("strategy") or {}).get("nodes") or []),
        "bytes": cert.stat().st_size,
        "solve_and_write_s": round(solved, 1),
        "check_s": round(wall, 1),
        "check_cpu_s": round(float(cpu), 1),
        "check_peak_mb": round(int(peak) / 1024),  # ru_maxrss is in KB on Linux
        "holds": status == "0",
    }


def _markdown(rows: list[dict]) -> str:
    head = (
        "| Game | Value | Witness nodes | Strategy nodes | File | Solve and write | Check "
        "(wall / CPU) | Check peak |\n|---|---:|---:|---:|---:|---:|---:|---:|"
    )
    lines = [head]
    for r in rows:
        size = f"{r['bytes'] / 1000:,.1f} kB"
        check = f"{r['check_s']} / {r['check_cpu_s']} s" + ("" if r["holds"] else " (FAILED)")
        lines.append(
            f"| {r['game']} | {r['value']} | {r['witness_nodes']:,} | {r['strategy_nodes']:,} | "
            f"{size} | {r['solve_and_write_s']} s | {check} | {r['check_peak_mb']} MB |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Measure the cells asked for and print their rows."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cells", default=",".join(CELLS), help="n/k pairs, e.g. 4/2,8/4")
    p.add_argument("--markdown", action="store_true", help="a table for the docs")
    args = p.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for cell in args.cells.split(","):
            n, k = (int(x) for x in cell.split("/"))
            rows.append(measure(n, k, Path(folder)))
            if not args.markdown:
                print(json.dumps(rows[-1]), flush=True)
    if args.markdown:
        print(_markdown(rows))
    return 0 if all(r["holds"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
