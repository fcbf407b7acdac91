"""The Devils a person can choose by name: a small enum the command line and the page read
without loading the game's machinery (``devilcoins.devil`` plays them)."""

from __future__ import annotations

from enum import StrEnum

from devilcoins.core.errors import InvalidInput

__all__ = ["DEVILS", "DevilKind"]


class DevilKind(StrEnum):
    """The Devils a person can choose by name (the command line and the page)."""

    #: turns the table at random
    RANDOM = "random"
    #: turns so that the most states stay possible (blind), or alike to the touch
    GREEDY = "greedy"
    #: the game's strongest Devil: his trap, or a Devil who commits to no state
    ADVERSARIAL = "adversarial"

    @classmethod
    def parse(cls, name: str) -> DevilKind:
        """The Devil called name, or a clear refusal.

        >>> DevilKind.parse('greedy') is DevilKind.GREEDY
        True
        """
        try:
            return cls(name)
        except ValueError:
            raise InvalidInput(f"the Devil is one of {', '.join(DEVILS)}, not {name!r}") from None


#: The Devils' names, in the order the command line and the page list them.
DEVILS = tuple(kind.value for kind in DevilKind)
