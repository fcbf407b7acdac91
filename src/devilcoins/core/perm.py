"""One permutation value for every game: the Devil's turns, group elements, value-group points.

A permutation p of 0..n-1 sends the value at position i to position p[i] (docs/mathematics.md
§1).  Products are written in the order things happen: ``p.then(q)`` is p, then q, so
``p.then(q)[i] == q[p[i]]``.  Turning the coin table by r in the notebook's sense
(``coins[r:] + coins[:r]``) moves position i to i - r: ``Perm.turn(n, r)``, and
``p.rotation()`` reads r back.  The text form is one-line notation, ``3 0 1 2`` (commas may stand
for the spaces); it reads back with ``Perm.parse``.

>>> p = Perm.turn(4, 1)
>>> p, str(p), p.rotation(), p.apply('HTHH')
(Perm(3 0 1 2), '3 0 1 2', 1, ('T', 'H', 'H', 'H'))
>>> p.then(p) == Perm.turn(4, 2), p.then(p.inverse()) == Perm.identity(4)
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from devilcoins.core.errors import DevilcoinsError, NotationError, quoted
from devilcoins.core.readnumbers import (
    WHOLE,
    meant_whole,
    read_whole,
    split_words,
    whole_mistake,
)

__all__ = ["Perm"]

T = TypeVar("T")


class Perm(tuple[int, ...]):
    """A permutation of 0..n-1 in one-line notation: the value at position i moves to p[i].

    A ``Perm`` is a tuple, so it equals (and hashes as) the plain tuple of its images.
    """

    __slots__ = ()

    def __new__(cls, images: Iterable[int] = ()) -> Perm:
        """The permutation with these images (not checked: see ``Perm.parse``)."""
        return super().__new__(cls, (int(i) for i in images))

    @classmethod
    def identity(cls, n: int) -> Perm:
        """The permutation that leaves every position where it is."""
        return cls(range(n))

    @classmethod
    def turn(cls, n: int, r: int = 1) -> Perm:
        """The coin table turned by r in the notebook's sense (coins[r:] + coins[:r])."""
        return cls((i - r) % n for i in range(n)) if n else cls()

    @classmethod
    def parse(cls, text: str | Sequence[object], n: int, what: str = "permutation") -> Perm:
        """A permutation of 0..n-1 from one-line notation ('3 0 1 2', '3,0,1,2') or a list.

        >>> Perm.parse('1,2,0', 3)
        Perm(1 2 0)
        >>> Perm.parse('1 1 0', 3)
        Traceback (most recent call last):
        ...
        devilcoins.core.errors.NotationError: permutation '1 1 0' is not a permutation of 0..2
        """
        if isinstance(text, str):
            tokens: list[object] = list(split_words(text.strip().strip("[]"), what))
        else:
            tokens = list(text)
        shown = quoted(" ".join(map(str, tokens)))
        loose = next((t for t in tokens if not _whole(t)), None)
        if isinstance(loose, str) and meant_whole(loose) is not None:
            raise NotationError(f"{what} {shown}: {whole_mistake(loose, 'a position')}")
        if loose is not None:
            raise NotationError(
                f"{what} {shown}: write the positions 0..{n - 1} in one-line notation "
                f"(position i goes to p[i]), e.g. '{cls.turn(n)}'"
            )
        try:  # digits past 10^18 are no position (and past 4,300 no int() reads them)
            perm = cls(
                t if isinstance(t, int) else read_whole(str(t), "a position") for t in tokens
            )
        except DevilcoinsError as err:
            raise NotationError(f"{what} {shown}: {err}") from None
        if len(perm) != n:
            raise NotationError(
                f"{what} {shown} has {len(perm)} entries; with n = {n} a permutation lists "
                f"{n}, one a position"
            )
        if sorted(perm) != list(range(n)):
            raise NotationError(f"{what} {shown} is not a permutation of 0..{n - 1}")
        return perm

    @property
    def n(self) -> int:
        """The number of positions it permutes."""
        return len(self)

    def then(self, other: Sequence[int]) -> Perm:
        """This permutation, then other: position i goes to other[self[i]]."""
        return Perm(other[j] for j in self)

    def inverse(self) -> Perm:
        """The permutation that undoes this one."""
        out = [0] * len(self)
        for i, j in enumerate(self):
            out[j] = i
        return Perm(out)

    def conjugated(self, by: Sequence[int]) -> Perm:
        """by^-1, then this, then by: this permutation seen after relabelling positions by by."""
        p = Perm(by)
        return p.inverse().then(self).then(p)

    def apply(self, values: Sequence[T]) -> tuple[T, ...]:
        """The values after the permutation: the value at position i moves to self[i]."""
        out: list[T] = list(values)
        for i, v in enumerate(values):
            out[self[i]] = v
        return tuple(out)

    def rotation(self) -> int | None:
        """r when this is the notebook's turn by r (``Perm.turn(n, r)``), else None."""
        n = len(self)
        if not n:
            return 0
        r = (-self[0]) % n
        return r if all(self[i] == (i - r) % n for i in range(n)) else None

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"Perm({self})"


def _whole(token: object) -> bool:
    """Whether a token is a whole number >= 0: an int (not a bool), or its digits 0-9 as
    ``core.numbers.WHOLE`` writes them (no leading zero)."""
    if isinstance(token, bool):
        return False
    if isinstance(token, int):
        return token >= 0
    return isinstance(token, str) and WHOLE.fullmatch(token) is not None
