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

__all__ = ["Judgement", "TurnJudgement"]

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
        unit = self.game.observe.unit
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
            "action": self.action or self.game.observe.unit,
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


@dataclass(frozen=True)
class TurnJudgement:
    """A turn of the Devil's seat judged: for each turn r the Devil could make before the
    strategy's move, the move by which the strategy is then sure to win (None: it no longer
    is); the turn made is r.  The Devil's best turn keeps the win furthest off.

    >>> j = TurnJudgement(r=0, won_by=(3, None, 3, 5))
    >>> j.best, j.mark
    (1, '??')
    >>> for part in j.to_text().split("; "):
    ...     print(part)
    That turn lets the strategy win for sure by move 3
    the turn r = 1 would have kept all heads away.
    >>> print(TurnJudgement(r=1, won_by=(3, None)).to_text())
    Best turn: the strategy can no longer be sure to win.
    """

    r: int
    won_by: tuple[int | None, ...]

    @property
    def best(self) -> int:
        """The first turn that keeps the win furthest off (or away)."""
        far = [float("inf") if w is None else w for w in self.won_by]
        return far.index(max(far))

    @property
    def mark(self) -> str:
        """'✓' the best turn (or as good), '?!' one that lets the win come sooner, '??' one
        that lets the strategy win for sure where another turn kept it away."""
        if self.won_by[self.r] == self.won_by[self.best]:
            return BEST
        return LOSING if self.won_by[self.best] is None else COSTLY

    def to_text(self) -> str:
        """The coach's line on the Devil's turn."""
        mine, best = self.won_by[self.r], self.won_by[self.best]
        if mine == best:
            if mine is None:
                return "Best turn: the strategy can no longer be sure to win."
            return f"Best turn: whatever you do, the strategy wins by move {mine}."
        kept = "kept all heads away" if best is None else f"held it off to move {best}"
        return (
            f"That turn lets the strategy win for sure by move {mine}; the turn r = "
            f"{self.best} would have {kept}."
        )

    def to_json(self) -> dict[str, Any]:
        """r, won_by (a move or None for each turn), best, mark and the line (text)."""
        return {
            "r": self.r,
            "won_by": list(self.won_by),
            "best": self.best,
            "mark": self.mark,
            "text": self.to_text(),
        }
