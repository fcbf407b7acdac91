"""Groups by their generators (``core.schreier``, ``core.symmetry``): order and membership
against the naive closure, known orders, and one Game for two spellings of one group."""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import closure

from devilcoins import Game
from devilcoins.core.schreier import Chain
from devilcoins.core.symmetry import Group


@st.composite
def generated(draw: st.DrawFn) -> tuple[int, list[tuple[int, ...]]]:
    n = draw(st.integers(1, 7))
    perms = st.permutations(list(range(n))).map(tuple)
    return n, draw(st.lists(perms, min_size=0, max_size=3))


@settings(max_examples=150, deadline=None)
@given(generated())
def test_order_and_membership_are_the_naive_closures(case):
    n, gens = case
    elements = closure(gens, n)
    chain = Chain.of(n, gens)
    assert chain.order() == len(elements)
    for p in itertools.permutations(range(n)):
        assert chain.contains(p) == (p in elements)


def _turn(n: int, k: int) -> tuple[int, ...]:
    """The k-cycle 0 -> 1 -> ... -> k-1 -> 0 on n positions, the rest fixed."""
    return tuple([*range(1, k), 0, *range(k, n)])


def _swap(n: int) -> tuple[int, ...]:
    return tuple([1, 0, *range(2, n)])


def test_known_orders_far_past_any_list():
    assert Chain.of(20, [_turn(20, 20), _swap(20)]).order() == math.factorial(20)
    assert Chain.of(16, [_turn(16, 15), _swap(16)]).order() == math.factorial(15)
    m11 = [_turn(11, 11), (0, 1, 6, 9, 5, 3, 10, 2, 8, 4, 7)]  # the Mathieu group M11
    assert Chain.of(11, m11).order() == 7_920
    even = [tuple([1, 2, 0, *range(3, 10)]), tuple([0, *range(2, 10), 1])]  # A10
    assert Chain.of(10, even).order() == math.factorial(10) // 2


def test_the_symmetric_group_by_generators_is_full():
    spelled = Group.parse("1 2 3 4 5 6 7 8 0; 1 0 2 3 4 5 6 7 8", 9)
    assert spelled == Group.named("full", 9) and str(spelled) == "full"
    turn = "n=9 group=1,2,3,4,5,6,7,8,0;1,0,2,3,4,5,6,7,8"
    assert Game.parse(turn) == Game.parse("n=9 group=full")


def test_two_spellings_of_a_group_past_the_canonical_size_are_one_game():
    """S15 on 16 positions (1.3 x 10^12 elements) by two generating sets."""
    first = Group.of(16, [_turn(16, 15), _swap(16)])
    swap_last = tuple([*range(13), 14, 13, 15])  # another transposition and the 15-cycle
    second = Group.of(16, [swap_last, _turn(16, 15), _swap(16)])
    assert first.order() == second.order() == math.factorial(15)
    assert first == second and hash(first) == hash(second)
    assert Game(16, group=first) == Game(16, group=second)
    assert first != Group.named("full", 16)
    assert not first.contains(tuple([*range(14), 15, 14]))  # moves position 15: outside


def test_full_on_three_seats_is_dihedral_however_spelled():
    spellings = [
        "n=3 group=full",
        "n=3 group=dihedral",
        "n=3 group=1,0,2;1,2,0",
        "n=3 group=0,2,1;1,0,2",
    ]
    games = {Game.parse(text) for text in spellings}
    assert len(games) == 1 and str(games.pop()) == "n=3 group=dihedral"


def test_a_list_of_every_move_is_the_plain_game_or_the_game_with_hands():
    every = ",".join("".join("F" if (x >> i) & 1 else "L" for i in range(3)) for x in range(1, 8))
    assert Game.parse(f"n=3 moves={every}") == Game(3)
    assert Game.parse("n=3 moves=FLL,LFL,LLF,LLL") == Game.parse("n=3 hands=1")
    assert Game.parse("n=3 moves=FLL,LFL").moves is not None  # not every single flip
    assert Game.parse(f"n=3 hands=2 moves={every}") == Game.parse("n=3 hands=2")


def test_a_game_whose_group_has_a_trillion_turns_is_settled_from_its_generators():
    """16 coins, the symmetric group on 15 of the seats (1.3 x 10^12 turns): 65,536 states.
    The Devil wins, and prove checks his trap over every state (it used to list the group)."""
    from devilcoins import prove

    game = Game(16, group=Group.of(16, [_turn(16, 15), _swap(16)]))
    verdict = prove(game)
    assert verdict.winnable is False
    checked = [e for e in verdict.evidence if e.checked]
    assert checked and all(e.holds for e in checked)
