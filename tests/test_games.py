"""Any rotating-table game: the Game value, its tables, the chain, solve_game and verify_game.

Expected values come from the naive reference in tests/reference.py (full beliefs as sets of
vectors, groups by closure or by definition, no symmetry reduction) or from the literature
(DESIGN.md sections 2 and 5), never from the code under test.
"""

from __future__ import annotations

import json
from itertools import permutations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, example, given, reject, settings
from hypothesis import strategies as st
from reference import (
    NaiveGame,
    add_vectors,
    all_vectors,
    closure,
    goal_vectors,
    naive_won_at,
    orbits,
    permute,
    to_number,
    to_vector,
)

from devilcoins.blind.chain import chain, chain_strategy, devil_turn
from devilcoins.coins.construct import construction
from devilcoins.coins.notation import DevilcoinsError, NotationError, Strategy
from devilcoins.coins.search import belief_search
from devilcoins.coins.verification import verify
from devilcoins.core.game import Game
from devilcoins.core.symmetry import Group
from devilcoins.core.tables import canonical_count, tables
from devilcoins.engine import search_game, solve_game, verify_game
from devilcoins.results import Counterexample as GameCounterexample

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: For the tests that search: some of the examples are set aside as too big to search.
SEARCH_SETTINGS = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)

NAMES = ("cyclic", "dihedral", "none", "full")


# --- the naive groups, by definition --------------------------------------------------------


def naive_named(name: str, n: int) -> frozenset[tuple[int, ...]]:
    """Every element of a named group, written out from its definition (no generators)."""
    turns = {tuple((i - r) % n for i in range(n)) for r in range(n)}
    if name == "cyclic":
        return frozenset(turns)
    if name == "dihedral":
        return frozenset(turns | {tuple((r - i) % n for i in range(n)) for r in range(n)})
    if name == "none":
        return frozenset({tuple(range(n))})
    assert name == "full"
    return frozenset(permutations(range(n)))


def naive_of(game: Game, elements=None) -> NaiveGame:
    """The naive game for a Game value (its group given by the elements, when known)."""
    if elements is None:
        elements = closure(game.group.generators, game.n)
    goal = game.goal if game.goal != "states" else game.goal_states
    return NaiveGame(game.n, game.values, elements, goal, game.moves, game.hands)


def vec(game: Game, x: int) -> tuple[int, ...]:
    return to_vector(int(x), game.n, game.values)


def num(game: Game, values) -> int:
    return to_number(values, game.values)


def quick_to_solve(game: Game) -> bool:
    """Whether solve_game settles the game without a long belief search.

    The chain and the certificate are quick at any size here; the belief search (limited hands,
    a list of moves, a goal that is not a subgroup) is kept to games with few classes, since
    its dominance check makes it slow on games with many (group none: each state its own class).
    """
    c = chain(game)
    search = c.complete and (
        game.hands is not None or game.moves is not None or not c.goal_is_subgroup
    )
    return not search or tables(game).size <= 12


# --- random games -----------------------------------------------------------------------------


@st.composite
def games(draw, max_states: int = 4096, max_n: int = 6, observe: bool = False):
    """(game, elements): a random valid game and its group's elements (by definition/closure)."""
    sizes = [(n, m) for n in range(1, max_n + 1) for m in range(2, 6) if m**n <= max_states]
    n, m = draw(st.sampled_from(sizes))
    if draw(st.booleans()):
        name = draw(st.sampled_from(NAMES))
        group = Group.named(name, n)
        elements = naive_named(name, n)
    else:
        gens = draw(st.lists(st.permutations(range(n)), min_size=1, max_size=2))
        text = "; ".join(" ".join(map(str, g)) for g in gens) or "none"
        group = Group.parse(text, n)
        elements = closure([tuple(g) for g in gens], n)
    hands = draw(st.none() | st.integers(1, n))
    moves = None
    if draw(st.integers(0, 3)) == 0:
        vectors = st.tuples(*[st.integers(0, m - 1)] * n)
        moves = tuple(draw(st.lists(vectors, min_size=1, max_size=6, unique=True)))
    goal, goal_states = draw(st.sampled_from(["zero", "zero", "same", "states"])), ()
    if goal == "states":  # a union of orbits of a few random states: closed under the group
        picks = draw(st.lists(st.integers(0, m**n - 1), min_size=1, max_size=3))
        union = {permute(g, to_vector(x, n, m)) for x in picks for g in elements}
        goal_states = tuple(sorted(union, key=lambda v: to_number(v, m)))
    seen = "blind"
    if observe:
        seen = draw(st.sampled_from(["blind", "sight"] + (["touch"] if hands else [])))
    game = Game(n, m, group, hands, moves, goal, goal_states, seen)
    return game, elements


