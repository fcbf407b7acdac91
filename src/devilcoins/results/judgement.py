"""What a move was worth, as a coach judges it the moment it is played: the moves it leaves
to win for sure against the best move's (``Family.judge``).

A position's value is the fewest moves that win from it against every Devil (the coach's
"within"); a move's value is one more than the worst value it can leave (the Devil chooses,
and in a count or sight game what the player learns splits the positions it can leave).  The
best move's value is the position's; a move costs the difference.

>>> from devilcoins.core.game import Game
>>> print(Judgement(Game(4), best=15, value=15).to_text())
Best move: you now win within 14 more moves.
>>> print(Judgement(Game(4), best=14, value=15).to_text())
That move cost you 1 move: you now win within 14 more moves; the best move would have left 13.
>>> j = Judgement(Game(3, values=3), best=5, value=None)
>>> j.mark, j.to_json()['cost'], Judgement.from_json(j.game, j.to_json()) == j
('??', None, True)
>>> touch = Game.parse('n=4 hands=2 goal=same observe=touch')
>>> print(Judgement(touch, best=5, value=6, action='reach').to_text())
That reach cost you 1 round: you now win within 5 more rounds; the best reach would have left 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from devilcoins.core.game import Game

__all__ = ["Judgement"]

#: The marks of Moves played, as chess annotators write them.
BEST, COSTLY, LOSING = "✓", "?!", "??"


@dataclass(frozen=True)
class Judgement:
    """A move judged: best, the position's value before it (the best move's value), and value,
    the move's own (None: after it the strongest Devil can hold the game for ever)."""

    game: Game
    best: int
    value: int | None
    action: str = ""  # what was judged: '' a move (a round in a touch game), 'reach', 'setting'

    @property
    def cost(self) -> int | None:
        """Moves the move cost against the best one (0: a best move; None: it loses)."""
        return None if self.value is None else self.value - self.best

    @property
    def mark(self) -> str:
        """'✓' for a best move, '?!' for one that cost moves, '??' for one that loses."""
        if self.value is None:
            return LOSING
        return BEST if self.value == self.best else COSTLY

    def to_text(self) -> str:
        """The coach's line on the move."""
        unit = "round" if self.game.observe.feels else "move"
        what = self.action or unit
        if self.value is None:
            return (
                f"That {what} lets the Devil hold you off forever: the best {what} would have "
                f"won within {_count(self.best - 1, 'more ' + unit)}."
            )
        left = f"you now win within {_count(self.value - 1, 'more ' + unit)}"
        if self.value == self.best:
            return f"Best {what}: {left}." if self.value > 1 else f"Best {what}: it wins."
        return (
            f"That {what} cost you {_count(self.value - self.best, unit)}: {left}; the best "
            f"{what} would have left {self.best - 1}."
        )

    def to_json(self) -> dict[str, Any]:
        """best, value, cost, mark, the line (text) and what was judged (action)."""
        return {
            "action": self.action or ("round" if self.game.observe.feels else "move"),
            "best": self.best,
            "value": self.value,
            "cost": self.cost,
            "mark": self.mark,
            "text": self.to_text(),
        }

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> Judgement:
        """The judgement from its JSON form, for game."""
        value = data.get("value")
        action = str(data.get("action", ""))
        return cls(
            game,
            best=int(data["best"]),
            value=None if value is None else int(value),
            action="" if action in ("move", "round") else action,
        )


def _count(k: int, unit: str) -> str:
    return f"{k} {unit}{'' if k == 1 else 's'}"
