"""The doubling: a touch strategy for 2m glasses from one for m (coins, goal all the same).
Its nodes are checked by the certificate checker and replayed naively against random starts
and turns; its length is at most V^2 + 4V + 2 for the half game's value V (a test after each
of the half strategy's moves), and never below the value the naive minimax finds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import brute_touch, replay_nodes

from devilcoins import Game, bounds_certificate, certificate, check_certificate, solve
from devilcoins.observed.certificates import bounds_of
from devilcoins.touchbounds.doubling import coin_plan, doubled_strategy, halves, may_win


def _touch(n: int, k: int) -> Game:
    return Game.parse(f"n={n} hands={k} goal=same observe=touch")


def _doubled(game: Game) -> tuple[int, int, list[dict]]:
    """The half game's value, the doubled strategy's length and its nodes."""
    half = solve(halves(game))
    length, nodes = doubled_strategy(game, certificate(half)["strategy"]["nodes"])
    return half.length, length, nodes


@pytest.fixture(scope="module")
def eight() -> tuple[int, int, list[dict]]:
    return _doubled(_touch(8, 4))


@pytest.mark.parametrize("n,k", [(4, 2), (6, 4), (8, 4), (8, 5), (8, 6), (12, 8)])
def test_the_doubled_strategy_checks_and_has_the_length_of_its_formula(n, k):
    """The checker accepts every doubled strategy within its length, at most V^2 + 4V + 2
    moves, and no fewer."""
    game = _touch(n, k)
    value, length, nodes = _doubled(game)
    assert length <= value * value + 4 * value + 2
    cert = bounds_of(game, (1, []), (length, {"nodes": nodes}))
    assert check_certificate(game, cert).holds
    assert not check_certificate(game, {**cert, "bounds": [1, length - 1]}).holds
    assert all(len(node["reach"]) == k for node in nodes)


@pytest.mark.parametrize("n,k", [(4, 2), (6, 4)])
def test_the_doubled_length_is_never_below_the_value(n, k):
    """The naive minimax value of the game lies at or below the doubled strategy's length."""
    game = _touch(n, k)
    _, length, _ = _doubled(game)
    value = brute_touch(game, length)
    assert value is not None and value <= length


@settings(max_examples=60, deadline=None)
@given(start=st.integers(1, 254), turns=st.lists(st.integers(0, 7), min_size=27, max_size=27))
def test_a_naive_replay_of_the_doubled_strategy_wins_in_time(eight, start, turns):
    """8 glasses, 4 hands: from any start and any turns, the bell rings within the doubled
    strategy's length (27 moves)."""
    _, length, nodes = eight
    coins = format(start, "08b").replace("0", "H").replace("1", "T")
    got = replay_nodes(nodes, coins, turns)
    assert isinstance(got, int) and got <= length == 27


def test_the_doubling_applies_only_where_it_can_flip_half_the_table():
    """Coins, goal all the same, even n of 4 or more, at least n/2 hands; else None (and the
    bounds of 2 coins come from the blind game)."""
    assert str(halves(_touch(16, 12))) == "n=8 hands=6 goal=same observe=touch"
    for text in (
        "n=16 hands=7 goal=same observe=touch",
        "n=15 hands=12 goal=same observe=touch",
        "n=8 values=3 hands=4 goal=same observe=touch",
        "n=8 hands=4 goal=zero observe=touch",
        "n=8 hands=4 goal=same group=dihedral observe=touch",
        "n=2 hands=2 goal=same observe=touch",
    ):
        assert halves(Game.parse(text)) is None, text
    two = Game.parse("n=2 hands=2 goal=same observe=touch")
    assert bounds_certificate(two)["bounds"] == [1, 1]


def _naive_wins(nodes: list[dict], m: int) -> set[tuple[int, tuple[int, ...]]]:
    """Every (node, felt) after which some play of the strategy leaves m coins all the same:
    every start, every turn before every move, one play at a time (breadth first)."""
    full, out = (1 << m) - 1, set()
    by_number = {node["node"]: node for node in nodes}
    seen, todo = set(), [(0, t) for t in range(1, full)]
    while todo:
        s, table = todo.pop()
        if (s, table) in seen:
            continue
        seen.add((s, table))
        node = by_number[s]
        for r in range(m):
            turned = (table << r | table >> (m - r)) & full
            bits = [turned >> p & 1 for p in range(m)]
            felt = tuple(bits[p] for p in node["reach"])
            [(new, nxt)] = [
                (w, x) for f, w, x in node["outcomes"] if f == "".join("HT"[b] for b in felt)
            ]
            for p, c in zip(node["reach"], new, strict=True):
                bits[p] = "HT".index(c)
            after = sum(b << p for p, b in enumerate(bits))
            if after in (0, full):
                out.add((s, felt))
            elif nxt != "win":
                todo.append((nxt, after))
    return out


@pytest.mark.parametrize("m,j", [(4, 2), (6, 4), (8, 4), (8, 5)])
def test_only_the_outcomes_a_naive_play_wins_after_are_tested(m, j):
    """may_win names exactly the outcomes after which some play leaves the table all the same
    (a naive search over single plays); only after those does the doubling test."""
    nodes = certificate(solve(_touch(m, j)))["strategy"]["nodes"]
    assert may_win(coin_plan(nodes), m) == _naive_wins(nodes, m)