# --- 1. text and JSON -------------------------------------------------------------------------


@SETTINGS
@given(games(observe=True))
def test_text_round_trip(case):
    game, _ = case
    assert Game.parse(str(game)) == game
    assert str(Game.parse(str(game))) == str(game)


@SETTINGS
@given(games(observe=True))
def test_json_round_trip(case):
    game, elements = case
    data = json.loads(json.dumps(game.to_json()))  # plain JSON data
    for back in (Game.from_json(data), Game.parse(json.dumps(data))):
        assert (back.n, back.values, back.hands, back.moves) == (
            game.n,
            game.values,
            game.hands,
            game.moves,
        )
        assert (back.goal, back.goal_states, back.observe) == (
            game.goal,
            game.goal_states,
            game.observe,
        )
        assert closure(back.group.generators, game.n) == elements
        if game.group.name in ("generators", "none"):
            assert back == game


@pytest.mark.parametrize("text", ["n=4", "n=5 group=dihedral", "n=3 values=3 group=full"])
def test_json_round_trip_keeps_named_groups(text):
    game = Game.parse(text)
    back = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert str(back.group) == str(game.group)
    assert back == game
    assert back.is_coins == game.is_coins


def test_json_round_trip_past_ten_values():
    # JSON lists values as numbers, so a value of 10 or more is no harder to write than 3
    game = Game(2, values=11, moves=((10, 0), (1, 1)))
    assert Game.from_json(json.loads(json.dumps(game.to_json()))) == game


def test_text_form_examples():
    g = Game.parse("n=4 values=3 group=dihedral hands=2 goal=same")
    assert (g.n, g.values, g.hands, g.goal, g.observe) == (4, 3, 2, "same", "blind")
    assert closure(g.group.generators, 4) == naive_named("dihedral", 4)
    g = Game.parse("n=4 moves=1111,1010 goal=0000,1111")
    assert g.moves == ((1, 1, 1, 1), (1, 0, 1, 0))
    assert g.goal == "states" and g.goal_states == ((0, 0, 0, 0), (1, 1, 1, 1))
    g = Game.parse("n=6 group=1,2,0,3,4,5;0,1,2,4,5,3")
    assert len(closure(g.group.generators, 6)) == 9  # two three-seat tables turning apart
    assert Game.parse("n=4").is_coins and Game(4) == Game.parse("n=4")
    assert Game.parse("n=4 observe=touch hands=2").observe == "touch"


def test_errors_are_value_errors():
    assert issubclass(DevilcoinsError, ValueError)
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize(
    "text",
    [
        "n=3 group=0,0,1",  # a generator that is not a permutation
        "n=3 group=0,1",  # too short to be a permutation of 0..2
        "n=3 group=0,1,3",
        "n=3 values=1",  # m < 2
        "n=3 values=0",
        "n=3 hands=0",
        "n=3 hands=4",  # more hands than positions
        "n=3 goal=,",  # an empty list of goal states
        "n=10 values=5",  # 9,765,625 states
        "n=4 colour=red",  # unknown field
        "n=4 observe=touch",  # touch without hands
        "n=4 observe=peek",
        "n=4 moves=11",  # a move of the wrong length
        "n=4 values=3 moves=1300",  # a value past m - 1
        "values=3",  # no n
        "n=0",
        "n=4 hands",
        '{"values": 3}',
        "{not json",
    ],
)
def test_invalid_text(text):
    with pytest.raises(ValueError):
        Game.parse(text)


