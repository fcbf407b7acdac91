"""A touch game's reaches cut down to a few (``Restriction``): a search over them finds a strategy
of the whole game, so its length is an upper bound (docs/mathematics.md §8.8).

A strategy that only ever reaches for positions in the chosen sets is a strategy of the game: the
Devil's answers do not depend on which reaches the player could have chosen, so every play of it
is a play of the game, and it wins as fast there.  The search only has fewer choices to try, so
it answers far larger games, at the price of a value that may not be the least.

The families, by name (n glasses, k hands):

``dyadic``        the blocks D_j = {x : x mod 2^j < 2^(j-1)} for every j with 2^j dividing n
                  (n/2 positions each: the even positions, {0, 1} mod 4, ... the half
                  {0 .. n/2 - 1} when n is a power of 2); k = n/2.  Gardner's four glasses with
                  two hands are won by D_1 (the diagonal) and D_2 (adjacent pairs) alone.
``dyadic+pad``    the same blocks, each padded with the first k - n/2 positions outside it, for
                  k >= n/2.

Or a list of reaches, each a list of k positions, separated by ';' ('0 2 4 6; 0 1 4 5').  Each
reach stands for its turns (the Devil turns the table before every move, so they are one
choice); the text form is the family's name or the list of the smallest turn of each, and
reads back to the same restriction.

>>> from devilcoins.core.game import Game
>>> four = Game.parse('n=4 hands=2 goal=same observe=touch')
>>> r = Restriction.parse(four, 'dyadic')
>>> r.reaches, str(r), Restriction.parse(four, '2 3; 0 2') == Restriction.parse(four, '0 2; 0 1')
(((0, 1), (0, 2)), 'dyadic', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from devilcoins.core.errors import InvalidInput, NotationError
from devilcoins.core.game import Game
from devilcoins.core.readnumbers import read_whole, split_words

__all__ = ["FAMILIES", "Restriction", "dyadic_blocks", "orbit_of", "searched"]

#: The named families of reaches, with what each needs, in words.
FAMILIES = {
    "dyadic": "the dyadic blocks D_j = {x : x mod 2^j < 2^(j-1)}, 2^j dividing n; k = n/2",
    "dyadic+pad": "the dyadic blocks, each padded with the first k - n/2 positions outside it",
}


def dyadic_blocks(n: int) -> list[tuple[int, ...]]:
    """The blocks D_j = {x : x mod 2^j < 2^(j-1)} for j = 1, 2, ... while 2^j divides n.

    >>> dyadic_blocks(8)
    [(0, 2, 4, 6), (0, 1, 4, 5), (0, 1, 2, 3)]
    >>> dyadic_blocks(12)
    [(0, 2, 4, 6, 8, 10), (0, 1, 4, 5, 8, 9)]
    """
    blocks = []
    j = 1
    while n % (1 << j) == 0:
        half = 1 << (j - 1)
        blocks.append(tuple(x for x in range(n) if x % (1 << j) < half))
        j += 1
    return blocks


def orbit_of(game: Game, reach: tuple[int, ...]) -> tuple[int, ...]:
    """The smallest of the reach's images under the Devil's group (sorted positions).

    >>> orbit_of(Game.parse('n=4 hands=2 goal=same observe=touch'), (2, 3))
    (0, 1)
    """
    return min(tuple(sorted(e[i] for i in reach)) for e in game.group.elements())


@dataclass(frozen=True)
class Restriction:
    """The reaches a search may use (each the smallest of its turns, sorted), and their name
    (a family's, or '' for a list)."""

    reaches: tuple[tuple[int, ...], ...]
    family: str = ""

    def __str__(self) -> str:
        return self.family or "; ".join(" ".join(map(str, r)) for r in self.reaches)

    def said(self) -> str:
        """The restriction in words.

        >>> four = Game.parse('n=4 hands=2 goal=same observe=touch')
        >>> Restriction.parse(four, 'dyadic').said(), Restriction.parse(four, '1 2').said()
        ('the dyadic blocks (0 1; 0 2)', 'the reach 0 1')
        """
        listed = "; ".join(" ".join(map(str, r)) for r in self.reaches)
        if self.family:
            padded = " padded" if self.family.endswith("+pad") else ""
            return f"the {self.family.removesuffix('+pad')} blocks{padded} ({listed})"
        return f"the reach{'es' * (len(self.reaches) > 1)} {listed}"

    @classmethod
    def parse(cls, game: Game, text: str) -> Restriction:
        """The restriction text names for game: a family's name or a list of reaches.

        >>> eight = Game.parse('n=8 hands=5 goal=same observe=touch')
        >>> Restriction.parse(eight, 'dyadic+pad').reaches
        ((0, 1, 2, 3, 4), (0, 1, 2, 4, 5), (0, 1, 2, 4, 6))
        """
        k = game.hands
        if not game.observe.feels or k is None:
            raise InvalidInput(f"{game}: only a touch game's reaches can be restricted")
        name = text.strip().lower()
        if name in FAMILIES:
            return cls(_family(game, name, k), name)
        return cls(_listed(game, text, k))


def _family(game: Game, name: str, k: int) -> tuple[tuple[int, ...], ...]:
    """The reaches of a named family (distinct turns, in the family's order)."""
    n = game.n
    blocks = dyadic_blocks(n)
    if not blocks:
        raise NotationError(f"reaches {name!r}: the dyadic blocks need an even number of positions")
    if name == "dyadic" and k != n // 2:
        pad = " (dyadic+pad fills them up)" if k > n // 2 else ""
        raise NotationError(
            f"reaches 'dyadic': its blocks hold n/2 = {n // 2} positions, the game has "
            f"{k} hands{pad}"
        )
    if k < n // 2:
        raise NotationError(
            f"reaches {name!r}: its blocks hold n/2 = {n // 2} positions, more than the {k} "
            "hands; list the reaches instead"
        )
    padded = [b + tuple(x for x in range(n) if x not in b)[: k - n // 2] for b in blocks]
    return _distinct(game, [tuple(sorted(b)) for b in padded])


def _listed(game: Game, text: str, k: int) -> tuple[tuple[int, ...], ...]:
    """The reaches a list names: k distinct positions each, separated by ';'."""
    families = ", ".join(FAMILIES)
    parts = text.split(";")
    if not text.strip():
        raise NotationError(f"no reaches given: name a family ({families}) or list them")
    reaches = []
    for part in parts:
        words = split_words(part, "reach", "positions")
        if not words:
            raise NotationError(
                f"reaches {text!r}: an empty reach (';' first, last or twice in a row)"
            )
        reach = tuple(sorted(read_whole(w, "a position") for w in words))
        if len(set(reach)) != len(reach) or reach[-1] >= game.n:
            raise NotationError(
                f"reach {part.strip()!r}: give {k} distinct positions from 0 to {game.n - 1}"
            )
        if len(reach) != k:
            raise NotationError(
                f"reach {part.strip()!r} holds {len(reach)} positions; the game has {k} hands "
                f"(or name a family: {families})"
            )
        reaches.append(reach)
    return _distinct(game, reaches)


def _distinct(game: Game, reaches: list[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """Each reach as the smallest of its turns, each once, in order (so the same reaches listed
    in any order or turned are one restriction)."""
    return tuple(sorted({orbit_of(game, reach) for reach in reaches}))


def searched(game: Game, only: Restriction | None) -> str:
    """The game, and the reaches a search of it may use when not all, listed (a checkpoint's
    header names what its marks are marks of: a family and the same reaches listed are one).

    >>> four = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> searched(four, Restriction.parse(four, 'dyadic'))
    'n=4 hands=2 goal=same observe=touch reaches=0 1; 0 2'
    """
    if only is None:
        return str(game)
    return f"{game} reaches={'; '.join(' '.join(map(str, r)) for r in only.reaches)}"
