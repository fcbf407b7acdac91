"""Touch and sight strategies given as JSON: exact verification and replayable counterexamples.

The naive tree follower and policy check (replay_touch, sight_policy_wins) are in reference.py.
"""

from __future__ import annotations

import copy
import itertools

import pytest
from helpers import solve_tree
from reference import replay_touch, sight_policy_wins

from devilcoins import verify as verify_tree
from devilcoins.coins.notation import NotationError
from devilcoins.core.game import Game


@pytest.mark.parametrize(
    "spec", ["n=4 hands=2 goal=same observe=touch", "n=6 hands=4 goal=same observe=touch"]
)
def test_the_solvers_touch_trees_verify_with_their_length(spec):
    game = Game.parse(spec)
    sol = solve_tree(game)
    v = verify_tree(game, sol.tree(max_nodes=10**6))
    assert v.wins and v.won_at == sol.length


def test_every_single_corruption_of_gardners_tree_is_caught_and_replays():
    game = Game.parse("n=4 hands=2 goal=same observe=touch")
    tree = solve_tree(game).tree(max_nodes=10**6)
    caught = 0
    for i, out in enumerate(tree["outcomes"]):
        bad = copy.deepcopy(tree)
        if out["next"] == "win":
            continue
        bad["outcomes"][i]["next"] = "win"  # claim a win that is not there
        v = verify_tree(game, bad)
        assert not v.wins
        c = v.counterexample.to_json()
        assert replay_touch(bad, c["start"], c["turns"]) in ("false win", "gap")
        caught += 1
    assert caught >= 1
    bad = copy.deepcopy(tree)
    del bad["outcomes"][0]  # a felt pattern with nothing to do
    v = verify_tree(game, bad)
    c = v.counterexample.to_json()
    assert not v.wins and replay_touch(bad, c["start"], c["turns"]) == "gap"


def test_a_sight_policy_that_loops_is_caught():
    game = Game.parse("n=4 observe=sight")
    tree = solve_tree(game).tree(max_nodes=10**6)
    assert verify_tree(game, tree).wins
    bad = copy.deepcopy(tree)
    for entry in bad["policy"]:
        if isinstance(entry, dict):
            entry["move"] = "LLLL"  # never change anything: the Devil waits forever
    v = verify_tree(game, bad)
    assert not v.wins and "before" in v.counterexample.why


def test_a_sight_policy_for_every_class_by_brute_force():
    """All 16^(classes) policies would be many; check every policy over two moves for n = 2."""
    game = Game.parse("n=2 observe=sight")
    moves = ["LL", "FL", "LF", "FF"]
    for a, b in itertools.product(moves, repeat=2):
        policy = {"policy": [{"state": "TH", "move": a}, {"state": "TT", "move": b}]}
        v = verify_tree(game, policy)

        def move_for(state: tuple[int, ...], a=a, b=b) -> str:
            """The policy: move a on one tail, move b on two."""
            return a if sum(state) == 1 else b

        expected = all(sight_policy_wins(s, move_for) for s in [(1, 0), (0, 1), (1, 1)])
        assert v.wins == expected, (a, b)


def test_malformed_strategies_are_refused():
    game = Game.parse("n=4 hands=2 goal=same observe=touch")
    with pytest.raises(NotationError):
        verify_tree(game, {"policy": []})
    with pytest.raises(NotationError):
        verify_tree(game, ["not", "an", "object"])
