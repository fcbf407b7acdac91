"""The Game value: its text and JSON forms, and the games it refuses.

Expected values come from the naive reference in tests/reference.py (full beliefs as sets of
vectors, groups by closure or by definition, no symmetry reduction) or from the literature
(DESIGN.md sections 2 and 5), never from the code under test.
"""

from __future__ import annotations

import json

import pytest
from helpers import games
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import closure, naive_named

from devilcoins.core.errors import DevilcoinsError, NotationError, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.symmetry import Group
from devilcoins.core.tables import class_table
from devilcoins.engine import solve

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- text and JSON -------------------------------------------------------------------------


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
    g = Game.parse("n=4 moves=FFFF,FLFL goal=HHHH,TTTH")
    assert g.moves == ((1, 0, 1, 0), (1, 1, 1, 1))  # a set of moves: kept sorted
    assert g.goal == "states" and g.goal_states == ((0, 0, 0, 0), (1, 1, 1, 0))
    # two-valued digits name positions (the notebook's Flips column): 0123 and 02 are those moves
    assert Game.parse("n=4 moves=0123,02 goal=HHHH,TTTH") == g
    # a list of states that is a named goal is that goal: one game, one value
    assert Game.parse("n=4 goal=0000,1111") == Game.parse("n=4 goal=same")
    g = Game.parse("n=6 group=1,2,0,3,4,5;0,1,2,4,5,3")
    assert len(closure(g.group.generators, 6)) == 9  # two three-seat tables turning apart
    assert Game.parse("n=4").is_coins and Game(4) == Game.parse("n=4")
    assert Game.parse("n=4 observe=touch hands=2").observe == "touch"


def test_errors_are_value_errors():
    assert issubclass(DevilcoinsError, ValueError)
    assert issubclass(NotationError, ValueError)


# --- games that are refused ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "n=3 group=0,0,1",  # a generator that is not a permutation
        "n=3 group=0,1",  # too short to be a permutation of 0..2
        "n=3 group=0,1,3",
        "n=3 values=0",
        "n=3 hands=-1",
        "n=3 hands=4",  # more hands than positions
        "n=3 goal=,",  # an empty list of goal states
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


def test_one_value_and_no_hands_are_games():
    """Issue 10: the trivial published cases (one value: 0 moves; no hands: the empty move)."""
    one = Game.parse("n=3 values=1")
    assert one.values == 1 and one.values**one.n == 1
    none = Game.parse("n=3 hands=0")
    assert none.hands == 0


def test_invalid_values():
    with pytest.raises(DevilcoinsError):
        Game(3, values=0)
    with pytest.raises(DevilcoinsError):
        Game(3, hands=-1)
    with pytest.raises(DevilcoinsError):
        Game(3, hands=4)
    with pytest.raises(DevilcoinsError):
        Game(3, goal="states")  # no goal states
    with pytest.raises(DevilcoinsError):
        Game(3, moves=())
    with pytest.raises(TooLarge, match="9,765,625 states"):
        class_table(Game(10, values=5))  # a game of any size is a value; its tables are refused
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
        class_table(Game.parse(text))
    with pytest.raises(DevilcoinsError):
        solve(Game.parse(text))


def test_goal_closed_under_a_smaller_group_is_fine():
    # 1100 and 0011 are swapped by the half turn, which is all this group does
    game = Game.parse("n=4 group=2,3,0,1 goal=0000,1100,0011")
    assert class_table(game).n_goal == 2


# --- a Devil restricted to a set of permutations (devil_moves) --------------------------------


@SETTINGS
@given(st.data())
def test_devil_moves_round_trip_in_text_and_json(data):
    n = data.draw(st.integers(1, 5))
    perms = data.draw(st.lists(st.permutations(range(n)), min_size=1, max_size=4, unique_by=tuple))
    goal = data.draw(st.sampled_from(["zero", "same"]))
    game = Game(n, devil_moves=tuple(tuple(p) for p in perms), goal=goal)
    whole = closure(perms, n) == {tuple(p) for p in perms}
    if whole:  # S is a group: the Devil turns by any of its elements, the plain game
        assert game.devil_moves is None and game == Game(n, group=game.group, goal=goal)
    else:  # as listed (a set, sorted): nothing closed
        assert game.devil_moves == tuple(sorted(tuple(p) for p in perms))
        assert not game.is_coins
    assert closure(game.group.generators, n) == closure(perms, n)  # group: the one S generates
    assert Game.parse(str(game)) == game
    assert Game.from_json(json.loads(json.dumps(game.to_json()))) == game
    assert Game.parse(json.dumps(game.to_json())) == game


def test_devil_moves_text_form():
    game = Game.parse("n=3 devil_moves=1,2,0;0,1,2")
    assert str(game) == "n=3 devil_moves=0,1,2;1,2,0"  # a set of moves, sorted
    assert game.devil_moves == ((0, 1, 2), (1, 2, 0))
    assert game.to_json()["devil_moves"] == [[0, 1, 2], [1, 2, 0]]
    assert Game.parse("n=3").to_json()["devil_moves"] is None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("n=3 devil_moves=1,2", "has 2 entries"),
        ("n=3 devil_moves=1,1,0", "not a permutation of 0..2"),
        ("n=3 devil_moves=;", "the Devil's moves are empty"),
        ("n=3 devil_moves=a,b,c", "one-line notation"),
        ("n=3 devil_moves=1,2,0;1,2,0", "listed twice"),
        ("n=3 group=cyclic devil_moves=1,2,0", "not both"),
        ("n=3 hands=1 observe=touch devil_moves=1,2,0", "for blind games"),
        ("n=3 observe=sight devil_moves=1,2,0", "for blind games"),
    ],
)
def test_devil_moves_bad_texts(text, fragment):
    with pytest.raises(ValueError, match=fragment):
        Game.parse(text)
