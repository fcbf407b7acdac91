"""verify_game on any rotating-table game: verdicts and counterexamples against the reference.

Expected values come from the naive reference in tests/reference.py (full beliefs as sets of
vectors, groups by closure or by definition, no symmetry reduction) or from the literature
(DESIGN.md sections 2 and 5), never from the code under test.
"""

from __future__ import annotations

import json

import pytest
from helpers import games, num, quick_to_solve, vec
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from reference import naive_game, naive_named, naive_won_at, permute

from devilcoins.blind.verify import verify_moves
from devilcoins.coins.construct import construction
from devilcoins.coins.notation import Strategy
from devilcoins.coins.search import belief_search
from devilcoins.coins.verification import verify
from devilcoins.core.game import Game
from devilcoins.engine import solve
from devilcoins.results import Counterexample

# --- verify_game agrees with the coin engine's verify ------------------------------------------


def check_against_coins(n: int, masks: list[int]):
    coins = verify(Strategy([{i for i in range(n) if mask >> i & 1} for mask in masks]), n)
    game = verify_moves(Game(n), masks)
    assert (game.wins, game.won_at) == (coins.wins, coins.won_at)
    assert game.won_at == naive_won_at(masks, n)
    if coins.sizes:
        assert game.sizes == coins.sizes  # classes of coins are necklaces
    return game


@pytest.mark.parametrize("n", [4, 8])
def test_verify_game_on_the_seeds_search_strategies(n):
    masks = [m.mask for m in Strategy.from_masks(belief_search(n).strategy)]
    game = check_against_coins(n, masks)
    assert game.wins and game.won_at == 2**n - 1


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_verify_game_agrees_with_verify_on_random_coins(data):
    n = data.draw(st.integers(4, 6))
    if data.draw(st.booleans()):
        masks = data.draw(st.lists(st.integers(0, 2**n - 1), max_size=40))
    else:  # a mutated winning strategy (the construction for 4 coins, padded for 5 and 6)
        masks = [m.mask for m in construction(4)]
        i = data.draw(st.integers(0, len(masks) - 1))
        action = data.draw(st.sampled_from(["change", "drop", "swap"]))
        if action == "change":
            masks[i] = data.draw(st.integers(0, 2**n - 1))
        elif action == "drop":
            del masks[i]
        else:
            j = data.draw(st.integers(0, len(masks) - 1))
            masks[i], masks[j] = masks[j], masks[i]
    check_against_coins(n, masks)


# --- losing strategies and their counterexamples ---------------------------------------------


def check_counterexample(game: Game, elements, moves: list[int], ce: Counterexample):
    naive = naive_game(game, elements)
    assert len(ce.turns) == len(moves)
    assert all(tuple(g) in elements for g in ce.turns)
    start = vec(game, ce.start)
    assert start not in naive.goal
    played = naive.play(start, [tuple(g) for g in ce.turns], [vec(game, a) for a in moves])
    assert not any(x in naive.goal for x in played)
    assert ce.replay(moves) == [num(game, x) for x in played]
    data = json.loads(json.dumps(ce.to_json()))
    assert len(data["turns"]) == len(moves)
    if game.group.name == "cyclic":
        for r, g in zip(data["turns"], ce.turns, strict=True):
            x = tuple(range(game.n))  # the seeds' turn coins[r:] + coins[:r]
            assert permute(g, x) == x[r:] + x[:r]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(max_states=256), st.data())
@example((Game(3), naive_named("cyclic", 3)), None)
@example((Game.parse("n=2 values=4 group=none"), naive_named("none", 2)), None)
def test_losing_strategies_have_counterexamples(case, data):
    game, elements = case
    total = game.values**game.n
    if data is None:
        moves = [total - 1, 1, total - 1]
    elif data.draw(st.booleans()):
        # (no moves at all: test_verify_game_of_no_moves)
        moves = data.draw(st.lists(st.integers(0, total - 1), min_size=1, max_size=12))
    else:  # mutate a winning strategy, if the game has a short one
        if not quick_to_solve(game):
            return
        verdict = solve(game)
        if not verdict.winnable or not verdict.length or verdict.length > 400:
            return
        moves = list(verdict.strategy)
        i = data.draw(st.integers(0, len(moves) - 1))
        if len(moves) > 1 and data.draw(st.booleans()):
            del moves[i]
        else:
            moves[i] = data.draw(st.integers(0, total - 1))
    if not all(game.allowed(a) for a in moves):
        with pytest.raises(ValueError, match="not allowed"):
            verify_moves(game, moves)  # a strategy the game's hands cannot play is refused
        moves = [a for a in moves if game.allowed(a)] or [0]
    naive = naive_game(game, elements)
    expected = naive.won_at([vec(game, a) for a in moves])
    check = verify_moves(game, moves)
    assert check.won_at == expected
    assert check.wins == (expected is not None)
    if check.wins:
        assert check.counterexample is None
    else:
        check_counterexample(game, elements, moves, check.counterexample)


@pytest.mark.parametrize(
    "text",
    ["n=1", "n=1 values=3", "n=1 values=5 group=none", "n=3", "n=2 values=3", "n=4 goal=same"],
)
def test_verify_game_of_no_moves(text):
    # with no moves every start outside the goal is a counterexample, with no turns
    game = Game.parse(text)
    check = verify_moves(game, [])
    assert not check.wins and check.won_at is None
    ce = check.counterexample
    assert ce.turns == () and ce.replay([]) == []
    assert vec(game, ce.start) not in naive_game(game).goal
