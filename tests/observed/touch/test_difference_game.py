"""The differences experiment of docs/observed.md (bench/difference_game.py): its turn is the
table's turn seen on differences, and its verdicts at the ends of the range of hands."""

from __future__ import annotations

from difference_game import M, turned, value
from hypothesis import given
from hypothesis import strategies as st


def differences(x: tuple[int, ...]) -> tuple[int, ...]:
    """d_i = x_(i+4) - x_i for 8 dials."""
    return tuple((x[i + 4] - x[i]) % M for i in range(4))


@given(st.tuples(*[st.integers(0, M - 1)] * 8))
def test_a_turn_of_the_table_is_the_negacyclic_turn_of_the_differences(x):
    """Turning 8 dials by one place (the dial at i goes to i + 1) turns d round and negates
    the difference that wraps."""
    once = tuple(x[(i - 1) % 8] for i in range(8))
    assert differences(once) == turned(differences(x))


def test_every_pair_felt_wins_at_once_and_four_hands_lose():
    """With 8 hands every difference is felt and set to 0 in one move; with 4 the Devil keeps
    a difference off 0 for ever."""
    assert value(8) == 1
    assert value(4) is None
