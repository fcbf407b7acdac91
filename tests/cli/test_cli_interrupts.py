"""Signals and progress around the atlas and long searches: Ctrl-C or SIGTERM while Dask starts
its cluster is one line and 130 / 143, at once; a log (stderr not a terminal) hears how the
atlas goes on; Ctrl-C after a while says how far the work got, as a stop at a limit does."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from cli_helpers import run

from devilcoins.cli import limits
from devilcoins.cli.limits import Limits, Watch
from devilcoins.cli.progress import STATUS, Status, reporter

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

#: The command line in a process of its own, its plain progress lines every LOG_EVERY seconds
#: (argv[1]) so that a test sees at once what the command is doing.
LOGGED = """
import signal, sys
from devilcoins.cli import limits
from devilcoins.cli.main import main
if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)  # a background job ignores it
    limits.LOG_EVERY = float(sys.argv[1])
    sys.exit(main(sys.argv[2:]))
"""

#: A hang guard only: far more than any of these commands takes.
HANG = 120.0

#: A hang guard only: far more than a command takes to end after a signal (it took up to 4.7 s).
ENDS = 15.0


class _Lines:
    """A child's stderr read line by line as it comes (a thread of its own)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        assert process.stderr is not None
        self.lines: list[str] = []
        self.changed = threading.Condition()
        self._thread = threading.Thread(target=self._read, args=(process.stderr,), daemon=True)
        self._thread.start()

    def _read(self, stream: io.TextIOBase) -> None:
        for line in stream:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()
        with self.changed:
            self.lines.append("")  # the end
            self.changed.notify_all()

    def wait_for(self, fragment: str) -> bool:
        """Whether a line with fragment came (False: the stream ended first)."""
        deadline = time.monotonic() + HANG
        with self.changed:
            while True:
                if any(fragment in line for line in self.lines):
                    return True
                if (self.lines and self.lines[-1] == "") or time.monotonic() > deadline:
                    return False
                self.changed.wait(1.0)

    def all(self) -> list[str]:
        """Every line once the stream has ended."""
        self._thread.join(HANG)
        return [line for line in self.lines if line]


def _logged(tmp_path: Path, every: float, *argv: str) -> tuple[subprocess.Popen[str], _Lines]:
    script = tmp_path / "devilcoins_logged.py"
    script.write_text(LOGGED)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    process = subprocess.Popen(
        [sys.executable, str(script), str(every), *argv],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    return process, _Lines(process)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("sig", "word", "status"),
    [(signal.SIGINT, "interrupted", 130), (signal.SIGTERM, "terminated", 143)],
)
def test_a_signal_while_dask_starts_is_one_line_and_its_status(tmp_path, sig, word, status):
    """Ctrl-C while the local cluster started printed Dask's 29-line traceback at exit
    (AssertionError: Status.init), and SIGTERM took seconds: the cluster is now left at once."""
    pytest.importorskip("distributed")
    argv = ["atlas", "--n", "1..7", "--db", str(tmp_path / "x.db")]
    process, lines = _logged(tmp_path, 0.05, *argv)
    try:
        assert lines.wait_for("starting 2 Dask worker processes"), lines.lines
        _until(lambda: _workers_spawned(process.pid))  # the workers on their way up
        process.send_signal(sig)
        process.wait(ENDS)  # a hang guard only (it ends within a second)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    said = [line for line in lines.all() if not line.startswith("devilcoins: atlas")]
    assert process.returncode == status, said
    kept = f"devilcoins: {word}; 0 games kept in {tmp_path / 'x.db'}, run again to go on"
    assert said == [kept], "\n".join(said)


def test_the_atlas_prints_how_it_goes_when_stderr_is_not_a_terminal(tmp_path):
    """The atlas printed nothing for minutes into a log: now its status, every LOG_EVERY
    seconds (10; here a twentieth of a second), the progress bar staying on terminals."""
    process, lines = _logged(tmp_path, 0.05, "atlas", "--max-n", "6", "--observe", "blind,touch")
    assert process.wait(HANG) == 0  # a hang guard only
    said = lines.all()
    assert said and all(re.fullmatch(r"devilcoins: atlas \(\d+% of 84\) at \d+ s", x) for x in said)


