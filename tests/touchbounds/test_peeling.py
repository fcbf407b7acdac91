"""The peeling: a touch strategy for dials of m values from one for coins (goal all the same).
Its nodes are followed naively through every start and turn, checked by the certificate
checker, and replayed against random starts and turns on 8 dials; its length is at most
V + (V + 1) W for the coin game's value V and W the m - 1 values' length, never below the value
the naive minimax finds; without its first block it loses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import brute_touch, replay_nodes, worst_touch_nodes

from devilcoins import Game, bounds_certificate, certificate, check_certificate, solve
from devilcoins.observed.certificates import bounds_of
from devilcoins.touchbounds.peeling import coin_game, peeled_strategy


def _dials(n: int, m: int, k: int) -> Game:
    return Game.parse(f"n={n} values={m} hands={k} goal=same observe=touch")


def _peeled(game: Game) -> tuple[int, int, list[dict]]:
    """The coin game's value, the peeled strategy's length and its nodes."""
    coins = solve(coin_game(game))
    length, nodes = peeled_strategy(game, certificate(coins)["strategy"]["nodes"])
    return coins.length, length, nodes


@pytest.mark.parametrize("n,m,k", [(3, 3, 2), (4, 3, 2), (4, 4, 2), (5, 3, 4), (6, 3, 4)])
def test_the_peeled_strategy_wins_every_play_within_its_promise(n, m, k):
    """Followed naively through every start and every turn, the strategy always reaches the
    goal, within the moves node 0 promises; the checker accepts it with those bounds."""
    game = _dials(n, m, k)
    value, length, nodes = _peeled(game)
    worst = worst_touch_nodes(nodes, n, m)
    assert worst is not None and worst <= length
    if m == 3:  # the blocks play the coin strategy: W = V
        assert length <= value + (value + 1) * value
    cert = bounds_of(game, (1, []), (length, {"nodes": nodes}))
    assert check_certificate(game, cert).holds
    assert all(len(node["reach"]) == k for node in nodes)
    assert all(len(node["outcomes"]) == m**k for node in nodes)


@pytest.mark.parametrize("n,m,k", [(3, 3, 2), (4, 3, 2)])
def test_the_peeled_length_is_never_below_the_value(n, m, k):
    """The naive minimax value of the game lies at or below the peeled strategy's length."""
    game = _dials(n, m, k)
    _, length, _ = _peeled(game)
    value = brute_touch(game, length)
    assert value is not None and value <= length


def test_without_its_first_block_the_peeled_strategy_loses():
    """The block before the first coin move is what wins a table with no 0 at the start:
    starting at the coin move instead, some play misses the goal, and the checker says so."""
    game = _dials(4, 3, 2)
    _, length, nodes = _peeled(game)
    outer = next(x for felt, _, x in nodes[0]["outcomes"] if "0" in felt)
    swap = {0: outer, outer: 0}
    moved = [
        {**node, "node": swap.get(node["node"], node["node"]),
         "outcomes": [[f, w, x if x == "win" else swap.get(x, x)] for f, w, x in node["outcomes"]]}
        for node in nodes
    ]  # fmt: skip
    assert worst_touch_nodes(moved, 4, 3) is None
    cert = bounds_of(game, (1, []), (length, {"nodes": moved}))
    assert not check_certificate(game, cert).holds


@pytest.fixture(scope="module")
def eight() -> tuple[int, int, list[dict]]:
    return _peeled(_dials(8, 3, 4))


def test_eight_dials_of_three_values_are_won_with_four_hands(eight):
    """The cell no search settles: the peeling wins it within V + (V + 1) V moves (V = 9),
    and bounds_certificate takes it as the upper bound, which the checker accepts."""
    value, length, _ = eight
    assert value == 9 and length <= 9 + 10 * 9
    cert = bounds_certificate(_dials(8, 3, 4))
    assert cert["bounds"][1] == length and "peeling" in cert["how"]["upper"]
    assert check_certificate(_dials(8, 3, 4), cert).holds


@settings(max_examples=60, deadline=None)
@given(
    start=st.lists(st.integers(0, 2), min_size=8, max_size=8).filter(lambda x: len(set(x)) > 1),
    turns=st.lists(st.integers(0, 7), min_size=99, max_size=99),
)
def test_a_naive_replay_of_eight_peeled_dials_wins_in_time(eight, start, turns):
    """8 dials of 3 values, 4 hands: from any start and any turns, all the same in time."""
    _, length, nodes = eight
    got = replay_nodes(nodes, "".join(map(str, start)), turns)
    assert isinstance(got, int) and got <= length


def test_the_peeling_applies_only_to_dials_with_goal_all_the_same():
    """A touch game of 3 or more values, goal all the same; else None."""
    assert str(coin_game(_dials(6, 4, 4))) == "n=6 hands=4 goal=same observe=touch"
    for text in (
        "n=8 hands=4 goal=same observe=touch",
        "n=8 values=3 hands=4 goal=zero observe=touch",
        "n=4 values=3 goal=same",
    ):
        assert coin_game(Game.parse(text)) is None, text


def test_the_peeling_serves_any_group_of_turns():
    """The argument needs only that the Devil's turns form a group: with reflections too, the
    peeled strategy of 4 dials of 3 values checks."""
    game = Game.parse("n=4 values=3 hands=2 goal=same observe=touch group=dihedral")
    assert str(coin_game(game)) == "n=4 group=dihedral hands=2 goal=same observe=touch"
    cert = bounds_certificate(game)
    assert "peeling" in cert["how"]["upper"] and check_certificate(game, cert).holds


def test_four_values_peel_through_three_and_skip_the_open_ended_blind_search():
    """8 dials of 4 values with 4 hands: the peeling over the peeling of 3 values bounds them
    (its length within V + (V + 1) W for W the 3 values' peeled length), and the bounds do not
    wait on their blind game, which only the belief search over 65,536 states would settle."""
    from devilcoins.blind.solve import blind_route

    game = _dials(8, 4, 4)
    assert blind_route(Game.parse("n=8 values=4 hands=4 goal=same")) == "search"
    cert = bounds_certificate(game)
    _, inner, _ = _peeled(_dials(8, 3, 4))
    assert "peeling" in cert["how"]["upper"] and cert["bounds"][1] <= 9 + 10 * inner
    assert check_certificate(game, cert).holds
