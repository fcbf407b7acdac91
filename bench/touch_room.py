"""Ask the touch level search for a strategy at chosen levels only, keeping its marks in a
checkpoint, when the lower bound is proved elsewhere (the witness of more hands).

The level search's own schedule asks 1, 2 and then 8 moves first; where the value is higher,
proving 8 too few can take far longer than finding a strategy with room to spare.  With the
lower half known, asking with room is all that is left: this script asks "won within d?" for
each level given, in order, and keeps the marks; ``bench/touch_table.py --cell N K --bounds
--checkpoints DIR`` then writes the certificate of bounds from them (the strategy read off the
marks, the lower half from the witness).  Run it from the repository root::

    .venv/bin/python bench/touch_room.py 'n=8 values=3 hands=4 goal=same' \
        marks3/n8_values3_hands4_goalsame.npz 16,12,11

8 dials of 3 values with 4 hands: won within 16 in 4.2 s from an empty checkpoint, and the
marks it left show the start won within 12 and 11 at once (docs/observed.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.observed.touch.checkpoint import keeping_marks
from devilcoins.observed.touch.levels import Levels
from devilcoins.observed.touch.space import Space


def main(argv: list[str] | None = None) -> int:
    """Ask the levels in order, print each answer with the time and the beliefs met."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="the touch game, e.g. 'n=16 hands=11 goal=same'")
    ap.add_argument("checkpoint", type=Path, help="FILE.npz: read when it exists, then kept")
    ap.add_argument("levels", help="comma-separated levels to ask, e.g. 16,12,11")
    ap.add_argument("--seconds", type=float, default=3600.0)
    ap.add_argument("--memory", type=float, default=8.0, help="GiB resident at most")
    args = ap.parse_args(argv)
    game = Game.parse(args.game + " observe=touch")
    began = time.perf_counter()
    with keeping_marks(args.checkpoint):
        search = Levels(Space.of(game), seconds=args.seconds, memory=int(args.memory * 2**30))
        try:
            for level in (int(d) for d in args.levels.split(",")):
                search.level = level
                won = search.within(search.start, level)
                print(
                    f"{game}: won within {level}: {won} ({time.perf_counter() - began:.1f} s, "
                    f"{search.asked:,} questions, {search.beliefs():,} beliefs)",
                    flush=True,
                )
        except TooLarge as err:
            print(err, file=sys.stderr)
            return 2
        finally:
            search.keep()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
