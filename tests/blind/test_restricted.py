"""A Devil restricted to a set S of permutations (Game.devil_moves): search and verification.

Expected values come from the naive reference (tests/reference.py: breadth-first search over
explicit beliefs, frozensets of state tuples, with S as listed), from today's group engine when
S is a group, or from counting (each move takes at most |goal| states out of a belief and no
Devil's move shrinks it, so at least m^n / |goal| - 1 moves are needed; with one permutation the
Devil has no choice, the player can always hit the goal, and that bound is met), and from the
reduction to a group at the end of this file.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from helpers import evidence_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import (
    add_vectors,
    all_vectors,
    closure,
    naive_devil_moves,
    naive_named,
    normal_closure,
    permute,
    shortest_by_update,
    sub_vectors,
    to_number,
    to_vector,
)

from devilcoins.blind.restricted import (
    MAX_STATES,
    devils_level,
    quotient_certificate,
    search_devil_moves,
    search_moves,
    search_states,
    state_space,
)
from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.game import Game
from devilcoins.core.symmetry import Group
from devilcoins.engine import solve, verify
from devilcoins.results import How

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def turn(n: int) -> tuple[int, ...]:
    """One step of turning, i -> i + 1 (the '1 2 0' of the command line for n = 3)."""
    return tuple((i + 1) % n for i in range(n))


def flip(n: int) -> tuple[int, ...]:
    """The reflection i -> -i."""
    return tuple((-i) % n for i in range(n))


def random_set(n: int, seed: int) -> tuple[tuple[int, ...], ...]:
    """Two or three distinct permutations of n positions, drawn with a fixed seed."""
    rng = random.Random(seed)
    perms: list[tuple[int, ...]] = []
    while len(perms) < min(3, len(naive_named("full", n)) - 1):
        p = list(range(n))
        rng.shuffle(p)
        if tuple(p) not in perms:
            perms.append(tuple(p))
    return tuple(perms)


def sets_for(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """The sets S the tests try on n positions."""
    rot_flip = (turn(n), tuple(flip(n)[(i + 1) % n] for i in range(n)))  # no identity in it
    sets = [(turn(n),), rot_flip, random_set(n, n), random_set(n, 10 * n)]
    return list(dict.fromkeys(tuple(dict.fromkeys(s)) for s in sets))


def check_strategy(game: Game, naive, strategy) -> None:
    """The engine's and the reference's verdicts on a strategy agree, and it wins."""
    moves = [to_vector(a, game.n, game.values) for a in strategy]
    checked = verify(game, strategy)
    assert checked.wins and checked.won_at == len(strategy)
    assert naive.won_at(moves) == len(strategy)


CASES = [(n, 2, s) for n in (2, 3, 4) for s in sets_for(n)] + [(2, 3, s) for s in sets_for(2)]


@pytest.mark.parametrize(("n", "m", "perms"), CASES, ids=str)
def test_search_agrees_with_the_naive_model(n, m, perms):
    game = Game(n, values=m, devil_moves=perms)
    if closure(perms, n) == set(perms):  # a whole group: the Devil turns by any element
        assert game.devil_moves is None
        return
    assert game.devil_moves == tuple(sorted(perms))  # a set: kept sorted
    naive = naive_devil_moves(n, m, perms)
    expected = naive.shortest()[0] if (n, len(perms)) == (4, 1) else shortest_by_update(naive)
    verdict = solve(game)
    assert verdict.length == expected
    assert verdict.winnable == (expected is not None) and verdict.holds
    level_by_level, route = search_states(game, reduce=False, along_bound=False)  # levels only
    assert route == "levels"
    depth_first, _ = search_states(game, reduce=False)
    assert depth_first.moves is None or len(depth_first.moves) == expected
    assert level_by_level.moves is None or len(level_by_level.moves) == expected
    if verdict.strategy is not None:
        check_strategy(game, naive, verdict.strategy)
        check_strategy(game, naive, level_by_level.moves)
        check_strategy(game, naive, depth_first.moves)
        assert expected >= evidence_of(verdict, "the counting bound").detail["counting_bound"]
    else:  # the Devil's certificate or an exhausted search, and the search alone agrees
        assert verdict.how in (How.CERTIFICATE, How.SEARCH)
        assert level_by_level.moves is None


@pytest.mark.parametrize(("n", "m", "goal"), [(3, 2, "same"), (4, 2, "same"), (2, 3, "same")])
def test_other_goals_agree_with_the_naive_model(n, m, goal):
    for perms in sets_for(n)[:3]:
        game = Game(n, values=m, devil_moves=perms, goal=goal)
        naive = naive_devil_moves(n, m, perms, goal=goal)
        assert solve(game).length == shortest_by_update(naive)


def test_hands_agree_with_the_naive_model():
    for perms in sets_for(4)[1:]:
        game = Game(4, devil_moves=perms, hands=2)
        naive = naive_devil_moves(4, 2, perms, hands=2)
        verdict = solve(game)
        assert verdict.length == shortest_by_update(naive)
        if verdict.strategy is not None:
            check_strategy(game, naive, verdict.strategy)


def test_three_coins_one_turn():
    # the Devil must turn by one every time: no choice, so 2^3 - 1 = 7 moves (counting bound)
    verdict = solve(Game.parse("n=3 devil_moves=1,2,0"))
    assert (verdict.winnable, verdict.length) == (True, 7)
    bound = evidence_of(verdict, "the counting bound")
    assert bound.detail["counting_bound"] == 7 and "Nothing shorter than 7" in bound.statement
    # with the identity listed too the Devil may also stay still: the three coins are lost again
    lost = solve(Game.parse("n=3 devil_moves=1,2,0;0,1,2"))
    assert not lost.winnable and lost.strategy is None
    assert evidence_of(lost, "the Devil's certificate").holds
    searched = search_devil_moves(Game.parse("n=3 devil_moves=1,2,0;0,1,2"), certify=False)
    assert "none leaves only the goal" in evidence_of(searched, "the belief search").statement


@SETTINGS
@given(st.data())
def test_one_permutation_meets_the_counting_bound(data):
    n = data.draw(st.integers(1, 4))
    m = data.draw(st.sampled_from([2, 3] if n <= 2 else [2]))
    perm = tuple(data.draw(st.permutations(range(n))))
    game = Game(n, values=m, devil_moves=(perm,))
    verdict = solve(game)
    assert verdict.length == m**n - 1
    assert verify(game, verdict.strategy).won_at == m**n - 1


@pytest.mark.parametrize("n", [5, 8, 12])
def test_one_turn_on_larger_tables(n):
    # H is trivial: the chain against no turning, seen through the turns; verify checks it
    game = Game(n, devil_moves=(turn(n),))
    verdict = solve(game)
    assert verdict.length == 2**n - 1 and "(chain construction against" in verdict.method
    assert verify(game, verdict.strategy).won_at == 2**n - 1
    # the depth-first pass alone meets the counting bound too
    alone, route = search_states(game, reduce=False)
    assert route == "bound" and alone.moves is not None and len(alone.moves) == 2**n - 1
    assert verify(game, alone.moves).won_at == 2**n - 1


@pytest.mark.parametrize(("n", "steps"), [(8, (1, 3)), (8, (1, 5)), (16 // 2, (1, -1))])
def test_turns_by_odd_steps_on_eight_coins(n, steps):
    # H = the even turns (of order 4, a 2-group): winnable in 2^8 - 1 moves by the reduction
    game = Game(n, devil_moves=tuple(tuple((i + k) % n for i in range(n)) for k in steps))
    verdict = solve(game)
    assert verdict.length == 2**n - 1
    checked = verify(game, verdict.strategy)
    assert checked.wins and checked.won_at == 2**n - 1


# --- where S is a group: today's engine, state by state ---------------------------------------


@st.composite
def group_games(draw):
    """(game with a group, the same game with devil_moves = every element of the group)."""
    n, m = draw(st.sampled_from([(1, 2), (2, 2), (3, 2), (4, 2), (2, 3), (2, 4)]))
    if draw(st.booleans()):
        name = draw(st.sampled_from(["cyclic", "dihedral", "none", "full"]))
        group, elements = Group.named(name, n), naive_named(name, n)
    else:
        gens = [tuple(g) for g in draw(st.lists(st.permutations(range(n)), max_size=2))]
        text = "; ".join(" ".join(map(str, g)) for g in gens) or "none"
        group, elements = Group.parse(text, n), closure(gens, n)
    goal = draw(st.sampled_from(["zero", "same"]))
    hands = draw(st.none() | st.integers(1, n))
    order = draw(st.permutations(sorted(elements)))
    return (
        Game(n, m, group, hands, goal=goal),
        Game(n, m, hands=hands, goal=goal, devil_moves=tuple(order)),
    )


@SETTINGS
@given(group_games(), st.data())
def test_a_group_as_devil_moves_gives_todays_results(pair, data):
    grouped, listed = pair
    n = grouped.n
    assert closure(listed.group.generators, n) == closure(grouped.group.generators, n)
    today, state_level = solve(grouped), solve(listed)
    assert (state_level.winnable, state_level.length) == (today.winnable, today.length)
    if state_level.strategy is not None:
        assert verify(grouped, state_level.strategy).wins
    # any strategy: the same verdict and the same move of the win
    states = grouped.values**grouped.n
    moves = data.draw(st.lists(st.integers(0, states - 1), max_size=12))
    moves = [a for a in moves if grouped.allowed(a)]
    a, b = verify(grouped, moves), verify(listed, moves)
    assert (a.wins, a.won_at) == (b.wins, b.won_at)


# --- verification and its counterexamples -----------------------------------------------------


@SETTINGS
@given(st.data())
def test_verify_agrees_with_the_naive_model_and_counterexamples_hold(data):
    n = data.draw(st.integers(2, 4))
    m = data.draw(st.sampled_from([2, 3] if n <= 3 else [2]))
    perms = tuple(
        tuple(p)
        for p in data.draw(
            st.lists(st.permutations(range(n)), min_size=1, max_size=3, unique_by=tuple)
        )
    )
    game = Game(n, values=m, devil_moves=perms)
    moves = data.draw(st.lists(st.integers(0, m**n - 1), max_size=30))
    naive = naive_devil_moves(n, m, perms)
    checked = verify(game, moves)
    assert checked.won_at == naive.won_at([to_vector(a, n, m) for a in moves])
    if game.devil_moves is not None:  # beliefs of states (a whole group: of classes)
        assert checked.sizes[0] == m**n
    if checked.wins:
        assert checked.counterexample is None
        return
    c = checked.counterexample
    assert c is not None and len(c.turns) == len(moves)
    assert all(p in game.turns for p in c.turns)  # every turn is one the Devil may make
    x = to_vector(c.start, n, m)
    assert any(x)  # the start is not the goal
    played = naive.play(x, c.turns, [to_vector(a, n, m) for a in moves])
    assert all(any(y) for y in played)  # never all zero
    assert [to_number(y, m) for y in played] == c.replay(moves)


def test_verify_the_strategy_solve_gives_and_its_prefix():
    game = Game.parse("n=3 devil_moves=1,2,0")
    strategy = solve(game).strategy
    assert strategy is not None
    assert verify(game, strategy).wins
    cut = verify(game, strategy[:-1])
    assert not cut.wins
    assert cut.counterexample is not None
    # the Devil's one move turns the table back by one (its group is the cyclic one): r = 2, as
    # the notebook writes turns
    assert cut.counterexample.turns == ((1, 2, 0),) * (len(strategy) - 1)
    assert cut.counterexample.to_json()["turns"] == [2] * (len(strategy) - 1)


def test_search_moves_put_changing_nothing_last():
    moves = search_moves(Game(2, devil_moves=((1, 0),)))
    assert moves.tolist() == [1, 2, 3, 0]


def test_a_pass_can_matter():
    # Changing nothing is always allowed and still lets the Devil move: with one turn and only
    # the move 001, passing is what wins (9 moves); without it nothing would.
    game = Game(3, devil_moves=((1, 2, 0),), moves=((0, 0, 1),))
    verdict = solve(game)
    assert verdict.length == 9 and 0 in (verdict.strategy or ())
    with_pass = naive_devil_moves(3, 2, [(1, 2, 0)], moves=[(0, 0, 1), (0, 0, 0)])
    assert shortest_by_update(with_pass) == 9
    assert shortest_by_update(naive_devil_moves(3, 2, [(1, 2, 0)], moves=[(0, 0, 1)])) is None
    check_strategy(game, with_pass, verdict.strategy)


def test_too_many_states_is_refused_clearly():
    n = MAX_STATES.bit_length()  # 2^n > MAX_STATES
    game = Game(n, devil_moves=(turn(n),))
    with pytest.raises(DevilcoinsError, match=r"8,192 states is past .* \(4,096\)"):
        solve(game)
    with pytest.raises(DevilcoinsError, match=r"8,192 states is past .* \(4,096\)"):
        verify(game, [1])


def test_state_tables_are_the_devils_moves():
    game = Game(3, values=3, devil_moves=((1, 2, 0), (0, 2, 1)))
    st_ = state_space(game)
    for s, p in enumerate(game.devil_moves or ()):
        for v in all_vectors(3, 3):
            y = to_number(permute(p, v), 3)
            assert st_.maps[s, to_number(v, 3)] == y
            assert st_.inverse[s, y] == to_number(v, 3)
    assert np.flatnonzero(st_.goal).tolist() == [0]


# --- S against the group H it can be reduced to -----------------------------------------------
#
# Let H be the normal closure in <S> of the quotients s^-1 t (s, t in S) and sigma any element
# of S, so that every s in S is sigma h with h in H.  Watching the table through sigma^-k after
# move k (y_k = sigma^-k x_k) turns the game against S into the game against the group H:
# y_k = h'_k(y_(k-1)) + sigma^-k(a_k) with h'_k = sigma^-(k-1) h_k sigma^(k-1) in H.  So a
# strategy b against H gives one against S, a_k = sigma^k(b_k), no longer; the tests check
# that, and that on every set tried S and H have the same answer (winnable, and as long).


def power_apply(p, k: int, values):
    """The values after applying the permutation p k times."""
    for _ in range(k):
        values = permute(p, values)
    return values


def seeded_sets():
    """(n, m, goal, S) for a few dozen sets S drawn with fixed seeds."""
    rng = random.Random(12)
    cases = []
    for n, m, goal in [(2, 2, "zero"), (3, 2, "zero"), (4, 2, "zero"), (2, 3, "zero"),
                       (3, 3, "zero"), (3, 2, "same"), (4, 2, "same")]:  # fmt: skip
        everything = sorted(naive_named("full", n))
        for k in (1, 2, 3):
            for _ in range(3):
                perms = tuple(rng.sample(everything, min(k, len(everything))))
                cases.append((n, m, goal, perms))
    return list(dict.fromkeys(cases))


def group_of(elements, n: int) -> Group:
    """The library's group with these elements as generators."""
    gens = tuple(p for p in sorted(elements) if p != tuple(range(n)))
    return Group(n, "generators", gens) if gens else Group(n, "none", ())


