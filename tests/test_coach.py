"""The coach (``devilcoins.coach``) against naive models: from random positions of blind, sight
and count games its value is the naive value, and following its moves wins within it."""

from __future__ import annotations

import random

import pytest
from helpers import games, vec
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reference import (
    NaiveGame,
    add_vectors,
    closure,
    count_values,
    in_devils_set,
    naive_game,
    naive_named,
    permute,
    sight_values,
    to_number,
)

from devilcoins import Advice, Game, coach
from devilcoins.blind.coach import shortest_from
from devilcoins.core.errors import NotSupported
from devilcoins.core.tables import class_table


def _classes(game: Game, states) -> list[int]:
    """The classes of a set of naive states (vectors)."""
    t = class_table(game)
    return sorted({int(t.index_of[to_number(x, game.values)]) for x in states})


def _random_belief(naive: NaiveGame, rng: random.Random, steps: int) -> frozenset:
    """The belief after up to steps random moves from the start (stopping before it is won)."""
    belief = naive.start()
    for _ in range(steps):
        after = naive.update(belief, rng.choice(naive.moves))
        if not after:
            break
        belief = after
    return belief


def _follow(game: Game, naive: NaiveGame, belief: frozenset, advice: Advice) -> int:
    """Moves the coach's play takes to empty the belief (the goal against every Devil)."""
    played = 0
    while belief:
        assert advice.winnable and advice.optimal is not None
        belief = naive.update(belief, vec(game, advice.optimal))
        played += 1
        assert played <= 200, "the coach's play goes on for ever"
        advice = coach(game, _classes(game, belief))
    return played


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(max_states=32, max_n=5), st.integers(0, 6), st.randoms(use_true_random=False))
def test_the_blind_coach_matches_the_naive_search_from_random_beliefs(drawn, steps, rng):
    game, elements = drawn
    naive = naive_game(game, elements)
    if not naive.moves:
        return
    belief = _random_belief(naive, rng, steps)
    try:
        length, _ = naive.shortest(limit=20_000, start=belief)
    except RuntimeError:  # too many beliefs for the naive search: not a test of the coach
        assume(False)
    advice = coach(game, _classes(game, belief))
    assert advice.winnable == (length is not None)
    assert advice.at_most == length
    if length is not None:
        assert _follow(game, naive, belief, advice) == length
    else:
        assert advice.optimal is None and advice.reason


@pytest.mark.parametrize(("n", "positions"), [(3, 50), (4, 50), (5, 50), (6, 50)])
def test_blind_coins_after_any_moves_agree_with_the_naive_search(n, positions):
    game = Game(n)
    naive = NaiveGame(n, 2, naive_named("cyclic", n), "zero")
    rng = random.Random(n)
    for _ in range(positions):
        moves = [rng.choice(naive.moves) for _ in range(rng.randrange(4))]
        belief = naive.start()
        for a in moves:
            belief = naive.update(belief, a) or belief
        advice = coach(game, _classes(game, belief))
        assert advice.at_most == naive.shortest(start=belief)[0]


def test_eight_coins_from_random_positions_win_within_the_coachs_value():
    """Past the naive search's reach (it takes minutes at 8 coins), the coach's continuation,
    played with the naive update (every start, every turn), empties the belief in exactly the
    moves it promised, never more than the 255 of the whole game."""
    game = Game(8)
    naive = NaiveGame(8, 2, naive_named("cyclic", 8), "zero")
    rng = random.Random(8)
    for _ in range(12):
        belief = _random_belief(naive, rng, rng.randrange(1, 8))
        advice = coach(game, _classes(game, belief))
        assert advice.winnable and advice.at_most is not None and advice.at_most <= 255
        line = shortest_from(game, _classes(game, belief))
        assert line is not None and len(line) == advice.at_most and line[0] == advice.optimal
        for k, move in enumerate(line, 1):
            belief = naive.update(belief, vec(game, move))
            assert bool(belief) == (k < len(line))


