"""--time-limit and --memory: measured, one line at a stop; the progress line; SIGTERM; output
past 100 MB (construct)."""

from __future__ import annotations

import io
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import assert_limit_stop, assert_usage_error, run

from devilcoins.cli import limits
from devilcoins.cli.limits import Limits, Watch
from devilcoins.cli.progress import Status, reporter
from devilcoins.core.resources import memory_limit, resident_bytes

#: A search that runs for minutes: dials of 3 values with a Devil of two permutations.
LONG = ["solve", "4", "--values", "3", "--devil-moves", "1 0 3 2; 1 3 0 2"]


def test_a_search_stops_at_its_time_limit_with_how_far_it_got(capsys):
    # 4 s: on a loaded machine the work before the search (reading the game) must not use it up
    code, out, err = run(capsys, *LONG, "--time-limit", "4")
    line = assert_limit_stop(code, out, err, "stopped at the time limit (4 s)")
    assert "while solving n=4 values=3" in line
    assert "--time-limit SECONDS" in line


def test_a_touch_search_that_stops_names_the_bounds_it_can_still_write(capsys):
    """8 dials of 3 values with 4 hands do not settle: the stop also says that --bounds writes
    what is proved; a blind game's stop does not."""
    touch = ["solve", "8", "--values", "3", "--hands", "4", "--goal", "same", "--observe", "touch"]
    line = assert_limit_stop(*run(capsys, *touch, "--time-limit", "2"), "stopped at the time")
    assert "--bounds --certificate FILE.json" in line and "--time-limit SECONDS" in line
    blind = assert_limit_stop(*run(capsys, *LONG, "--time-limit", "2"), "stopped at the time")
    assert "--bounds" not in blind


def test_a_search_stops_at_its_memory_limit(capsys):
    floor = resident_bytes() / 1e9  # this process already holds more than the limit below
    code, out, err = run(capsys, *LONG, "--memory", f"{max(0.2, floor - 0.05):.2f}")
    line = assert_limit_stop(code, out, err, "stopped at the memory limit")
    assert "--memory GB" in line


@pytest.mark.parametrize(
    ("option", "value", "fragment"),
    [
        ("--time-limit", "0", "more than 0"),
        ("--time-limit", "0.0", "more than 0"),
        ("--time-limit", "-3", "--time-limit (seconds) must be a number written with the digits"),
        ("--time-limit", "ten", "--time-limit (seconds) must be a number written with the digits"),
        ("--time-limit", "1000000000", "at most a week"),
        ("--memory", "0.01", "from 0.2"),
        ("--memory", "1000000", "this machine's"),
        ("--memory", "lots", "--memory (gigabytes) must be a number written with the digits"),
    ],
)
def test_limits_out_of_range_are_usage_errors(capsys, option, value, fragment):
    assert_usage_error(*run(capsys, "solve", "4", option, value), fragment)


def test_the_searches_read_the_commands_memory_limit():
    seen = []

    def probe(_args):
        seen.append(memory_limit(6 << 30))
        return 0

    from devilcoins.cli.registry import COMMANDS

    saved = COMMANDS["classes"].run
    COMMANDS["classes"].run = probe
    try:
        from devilcoins.cli.main import main

        assert main(["classes", "4", "--memory", "0.5"]) == 0
    finally:
        COMMANDS["classes"].run = saved
    assert seen == [500_000_000]
    assert memory_limit(6 << 30) == 6 << 30  # and only while the command runs


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _until(*fragments: str, stream: io.StringIO) -> None:
    """Wait until the watcher has written every fragment (the deadline is a hang guard only)."""
    deadline = time.monotonic() + 120
    while not all(f in stream.getvalue() for f in fragments):
        assert time.monotonic() < deadline, (fragments, stream.getvalue())
        time.sleep(0.05)


def test_the_progress_line_shows_on_a_terminal_after_a_while(monkeypatch):
    monkeypatch.setattr(limits, "SHOW_AFTER", 0.1)
    stream, status = _Terminal(), Status()
    with Watch(Limits(seconds=60, memory=1 << 40), stream=stream, status=status):
        status.description = "solving something: depth 3"
        _until("solving something: depth 3", "/60 s", "GB", stream=stream)
    text = stream.getvalue()
    assert "solving something: depth 3" in text and "/60 s" in text and "GB" in text


def test_no_progress_line_off_a_terminal_or_while_hidden(monkeypatch):
    monkeypatch.setattr(limits, "SHOW_AFTER", 0.0)
    plain = io.StringIO()
    with Watch(Limits(seconds=60, memory=1 << 40), stream=plain, status=Status()):
        time.sleep(0.3)
    assert plain.getvalue() == ""
    stream, status = _Terminal(), Status(description="streaming", hidden=True)
    with Watch(Limits(seconds=60, memory=1 << 40), stream=stream, status=status):
        time.sleep(0.3)
    assert "streaming" not in stream.getvalue()


