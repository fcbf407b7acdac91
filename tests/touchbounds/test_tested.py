"""The strategy the doubling plays on differences: the level search with a test's moves added
after each setting that may leave the table all the same, against a naive minimax of the same
costs; with no cost it is the game's value; its nodes keep their promises."""

from __future__ import annotations

import pytest
from reference import brute_touch, cost_with_tests

from devilcoins import Game, solve
from devilcoins.touchbounds.doubling import coin_plan, may_win
from devilcoins.touchbounds.tested import difference_strategy


def _touch(m: int, k: int) -> Game:
    return Game.parse(f"n={m} hands={k} goal=same observe=touch")


@pytest.mark.parametrize("m,k,test", [(4, 2, 7), (4, 2, 3), (4, 3, 4), (5, 4, 6), (6, 4, 7)])
def test_the_least_cost_is_the_naive_minimax_of_the_same_costs(m, k, test):
    """Each move costs 1, and one that may leave the table all the same costs test more."""
    got = difference_strategy(_touch(m, k), test)
    assert got is not None and got[0] == cost_with_tests(m, k, test)


@pytest.mark.parametrize("m,k", [(4, 2), (5, 4), (6, 4), (8, 5)])
def test_with_no_test_the_cost_is_the_value(m, k):
    """A test of 0 moves leaves the plain game: the cost is its value."""
    got = difference_strategy(_touch(m, k), 0)
    assert got is not None and got[0] == solve(_touch(m, k)).length


@pytest.mark.parametrize("m,k,test", [(4, 2, 7), (6, 4, 7), (8, 4, 11)])
def test_every_play_of_its_nodes_costs_at_most_the_promise(m, k, test):
    """Walking the nodes over every table they meet (may_win, the outcomes after which some
    table is all the same): each edge's moves and test stay within what the nodes promise, and
    the start promises the cost."""
    cost, nodes = difference_strategy(_touch(m, k), test)
    wins = may_win(coin_plan(nodes), m)
    assert nodes[0]["left"] == cost
    for node in nodes:
        for felt, _, nxt in node["outcomes"]:
            key = (node["node"], tuple("HT".index(c) for c in felt))
            rest = 0 if nxt == "win" else nodes[nxt]["left"]
            assert 1 + (test if key in wins else 0) + rest <= node["left"]
    if m <= 6:  # the game itself is won within it (naive minimax)
        assert brute_touch(_touch(m, k), cost) is not None


def test_a_lost_game_has_no_strategy_to_play():
    """5 coins with 3 hands are lost (below the threshold of 4): nothing to play, None."""
    assert difference_strategy(_touch(5, 3), 6) is None


def test_a_checkpoint_named_around_it_is_neither_read_nor_written(tmp_path):
    """Its marks count tests, so a level-search checkpoint a command named is left alone: a
    file that is no checkpoint stays as it was, byte for byte, and the search still answers."""
    from devilcoins.observed.touch.checkpoint import keeping_marks

    path = tmp_path / "theirs.npz"
    path.write_bytes(b"a user's file")
    with keeping_marks(path):
        got = difference_strategy(_touch(4, 2), 7)
    assert got is not None and got[0] == 20
    assert path.read_bytes() == b"a user's file"
