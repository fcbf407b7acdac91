"""Live games played again (``LiveGame.played_again``): undo and restart give exactly the game
as it stood after that many moves, for every kind of game and every Devil."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins import Game, LiveGame

SPECS = ["n=4", "n=3", "n=4 values=3", "n=4 observe=sight", "n=4 observe=count",
         "n=4 hands=2 goal=same observe=touch", "n=6 hands=4 goal=same observe=touch"]  # fmt: skip


def play_randomly(live: LiveGame, rng: random.Random, moves: int) -> list[tuple]:
    """Up to moves random moves (touch: rounds; a peek now and then); what the player saw and
    the hidden state after each, the start first."""
    seen = [(live.to_json(), live.x)]
    for _ in range(moves):
        if live.won or live.lost:
            break
        if rng.random() < 0.2:
            live.peek()
        game = live.game
        if game.observe.feels:
            live.feel(tuple(rng.sample(range(game.n), game.hands)))
            live.set(tuple(rng.randrange(game.values) for _ in range(game.hands)))
        else:
            amounts = [rng.randrange(game.values) for _ in range(game.n)]
            if not any(amounts) and not live.listens:
                amounts[0] = 1
            live.move(amounts)
        seen.append((live.to_json(), live.x))
    return seen


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(SPECS),
    st.sampled_from(["random", "greedy", "adversarial"]),
    st.integers(0, 2**32),
    st.randoms(use_true_random=False),
)
def test_played_again_is_the_game_as_it_stood_then(spec, devil, seed, rng):
    live = LiveGame.start(Game.parse(spec), devil, seed=seed)
    seen = play_randomly(live, rng, 6)
    for upto, (data, x) in enumerate(seen):
        again = live.played_again(upto)
        expected = dict(data, peeked=live.peeked)  # a peek once made stays known
        assert again.to_json() == expected and again.x == x
        assert again.played == upto


def test_undo_of_a_losing_move_gives_the_game_back():
    """Six coins: the Devil holds the game after any move; taking it back leaves a game that
    takes moves again."""
    live = LiveGame.start(Game(6), "adversarial", seed=1)
    live.move([1, 0, 0, 0, 0, 0])
    assert live.lost
    back = live.played_again(live.played - 1)
    assert not back.lost and back.played == 0
    back.move([1, 1, 0, 0, 0, 0])
    assert back.played == 1


def test_a_feel_not_yet_set_is_dropped_by_undo():
    live = LiveGame.start(Game.parse("n=4 hands=2 goal=same observe=touch"), "random", seed=3)
    live.feel((0, 1))
    assert live.reach is not None
    back = live.played_again(0)
    assert back.reach is None and back.to_json()["stage"] == "feel"


@pytest.mark.parametrize("upto", [-3, 99])
def test_played_again_keeps_within_the_moves_played(upto):
    live = LiveGame.start(Game(4), "random", seed=5)
    live.move([1, 1, 1, 1])
    assert live.played_again(upto).played == (0 if upto < 0 else live.played)


def test_a_count_game_past_the_belief_search_is_held_at_once():
    """10 coins with a count: the search over every belief stopped at 4 GiB before; the Devil's
    sight trap now says at once that he holds the game, and why."""
    game = LiveGame.start(Game.parse("n=10 observe=count"), devil="adversarial", seed=1)
    advice = game.advice()
    assert advice is not None and not advice.winnable
    assert "his trap" in (advice.reason or "")
