"""The touch game's tables: the patterns a small belief shows, listed, are the patterns the
tables give, on every reach."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins.core.game import Game
from devilcoins.observed.touch.space import Space

GAMES = [
    "n=6 hands=4 goal=same observe=touch",
    "n=8 hands=5 goal=same observe=touch",
    "n=5 values=3 hands=3 goal=same observe=touch",
]


@pytest.mark.parametrize("text", GAMES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_listed_patterns_are_the_tabled_ones(text, data):
    """For a random small belief, every reach: the sets of patterns off it listed by shown()
    are exactly the non-empty sets devil_options() tables (each felt pattern's)."""
    space = Space.of(Game.parse(text))
    classes = data.draw(st.lists(st.integers(0, space.kp - 1), min_size=1, max_size=3, unique=True))
    row = space.belief_row(np.array(classes))
    listed = space.shown(row)
    if listed is None:  # as many states as felt patterns: tabled only
        return
    rests, counts = listed
    out, _ = space.devil_options(row)
    for r in range(len(space.reaches)):
        tabled = sorted(int(x) for x in out[r, :, 0] if x)
        assert sorted(int(x) for x in rests[r, : counts[r]]) == tabled


def test_a_big_belief_is_tabled_not_listed():
    """The start (every state off the goal) has more states than felt patterns."""
    space = Space.of(Game.parse(GAMES[0]))
    assert space.shown(space.belief_row(np.arange(space.kp))) is None
