"""Issue 47, item 7 and part of 9: loose input once accepted, echoed whole, or read forever.

``solve 04`` ran the game of 4 coins; a fullwidth digit in ``--generators '１ 0 2 3'`` was read as
1 (while N refused it); a trailing comma in a goal, a move or the generators was dropped without
a word; a 100 KB argument came back whole in the error; ``/dev/urandom`` given as a strategy
file was read for 40 s before it was refused, and a named pipe waited for a writer forever.
Each now gets one line (exit 2) saying what is wrong and what to write instead.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import assert_usage_error, run

from devilcoins import Game
from devilcoins.core.errors import DevilcoinsError

#: Options that make a touch game (the games that keep a checkpoint).
TOUCH = ["--hands", "2", "--goal", "same", "--observe", "touch"]


# --- numbers: the digits 0-9, no leading zero --------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "instead"),
    [
        (["solve", "04"], "write 4"),
        (["solve", "00"], "a leading zero"),
        (["prove", "012"], "write 12"),
        (["solve", "4", "--hands", "02"], "write 2"),
        (["solve", "4", "--values", "03"], "write 3"),
        (["solve", "4", "--time-limit", "05"], "write 5"),
        (["solve", "4", "--memory", "00.5"], "write 0.5"),
        (["construct", "4", "--start", "01"], "write 1"),
        (["play", "4", "--seed", "07"], "write 7"),
        (["atlas", "--n", "1..08"], "write 8"),
        (["solve", "3", "--values", "Z02"], "write 2"),
    ],
    ids=" ".join,
)
def test_a_leading_zero_is_refused_with_the_number_to_write(capsys, argv, instead):
    line = assert_usage_error(*run(capsys, *[str(a) for a in argv]), instead)
    assert "leading zero" in line


def test_zero_itself_is_still_a_number(capsys):
    code, out, err = run(capsys, "solve", "4", "--hands", "0")
    assert code == 0, err
    assert "0 hands" in out or "no strategy wins" in out
    assert run(capsys, "solve", "4", "--time-limit", "0.5", "--memory", "2.5")[0] in (0, 3)


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "4", "--generators", "\uff11 0 2 3"],  # fullwidth 1: read as 1 while N refused it
        ["solve", "4", "--generators", "1 0 2 \uff13"],
        ["solve", "4", "--devil-moves", "\uff11 0 2 3"],
        ["solve", "12", "--generators", "\u0661 0 2 3 4 5 6 7 8 9 10 11"],  # Arabic-Indic 1
        ["solve", "\uff14"],
        ["solve", "4", "--hands", "\uff12"],
        ["solve", "4", "--time-limit", "\uff13"],
    ],
    ids=lambda argv: " ".join(argv).encode("unicode_escape").decode(),
)
def test_digits_of_other_scripts_are_refused_everywhere(capsys, argv):
    line = assert_usage_error(*run(capsys, *argv))
    assert "digits 0-9" in line


def test_the_fullwidth_generator_says_what_to_write(capsys):
    line = assert_usage_error(*run(capsys, "solve", "4", "--generators", "\uff11 0 2 3"))
    assert line.endswith("got '\uff11': write 1")


@pytest.mark.parametrize(
    ("text", "n"),
    [("01 2", 16), ("1 02", 16), ("\uff11 2", 16), ("\uff10", 4), ("0 \uff11", 4)],
)
def test_positions_in_a_strategy_file_are_the_digits_0_to_9(tmp_path, capsys, text, n):
    path = tmp_path / "strategy.txt"
    path.write_text(text + "\n", encoding="utf-8")
    line = assert_usage_error(*run(capsys, "verify", str(n), str(path)))
    assert "line 1" in line


@pytest.mark.parametrize("text", ["03", "\uff13", "0 1 02", '{"start": "HTHH", "turns": ["01"]}'])
def test_turns_in_a_devil_turns_file_are_the_digits_0_to_9(tmp_path, capsys, text):
    strategy, turns = tmp_path / "strategy.txt", tmp_path / "turns.txt"
    strategy.write_text("0 1 2 3\n0 2\n0 1 2 3\n")
    turns.write_text(text, encoding="utf-8")
    argv = ["play", "4", "--strategy", str(strategy), "--devil-turns", str(turns)]
    assert_usage_error(*run(capsys, *argv), "digits 0-9")


@pytest.mark.parametrize(
    "text",
    [
        "n=04",
        "n=4 hands=01",
        "n=4 values=02",
        "n=\uff14",
        "n=4 group=\uff11,0,2,3",
        "n=3 values=S03",
    ],
)
def test_a_game_text_reads_canonical_numbers(text):
    with pytest.raises(DevilcoinsError, match="digits 0-9"):
        Game.parse(text)


# --- lists: no empty item ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "4", "--goal", "HHHH,"],
        ["solve", "4", "--goal", ",HHHH"],
        ["solve", "4", "--goal", "HHHH,,TTTT"],
        ["solve", "4", "--moves", "0,1,"],
        ["solve", "4", "--moves", "FFLL,,LLFF"],
        ["solve", "4", "--moves", "{0, 1,}"],
        ["solve", "4", "--generators", "1 0 2 3,"],
        ["solve", "4", "--generators", ",1 0 2 3"],
        ["solve", "4", "--generators", "1 0,,2 3"],
        ["solve", "4", "--generators", "1 0 2 3;"],
        ["solve", "4", "--generators", "1 0 2 3;;0 1 3 2"],
        ["solve", "4", "--devil-moves", "1 2 3 0;"],
        ["solve", "3", "--values", "perm:1,0,2;"],
        ["solve", "3", "--values", "perm:1,0,2,"],
    ],
    ids=" ".join,
)
def test_a_list_with_an_empty_item_is_refused(capsys, argv):
    """A separator at the start, at the end or twice in a row was dropped without a word."""
    line = assert_usage_error(*run(capsys, *argv))
    assert "nothing" in line or "starts with" in line


@pytest.mark.parametrize("move", ["0,1,", ",0 1", "0,,1", "{0, 1,}"])
def test_a_move_in_a_strategy_file_with_an_empty_item_is_refused(tmp_path, capsys, move):
    path = tmp_path / "strategy.txt"
    path.write_text(f"0 1 2 3\n{move}\n")
    assert_usage_error(*run(capsys, "verify", "4", str(path)), "line 2", "','")


def test_a_turns_list_with_an_empty_item_is_refused(tmp_path, capsys):
    strategy, turns = tmp_path / "strategy.txt", tmp_path / "turns.txt"
    strategy.write_text("0 1 2 3\n0 2\n0 1 2 3\n")
    turns.write_text("0 1 2,")
    argv = ["play", "4", "--strategy", str(strategy), "--devil-turns", str(turns)]
    assert_usage_error(*run(capsys, *argv), "','")


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "4", "--goal", "HHHH, TTTT"],
        ["solve", "4", "--moves", "0 1, 2 3, {0, 2}"],
        ["solve", "4", "--generators", "1, 0, 2, 3; 0 1 3 2"],
    ],
)
def test_lists_written_as_documented_are_still_read(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 0, err


# --- echoed input: a short excerpt -------------------------------------------------------------

BIG = 100_000


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "1 " * (BIG // 2)],
        ["solve", "9" * BIG],
        ["solve", "4", "--generators", "1 " * (BIG // 2)],
        ["solve", "4", "--generators", "1 0 2 3;" * (BIG // 8)],
        ["solve", "4", "--devil-moves", "1 " * (BIG // 2)],
        ["solve", "4", "--group", "9" * BIG],
        ["solve", "4", "--goal", "H " * (BIG // 2)],
        ["solve", "4", "--goal", "x" * BIG],
        ["solve", "4", "--moves", "0 " * (BIG // 2)],
        ["solve", "4", "--moves", "0," * (BIG // 2)],
        ["solve", "4", "--values", "Z" + "2 " * (BIG // 2)],
        ["solve", "4", "--hands", "1 " * (BIG // 2)],
        ["solve", "4", "--observe", "1 " * (BIG // 2)],
        ["solve", "4", "--method", "1 " * (BIG // 2)],
        ["solve", "4", "--time-limit", "1 " * (BIG // 2)],
        ["atlas", "--n", "1 " * (BIG // 2)],
        ["atlas", "--goals", "1 " * (BIG // 2)],
    ],
    ids=lambda argv: " ".join(a[:12] for a in argv),
)
def test_a_100_kb_argument_gives_a_short_error(capsys, argv):
    line = assert_usage_error(*run(capsys, *argv))
    assert len(line) < 500, line[:600]


def test_a_100_kb_move_in_a_file_gives_a_short_error(tmp_path, capsys):
    path = tmp_path / "strategy.txt"
    path.write_text("0 " * (BIG // 2) + "\n")
    line = assert_usage_error(*run(capsys, "verify", "4", str(path)))
    assert len(line) < 300 + len(str(path))


# --- special files: refused before any read ----------------------------------------------------


def _devilcoins(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The command in a process of its own, stopped if it runs past timeout (a file read
    forever, a named pipe waited on): the refusal must come well within it."""
    return subprocess.run(
        [sys.executable, "-m", "devilcoins", *argv],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout, check=False,
    )  # fmt: skip


