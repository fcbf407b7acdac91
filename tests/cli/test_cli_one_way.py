"""One way through: ``devilcoins solve 8`` reads N once, verifies its strategy once and looks up
the game's family once (the calls counted by the profiler: counts, not times)."""

from __future__ import annotations

import cProfile
import json
import pstats

import pytest
from cli_helpers import run


def _calls(capsys, *argv: str) -> dict[tuple[str, str], int]:
    """How often each function of devilcoins ran during the command: (module file, name)."""
    from devilcoins import engine

    cached = getattr(engine, "_family", None)
    if cached is not None:  # a family looked up by an earlier test would not count
        cached.cache_clear()
    profile = cProfile.Profile()
    profile.enable()
    code, _out, err = run(capsys, *argv)
    profile.disable()
    assert code == 0, err
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    counted: dict[tuple[str, str], int] = {}
    for (file, _line, name), (_cc, calls, *_rest) in stats.items():
        if "devilcoins" in file:
            key = (file.replace("\\", "/").split("devilcoins/")[-1], name)
            counted[key] = counted.get(key, 0) + calls
    return counted


def test_solve_8_reads_n_verifies_and_finds_its_family_once(capsys):
    calls = _calls(capsys, "solve", "8")
    assert calls.get(("cli/common.py", "_whole")) == 1  # N, by its argument's type
    assert ("core/fields.py", "whole") not in calls  # not read again from text
    assert calls.get(("families/__init__.py", "family_of")) == 1
    assert calls.get(("engine.py", "verify")) == 1
    assert calls.get(("coins/verification.py", "verify_game")) == 1


ENTERED = """
import sys
from devilcoins.cli import main
main(["solve", "4"])
print(" ".join(sorted(m for m in sys.modules if m.startswith("devilcoins.cli."))))
"""


def test_a_command_line_imports_its_own_command_alone():
    """The parser imported all the commands' modules (17 cli modules entered for one solve)."""
    import subprocess
    import sys

    from devilcoins.cli.registry import NAMES

    done = subprocess.run(
        [sys.executable, "-c", ENTERED], capture_output=True, text=True, timeout=300, check=True
    )
    entered = set(done.stdout.split("\n")[-2].split())
    assert "devilcoins.cli.solve" in entered
    others = {"table", "play", "check", "construct", "verify", "prove", "drawing", "serve", "atlas",
              "lesson", "capabilities"}  # fmt: skip
    assert not {f"devilcoins.cli.{m}" for m in others} & entered, entered
    assert len(NAMES) == 16


@pytest.mark.parametrize("case", ["exists", "folder", "no folder"])
def test_every_file_a_command_writes_is_refused_in_the_same_words(capsys, tmp_path, case):
    """solve --save and verify --counterexample checked a new file's name with two copies of
    one passage, which had drifted apart (verify's did not ask whether the folder is writable)."""
    from cli_helpers import assert_usage_error

    target = {
        "exists": tmp_path / "there.txt",
        "folder": tmp_path,
        "no folder": tmp_path / "nowhere" / "x.txt",
    }[case]
    (tmp_path / "there.txt").write_text("kept\n")
    strategy = tmp_path / "s.txt"
    strategy.write_text("0\n")
    lines = []
    for option, argv in (
        ("--save", ["solve", "4", "--save"]),
        ("--counterexample", ["verify", "4", str(strategy), "--counterexample"]),
    ):
        line = assert_usage_error(*run(capsys, *argv, str(target)))
        lines.append(line.replace(option, "OPTION"))
    assert lines[0] == lines[1]
    assert (tmp_path / "there.txt").read_text() == "kept\n"


@pytest.mark.parametrize(
    "argv",
    [
        ("4", "--observe", "sight"),
        ("4", "--hands", "2", "--goal", "same", "--observe", "touch"),
        ("2", "--observe", "count"),
    ],
)
def test_solve_checks_a_tree_it_found_as_it_checks_moves(capsys, argv):
    """solve verified a blind strategy but not a touch, sight or count tree."""
    from devilcoins import Game, solve, verify

    code, out, err = run(capsys, "solve", *argv, "--json")
    assert err == ""
    data = json.loads(out)
    assert code == 0 and data["verified"]["wins"] is True
    assert data["verified"]["won_at"] == data["length"]
    game = Game.parse(data["game"])
    replayed = verify(game, solve(game).tree)  # the same replay, run here
    assert (replayed.wins, replayed.won_at) == (True, data["length"])
    code, text, _ = run(capsys, "solve", *argv)
    assert f"within {data['length']} moves against every Devil." in text.splitlines()[3]
