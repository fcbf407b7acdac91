"""A blind strategy's beliefs, move by move: the notebook's belief table, for any blind game.

The classes (the Devil's orbits) are named by their alphabetically first state and listed in
the order the notebook lists the coin game's canonical sequences; each row shows the classes
still possible before the first move or after a move (the goal's stay, as in the notebook).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from devilcoins.core.game import Game
from devilcoins.core.notation import flips_column
from devilcoins.results.html import card

__all__ = ["BeliefTable"]


@dataclass(frozen=True)
class BeliefTable:
    """The belief before the first move and after each move of a blind strategy.

    order: every class's name, in the table's order; rows[i]: the positions in order of the
    classes possible after move i (row 0: before the first move).
    """

    game: Game
    moves: tuple[int, ...]
    order: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, game: Game, moves: Sequence[int], rows: Sequence[Sequence[int]]) -> BeliefTable:
        """The table of moves whose beliefs are rows (class numbers of the game's tables)."""
        from devilcoins.core.tables import class_table

        by_text, by_state = class_table(game, "text"), class_table(game)
        order = tuple(game.state_text(int(x)) for x in by_text.reps)
        where = [int(by_text.index_of[int(x)]) for x in by_state.reps]
        table_rows = tuple(tuple(sorted(where[k] for k in row)) for row in rows)
        return cls(game, tuple(int(a) for a in moves), order, table_rows)

    def beliefs(self) -> list[list[str]]:
        """Each row's classes by name."""
        return [[self.order[k] for k in row] for row in self.rows]

    def to_text(self) -> str:
        """The notebook's ``show`` table: move number, the positions flipped, the belief.

        >>> from devilcoins import Game, belief_table, solve
        >>> print(belief_table(solve(Game(2))).to_text())
        Move| Flips    | Belief State
        ----+----------+-------------
          0 |          | HH HT TT
          1 | 01       | HH HT
          2 | 0        | HH    TT
          3 | 01       | HH
        """
        lines = ["Move| Flips    | Belief State", "----+----------+-------------"]
        moves = (0, *self.moves)
        for i, (move, row) in enumerate(zip(moves, self.rows, strict=True)):
            held = set(row)
            shown = " ".join(
                name if k in held else " " * len(name) for k, name in enumerate(self.order)
            )
            flips = flips_column(self.game.decode(move)) if i else ""
            lines.append(f"{i:3} | {flips:8} | {shown}".rstrip())
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The table as JSON: the game, the moves (as texts) and each belief by name."""
        return {
            "game": str(self.game),
            "moves": [self.game.move_text(a) for a in self.moves],
            "beliefs": self.beliefs(),
        }

    def _repr_html_(self) -> str:
        return card(f"Beliefs of {self.game}", [("moves", len(self.moves))], self.to_text())