def test_a_logged_status_is_printed_every_so_often_off_a_terminal_only(monkeypatch):
    monkeypatch.setattr(limits, "LOG_EVERY", 0.05)
    plain, status = io.StringIO(), Status(description="atlas: 2 running", total=10, logged=True)
    with Watch(limits.UNLIMITED, stream=plain, status=status):
        _until(lambda: plain.getvalue().count("\n") >= 2)
    assert plain.getvalue().splitlines()[0].startswith("devilcoins: atlas: 2 running (0% of 10) at")
    quiet = io.StringIO()  # a status not logged: nothing (solve's one line at a stop stays one)
    with Watch(limits.UNLIMITED, stream=quiet, status=Status(description="solving")):
        time.sleep(0.3)
    assert quiet.getvalue() == ""
    terminal = _Terminal()  # a terminal has the progress line instead
    with Watch(limits.UNLIMITED, stream=terminal, status=Status(description="x", logged=True)):
        time.sleep(0.3)
    assert "devilcoins: x" not in terminal.getvalue()


def test_the_reporter_of_the_atlas_asks_for_the_log():
    with reporter("atlas", total=3, logged=True):
        assert STATUS.logged
        with reporter("inner"):
            assert STATUS.logged
    assert not STATUS.logged


def test_ctrl_c_after_a_while_says_how_far_the_work_got(monkeypatch):
    """Ctrl-C during a still-table search printed 'interrupted' alone, where the time limit
    prints the bounds proved: Watch.interrupted is that line (main prints it)."""
    monkeypatch.setattr(limits, "SHOW_AFTER", 0.0)
    bounds = "solving n=10 group=none: at least 34 moves proved, a strategy of 63 found"
    with Watch(Limits(seconds=60, memory=1 << 40), stream=io.StringIO()) as watch:
        with pytest.raises(KeyboardInterrupt), reporter("solving n=10 group=none") as rep:
            rep.note(bounds)
            time.sleep(0.05)
            raise KeyboardInterrupt
        line = watch.interrupted()
    assert line.startswith("interrupted after ") and line.endswith(f" s while {bounds}")
    assert STATUS.description != bounds  # the stage is over; its words were kept
    monkeypatch.setattr(limits, "SHOW_AFTER", 60.0)  # at once: the word alone, as before
    with Watch(Limits(seconds=60, memory=1 << 40), stream=io.StringIO()) as watch:
        with pytest.raises(KeyboardInterrupt), reporter("solving") as rep:
            raise KeyboardInterrupt
        assert watch.interrupted() == "interrupted"


def _workers_spawned(pid: int) -> bool:
    """Whether the process pid has started a worker (a multiprocessing child)."""
    import psutil

    try:
        children = psutil.Process(pid).children()
        return any("spawn_main" in " ".join(child.cmdline()) for child in children)
    except psutil.Error:  # a child that ended meanwhile: look again
        return False


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _until(condition, seconds: float = HANG) -> None:
    """Wait until condition() holds (a hang guard after seconds)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.02)


def test_ctrl_c_during_a_still_table_search_prints_the_bounds(capsys, monkeypatch):
    # the bounds the covering search reports, then Ctrl-C: the same line as at the time limit
    import devilcoins
    from devilcoins.cli import limits

    monkeypatch.setattr(limits, "SHOW_AFTER", 0.0)

    def interrupted(game, method, *, on_progress, **_options):
        on_progress(34, 63)
        time.sleep(0.05)
        raise KeyboardInterrupt

    monkeypatch.setattr(devilcoins, "solve", interrupted)
    goal = "HHHHHHHHHH,HTHHHHHHHH,TTHHHHHHHH"
    code, out, err = run(capsys, "solve", "10", "--group", "none", "--goal", goal)
    assert code == 130 and out == ""
    (line,) = err.strip().splitlines()
    assert line.startswith("devilcoins: interrupted after ")
    assert line.endswith("at least 34 moves proved, a strategy of 63 found")
