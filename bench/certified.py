"""Solve one game with ``devilcoins solve ... --certificate`` in a child process under a
wall-clock limit, and check the certificate with ``devilcoins verify ... --certificate``: the
shared step of the table scripts (``touch_table.py``, ``count_table.py``)."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent / "devilcoins"


def solve_and_check(n: int, options: list[str], cert: Path, limit: float) -> dict[str, Any]:
    """A result row: the length (or "devil"), seconds and the certificate's hash and check;
    {"result": "open" | "refused", "why": ...} when the solver ran past limit or refused."""
    cert.parent.mkdir(parents=True, exist_ok=True)
    cert.unlink(missing_ok=True)
    argv = [str(BIN), "solve", str(n), *options, "--json", "--certificate", str(cert)]
    argv += ["--time-limit", f"{limit + 60:g}"]  # the wall-clock limit here is the one that counts
    t0 = time.perf_counter()
    done = _measured(argv, limit)
    if done is None:
        return {"result": "open", "why": f"past {limit:.0f} s", "seconds": limit}
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        why = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "no message"
        return {"result": "refused", "why": why[-300:], "seconds": round(wall, 3)}
    data = json.loads(done.stdout)
    row: dict[str, Any] = {
        "result": data["length"] if data["winnable"] else "devil",
        "method": data.get("method", ""),
        "seconds": data["seconds"],
        "wall": round(wall, 3),
        "explored": data["explored"],
        "certificate": hashlib.sha256(cert.read_bytes()).hexdigest(),
        "certificate_bytes": cert.stat().st_size,
        "peak_mb": done.peak_mb,
        "how": data.get("how", ""),
        "settled_by": ", ".join(e["name"] for e in data.get("evidence", [])),
    }
    return check(n, options, cert, limit, row)


def bounds_and_check(
    n: int,
    options: list[str],
    cert: Path,
    witness: Path | None,
    limit: float,
    marks: Path | None = None,
) -> dict[str, Any]:
    """A row for a game not settled: its bounds [L, U] from ``solve --bounds`` (U the shortest
    strategy it builds or reads off the level search's checkpoint marks, L the witness of the
    same game with more hands when one is named, or the checkpoint's), the certificate's hash,
    and its check."""
    cert.parent.mkdir(parents=True, exist_ok=True)
    cert.unlink(missing_ok=True)
    argv = [str(BIN), "solve", str(n), *options, "--bounds", "--certificate", str(cert)]
    argv += [] if witness is None else ["--witness", str(witness)]
    argv += [] if marks is None else ["--checkpoint", str(marks)]
    t0 = time.perf_counter()
    done = _measured(argv, limit)
    if done is None or done.returncode != 0:
        why = f"past {limit:.0f} s" if done is None else done.stderr.strip()[-300:]
        return {"result": "open", "why": f"no bounds: {why}", "seconds": limit}
    data = json.loads(cert.read_text())
    how = data.get("how", {})
    row: dict[str, Any] = {
        "result": "bounds",
        "bounds": data["bounds"],
        "method": f"bounds: at least by {how.get('lower')}; {how.get('upper')}"
        if data["bounds"][1] is None
        else f"bounds: at most by {how.get('upper')}, at least by {how.get('lower')}",
        "seconds": round(time.perf_counter() - t0, 3),
        "certificate": hashlib.sha256(cert.read_bytes()).hexdigest(),
        "certificate_bytes": cert.stat().st_size,
        "peak_mb": done.peak_mb,
    }
    return check(n, options, cert, limit, row)


#: Runs the command after it and prints, on its last line of stderr, the peak resident size of
#: that one command (its process tree, as waited for) in KB.
_WRAPPER = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:])\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
    "sys.exit(done.returncode)\n"
)


@dataclass
class _Done:
    """A finished command: its exit status, output and peak resident size (MB)."""

    returncode: int
    stdout: str
    stderr: str
    peak_mb: int


def _measured(argv: list[str], limit: float) -> _Done | None:
    """Run argv within limit seconds, its peak memory measured; None (the whole process group
    killed) past the limit."""
    process = subprocess.Popen(
        [sys.executable, "-c", _WRAPPER, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return None
    lines = err.strip().splitlines()
    peak = int(lines[-1]) // 1024 if lines and lines[-1].isdigit() else 0
    return _Done(process.returncode, out, "\n".join(lines[:-1]), peak)


def check(
    n: int, options: list[str], cert: Path, limit: float, row: dict[str, Any]
) -> dict[str, Any]:
    """Check a game's certificate with ``verify --certificate`` (in place in row)."""
    t1 = time.perf_counter()
    row.pop("why", None)
    argv = [str(BIN), "verify", str(n), str(cert), *options, "--certificate"]
    argv += ["--time-limit", f"{limit + 60:g}"]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=limit, check=False)
        row["verified"] = done.returncode == 0
    except subprocess.TimeoutExpired:
        row["verified"] = None
        row["why"] = f"certificate check past {limit:.0f} s"
    row["check_seconds"] = round(time.perf_counter() - t1, 3)
    return row
