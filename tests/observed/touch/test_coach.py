"""The coach of touch games (``devilcoins.coach`` with ``held``) from random positions of every
touch game the page offers: its value against a naive minimax over explicit states where that
finishes in a moment, else against one naive round of play (the coach's reach and settings lower
the value whatever is felt; every reach lets the Devil show a pattern after which no setting
does better); and following it against the strongest Devil wins within its value."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest
from helpers import num
from reference import _put, closure, game_goal, touch_search

from devilcoins import Game, LiveGame, coach
from devilcoins.core.errors import InvalidInput
from devilcoins.core.tables import class_table
from devilcoins.observed.touch.playing import touch_values
from devilcoins.web.touch import TOUCH_GAMES, touch_spec

#: The offered games whose naive minimax takes over a minute (8 glasses with 5 or 6 hands):
#: checked one naive round deep, from fewer positions (each check tries every reach).
SLOW = {(8, 5), (8, 6)}
POSITIONS = 200
SLOW_POSITIONS = 100


class Naive:
    """One touch game over explicit vectors: its turns, its goal, and naive minimax."""

    def __init__(self, game: Game) -> None:
        self.game, self.n, self.k = game, game.n, game.hands
        self.elements = closure(game.group.generators, game.n)
        self.goal = game_goal(game)
        self.close, self.wins = touch_search(game.n, 2, game.hands, self.elements, self.goal)
        self.start = self.close(product(range(2), repeat=game.n))

    def felt(self, belief, reach, pattern):
        return [x for x in belief if tuple(x[p] for p in reach) == pattern]

    def after(self, belief, reach, pattern, values):
        return self.close(_put(x, reach, values) for x in self.felt(belief, reach, pattern))

    def value(self, belief, cap: int = 12) -> int | None:
        return next((d for d in range(cap + 1) if self.wins(belief, d)), None)

    def reaches(self):
        """Every reach up to turning the table (a belief before a round is closed under it)."""
        seen, out = set(), []
        for reach in combinations(range(self.n), self.k):
            if reach not in seen:
                out.append(reach)
                seen |= {tuple(sorted(e[p] for p in reach)) for e in self.elements}
        return out

    def classes(self, belief) -> list[int]:
        t = class_table(self.game)
        return sorted({int(t.index_of[num(self.game, x)]) for x in belief})


def random_position(naive: Naive, rng: random.Random):
    """A position after a few random rounds: (belief, None) before feeling, or (belief, (reach,
    pattern)) after, never won."""
    belief = naive.start
    for _ in range(rng.randrange(5)):
        reach = tuple(sorted(rng.sample(range(naive.n), naive.k)))
        pattern = rng.choice(sorted({tuple(x[p] for p in reach) for x in belief}))
        values = tuple(rng.randrange(2) for _ in reach)
        after = naive.after(belief, reach, pattern, values)
        if not after:
            break
        belief = after
    if rng.random() < 0.5:
        return belief, None
    reach = tuple(rng.sample(range(naive.n), naive.k))  # in any order, as a player holds them
    return belief, (reach, rng.choice(sorted({tuple(x[p] for p in reach) for x in belief})))


def advice_at(naive: Naive, belief, held):
    return coach(naive.game, naive.classes(belief), held=held)


def naive_value(naive: Naive, belief, held) -> int | None:
    if held is None:
        return naive.value(belief)
    found = [naive.value(naive.after(belief, *held, w)) for w in product(range(2), repeat=naive.k)]
    best = min((v for v in found if v is not None), default=None)
    return None if best is None else best + 1


def coach_value(naive: Naive, belief) -> float:
    """The value the coach reads for a belief (the library's table of them: 0 when empty, inf
    where the Devil holds it)."""
    value = touch_values(naive.game).value(frozenset(num(naive.game, x) for x in belief))
    return float("inf") if value is None else value


def one_round_agrees(naive: Naive, belief, held, value: int) -> None:
    """The coach's play lowers its value whatever the Devil shows, and no play does better."""
    if held is not None:
        advice = advice_at(naive, belief, held)
        assert coach_value(naive, naive.after(belief, *held, advice.values)) == value - 1
        lows = [coach_value(naive, naive.after(belief, *held, w))
                for w in product(range(2), repeat=naive.k)]  # fmt: skip
        assert min(lows) == value - 1
        return
    reach = advice_at(naive, belief, None).reach
    for pattern in {tuple(x[p] for p in reach) for x in belief}:
        assert advice_at(naive, belief, (reach, pattern)).at_most <= value
    for other in naive.reaches():  # some pattern leaves every setting at value - 1 or more
        shown = {tuple(x[p] for p in other) for x in belief}
        assert any(
            all(coach_value(naive, naive.after(belief, other, v, w)) >= value - 1
                for w in product(range(2), repeat=naive.k))
            for v in shown
        ), other  # fmt: skip


@pytest.mark.parametrize(("n", "k"), TOUCH_GAMES)
def test_the_touch_coach_matches_the_naive_game_from_random_positions(n, k):
    naive = Naive(Game.parse(touch_spec(n, k)))
    rng = random.Random(n * 10 + k)
    for _ in range(SLOW_POSITIONS if (n, k) in SLOW else POSITIONS):
        belief, held = random_position(naive, rng)
        advice = advice_at(naive, belief, held)
        if (n, k) in SLOW:
            assert advice.winnable and advice.at_most is not None  # every offered game is won
            one_round_agrees(naive, belief, held, advice.at_most)
        else:
            expected = naive_value(naive, belief, held)
            assert advice.at_most == expected and advice.winnable == (expected is not None)


@pytest.mark.parametrize(("n", "k"), TOUCH_GAMES)
def test_following_the_touch_coach_wins_within_its_value_against_the_strongest_devil(n, k):
    game = Game.parse(touch_spec(n, k))
    for seed in range(3):
        live = LiveGame.start(game, "adversarial", seed=seed)
        promised = live.advice().at_most
        while not live.won:
            live.feel(live.advice().reach)
            live.set(live.advice().values)
            assert live.played <= promised
        assert promised == live.advice().at_most + live.played


def test_opposite_glasses_first_is_optimal_too():
    """The classic solution of the four glasses (opposite first) is no detour."""
    game = Game.parse(touch_spec(4, 2))
    naive = Naive(game)
    assert coach(game).at_most == 5
    shown = [(0, 0), (0, 1), (1, 1)]
    worst = max(advice_at(naive, naive.start, ((0, 2), v)).at_most for v in shown)
    assert worst == 5


def test_the_touch_coach_refuses_a_pattern_no_state_shows_and_bad_holds():
    game = Game.parse(touch_spec(4, 2))
    naive = Naive(game)
    # opposite glasses felt up and down, both set up: one glass down, or two opposite, are left
    after = naive.after(naive.start, (0, 2), (0, 1), (0, 0))
    assert naive.felt(after, (0, 1), (1, 1)) == []  # no two neighbours are down
    with pytest.raises(InvalidInput, match="shows"):
        coach(game, naive.classes(after), held=((0, 1), (1, 1)))
    assert coach(game, naive.classes(after), held=((0, 1), (1, 0))).winnable
    with pytest.raises(InvalidInput):
        coach(game, held=((0, 0), (0, 0)))
    with pytest.raises(InvalidInput):
        coach(Game(4), held=((0, 1), (0, 0)))
