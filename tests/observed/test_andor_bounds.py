"""The compiled sight kernel reads and writes only inside its arrays (numba checks each index).

Numba does not check indices unless told: a read past an array's end returns garbage or, when
it lands off the mapped memory, kills the process.  This runs the sight solver in a fresh
interpreter with NUMBA_BOUNDSCHECK=1 (and its own compile cache, since the checks change the
code), on coins (whose addition tables are one-entry placeholders) and on dials.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from devilcoins.core.game import Game
from devilcoins.observed.sight import solve_sight

GAMES = ("n=3 observe=sight", "n=4 observe=sight", "n=3 values=3 observe=sight")

SCRIPT = f"""
from devilcoins.core.game import Game
from devilcoins.observed.sight import solve_sight
for text in {GAMES!r}:
    s = solve_sight(Game.parse(text))
    print(s.winnable, s.length, sorted(s.policy.items()))
"""


@pytest.mark.slow
def test_the_sight_kernel_stays_inside_its_arrays(tmp_path: object) -> None:
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    unchecked = [solve_sight(Game.parse(text)) for text in GAMES]
    expected = [f"{s.winnable} {s.length} {sorted(s.policy.items())}" for s in unchecked]
    assert done.stdout.splitlines() == expected
