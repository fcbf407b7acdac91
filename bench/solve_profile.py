"""What one ``devilcoins solve N`` does, counted by the profiler (calls, not times): how often N
is read from text, the strategy verified and the game's family looked up, and how many of the
command line's modules are imported.

python bench/solve_profile.py [N]   (default 8)
"""

from __future__ import annotations

import contextlib
import cProfile
import io
import pstats
import sys

from devilcoins.cli.main import main

#: The functions counted: (a part of the file's path, the function's name, what it does).
COUNTED = (
    ("cli/common.py", "_whole", "N read from its text by the command line"),
    ("core/fields.py", "whole", "a number read again from a game's text fields"),
    ("engine.py", "verify", "strategies verified"),
    ("families/__init__.py", "family_of", "family look-ups"),
)


def counts(n: int) -> dict[str, int]:
    """The counts of COUNTED during ``devilcoins solve n``, and the cli modules imported."""
    profile = cProfile.Profile()
    with contextlib.redirect_stdout(io.StringIO()):
        profile.enable()
        main(["solve", str(n)])
        profile.disable()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    found = dict.fromkeys((what for *_, what in COUNTED), 0)
    for (file, _line, name), (_cc, calls, *_rest) in stats.items():
        for part, function, what in COUNTED:
            if file.replace("\\", "/").endswith(part) and name == function:
                found[what] += calls
    found["cli modules imported"] = sum(m.startswith("devilcoins.cli") for m in sys.modules)
    return found


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    for what, count in counts(n).items():
        print(f"{count:6,}  {what}")
