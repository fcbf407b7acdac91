"""A game's tables: its classes of states are the orbits of its group.

Expected values come from the naive reference in tests/reference.py (full beliefs as sets of
vectors, groups by closure or by definition, no symmetry reduction) or from the literature
(DESIGN.md sections 2 and 5), never from the code under test.
"""

from __future__ import annotations

import pytest
from helpers import games
from hypothesis import HealthCheck, given, settings
from reference import goal_vectors, orbits, to_number, to_vector

from devilcoins.core.game import Game
from devilcoins.core.numbers import canonical_count
from devilcoins.core.tables import class_table

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(games(max_states=1024))
def test_tables_classes_are_the_orbits(case):
    game, elements = case
    tab = class_table(game)
    n, m = game.n, game.values
    naive = orbits(n, m, elements)
    assert tab.size == len(naive)
    assert tab.states == m**n
    classes: dict[int, set] = {}
    for x in range(m**n):
        classes.setdefault(int(tab.index_of[x]), set()).add(to_vector(x, n, m))
    assert sorted(classes) == list(range(tab.size))
    assert {frozenset(c) for c in classes.values()} == naive
    goal = goal_vectors(n, m, game.goal if game.goal != "states" else game.goal_states)
    in_goal_classes = set().union(*(classes[k] for k in range(tab.n_goal)))
    assert in_goal_classes == goal
    for k in range(tab.size):
        members = sorted(to_number(v, m) for v in classes[k])
        assert int(tab.reps[k]) == members[0]
        start, end = int(tab.orbit_start[k]), int(tab.orbit_start[k + 1])
        assert tab.orbit_states[start:end].tolist() == members


NECKLACES = [2, 3, 4, 6, 8, 14, 20, 36, 60, 108, 188, 352]  # DESIGN.md section 2


@pytest.mark.parametrize("n", range(1, 13))
def test_coin_classes_are_necklaces(n):
    assert class_table(Game(n)).size == canonical_count(n) == NECKLACES[n - 1]
    assert class_table(Game(n)).n_goal == 1
