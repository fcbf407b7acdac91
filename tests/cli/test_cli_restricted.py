"""--devil-moves: a Devil who applies exactly one of a set of permutations before each move.

Expected values come from the naive reference (tests/reference.py: breadth-first search over
explicit beliefs, frozensets of state tuples, with the set as listed, never closed).
"""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_usage_error, run
from reference import naive_devil_moves, shortest_by_update


def moves_of(text: str) -> list[tuple[int, ...]]:
    """Flip patterns ('FLL') as move vectors."""
    return [tuple(int(c == "F") for c in word) for word in text.split()]


def test_solve_three_coins_one_turn(capsys):
    code, out, err = run(capsys, "solve", "3", "--devil-moves", "1 2 0")
    assert code == 0, err
    lines = out.splitlines()
    naive = naive_devil_moves(3, 2, [(1, 2, 0)])
    assert shortest_by_update(naive) == 7
    assert lines[0] == "n=3 devil_moves=1,2,0: the player wins in 7 moves."
    assert lines[1].startswith("How: ")
    assert lines[2] == "Before each move the Devil applies 1 2 0, and nothing else."
    assert "Nothing shorter than 7 moves wins" in out
    moves = next(line for line in lines if line.startswith("Moves: "))
    assert naive.won_at(moves_of(moves[len("Moves: ") :])) == 7
    assert (
        "Exact check: every start reaches the goal (all heads) by move 7 against every Devil."
        in lines
    )


def test_verify_accepts_what_solve_gives_and_rejects_a_prefix(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", "3", "--devil-moves", "1 2 0", "--format", "flips")
    assert code == 0
    path = tmp_path / "s.txt"
    path.write_text(out)
    code, out, _ = run(capsys, "verify", "3", str(path), "--devil-moves", "1 2 0")
    assert code == 0 and "WINS from every start" in out
    short = tmp_path / "short.txt"
    short.write_text("".join(out_line + "\n" for out_line in path.read_text().split()[:-1]))
    code, out, _ = run(capsys, "verify", "3", str(short), "--devil-moves", "1 2 0")
    assert code == 1 and "LOSES" in out
    # the Devil's one move turns the table back by one: r = 2 (its group is the cyclic one)
    assert "Counterexample: start " in out and ": 2 2 2 2 2 2" in out


def test_solve_says_why_none_wins(capsys):
    code, out, _ = run(capsys, "solve", "3", "--devil-moves", "1 2 0; 0 1 2")
    assert code == 0
    assert "no strategy wins" in out
    assert "not their group): 0 1 2; 1 2 0" in out  # a set of moves, listed in order
    assert (
        "The Devil keeps the state out of a level of 2 of the 8 states that holds the goal" in out
    )
    assert shortest_by_update(naive_devil_moves(3, 2, [(1, 2, 0), (0, 1, 2)])) is None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1 2", "has 2 entries"),
        ("0 1 2 3", "has 4 entries"),
        ("1 1 0", "not a permutation of 0..2"),
        ("", "--devil-moves is empty"),
        (" ; ", "the Devil's moves are empty"),
        ("a b c", "one-line notation"),
        ("1 2 0; 1 2 0", "listed twice"),
        ("1 2 -0", "one-line notation"),
    ],
)
def test_bad_devil_moves(capsys, text, fragment):
    assert_usage_error(*run(capsys, "solve", "3", "--devil-moves", text), fragment)
    assert_usage_error(*run(capsys, "verify", "3", "-", "--devil-moves", text), fragment)


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--group", "dihedral"], "replaces --group"),
        (["--generators", "1 2 0"], "replaces --group"),
        (["--observe", "sight"], "for blind games"),
        (["--observe", "touch", "--hands", "1"], "for blind games"),
    ],
)
def test_devil_moves_with_what_it_cannot_go_with(capsys, extra, fragment):
    assert_usage_error(*run(capsys, "solve", "3", "--devil-moves", "1 2 0", *extra), fragment)


def test_every_command_answers_the_restricted_devil_as_solve_does(capsys):
    """play, prove and explain answer the game of --devil-moves (they once refused it), with
    solve's verdict; play's Devil turns only by the listed moves."""
    argv = ("3", "--devil-moves", "1 2 0")
    code, out, _ = run(capsys, "prove", *argv, "--json")
    assert code == 0
    proved = json.loads(out)
    assert (proved["winnable"], proved["length"], proved["holds"]) == (True, 7, True)
    code, out, _ = run(capsys, "explain", *argv, "--json")
    assert code == 0 and (json.loads(out)["winnable"], json.loads(out)["length"]) == (True, 7)
    code, out, _ = run(capsys, "play", *argv, "--seed", "3", "--json")
    assert code == 0
    trace = json.loads(out)["trace"]
    assert trace and all(turn_by(s["before"], s["turned"]) for s in trace)


def turn_by(before: str, turned: str) -> bool:
    """Whether turned is before with the only listed move applied (1 2 0: i goes to i + 1)."""
    return all(turned[(i + 1) % 3] == before[i] for i in range(3))


def test_too_many_states(capsys):
    perm = " ".join(str((i + 1) % 13) for i in range(13))
    assert_usage_error(*run(capsys, "solve", "13", "--devil-moves", perm), "(4,096)")
