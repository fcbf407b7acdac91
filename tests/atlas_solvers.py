"""Solvers for the atlas run's tests, named to its child processes as 'atlas_solvers:NAME'.

They run in the child a Dask worker keeps (tests/ is on its path): ``slow`` never finishes
n = 3; ``kill_worker_once`` kills the worker (the child's parent) the first time it meets
n = 4, leaving the worker's process id in the file $ATLAS_TEST_MARKER; ``kill_worker_always``
kills it at each n = 4; ``die_at_3`` ends the child itself at n = 3.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from devilcoins.core.game import Game
from devilcoins.engine import solve
from devilcoins.results import Verdict

#: The environment variable naming kill_worker_once's marker file.
MARKER = "ATLAS_TEST_MARKER"


def slow(game: Game) -> Verdict:
    """solve, except that n = 3 takes a minute."""
    if game.n == 3:
        time.sleep(60)
    return solve(game)


def kill_worker_once(game: Game) -> Verdict:
    """solve, except that the first n = 4 kills the worker running it."""
    marker = Path(os.environ[MARKER])
    if game.n == 4 and not marker.exists():
        marker.write_text(str(os.getppid()))
        os.kill(os.getppid(), signal.SIGKILL)
        time.sleep(60)  # the child goes with its worker
    return solve(game)


def kill_worker_always(game: Game) -> Verdict:
    """solve, except that n = 4 kills the worker running it, every time."""
    if game.n == 4:
        os.kill(os.getppid(), signal.SIGKILL)
        time.sleep(60)
    return solve(game)


def die_at_3(game: Game) -> Verdict:
    """solve, except that n = 3 ends the solver's process with status 3."""
    if game.n == 3:
        os._exit(3)
    return solve(game)
