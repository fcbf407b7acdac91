"""The touch game over cylinders: its kernels against explicit states, its symmetries, and the
threshold games it settles (docs/mathematics.md §8.3)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from helpers import check_devil
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import A171462, closure, game_goal, permute, touch_trap

from devilcoins import verify as verify_tree
from devilcoins.core.game import Game
from devilcoins.observed.touch import cylinders, rows, solve_touch
from devilcoins.observed.touch.cylinders import solve_space
from devilcoins.observed.touch.space import Space
from devilcoins.observed.touch.traps import largest_trap


def _touch(n: int, k: int, goal: str = "same", values: int = 2, group: str = "cyclic") -> Game:
    return Game.parse(f"n={n} values={values} hands={k} goal={goal} group={group} observe=touch")


def _states(space: Space, row: np.ndarray) -> set[tuple[int, ...]]:
    """The explicit states of a belief row."""
    t, game = space.t, space.game
    out = set()
    for i in space.bits(row):
        lo, hi = t.orbit_start[t.n_goal + i], t.orbit_start[t.n_goal + i + 1]
        out |= {game.decode(int(x)) for x in t.orbit_states[lo:hi]}
    return out


@st.composite
def small_touch_games(draw: st.DrawFn) -> Game:
    """Touch games with at most 81 states: any goal, two or three values, three groups."""
    values = draw(st.sampled_from([2, 3]))
    n = draw(st.integers(2, 4 if values == 3 else 6))
    return _touch(
        n,
        draw(st.integers(1, min(n, 3))),
        draw(st.sampled_from(["same", "zero"])),
        values,
        draw(st.sampled_from(["cyclic", "dihedral", "none"])),
    )


GAMES = small_touch_games()


@settings(max_examples=40, deadline=None)
@given(game=GAMES, data=st.data())
def test_a_move_leaves_the_closure_of_a_cylinder(game, data):
    """Feel v on reach P and set w: the next belief is the turns of {w on P} x R_v, minus the goal,
    R_v read off the belief by _patterns, the belief built by _beliefs_of (naive model here)."""
    space = Space.of(game)
    if space.kp == 0:
        return
    chosen = data.draw(st.sets(st.integers(0, space.kp - 1), min_size=1))
    row = space.belief_row(np.array(sorted(chosen)))
    states = _states(space, row)
    r = data.draw(st.integers(0, len(space.reaches) - 1))
    pos = space.reaches[r]
    t = space.t
    out = np.zeros((len(space.reaches), space.felt_count, space.rwords), dtype=np.uint64)
    args = (t.n_goal, t.orbit_start.astype(np.int64), t.orbit_states.astype(np.int64))
    rows.pattern_sets(row, *args, space.felt, space.off, out)
    elements = closure(game.group.generators, game.n)
    goal = game_goal(game)
    acc = np.zeros((space.felt_count, space.words), dtype=np.uint64)
    index_of = t.index_of.astype(np.int64)
    for v in range(space.felt_count):
        felt = tuple((v // game.values**j) % game.values for j in range(len(pos)))
        shown = [x for x in states if tuple(x[p] for p in pos) == felt]
        assert bool(out[r, v].any()) == bool(shown)
        if not shown:
            continue
        rows.beliefs_of(
            np.uint64(r), out[r, v], t.n_goal, index_of, space.compose, space.off_count, acc
        )
        w = data.draw(st.integers(0, space.felt_count - 1))
        new = tuple((w // game.values**j) % game.values for j in range(len(pos)))
        put = set()
        for x in shown:
            y = list(x)
            for p, value in zip(pos, new, strict=True):
                y[p] = value
            put.add(tuple(y))
        expected = {permute(e, y) for y in put for e in elements} - goal
        assert _states(space, acc[w]) == expected


@settings(max_examples=25, deadline=None)
@given(game=GAMES)
def test_symmetries_map_classes_to_classes_and_keep_the_value(game):
    space = Space.of(game)
    if space.kp == 0:
        return
    elements = closure(game.group.generators, game.n)
    for image in space.symmetries:
        assert sorted(image) == list(range(space.kp))  # a permutation of the non-goal classes
    plain = dataclasses.replace(space, symmetries=space.symmetries[:0])
    assert solve_space(space).value() == solve_space(plain).value()
    assert elements  # the group is listed, so the symmetries were checked against it


def test_the_symmetries_of_the_coin_table():
    """Coins on a turning table, goal all the same: the reflection and swapping heads and tails
    (and both) are symmetries; goal all heads keeps only the reflection; a table that never
    turns has every turn and reflection."""
    assert len(Space.of(_touch(8, 4)).symmetries) == 3
    assert len(Space.of(_touch(8, 4, goal="zero")).symmetries) == 1
    assert len(Space.of(_touch(5, 2, goal="zero", group="none")).symmetries) == 9
    assert len(Space.of(_touch(4, 2, values=3)).symmetries) == 11  # x -> ux + c, reflected or not


@pytest.mark.slow
@pytest.mark.parametrize(("n", "k", "moves"), [(9, 6, 5), (10, 8, 5), (10, 9, 2), (11, 10, 2)])
def test_threshold_games_are_settled_and_their_trees_verified(n, k, moves):
    """The published threshold k = n(1 - 1/p) (OEIS A171462) and next to it: the player wins,
    in the least worst-case number of moves the search finds; the checker accepts the tree."""
    sol = solve_touch(_touch(n, k))
    assert (sol.winnable, sol.length) == (True, moves)
    data = sol.strategy_json(max_nodes=0)
    assert "nodes" in data
    checked = verify_tree(sol.game, {**data, "length": sol.length})
    assert checked.wins and checked.won_at == moves
    if k == A171462[n - 1]:  # one hand fewer: the Devil holds out, with a certificate
        below = solve_touch(_touch(n, k - 1))
        # the trap is checked state by state against every reach and change: minutes past 9
        assert not below.winnable and (n > 9 or check_devil(below))


def test_a_large_strategy_goes_to_json_as_shared_nodes():
    sol = solve_touch(_touch(6, 4))
    assert sol.expanded_size() > len(sol.policy)
    small, shared = sol.strategy_json(), sol.strategy_json(max_nodes=1)
    assert "tree" in small and "nodes" in shared and len(shared["nodes"]) == len(sol.policy)
    assert verify_tree(sol.game, {**shared, "length": sol.length}).wins
    broken = {**shared, "length": sol.length - 1}
    assert not verify_tree(sol.game, broken).wins


def test_a_search_past_its_memory_stops_with_a_clear_error(monkeypatch):
    from devilcoins.core import resources
    from devilcoins.core.errors import DevilcoinsError
    from devilcoins.observed.touch import levelstate

    held = [1 << 30]

    def growing() -> int:  # the search adds a MiB between readings
        held[0] += 1 << 20
        return held[0]

    for module in (resources, levelstate, cylinders):
        monkeypatch.setattr(module, "resident_bytes", growing)
    monkeypatch.setattr(cylinders, "MAX_BYTES", 1 << 10)
    with pytest.raises(DevilcoinsError, match=r"memory limit .*GiB resident"):
        solve_touch(_touch(6, 4))  # the level search
    with pytest.raises(DevilcoinsError, match="GiB resident\\), past its limits"):
        solve_space(Space.of(_touch(6, 4)))  # the closure


@settings(max_examples=40, deadline=None)
@given(game=GAMES)
def test_the_devils_trap_is_the_naive_largest_one(game):
    space = Space.of(game)
    kept = np.flatnonzero(largest_trap(space))
    found = _states(space, space.belief_row(kept)) if len(kept) else set()
    assert found == touch_trap(game)