def test_invalid_values():
    with pytest.raises(DevilcoinsError):
        Game(3, values=1)
    with pytest.raises(DevilcoinsError):
        Game(3, hands=0)
    with pytest.raises(DevilcoinsError):
        Game(3, hands=4)
    with pytest.raises(DevilcoinsError):
        Game(3, goal="states")  # no goal states
    with pytest.raises(DevilcoinsError):
        Game(3, moves=())
    with pytest.raises(DevilcoinsError):
        Game(10, values=5)
    with pytest.raises(DevilcoinsError):
        Game(4, observe="touch")
    with pytest.raises(DevilcoinsError):
        Game(4, group=Group.named("cyclic", 5))  # acts on 5 positions
    with pytest.raises(NotationError):
        Group.parse("0 0 1", 3)


@pytest.mark.parametrize(
    "text", ["n=4 goal=1000", "n=4 goal=0000,1100", "n=3 group=dihedral goal=110,011"]
)
def test_goal_must_be_closed_under_the_group(text):
    # the check may come when the game is read or when its tables are built; it must come
    with pytest.raises(DevilcoinsError):
        tables(Game.parse(text))
    with pytest.raises(DevilcoinsError):
        solve_game(Game.parse(text))


def test_goal_closed_under_a_smaller_group_is_fine():
    # 1100 and 0011 are swapped by the half turn, which is all this group does
    game = Game.parse("n=4 group=2,3,0,1 goal=0000,1100,0011")
    assert tables(game).n_goal == 2


# --- 2. the classes of states -----------------------------------------------------------------


@SETTINGS
@given(games(max_states=1024))
def test_tables_classes_are_the_orbits(case):
    game, elements = case
    tab = tables(game)
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
    assert tables(Game(n)).size == canonical_count(n) == NECKLACES[n - 1]
    assert tables(Game(n)).n_goal == 1


# --- 3. the general engine agrees with the coin engine ------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_solve_game_agrees_with_coin_search(n):
    verdict, coins = solve_game(Game(n)), belief_search(n)
    assert verdict.winnable == coins.winnable == (n & (n - 1) == 0)
    assert verdict.length == coins.length
    if coins.winnable:
        assert verdict.length == 2**n - 1


def test_chain_strategy_is_the_construction_for_16_coins():
    moves = chain_strategy(Game(16))
    assert len(moves) == 2**16 - 1
    assert moves.tolist() == [m.mask for m in construction(16)]


def check_against_coins(n: int, masks: list[int]):
    coins = verify(Strategy([{i for i in range(n) if mask >> i & 1} for mask in masks]), n)
    game = verify_game(Game(n), masks)
    assert (game.wins, game.won_at) == (coins.wins, coins.won_at)
    assert game.won_at == naive_won_at(masks, n)
    if coins.sizes:
        assert game.sizes == coins.sizes  # classes of coins are necklaces
    return game


@pytest.mark.parametrize("n", [4, 8])
def test_verify_game_on_the_seeds_search_strategies(n):
    masks = [m.mask for m in belief_search(n).strategy]
    game = check_against_coins(n, masks)
    assert game.wins and game.won_at == 2**n - 1


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_verify_game_agrees_with_verify_on_random_coins(data):
    n = data.draw(st.integers(4, 6))
    if data.draw(st.booleans()):
        masks = data.draw(st.lists(st.integers(0, 2**n - 1), max_size=40))
    else:  # a mutated winning strategy (the construction for 4 coins, padded for 5 and 6)
        masks = [m.mask for m in construction(4)]
        i = data.draw(st.integers(0, len(masks) - 1))
        action = data.draw(st.sampled_from(["change", "drop", "swap"]))
        if action == "change":
            masks[i] = data.draw(st.integers(0, 2**n - 1))
        elif action == "drop":
            del masks[i]
        else:
            j = data.draw(st.integers(0, len(masks) - 1))
            masks[i], masks[j] = masks[j], masks[i]
    check_against_coins(n, masks)


