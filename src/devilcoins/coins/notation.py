"""The coin game's values and their text forms: coins, moves, beliefs and strategies.

Position 0 is 12 o'clock, then clockwise.  A coin sequence is written 'HTTH' (position 0 first);
a move is a set of positions to flip, written ``{0, 2}``, ``0 2``, as the notebook's Flips
column (``0123``) or as a flip pattern ``FLFL`` (F = flip, L = leave); a strategy is a sequence
of moves, one a line in a file.  These are the two-valued case of the one notation every game
uses (``core.notation``): the same text reads the same here and in any command.

As integers (the engine's encoding): bit i of a coin sequence is set when position i shows tails,
bit i of a move is set when position i is flipped; flipping is XOR.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import overload

from devilcoins.core import notation
from devilcoins.core.errors import DevilcoinsError, NotationError, check_n, quoted
from devilcoins.core.readnumbers import split_words

__all__ = [
    "Belief",
    "Coins",
    "DevilcoinsError",
    "Move",
    "NotationError",
    "Strategy",
    "canonical_coins",
    "check_n",
    "check_start",
]

#: The widest table a move read without its n may name (a move is a 64-bit word).
_WIDEST = 64


def _rotate_text(text: str, r: int) -> str:
    r %= len(text)
    return text[r:] + text[:r]


class Coins(str):
    """A coin sequence such as 'HTTH': letter i is the coin at position i.

    >>> c = Coins('HTTH')
    >>> c.n, c.tails_mask, c.rotate(1), c.canonical()
    (4, 6, 'TTHH', 'HHTT')
    >>> Coins.from_mask(6, 4)
    'HTTH'
    """

    __slots__ = ()

    def __new__(cls, text: str | Iterable[str]) -> Coins:
        """Coins from text such as 'HTTH' (case and surrounding space ignored)."""
        if isinstance(text, Coins):
            return text
        if not isinstance(text, str):
            text = "".join(text)
        cleaned = text.strip().upper()
        if not cleaned:
            raise NotationError("coins must be a non-empty string of H and T, got ''")
        bad = re.search(r"[^HT]", cleaned)
        if bad:
            raise NotationError(
                f"coins must use only the letters H and T, got {quoted(text.strip())} "
                f"(bad letter {bad.group()!r} at position {bad.start()})"
            )
        return super().__new__(cls, cleaned)

    @classmethod
    def from_mask(cls, tails_mask: int, n: int) -> Coins:
        """The coins whose tails are the set bits of tails_mask (bit i = position i)."""
        return cls("".join("T" if tails_mask >> i & 1 else "H" for i in range(n)))

    @property
    def n(self) -> int:
        """The number of coins."""
        return len(self)

    @property
    def tails_mask(self) -> int:
        """The engine's encoding: bit i set when position i shows tails."""
        return sum(1 << i for i, c in enumerate(self) if c == "T")

    @property
    def all_heads(self) -> bool:
        """True when every coin shows heads (the game is won)."""
        return "T" not in self

    def rotate(self, r: int) -> Coins:
        """The table turned by r in the notebook's sense: coins[r:] + coins[:r]."""
        return Coins(_rotate_text(self, r))

    def rotations(self) -> set[Coins]:
        """Every rotation of these coins (a set, so repeats collapse)."""
        return {self.rotate(r) for r in range(len(self))}

    def canonical(self) -> Coins:
        """The alphabetically first rotation, the notebook's canonical form."""
        return min(self.rotations())

    def flipped(self, move: Move) -> Coins:
        """These coins with the positions of move flipped (no rotation, no canonical form)."""
        move.check(len(self))
        return Coins("HT"[(c == "H") ^ (i not in move)] for i, c in enumerate(self))


