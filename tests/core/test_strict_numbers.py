"""Issue 47: a number is the ASCII digits 0-9 with no leading zero, wherever it is read.

Python's int() reads '04', '+4', ' 4', '1_6' and other scripts' digits ('４', '٤') as numbers, so
every reader once took them: ``core.numbers.read_whole`` (and ``read_decimal`` for seconds and
gigabytes) is the one reader, and the notation's numbers (positions, values, turns, generators,
a game's fields) go through it.  The oracle here is written apart from the code: a canonical
whole number is a non-empty run of the characters 0-9 that starts with 0 only when it is '0'.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from devilcoins import Game
from devilcoins.core import notation
from devilcoins.core.errors import DevilcoinsError, NotationError
from devilcoins.core.perm import Perm
from devilcoins.core.readnumbers import read_decimal, read_whole, split_parts, split_words
from devilcoins.core.symmetry import Group

ASCII_DIGITS = "0123456789"


def canonical(text: str) -> bool:
    """The oracle: the digits 0-9 alone, and no leading zero ('0' itself is zero)."""
    return bool(text) and all(c in ASCII_DIGITS for c in text) and (text == "0" or text[0] != "0")


def canonical_decimal(text: str) -> bool:
    whole, point, fraction = text.partition(".")
    if not point:
        return canonical(text)
    return canonical(whole) and bool(fraction) and all(c in ASCII_DIGITS for c in fraction)


#: Text near numbers: digits of every script, signs, spaces, underscores, points and letters.
NEAR = st.text(
    alphabet=st.one_of(
        st.sampled_from(list(ASCII_DIGITS + "+-_ .,\t\nex")),
        st.characters(categories=["Nd", "No"]),
    ),
    max_size=12,
)

#: Digits of other scripts (fullwidth, Arabic-Indic, Devanagari, ...): int() reads each.
OTHER_DIGITS = st.characters(categories=["Nd"]).filter(lambda c: c not in ASCII_DIGITS)


@given(st.one_of(NEAR, st.text(max_size=12)))
@example("04")
@example("\uff11")
@example("+4")
@example(" 4")
@example("1_6")
@example("00")
@example("")
def test_a_whole_number_is_read_only_when_canonical(text):
    if canonical(text):
        assert read_whole(text, "n") == int(text)
    else:
        with pytest.raises(NotationError, match="digits 0-9 alone"):
            read_whole(text, "n")


@given(st.integers(0, 10**18))
def test_a_canonical_number_round_trips(n):
    assert read_whole(str(n), "n") == n
    assert read_decimal(str(n), "--time-limit") == float(n)


@given(st.integers(0, 10**6), st.integers(1, 5))
def test_leading_zeros_are_refused_with_the_number_to_write(n, zeros):
    with pytest.raises(NotationError, match=f"a leading zero\\): write {n}$"):
        read_whole("0" * zeros + str(n), "N")


@given(st.lists(OTHER_DIGITS, min_size=1, max_size=4))
def test_other_scripts_digits_are_refused(chars):
    text = "".join(chars)
    with pytest.raises(NotationError, match="digits 0-9 alone"):
        read_whole(text, "n")
    with pytest.raises(NotationError, match="digits 0-9"):
        read_decimal(text, "--memory")


@given(st.one_of(NEAR, st.text(max_size=12)))
@example("05")
@example("00.5")
@example("0.5")
@example(".5")
@example("5.")
@example("1e3")
@example("inf")
def test_a_decimal_is_read_only_when_canonical(text):
    if canonical_decimal(text):
        assert read_decimal(text, "--time-limit") == float(text)
    else:
        with pytest.raises(NotationError, match="digits 0-9"):
            read_decimal(text, "--time-limit")


@given(st.one_of(NEAR, st.text(max_size=8)))
@example("4")
def test_a_games_fields_read_numbers_as_the_one_reader_does(text):
    assume(text and f"n={text}".split() == [f"n={text}"])  # one field: the text whole
    if canonical(text) and 1 <= int(text) <= 4:
        assert Game.parse(f"n={text}").n == int(text)
        hands = int(text) if int(text) < 4 else None  # n hands or more: no limit, one game
        assert Game.parse(f"n=4 hands={text}").hands == hands
    elif not canonical(text):
        with pytest.raises(DevilcoinsError):
            Game.parse(f"n={text}")
        with pytest.raises(DevilcoinsError):
            Game.parse(f"n=4 hands={text}")


@given(st.one_of(NEAR, st.text(max_size=6)))
@example("03")
@example("\uff13")
def test_a_turn_is_a_canonical_number(text):
    """The Devil's turn r (a turns file): '03' and '３' were read as 3."""
    assume(len(text.split()) == 1 and "," not in text and ";" not in text)  # one turn
    assume(text.strip()[0] not in "[{")  # not JSON
    if canonical(text.strip()):
        [turn] = notation.read_turns(text, 4)[1]
        assert turn == Perm.turn(4, int(text))
    else:
        with pytest.raises(DevilcoinsError):
            notation.read_turns(text, 4)


