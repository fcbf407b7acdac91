"""solve --reaches: the best strategy over a few reaches, an upper bound checked against the
whole game and written as a bounds certificate that verify accepts; wrong uses refused."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_usage_error, run

from devilcoins import Game, solve

_EIGHT = ("8", "--hands", "4", "--goal", "same", "--observe", "touch")


def test_dyadic_blocks_win_eight_glasses_in_the_least_moves(capsys, tmp_path):
    """8 glasses with 4 hands take 9 moves (the search over every reach says so); the dyadic
    blocks alone do it in 9, the certificate is checked and verify accepts it again."""
    cert = tmp_path / "c.json"
    code, out, err = run(
        capsys, "solve", *_EIGHT, "--reaches", "dyadic", "--certificate", str(cert)
    )
    assert code == 0, err
    assert "the best over them takes 9 moves (none over them wins in 8)" in out
    assert "between 1 and 9 moves" in out and "[checked] upper bound" in out
    assert solve(Game.parse("n=8 hands=4 goal=same observe=touch")).length == 9
    code, out, err = run(capsys, "verify", *_EIGHT, "--certificate", str(cert))
    assert code == 0, err
    assert "the certificate holds: the least worst case is between 1 and 9 moves" in out


def test_a_witness_raises_the_lower_half(capsys, tmp_path):
    witness = tmp_path / "w.json"
    five = ("8", "--hands", "5", "--goal", "same", "--observe", "touch")
    assert run(capsys, "solve", *five, "--certificate", str(witness))[0] == 0
    code, out, err = run(capsys, "solve", *_EIGHT, "--reaches", "0 2 4 6; 0 1 4 5; 0 1 2 3",
                         "--witness", str(witness), "--json")  # fmt: skip
    assert code == 0, err
    said = json.loads(out)
    assert said["bounds"] == [8, 9] and said["checked"] and said["certificate"] is None
    assert said["how"]["lower"] == "the witness of n=8 hands=5 goal=same observe=touch"


def test_a_lost_restriction_says_so_and_keeps_the_other_bounds(capsys):
    code, out, err = run(capsys, "solve", "4", "--hands", "2", "--goal", "same",
                         "--observe", "touch", "--reaches", "0 1")  # fmt: skip
    assert code == 0, err
    assert "the Devil holds out against them from the start" in out
    assert "at most: the blind game's strategy" in out


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("--reaches", "dyadic+pad"), ("blocks hold n/2 = 4 positions, more than",)),
        (("--reaches", "0 1 2 3 4"), ("holds 5 positions", "4 hands")),
        (("--reaches", "0 1 2 x"), ("position",)),
        (("--reaches", "dyadic", "--bounds", "--certificate", "x.json"), ("--bounds",)),
        (("--reaches", "dyadic", "--workers", "2"), ("--workers",)),
        (("--reaches", "dyadic", "--checkpoint", "x.txt"), ("FILE.npz",)),
    ],
)
def test_wrong_uses_are_refused(capsys, tmp_path, monkeypatch, args, fragments):
    monkeypatch.chdir(tmp_path)
    game = ("8", "--hands", "3" if "dyadic+pad" in args else "4", "--goal", "same")
    code, out, err = run(capsys, "solve", *game, "--observe", "touch", *args)
    assert_usage_error(code, out, err, *fragments)


def test_only_a_touch_game_is_restricted(capsys):
    code, out, err = run(capsys, "solve", "8", "--hands", "4", "--reaches", "dyadic")
    assert_usage_error(code, out, err, "touch")


def test_an_existing_certificate_is_never_overwritten(capsys, tmp_path):
    cert = tmp_path / "c.json"
    cert.write_text("mine")
    code, out, err = run(
        capsys, "solve", *_EIGHT, "--reaches", "dyadic", "--certificate", str(cert)
    )
    assert_usage_error(code, out, err, "exists")
    assert cert.read_text() == "mine"


def test_a_restricted_checkpoint_is_not_the_whole_game_s(capsys, tmp_path):
    """The checkpoint of a search over some reaches names them: the whole game's search, or
    another restriction, refuses it."""
    marks = tmp_path / "m.npz"
    code, _, err = run(capsys, "solve", *_EIGHT, "--reaches", "dyadic", "--checkpoint", str(marks))
    assert code == 0, err
    assert marks.exists()
    code, out, err = run(capsys, "solve", *_EIGHT, "--checkpoint", str(marks))
    assert_usage_error(code, out, err, "reaches=0 1 2 3; 0 1 4 5; 0 2 4 6")
    code, out, err = run(
        capsys, "solve", *_EIGHT, "--reaches", "0 2 4 6", "--checkpoint", str(marks)
    )
    assert_usage_error(code, out, err, "reaches=0 1 2 3; 0 1 4 5; 0 2 4 6")
    listed = "0 2 4 6; 0 1 4 5; 0 1 2 3"  # the same blocks, listed: the same search
    code, out, err = run(capsys, "solve", *_EIGHT, "--reaches", listed, "--checkpoint", str(marks))
    assert code == 0, err
    assert "takes 9 moves" in out
