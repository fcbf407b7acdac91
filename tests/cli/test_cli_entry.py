"""The entry point: a signal at any moment of start-up, closed streams, the limit's own status.

A signal is made to arrive at a chosen moment, not after a guessed delay: an import hook sends
it to the process when the ``devilcoins`` package is about to be imported, which is where a
Ctrl-C 50 ms after start used to land (a traceback). The entry point runs as the ``devilcoins``
script runs it, through its console-script name in the package's metadata.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and descriptors")

#: A program that sends itself sig while the devilcoins package is being imported, then runs the
#: console script's entry point on 'solve 4'.
AT_IMPORT = """
import importlib.abc, os, signal, sys
from importlib.metadata import entry_points

class SignalAtImport(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "devilcoins":
            os.kill(os.getpid(), {sig})
        return None

(script,) = entry_points(group="console_scripts", name="devilcoins")
module, _, function = script.value.partition(":")
sys.meta_path.insert(0, SignalAtImport())
entry = getattr(__import__(module), function)
sys.argv = ["devilcoins", "solve", "4"]
sys.exit(entry())
"""


def test_the_console_script_starts_outside_the_package() -> None:
    (script,) = entry_points(group="console_scripts", name="devilcoins")
    assert not script.value.startswith("devilcoins"), script.value


@pytest.mark.parametrize(
    ("sig", "word", "status"),
    [(signal.SIGINT, "interrupted", 130), (signal.SIGTERM, "terminated", 143)],
)
def test_a_signal_while_the_package_is_imported_is_one_line(
    sig: int, word: str, status: int
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", AT_IMPORT.format(sig=int(sig))],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == status, done.stderr
    assert done.stderr == f"devilcoins: {word}\n"
    assert done.stdout == ""


def devilcoins(shell_tail: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """Run devilcoins (this environment's script) through bash with shell_tail after it."""
    script = Path(sys.executable).parent / "devilcoins"
    return subprocess.run(
        ["bash", "-c", f"'{script}' {shell_tail}"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize("args", ["solve 12", "solve 4", "table --max 5", "prove 16"])
def test_a_closed_stdout_is_quiet(args: str, tmp_path: Path) -> None:
    done = devilcoins(f"{args} >&-", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_a_file_written_with_stdout_closed_does_not_take_its_place(tmp_path: Path) -> None:
    # with descriptor 1 closed, the file opened for --save would have been given number 1
    done = devilcoins("solve 4 --save four.txt >&-", tmp_path)
    assert done.returncode == 0, done.stderr
    saved = (tmp_path / "four.txt").read_text()
    assert len([line for line in saved.splitlines() if line and not line.startswith("#")]) == 15


def test_closed_stdin_and_stderr_are_quiet_too(tmp_path: Path) -> None:
    done = devilcoins("solve 4 <&- 2>&-", tmp_path)
    assert done.returncode == 0
    assert "15 moves" in done.stdout


def test_python_dash_m_runs_the_same_entry(tmp_path: Path) -> None:
    done = subprocess.run(
        ["bash", "-c", f"'{sys.executable}' -m devilcoins solve 12 >&-"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ},
    )
    assert (done.returncode, done.stderr) == (0, "")


def free_port() -> int:
    """A loopback port that nobody listens on (once the probe is closed)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("sig", "word", "status"),
    [(signal.SIGINT, "interrupted", 130), (signal.SIGTERM, "terminated", 143)],
)
def test_serve_stopped_by_a_signal_says_so(sig: int, word: str, status: int) -> None:
    pytest.importorskip("uvicorn")
    script = Path(sys.executable).parent / "devilcoins"
    server = subprocess.Popen(
        [str(script), "serve", "--port", str(free_port())],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        assert "serving on" in server.stdout.readline()  # it listens: now the signal
        server.send_signal(sig)
        _, err = server.communicate(timeout=60)
    finally:
        server.kill()
    assert server.returncode == status, err
    assert err.strip().splitlines()[-1] == f"devilcoins: {word}"
    assert "Traceback" not in err
