"""The touch game played one move at a time (observed.touchplay): the greedy Devil's turn against
a brute force over all turns written here, and the worth of a felt pattern against the minimum
over every setting of the beliefs ``after`` gives."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins import LiveGame, devil
from devilcoins.core.game import Game
from devilcoins.observed.touch import coach as touchcoach
from devilcoins.observed.touch import playing as touchplay

#: Small winnable touch games, and one the Devil traps (greedy_turn needs no values).
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
            turn = devil.greedy_turn(game, x, belief, reach)
            want, most = naive_greedy(game, x, belief, reach)
            assert turn == want, (x, reach)
            assert naive_alike(game, game.turn(x, turn), belief, reach) == most


def test_the_greedy_devil_keeps_more_states_than_a_bad_turn():
    """Four glasses, HHHT felt at 0 and 1: identity shows HH (3 states alike), the greedy turn
    shows HT or TH (4 alike)."""
    game = game_of(4, 2)
    belief = touchplay.start(game)
    x = game.parse_state("HHHT")
    turn = devil.greedy_turn(game, x, belief, (0, 1))
    assert touchplay.felt(game, game.turn(x, turn), (0, 1)) in ((0, 1), (1, 0))
    assert naive_alike(game, x, belief, (0, 1)) == 3
    assert naive_alike(game, game.turn(x, turn), belief, (0, 1)) == 4


SMALL = [(3, 2), (4, 2), (4, 3), (6, 4)]


@st.composite
def situations(draw, pairs=SMALL, most_rounds: int = 3, sort_reach: bool = True):
    """A touch game, a belief reached by random play, a reach (sorted, or in any order) and the
    rng that drew them: the set-up of the property tests."""
    n, k = draw(st.sampled_from(pairs))
    seed = draw(st.integers(0, 2**32 - 1))
    game = game_of(n, k)
    rng = random.Random(seed)
    belief = played(game, rng, draw(st.integers(0, most_rounds)))
    reach = tuple(rng.sample(range(n), k))
    return game, belief, tuple(sorted(reach)) if sort_reach else reach, rng, seed


@settings(max_examples=150, deadline=None)
@given(situations(GAMES, 4, sort_reach=False))  # the reach in any order
def test_the_greedy_turn_is_a_most_alike_turn_on_any_belief(situation):
    game, belief, reach, rng, seed = situation
    x = rng.choice(sorted(belief))
    most = naive_greedy(game, x, belief, reach)[1]
    plain = devil.greedy_turn(game, x, belief, reach)
    drawn = devil.greedy_turn(game, x, belief, reach, random.Random(seed))
    assert plain == naive_greedy(game, x, belief, reach)[0]
    for turn in (plain, drawn):
        assert turn in game.turns
        assert naive_alike(game, game.turn(x, turn), belief, reach) == most
        # what the player then feels is a pattern the Devil may show, and x turned is possible
        assert touchplay.felt(game, game.turn(x, turn), reach) in touchplay.patterns(
            game, belief, reach
        )


@settings(max_examples=60, deadline=None)
@given(situations())
def test_worth_is_the_best_setting_after_the_felt_pattern(situation):
    game, belief, reach, _, _ = situation
    k = len(reach)
    values = touchplay.touch_values(game)
    for pattern in touchplay.patterns(game, belief, reach):
        every = [
            values.value(touchplay.after(game, belief, reach, pattern, w))
            for w in itertools.product(range(2), repeat=k)
        ]
        assert touchcoach.worth(game, belief, reach, pattern) == min(
            v for v in every if v is not None
        )


@settings(max_examples=60, deadline=None)
@given(situations())
def test_the_strongest_devil_shows_the_worst_pattern_and_keeps_the_bell_quiet(situation):
    game, belief, reach, rng, seed = situation
    k = len(reach)
    never = float("inf")  # the Devil holds out for ever: worse than any number of moves
    left = {
        p: never if (v := touchcoach.worth(game, belief, reach, p)) is None else v
        for p in touchplay.patterns(game, belief, reach)
    }
    for chooser in (None, random.Random(seed)):
        x = devil.strongest_feel(game, belief, reach, chooser)
        shown = touchplay.felt(game, x, reach)
        assert x in belief and left[shown] == max(left.values())
        values = tuple(rng.randrange(2) for _ in range(k))
        y = devil.strongest_set(game, belief, reach, shown, values, chooser)
        could = {
            touchplay.set_to(game, z, reach, values)
            for z in belief
            if touchplay.felt(game, z, reach) == shown
        }
        assert y in could
        assert not game.in_goal(y) or all(game.in_goal(z) for z in could)


def test_the_worth_of_the_four_glasses_first_round():
    """After feeling two side by side, both alike leaves 3 moves, unlike 4 (then 5 in all)."""
    game = game_of(4, 2)
    b = touchplay.start(game)
    got = {
        p: touchcoach.worth(game, b, (0, 1), p) for p in sorted(touchplay.patterns(game, b, (0, 1)))
    }
    assert got == {(0, 0): 3, (0, 1): 4, (1, 0): 4, (1, 1): 3}
    assert max(got.values()) + 1 == touchplay.touch_values(game).value(b)


# -- the replay: one line of play that agrees with every round (touchplay.line_of_play) --------

#: Offered games for the replay's plays, small to larger.
REPLAYED = [(2, 1), (3, 2), (4, 2), (4, 3), (6, 4)]


def digits(game: Game, x: int) -> list[int]:
    """The glasses of state x by hand, glass 0 first."""
    return [(x >> i) & 1 for i in range(game.n)]


def assert_a_line(game: Game, rounds: list[touchplay.Round], steps: list[touchplay.Step]) -> None:
    """Every step by hand: its turn is a rotation (state[r:] + state[:r]) of the tray before,
    the turned tray is one the player could not rule out and feels the pattern at the reach, set
    to the values it is the tray after, the steps chain, and the last tray is all the same."""
    assert len(steps) == len(rounds) >= 1
    for i, (step, played) in enumerate(zip(steps, rounds, strict=True)):
        before, turned, after = (digits(game, x) for x in (step.before, step.turned, step.after))
        turns = [r for r in range(game.n) if before[r:] + before[:r] == turned]
        assert turns, (i, before, turned)
        assert step.turn == turns[0], (i, step.turn, turns)
        assert step.turned in played.belief, i
        assert step.reach == played.reach and step.values == played.values, i
        assert tuple(turned[p] for p in played.reach) == played.pattern == step.felt, i
        want = list(turned)
        for p, v in zip(played.reach, played.values, strict=True):
            want[p] = v
        assert after == want, (i, after, want)
        if i + 1 < len(steps):
            assert step.after == steps[i + 1].before, i
            assert len(set(after)) > 1, i  # no bell before the last round
    assert len(set(digits(game, steps[-1].after))) == 1


def best_reach(game: Game, belief: frozenset[int]) -> tuple[int, ...]:
    """A reach whose worst pattern leaves the fewest moves (the optimal play's)."""

    def worst(reach: tuple[int, ...]) -> float:
        found = (
            touchcoach.worth(game, belief, reach, p)
            for p in touchplay.patterns(game, belief, reach)
        )
        return max(float("inf") if v is None else v for v in found)

    return min(itertools.combinations(range(game.n), game.hands or 0), key=worst)


def best_values(game: Game, belief: frozenset[int], reach, pattern) -> tuple[int, ...]:
    """A setting after which the fewest moves are left."""
    values = touchplay.touch_values(game)

    def left(w: tuple[int, ...]) -> float:
        v = values.value(touchplay.after(game, belief, reach, pattern, w))
        return float("inf") if v is None else v

    return min(itertools.product(range(2), repeat=len(reach)), key=left)


def play_to_the_bell(devil: str, n: int, k: int, seed: int, wander: int):
    """A game against devil: wander rounds of random play, then the optimal play to the bell."""
    live = LiveGame.start(game_of(n, k), devil, seed)
    rng = random.Random(seed)
    for played in range(wander + 12):
        game = live.game
        if played < wander:
            live.feel(tuple(sorted(rng.sample(range(n), k))))
            live.set(tuple(rng.randrange(2) for _ in range(k)))
        else:
            live.feel(best_reach(game, live.possible_states()))
            assert live.reach is not None
            live.set(best_values(game, live.possible_states(), live.reach, live.pattern))
        if live.won:
            return live
    raise AssertionError("the optimal play never rang the bell")


@settings(max_examples=120, deadline=None)
@given(
    pair=st.sampled_from(REPLAYED),
    devil=st.sampled_from(["adversarial", "greedy", "random"]),
    seed=st.integers(0, 2**32 - 1),
    wander=st.integers(0, 4),
)
def test_the_replay_is_a_line_of_play_that_agrees_with_every_round(pair, devil, seed, wander):
    n, k = pair
    live = play_to_the_bell(devil, n, k, seed, wander)
    game, rounds = live.game, live.rounds
    assert len(rounds) == live.played
    steps = live.replay()
    assert_a_line(game, rounds, steps)
    assert steps[-1].after == live.x  # the tray the bell rang on
    # the tracing works on any Devil's rounds, and ends where it is asked to
    traced = touchplay.line_of_play(game, rounds, live.x)
    assert_a_line(game, rounds, traced)
    assert traced[-1].after == live.x
    if devil != "adversarial":  # a Devil who holds a state: the replay is his trays
        assert [(s.before, s.turned, s.after) for s in steps] == live.trays
        assert steps[0].before == live.trays[0][0]


def test_the_adversarial_devils_line_is_traced_back_through_his_beliefs():
    """The four glasses against the strongest Devil: five rounds, the rounds he showed re-chosen
    each time, and still one line of trays under them."""
    live = play_to_the_bell("adversarial", 4, 2, seed=5, wander=0)
    assert live.played == 5
    steps = live.replay()
    assert_a_line(live.game, live.rounds, steps)
    assert len(live.rounds[0].belief) == 14  # every tray not all the same


def test_a_line_needs_the_bell_at_its_last_round():
    game = game_of(4, 2)
    one = frozenset({game.parse_state("HTTT")})
    quiet = touchplay.Round(one, (0, 1), (0, 1), (0, 0))  # HT felt, HH set: HHTT, no bell
    with pytest.raises(ValueError, match="does not ring the bell"):
        touchplay.line_of_play(game, [quiet])
    assert touchplay.line_of_play(game, []) == []
    # a second round on HTHT, which is no turn of HHTT: it cannot follow the first
    bell = touchplay.Round(frozenset({game.parse_state("HTHT")}), (1, 3), (1, 1), (0, 0))
    assert game.in_goal(touchplay.set_to(game, game.parse_state("HTHT"), (1, 3), (0, 0)))
    with pytest.raises(ValueError, match="round 2 does not follow"):
        touchplay.line_of_play(game, [quiet, bell])


def test_the_line_ends_on_the_tray_asked_for_when_it_can():
    game = game_of(2, 1)
    b = touchplay.start(game)
    one = [touchplay.Round(b, (0,), (0,), (1,))]  # H felt at 0, set down: TT
    assert touchplay.line_of_play(game, one, game.parse_state("TT"))[-1].after == 3
    assert touchplay.line_of_play(game, one, game.parse_state("HH"))[-1].after == 3  # not HH
