"""What the coach says of a position: can it still be won, within how many moves, by which
next move, and, when the Devil holds it, why (``devilcoins.coach``).

>>> from devilcoins.core.game import Game
>>> a = Advice(Game(4), winnable=True, at_most=3, optimal=15)
>>> print(a.to_text())
You can still win within 3 moves: play FFFF next.
>>> a.to_json()['optimal'], Advice.from_json(Game(4), a.to_json()) == a
([1, 1, 1, 1], True)
>>> print(Advice(Game(3), winnable=False, reason='HHT is in his trap.').to_text())
The Devil can now hold you off forever: HHT is in his trap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from devilcoins.core.game import Game
from devilcoins.results.html import card
from devilcoins.results.trees import values_text

__all__ = ["Advice"]


@dataclass(frozen=True)
class Advice:
    """The value of a position and the next optimal move.

    winnable  whether some play still wins from here against every Devil
    at_most   the fewest moves (touch: rounds) that win from here for sure; None when lost
    optimal   the next move of such a play (a move state; touch: None, see ``reach``)
    reach     touch only: the positions to feel next (before feeling), or None
    values    touch only: the values to set the positions felt to (after feeling), or None
    reason    why the position is lost, in plain words ('' when it is winnable)
    """

    game: Game
    winnable: bool
    at_most: int | None = None
    optimal: int | None = None
    reach: tuple[int, ...] | None = None
    values: tuple[int, ...] | None = None
    reason: str = ""

    def next_text(self) -> str:
        """The next optimal action in the game's notation ('' when there is none)."""
        if self.optimal is not None:
            return f"play {self.game.move_text(self.optimal)}"
        if self.reach is not None:
            *rest, last = (str(p) for p in self.reach)
            if not rest:
                return f"feel position {last}"
            return f"feel positions {', '.join(rest)} and {last}"
        if self.values is not None:
            return "set them to " + values_text(self.game, self.values)
        return ""

    def to_text(self) -> str:
        """One line a player reads."""
        if not self.winnable:
            return f"The Devil can now hold you off forever: {self.reason}"
        if self.at_most == 0:
            return "The game is won."
        unit = self.game.observe.unit
        step = self.next_text()
        ahead = f"You can still win within {self.at_most} {unit}{'' if self.at_most == 1 else 's'}"
        return f"{ahead}: {step} next." if step else f"{ahead}."

    def to_json(self) -> dict[str, Any]:
        """winnable, at_most, optimal (the move's amounts, or None), reach, values, reason."""
        optimal = None if self.optimal is None else list(self.game.decode(self.optimal))
        return {
            "winnable": self.winnable,
            "at_most": self.at_most,
            "optimal": optimal,
            "reach": None if self.reach is None else list(self.reach),
            "values": None if self.values is None else list(self.values),
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> Advice:
        """The advice from its JSON form, for game."""
        optimal = data.get("optimal")
        reach, values = data.get("reach"), data.get("values")
        return cls(
            game,
            winnable=bool(data["winnable"]),
            at_most=data.get("at_most"),
            optimal=None if optimal is None else game.encode(optimal),
            reach=None if reach is None else tuple(reach),
            values=None if values is None else tuple(values),
            reason=str(data.get("reason", "")),
        )

    def _repr_html_(self) -> str:
        fields = [("winnable", self.winnable), ("at most", self.at_most)]
        return card(f"coach: {self.game}", fields, self.to_text())