def test_seven_coins_are_lost_from_random_positions_for_the_naive_reason():
    """The Devil holds 7 coins from anywhere: a state of his set (some column of the 7 mixed)
    is always still possible, by the set's own definition."""
    game = Game(7)
    naive = NaiveGame(7, 2, naive_named("cyclic", 7), "zero")
    rng = random.Random(7)
    for _ in range(20):
        belief = _random_belief(naive, rng, rng.randrange(0, 6))
        tails = [sum(v << i for i, v in enumerate(x)) for x in belief]
        assert any(in_devils_set("column", 7, x) for x in tails)
        advice = coach(game, _classes(game, belief))
        assert not advice.winnable and "trap" in advice.reason


def test_a_blind_game_off_the_solved_line_still_has_its_shortest_continuation():
    """The notebook's line for 4 coins, then a move of one's own: still winnable, with its own
    continuation (issue: the hint gave up after one move off the line)."""
    after = coach(4, moves=["FFFF", "FLLL"])
    naive = NaiveGame(4, 2, naive_named("cyclic", 4), "zero")
    belief = naive.update(naive.update(naive.start(), (1, 1, 1, 1)), (1, 0, 0, 0))
    assert after.winnable and after.at_most == naive.shortest(start=belief)[0]
    assert after.optimal is not None and after.at_most is not None and after.at_most <= 15


@pytest.mark.parametrize("spec", ["n=3", "n=5", "n=6", "n=6 goal=same", "n=2 values=3"])
def test_a_lost_game_says_why_in_plain_words(spec):
    game = Game.parse(spec)
    advice = coach(game)
    assert not advice.winnable and advice.at_most is None and advice.optimal is None
    text = advice.to_text()
    assert text.startswith("The Devil can now hold you off forever: ")
    assert "trap" in text or "every belief" in text


SIGHT_GAMES = ["n=3 observe=sight", "n=4 observe=sight", "n=2 values=3 observe=sight",
               "n=4 goal=same observe=sight", "n=4 group=dihedral observe=sight"]  # fmt: skip


@pytest.mark.parametrize("spec", SIGHT_GAMES)
def test_the_sight_coach_matches_the_naive_minimax_from_every_state(spec):
    game = Game.parse(spec)
    elements = closure(game.group.generators, game.n)
    naive = naive_game(game, elements)
    values = sight_values(game.n, game.values, elements, naive.goal)
    t = class_table(game)
    for x, value in values.items():
        k = int(t.index_of[to_number(x, game.values)])
        advice = coach(game, [k])
        expected = 0 if x in naive.goal else value
        assert advice.at_most == expected and advice.winnable == (expected is not None)
        if expected:  # the move lowers the value whatever the Devil's turn
            a = vec(game, advice.optimal)
            for g in elements:
                after = add_vectors(permute(g, x), a, game.values)
                assert after in naive.goal or values[after] < expected


@pytest.mark.parametrize(("n", "m", "goal"), [(3, 2, "zero"), (4, 2, "zero"), (4, 2, "same"),
                                              (5, 2, "zero"), (3, 3, "zero")])  # fmt: skip
def test_the_count_coach_matches_the_naive_values_of_every_belief(n, m, goal):
    game = Game(n, values=m, goal=goal, observe="count")
    start, values = count_values(n, m, goal)
    rng = random.Random(n * m)
    beliefs = [start, *rng.sample(sorted(values, key=sorted), min(200, len(values)))]
    for belief in beliefs:
        advice = coach(game, _classes(game, belief))
        assert advice.at_most == values.get(belief), belief
        assert advice.winnable == (belief in values)


def test_the_coach_reads_moves_only_for_blind_games():
    with pytest.raises(NotSupported):
        coach(Game.parse("n=4 observe=sight"), moves=["FLLL"])


def test_advice_reads_back_its_json():
    game = Game.parse("n=3 values=3 goal=same")
    advice = coach(game)
    assert Advice.from_json(game, advice.to_json()) == advice


def test_a_restricted_devil_is_refused_not_misadvised():
    """Its positions are sets of states, which classes of the closed group would blur."""
    with pytest.raises(NotSupported, match="restricted"):
        coach(Game(3, devil_moves=((1, 2, 0),)))
