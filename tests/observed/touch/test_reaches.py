"""Restricted reaches (observed/touch/reaches.py): the text form, the symmetries kept, and the
restricted level search against the brute-force minimax of reference.py over the same reaches;
every strategy it finds is checked against the whole game."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import brute_touch

from devilcoins import bounds_certificate, check_certificate
from devilcoins import verify as verify_tree
from devilcoins.core.errors import InvalidInput, NotationError
from devilcoins.core.game import Game
from devilcoins.observed.touch import restricted
from devilcoins.observed.touch.reaches import Restriction, dyadic_blocks, orbit_of
from devilcoins.observed.touch.space import Space, reach_orbits


def _touch(n: int, k: int, goal: str = "same", group: str = "cyclic") -> Game:
    return Game.parse(f"n={n} hands={k} goal={goal} group={group} observe=touch")


#: Small games whose every restriction the brute force settles in a moment (6 glasses with 3
#: hands are lost, and the brute force on a lost game runs to its cap: too slow here).
_SMALL = [(4, 2, "cyclic"), (4, 3, "cyclic"), (5, 4, "cyclic"), (6, 4, "cyclic"),
          (6, 5, "cyclic"), (6, 5, "dihedral")]  # fmt: skip

#: The most moves the brute force looks for (longer: it says None).
_CAP = 7


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(_SMALL), st.data())
def test_the_restricted_search_agrees_with_brute_force(shape, data):
    n, k, group = shape
    game = _touch(n, k, group=group)
    orbits = reach_orbits(game, k)
    chosen = data.draw(st.lists(st.sampled_from(orbits), min_size=1, unique=True))
    only = Restriction.parse(game, "; ".join(" ".join(map(str, r)) for r in chosen))
    sol, said = restricted(game, only)
    expected = brute_touch(game, _CAP, reaches=chosen)
    if expected is None:  # not won within the cap: lost, or longer
        assert sol is None or sol.length > _CAP
    else:
        assert sol is not None and sol.length == expected
        assert f"takes {expected} moves (none over them wins in {expected - 1})" in said
    if sol is not None:  # a strategy over some reaches is a strategy of the whole game
        checked = verify_tree(game, sol)
        assert checked.wins and checked.won_at == sol.length
        assert {node.positions for node in sol.policy.values()} <= set(only.reaches)
        assert sol.length >= brute_touch(game, _CAP)
    else:
        assert "holds out" in said


def test_gardner_four_glasses_need_only_the_dyadic_blocks():
    game = _touch(4, 2)
    only = Restriction.parse(game, "dyadic")
    assert only.reaches == ((0, 1), (0, 2))
    assert restricted(game, only)[0].length == 5 == brute_touch(game, 12)


def test_dyadic_blocks_are_the_halves_of_each_residue():
    for n in (2, 4, 8, 16, 12, 24):
        for j, block in enumerate(dyadic_blocks(n), start=1):
            assert block == tuple(x for x in range(n) if x % 2**j < 2 ** (j - 1))
            assert len(block) == n // 2
        assert len(dyadic_blocks(n)) == (n & -n).bit_length() - 1


@pytest.mark.parametrize(
    ("text", "k"), [("dyadic", 4), ("dyadic+pad", 5), ("0 2 4 6; 0 1 4 5", 4), ("1 2 3 4", 4)]
)
def test_the_text_form_reads_back(text, k):
    game = _touch(8, k)
    only = Restriction.parse(game, text)
    again = Restriction.parse(game, str(only))
    assert again == only
    for reach in only.reaches:
        assert len(reach) == k and orbit_of(game, reach) == reach


def test_a_turned_or_reordered_list_is_the_same_restriction():
    game = _touch(8, 4)
    assert Restriction.parse(game, "1 3 5 7; 2 3 6 7") == Restriction.parse(
        game, "0 1 4 5 ;0 2 4 6"
    )
    listed = Restriction.parse(game, "2 3 4 5; 0 2 4 6; 1 2 5 6")
    assert listed.reaches == Restriction.parse(game, "dyadic").reaches


@pytest.mark.parametrize(
    ("game", "text", "words"),
    [
        (_touch(8, 3), "dyadic", "n/2 = 4"),
        (_touch(8, 5), "dyadic", r"dyadic\+pad"),
        (_touch(9, 6), "dyadic", "even number"),
        (_touch(8, 4), "0 1 2", "holds 3 positions"),
        (_touch(8, 4), "0 1 2 9", "from 0 to 7"),
        (_touch(8, 4), "0 1 1 2", "distinct"),
        (_touch(8, 4), "0 1 2 3;", "empty reach"),
        (_touch(8, 4), "", "no reaches"),
        (_touch(8, 4), "0 1 2 x", "position"),
    ],
)
def test_a_wrong_restriction_says_what_is_wrong(game, text, words):
    with pytest.raises(NotationError, match=words):
        Restriction.parse(game, text)


def test_only_a_touch_game_is_restricted():
    with pytest.raises(InvalidInput, match="touch"):
        Restriction.parse(Game.parse("n=8 hands=4 goal=same"), "dyadic")


def test_a_symmetry_is_kept_only_when_it_keeps_the_reaches():
    game = _touch(6, 3, group="cyclic")
    full = Space.of(game)
    one = Space.of(game, Restriction.parse(game, "0 1 3"))  # its mirror image is 0 2 3
    both = Space.of(game, Restriction.parse(game, "0 1 3; 0 2 3"))
    assert len(both.symmetries) == len(full.symmetries) > len(one.symmetries)


def test_the_bounds_certificate_of_a_restricted_search_is_checked_against_the_game():
    game = _touch(8, 4)
    cert = bounds_certificate(game, reaches="dyadic")
    assert cert["bounds"][1] == 9 and "dyadic" in cert["how"]["reaches"]
    assert check_certificate(game, cert).holds


def test_every_reach_allowed_is_the_whole_game():
    game = _touch(6, 4)
    listed = "; ".join(" ".join(map(str, r)) for r in itertools.combinations(range(6), 4))
    assert restricted(game, Restriction.parse(game, listed))[0].length == brute_touch(game, 12)
