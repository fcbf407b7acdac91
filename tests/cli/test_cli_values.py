"""``--values`` with a group (S3, Z2xZ2, Q8, perm:...) on the command line: solve, verify, and
the usage errors for bad group texts.  Expected answers come from the naive model in
reference.py (explicit states, the group's table written out from its definition)."""

from __future__ import annotations

import pytest
from cli_helpers import assert_usage_error, run
from reference import NaiveGroupGame, closure, value_table


def _naive_length(name: str, n: int) -> int | None:
    turn = tuple((i - 1) % n for i in range(n))
    return NaiveGroupGame(n, value_table(name), closure([turn], n)).shortest()[0]


@pytest.mark.parametrize(("n", "name"), [(2, "Z2xZ2"), (2, "S3"), (1, "Q8")])
def test_solve_answers_as_the_naive_model(capsys, n, name):
    code, out, _ = run(capsys, "solve", str(n), "--values", name)
    length = _naive_length(name, n)
    assert code == 0
    if length is None:
        assert "no strategy wins" in out
    else:
        assert f"the player wins in {length} moves" in out
        assert f"every start reaches the goal by move {length} " in out


def test_solve_s3_on_three_positions_gives_the_hold_out_set(capsys):
    code, out, _ = run(capsys, "solve", "3", "--values", "S3")
    assert code == 0
    assert "no strategy wins; the Devil holds out forever (the Devil's hold-out set)" in out
    assert "U has 162 of the 216 states" in out


def test_solved_q8_strategy_is_accepted_by_verify_and_a_short_one_is_not(capsys, tmp_path):
    path = tmp_path / "q8.txt"
    code, out, _ = run(capsys, "solve", "2", "--values", "Q8", "--save", str(path))
    assert code == 0 and "wins in 63 moves" in out
    code, out, _ = run(capsys, "verify", "2", str(path), "--values", "Q8")
    assert code == 0 and "WINS" in out and "by move 63" in out
    short = tmp_path / "short.txt"
    short.write_text("".join(path.read_text().splitlines(keepends=True)[:-1]))
    code, out, _ = run(capsys, "verify", "2", str(short), "--values", "Q8")
    assert code == 1 and "LOSES" in out and "Counterexample" in out


@pytest.mark.parametrize(
    ("values", "fragment"),
    [
        ("Q9", "not a group devilcoins knows"),
        ("perm:1,1", "not a permutation of 0..1"),
        ("perm:1 0;1 2 0", "different numbers of points"),
        ("D2", "for order 4 write Z2xZ2"),
        ("Z2xZ2x", "not a group devilcoins knows"),
    ],
)
def test_bad_group_texts_are_usage_errors(capsys, values, fragment):
    assert_usage_error(*run(capsys, "solve", "2", "--values", values), fragment)


def test_observed_games_refuse_value_groups(capsys):
    code, out, err = run(capsys, "solve", "2", "--values", "S3", "--observe", "sight")
    assert_usage_error(code, out, err, "solved for blind games")


def test_prove_shows_the_group_chain_and_the_checked_hold_out_set(capsys):
    code, out, _ = run(capsys, "prove", "3", "--values", "S3")
    assert code == 0
    assert "sizes 1, 3, 9, 27, 54 (it stops short, which proves nothing here)." in out
    assert "[checked] the certificate, over all 216 states: holds." in out
    code, out, _ = run(capsys, "prove", "2", "--values", "Z2xZ2")
    assert code == 0 and "sizes 1, 2, 4, 8, 16 = every state." in out


@pytest.mark.parametrize("command", ["construct", "explain"])
def test_commands_built_on_the_dials_chain_refuse_value_groups(capsys, command):
    code, out, err = run(capsys, command, "2", "--values", "Q8")
    assert_usage_error(code, out, err, "values that add mod m", "use solve, prove or verify")
