"""Exit statuses and words: a stop at a limit has its own status, a lost game saved is still an
answer, one move is 'one move', and the level search is named as what it is."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import assert_usage_error, run

from devilcoins.cli.common import EXIT_LIMIT, EXIT_USAGE

#: One move in the plural: what no line may say.
ONE_MOVES = re.compile(r"(?<![\d,.])(?<!- )1 moves\b")  # not "2^N - 1 moves"


def test_the_limit_status_is_its_own() -> None:
    assert EXIT_LIMIT not in (0, 1, EXIT_USAGE, 130, 143)


@pytest.mark.slow
def test_a_stop_at_the_time_limit_exits_with_the_limit_status(tmp_path: Path) -> None:
    # a touch game the level search cannot settle in a second; in a process of its own, as an
    # interrupt in the middle of an import would leave this one's modules half made
    words = ["solve", "12", "--hands", "8", "--goal", "same", "--observe", "touch"]
    done = subprocess.run(
        [sys.executable, "-m", "devilcoins", *words, "--time-limit", "1"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == EXIT_LIMIT, done.stderr
    assert done.stderr.startswith("devilcoins: error: stopped at")
    assert "Traceback" not in done.stderr


def test_a_usage_error_keeps_status_2(capsys) -> None:
    code, _, err = run(capsys, "solve", "4", "--time-limit", "-1")
    assert code == EXIT_USAGE and err.count("\n") == 1


@pytest.mark.parametrize("json_flag", [True, False])
def test_a_lost_game_saved_prints_its_verdict_and_writes_nothing(
    capsys, tmp_path: Path, json_flag: bool
) -> None:
    target = tmp_path / "three.txt"
    words = ["solve", "3", "--save", str(target)] + (["--json"] if json_flag else [])
    code, out, err = run(capsys, *words)
    assert code == 0, err
    assert not target.exists()
    assert f"nothing was saved to {target}" in err
    if json_flag:
        assert json.loads(out)["winnable"] is False
    else:
        assert "3 coins" in out


def test_one_move_is_singular(capsys, tmp_path: Path) -> None:
    game = ["2", "--hands", "2", "--goal", "same", "--observe", "touch"]
    cert = tmp_path / "c.json"
    said = []
    for words in (
        ["solve", *game, "--certificate", str(cert)],
        ["verify", *game, "--certificate", str(cert)],
        ["prove", *game],
        ["explain", *game],
        ["solve", "1"],
        ["prove", "1"],
        ["construct", "1", "--output", str(tmp_path / "one.txt")],
    ):
        code, out, err = run(capsys, *words)
        assert code == 0, (words, err)
        said.append(out + err)
    text = "\n".join(said)
    assert "exactly 1 move" in text
    assert not ONE_MOVES.search(text), ONE_MOVES.search(text)


def test_the_level_search_is_named_in_the_method(capsys) -> None:
    game = ["4", "--hands", "2", "--goal", "same", "--observe", "touch"]
    _, out, _ = run(capsys, "solve", *game, "--method", "levels")
    assert "level search" in out and "value iteration" not in out.split("\n")[1]
    _, out, _ = run(capsys, "solve", *game, "--method", "closure")
    assert "value iteration" in out.split("\n")[1]


@pytest.mark.parametrize("command", ["solve", "explain", "prove", "play"])
@pytest.mark.parametrize("observe", ["blind", "count"])
def test_one_value_on_too_many_positions_is_refused_in_one_line(capsys, command, observe) -> None:
    # one state only, yet a map for each of the 10^12 turns: numpy was asked for 7 TiB
    code, out, err = run(capsys, command, str(10**12), "--values", "1", "--observe", observe)
    if command == "prove" and observe == "count":  # the closed form: stated, not built
        assert code == 0, err
        return
    if command == "play" and observe == "count":  # play takes blind games only
        assert_usage_error(code, out, err, "play shows blind games")
        return
    line = assert_usage_error(code, out, err, "positions are past what the tables hold")
    assert "1,000,000,000,000 positions" in line


def test_a_huge_stray_argument_is_quoted_short(capsys) -> None:
    line = assert_usage_error(*run(capsys, "solve", "4", "--jsn", "x" * 100_000))
    assert len(line) < 300 and "100,000 characters" in line
    assert "did you mean '--json'" in line
