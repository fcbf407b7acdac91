"""One notation for every game: how devilcoins writes and reads states, moves, strategies, turns.

A game has n positions (position 0 at 12 o'clock, then clockwise), each holding one of m values.
Everything the program prints in these forms it reads back, in every command, file and option;
the coin game's forms are the two-valued case (docs/library.md, "The notation").

**States**: one symbol a position, position 0 first: ``HTTH`` for two values (H is 0, heads; T is
1, tails); digits for any number of values (``0120``; for two values ``0110`` too); values
separated by dots when one passes 9 (``10.0.3``).

**Moves**: a move adds an amount to each position (mod m: for two values it flips the positions
where it adds 1).  Three forms:

- *pattern*: one symbol a position, position 0 first: F (flip) and L (leave) for two values, the
  amounts as digits for more (``1020``, dots past 9);
- *positions*: the positions it changes by one, in any order: ``0 2``, ``0,2``, ``{0, 2}``; ``-``
  or ``{}`` for none;
- *column*: the notebook's Flips column, digits run together, each digit one position
  (``0123``, ``01  45``; up to 10 positions).

The one rule for a string of digits alone: **with two values it names positions** (the
notebook's Flips column: ``01`` flips both of two coins), **with more values it is the pattern
of amounts** (n digits).  So a two-valued move is written position by position as a flip pattern
(``LF``); a two-valued string of digits that repeats a position cannot be read, and the error
says the flip pattern it would be as values.

**Strategies**: one move a line (blank lines and text after ``#`` ignored), or a JSON list whose
moves are strings in the forms above or lists of positions.  A list of moves in one field
(``--moves``, ``moves=``) separates them by commas outside braces (``0 2, 1 3`` or ``FLFL,LFLF``).

**Turns** of the Devil are written and read by ``core.turntext`` (``read_turns`` is here too).

>>> read_move('01', 2, 2), read_move('LF', 2, 2), read_move('0 2', 4, 2), read_move('1020', 4, 3)
((1, 1), (0, 1), (1, 0, 1, 0), (1, 0, 2, 0))
>>> move_text((1, 0, 1, 0), 2), move_text((1, 0, 1, 0), 2, 'positions'), move_text((1, 0, 2), 3)
('FLFL', '0 2', '102')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from devilcoins.core.errors import NotationError, NotSupported, quoted
from devilcoins.core.readnumbers import (
    WHOLE,
    gap_error,
    json_whole,
    meant_whole,
    read_whole,
    split_words,
    whole_mistake,
)
from devilcoins.core.strategyforms import SET_LINE, json_strategy, printed_moves, strategy_lines

# read_turns is documented with the notation and read from here (docs/api/core.md, the tests).
from devilcoins.core.turntext import read_turns

__all__ = [
    "MOVE_FORMS",
    "check_positions",
    "flips_column",
    "move_text",
    "read_move",
    "read_move_list",
    "read_moves",
    "read_numbered_moves",
    "read_positions",
    "read_state",
    "read_turns",
    "read_vector",
    "split_list",
    "state_text",
    "vector_text",
]

#: How a move may be printed (``move_text``): one symbol a position, or the positions flipped.
MOVE_FORMS = ("pattern", "positions")

Vector = tuple[int, ...]


# --- states and patterns ---------------------------------------------------------------------


def vector_text(values: Sequence[int]) -> str:
    """Digits, one a position ('0120'), or values separated by dots when one passes 9.

    >>> vector_text((1, 0, 2)), vector_text((10, 0, 3))
    ('102', '10.0.3')
    """
    sep = "." if any(v >= 10 for v in values) else ""
    return sep.join(map(str, values))


def state_text(values: Sequence[int], m: int) -> str:
    """A state: 'HTTH' for two values, digits otherwise."""
    return "".join("HT"[v] for v in values) if m == 2 else vector_text(values)


def read_vector(text: str, n: int, m: int, what: str) -> Vector:
    """n values below m: digits ('0120'), H/T for two values, or values separated by dots.

    >>> read_vector('HTTH', 4, 2, 'state'), read_vector('10.0.3', 3, 11, 'state')
    ((0, 1, 1, 0), (10, 0, 3))
    >>> read_vector('10', 1, 11, 'pattern')
    (10,)
    """
    body = str(text).strip().upper()
    if m == 2 and re.fullmatch(r"[HT]+", body):
        body = body.replace("H", "0").replace("T", "1")
    if n == 1 and m > 10 and re.fullmatch(r"[0-9]+", body):  # one value: the whole number
        parts = [body]
    elif "." in body and re.fullmatch(r"[0-9]+(\.[0-9]+)*", body):
        parts = body.split(".")
    elif re.fullmatch(r"[0-9]+", body):
        parts = list(body)
    else:
        parts = []
    letters = "H and T, or digits" if m == 2 else "digits"
    bad = re.search(r"[^HT0-9.]" if m == 2 else r"[^0-9.]", body)
    where = f" (bad letter {bad.group()!r} at position {bad.start()})" if bad else ""
    if len(parts) != n:
        raise NotationError(
            f"{what} {quoted(str(text).strip())}{where}: write {n} values ({letters}), one a "
            "position, position 0 first (dots between values past 9)"
        )
    loose = next((part for part in parts if not WHOLE.fullmatch(part)), None)
    if loose is not None:
        raise NotationError(
            f"{what} {quoted(str(text).strip())}: {whole_mistake(loose, 'a value')}"
        )
    widest = len(str(m - 1))  # a wider value is past m - 1 (and may be past what int() reads)
    values = tuple(int(c) if len(c) <= widest else m for c in parts)
    if max(values, default=0) >= m:
        raise NotationError(f"{what} {quoted(str(text).strip())}: values run from 0 to {m - 1}")
    return values


def read_state(text: str, n: int, m: int) -> Vector:
    """A state from 'HTTH' or digits."""
    return read_vector(text, n, m, "state")


# --- moves -----------------------------------------------------------------------------------


def read_positions(text: str, n: int) -> list[int]:
    """The positions '{0, 2}', '0 2', '0,2' or '{}' / 'set()' / '-' (none) name, each below n.

    With n <= 10, digits run together are one position each, as in the notebook's Flips column;
    a position named twice is refused.

    >>> read_positions('{0, 2}', 4), read_positions('01  45', 8), read_positions('12', 16)
    ([0, 2], [0, 1, 4, 5], [12])
    """
    shown = quoted(text.strip())
    body = text.strip()
    if body in ("set()", "-"):
        body = ""
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1]
    tokens = split_words(body, "move")
    loose = next((t for t in tokens if not re.fullmatch(r"[0-9]+", t)), None)
    if loose is not None and meant_whole(loose) is not None:
        raise NotationError(f"move {shown}: {whole_mistake(loose, 'a position')}")
    if loose is not None:
        raise NotationError(
            f"cannot read move {shown}: write positions like '0 2' or '{{0, 2}}', or "
            "a pattern like 'FLFL' (F flip, L leave)"
        )
    if n > 10:  # each word a position (at most 10 positions: each digit one, as in a column)
        positions = [read_whole(t, f"move {shown}: a position") for t in tokens]
    else:
        positions = [int(d) for t in tokens for d in t]
    if positions and max(positions) >= n:
        raise NotationError(
            f"move {shown} names position {max(positions)}, but with {n} positions "
            f"they are 0..{n - 1}"
        )
    twice = next((p for i, p in enumerate(positions) if p in positions[:i]), None)
    if twice is not None:
        raise NotationError(f"move {shown} names position {twice} twice")
    return positions


def check_positions(positions: Iterable[int], n: int) -> None:
    """Raise NotationError unless every position is below n."""
    named = sorted(set(positions))
    if named and named[-1] >= n:
        shown = "{" + ", ".join(map(str, named)) + "}"
        raise NotationError(
            f"move {shown} names position {named[-1]}, but with {n} positions they are 0..{n - 1}"
        )


def _as_values_hint(body: str, n: int) -> str:
    """ "; to flip where the 1s are, write LLFF" when the digits read as one bit a position."""
    if len(body) == n and set(body) <= {"0", "1"}:
        return f"; to flip where the 1s are, write the flip pattern {_pattern(body)!r}"
    return ""


def _as_mask_hint(body: str, n: int) -> str:
    """ "; if 5 is a bit mask (...), write its positions '0 2'" for a number below 2^n.

    >>> _as_mask_hint('5', 3).split(", ")[-1]
    "write its positions '0 2'"
    """
    digits = body.lstrip("0")
    if not digits or len(digits) > len(str(1 << n)):  # no mask of n bits: no int() of it
        return ""
    mask = int(digits)
    if not 0 < mask < 1 << n:
        return ""
    positions = " ".join(str(i) for i in range(n) if mask >> i & 1)
    return (
        f"; if {mask} is a bit mask (bit i flips position i, as the lesson writes moves), "
        f"write its positions {positions!r}"
    )


def _pattern(bits: str) -> str:
    return bits.replace("0", "L").replace("1", "F")


def read_move(text: str, n: int, m: int) -> Vector:
    """A move in any of its forms (see the module doc): the amount added at each position.

    >>> read_move('{0, 2}', 3, 2), read_move('-', 3, 2), read_move('0.1.10', 3, 11)
    ((1, 0, 1), (0, 0, 0), (0, 1, 10))
    >>> read_move('0011', 4, 2)
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: move '0011' names position 0 twice (with two values, \
digits name positions, as in the notebook's Flips column); to flip where the 1s are, write the \
flip pattern 'LLFF'
    """
    body = str(text).strip()
    if m == 2 and re.fullmatch(r"[FLfl]+", body):
        if len(body) != n:
            raise NotationError(
                f"flip pattern {quoted(body)} has {len(body)} letters but there are {n} positions"
            )
        return tuple(int(c in "Ff") for c in body)
    if re.search(r"[A-Za-z]", body.replace("set()", "")):
        letters = "F flip, L leave" if m == 2 else f"the amounts 0..{m - 1}, one a position"
        raise NotationError(
            f"cannot read move {quoted(body)}: write a pattern ({letters}), or positions such "
            "as '0 2'"
        )
    if re.fullmatch(r"[0-9]+(\.[0-9]+)+", body) or (m > 2 and re.fullmatch(r"[0-9]+", body)):
        return read_vector(body, n, m, "move")
    try:
        positions = read_positions(body, n)
    except NotationError as err:
        if m == 2 and re.fullmatch(r"[0-9]+", body):
            raise NotationError(
                f"{err} (with two values, digits name positions, as in the notebook's Flips "
                f"column){_as_values_hint(body, n) or _as_mask_hint(body, n)}"
            ) from None
        raise
    return tuple(1 if i in positions else 0 for i in range(n))


def move_text(values: Sequence[int], m: int, form: str = "pattern") -> str:
    """A move as a pattern ('FLFL' for two values, digits otherwise) or as positions ('0 2').

    Positions are for two values ('-' for a move that flips nothing).
    """
    if form == "pattern":
        return "".join("LF"[v] for v in values) if m == 2 else vector_text(values)
    if form == "positions":
        if m != 2:
            raise NotSupported(
                f"positions name the flips of a two-valued move; with {m} values write each "
                "move as its pattern of amounts"
            )
        return " ".join(str(i) for i, v in enumerate(values) if v) or "-"
    raise NotationError(f"unknown move form {form!r}: use {' or '.join(MOVE_FORMS)}")


def flips_column(values: Sequence[int]) -> str:
    """The notebook's Flips column: position i's digit where it flips, a blank elsewhere.

    >>> flips_column((1, 0, 1, 0))
    '0 2 '
    """
    return "".join(str(i) if v else " " for i, v in enumerate(values))


def split_list(text: str, what: str = "the list") -> list[str]:
    """The items of a comma-separated list, commas inside braces kept ('{0, 2}, 1'); an empty
    text is no item, and a comma first, last or twice in a row is refused (what names the list).

    >>> split_list('{0, 2}, 1 3,FLFL')
    ['{0, 2}', '1 3', 'FLFL']
    >>> split_list('HHHH,', 'goal')
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: goal 'HHHH,' ends with ',' (nothing after it): \
separate the items by single commas
    """
    items, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += (c == "{") - (c == "}")
        if c == "," and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    items.append(text[start:].strip())
    if not any(items):
        return []
    if "" in items:
        raise gap_error(what, text.strip(), items, ",", "separate the items by single commas")
    return items


def read_move_list(text: str, n: int, m: int) -> tuple[Vector, ...]:
    """Moves separated by commas (outside braces): the list of a game's allowed moves."""
    return tuple(read_move(item, n, m) for item in split_list(text, "the list of moves"))


def read_moves(text: str, n: int, m: int) -> list[Vector]:
    """A strategy: one move a line ('#' starts a comment), a JSON list of moves, or what
    ``solve`` prints (the moves of its belief table's Flips column, of its 'Moves:' line, or of
    its JSON's 'strategy').

    In JSON a move is a string in any form above or a list of positions.  Errors name the line
    (or the move of a JSON list).

    >>> read_moves('FF\\n0 # a comment\\n\\n01', 2, 2)
    [(1, 1), (1, 0), (1, 1)]
    >>> read_moves('[[0, 1], "FL", "01"]', 2, 2)
    [(1, 1), (1, 0), (1, 1)]
    """
    return [move for _, move in read_numbered_moves(text, n, m)]


def read_numbered_moves(text: str, n: int, m: int) -> list[tuple[str, Vector]]:
    """The moves of a strategy (``read_moves``), each with where it stands: 'line 3', or
    'move 2' in a JSON list."""
    stripped = text.strip()
    if stripped.startswith("[") or (stripped.startswith("{") and not SET_LINE.match(stripped)):
        return [(f"move {i}", a) for i, a in enumerate(_json_moves(stripped, n, m), 1)]
    printed = printed_moves(text)
    items = printed if printed is not None else strategy_lines(text)
    moves: list[tuple[str, Vector]] = []
    seen: dict[str, Vector] = {}  # long strategies repeat a few moves many times
    for where, body in items:
        move = seen.get(body)
        if move is None:
            try:
                move = seen[body] = read_move(body, n, m)
            except NotationError as err:
                raise NotationError(f"{where}: {err}") from None
        moves.append((where, move))
    return moves


def _json_moves(text: str, n: int, m: int) -> list[Vector]:
    """The moves of a JSON strategy: each a move text or a list of positions."""
    data = json_strategy(text)
    moves = []
    for i, item in enumerate(data, 1):
        try:
            if isinstance(item, str):
                moves.append(read_move(item, n, m))
            elif isinstance(item, list) and all(json_whole(p) for p in item):
                check_positions(item, n)
                moves.append(tuple(1 if p in item else 0 for p in range(n)))
            else:
                raise NotationError(
                    f"expected a move text or a list of positions, got {quoted(item)}"
                )
        except NotationError as err:
            raise NotationError(f"move {i}: {err}") from None
    return moves
