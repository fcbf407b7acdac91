"""``--values`` with a group (S3, Z2xZ2, Q8, perm:...) on the command line: solve, verify, and
the usage errors for bad group texts.  Expected answers come from the naive model in
reference.py (explicit states, the group's table written out from its definition)."""

from __future__ import annotations

import json

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
        assert f") by move {length} against every Devil" in out


def test_solve_s3_on_three_positions_gives_the_devils_largest_trap(capsys):
    code, out, _ = run(capsys, "solve", "3", "--values", "S3")
    assert code == 0
    head = "no strategy wins; the Devil holds out forever.\nHow: kept in a trap outside the goal"
    assert head in out and "(the largest trap, grown from the states outside the goal).\n" in out
    assert "The Devil keeps the game in a trap of 162 of the 216 states" in out


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
    code, out, _ = run(capsys, "prove", "3", "--values", "S3", "--json")
    assert code == 0
    evidence = {e["name"]: e for e in json.loads(out)["evidence"]}
    chain = evidence["the chain for values in a group"]
    assert chain["detail"]["sizes"] == [1, 3, 9, 27, 54] and chain["checked"] is False
    assert "it stops short, which proves nothing here" in chain["statement"]
    held = evidence["the Devil's largest trap"]
    assert (held["checked"], held["holds"], held["detail"]["checked_states"]) == (True, True, 216)
    code, out, _ = run(capsys, "prove", "2", "--values", "Z2xZ2", "--json")
    chain = {e["name"]: e for e in json.loads(out)["evidence"]}["the chain for values in a group"]
    assert code == 0 and chain["detail"]["sizes"] == [1, 2, 4, 8, 16]


def test_construct_and_explain_answer_value_groups_as_solve_does(capsys):
    """They once refused values in a group; now the engine's construction is what they give."""
    code, out, _ = run(capsys, "construct", "2", "--values", "Q8")
    assert code == 0 and len(out.splitlines()) == 63
    code, listed, _ = run(capsys, "solve", "2", "--values", "Q8", "--format", "flips")
    assert out == listed
    code, out, _ = run(capsys, "explain", "2", "--values", "Q8", "--json")
    data = json.loads(out)
    assert code == 0 and (data["winnable"], data["length"], data["how"]) == (
        True,
        63,
        "construction",
    )
    assert "sizes 1, 2, 4, 8, 16, 32, 64" in data["explanation"]
