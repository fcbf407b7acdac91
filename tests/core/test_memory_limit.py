"""--memory GB holds to within 5%: a search checks before it allocates much at once
(``core.resources.reserve``), as well as the watcher's looks twenty times a second; the tables
are made a position at a time, never holding an int64 copy of every state's digits."""

from __future__ import annotations

import io
import math
import random
import subprocess
import sys

import pytest

from devilcoins.cli.common import EXIT_LIMIT
from devilcoins.cli.limits import Limits, Watch
from devilcoins.core.errors import TooLarge
from devilcoins.core.resources import (
    RESERVE_FROM,
    on_memory_limit,
    reserve,
    resident_bytes,
    using_at_most,
)

#: Runs the command (the rest of argv) and prints its exit status and its peak resident memory
#: (a process of its own, so that no other child of the test run counts).
PEAK = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
unit = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, kilobytes on Linux
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * unit
print(done.returncode, peak)
sys.stderr.write(done.stderr)
"""

#: Nine states of eleven coins (a still table's covering problem: HiGHS runs for minutes).
NINE = ",".join(
    format(x, "011b").replace("0", "H").replace("1", "T")
    for x in random.Random(3).sample(range(1 << 11), 9)
)


def _peak(*argv: str) -> tuple[int, int, str]:
    """(exit status, peak resident bytes, stderr) of devilcoins argv in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-c", PEAK, sys.executable, "-m", "devilcoins", *argv],
        capture_output=True,
        text=True,
        timeout=600,  # a hang guard only
        check=False,
    )
    code, peak = map(int, done.stdout.split())
    return code, peak, done.stderr


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="resource.getrusage is POSIX")
@pytest.mark.parametrize(
    ("argv", "codes"),
    [
        # the table of 2^20 states held int64 copies of every state's digits: 391 MB
        (["solve", "20", "--hands", "2"], (0, EXIT_LIMIT)),
        # every running product by every move at once, 8 bytes a digit: 408 MB
        (["solve", "11", "--group", "none", "--goal", NINE, "--time-limit", "5"], (EXIT_LIMIT,)),
    ],
)
def test_memory_03_holds_to_within_5_percent(argv, codes):
    code, peak, err = _peak(*argv, "--memory", "0.3")
    assert code in codes and "Traceback" not in err, err
    assert peak <= 1.05 * 0.3e9, f"{peak / 1e6:,.0f} MB"


def test_reserve_refuses_what_would_pass_the_limit_and_tells_the_watcher():
    heard: list[int] = []
    with using_at_most(resident_bytes() + (100 << 20)), on_memory_limit(lambda: heard.append(1)):
        reserve(50 << 20)  # fits
        reserve(RESERVE_FROM - 1)  # too small to look at
        with pytest.raises(TooLarge, match=r"the table needs 0\.2 GB more, past the memory limit"):
            reserve(200 << 20, "the table")
    assert heard == [1]
    reserve(1 << 50)  # no limit set: nothing to refuse


def test_a_refused_allocation_stops_the_command_as_the_limit_does():
    """On the command line the refusal is the watcher's stop: the same line, the same status."""
    limit = resident_bytes() + (100 << 20)
    watch = Watch(Limits(seconds=math.inf, memory=limit), stream=io.StringIO())
    with pytest.raises(KeyboardInterrupt), watch:
        reserve(1 << 30, "the table")
    assert watch.stopped == "memory"
    assert watch.message().startswith("stopped at the memory limit")
    reserve(1 << 30)  # the watch is over: no limit, no refusal