class Move(frozenset[int]):
    """A move: the set of positions to flip.

    >>> m = Move.parse('FLFL')
    >>> m, str(m), m.flips(4), m.mask
    (Move({0, 2}), '{0, 2}', 'FLFL', 5)
    >>> Move.parse('{0, 2}') == Move.parse('0 2') == Move.from_mask(5) == {0, 2}
    True
    """

    __slots__ = ()

    def __new__(cls, positions: Iterable[int] = ()) -> Move:
        """The move flipping the given positions."""
        items = list(positions)
        for p in items:
            if isinstance(p, bool) or not isinstance(p, int) or p < 0:
                raise NotationError(
                    f"a move's positions must be whole numbers >= 0, got {quoted(p)}"
                )
        return super().__new__(cls, items)

    @classmethod
    def from_mask(cls, mask: int) -> Move:
        """The move flipping the set bits of mask (bit i = position i)."""
        return cls(i for i in range(mask.bit_length()) if mask >> i & 1)

    @classmethod
    def from_flips(cls, pattern: str) -> Move:
        """The move for a flip pattern such as 'FLFL' (F = flip, L = leave)."""
        text = pattern.strip().upper()
        bad = re.search(r"[^FL]", text)
        if not text or bad:
            raise NotationError(
                f"a flip pattern uses only the letters F and L, got {quoted(pattern)}"
            )
        return cls(i for i, c in enumerate(text) if c == "F")

    @classmethod
    def parse(cls, text: str, n: int | None = None) -> Move:
        """Read a move: '{0, 2}', '0 2', '0,2', 'FLFL', or '{}' / 'set()' / '-' for no flips.

        With n given, positions must be below n and a flip pattern must have n letters; with
        n <= 10, digits run together are one position each, as in the notebook's Flips column.

        >>> Move.parse('01  45', 8), Move.parse('12', 16)
        (Move({0, 1, 4, 5}), Move({12}))
        """
        raw = text.strip()
        if n is None:
            n = len(raw) if re.fullmatch(r"[FLfl]+", raw) else _WIDEST
        return cls.from_values(notation.read_move(raw, n, 2))

    @classmethod
    def from_values(cls, values: Iterable[int]) -> Move:
        """The move that flips the positions where values is not 0 (a two-valued vector)."""
        return cls(i for i, v in enumerate(values) if v)

    def check(self, n: int) -> Move:
        """Return self if every position is below n, else raise NotationError."""
        notation.check_positions(self, n)
        return self

    @property
    def mask(self) -> int:
        """The engine's encoding: bit i set when position i is flipped."""
        return sum(1 << i for i in self)

    def flips(self, n: int) -> str:
        """The flip pattern over n positions, e.g. 'FLFL'."""
        self.check(n)
        return "".join("F" if i in self else "L" for i in range(n))

    def positions(self) -> str:
        """The positions in order, space separated: '0 2' (empty string for no flips)."""
        return " ".join(map(str, sorted(self)))

    def canonical(self, n: int) -> Move:
        """The notebook's canonical form: the heads of the canonical coins, tails where unflipped.

        >>> Move({1, 3}).canonical(4), Move({3}).canonical(4)
        (Move({0, 2}), Move({0}))
        """
        self.check(n)
        coins = Coins("H" if i in self else "T" for i in range(n)).canonical()
        return Move(i for i, c in enumerate(coins) if c == "H")

    def __str__(self) -> str:
        return "{" + ", ".join(map(str, sorted(self))) + "}"

    def __repr__(self) -> str:
        return f"Move({self})"


class Belief(frozenset[Coins]):
    """A belief state: the set of coin sequences still possible.

    >>> b = Belief.parse('{HHHH, HTHT}')
    >>> str(b), len(b), Belief.parse(str(b)) == b
    ('{HHHH, HTHT}', 2, True)
    """

    __slots__ = ()

    def __new__(cls, members: Iterable[str] = ()) -> Belief:
        """The belief holding the given coin sequences (all of one length)."""
        coins = [Coins(c) for c in members]
        if len({c.n for c in coins}) > 1:
            raise NotationError("a belief's coin sequences must all have the same length")
        return super().__new__(cls, coins)

    @classmethod
    def parse(cls, text: str) -> Belief:
        """Read a belief: coin sequences separated by commas or spaces, braces optional."""
        body = text.strip()
        if body.startswith("{") and body.endswith("}"):
            body = body[1:-1]
        return cls(t.strip("'\"") for t in split_words(body, "belief", "coin sequences"))

    def __str__(self) -> str:
        return "{" + ", ".join(sorted(self)) + "}"

    def __repr__(self) -> str:
        return f"Belief({self})"