@pytest.mark.parametrize(("n", "m", "goal", "perms"), seeded_sets(), ids=str)
def test_s_plays_like_the_normal_closure_of_its_quotients(n, m, goal, perms):
    h = normal_closure(perms, n)
    against_s = solve(Game(n, values=m, goal=goal, devil_moves=perms))
    against_h = solve(Game(n, values=m, goal=goal, group=group_of(h, n)))
    assert (against_s.winnable, against_s.length) == (against_h.winnable, against_h.length)
    if against_h.strategy is None:
        return
    # the strategy against H, seen through sigma^k, wins against S (the argument above)
    sigma = perms[0]
    b = [to_vector(x, n, m) for x in against_h.strategy]
    a = [power_apply(sigma, k, bk) for k, bk in enumerate(b, 1)]
    naive = naive_devil_moves(n, m, perms, goal=goal)
    assert naive.won_at(a) is not None and naive.won_at(a) <= len(a)
    game = Game(n, values=m, goal=goal, devil_moves=perms)
    assert verify(game, [to_number(v, m) for v in a]).wins


@pytest.mark.parametrize(("n", "m", "goal", "perms"), seeded_sets(), ids=str)
def test_the_devils_level_holds_by_the_naive_model(n, m, goal, perms):
    game = Game(n, values=m, goal=goal, devil_moves=perms)
    if game.devil_moves is None:  # S is a whole group: the group's game (tests/blind/test_chain)
        return
    level = {to_vector(x, n, m) for x in np.flatnonzero(devils_level(state_space(game)))}
    verdict = solve(game)
    if len(level) == m**n:  # no certificate
        assert verdict.how is not How.CERTIFICATE
        return
    assert verdict.how is How.CERTIFICATE and not verdict.winnable
    naive = naive_devil_moves(n, m, perms, goal=goal)
    assert naive.goal <= level
    assert all(add_vectors(x, y, m) in level for x in level for y in level)  # a subgroup
    for x in all_vectors(n, m):  # outside Z two moves of the Devil differ outside Z
        if x not in level:
            images = [permute(p, x) for p in perms]
            assert any(sub_vectors(u, v, m) not in level for u in images for v in images)
    if n <= 3:  # the naive search agrees (quick enough here)
        assert shortest_by_update(naive) is None