def test_a_stage_reports_its_share_and_restores_the_outer_status():
    from devilcoins.cli.progress import STATUS

    with reporter("outer") as outer:
        outer.note("outer: depth 2")
        with reporter("inner", total=200) as inner:
            inner.reach(50)
            assert STATUS.text() == "inner (25% of 200)"
        assert STATUS.text() == "outer: depth 2"


def test_construct_past_100_mb_asks_for_force_and_writes_nothing(capsys, tmp_path):
    target = tmp_path / "big.txt"
    line = assert_usage_error(
        *run(capsys, "construct", "32", "--output", str(target)), "--force", "267 GB"
    )
    assert "4,294,967,295 moves" in line
    assert list(tmp_path.iterdir()) == []
    assert_usage_error(*run(capsys, "construct", "16", "--force"), "--output FILE")


def test_construct_64_names_its_size_without_overflow(capsys, tmp_path):
    line = assert_usage_error(
        *run(capsys, "construct", "1024", "--format", "binary", "--output", str(tmp_path / "x"))
    )
    assert "2^1,024 - 1 moves" in line and "× 10^310 bytes" in line


SIGTERM_SCRIPT = """
import sys
from devilcoins.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is POSIX")
def test_sigterm_removes_the_unfinished_file(tmp_path: Path):
    argv = ["construct", "32", "--output", "big.txt", "--force"]
    child = subprocess.Popen(
        [sys.executable, "-c", SIGTERM_SCRIPT, *argv],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 300  # a hang guard only
    while not any(p.name.startswith(".devilcoins-") for p in tmp_path.iterdir()):
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGTERM)
    _, err = child.communicate(timeout=300)
    assert child.returncode == 143, err
    assert err.strip().splitlines()[-1] == "devilcoins: terminated"
    assert list(tmp_path.iterdir()) == []


def test_a_command_without_limits_still_shows_its_progress(monkeypatch):
    monkeypatch.setattr(limits, "SHOW_AFTER", 0.1)
    stream, status = _Terminal(), Status(description="atlas", total=190, completed=19)
    with Watch(limits.UNLIMITED, stream=stream, status=status):
        _until("atlas (10% of 190)", stream=stream)
    text = stream.getvalue()
    assert "atlas (10% of 190)" in text and "inf" not in text


def test_the_atlas_here_runs_within_the_default_memory_limit(capsys, monkeypatch):
    """The atlas has no --time-limit for the whole run and no --memory, yet its searches read
    the default memory limit (here a made-up figure) as every limited command's do."""
    from devilcoins.atlas import entry

    seen: list[int] = []
    real = entry.atlas

    def recording(games, **options):
        seen.append(memory_limit(1 << 50))
        return real(games, **options)

    # a made-up figure above what this test process already holds (the tests before it in
    # the same process may have grown it past any fixed figure)
    made_up = resident_bytes() + (123 << 20)
    monkeypatch.setattr(limits, "default_memory", lambda: made_up)
    monkeypatch.setattr(entry, "atlas", recording)
    code, _, err = run(capsys, "atlas", "--max-n", "3")
    assert (code, seen) == (0, [made_up]), err


def test_a_stop_at_the_memory_limit_names_no_option_the_command_lacks():
    watch = Watch(Limits(seconds=math.inf, memory=1, memory_option=False), stream=io.StringIO())
    watch.stopped = "memory"
    assert "fewer or smaller games" in watch.message() and "--memory" not in watch.message()
    watch = Watch(Limits(seconds=math.inf, memory=1), stream=io.StringIO())
    watch.stopped = "memory"
    assert "allow more with --memory GB" in watch.message()


def test_a_limit_stops_the_command_where_ctrl_c_is_ignored():
    """A process started in the background (or a test runner's worker) ignores SIGINT, which the
    watcher used to raise: the search then ran on past its limit. main() is called in-process
    here, so nothing but that interrupt can stop it."""
    code = (
        "import signal, sys\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        "from devilcoins.cli.main import main\n"
        f"sys.exit(main({[*LONG, '--time-limit', '1']!r}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    assert_limit_stop(done.returncode, done.stdout, done.stderr, "stopped at the time limit (1 s)")


def test_a_stop_inside_the_compiler_is_sent_again_not_lost(monkeypatch):
    """numba calls back into Python through ctypes while it compiles, and ctypes only prints
    what a callback raises: a stop landing there is sent again a moment later instead; in any
    other code it raises at once."""
    sent: list[int] = []
    monkeypatch.setattr(limits._thread, "interrupt_main", sent.append)
    monkeypatch.setattr(limits, "_AGAIN", 0.0)
    namespace: dict[str, object] = {"frame": sys._getframe}
    exec(
        compile("here = frame()", f"{os.sep}x{os.sep}numba{os.sep}core{os.sep}codegen.py", "exec"),
        namespace,
    )
    limits._stop_here(limits.STOP_SIGNAL, namespace["here"])
    deadline = time.monotonic() + 10
    while not sent and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sent == [limits.STOP_SIGNAL]
    with pytest.raises(KeyboardInterrupt):
        limits._stop_here(limits.STOP_SIGNAL, sys._getframe())
