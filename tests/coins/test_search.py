"""Belief search and the generic search, against the slow string-based reference (reference.py)."""

from __future__ import annotations

import pytest
from helpers import (
    found,
)
from reference import (
    canonical_coins,
    plain_wins,
    reachable,
    seed_search,
    shortest_by_brute_force,
)

from devilcoins import DevilcoinsError
from devilcoins.coins.notation import Strategy
from devilcoins.coins.search import belief_search
from devilcoins.coins.verification import verify
from devilcoins.notebook import search

# The issue's figures: shortest winning strategy length for N coins, None when there is none.
SHORTEST = {
    1: 1, 2: 3, 3: None, 4: 15, 5: None, 6: None, 7: None, 8: 255,
    9: None, 10: None, 11: None, 12: None, 13: None, 14: None, 15: None,
}  # fmt: skip


# --- belief_search against the reference ----------------------------------------------------


@pytest.mark.parametrize("n", [*range(1, 8), pytest.param(8, marks=pytest.mark.slow)])
def test_belief_search_returns_the_seeds_strategy(n):
    expected = seed_search(n)
    result = belief_search(n)
    assert result.winnable == (expected is not None)
    if expected is None:
        assert result.strategy is None and result.length is None
    else:
        assert [frozenset(m) for m in Strategy.from_masks(result.strategy)] == expected
        assert result.length == len(expected)


@pytest.mark.parametrize("n", [3, 5, 6, 7, 9, 10, pytest.param(11, marks=pytest.mark.slow)])
def test_explored_is_the_whole_reachable_set_when_there_is_no_strategy(n):
    beliefs = reachable(n)
    assert frozenset({"H" * n}) not in beliefs
    result = belief_search(n)
    assert result.strategy is None
    assert result.explored == len(beliefs)


@pytest.mark.parametrize("n", [1, 2, 4, pytest.param(8, marks=pytest.mark.slow)])
def test_explored_is_bounded_by_the_reachable_set_when_winnable(n):
    result = belief_search(n)
    assert result.length + 1 <= result.explored <= len(reachable(n))


@pytest.mark.parametrize("n", sorted(SHORTEST))
def test_shortest_lengths_match_the_issue(n):
    result = belief_search(n)
    assert result.length == SHORTEST[n]
    assert result.winnable == (SHORTEST[n] is not None)
    assert result.game.n == n and result.depth == (SHORTEST[n] or result.depth)


@pytest.mark.parametrize("n", [*range(1, 9), 12])
def test_every_strategy_found_is_verified(n):
    result = belief_search(n)
    if result.strategy is None:
        assert SHORTEST[n] is None
        return
    checked = verify(Strategy.from_masks(result.strategy), n)
    assert checked.wins
    assert checked.won_at == len(result.strategy)  # shortest, so not won any earlier
    assert checked.sizes[0] == len(canonical_coins(n)) and checked.sizes[-1] == 1


@pytest.mark.parametrize("n", [1, 2, 4])
def test_found_strategies_win_by_plain_propagation(n):
    strategy = found(n)
    assert plain_wins(strategy, n)
    assert not plain_wins(strategy[:-1], n)


# --- limits and bad input -------------------------------------------------------------------


def test_belief_search_refuses_16_and_names_the_construction():
    with pytest.raises(DevilcoinsError, match="construction") as info:
        belief_search(16)
    assert "16" in str(info.value)


def test_belief_search_refuses_18_and_names_the_proof():
    with pytest.raises(DevilcoinsError, match="no strategy exists"):
        belief_search(18)


@pytest.mark.parametrize("bad", [0, -3, "4", 2.5, True, None])
def test_belief_search_refuses_bad_n(bad):
    with pytest.raises(DevilcoinsError):
        belief_search(bad)


# --- the generic search on toy problems, checked by brute force -----------------------------


JUGS = (3, 5)


POURS = ["fill 0", "fill 1", "empty 0", "empty 1", "pour 0 1", "pour 1 0"]


def pour(state: tuple[int, int], action: str) -> tuple[int, int]:
    jugs = list(state)
    verb, *args = action.split()
    a = int(args[0])
    if verb == "fill":
        jugs[a] = JUGS[a]
    elif verb == "empty":
        jugs[a] = 0
    else:
        b = int(args[1])
        amount = min(jugs[a], JUGS[b] - jugs[b])
        jugs[a] -= amount
        jugs[b] += amount
    return tuple(jugs)


def run_path(start, path, result):
    state = start
    for action in path:
        state = result(state, action)
    return state


@pytest.mark.parametrize("goal", [(0, 4), (3, 1), (2, 0), (3, 5)])
def test_generic_search_on_water_jugs_is_shortest(goal):
    path = search((0, 0), goal, POURS, pour)
    assert path is not None
    assert run_path((0, 0), path, pour) == goal
    assert len(path) == shortest_by_brute_force((0, 0), goal, POURS, pour, limit=len(path))


def test_generic_search_on_a_graph():
    edges = {"a": "bc", "b": "d", "c": "de", "d": "f", "e": "f", "f": "", "g": "a"}

    def go(node, i):
        return edges[node][i] if i < len(edges[node]) else node

    path = search("a", "f", [0, 1], go)
    assert run_path("a", path, go) == "f"
    assert len(path) == shortest_by_brute_force("a", "f", [0, 1], go, limit=6) == 3
    assert search("a", "g", [0, 1], go) is None  # g is unreachable from a
    assert search("a", "a", [0, 1], go) == ()
