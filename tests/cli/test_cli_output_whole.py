"""Output cut short is an error, never a silent success: with the file size limited to 1 MB
(RLIMIT_FSIZE, SIGXFSZ ignored, as a full disk behaves: one write takes part of its bytes, the
next fails), every command whose output passes the limit exits 2 with one line saying the output
is incomplete (the first write's count used to be left unread: exit 0, a file cut at 1 MB)."""

from __future__ import annotations

import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import assert_usage_error

LIMIT = 1 << 20
COMMAND = [sys.executable, "-m", "devilcoins"]


def limited() -> None:
    """In the child: files may grow to LIMIT bytes, and passing it is an error, not a signal."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


def run_limited(args: list[str], out: Path) -> tuple[int, str]:
    with out.open("wb") as sink:
        done = subprocess.run(
            [*COMMAND, *args], stdout=sink, stderr=subprocess.PIPE, text=True,
            preexec_fn=limited, timeout=300, check=False,
        )  # fmt: skip
    return done.returncode, done.stderr


#: Commands whose output for 16 coins passes 1 MB.
LARGE = [
    ["construct", "16"],
    ["solve", "16", "--format", "positions"],
    ["solve", "16", "--format", "flips"],
    ["solve", "16", "--json"],
]


@pytest.mark.parametrize("args", LARGE)
def test_stdout_past_the_limit_is_an_error_not_a_success(tmp_path, args):
    code, err = run_limited(args, tmp_path / "out.txt")
    assert_usage_error(code, "", err, "cut short", "incomplete")
    assert (tmp_path / "out.txt").stat().st_size <= LIMIT


def test_a_file_past_the_limit_is_not_left_behind(tmp_path):
    target = tmp_path / "moves.txt"
    code, err = run_limited(["construct", "16", "--output", str(target)], tmp_path / "log")
    assert_usage_error(code, "", err, "nothing was written")
    assert not target.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["log"]  # no temporary file either


def test_output_within_the_limit_is_whole(tmp_path):
    code, err = run_limited(["construct", "8"], tmp_path / "eight.txt")
    assert code == 0, err
    plain = subprocess.run([*COMMAND, "construct", "8"], capture_output=True, check=True)
    assert (tmp_path / "eight.txt").read_bytes() == plain.stdout
