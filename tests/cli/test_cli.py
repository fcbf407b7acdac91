"""The devilcoins command: solve, table, play and check, their output and their usage errors."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from itertools import product
from pathlib import Path

import pytest
from cli_helpers import assert_usage_error, run
from reference import canonical_coins, flipped, rotations, seed_table_rows

from devilcoins import Strategy, solve, verify

SHORTEST = {1: 1, 2: 3, 3: None, 4: 15, 5: None, 6: None, 7: None, 8: 255}
CANONICAL = {1: 2, 2: 3, 3: 4, 4: 6, 5: 8, 6: 14, 7: 20, 8: 36}


# --- the trace of play, checked against the slow reference (reference.py) ---------------------


def trace_lines(out: str, n: int) -> list[tuple[int, str, str, set[int], str]]:
    """The trace lines of play's output: (move number, coins, turned, move, result)."""
    pattern = re.compile(
        rf"^\s*(\d+): ([HT]{{{n}}}) \| turn: ([HT]{{{n}}}) \| move: ([FL]{{{n}}}) -> ([HT]{{{n}}})$"
    )
    lines = []
    for line in out.splitlines():
        m = pattern.match(line)
        if m:
            move = {i for i, ch in enumerate(m[4]) if ch == "F"}
            lines.append((int(m[1]), m[2], m[3], move, m[5]))
    return lines


def check_trace(lines, start: str, strategy) -> None:
    """Each turn is a rotation of the coins before it and each result is the flip's result,
    every state as it lies on the table."""
    coins = start
    for k, (i, before, turned, move, after) in enumerate(lines, 1):
        assert i == k and before == coins
        assert turned in rotations(before)
        assert move == set(strategy[k - 1])
        assert after == flipped(turned, move)
        coins = after


# --- solve ----------------------------------------------------------------------------------