# --- 4. facts from the literature ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("m", "n", "length"),
    [(3, 3, 26), (4, 2, 15), (4, 4, 255), (5, 5, 3124), (3, 9, 19682), (2, 4, 15), (2, 8, 255)],
)
def test_dials(m, n, length):
    game = Game(n, values=m)
    verdict = solve_game(game)
    assert verdict.winnable and verdict.length == length == m**n - 1
    assert len(verdict.strategy) == length
    check = verify_game(game, verdict.strategy)
    assert check.wins and check.won_at == length
    short = verify_game(game, verdict.strategy[:-1])
    assert not short.wins and short.won_at is None
    if m**n <= 27:
        strategy = [vec(game, a) for a in verdict.strategy]
        assert naive_of(game, naive_named("cyclic", n)).won_at(strategy) == length


def test_four_glasses_all_the_same():
    assert solve_game(Game.parse("n=4 goal=same")).length == 7
    assert search_game(Game.parse("n=4 goal=same")).length == 7
    two_hands = Game.parse("n=4 hands=2 goal=same")
    verdict = solve_game(two_hands)
    assert verdict.winnable and verdict.length == 7
    strategy = [vec(two_hands, a) for a in verdict.strategy]
    assert all(sum(v != 0 for v in a) <= 2 for a in strategy)
    naive = naive_of(two_hands, naive_named("cyclic", 4))
    assert naive.won_at(strategy) == 7
    assert naive.shortest()[0] == 7
    # the literature's strategy: diagonal, adjacent, diagonal, single, diagonal, adjacent, diagonal
    d, a, s = (1, 0, 1, 0), (1, 1, 0, 0), (1, 0, 0, 0)
    literature = [d, a, d, s, d, a, d]
    assert naive.won_at(literature) == 7
    check = verify_game(two_hands, [num(two_hands, v) for v in literature])
    assert check.wins and check.won_at == 7


@pytest.mark.parametrize("n", [3, 6])
def test_all_the_same_is_lost_for_3_and_6(n):
    game = Game.parse(f"n={n} goal=same")
    assert not solve_game(game).winnable
    assert naive_of(game, naive_named("cyclic", n)).shortest() == (None, None)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_four_coins_with_fewer_hands_are_lost(k):
    game = Game.parse(f"n=4 hands={k}")
    assert not solve_game(game).winnable
    assert naive_of(game, naive_named("cyclic", 4)).shortest() == (None, None)


@pytest.mark.parametrize("n", range(2, 7))
def test_still_table_all_the_same(n):
    game = Game.parse(f"n={n} group=none goal=same")
    verdict = solve_game(game)
    assert verdict.winnable and verdict.length == 2 ** (n - 1) - 1
    assert verify_game(game, verdict.strategy).won_at == 2 ** (n - 1) - 1
    assert (
        naive_of(game, naive_named("none", n)).won_at([vec(game, a) for a in verdict.strategy])
        == 2 ** (n - 1) - 1
    )


def prime_factors(k: int) -> set[int]:
    return {p for p in range(2, k + 1) if k % p == 0 and all(p % d for d in range(2, p))}


BEM = [(n, m) for n in range(1, 7) for m in range(2, 6) if m**n <= 20000]


@pytest.mark.parametrize(("n", "m"), BEM)
def test_bar_yehuda_etzion_moran(n, m):
    # winnable iff n and m are powers of the same prime (n = 1 = p^0 always is)
    same_prime = len(prime_factors(m)) == 1 and prime_factors(n) <= prime_factors(m)
    verdict = solve_game(Game(n, values=m))
    assert verdict.winnable == same_prime
    if same_prime:
        assert verdict.length == m**n - 1


