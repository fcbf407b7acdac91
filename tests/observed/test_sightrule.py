"""prove for the sight game: the rule for any n and m, checked by solving where it fits."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_usage_error, run
from hypothesis import given
from hypothesis import strategies as st
from reference import naive_sight_rule

from devilcoins.core.game import Game
from devilcoins.observed import sightrule
from devilcoins.observed.sight import solve_sight
from devilcoins.observed.sightrule import sight_rule


def prove_sight(n: int, m: int):
    """The sight rule's verdict for n dials of m values."""
    return sightrule.prove_sight(Game(n, values=m, observe="sight"))


@given(n=st.integers(1, 10**6), m=st.integers(1, 10**4))
def test_the_rule_is_the_naive_rule(n, m):
    assert sight_rule(n, m) == naive_sight_rule(n, m)


@pytest.mark.parametrize(
    ("n", "m"), [(4, 2), (8, 2), (3, 3), (9, 3), (2, 8), (6, 2), (4, 3), (1, 6)]
)
def test_small_games_are_solved_now_and_agree(n, m):
    proof = prove_sight(n, m)
    checked = [e for e in proof.evidence if e.checked]
    assert len(checked) == 1 and checked[0].holds and proof.holds
    assert checked[0].detail["length"] == proof.length == naive_sight_rule(n, m)


def test_a_wrong_rule_is_caught(monkeypatch):
    monkeypatch.setattr(sightrule, "sight_rule", lambda n, m: 7)
    proof = prove_sight(4, 2)
    assert not proof.holds and "DISAGREES" in proof.to_text()


def test_huge_games_are_stated_not_solved():
    proof = prove_sight(2**39, 2)
    assert proof.length == 2**39  # its time: bench/speed.py
    assert not any(e.checked for e in proof.evidence)
    assert prove_sight(3**20, 9).length == 3**20 + (3**20 - 3**19)
    assert not prove_sight(10**12, 10).winnable


def test_cli_prove_sight_any_size(capsys):
    code, out, _ = run(capsys, "prove", "1048576", "--values", "4", "--observe", "sight", "--json")
    data = json.loads(out)
    assert code == 0 and data["length"] == 1048576 + 1048576 // 2 and data["holds"]
    code, out, _ = run(capsys, "prove", "9", "--values", "3", "--observe", "sight")
    assert code == 0 and "[checked] the game solved exactly now" in out and "9 moves" in out
    assert_usage_error(*run(capsys, "prove", "9", "--values", "0", "--observe", "sight"), "values")


def _valuation(x: int, n: int, p: int) -> int:
    """The (t - 1)-adic valuation of the state x (base-p digits) in GF(p)[t]/(t^n - 1); n for 0."""
    digits = [(x // p**i) % p for i in range(n)]
    for e in range(n):
        if sum(digits) % p:
            return e
        # digits = (t - 1) q, q of lower degree: q_i = -(x_0 + ... + x_i)
        acc, quotient = 0, []
        for d in digits:
            acc = (acc - d) % p
            quotient.append(acc)
        digits = quotient
    return n


@pytest.mark.parametrize(
    ("n", "p"), [(1, 2), (2, 2), (4, 2), (8, 2), (16, 2), (3, 3), (9, 3), (5, 5)]
)
def test_the_value_is_n_minus_the_valuation(n, p):
    """docs/mathematics.md §8.1: for prime m = p and n = p^j, V(x) = n - v(x) on every class."""
    sol = solve_sight(Game(n, values=p, observe="sight"))
    assert sol.winnable and sol.length == n
    assert {x: v for x, (_, v) in sol.policy.items()} == {
        x: n - _valuation(x, n, p) for x in sol.policy
    }
    assert all(_valuation(x, n, p) < n for x in sol.policy)


def test_the_length_is_a_stated_theorem_with_its_sources():
    for n, m, proved in ((8, 2, True), (9, 3, True), (4, 4, False), (27, 9, False)):
        length = next(e for e in prove_sight(n, m).evidence if "least worst case" in e.name)
        assert length.mark == "stated" and "Bar-Yehuda, Etzion & Moran" in length.statement
        assert "Observed" not in length.statement and "not proved" not in length.statement
        assert ("docs/mathematics.md section 8.1 proves it" in length.statement) == proved
        assert ("Lewis & Tefft" in length.statement) == (m % 2 == 0)
