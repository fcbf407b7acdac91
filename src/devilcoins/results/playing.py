"""A game played out against a Devil: its steps, and how it ended.

Every step records the state before, after the Devil's turn, the move and the result, every
state as it lies on the table (``devilcoins.playing`` plays them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.results.html import card
from devilcoins.results.words import counted, describe

__all__ = ["Playthrough", "Step"]


@dataclass(frozen=True, kw_only=True)
class Step:
    """One move of a game: the state before, after the Devil's turn, the move, and after it."""

    number: int
    before: int
    turned: int
    move: int
    after: int

    def text(self, game: Game) -> str:
        """One line of a trace: '   1: HTTH | turn: TTHH | move: FLFL -> HTTH'."""
        return (
            f"{self.number:4d}: {game.state_text(self.before)} | turn: "
            f"{game.state_text(self.turned)} | move: {game.move_text(self.move)} -> "
            f"{game.state_text(self.after)}"
        )

    def rotation(self, game: Game) -> int | None:
        """The smallest r whose notebook turn (coins[r:] + coins[:r]) makes the turned state,
        or None when the Devil's turn was no rotation (a reflection, another group's element).

        >>> Step(number=1, before=0b0010, turned=0b0001, move=0, after=1).rotation(Game(4))
        1
        """
        return next(
            (
                r
                for r in range(game.n)
                if game.turn(self.before, Perm.turn(game.n, r)) == self.turned
            ),
            None,
        )

    def to_json(self, game: Game) -> dict[str, object]:
        """The step as JSON: the states as text, the move as its pattern and its amounts."""
        return {
            "number": self.number,
            "before": game.state_text(self.before),
            "turned": game.state_text(self.turned),
            "move": game.move_text(self.move),
            "amounts": list(game.decode(self.move)),
            "after": game.state_text(self.after),
        }


@dataclass(frozen=True, kw_only=True)
class Playthrough:
    """One game of a strategy against a Devil: where it started, who played, every step.

    devil names the Devil ('random', 'greedy', 'adversarial', or 'turns' for a script); against
    says who he was in words; seed is the random Devil's seed (None for the others).
    """

    game: Game
    start: int
    devil: str
    against: str
    moves: int
    steps: tuple[Step, ...]
    seed: int | None = None

    @property
    def final(self) -> int:
        """The state the game ended on."""
        return self.steps[-1].after if self.steps else self.start

    @property
    def won(self) -> bool:
        """Whether the goal showed."""
        return self.game.in_goal(self.final)

    def to_json(self) -> dict[str, Any]:
        """The game as JSON: start, Devil, outcome and the trace."""
        game = self.game
        data: dict[str, Any] = {
            "game": str(game),
            "start": game.state_text(self.start),
            "devil": self.devil,
            "won": self.won,
            "moves": len(self.steps),
            "final": game.state_text(self.final),
            "trace": [step.to_json(game) for step in self.steps],
        }
        if self.seed is not None:
            data["seed"] = self.seed
        return data

    def to_text(self) -> str:
        """A heading, one line a move, and how it ended."""
        game = self.game
        seeded = f" (seed {self.seed})" if self.seed is not None else ""
        lines = [
            f"Playing {counted(self.moves, 'move')} for {describe(game)} from "
            f"{game.state_text(self.start)} against {self.against}{seeded}:"
        ]
        lines += [step.text(game) for step in self.steps]
        if self.won:
            n = len(self.steps)
            lines.append(f"Won: the goal after move {n}." if n else "Won before any move.")
        else:
            lines.append(
                f"Lost: the strategy ran out of moves with {game.state_text(self.final)} on the "
                "table."
            )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        fields = [("start", self.game.state_text(self.start)), ("won", self.won)]
        return card(f"{describe(self.game)} against {self.against}", fields, self.to_text())
