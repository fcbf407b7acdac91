"""The touch level search of this tree against an earlier revision's, side by side in one run.

Run it from the repository root::

    .venv/bin/python bench/levels_compare.py                      # against the revision below
    .venv/bin/python bench/levels_compare.py --old 07a70be --game 'n=12 hands=8 goal=same'

Each game is solved by ``Levels(Space.of(game)).solve()`` in a child process, once with this
tree's ``src`` and once with the old revision's (exported by ``git archive`` into a temporary
folder), alternately, after a warm-up on a small game so that both load their compiled kernels
from their caches.  It prints both times, the questions asked, the seconds per question and
the ratio old / new of those; the values and the questions asked must agree (it exits 1 when
they do not).  A game given as 'GAME@SECONDS' (16 glasses with 8 hands by default) is not
settled: each side searches it for that many seconds and the questions it answered in that time
give its seconds per question (the questions are the same ones, in the same order, so the
side that answers more is the faster).
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

#: The revision before this issue's changes to the level search (the start of stop 52).
OLD = "d5e39d7"

GAMES = ["n=8 hands=4 goal=same", "n=12 hands=8 goal=same", "n=16 hands=8 goal=same@120"]

PROBE = """
import json, sys, time
from devilcoins.core.game import Game
from devilcoins.observed.touch.levels import Levels
from devilcoins.observed.touch.space import Space
from devilcoins.core.errors import TooLarge
game, _, limit = sys.argv[1].partition("@")
space = Space.of(Game.parse(game + " observe=touch"))
began = time.perf_counter()
search = Levels(space, seconds=float(limit) if limit else None)
try:
    value = search.solve()
except TooLarge:
    value = "open"
print(json.dumps({"value": value, "seconds": time.perf_counter() - began,
                  "asked": search.asked, "beliefs": len(search.hi) + len(search.lo)}))
"""


def export(revision: str, folder: Path) -> Path:
    """The revision's src folder, written under folder."""
    tar = subprocess.run(
        ["git", "archive", revision, "src"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(folder, filter="data")
    return folder / "src"


def run(src: Path, game: str) -> dict:
    """One solve of game with the package in src, in a child process."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, game],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
    )
    result: dict = json.loads(done.stdout.splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default=OLD, help=f"the revision to compare with ({OLD})")
    parser.add_argument("--game", action="append", help="a game (default: three cells)")
    parser.add_argument("--runs", type=int, default=1, help="timed runs of each (default 1)")
    args = parser.parse_args()
    new_src = Path(__file__).resolve().parent.parent / "src"
    agree = True
    with tempfile.TemporaryDirectory() as tmp:
        old_src = export(args.old, Path(tmp))
        print(
            f"| game | old {args.old} (s) | new (s) | questions old, new | "
            "s per question old, new | old / new |"
        )
        print("|---|---:|---:|---|---|---:|")
        for src in (old_src, new_src):  # warm-up: the kernels compiled and cached
            run(src, "n=6 hands=4 goal=same")
        for game in args.game or GAMES:
            old, new = [], []
            for _ in range(args.runs):
                old.append(run(old_src, game))
                new.append(run(new_src, game))
            t_old = min(r["seconds"] for r in old)
            t_new = min(r["seconds"] for r in new)
            q_old, q_new = max(r["asked"] for r in old), max(r["asked"] for r in new)
            agree &= old[0]["value"] == new[0]["value"]
            agree &= "@" in game or q_old == q_new
            per_old, per_new = t_old / max(q_old, 1), t_new / max(q_new, 1)
            print(
                f"| {game} ({new[0]['value']} moves) | {t_old:.2f} | {t_new:.2f} | "
                f"{q_old:,}, {q_new:,} | {per_old * 1e3:.3f} ms, {per_new * 1e3:.3f} ms | "
                f"{per_old / per_new:.1f}x |"
            )
    if not agree:
        print("the old and new searches disagree on a value or a question", file=sys.stderr)
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
