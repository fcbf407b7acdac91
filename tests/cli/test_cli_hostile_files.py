"""Files and numbers past every bound get one line and exit 2, never a traceback: JSON nested
100,000 levels deep (the parser recursed into a RecursionError), numbers of 5,000 digits (past
Python's 4,300-digit limit for writing them), in every command that reads a file or a number."""

from __future__ import annotations

import subprocess
import sys

import pytest
from cli_helpers import assert_usage_error, run

from devilcoins import Game
from devilcoins.core.errors import NotationError

DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5_000
TOUCH = ["--hands", "2", "--goal", "same", "--observe", "touch"]


#: Every command and option that reads a file the user names (each also reads stdin, '-').
READERS = [
    ["verify", "4"],
    ["verify", "4", *TOUCH],
    ["verify", "4", "--certificate"],
    ["play", "4", "--devil-turns"],
    ["play", "4", "--strategy"],
    ["check", "4", "--strategy"],
    ["plot", "4", "--strategy"],
]

#: The hostile shapes: deep nesting, huge numbers (in a list and in an object), bytes that are
#: no text, one endless line, and (with the size limit made 1 MB below) a file past it.
SHAPES = {
    "deep": DEEP,
    "huge number": f"[{HUGE}]",
    "huge in an object": f'{{"turns": [{HUGE}]}}',
    "binary": "\x00\xff\xfe" * 1000,
    "endless line": "HT" * 400_000,
    "past the size limit": "0 1\n" * 600_000,
}


@pytest.mark.parametrize("command", READERS, ids=" ".join)
@pytest.mark.parametrize("shape", SHAPES)
def test_a_file_past_every_bound_is_one_line(tmp_path, capsys, monkeypatch, command, shape):
    monkeypatch.setattr("devilcoins.cli.common.most_file_bytes", lambda: 1 << 20)
    path = tmp_path / "hostile.json"
    path.write_bytes(SHAPES[shape].encode("latin-1"))
    code, out, err = run(capsys, *command, str(path))
    assert_usage_error(code, out, err)
    if shape == "past the size limit":
        assert "--memory" in err


def test_the_depth_refusal_names_its_limit(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    assert_usage_error(*run(capsys, "verify", "4", str(path)), "nested deeper than 200 levels")


def test_a_huge_number_in_a_strategy_says_what_it_is(tmp_path, capsys):
    path = tmp_path / "huge.json"
    path.write_text(f"[{HUGE}]")
    assert_usage_error(*run(capsys, "verify", "4", str(path)), "more than 4,300 digits")


@pytest.mark.parametrize("command", [["move", "64", HUGE], ["construct", "64", "--start", HUGE]])
def test_a_huge_move_number_is_one_line(capsys, command):
    line = assert_usage_error(*run(capsys, *command), "18,446,744,073,709,551,615")
    assert "10^5,000" in line


def test_a_game_written_as_deep_json_is_refused_by_its_depth():
    """A policy file's first line names its game as text or JSON (``Game.parse``)."""
    with pytest.raises(NotationError, match="nested deeper than 200 levels"):
        Game.parse("{" + '"a": {' * 1000 + "}" * 1001)


#: Runs the command given after it and prints the largest resident size of its children
#: (this one command alone: the test process's own count spans every child it ever had).
MEASURED = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:])\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)\n"
    "sys.exit(done.returncode)\n"
)


def _verify_endless(source: str, stdin) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "devilcoins", "verify", "4", source, "--memory", "1"]
    return subprocess.run(
        [sys.executable, "-c", MEASURED, *command],
        stdin=stdin, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("source", ["/dev/zero", "-"])
def test_an_endless_file_stops_within_the_memory_limit(source):
    """'verify 4 /dev/zero --memory 1' grew to 3-4 GB: a file is read a chunk at a time and
    refused once its size passes what the memory limit can read; a device named as the file
    is refused before any read (issue 47: /dev/urandom was read for 40 s)."""
    if source == "-":
        with open("/dev/zero", "rb") as zeros:
            done = _verify_endless(source, zeros)
    else:
        done = _verify_endless(source, subprocess.DEVNULL)
    peak = int(done.stdout.strip())  # bytes (ru_maxrss is in KB on Linux)
    if source == "-":
        assert_usage_error(done.returncode, "", done.stderr, "passes", "--memory")
    else:
        assert_usage_error(done.returncode, "", done.stderr, "/dev/zero is a character device")
    assert peak < 1.1e9
