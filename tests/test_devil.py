"""The Devil family against the naive model: orbit members only, the certificate never loses,
the adversary holds out exactly as long as the naive worst case."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from helpers import games
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import naive_game, to_number, to_vector

from devilcoins.blind.chain import chain
from devilcoins.core.game import Game
from devilcoins.devil import (
    Uncommitted,
    adversary,
    certificate_devil,
    greedy_devil,
    random_devil,
)
from devilcoins.engine import solve
from devilcoins.playing import play


def orbit(naive, game: Game, x: int) -> set[int]:
    """Every state the naive Devil can turn x into."""
    m = game.values
    return {to_number(y, m) for y in naive.turns(to_vector(x, game.n, m))}


@settings(max_examples=40, deadline=None)
@given(data=st.data(), picked=games(max_states=729, max_n=5))
def test_every_devil_turns_within_the_orbit(data, picked):
    game, elements = picked
    naive = naive_game(game, elements)
    states = game.values**game.n
    x, move = data.draw(st.integers(0, states - 1)), data.draw(st.integers(0, states - 1))
    rng = np.random.default_rng(data.draw(st.integers(0, 99)))
    assert random_devil(game, rng)(1, x, move) in orbit(naive, game, x)
    assert greedy_devil(game)(1, x, move) in orbit(naive, game, x)
    cert = certificate_devil(game)
    assert (cert is None) == chain(game).complete
    if cert is not None and cert[1][x]:
        assert cert[0](1, x, move) in orbit(naive, game, x)


@pytest.mark.parametrize("text", ["n=3", "n=6", "n=6 goal=same", "n=3 values=2 group=dihedral"])
def test_the_certificate_never_lets_the_goal_show(text):
    game = Game.parse(text)
    naive = naive_game(game)
    rng = np.random.default_rng(7)
    devil, trap = certificate_devil(game)
    for start in np.flatnonzero(trap)[:8]:
        moves = rng.integers(0, 2**game.n, size=40)
        steps = play(game, moves, int(start), devil)
        assert len(steps) == 40
        goal = {to_number(g, 2) for g in naive.goal}
        assert not any(s.after in goal for s in steps)


@pytest.mark.parametrize("text", ["n=2", "n=4", "n=4 goal=same", "n=3 values=3 goal=same"])
def test_the_adversary_holds_out_exactly_the_naive_worst_case(text):
    game = Game.parse(text)
    naive = naive_game(game)
    moves = list(solve(game).strategy)
    worst = naive.won_at([to_vector(a, game.n, game.values) for a in moves])
    found = adversary(game, moves)
    assert found.plan == "exact" and not found.survives
    assert found.won_at == worst
    steps = play(game, moves, found.start, found.devil)
    assert len(steps) == worst  # the goal shows at the naive worst case, not before


@pytest.mark.parametrize("text", ["n=4", "n=4 goal=same", "n=3 values=3 goal=same"])
def test_the_adversary_beats_a_strategy_that_loses(text):
    game = Game.parse(text)
    naive = naive_game(game)
    moves = list(solve(game).strategy)[:-1]
    found = adversary(game, moves)
    assert found.survives and found.won_at is None
    steps = play(game, moves, found.start, found.devil)
    goal = {to_number(g, game.values) for g in naive.goal}
    assert len(steps) == len(moves) and not any(s.after in goal for s in steps)


def check_line(game: Game, naive, steps, moves) -> None:
    """Each step of a line: the turned state is a turn of the one before, then the move lands."""
    assert [s.move for s in steps] == [int(a) for a in moves]
    for prev, s in itertools.pairwise(steps):
        assert s.before == prev.after
    for s in steps:
        assert s.turned in orbit(naive, game, s.before)
        assert s.after == game.add(s.turned, s.move)


@settings(max_examples=30, deadline=None)
@given(data=st.data(), picked=games(max_states=243, max_n=5))
def test_the_holdout_devil_lasts_exactly_as_long_as_the_naive_belief(data, picked):
    game, elements = picked
    if game.devil_moves is not None:
        return
    naive = naive_game(game, elements)
    m, states = game.values, game.values**game.n
    starts = [to_number(x, m) for x in naive.start()]
    if not starts:
        return
    moves = data.draw(st.lists(st.integers(0, states - 1), min_size=1, max_size=12))
    holdout = Uncommitted.start(game, starts)
    belief = naive.start()
    played = []
    for a in moves:
        won = holdout.move(a)
        played.append(a)
        belief = naive.update(belief, to_vector(a, game.n, m))
        assert won == (not belief)  # the goal shows exactly when the naive belief is empty
        if won:
            break
    steps = holdout.line()
    check_line(game, naive, steps, played)
    assert steps[0].before in starts
    goal = {to_number(g, m) for g in naive.goal}
    assert (steps[-1].after in goal) == won
    assert not any(s.after in goal for s in steps[:-1])


def test_the_holdout_devil_makes_the_optimal_strategy_last_to_its_end():
    game = Game(4)
    moves = list(solve(game).strategy)
    holdout = Uncommitted.start(game, range(1, 16))
    assert [holdout.move(a) for a in moves] == [False] * 14 + [True]
    assert holdout.won
    check_line(game, naive_game(game), holdout.line(), moves)


def test_the_holdout_devil_never_loses_where_the_certificate_holds():
    game = Game(6)
    rng = np.random.default_rng(3)
    holdout = Uncommitted.start(game, range(1, 64))
    assert not any(holdout.move(int(a)) for a in rng.integers(1, 64, size=60))
    steps = holdout.line(end=int(np.flatnonzero(holdout.layers[-1])[-1]))
    check_line(game, naive_game(game), steps, [s.move for s in steps])
    assert len(steps) == 60 and all(s.after != 0 for s in steps)


@pytest.mark.parametrize("spec", ["n=5 observe=count", "n=6 goal=same observe=count"])
def test_every_belief_holding_a_class_of_the_sight_trap_is_lost(spec):
    """The count game's shortcut is sound: the search over every belief reached wins none that
    holds a class the Devil keeps by sight (``count_held``)."""
    from devilcoins.observed.count import count_held, count_solution

    game = Game.parse(spec)
    held, sol = count_held(game), count_solution(game)
    assert held
    for belief in sol.policy:
        assert not any(belief >> k & 1 for k in held)


@given(seed=st.integers(0, 2**16))
@settings(max_examples=20, deadline=None)
def test_the_count_devil_keeps_a_trapped_table_in_his_trap(seed):
    """From a start in his sight trap the strongest count Devil keeps every state in it, whatever
    the player does (random moves), so the bell never rings."""
    from devilcoins.core.tables import class_table
    from devilcoins.devil import count_devil
    from devilcoins.observed.count import count_held

    game = Game.parse("n=10 observe=count")
    tab, held = class_table(game), count_held(game)
    rng = np.random.default_rng(seed)
    start = int(tab.reps[sorted(held)[int(rng.integers(len(held)))]])
    moves = [int(m) for m in rng.integers(0, 1 << game.n, size=30)]
    steps = play(game, moves, start, count_devil(game))
    assert len(steps) == len(moves)  # the bell never rang
    assert all(int(tab.index_of[s.after]) in held and not game.in_goal(s.after) for s in steps)
