"""The level solver (observed/levels.py): its down-set marks against plain set arithmetic, and
its values against the brute-force minimax of reference.py and the closure search."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import brute_touch

from devilcoins import verify as verify_tree
from devilcoins.core.game import Game
from devilcoins.observed.touch import solve_touch
from devilcoins.observed.touch.cylinders import solve_space
from devilcoins.observed.touch.levels import MAX_LEVELS, Levels
from devilcoins.observed.touch.marks import _mark_down, _mark_up
from devilcoins.observed.touch.space import Space


def _touch(n: int, k: int, goal: str = "same", values: int = 2, group: str = "cyclic") -> Game:
    return Game.parse(f"n={n} values={values} hands={k} goal={goal} group={group} observe=touch")


@settings(max_examples=60, deadline=None)
@given(bits=st.integers(1, 8), data=st.data())
def test_marks_are_exactly_the_subsets_and_the_supersets(bits: int, data: st.DataObject) -> None:
    full = (1 << bits) - 1
    marks = data.draw(st.lists(st.tuples(st.integers(0, full), st.integers(0, 5)), max_size=6))
    down = np.full(1 << bits, MAX_LEVELS, dtype=np.int8)
    up = np.full(1 << bits, -1, dtype=np.int8)
    for r, d in marks:
        _mark_down(down, r, d)
        _mark_up(up, r, d, full)
    for s in range(1 << bits):
        below = [d for r, d in marks if s & ~r == 0]
        above = [d for r, d in marks if r & ~s == 0]
        assert down[s] == min(below, default=MAX_LEVELS)
        assert up[s] == max(above, default=-1)


GAMES = [
    _touch(2, 1), _touch(3, 2), _touch(4, 2), _touch(4, 3), _touch(5, 4), _touch(6, 4),
    _touch(6, 5), _touch(4, 2, group="dihedral"), _touch(4, 2, group="none"),
    _touch(3, 2, values=3), _touch(4, 3, values=3), _touch(4, 3, goal="zero", values=3),
]  # fmt: skip


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_levels_agree_with_brute_force_and_the_closure(game: Game) -> None:
    space = Space.of(game)
    value = Levels(space).solve()
    assert value == brute_touch(game, cap=12)
    assert value == solve_space(space).value()


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_the_strategy_read_off_the_levels_wins_in_time(game: Game) -> None:
    sol = solve_touch(game)
    if not sol.winnable:  # the Devil's trap settles it before any level
        assert sol.trap and sol.search is None
        return
    assert isinstance(sol.search, Levels) or sol.length == 0
    checked = verify_tree(game, {**sol.strategy_json(), "length": sol.length})
    assert checked.wins and checked.won_at == sol.length


def test_wide_marks_give_the_closure_value_and_a_certificate_that_checks():
    """25 patterns off a reach (4 dials of 5 values, 2 hands): past the old 16, the level search
    (asked for) gives the closure search's value, with a certificate the checker accepts; left
    to choose, the solver takes the closure search for so small a game."""
    from devilcoins import check_certificate
    from devilcoins.observed.certificates import touch_certificate
    from devilcoins.observed.touch import by_levels

    game = _touch(4, 2, values=5)
    wide = solve_touch(game, levels=True)
    assert isinstance(wide.search, Levels) and wide.search.space.off_count == 25
    assert wide.length == solve_touch(game, levels=False).length == 11
    assert check_certificate(game, touch_certificate(wide)).holds
    assert not by_levels(Space.of(game), 6 << 30) and by_levels(Space.of(_touch(8, 4)), 6 << 30)