def test_solve_8_json(capsys):
    code, out, err = run(capsys, "solve", "8", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert {"game", "winnable", "length", "strategy", "explored", "seconds", "holds"} <= set(data)
    assert (data["game"], data["winnable"], data["length"], data["how"]) == (
        "n=8",
        True,
        255,
        "search",
    )
    assert data["verified"]["wins"] and data["verified"]["won_at"] == 255
    assert all(isinstance(m, str) and len(m) == 8 for m in data["strategy"])  # flip patterns
    strategy = Strategy.parse(json.dumps(data["strategy"]), 8)  # the JSON list reads back
    assert strategy == Strategy.from_masks(solve(8, "notebook").strategy)
    assert verify(8, strategy).wins
    assert data["explored"] >= 256 and data["seconds"] >= 0


def test_solve_4_prints_the_belief_table(capsys):
    code, out, _ = run(capsys, "solve", "4")
    assert code == 0
    strategy = Strategy.from_masks(solve(4, "notebook").strategy)
    lines = [line.rstrip() for line in out.splitlines()]
    rows = seed_table_rows(strategy, 4)
    start = lines.index(rows[0])
    assert lines[start - 2].startswith("Move|") and lines[start - 1].startswith("----+")
    assert lines[start : start + len(rows)] == rows
    assert "15" in out


@pytest.mark.parametrize("n", [3, 6])
def test_solve_says_when_there_is_no_strategy(capsys, n):
    code, out, _ = run(capsys, "solve", str(n))
    assert code == 0
    assert out.startswith(f"{n} coins: no strategy wins; the Devil holds out forever")
    assert "every belief the player can reach was explored" in out.lower()
    assert "Move|" not in out


@pytest.mark.parametrize("fmt", ["positions", "flips"])
def test_solve_prints_only_the_moves_in_a_format(capsys, fmt):
    code, out, _ = run(capsys, "solve", "4", "--format", fmt)
    assert code == 0
    assert Strategy.parse(out, 4) == Strategy.from_masks(solve(4, "notebook").strategy)
    assert len(out.splitlines()) == 15


# --- table ----------------------------------------------------------------------------------


def test_table_json_rows(capsys):
    code, out, _ = run(capsys, "table", "--max", "8", "--json")
    assert code == 0
    rows = json.loads(out)["rows"]
    assert [row["coins"] for row in rows] == list(range(1, 9))
    for row in rows:
        assert row["length"] == SHORTEST[row["coins"]]
        assert row["winnable"] == (SHORTEST[row["coins"]] is not None)
        assert row["canonical"] == CANONICAL[row["coins"]]
        assert "strategy" not in row


def test_table_text(capsys):
    code, out, _ = run(capsys, "table", "--min", "2", "--max", "5")
    assert code == 0
    cells = {int(line.split()[0]): line.split() for line in out.splitlines()[1:]}
    assert sorted(cells) == [2, 3, 4, 5]
    for n, row in cells.items():
        assert int(row[1]) == CANONICAL[n]
        assert row[2] == ("none" if SHORTEST[n] is None else str(SHORTEST[n]))


# --- play -----------------------------------------------------------------------------------


def test_play_trace_replays_and_wins(capsys):
    code, out, _ = run(capsys, "play", "4", "--start", "HHTH", "--seed", "5")
    assert code == 0
    lines = trace_lines(out, 4)
    assert lines, out
    check_trace(lines, "HHTH", Strategy.from_masks(solve(4, "notebook").strategy))
    assert lines[-1][4] == "HHHH"
    assert all(after != "HHHH" for *_, after in lines[:-1])


@pytest.mark.parametrize(
    "argv", [("play", "4", "--start", "HHTH", "--seed", "5"), ("play", "8", "--seed", "11")]
)
def test_play_is_repeatable_with_a_seed(capsys, argv):
    first = run(capsys, *argv)
    second = run(capsys, *argv)
    assert first == second and first[0] == 0
    assert trace_lines(first[1], int(argv[1]))


def test_play_draws_a_start_from_the_seed(capsys):
    code, out, _ = run(capsys, "play", "4", "--seed", "5")
    assert code == 0
    lines = trace_lines(out, 4)
    start = lines[0][1]
    assert f"from {start}" in out
    check_trace(lines, start, Strategy.from_masks(solve(4, "notebook").strategy))
    assert lines[-1][4] == "HHHH"


def test_play_json(capsys):
    code, out, _ = run(capsys, "play", "4", "--start", "TTTH", "--seed", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["start"] == "TTTH" and data["seed"] == 2 and data["won"] is True
    assert data["final"] == "HHHH" and data["moves"] == len(data["trace"])
    steps = [
        (
            s["number"],
            s["before"],
            s["turned"],
            {i for i, v in enumerate(s["amounts"]) if v},
            s["after"],
        )
        for s in data["trace"]
    ]
    check_trace(steps, "TTTH", Strategy.from_masks(solve(4, "notebook").strategy))


def test_play_from_all_heads_needs_no_move(capsys):
    code, out, _ = run(capsys, "play", "4", "--start", "HHHH", "--seed", "1")
    assert code == 0
    assert trace_lines(out, 4) == []


def test_play_a_strategy_file(capsys, tmp_path):
    path = tmp_path / "two.txt"
    path.write_text("# the seeds' answer for two coins\nFF\nFL\n{0, 1}\n")
    code, out, _ = run(capsys, "play", "2", "--strategy", str(path), "--start", "HT", "--seed", "3")
    assert code == 0
    lines = trace_lines(out, 2)
    check_trace(lines, "HT", [{0, 1}, {0}, {0, 1}])
    assert lines[-1][4] == "HH"


# --- check ----------------------------------------------------------------------------------


def test_check_4(capsys):
    code, out, _ = run(capsys, "check", "4", "--games", "50", "--seed", "1")
    assert code == 0
    assert "50" in out and "seed 1" in out
    assert "all won" in out and "NOT" not in out
    code, out, _ = run(capsys, "check", "4", "--games", "50", "--seed", "1", "--json")
    data = json.loads(out)
    assert data["probably_wins"] is True and data["wins"] is True and data["won_at"] == 15
    assert data["games_per_start"] == 50 and data["seed"] == 1


def test_check_a_losing_strategy(capsys, tmp_path):
    """The exact check fails: the command says so and exits 1, as verify does."""
    path = tmp_path / "short.txt"
    path.write_text("0 1 2 3\n0 2\n")
    code, out, _ = run(capsys, "check", "4", "--strategy", str(path), "--seed", "1", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["wins"] is False and data["probably_wins"] is False and data["won_at"] is None
    code, out, _ = run(capsys, "check", "4", "--strategy", str(path), "--seed", "1")
    assert code == 1 and "NOT" in out


def test_check_a_strategy_from_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("[[0, 1], [0], [0, 1]]"))
    code, out, _ = run(capsys, "check", "2", "--strategy", "-", "--games", "5", "--json")
    assert code == 0
    assert json.loads(out)["wins"] is True


# --- saving ---------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["positions", "flips"])
def test_save_writes_a_strategy_that_parses_back(capsys, tmp_path, fmt):
    path = tmp_path / "eight.txt"
    code, _, err = run(capsys, "solve", "8", "--format", fmt, "--save", str(path))
    assert code == 0 and err == f"devilcoins: wrote the strategy to {path}\n"
    strategy = Strategy.parse(path.read_text(), 8)
    assert strategy == Strategy.from_masks(solve(8, "notebook").strategy)
    assert verify(8, strategy).wins
    if fmt == "flips":
        assert set(path.read_text().split()) <= {"".join(p) for p in product("FL", repeat=8)}


@pytest.mark.parametrize("n", ["9", "8"])
def test_save_never_overwrites(capsys, tmp_path, n):
    path = tmp_path / "keep.txt"
    path.write_text("precious\n")
    assert_usage_error(*run(capsys, "solve", n, "--save", str(path)))
    assert path.read_text() == "precious\n"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_a_saved_strategy_of_no_moves_reads_back_and_wins(capsys, tmp_path):
    """One coin, goal same: won before any move. The file was empty, which verify refused."""
    path = tmp_path / "zero.txt"
    code, _, err = run(capsys, "solve", "1", "--goal", "same", "--save", str(path))
    assert code == 0, err
    code, out, err = run(capsys, "verify", "1", "--goal", "same", str(path), "--json")
    assert code == 0, err
    assert json.loads(out)["wins"] is True and json.loads(out)["moves"] == 0


def test_save_without_a_strategy_writes_nothing(capsys, tmp_path):
    path = tmp_path / "none.txt"
    code, out, err = run(capsys, "solve", "9", "--save", str(path))
    assert code == 0 and "no strategy wins" in out  # the answer, as without --save
    assert err == f"devilcoins: no strategy wins n=9: nothing was saved to {path}\n"
    assert not path.exists()


def test_save_into_a_missing_folder(capsys, tmp_path):
    path = tmp_path / "no" / "such" / "folder.txt"
    assert_usage_error(*run(capsys, "solve", "4", "--save", str(path)))
    assert not path.parent.exists()


def test_save_under_a_file_is_refused_and_the_file_kept(capsys, tmp_path):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine\n")
    line = assert_usage_error(*run(capsys, "solve", "4", "--save", str(blocker / "s.txt")))
    assert "not a folder" in line
    assert blocker.read_text() == "mine\n"


def test_a_folder_given_as_strategy_file(capsys, tmp_path):
    assert_usage_error(*run(capsys, "check", "4", "--strategy", str(tmp_path)), "is a folder")


# --- usage errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["solve", "0"], "0"),
        (["solve", "-3"], "-3"),
        (["solve", "x"], "'x'"),
        (["solve", "2.5"], "2.5"),
        (["solve"], ""),
        (["frobnicate"], "frobnicate"),
        (["table", "--max", "16"], "16"),
        (["table", "--min", "5", "--max", "3"], ""),
        (["play", "4", "--start", "HHXH"], "X"),
        (["play", "4", "--start", "HHH"], "HHH"),
        (["play", "3"], "3"),
        (["play", "4", "--seed", "-1"], "-1"),
        (["check", "4", "--games", "0"], "0"),
        (["check", "4", "--strategy", "/no/such/strategy.txt"], "/no/such/strategy.txt"),
        (["check", "8", "--games", "100000"], "--games"),
        (["classes", "1000000"], "100,000"),
    ],
)
def test_usage_errors(capsys, argv, fragment):
    assert_usage_error(*run(capsys, *argv), fragment)


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("0 1 2 3\n0 2\nbanana\n", ("line 3", "banana")),
        ("0 1 2 3\n\n# comment\n0 9\n", ("line 4", "9")),
        ("FFFF\nFLF\n", ("line 2",)),
        ("", ("is empty",)),
        ("[[0, 1], [5]]", ("move 2",)),
        ("[[0, 1", ("JSON",)),
    ],
)
def test_bad_strategy_files(capsys, tmp_path, text, fragments):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    for command in ("check", "play"):
        assert_usage_error(*run(capsys, command, "4", "--strategy", str(path)), *fragments)