class Strategy(tuple[Move, ...]):
    """A fixed sequence of moves (a blindfolded player has no decision points).

    >>> s = Strategy.parse('FF\\nFL\\nFF', 2)
    >>> s, s.to_text(2, 'flips').split()
    (Strategy([{0, 1}, {0}, {0, 1}]), ['FF', 'FL', 'FF'])
    >>> Strategy.parse(s.to_text(2), 2) == s
    True
    """

    __slots__ = ()

    def __new__(cls, moves: Iterable[Iterable[int]] = ()) -> Strategy:
        """The strategy playing the given moves in order."""
        return super().__new__(cls, (m if isinstance(m, Move) else Move(m) for m in moves))

    @classmethod
    def from_masks(cls, masks: Iterable[int]) -> Strategy:
        """The strategy of moves given as masks (bit i: flip position i), as verdicts hold them.

        >>> Strategy.from_masks([3, 1, 3])
        Strategy([{0, 1}, {0}, {0, 1}])
        """
        return cls(Move.from_mask(int(m)) for m in masks)

    @classmethod
    def parse(cls, text: str, n: int) -> Strategy:
        """Read a strategy: one move a line ('0 2', '{0, 2}' or 'FLFL'), or a JSON list of lists.

        Blank lines and text after '#' are ignored; a line holding only '-' or '{}' is a move
        that flips nothing.  Errors name the line (``core.notation.read_moves``).
        """
        moves: list[Move] = []
        seen: dict[tuple[int, ...], Move] = {}  # long strategies repeat a few moves many times
        for vec in notation.read_moves(text, check_n(n), 2):
            move = seen.get(vec)
            if move is None:
                move = seen[vec] = Move.from_values(vec)
            moves.append(move)
        return cls(moves)

    def to_text(self, n: int, fmt: str = "positions") -> str:
        """One move a line, as positions ('0 2', '-' for none) or flip patterns ('FLFL')."""
        if fmt not in ("positions", "flips"):
            raise NotationError(f"unknown strategy format {fmt!r}: use 'positions' or 'flips'")
        form = "positions" if fmt == "positions" else "pattern"
        texts: dict[Move, str] = {}
        for m in self:
            if m not in texts:
                vec = [1 if i in m.check(n) else 0 for i in range(n)]
                texts[m] = notation.move_text(vec, 2, form)
        return "".join(texts[m] + "\n" for m in self)

    def to_json(self) -> list[list[int]]:
        """The moves as a list of sorted position lists."""
        return [sorted(m) for m in self]

    def masks(self) -> list[int]:
        """The moves in the engine's encoding."""
        return [m.mask for m in self]

    def __repr__(self) -> str:
        return "Strategy([" + ", ".join(map(str, self)) + "])"


@overload
def check_start(start: str, n: int) -> Coins: ...
@overload
def check_start(start: None, n: int) -> None: ...
def check_start(start: str | None, n: int) -> Coins | None:
    """start as Coins, checked to have n coins (None stays None).

    >>> check_start('HTT', 3), check_start(None, 3)
    ('HTT', None)
    """
    if start is None:
        return None
    coins = Coins(start)
    if coins.n != n:
        raise DevilcoinsError(f"start {coins} has {coins.n} coins but N = {n}")
    return coins


def canonical_coins(n: int) -> list[Coins]:
    """The canonical sequences of n coins in the engine's order (all heads first).

    >>> canonical_coins(4)
    ['HHHH', 'HHHT', 'HHTT', 'HTHT', 'HTTT', 'TTTT']
    """
    from devilcoins.core.tables import table

    return [Coins.from_mask(int(x), n) for x in table(n).reps]
