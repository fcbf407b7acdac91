"""The touch game played one move at a time (observed.touchplay): the greedy Devil's turn against
a brute force over all turns written here, and the worth of a felt pattern against the minimum
over every setting of the beliefs ``after`` gives."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins.core.game import Game
from devilcoins.observed import touchplay

#: Small winnable touch games, and one the Devil holds out in (greedy_turn needs no values).
GAMES = [(2, 1), (3, 2), (4, 2), (4, 3), (5, 4), (6, 4), (5, 2)]


def game_of(n: int, k: int) -> Game:
    return Game.parse(f"n={n} hands={k} goal=same observe=touch")


def naive_alike(game: Game, y: int, belief: frozenset[int], reach: tuple[int, ...]) -> int:
    """How many states of the belief feel at reach what state y shows there (digits by hand)."""
    digits = [(y >> i) & 1 for i in range(game.n)]
    return sum(all((z >> i) & 1 == digits[i] for i in reach) for z in belief)


def naive_greedy(game: Game, x: int, belief: frozenset[int], reach: tuple[int, ...]):
    """The first turn, over all of them, that leaves the most states feeling alike."""
    best, pick = -1, None
    for turn in game.turns:
        value = [(x >> i) & 1 for i in range(game.n)]
        moved = [0] * game.n
        for i, v in enumerate(value):  # the value at position i moves to turn[i]
            moved[turn[i]] = v
        kept = naive_alike(game, sum(v << i for i, v in enumerate(moved)), belief, reach)
        if kept > best:
            best, pick = kept, turn
    return pick, best


def played(game: Game, rng: random.Random, rounds: int) -> frozenset[int]:
    """A belief the player reaches by random play (the start when the bell would ring)."""
    belief = touchplay.start(game)
    k = game.hands or 0
    for _ in range(rounds):
        reach = tuple(sorted(rng.sample(range(game.n), k)))
        pattern = rng.choice(sorted(touchplay.patterns(game, belief, reach)))
        values = tuple(rng.randrange(2) for _ in reach)
        nxt = touchplay.after(game, belief, reach, pattern, values)
        if not nxt:
            break
        belief = nxt
    return belief


@pytest.mark.parametrize(("n", "k"), GAMES)
def test_the_greedy_turn_is_the_brute_forces_from_the_start(n, k):
    game = game_of(n, k)
    belief = touchplay.start(game)
    for x in sorted(belief):
        for reach in itertools.combinations(range(n), k):
            turn = touchplay.greedy_turn(game, x, belief, reach)
            want, most = naive_greedy(game, x, belief, reach)
            assert turn == want, (x, reach)
            assert naive_alike(game, game.turn(x, turn), belief, reach) == most


def test_the_greedy_devil_keeps_more_states_than_a_bad_turn():
    """Four glasses, HHHT felt at 0 and 1: identity shows HH (3 states alike), the greedy turn
    shows HT or TH (4 alike)."""
    game = game_of(4, 2)
    belief = touchplay.start(game)
    x = game.parse_state("HHHT")
    turn = touchplay.greedy_turn(game, x, belief, (0, 1))
    assert touchplay.felt(game, game.turn(x, turn), (0, 1)) in ((0, 1), (1, 0))
    assert naive_alike(game, x, belief, (0, 1)) == 3
    assert naive_alike(game, game.turn(x, turn), belief, (0, 1)) == 4


@settings(max_examples=150, deadline=None)
@given(
    pair=st.sampled_from(GAMES),
    seed=st.integers(0, 2**32 - 1),
    rounds=st.integers(0, 4),
)
def test_the_greedy_turn_is_a_most_alike_turn_on_any_belief(pair, seed, rounds):
    n, k = pair
    game = game_of(n, k)
    rng = random.Random(seed)
    belief = played(game, rng, rounds)
    x = rng.choice(sorted(belief))
    reach = tuple(rng.sample(range(n), k))  # in any order
    most = naive_greedy(game, x, belief, reach)[1]
    plain = touchplay.greedy_turn(game, x, belief, reach)
    drawn = touchplay.greedy_turn(game, x, belief, reach, random.Random(seed))
    assert plain == naive_greedy(game, x, belief, reach)[0]
    for turn in (plain, drawn):
        assert turn in game.turns
        assert naive_alike(game, game.turn(x, turn), belief, reach) == most
        # what the player then feels is a pattern the Devil may show, and x turned is possible
        assert touchplay.felt(game, game.turn(x, turn), reach) in touchplay.patterns(
            game, belief, reach
        )


@settings(max_examples=60, deadline=None)
@given(
    pair=st.sampled_from([(3, 2), (4, 2), (4, 3), (6, 4)]),
    seed=st.integers(0, 2**32 - 1),
    rounds=st.integers(0, 3),
)
def test_worth_is_the_best_setting_after_the_felt_pattern(pair, seed, rounds):
    n, k = pair
    game = game_of(n, k)
    rng = random.Random(seed)
    belief = played(game, rng, rounds)
    reach = tuple(sorted(rng.sample(range(n), k)))
    values = touchplay.touch_values(game)
    for pattern in touchplay.patterns(game, belief, reach):
        every = [
            values.value(touchplay.after(game, belief, reach, pattern, w))
            for w in itertools.product(range(2), repeat=k)
        ]
        assert touchplay.worth(game, belief, reach, pattern) == min(
            v for v in every if v is not None
        )


def test_the_worth_of_the_four_glasses_first_round():
    """After feeling two side by side, both alike leaves 3 moves, unlike 4 (then 5 in all)."""
    game = game_of(4, 2)
    b = touchplay.start(game)
    got = {
        p: touchplay.worth(game, b, (0, 1), p) for p in sorted(touchplay.patterns(game, b, (0, 1)))
    }
    assert got == {(0, 0): 3, (0, 1): 4, (1, 0): 4, (1, 1): 3}
    assert max(got.values()) + 1 == touchplay.touch_values(game).value(b)