@pytest.mark.parametrize("entry", ["01", "\uff11", "+1", "1_0"])
def test_a_permutation_entry_is_a_canonical_number(entry):
    with pytest.raises(NotationError, match="digits 0-9"):
        Perm.parse(f"{entry} 0 2 3", 4)
    with pytest.raises(NotationError):
        Group.parse(f"{entry} 0 2 3", 4)


@pytest.mark.parametrize("text", ["01 2", "1 02", "\uff11 2", "1 \uff12"])
def test_positions_past_ten_are_canonical_numbers(text):
    """With more than 10 positions each word of a move is a position: '02' and '２' were 2."""
    with pytest.raises(NotationError):
        notation.read_move(text, 16, 2)
    assert notation.read_move("1 2", 16, 2) == tuple(int(i in (1, 2)) for i in range(16))


@pytest.mark.parametrize("text", ["10.05.3", "010.0.3", "\uff11\uff10.0.3"])
def test_values_with_dots_are_canonical_numbers(text):
    with pytest.raises(NotationError):
        notation.read_vector(text, 3, 11, "state")
    assert notation.read_vector("10.0.3", 3, 11, "state") == (10, 0, 3)


WORD = st.text(alphabet="0123456789", min_size=1, max_size=3)


@given(st.lists(WORD, min_size=1, max_size=6), st.sampled_from([" ", ",", ", ", " , ", "  "]))
def test_a_list_of_numbers_splits_back_into_its_words(words, sep):
    assert split_words(sep.join(words), "move") == words


@given(
    st.lists(WORD, min_size=1, max_size=6),
    st.integers(0, 6),
    st.sampled_from([",", ", ", " ,"]),
)
def test_a_list_with_an_empty_item_is_refused(words, where, sep):
    """A comma first, last or twice in a row stands for an item left out: never dropped."""
    where = min(where, len(words))
    gapped = [*words[:where], "", *words[where:]]
    text = sep.join(gapped)
    with pytest.raises(NotationError, match="','"):
        split_words(text, "move")
    with pytest.raises(NotationError, match="','"):
        notation.split_list(text, "goal")


@given(st.lists(st.sampled_from(["1 0 2 3", "0 1 3 2"]), min_size=1, max_size=4), st.integers(0, 4))
def test_a_list_of_permutations_with_an_empty_part_is_refused(parts, where):
    where = min(where, len(parts))
    assert split_parts("; ".join(parts), "generators") == parts
    with pytest.raises(NotationError, match="';'"):
        split_parts(";".join([*parts[:where], "", *parts[where:]]), "generators")


@given(st.integers(2, 10).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, 2**n - 1))))
def test_a_bit_mask_refused_as_a_move_names_its_positions_and_they_read_back(case):
    """The lesson writes moves as bit masks; a mask that does not read as positions is refused
    with the positions it stands for, and those positions are the mask's move."""
    n, mask = case
    try:
        notation.read_move(str(mask), n, 2)
    except NotationError as err:
        said = str(err).rsplit("write its positions ", 1)
        assert len(said) == 2, str(err)
        move = notation.read_move(said[1].strip("'"), n, 2)
        assert sum(v << i for i, v in enumerate(move)) == mask


@pytest.mark.parametrize("digits", ["1" * 29_999, "0" * 29_999, "9" * 5_000, "0" * 4_000 + "12"])
def test_a_move_of_thousands_of_digits_is_refused_in_words(digits):
    """A long run of digits read as a move is refused with the move's words: the bit-mask hint
    once turned all of it into an int, past Python's 4,300-digit limit (a ValueError)."""
    with pytest.raises(NotationError, match="position"):
        notation.read_move(digits, 4, 2)
