"""How devilcoins reads the numbers and lists people write: whole numbers, decimals, and lists
separated by spaces, commas or semicolons.

There is one rule for a whole number wherever it is written (an argument, a game's text, a
position, a turn, a file): the digits 0-9 alone, with no leading zero.  ``read_whole`` and
``read_decimal`` apply it and say in one line what to write instead; ``split_words`` and
``split_parts`` cut a list and refuse an item left out.  Nothing here imports anything else in
devilcoins but its errors.
"""

from __future__ import annotations

import re
import unicodedata

from devilcoins.core.errors import NotationError, TooLarge, quoted

__all__ = [
    "DECIMAL",
    "WHOLE",
    "gap_error",
    "json_whole",
    "meant_whole",
    "read_decimal",
    "read_whole",
    "split_parts",
    "split_words",
    "whole_mistake",
]


#: A whole number as devilcoins reads it wherever one is written (an argument, a game's text, a
#: position, a turn, a file): the ASCII digits 0-9 alone, without a leading zero ('0' is zero).
#: Python's int() also reads '04', '+4', ' 4', '1_6' and other scripts' digits ('４', '٤').
WHOLE = re.compile(r"0|[1-9][0-9]*")

#: A decimal number (seconds, gigabytes): a WHOLE number, then maybe a point and digits.
DECIMAL = re.compile(r"(?:0|[1-9][0-9]*)(?:\.[0-9]+)?")

#: What a refusal says a whole number is.
WHOLE_RULE = (
    "a whole number written with the digits 0-9 alone (no sign, space, underscore or leading zero)"
)


def meant_whole(text: str) -> str | None:
    """The whole number a loosely written text plainly means ('04', '+4', ' 4', '1_6', '４'), in
    the form to write instead; None when it means none."""
    body = text.strip().removeprefix("+").replace("_", "")
    if (
        not body
        or len(body) > 40
        or not all(unicodedata.decimal(c, None) is not None for c in body)
    ):
        return None
    return "".join(str(unicodedata.decimal(c)) for c in body).lstrip("0") or "0"


def whole_mistake(text: str, what: str, low: int = 0) -> str | None:
    """None when text is a whole number as devilcoins reads one (``WHOLE``), else the one-line
    refusal: what is wrong, and the number to write when it is plain which (and at least low).

    >>> whole_mistake("16", "n") is None, whole_mistake("0", "n") is None
    (True, True)
    >>> whole_mistake("04", "N")
    "N must be a whole number written with the digits 0-9 alone (no sign, space, underscore or \
leading zero), got '04' (a leading zero): write 4"
    >>> whole_mistake("\uff11", "a position")[-16:]
    "got '１': write 1"
    """
    if WHOLE.fullmatch(text):
        return None
    meant = meant_whole(text)
    why = " (a leading zero)" if re.fullmatch(r"0[0-9]+", text) else ""
    plain = meant is not None and meant != text and (low <= 0 or meant != "0")
    instead = f": write {meant}" if plain else ""
    return f"{what} must be {WHOLE_RULE}, got {quoted(text)}{why}{instead}"


#: The most digits a number is read with (19: up to 10^18), unless a reader asks for more.
MOST_DIGITS = 19


def read_whole(text: str, what: str, low: int = 0, digits: int = MOST_DIGITS) -> int:
    """The whole number text writes (``WHOLE``: the digits 0-9, no leading zero), at least low
    and of at most digits digits; else NotationError (TooLarge past digits), one line naming
    what, what is wrong and what to write.

    >>> read_whole("16", "n"), read_whole("0", "hands")
    (16, 0)
    >>> read_whole("0", "n", 1)
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: n must be at least 1, got 0
    """
    mistake = whole_mistake(text, what, low)
    if mistake is not None:
        raise NotationError(mistake)
    if len(text) > digits:
        most = "10^18" if digits == MOST_DIGITS else f"{digits:,} digits"
        raise TooLarge(f"{what} must be at most {most}, got a number of {len(text):,} digits")
    value = 0
    for i in range(0, len(text), 4000):  # int() takes at most 4,300 digits a call: changing
        part = text[i : i + 4000]  # that limit is global, and a server's threads share it
        value = value * 10 ** len(part) + int(part)
    if value < low:
        raise NotationError(f"{what} must be at least {low}, got {value}")
    return value