def _readers(path: str, tmp_path: Path) -> list[list[str]]:
    """Every command and option that reads a file the user names, given path."""
    good = tmp_path / "good.txt"
    good.write_text("0 1 2 3\n0 2\n0 1 2 3\n")
    return [
        ["verify", "4", path],
        ["verify", "4", *TOUCH, path],
        ["verify", "4", "--certificate", path],
        ["play", "4", "--strategy", path],
        ["play", "4", "--strategy", str(good), "--devil-turns", path],
        ["check", "4", "--strategy", path],
    ]


@pytest.mark.parametrize("device", ["/dev/urandom", "/dev/zero"])
def test_a_device_is_refused_before_any_read(tmp_path, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    for argv in _readers(device, tmp_path):
        done = _devilcoins(*argv)
        line = assert_usage_error(done.returncode, done.stdout, done.stderr, device)
        assert "character device" in line, argv


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    for argv in _readers(str(fifo), tmp_path):
        done = _devilcoins(*argv)  # waited for a writer forever
        assert_usage_error(done.returncode, done.stdout, done.stderr, fifo.name, "named pipe")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_as_a_checkpoint_is_refused_at_once(tmp_path):
    fifo = tmp_path / "marks.npz"
    os.mkfifo(fifo)
    done = _devilcoins("solve", "4", *TOUCH, "--checkpoint", str(fifo))
    assert_usage_error(done.returncode, done.stdout, done.stderr, fifo.name, "named pipe")


def test_a_socket_is_refused(tmp_path, capsys):
    name = Path(f"/tmp/devilcoins-{os.getpid()}.sock")  # a socket's path is short (108 bytes)
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(name))
        line = assert_usage_error(*run(capsys, "verify", "4", str(name)), "socket")
        assert str(name) in line
    finally:
        sock.close()
        name.unlink(missing_ok=True)


def test_a_folder_is_refused(tmp_path, capsys):
    assert_usage_error(*run(capsys, "verify", "4", str(tmp_path)), str(tmp_path), "folder")
