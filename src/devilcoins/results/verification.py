"""A strategy checked exactly (``Verification``), and how a losing one loses (``Counterexample``).

Turns are permutations of positions (``core.perm.Perm``: the value at position i moves to
perm[i]), written as the notebook's r for the cyclic group (``core.notation``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, SupportsInt

from devilcoins.core.errors import NotationError
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.results.html import card
from devilcoins.results.words import describe

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Counterexample", "Verification"]


@dataclass(frozen=True, kw_only=True)
class Counterexample:
    """A start and the Devil's turn before each move that keep a strategy from winning.

    start is None when only turns are known (read from a plain list of turns); why says, for a
    tree strategy, where it breaks.  The JSON form is ``{"start": "HTTH", "turns": [0, 3, 1]}``
    (turns as r for the cyclic group, else permutations; ``core.notation``).

    >>> c = Counterexample.parse(Game(2), '{"start": "TH", "turns": [0, 1]}')
    >>> c.start, c.rotations, Counterexample.parse(Game(2), c.to_text()) == c
    (1, [0, 1], True)
    """

    game: Game
    start: int | None
    turns: tuple[Perm, ...]
    why: str = ""

    @property
    def rotations(self) -> list[int | None]:
        """The turns as the notebook's r (None for a turn that is no rotation)."""
        return [Perm(p).rotation() for p in self.turns]

    def replay(self, moves: Iterable[SupportsInt]) -> list[int]:
        """The states after each move (turn, then move): none is in the goal."""
        if self.start is None:
            raise NotationError("a counterexample without a start cannot be replayed")
        x, out = self.start, []
        for perm, a in zip(self.turns, moves, strict=False):
            x = self.game.add(self.game.turn(x, perm), int(a))
            out.append(x)
        return out

    def to_json(self) -> dict[str, Any]:
        """{"start": ..., "turns": [...]} (and "why" when it says where a tree breaks)."""
        data: dict[str, Any] = {
            "start": None if self.start is None else self.game.state_text(self.start),
            "turns": [self.game.turn_json(p) for p in self.turns],
        }
        if self.why:
            data["why"] = self.why
        return data

    def to_text(self) -> str:
        """The JSON form on one line."""
        return json.dumps(self.to_json(), separators=(", ", ": "))

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> Counterexample:
        """A counterexample from its JSON form, each turn checked against the game."""
        return cls.parse(game, json.dumps(data))

    @classmethod
    def parse(cls, game: Game, text: str) -> Counterexample:
        """A counterexample from its JSON form, a JSON list of turns or turns as plain text."""
        start, turns = game.parse_turns(text)
        why = ""
        if text.strip().startswith("{"):
            why = str(json.loads(text).get("why", ""))
        return cls(game=game, start=start, turns=tuple(turns), why=why)

    def _repr_html_(self) -> str:
        start = "?" if self.start is None else self.game.state_text(self.start)
        turns = " ".join(self.game.turn_text(p) for p in self.turns[:24])
        return card(f"Counterexample for {describe(self.game)}", [("start", start)], turns)


@dataclass(frozen=True, kw_only=True)
class Verification:
    """Exact verification of a strategy: does it win from every start against every Devil?

    For a blind strategy, sizes are the belief's sizes (classes, the goal included) before the
    first move and after each move, and rows, where they are small enough to keep, the classes
    themselves (numbers of the game's class table); won_at is the move after which only the goal
    is possible.  For a tree (touch, sight, count), won_at is the most moves any start needs.
    None when the strategy loses; counterexample then shows how.  method: 'exact' (propagation
    or a replay of every start against every turn), 'lower bound' or 'certificate' (coin
    shortcuts).
    """

    game: Game
    moves: int | None
    wins: bool
    won_at: int | None
    sizes: tuple[int, ...] = ()
    rows: tuple[tuple[int, ...], ...] | None = None
    counterexample: Counterexample | None = None
    seconds: float = 0.0
    method: str = "exact"
    #: What the belief sizes count, in words.
    counts: str = "classes still possible, up to the Devil's turns"

    @classmethod
    def of_sizes(
        cls,
        game: Game,
        moves: int,
        sizes: Iterable[SupportsInt],
        won: np.ndarray,
        counterexample: Counterexample | None,
        seconds: float,
        rows: Sequence[Sequence[int]] | None = None,
        counts: str = "classes still possible, up to the Devil's turns",
    ) -> Verification:
        """The verification of a run whose belief sizes are sizes (and classes rows, when kept)
        and which is won at the moves listed in won (the first is won_at; none: it loses)."""
        return cls(
            game=game,
            moves=moves,
            wins=bool(len(won)),
            won_at=int(won[0]) if len(won) else None,
            sizes=tuple(int(s) for s in sizes),
            rows=None if rows is None else tuple(tuple(int(k) for k in r) for r in rows),
            counterexample=counterexample,
            seconds=seconds,
            counts=counts,
        )

    def to_json(self) -> dict[str, Any]:
        """The verification as plain JSON data."""
        data: dict[str, Any] = {
            "game": str(self.game),
            "moves": self.moves,
            "wins": self.wins,
            "won_at": self.won_at,
            "method": self.method,
            "seconds": round(self.seconds, 6),
            "belief_sizes": list(self.sizes),
        }
        if self.counterexample is not None:
            data["counterexample"] = self.counterexample.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verification:
        """A verification from its JSON form."""
        game = Game.parse(str(data["game"]))
        counter = data.get("counterexample")
        return cls(
            game=game,
            moves=data.get("moves"),
            wins=bool(data["wins"]),
            won_at=data.get("won_at"),
            sizes=tuple(int(s) for s in data.get("belief_sizes") or ()),
            counterexample=None if counter is None else Counterexample.from_json(game, counter),
            seconds=float(data.get("seconds", 0.0)),
            method=str(data.get("method", "exact")),
        )

    def _repr_html_(self) -> str:
        fields: list[tuple[str, object]] = [("wins", self.wins), ("won at", self.won_at)]
        fields.append(("moves", self.moves))
        fields.append(("method", self.method))
        text = "" if self.counterexample is None else self.counterexample.to_text()
        return card(f"Verification for {describe(self.game)}", fields, text)
