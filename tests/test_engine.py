"""solve_game on any rotating-table game: the coin search, the literature, the naive search.

Expected values come from the naive reference in tests/reference.py (full beliefs as sets of
vectors, groups by closure or by definition, no symmetry reduction) or from the literature
(DESIGN.md sections 2 and 5), never from the code under test.
"""

from __future__ import annotations

import pytest
from helpers import games, num, quick_to_solve, vec
from hypothesis import HealthCheck, assume, example, given, reject, settings
from reference import naive_game, naive_named, orbits, prime_factors

from devilcoins.blind.search import search_game
from devilcoins.blind.verify import verify_moves
from devilcoins.coins.search import belief_search
from devilcoins.core.game import Game
from devilcoins.engine import solve

#: For the tests that search: some of the examples are set aside as too big to search.
SEARCH_SETTINGS = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


# --- the general engine agrees with the coin engine ------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_solve_game_agrees_with_coin_search(n):
    verdict, coins = solve(Game(n)), belief_search(n)
    assert verdict.winnable == coins.winnable == (n & (n - 1) == 0)
    assert verdict.length == coins.length
    if coins.winnable:
        assert verdict.length == 2**n - 1


# --- facts from the literature ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("m", "n", "length"),
    [
        (3, 3, 26),
        (4, 2, 15),
        (4, 4, 255),
        (5, 5, 3124),
        pytest.param(3, 9, 19682, marks=pytest.mark.slow),
        (2, 4, 15),
        (2, 8, 255),
    ],
)
def test_dials(m, n, length):
    game = Game(n, values=m)
    verdict = solve(game)
    assert verdict.winnable and verdict.length == length == m**n - 1
    assert len(verdict.strategy) == length
    check = verify_moves(game, verdict.strategy)
    assert check.wins and check.won_at == length
    short = verify_moves(game, verdict.strategy[:-1])
    assert not short.wins and short.won_at is None
    if m**n <= 27:
        strategy = [vec(game, a) for a in verdict.strategy]
        assert naive_game(game, naive_named("cyclic", n)).won_at(strategy) == length


def test_four_glasses_all_the_same():
    assert solve(Game.parse("n=4 goal=same")).length == 7
    assert search_game(Game.parse("n=4 goal=same")).length == 7
    two_hands = Game.parse("n=4 hands=2 goal=same")
    verdict = solve(two_hands)
    assert verdict.winnable and verdict.length == 7
    strategy = [vec(two_hands, a) for a in verdict.strategy]
    assert all(sum(v != 0 for v in a) <= 2 for a in strategy)
    naive = naive_game(two_hands, naive_named("cyclic", 4))
    assert naive.won_at(strategy) == 7
    assert naive.shortest()[0] == 7
    # the literature's strategy: diagonal, adjacent, diagonal, single, diagonal, adjacent, diagonal
    d, a, s = (1, 0, 1, 0), (1, 1, 0, 0), (1, 0, 0, 0)
    literature = [d, a, d, s, d, a, d]
    assert naive.won_at(literature) == 7
    check = verify_moves(two_hands, [num(two_hands, v) for v in literature])
    assert check.wins and check.won_at == 7


@pytest.mark.parametrize("n", [3, 6])
def test_all_the_same_is_lost_for_3_and_6(n):
    game = Game.parse(f"n={n} goal=same")
    assert not solve(game).winnable
    assert naive_game(game, naive_named("cyclic", n)).shortest() == (None, None)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_four_coins_with_fewer_hands_are_lost(k):
    game = Game.parse(f"n=4 hands={k}")
    assert not solve(game).winnable
    assert naive_game(game, naive_named("cyclic", 4)).shortest() == (None, None)


@pytest.mark.parametrize("n", range(2, 7))
def test_still_table_all_the_same(n):
    game = Game.parse(f"n={n} group=none goal=same")
    verdict = solve(game)
    assert verdict.winnable and verdict.length == 2 ** (n - 1) - 1
    assert verify_moves(game, verdict.strategy).won_at == 2 ** (n - 1) - 1
    assert (
        naive_game(game, naive_named("none", n)).won_at([vec(game, a) for a in verdict.strategy])
        == 2 ** (n - 1) - 1
    )


BEM = [(n, m) for n in range(1, 7) for m in range(2, 6) if m**n <= 20000]


@pytest.mark.parametrize(("n", "m"), BEM)
def test_bar_yehuda_etzion_moran(n, m):
    # winnable iff n and m are powers of the same prime (n = 1 = p^0 always is)
    same_prime = len(prime_factors(m)) == 1 and prime_factors(n) <= prime_factors(m)
    verdict = solve(Game(n, values=m))
    assert verdict.winnable == same_prime
    if same_prime:
        assert verdict.length == m**n - 1


# --- random small games against the naive reference -----------------------------------------


