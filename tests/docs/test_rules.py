"""The rules docs/variants.md writes down so that a reader need not guess them hold.

Each is the program's behaviour, run here: which commands take --devil-moves and which games
refuse it, what --format positions does with more than two values, which strategy files are
refused and which are the strategy of no moves, and how the elements of S3 and D4 are numbered
(the page's list against the numbering the program uses).
"""

from __future__ import annotations

import re

import pytest
from cli_helpers import assert_usage_error, run
from test_readme import ROOT

from devilcoins.core.values import ValueGroup

VARIANTS = ROOT / "docs" / "variants.md"


def page() -> str:
    """The variants page as one line of words (its lines joined)."""
    return " ".join(VARIANTS.read_text().split())


@pytest.mark.parametrize("group", ["S3", "D4"])
def test_the_pages_numbering_is_the_programs(group):
    listed = re.search(rf"`{group}` is numbered (.*?)(?:, and `|\. )", page())
    assert listed, f"variants.md no longer lists the numbering of {group}"
    pairs = re.findall(r"(\d+) = `([\d ]+)`", listed.group(1))
    elements = ValueGroup.parse(group).elements
    assert [int(k) for k, _ in pairs] == list(range(len(elements)))
    assert [tuple(int(v) for v in p.split()) for _, p in pairs] == [tuple(e) for e in elements]


@pytest.mark.parametrize("command", ["play", "prove", "explain", "construct", "solve", "verify"])
def test_every_blind_command_takes_devil_moves(capsys, tmp_path, command):
    assert "take `--devil-moves` as `solve` and `verify` do" in page()
    args = [command, "3", "--devil-moves", "1 2 0"]
    if command == "verify":
        plan = tmp_path / "plan.txt"
        plan.write_text("LFL\nFLL\nFLL\nFLL\nLLF\nLFL\nLFL\n")  # what construct prints
        args.insert(2, str(plan))
    if command == "play":
        args += ["--seed", "1", "--start", "THH"]
    code, out, err = run(capsys, *args)
    assert code == 0, err
    assert "devil_moves=1,2,0" in out or command == "construct"


def test_group_values_refuse_devil_moves(capsys):
    assert "values in a group other than Z_m (`S3`, `Q8`, ...: refused too" in page()
    assert_usage_error(*run(capsys, "solve", "3", "--values", "S3", "--devil-moves", "1 2 0"))


def test_positions_are_for_two_values(capsys):
    assert "`solve --format positions` refuses more values" in page()
    assert_usage_error(*run(capsys, "solve", "2", "--values", "4", "--format", "positions"))
    code, out, _ = run(capsys, "construct", "3", "--values", "3", "--format", "positions")
    assert code == 0
    assert out.split()[0] == "111"  # an amount a dial, not positions


@pytest.mark.parametrize(("text", "refused"), [("", True), ("  \n", True), ("# none\n", False)])
def test_empty_files_are_refused_and_comments_are_no_moves(capsys, tmp_path, text, refused):
    assert "An empty file (or one of blanks only) is refused" in page()
    plan = tmp_path / "plan.txt"
    plan.write_text(text)
    result = run(capsys, "verify", "2", str(plan))
    if refused:
        assert_usage_error(*result, "empty")
    else:
        assert result[1].startswith("0 moves for 2 coins")


def test_an_empty_json_list_is_no_moves(capsys, tmp_path):
    plan = tmp_path / "plan.json"
    plan.write_text("[]")
    code, out, _ = run(capsys, "verify", "1", str(plan), "--goal", "same")
    assert code == 0
    assert out.startswith("0 moves for n=1 goal=same")
    assert "WINS" in out
