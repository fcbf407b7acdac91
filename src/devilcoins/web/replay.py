"""What a finished live game shows again: each move with the Devil's turn that was hidden.

A ``ReplayStep`` records one move of a live game (devilcoins.web.live): the state as it lay,
the Devil's turn, the state turned, the move and the state after it.  ``/api/replay/{game}``
(devilcoins.web.routes.play) gives them out only once the game is won or peeked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ReplayStep", "rotation"]


def rotation(before: str, turned: str) -> int | None:
    """The smallest r with ``turned == before[r:] + before[:r]`` (``Coins.rotate``'s sense), or
    None when the turn is no rotation (a reflection, a permutation of another group).

    >>> rotation("HTTH", "TTHH"), rotation("0012", "2001"), rotation("012", "021")
    (1, 3, None)
    """
    for r in range(len(before)):
        if before[r:] + before[:r] == turned:
            return r
    return None


@dataclass(frozen=True)
class ReplayStep:
    """One move of a live game: before, the Devil's turn (r, or None), turned, the move, after."""

    move: list[int]
    before: str
    turn: int | None
    turned: str
    after: str

    def as_json(self) -> dict[str, Any]:
        """The step as JSON: the move's amounts and the flipped positions, with the states."""
        return {
            "before": self.before,
            "turn": self.turn,
            "turned": self.turned,
            "move": list(self.move),
            "positions": [i for i, v in enumerate(self.move) if v],
            "after": self.after,
        }