@pytest.mark.slow
@settings(SEARCH_SETTINGS, max_examples=100)
@given(games(max_states=32))
@example((Game(4), naive_named("cyclic", 4)))
@example((Game.parse("n=2 values=3"), naive_named("cyclic", 2)))
@example((Game.parse("n=1 goal=same"), naive_named("cyclic", 1)))
@example((Game.parse("n=4 group=full goal=same"), naive_named("full", 4)))
def test_solve_game_agrees_with_naive_search(case):
    game, elements = case
    # full beliefs (no symmetry) blow up when the group mixes little: keep to few orbits
    assume(game.values**game.n <= 9 or len(orbits(game.n, game.values, elements)) <= 12)
    naive = naive_game(game, elements)
    try:
        length, _ = naive.shortest(limit=50_000)
    except RuntimeError:
        reject()
    verdict = solve(game)
    assert verdict.winnable == (length is not None)
    assert verdict.length == length
    if verdict.winnable:
        strategy = [vec(game, a) for a in verdict.strategy]
        assert len(strategy) == length
        assert naive.won_at(strategy) == length
        assert all(a in naive.moves for a in strategy)  # only allowed moves
        check = verify_moves(game, verdict.strategy)
        assert check.wins and check.won_at == length
    else:
        assert verdict.strategy is None


@settings(SEARCH_SETTINGS, max_examples=40)
@given(games(max_states=256))
@example((Game(3, values=4), naive_named("cyclic", 3)))
@example((Game.parse("n=4 values=4 group=dihedral goal=same"), naive_named("dihedral", 4)))
def test_solve_game_strategies_verify(case):
    game, elements = case
    assume(quick_to_solve(game))
    verdict = solve(game)
    assume(verdict.winnable)
    strategy = [vec(game, a) for a in verdict.strategy]
    naive = naive_game(game, elements)
    assert naive.won_at(strategy) == verdict.length
    assert all(a in naive.moves for a in strategy)  # only allowed moves
    assert verify_moves(game, verdict.strategy).won_at == verdict.length


# --- explicit lists of moves -----------------------------------------------------------------


def test_explicit_moves_for_four_coins():
    game = Game.parse("n=4 moves=FFFF,FLFL,FFLL,FLLL")
    verdict = solve(game)
    assert verdict.winnable and verdict.length == 15
    listed = set(game.moves)
    assert all(vec(game, a) in listed for a in verdict.strategy)
    naive = naive_game(game, naive_named("cyclic", 4))
    assert naive.won_at([vec(game, a) for a in verdict.strategy]) == 15
    assert naive.shortest()[0] == 15
    # turned copies of the same moves do as well
    turned = Game.parse("n=4 moves=FFFF,LFLF,LLFF,LLLF")
    assert solve(turned).length == 15


def test_explicit_moves_without_a_single_coin():
    game = Game.parse("n=4 moves=FFFF,FLFL,FFLL")
    assert not solve(game).winnable
    assert naive_game(game, naive_named("cyclic", 4)).shortest() == (None, None)


def test_explicit_moves_and_hands_together():
    # both limits hold: with one hand only 1000 of the list may be played, and that loses
    game = Game.parse("n=4 hands=1 moves=FFFF,FLFL,FFLL,FLLL")
    naive = naive_game(game, naive_named("cyclic", 4))
    assert naive.moves == [(1, 0, 0, 0)]
    assert naive.shortest() == (None, None)
    verdict = solve(game)
    if verdict.winnable:
        assert all(game.allowed(int(a)) for a in verdict.strategy), "moves past the hands"
    assert not verdict.winnable
    # two hands: the list without 1111
    game = Game.parse("n=4 hands=2 moves=FFFF,FLFL,FFLL,FLLL")
    assert naive_game(game, naive_named("cyclic", 4)).shortest() == (None, None)
    assert not solve(game).winnable


def test_explicit_moves_of_nothing():
    game = Game.parse("n=3 moves=LLL")
    assert not solve(game).winnable
    assert solve(Game.parse("n=1 goal=same moves=L")).length == 0


# --- nothing cut: a verdict's JSON carries the whole strategy --------------------------------


def test_a_strategy_of_more_than_100_000_moves_is_whole_in_json():
    """17 coins on a still table: 2^17 - 1 = 131,071 moves, all in the JSON, and read back
    equal both as a verdict and as a strategy file."""
    import json

    from devilcoins.results import Verdict

    game = Game.parse("n=17 group=none")
    v = solve(game)
    data = json.loads(json.dumps(v.to_json()))
    assert len(data["strategy"]) == v.length == 2**17 - 1
    back = Verdict.from_json(data)
    assert back.strategy == v.strategy and (back.winnable, back.length) == (True, 2**17 - 1)
    assert tuple(int(a) for a in game.parse_moves(json.dumps(data))) == v.strategy


def test_every_public_function_that_takes_a_game_takes_a_number_of_coins():
    import devilcoins

    assert devilcoins.solve(4).length == devilcoins.solve(Game(4)).length == 15
    assert devilcoins.verify(2, [3, 1, 3]).wins
    assert devilcoins.prove(3).winnable is False
    assert devilcoins.explain(2) == devilcoins.explain(Game(2))
    assert devilcoins.adversary(2, [3, 1, 3]).won_at == 3
    with pytest.raises(devilcoins.InvalidInput, match="number of coins"):
        devilcoins.solve("4")  # type: ignore[arg-type]
