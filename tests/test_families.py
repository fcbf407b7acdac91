"""The registry of game families: each game in exactly one family; the optimal next move and the
strongest Devil each family gives (``Family.next_move``, ``Family.strongest``), against plain
references: sight values by naive value iteration over states, count values by brute force over
beliefs."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import (
    all_vectors,
    closure,
    count_value,
    goal_vectors,
    sight_values_by_state,
    to_number,
)

from devilcoins import Game, solve
from devilcoins.core.tables import class_table
from devilcoins.devil import random_devil
from devilcoins.families import FAMILIES, family_of
from devilcoins.observed.sight import FOREVER, sight_values
from devilcoins.playing import play, still_possible, update


def next_move(game, played, state, known):
    return family_of(game).next_move(game, played, state, known)


def strongest_devil(game):
    return family_of(game).strongest(game)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("n=4", "blind coins"),
        ("n=4 goal=same", "blind"),
        ("n=3 values=S3", "value groups"),
        ("n=3 devil_moves=1,2,0", "restricted Devil"),
        ("n=4 hands=2 goal=same observe=touch", "touch"),
        ("n=4 observe=sight", "sight"),
        ("n=4 observe=count", "count"),
    ],
)
def test_every_game_is_in_exactly_one_family_of_its_kind(text, name):
    game = Game.parse(text)
    assert family_of(game).name == name
    admitting = [f.name for f in FAMILIES if f.admits(game)]
    assert admitting[0] == name  # the first that admits it; blind coins are also blind
    assert family_of(game).tree == game.observe.tree


def test_a_route_is_checked_once_and_named_in_the_refusal():
    from devilcoins import InvalidInput, methods, solve

    assert methods(Game(4)) == ("notebook", "chain", "certificate", "search")
    with pytest.raises(InvalidInput, match=r"'levels' is not a route for blind coins"):
        solve(Game(4), method="levels")
    forced = solve(Game.parse("n=4 goal=same"), method="search")
    assert (forced.length, forced.how.value) == (7, "search")
    assert solve(Game.parse("n=4 goal=same")).how.value == "construction"


SIGHT_GAMES = [
    "n=2 observe=sight",
    "n=3 observe=sight",
    "n=4 observe=sight",
    "n=4 goal=same observe=sight",
    "n=2 values=3 observe=sight",
    "n=3 values=3 observe=sight",
]


def _naive(game: Game) -> dict[tuple[int, ...], int | None]:
    elements = closure(game.group.generators, game.n)
    return sight_values_by_state(
        game.n, game.values, elements, goal_vectors(game.n, game.values, game.goal)
    )


@pytest.mark.parametrize("text", SIGHT_GAMES)
def test_sight_values_are_the_naive_values(text):
    game = Game.parse(text)
    values, t = sight_values(game), class_table(game)
    for x, v in _naive(game).items():
        found = int(values[int(t.index_of[to_number(x, game.values)])])
        assert found == (FOREVER if v is None else v), (text, x)


@pytest.mark.parametrize("text", SIGHT_GAMES)
def test_optimal_play_against_the_strongest_sight_devil_lasts_the_value(text):
    """Both sides best: from every start the game lasts exactly its naive value; where the
    Devil holds out, the library has no move to offer."""
    game = Game.parse(text)
    for x, v in _naive(game).items():
        start = to_number(x, game.values)
        if v is None:
            assert next_move(game, [], start, []) is None
            continue
        devil, state, moves = strongest_devil(game), start, 0
        while not game.in_goal(state):
            move = next_move(game, [], state, [])
            assert move is not None and moves < v
            (step,) = play(game, [move], state, devil, first=moves + 1)
            state, moves = step.after, moves + 1
        assert moves == v, (text, x)


COUNT_GAMES = ["n=2 observe=count", "n=4 observe=count", "n=4 goal=same observe=count"]


def _count_game(game: Game, start: int, devil) -> int:
    """Play the library's optimal count moves from start; the moves it took to win."""
    t = class_table(game)
    belief, state, moves = list(range(t.size)), start, 0
    while not game.in_goal(state):
        move = next_move(game, [], state, still_possible(game, belief))
        assert move is not None, "the optimal play ran out before the bell"
        (step,) = play(game, [move], state, devil, first=moves + 1)
        state, moves = step.after, moves + 1
        weight = sum(v != 0 for v in game.decode(state))
        belief = [
            k
            for k in update(game, belief, move)
            if sum(v != 0 for v in t.digits[int(t.reps[k])]) == weight
        ]
    return moves


@pytest.mark.parametrize("text", COUNT_GAMES)
def test_the_optimal_count_play_beats_the_strongest_devil_in_time(text):
    game = Game.parse(text)
    length = count_value(game.n, game.values, game.goal)
    assert length is not None and solve(game).length == length
    t = class_table(game)
    worst = max(
        _count_game(game, to_number(x, 2), strongest_devil(game))
        for x in all_vectors(game.n, 2)
        if int(t.index_of[to_number(x, 2)]) >= t.n_goal
    )
    assert 1 <= worst <= length


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), text=st.sampled_from(COUNT_GAMES))
def test_the_optimal_count_play_beats_a_random_devil_in_time(seed, text):
    game = Game.parse(text)
    rng = np.random.default_rng(seed)
    t = class_table(game)
    outside = [x for x in range(game.states) if int(t.index_of[x]) >= t.n_goal]
    start = outside[int(rng.integers(len(outside)))]
    assert _count_game(game, start, random_devil(game, rng)) <= solve(game).length


def test_a_blind_player_is_advised_while_on_the_solved_sequence():
    game = Game(4)
    strategy = [int(a) for a in solve(game).strategy]
    assert [next_move(game, strategy[:k], 0, []) for k in range(len(strategy))] == strategy
    assert next_move(game, strategy, 0, []) is None  # the sequence is over
    off = [strategy[0] ^ 1]  # another first move: the sequence no longer applies
    assert next_move(game, off, 0, []) is None
    assert next_move(Game(3), [], 1, []) is None  # no sequence wins for 3 coins
