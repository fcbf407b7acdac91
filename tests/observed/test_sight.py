"""The sight game solved (``observed.sight``): against a naive minimax, the published rule and
the first (moves x states) solver.

The brute force (brute_sight) and the rule (naive_sight_rule) are in reference.py.
"""

from __future__ import annotations

import dataclasses

import pytest
from helpers import check_devil, check_tree, table_sight
from reference import brute_sight, naive_sight_rule

from devilcoins import DevilcoinsError, Game
from devilcoins.observed import sight
from devilcoins.observed.sight import solve_sight


@pytest.mark.parametrize(
    "text",
    [
        f"n={n} {extra} observe=sight"
        for n in (1, 2, 3, 4)
        for extra in ("", "goal=same", "group=dihedral", "group=none", "hands=1", "hands=2")
        if not (extra.startswith("hands") and int(extra[-1]) > n)
    ]
    + [
        "n=2 values=3 observe=sight",
        "n=3 values=3 observe=sight",
        "n=3 moves=FLL,FFL observe=sight",
    ],
)
def test_sight_matches_naive_minimax(text):
    game = Game.parse(text)
    sol = solve_sight(game)
    assert sol.length == brute_sight(game)
    assert sol.winnable == (sol.length is not None)
    assert check_tree(sol) if sol.winnable else check_devil(sol)


def test_sight_winnable_iff_prime_powers_agree():
    # Bar-Yehuda, Etzion, Moran: seeing or not, n positions and s values win iff both are powers
    # of one prime.
    for n in range(1, 9):
        assert solve_sight(Game(n, observe="sight")).winnable == (n & (n - 1) == 0), n
    assert solve_sight(Game(3, values=3, observe="sight")).winnable
    assert not solve_sight(Game(2, values=3, observe="sight")).winnable
    assert not solve_sight(Game(3, values=4, observe="sight")).winnable


def test_check_tree_rejects_corrupted_sight_trees():
    sol = solve_sight(Game(4, observe="sight"))
    assert check_tree(sol)
    assert not check_tree(dataclasses.replace(sol, length=sol.length - 1))
    worst = max(sol.policy, key=lambda x: sol.policy[x][1])
    wrong = {**sol.policy, worst: (0, sol.policy[worst][1])}  # the empty move
    assert not check_tree(dataclasses.replace(sol, policy=wrong))


SMALL_SIGHT = [
    f"n={n} values={m} observe=sight" for m in range(2, 8) for n in range(1, 13) if m**n <= 1024
] + [
    "n=3 moves=FLL,FFL observe=sight",
    "n=4 hands=1 observe=sight",
    "n=4 hands=2 goal=same observe=sight",
    "n=6 group=dihedral observe=sight",
    "n=4 values=3 hands=2 observe=sight",
    "n=6 goal=same observe=sight",
    "n=8 group=full observe=sight",
]


@pytest.mark.parametrize("text", SMALL_SIGHT)
def test_sight_retrograde_agrees_with_the_table_solver(text):
    """Same values, same moves (tie-break included) as the first (moves x states) solver."""
    game = Game.parse(text)
    sol = solve_sight(game)
    length, policy = table_sight(game)
    assert (sol.length if sol.winnable else None) == length
    assert sol.policy == policy


def test_sight_sixteen_coins_and_nine_dials_are_solved():
    """Issue 11: 16 coins (4,116 classes) were refused; 9 dials of 3 took 20 s (now timed by
    bench/speed.py)."""
    for text, length in [("n=16 observe=sight", 16), ("n=9 values=3 observe=sight", 9)]:
        sol = solve_sight(Game.parse(text))
        assert (sol.winnable, sol.length) == (True, length)


def test_too_large_requests_fail_clearly(monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(sight, "MAX_TABLE_BYTES", 1000)
        with pytest.raises(DevilcoinsError, match="too many"):
            solve_sight(Game(8, observe="sight"))
    with pytest.raises(DevilcoinsError, match="not a sight game"):
        solve_sight(Game(4, observe="count"))
    assert solve_sight(Game(1, observe="sight")).length == 1


def test_sight_value_rule_on_small_games():
    """The published theorem (docs/mathematics.md §8.1): n = 1 takes 1 move; n = p^j, m = p^k
    (one prime p) takes n + (k - 1)(n - n/p); otherwise the Devil holds out."""
    for m in range(2, 17):
        for n in range(1, 13):
            if m**n > 4096:
                break
            sol = solve_sight(Game(n, values=m, observe="sight"))
            assert (sol.length if sol.winnable else None) == naive_sight_rule(n, m), (n, m)