def test_library_parts_for_groups_know_about_devil_moves():
    from devilcoins.blind.chain import chain

    game = Game.parse("n=3 devil_moves=1,2,0")
    assert game.turns == ((1, 2, 0),)  # the random and scripted Devils pick from these
    with pytest.raises(DevilcoinsError, match=r"blind\.restricted"):
        chain(game)


@pytest.mark.parametrize(
    ("n", "perms"), [(n, p) for n, m, goal, p in seeded_sets() if m == 2 and goal == "zero"]
)
def test_the_game_modulo_the_level_agrees_with_the_naive_model(n, perms):
    game = Game(n, devil_moves=perms)
    found = quotient_certificate(game)
    if found is not None:  # lost modulo Z: lost, as the naive search says
        assert shortest_by_update(naive_devil_moves(n, 2, perms)) is None


def test_six_coins_lost_modulo_the_level():
    # neither the reduction nor the pair certificate settles this one; the game modulo Z does
    game = Game.parse("n=6 devil_moves=4,0,5,1,2,3;1,2,5,4,0,3")
    verdict = solve(game)
    assert not verdict.winnable and "modulo the level" in verdict.method and verdict.holds
    searched = evidence_of(verdict, "the coarser game, searched (the game modulo the level)")
    assert searched.detail["cosets"] == 16
