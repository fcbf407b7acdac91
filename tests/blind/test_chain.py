"""The chain of a blind game: its levels, the Devil's trap where it stalls and his turns, by
brute force.

Expected values come from the naive reference in tests/reference.py (full beliefs as sets of
vectors, groups by closure or by definition, no symmetry reduction) or from the literature
(DESIGN.md sections 2 and 5), never from the code under test.
"""

from __future__ import annotations

import numpy as np
from helpers import games, num, vec
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from reference import add_vectors, all_vectors, goal_vectors, naive_named, naive_subgroup, permute

from devilcoins.blind.chain import certificate_evidence, chain, chain_strategy, devil_turn
from devilcoins.coins.construct import construction
from devilcoins.core.game import Game
from devilcoins.engine import solve


def test_chain_strategy_is_the_construction_for_16_coins():
    moves = chain_strategy(Game(16))
    assert len(moves) == 2**16 - 1
    assert moves.tolist() == [m.mask for m in construction(16)]


def mask_set(game: Game, mask: np.ndarray) -> set:
    return {vec(game, x) for x in np.flatnonzero(mask)}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(max_states=256), st.randoms(use_true_random=False))
@example((Game(6), naive_named("cyclic", 6)), None)
@example((Game.parse("n=3 values=3 group=dihedral goal=same"), naive_named("dihedral", 3)), None)
@example((Game.parse("n=2 values=5 goal=same"), naive_named("cyclic", 2)), None)
def test_chain_and_certificate_by_brute_force(case, rnd):
    game, elements = case
    m = game.values
    c = chain(game)
    goal = goal_vectors(game.n, m, game.goal if game.goal != "states" else game.goal_states)
    levels = [mask_set(game, z) for z in c.levels]
    assert levels[0] == naive_subgroup(goal, game.n, m)
    assert c.goal_is_subgroup == (levels[0] == goal)
    states = all_vectors(game.n, m)

    def next_level(z):
        return {
            x for x in states if all(add_vectors(permute(g, x), neg(x), m) in z for g in elements)
        }

    def neg(x):
        return tuple((-v) % m for v in x)

    for lo, hi in zip(levels, [*levels[1:], None], strict=True):
        expected = next_level(lo)
        if hi is None:
            assert expected == lo  # the chain stops where it stalls (or at every state)
        else:
            assert expected == hi and len(hi) > len(lo)
    top = c.top
    assert c.complete == bool(top.all()) and (c.trap == ~top).all()
    if c.complete:
        return
    verdict = solve(game)
    assert not verdict.winnable and verdict.holds
    certificate = certificate_evidence(game, top)
    assert certificate.checked and certificate.holds
    assert goal <= levels[-1]
    outside = [x for x in states if x not in levels[-1]]
    for x in outside:
        turned = {permute(g, x) for g in elements}
        for a in states:
            assert any(add_vectors(y, a, m) not in levels[-1] for y in turned), (x, a)
    pairs = [(x, a) for x in outside for a in states]
    if rnd is not None:
        pairs = rnd.sample(pairs, min(len(pairs), 40))
    else:
        pairs = pairs[:: max(1, len(pairs) // 40)]
    for x, a in pairs:
        g = tuple(devil_turn(game, num(game, x), num(game, a), c.trap))
        assert g in elements
        assert add_vectors(permute(g, x), a, m) not in levels[-1]
