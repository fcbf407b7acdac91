"""What the player learns between moves (``Game.observe``), and what that asks of a game.

The four ways are one enum, ``Observe``; its members are strings ('blind', 'touch', ...), so
the text and JSON forms of a game read and write them as they are.  The rules a way of
observing puts on the rest of a game are its properties, asked here once:

blind   nothing: the strategy is a fixed sequence of moves (the puzzle)
touch   after the Devil's turn the player feels ``hands`` positions and sets them
sight   the player sees the whole table before naming a move
count   after each move the player hears how many positions are not 0

>>> Observe.parse('touch'), Observe.TOUCH == 'touch', Observe.BLIND.tree
(<Observe.TOUCH: 'touch'>, True, False)
"""

from __future__ import annotations

from enum import StrEnum

from devilcoins.core.errors import NotationError, did_you_mean

__all__ = ["Observe"]


class Observe(StrEnum):
    """What the player learns between moves; a blind player's strategy is a sequence, every
    other player's a tree."""

    BLIND = "blind"
    TOUCH = "touch"
    SIGHT = "sight"
    COUNT = "count"

    @classmethod
    def parse(cls, text: object) -> Observe:
        """The way of observing named by text, or a NotationError naming the four.

        >>> Observe.parse('sigth')
        Traceback (most recent call last):
        ...
        devilcoins.core.errors.NotationError: observe must be one of blind, touch, sight, \
count, got 'sigth' (did you mean 'sight'?)
        """
        if isinstance(text, cls):
            return text
        try:
            return cls(str(text))
        except ValueError:
            names = [o.value for o in cls]
            raise NotationError(
                f"observe must be one of {', '.join(names)}, got {text!r}"
                + did_you_mean(str(text), names)
            ) from None

    @property
    def tree(self) -> bool:
        """Whether a strategy branches on what is observed (every way but blind)."""
        return self is not Observe.BLIND

    @property
    def feels(self) -> bool:
        """Whether hands count the positions felt each move (touch), not a cap on a move."""
        return self is Observe.TOUCH

    @property
    def unit(self) -> str:
        """What a player plays at a time, in words: a round (feel, then set) or a move.

        >>> Observe.TOUCH.unit, Observe.SIGHT.unit
        ('round', 'move')
        """
        return "round" if self is Observe.TOUCH else "move"

    @property
    def goals(self) -> tuple[str, ...]:
        """The goals this way of observing is solved for ('states': a list of states)."""
        return ("zero", "same") if self is Observe.COUNT else ("zero", "same", "states")
