"""The one play loop, against the naive model's literal play."""

from __future__ import annotations

from helpers import games
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import naive_game, to_number, to_vector

from devilcoins.devil import scripted
from devilcoins.playing import play, won


@settings(max_examples=60, deadline=None)
@given(data=st.data(), picked=games(max_states=729, max_n=5))
def test_play_follows_the_naive_game_until_the_goal(data, picked):
    game, elements = picked
    naive = naive_game(game, elements)
    n, m = game.n, game.values
    count = data.draw(st.integers(0, 8))
    moves = data.draw(st.lists(st.integers(0, m**n - 1), min_size=count, max_size=count))
    turns = data.draw(st.lists(st.sampled_from(sorted(elements)), min_size=count, max_size=count))
    start = data.draw(st.integers(0, m**n - 1))
    steps = play(game, moves, start, scripted(game, turns))
    expected = naive.play(to_vector(start, n, m), turns, [to_vector(a, n, m) for a in moves])
    if to_vector(start, n, m) in naive.goal:  # a game already won plays no move
        assert steps == ()
        return
    ends = [i for i, x in enumerate(expected) if x in naive.goal]
    played = ends[0] + 1 if ends else count
    assert [s.after for s in steps] == [to_number(x, m) for x in expected[:played]]
    assert [s.number for s in steps] == list(range(1, played + 1))
    assert all(
        won(game, s.after) == (s.after in {to_number(g, m) for g in naive.goal}) for s in steps
    )