def test_strategy_file_in_the_seeds_flips_column(capsys, tmp_path):
    """A file written like the seeds' Flips column ('0123', '0 2 ', '01') is read digit by digit."""
    strategy = Strategy.from_masks(solve(4, "notebook").strategy)
    path = tmp_path / "seed-style.txt"
    path.write_text("".join("".join(str(i) for i in sorted(m)) + "\n" for m in strategy))
    code, out, _ = run(capsys, "check", "4", "--games", "5", "--seed", "1", "--strategy", str(path))
    assert code == 0
    assert "wins against every Devil" in out


def test_classes_agrees_with_the_table(capsys):
    code, out, _ = run(capsys, "classes", "12", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["canonical"] == len(canonical_coins(12))


# --- the installed command ------------------------------------------------------------------


def command() -> list[str]:
    """The console script beside the interpreter, or the module when it is not installed."""
    script = Path(sys.executable).with_name("devilcoins")
    return [str(script)] if script.exists() else [sys.executable, "-m", "devilcoins.cli"]


def test_console_script_solves():
    done = subprocess.run(
        [*command(), "solve", "2", "--json"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert Strategy.parse("\n".join(data["strategy"]), 2) == Strategy.from_masks(
        solve(2, "notebook").strategy
    )


def test_module_reports_usage_errors_without_traceback():
    done = subprocess.run(
        [sys.executable, "-m", "devilcoins.cli", "play", "4", "--start", "HTXH"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert_usage_error(done.returncode, done.stdout, done.stderr, "X")


def test_an_interrupt_exits_130_without_traceback(capsys, monkeypatch):
    """Ctrl-C during long work: one line on stderr, status 130."""
    import devilcoins

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(devilcoins, "solve", interrupted)
    code, out, err = run(capsys, "table", "--max", "3")
    assert code == 130
    assert err.strip() == "devilcoins: interrupted"
    assert "Traceback" not in out + err


@pytest.mark.parametrize("n", [14285, 100_000])
def test_classes_prints_numbers_past_the_int_digits_limit(capsys, n):
    """Issue 10: count (now classes) 14285 and up died on Python's 4300-digit limit."""
    from math import gcd

    limit = sys.get_int_max_str_digits()
    code, text, err = run(capsys, "classes", str(n))
    assert (code, err) == (0, "")
    code, out, err = run(capsys, "classes", str(n), "--json")
    assert (code, err) == (0, "")
    assert sys.get_int_max_str_digits() == limit  # the limit is raised only while printing
    expected = sum(2 ** gcd(n, r) for r in range(n)) // n if n < 20_000 else None
    try:
        sys.set_int_max_str_digits(0)
        data = json.loads(out)
        if expected is not None:
            assert int(data["canonical"]) == expected
            assert f"{expected:,} sequences up to turning the table" in text
        assert data["sequences"] == str(2**n)  # past 4,300 digits JSON holds them as a string
        assert f"{2**n:,} in all (the canonical sequences, counted by Burnside's lemma)" in text
    finally:
        sys.set_int_max_str_digits(limit)


def test_project_license_is_an_spdx_string():
    """Issue 10: a TOML table for project.license is deprecated (setuptools warned 3 times)."""
    import tomllib

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"
    assert "License :: OSI Approved :: MIT License" not in project.get("classifiers", [])


def test_no_command_prints_the_help(capsys):
    """Issue 10: plain 'devilcoins' gave an error; it prints the help on stdout, status 0."""
    code, out, err = run(capsys)
    assert (code, err) == (0, "")
    assert out.startswith("usage: devilcoins") and "solve" in out and "classes" in out
    done = subprocess.run(
        [sys.executable, "-m", "devilcoins.cli"], capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, out, "")


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["solve", "4", "--jsn"], ("--jsn", "did you mean '--json'?", "devilcoins solve --help")),
        (["classes", "4", "--jsonn=1"], ("--jsonn=1", "did you mean '--json'?")),
        (["solv", "4"], ("'solv'", "did you mean 'solve'?")),
        (["prov", "4"], ("did you mean 'prove'?",)),
        (["solve", "4", "--observe", "tuch"], ("did you mean 'touch'?",)),
        (["solve", "4", "--zzzzzz"], ("unrecognized arguments: --zzzzzz (see",)),
    ],
)
def test_did_you_mean(capsys, argv, fragments):
    """Issue 10: unknown options and commands suggest the closest name, still one line."""
    assert_usage_error(*run(capsys, *argv), *fragments)
