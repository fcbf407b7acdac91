"""The touch game solved (``observed.touch``): literature facts and brute-force cross-checks.

The brute force (brute_touch: minimax over explicit states) is in reference.py.
"""

from __future__ import annotations

import dataclasses

import pytest
from helpers import check_devil, check_tree
from reference import A171462, brute_touch

from devilcoins import DevilcoinsError, Game, verify
from devilcoins.core.symmetry import Group
from devilcoins.observed.touch import solve_touch


def touch(n: int, k: int, goal: str = "same", **fields) -> Game:
    return Game(n, hands=k, goal=goal, observe="touch", **fields)


# --- touch: literature ------------------------------------------------------------------------


def test_gardner_four_glasses_two_hands_five_moves():
    sol = solve_touch(Game.parse("n=4 hands=2 goal=same observe=touch"))
    assert (sol.winnable, sol.length) == (True, 5)
    assert check_tree(sol)
    assert not check_tree(dataclasses.replace(sol, length=4))  # this tree needs all five
    assert sol.policy[0].moves_left == 5 and len(sol.policy[0].positions) == 2


@pytest.mark.parametrize("n", range(1, 8))
def test_touch_winnable_iff_enough_hands_a171462(n):
    for k in range(1, n + 1):
        sol = solve_touch(touch(n, k))
        assert sol.winnable == (k >= A171462[n - 1]), (n, k)
        assert check_tree(sol) if sol.winnable else check_devil(sol), (n, k)


def test_touch_eight_glasses():
    # k = 4 (the threshold, 9 moves, about 15 s to a minute) is in the benchmark, not here.
    for k in (1, 2, 3):
        sol = solve_touch(touch(8, k))
        assert not sol.winnable and check_devil(sol)
    lengths = {k: solve_touch(touch(8, k)).length for k in (5, 6, 7, 8)}
    assert lengths == {5: 8, 6: 5, 7: 2, 8: 1}


def test_six_glasses_four_hands():
    # how long these take (the target is 1 s) is measured by bench/speed.py, not here
    sol = solve_touch(touch(6, 4))
    assert (sol.winnable, sol.length) == (True, 5)
    assert check_tree(sol)
    zero = solve_touch(touch(6, 4, goal="zero"))
    assert not zero.winnable and check_devil(zero)


@pytest.mark.parametrize("n", range(2, 7))
def test_touch_goal_all_heads_needs_every_hand(n):
    # With k < n the Devil keeps a tail outside the reach; with k = n one move settles it.
    for k in range(1, n):
        sol = solve_touch(touch(n, k, goal="zero"))
        assert not sol.winnable and check_devil(sol)
    assert solve_touch(touch(n, n, goal="zero")).length == 1


# --- touch: against brute force and the full search ---------------------------------------------


def _with_group(game: Game, name: str | None) -> Game:
    return dataclasses.replace(game, group=Group.named(name, game.n)) if name else game


@pytest.mark.parametrize(
    "game",
    [
        _with_group(touch(n, k, goal), group)
        for n in (2, 3, 4)
        for k in range(1, n + 1)
        for goal in ("same", "zero")
        for group in (None, "dihedral", "none")
    ]
    + [touch(2, 1, "same", values=3), touch(3, 2, "same", values=3), touch(2, 1, "zero", values=3)],
    ids=str,
)
def test_touch_matches_brute_force(game):
    sol = solve_touch(game)
    full = solve_touch(game, certificate=False)
    expected = brute_touch(game, cap=8)
    assert (full.winnable, full.length) == (sol.winnable, sol.length)
    if sol.winnable:
        assert sol.length == expected
        assert check_tree(sol)
    else:
        assert expected is None  # not within 8 moves, and the Devil's set checks out
        assert check_devil(sol) or not sol.trap


@pytest.mark.parametrize("n", range(2, 7))
def test_touch_certificate_agrees_with_full_search(n):
    for k in range(1, n + 1):
        for goal in ("same", "zero"):
            fast, full = (
                solve_touch(touch(n, k, goal)),
                solve_touch(touch(n, k, goal), certificate=False),
            )
            assert (fast.winnable, fast.length) == (full.winnable, full.length), (n, k, goal)


# --- checks catch wrong trees -------------------------------------------------------------------


def test_check_tree_rejects_corrupted_touch_trees():
    sol = solve_touch(touch(4, 2))
    root = sol.policy[0]
    # every felt pattern at the root now changes nothing
    lazy = dataclasses.replace(
        root, outcomes=tuple((f, (0,) * len(f), nxt) for f, _, nxt in root.outcomes)
    )
    assert not check_tree(dataclasses.replace(sol, policy={**sol.policy, 0: lazy}))
    # a felt pattern the tree forgot
    short = dataclasses.replace(root, outcomes=root.outcomes[1:])
    assert not check_tree(dataclasses.replace(sol, policy={**sol.policy, 0: short}))
    # a claimed sure win that is not one
    felt, delta, _ = root.outcomes[0]
    bold = dataclasses.replace(root, outcomes=((felt, delta, None), *root.outcomes[1:]))
    assert not check_tree(dataclasses.replace(sol, policy={**sol.policy, 0: bold}))
    # reaching for too few positions (the tree as the checker reads it, from JSON)
    tree = sol.strategy_json()["tree"]
    tree["reach"] = tree["reach"][:1]
    assert not verify(sol.game, {"tree": tree}).wins
    assert check_tree(sol)


def test_check_devil_rejects_a_wrong_certificate():
    sol = solve_touch(touch(5, 3))
    assert not sol.winnable and check_devil(sol)
    game = Game(5, hands=4, goal="same", observe="touch")  # winnable: no hold-out exists
    assert not check_devil(dataclasses.replace(sol, game=game))
    assert not check_devil(solve_touch(touch(4, 2)))  # a winnable game has no certificate


def test_too_large_or_wrong_requests_fail_clearly():
    with pytest.raises(DevilcoinsError, match="beliefs and"):
        solve_touch(touch(6, 4), limit=10)
    with pytest.raises(DevilcoinsError, match="not a touch game"):
        solve_touch(Game(4, observe="sight"))


def test_trivial_games():
    sol = solve_touch(touch(1, 1))
    assert (sol.winnable, sol.length) == (True, 0) and check_tree(sol)
    assert solve_touch(touch(3, 3)).length == 1