def read_decimal(text: str, what: str) -> float:
    """The number text writes (``DECIMAL``: '30', '2.5', '0.5'; the digits 0-9, at most one
    decimal point, no leading zero), else NotationError: float() would also read '1_0' as 10,
    '+3', ' 3' or '03' as 3, '3e0' as 3 and 'inf'.

    >>> read_decimal("2.5", "--time-limit"), read_decimal("0.5", "--memory")
    (2.5, 0.5)
    >>> read_decimal("05", "--memory")
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: --memory must be a number written with the digits 0-9 \
and at most one decimal point (no sign, space, underscore or exponent), got '05' (a leading \
zero): write 5
    """
    if not DECIMAL.fullmatch(text):
        zeros = re.fullmatch(r"0+([0-9]+(?:\.[0-9]+)?)", text)
        instead = f" (a leading zero): write {zeros[1]}" if zeros and len(text) <= 40 else ""
        raise NotationError(
            f"{what} must be a number written with the digits 0-9 and at most one decimal point "
            f"(no sign, space, underscore or exponent), got {quoted(text)}{instead}"
        )
    return float(text)


def json_whole(item: object) -> bool:
    """Whether a value read from JSON is a whole number, at least 0 (true and false are not).

    >>> json_whole(3), json_whole(True), json_whole(-1), json_whole("3")
    (True, False, False, False)
    """
    return isinstance(item, int) and not isinstance(item, bool) and item >= 0


# --- lists people write -----------------------------------------------------------------------

#: Between two words of a list of numbers: spaces, or one comma with or without spaces.
_BETWEEN = re.compile(r"\s*,\s*|\s+")


def gap_error(what: str, body: str, parts: list[str], sep: str, advice: str) -> NotationError:
    """The refusal of a list with an empty item: a separator first, last or twice in a row."""
    if not parts[0].strip():
        where = f"starts with {sep!r}"
    elif not parts[-1].strip():
        where = f"ends with {sep!r} (nothing after it)"
    else:
        where = f"has {sep!r} twice in a row (nothing between)"
    return NotationError(f"{what} {quoted(body)} {where}: {advice}")


def split_words(text: str, what: str, items: str = "numbers") -> list[str]:
    """The words of a list of numbers written with spaces or single commas between them ('0 2',
    '0,2', '0, 2'; several spaces are one gap); a comma first, last or twice in a row is refused
    (it stands for an item left out), what naming the list and items its items.

    >>> split_words(' 0, 2  3 ', 'move'), split_words('', 'move')
    (['0', '2', '3'], [])
    >>> split_words('0,1,', 'move')
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: move '0,1,' ends with ',' (nothing after it): \
separate the numbers by spaces or by single commas
    """
    body = text.strip()
    if not body:
        return []
    words = _BETWEEN.split(body)
    if "" in words:
        raise gap_error(
            what, body, words, ",", f"separate the {items} by spaces or by single commas"
        )
    return words


def split_parts(text: str, what: str, sep: str = ";") -> list[str]:
    """The parts of a list separated by sep (';': permutations), each stripped; a list with
    nothing in it is [] (the caller says what it needs), and a sep first, last or twice in a
    row is refused.

    >>> split_parts('1 2 0; 0 2 1', 'the generators'), split_parts(' ; ', 'the generators')
    (['1 2 0', '0 2 1'], [])
    >>> split_parts('1 2 0;', 'the generators')
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: the generators '1 2 0;' ends with ';' (nothing after \
it): separate the items by single ';'
    """
    parts = [part.strip() for part in text.split(sep)]
    if not any(parts):
        return []
    if "" in parts:
        raise gap_error(what, text.strip(), parts, sep, f"separate the items by single {sep!r}")
    return parts