# --- 5. random small games against the naive reference -----------------------------------------


@settings(SEARCH_SETTINGS, max_examples=100)
@given(games(max_states=32))
@example((Game(4), naive_named("cyclic", 4)))
@example((Game.parse("n=2 values=3"), naive_named("cyclic", 2)))
@example((Game.parse("n=1 goal=same"), naive_named("cyclic", 1)))
@example((Game.parse("n=4 group=full goal=same"), naive_named("full", 4)))
def test_solve_game_agrees_with_naive_search(case):
    game, elements = case
    # full beliefs (no symmetry) blow up when the group mixes little: keep to few orbits
    assume(game.values**game.n <= 9 or len(orbits(game.n, game.values, elements)) <= 12)
    naive = naive_of(game, elements)
    try:
        length, _ = naive.shortest(limit=50_000)
    except RuntimeError:
        reject()
    verdict = solve_game(game)
    assert verdict.winnable == (length is not None)
    assert verdict.length == length
    if verdict.winnable:
        strategy = [vec(game, a) for a in verdict.strategy]
        assert len(strategy) == length
        assert naive.won_at(strategy) == length
        assert all(a in naive.moves for a in strategy)  # only allowed moves
        check = verify_game(game, verdict.strategy)
        assert check.wins and check.won_at == length
    else:
        assert verdict.strategy is None


@settings(SEARCH_SETTINGS, max_examples=40)
@given(games(max_states=256))
@example((Game(3, values=4), naive_named("cyclic", 3)))
@example((Game.parse("n=4 values=4 group=dihedral goal=same"), naive_named("dihedral", 4)))
def test_solve_game_strategies_verify(case):
    game, elements = case
    assume(quick_to_solve(game))
    verdict = solve_game(game)
    assume(verdict.winnable)
    strategy = [vec(game, a) for a in verdict.strategy]
    naive = naive_of(game, elements)
    assert naive.won_at(strategy) == verdict.length
    assert all(a in naive.moves for a in strategy)  # only allowed moves
    assert verify_game(game, verdict.strategy).won_at == verdict.length


def naive_subgroup(game: Game, goal) -> set:
    """The subgroup the goal generates (with 0), by closing under addition."""
    group = {(0,) * game.n} | set(goal)
    while True:
        grown = group | {add_vectors(x, y, game.values) for x in group for y in group}
        if grown == group:
            return group
        group = grown


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
    assert levels[0] == naive_subgroup(game, goal)
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
    zone = c.zone
    assert c.complete == bool(zone.all())
    if c.complete:
        return
    verdict = solve_game(game)
    assert not verdict.winnable and verdict.evidence["certificate"]["holds"]
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
        g = tuple(devil_turn(game, num(game, x), num(game, a), zone))
        assert g in elements
        assert add_vectors(permute(g, x), a, m) not in levels[-1]


def check_counterexample(game: Game, elements, moves: list[int], ce: GameCounterexample):
    naive = naive_of(game, elements)
    assert len(ce.turns) == len(moves)
    assert all(tuple(g) in elements for g in ce.turns)
    start = vec(game, ce.start)
    assert start not in naive.goal
    played = naive.play(start, [tuple(g) for g in ce.turns], [vec(game, a) for a in moves])
    assert not any(x in naive.goal for x in played)
    assert ce.replay(moves) == [num(game, x) for x in played]
    data = json.loads(json.dumps(ce.to_json()))
    assert len(data["turns"]) == len(moves)
    if game.group.name == "cyclic":
        for r, g in zip(data["turns"], ce.turns, strict=True):
            x = tuple(range(game.n))  # the seeds' turn coins[r:] + coins[:r]
            assert permute(g, x) == x[r:] + x[:r]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(max_states=256), st.data())
