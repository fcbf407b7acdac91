"""One naming of positions: the state a lost position's reason names is one of the belief list
the page shows (each class by its alphabetically first state), whatever the game and the moves."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins import Game
from devilcoins.families import class_text
from devilcoins.live import LiveGame

GAMES = [
    "n=3",
    "n=4 hands=1",
    "n=6",
    "n=5 observe=count",
    "n=3 values=3 hands=1",
    "n=6 observe=count",
]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**16), st.data())
def test_the_state_a_reason_names_is_in_the_belief_list(spec, seed, data):
    game = Game.parse(spec)
    live = LiveGame.start(game, data.draw(st.sampled_from(["random", "adversarial"])), seed=seed)
    for _ in range(data.draw(st.integers(1, 3))):
        if live.won or live.lost:
            break
        amounts = data.draw(
            st.lists(st.integers(0, game.values - 1), min_size=game.n, max_size=game.n)
        )
        if game.hands is not None and sum(v != 0 for v in amounts) > game.hands:
            amounts = [amounts[0]] + [0] * (game.n - 1)
        if not any(amounts) and not spec.endswith("count"):
            amounts = [1] + [0] * (game.n - 1)
        live.move(amounts)
    shown = live.to_json()
    named = re.match(r"([HT0-9]+) is still possible", shown.get("reason") or "")
    if named is not None:
        assert named.group(1) in shown["belief"], (shown["reason"], shown["belief"])


def test_a_class_is_named_by_its_alphabetically_first_state():
    game = Game(4)
    from devilcoins.core.tables import class_table

    t = class_table(game)
    for k in range(t.size):
        x = int(t.reps[k])
        turns = {game.state_text(game.turn(x, p)) for p in game.group.elements()}
        assert class_text(game, k) == min(turns)
