"""The domain values and their text forms: coins, moves, beliefs and strategies.

Position 0 is 12 o'clock, then clockwise.  A coin sequence is written 'HTTH' (position 0 first);
a move is a set of positions to flip, written ``{0, 2}``, ``0 2`` or as a flip pattern ``FLFL``
(F = flip, L = leave); a strategy is a sequence of moves, one a line in a file.

As integers (the engine's encoding): bit i of a coin sequence is set when position i shows tails,
bit i of a move is set when position i is flipped; flipping is XOR.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, overload

from devilcoins.core.errors import (
    DevilcoinsError,
    NotationError,
    check_n,
    check_positions,
    read_positions,
)

__all__ = [
    "Belief",
    "Coins",
    "Counterexample",
    "DevilcoinsError",
    "Move",
    "NotationError",
    "Strategy",
    "canonical_coins",
    "check_n",
    "check_start",
]


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
                f"coins must use only the letters H and T, got {text.strip()!r} "
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
                raise NotationError(f"a move's positions must be whole numbers >= 0, got {p!r}")
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
            raise NotationError(f"a flip pattern uses only the letters F and L, got {pattern!r}")
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
        if re.fullmatch(r"[FLfl]+", raw):
            if n is not None and len(raw) != n:
                raise NotationError(
                    f"flip pattern {raw!r} has {len(raw)} letters but there are {n} coins"
                )
            move = cls.from_flips(raw)
        else:
            move = cls(read_positions(raw, n))
        if n is not None:
            move.check(n)
        return move

    def check(self, n: int) -> Move:
        """Return self if every position is below n, else raise NotationError."""
        check_positions(self, n)
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
        return cls(t.strip("'\"") for t in re.split(r"[\s,]+", body) if t)

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
    def parse(cls, text: str, n: int) -> Strategy:
        """Read a strategy: one move a line ('0 2', '{0, 2}' or 'FLFL'), or a JSON list of lists.

        Blank lines and text after '#' are ignored; a line holding only '-' or '{}' is a move
        that flips nothing.  Errors name the line.
        """
        stripped = text.strip()
        if stripped.startswith("["):
            return cls._parse_json(stripped, n)
        moves = []
        seen: dict[str, Move] = {}  # long strategies repeat a few moves many times
        for lineno, line in enumerate(text.splitlines(), 1):
            body = line.split("#", 1)[0].strip()
            if not body:
                continue
            move = seen.get(body)
            if move is None:
                try:
                    move = seen[body] = Move.parse(body, n)
                except NotationError as err:
                    raise NotationError(f"line {lineno}: {err}") from None
            moves.append(move)
        return cls(moves)

    @classmethod
    def _parse_json(cls, text: str, n: int) -> Strategy:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise NotationError(f"strategy is not valid JSON: {err}") from None
        if not isinstance(data, list):
            raise NotationError("a JSON strategy must be a list of lists of positions")
        moves = []
        for i, item in enumerate(data, 1):
            if not isinstance(item, list):
                raise NotationError(f"move {i}: expected a list of positions, got {item!r}")
            try:
                moves.append(Move(item).check(n))
            except NotationError as err:
                raise NotationError(f"move {i}: {err}") from None
        return cls(moves)

    def to_text(self, n: int, fmt: str = "positions") -> str:
        """One move a line, as positions ('0 2', '-' for none) or flip patterns ('FLFL')."""
        if fmt == "flips":
            lines = [m.flips(n) for m in self]
        elif fmt == "positions":
            lines = [(m.check(n).positions() or "-") for m in self]
        else:
            raise DevilcoinsError(f"unknown strategy format {fmt!r}: use 'positions' or 'flips'")
        return "".join(line + "\n" for line in lines)

    def to_json(self) -> list[list[int]]:
        """The moves as a list of sorted position lists."""
        return [sorted(m) for m in self]

    def masks(self) -> list[int]:
        """The moves in the engine's encoding."""
        return [m.mask for m in self]

    def __repr__(self) -> str:
        return "Strategy([" + ", ".join(map(str, self)) + "])"


class Counterexample:
    """A start and the Devil's turn before each move that keep a strategy from winning.

    Turns are in the notebook's sense (the table turned by r shows coins[r:] + coins[:r]) and apply
    to the coins as they lie: nothing is put in canonical form between moves.  The text form is
    JSON: ``{"start": "HTTH", "turns": [0, 3, 1]}``; a plain list of turns (JSON, or whitespace
    separated numbers) reads as turns with no start.

    >>> c = Counterexample.parse('{"start": "TH", "turns": [0, 1, 0]}', 2)
    >>> c.start, c.turns, Counterexample.parse(c.to_text(), 2) == c
    ('TH', (0, 1, 0), True)
    """

    __slots__ = ("start", "turns")

    def __init__(self, start: Coins | None, turns: Iterable[int]):
        self.start = None if start is None else Coins(start)
        self.turns = tuple(int(r) for r in turns)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Counterexample) and (self.start, self.turns) == (
            other.start,
            other.turns,
        )

    def __hash__(self) -> int:
        return hash((self.start, self.turns))

    def __repr__(self) -> str:
        return f"Counterexample(start={self.start!r}, turns={len(self.turns)} turns)"

    def to_json(self) -> dict[str, Any]:
        """{"start": "HTTH", "turns": [r1, r2, ...]}."""
        return {"start": self.start, "turns": list(self.turns)}

    def to_text(self) -> str:
        """The JSON text form, one line."""
        return json.dumps(self.to_json(), separators=(", ", ": "))

    @classmethod
    def parse(cls, text: str, n: int) -> Counterexample:
        """Read turns for n coins: the JSON object, a JSON list, or numbers separated by spaces."""
        body = text.strip()
        start = None
        if body.startswith(("{", "[")):
            try:
                data = json.loads(body)
            except json.JSONDecodeError as err:
                raise NotationError(f"turns are not valid JSON: {err}") from None
            if isinstance(data, dict):
                unknown = set(data) - {"start", "turns"}
                if "turns" not in data or unknown:
                    raise NotationError(
                        'a JSON counterexample is {"start": "HTTH...", "turns": [...]}; '
                        f"got keys {sorted(data)}"
                    )
                if data.get("start") is not None:
                    if not isinstance(data["start"], str):
                        raise NotationError(
                            f"start must be a string of H and T, got {data['start']!r}"
                        )
                    start = Coins(data["start"])
                data = data["turns"]
            if not isinstance(data, list):
                raise NotationError("turns must be a JSON list of whole numbers")
            items = data
        else:
            items = body.split()
        turns = []
        for i, item in enumerate(items, 1):
            if isinstance(item, str) and re.fullmatch(r"-?\d+", item):
                item = int(item)
            if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item < n:
                raise NotationError(
                    f"turn {i}: a turn for {n} coins is a whole number 0..{n - 1}, got {item!r}"
                )
            turns.append(item)
        if start is not None and start.n != n:
            raise NotationError(f"start {start} has {start.n} coins but N = {n}")
        return cls(start, turns)


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
