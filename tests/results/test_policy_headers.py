"""A policy file's header checked against its lines (issue 47, item 7): 'entries' counts the
lines after the header, and 'length' is the most moves left ('left') any of them holds.  A
header that says length 1 on a 5-deep tree was verified as LOSES, and a wrong entries count was
accepted; each mismatch is now a usage error (exit 2) in one line naming the field and what the
lines hold, for touch, sight and count files alike."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_usage_error, run

from devilcoins import Game, NotationError, solve, strategy_lines, verify

#: Gardner's glasses (5 moves), a sight game (4 moves) and a count game (6 moves), as the
#: verify command names them.
GAMES = {
    "touch": ("n=4 hands=2 goal=same observe=touch", ("--hands", "2", "--goal", "same")),
    "sight": ("n=4 observe=sight", ()),
    "count": ("n=4 observe=count", ()),
}

#: A change of a header (a dict, in place), given the lines after it.
Change = Callable[[dict[str, Any], list[str]], None]


def _file(spec: str) -> list[str]:
    """The policy file the solver writes for the game of spec."""
    return [line.rstrip("\n") for line in strategy_lines(solve(Game.parse(spec)))]


def _changed(lines: list[str], change: Change) -> list[str]:
    head = json.loads(lines[0])
    change(head, lines[1:])
    return [json.dumps(head), *lines[1:]]


def _verify(capsys: pytest.CaptureFixture[str], path: Path, kind: str) -> tuple[int, str, str]:
    spec, extra = GAMES[kind]
    n = spec.split()[0].removeprefix("n=")
    got: tuple[int, str, str] = run(capsys, "verify", n, str(path), *extra, "--observe", kind)
    return got


def _set(key: str, value: Any) -> Change:
    def change(head: dict[str, Any], body: list[str]) -> None:
        head[key] = value

    return change


def _add(key: str, step: int) -> Change:
    def change(head: dict[str, Any], body: list[str]) -> None:
        head[key] += step

    return change


def _drop(key: str) -> Change:
    def change(head: dict[str, Any], body: list[str]) -> None:
        del head[key]

    return change


#: Headers that disagree with their lines, and the field each error must name.
MISMATCHES: dict[str, tuple[Change, str]] = {
    "length 1": (_set("length", 1), "'length' says 1 move"),
    "length one short": (_add("length", -1), "'length' says"),
    "length one long": (_add("length", 1), "'length' says"),
    "length 0": (_set("length", 0), "'length' says 0 moves"),
    "entries one more": (_add("entries", 1), "'entries' says"),
    "entries one fewer": (_add("entries", -1), "'entries' says"),
    "entries 0": (_set("entries", 0), "'entries' says 0"),
    "entries 10**6": (_set("entries", 10**6), "'entries' says 1000000"),
    "entries missing": (_drop("entries"), "'entries' is the number of lines"),
    "entries as text": (_set("entries", "5"), "'entries' is the number of lines"),
    "entries as a float": (_set("entries", 5.0), "'entries' is the number of lines"),
    "entries true": (_set("entries", True), "'entries' is the number of lines"),
}


@pytest.mark.parametrize("kind", GAMES)
@pytest.mark.parametrize("mismatch", MISMATCHES.values(), ids=MISMATCHES.keys())
def test_a_header_that_disagrees_with_its_lines_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    kind: str,
    mismatch: tuple[Change, str],
) -> None:
    """Exit 2, one line naming the file, 'line 1' and the field; no verdict printed."""
    change, says = mismatch
    lines = _file(GAMES[kind][0])
    path = tmp_path / "policy.jsonl"
    path.write_text("\n".join(_changed(lines, change)) + "\n")
    line = assert_usage_error(*_verify(capsys, path, kind), str(path), "line 1:", says)
    assert "LOSES" not in line and "WINS" not in line


def test_the_issues_case_names_what_the_tree_holds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Gardner's 5-deep tree under a header saying length 1 was 'LOSES': the header is refused,
    saying the lines leave 5 moves."""
    path = tmp_path / "gardner.jsonl"
    path.write_text("\n".join(_changed(_file(GAMES["touch"][0]), _set("length", 1))) + "\n")
    line = assert_usage_error(*_verify(capsys, path, "touch"), "'length' says 1 move")
    assert "('left') is 5" in line


@pytest.mark.parametrize("kind", GAMES)
def test_the_library_refuses_the_same_headers(kind: str) -> None:
    """verify(game, lines) raises the usage error the command line prints."""
    spec = GAMES[kind][0]
    lines = _file(spec)
    for change, says in MISMATCHES.values():
        with pytest.raises(NotationError, match=f"^line 1: {says}"):
            verify(Game.parse(spec), _changed(lines, change))


@pytest.mark.parametrize("kind", GAMES)
def test_a_header_that_agrees_still_verifies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    """The files the solver writes verify as before, within their header's length."""
    lines = _file(GAMES[kind][0])
    path = tmp_path / "policy.jsonl"
    path.write_text("\n".join(lines) + "\n")
    code, out, err = _verify(capsys, path, kind)
    assert code == 0 and out.startswith("WINS"), (out, err)
    head = json.loads(lines[0])
    assert verify(Game.parse(GAMES[kind][0]), lines).won_at == head["length"]


def test_a_game_won_before_any_move_has_no_lines_and_length_0() -> None:
    """The empty file of a game won at once says length 0 and entries 0; any other count or
    length is refused (no line holds a move)."""
    game = Game.parse("n=1 goal=same observe=sight")
    lines = _file(str(game))
    assert len(lines) == 1 and verify(game, lines).wins
    for change, says in [(_set("length", 3), "'length' says 3 moves, but no line follows"),
                         (_set("entries", 2), "'entries' says 2, but 0 lines")]:  # fmt: skip
        with pytest.raises(NotationError, match=says):
            verify(game, _changed(lines, change))