@example((Game(3), naive_named("cyclic", 3)), None)
@example((Game.parse("n=2 values=4 group=none"), naive_named("none", 2)), None)
def test_losing_strategies_have_counterexamples(case, data):
    game, elements = case
    total = game.values**game.n
    if data is None:
        moves = [total - 1, 1, total - 1]
    elif data.draw(st.booleans()):
        # (no moves at all: test_verify_game_of_no_moves)
        moves = data.draw(st.lists(st.integers(0, total - 1), min_size=1, max_size=12))
    else:  # mutate a winning strategy, if the game has a short one
        if not quick_to_solve(game):
            return
        verdict = solve_game(game)
        if not verdict.winnable or not verdict.length or verdict.length > 400:
            return
        moves = list(verdict.strategy)
        i = data.draw(st.integers(0, len(moves) - 1))
        if len(moves) > 1 and data.draw(st.booleans()):
            del moves[i]
        else:
            moves[i] = data.draw(st.integers(0, total - 1))
    if not all(game.allowed(a) for a in moves):
        with pytest.raises(ValueError, match="not allowed"):
            verify_game(game, moves)  # a strategy the game's hands cannot play is refused
        moves = [a for a in moves if game.allowed(a)] or [0]
    naive = naive_of(game, elements)
    expected = naive.won_at([vec(game, a) for a in moves])
    check = verify_game(game, moves)
    assert check.won_at == expected
    assert check.wins == (expected is not None)
    if check.wins:
        assert check.counterexample is None
    else:
        check_counterexample(game, elements, moves, check.counterexample)


@pytest.mark.parametrize(
    "text",
    ["n=1", "n=1 values=3", "n=1 values=5 group=none", "n=3", "n=2 values=3", "n=4 goal=same"],
)
def test_verify_game_of_no_moves(text):
    # with no moves every start outside the goal is a counterexample, with no turns
    game = Game.parse(text)
    check = verify_game(game, [])
    assert not check.wins and check.won_at is None
    ce = check.counterexample
    assert ce.turns == () and ce.replay([]) == []
    assert vec(game, ce.start) not in naive_of(game).goal


# --- 6. explicit lists of moves -----------------------------------------------------------------


def test_explicit_moves_for_four_coins():
    game = Game.parse("n=4 moves=1111,1010,1100,1000")
    verdict = solve_game(game)
    assert verdict.winnable and verdict.length == 15
    listed = set(game.moves)
    assert all(vec(game, a) in listed for a in verdict.strategy)
    naive = naive_of(game, naive_named("cyclic", 4))
    assert naive.won_at([vec(game, a) for a in verdict.strategy]) == 15
    assert naive.shortest()[0] == 15
    # turned copies of the same moves do as well
    turned = Game.parse("n=4 moves=1111,0101,0011,0001")
    assert solve_game(turned).length == 15


def test_explicit_moves_without_a_single_coin():
    game = Game.parse("n=4 moves=1111,1010,1100")
    assert not solve_game(game).winnable
    assert naive_of(game, naive_named("cyclic", 4)).shortest() == (None, None)


def test_explicit_moves_and_hands_together():
    # both limits hold: with one hand only 1000 of the list may be played, and that loses
    game = Game.parse("n=4 hands=1 moves=1111,1010,1100,1000")
    naive = naive_of(game, naive_named("cyclic", 4))
    assert naive.moves == [(1, 0, 0, 0)]
    assert naive.shortest() == (None, None)
    verdict = solve_game(game)
    if verdict.winnable:
        assert all(game.allowed(int(a)) for a in verdict.strategy), "moves past the hands"
    assert not verdict.winnable
    # two hands: the list without 1111
    game = Game.parse("n=4 hands=2 moves=1111,1010,1100,1000")
    assert naive_of(game, naive_named("cyclic", 4)).shortest() == (None, None)
    assert not solve_game(game).winnable


def test_explicit_moves_of_nothing():
    game = Game.parse("n=3 moves=000")
    assert not solve_game(game).winnable
    assert solve_game(Game.parse("n=1 goal=same moves=0")).length == 0
