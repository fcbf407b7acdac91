"""The results every game shares: a verdict, an exact verification, a counterexample.

Each is a frozen value built with keywords and has ``to_json()`` giving the shapes the command
line prints.  Strategies are tuples of move states (numbers in base m, digit i = position i);
turns are permutations of positions (the value at position i moves to perm[i]).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, SupportsInt

import numpy as np

from devilcoins.core.game import Game
from devilcoins.core.symmetry import apply
from devilcoins.core.tables import tables

__all__ = ["Counterexample", "Evidence", "Tree", "Verdict", "Verification"]


class Tree(Protocol):
    """A strategy with branches (touch) or a policy (sight): what ``observed`` solves."""

    def tree(self, max_nodes: int = ...) -> Any:
        """The tree or policy as JSON data, at most max_nodes nodes."""

    def strategy_json(self) -> dict[str, Any]:
        """The whole strategy as JSON fields ("tree", or "nodes" for large touch strategies)."""


@dataclass(frozen=True, kw_only=True)
class Counterexample:
    """A start and the Devil's turn before each move that keep a strategy from ever winning.

    For the cyclic group a turn is also the notebook's r (the table shows coins[r:] + coins[:r]).
    """

    game: Game
    start: int
    turns: tuple[tuple[int, ...], ...]

    @property
    def rotations(self) -> list[int]:
        """The turns as r (cyclic group only)."""
        n = self.game.n
        return [(-perm[0]) % n if n > 1 else 0 for perm in self.turns]

    def replay(self, moves: Iterable[SupportsInt]) -> list[int]:
        """The states after each move (turn, then move): none is in the goal."""
        tab = tables(self.game)
        x, out = self.start, []
        for perm, a in zip(self.turns, moves, strict=False):
            y = self.game.encode(apply(perm, self.game.decode(x)))
            x = int(tab.add(np.array([y]), int(a))[0])
            out.append(x)
        return out

    def to_json(self) -> dict[str, Any]:
        """{"start": ..., "turns": [...]} (turns as r for the cyclic group, else permutations)."""
        cyclic = self.game.group.name == "cyclic"
        turns = self.rotations if cyclic else [list(p) for p in self.turns]
        return {"start": self.game.state_text(self.start), "turns": turns}


@dataclass(frozen=True, kw_only=True)
class Verification:
    """Exact verification of a blind strategy: does it win from every start against every Devil?

    sizes are the belief's sizes (classes) before the first move and after each move; won_at is
    the move after which only the goal is possible (None when the strategy loses).
    """

    game: Game
    moves: int
    wins: bool
    won_at: int | None
    sizes: tuple[int, ...]
    counterexample: Counterexample | None
    seconds: float

    @classmethod
    def of_sizes(
        cls,
        game: Game,
        moves: int,
        sizes: Iterable[SupportsInt],
        won: np.ndarray,
        counterexample: Counterexample | None,
        seconds: float,
    ) -> Verification:
        """The verification of a run whose belief sizes are sizes and which is won at the moves
        listed in won (the first is won_at; none: the strategy loses)."""
        return cls(
            game=game,
            moves=moves,
            wins=bool(len(won)),
            won_at=int(won[0]) if len(won) else None,
            sizes=tuple(int(s) for s in sizes),
            counterexample=counterexample,
            seconds=seconds,
        )

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON data."""
        data: dict[str, Any] = {
            "game": str(self.game),
            "moves": self.moves,
            "wins": self.wins,
            "won_at": self.won_at,
            "seconds": round(self.seconds, 6),
            "belief_sizes": list(self.sizes),
        }
        if self.counterexample is not None:
            data["counterexample"] = self.counterexample.to_json()
        return data


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """What settles a game: winnable or not, the least worst-case length, and the evidence.

    A blind game's strategy is a tuple of moves; an observed game's is a tree (``tree``).
    evidence holds what the method checked (chain sizes, the lower bound, the certificate).
    """

    game: Game
    winnable: bool
    length: int | None
    method: str
    seconds: float
    strategy: tuple[int, ...] | None = None
    explored: int | None = None
    evidence: dict[str, Any] = field(default_factory=dict)
    tree: Tree | None = None

    @classmethod
    def unwinnable(
        cls,
        game: Game,
        method: str,
        seconds: float,
        evidence: dict[str, Any],
        explored: int | None = None,
    ) -> Verdict:
        """The verdict that no strategy wins the game, shown by method (evidence: the proof)."""
        return cls(
            game=game,
            winnable=False,
            length=None,
            method=method,
            seconds=seconds,
            explored=explored,
            evidence=evidence,
        )

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON data (the strategy as move texts)."""
        data = {
            "game": str(self.game),
            "spec": self.game.to_json(),
            "winnable": self.winnable,
            "length": self.length,
            "method": self.method,
            "explored": self.explored,
            "seconds": round(self.seconds, 6),
            "evidence": self.evidence,
        }
        if self.strategy is not None and len(self.strategy) <= 100_000:
            data["strategy"] = [self.game.move_text(a) for a in self.strategy]
        if self.tree is not None:  # whole, so that verify can check it
            data.update(self.tree.strategy_json())
        return data


@dataclass(frozen=True, kw_only=True)
class Evidence:
    """One piece of evidence: what it shows, and whether the program checked it just now."""

    name: str
    statement: str
    checked: bool
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The evidence as plain JSON data."""
        return {
            "name": self.name,
            "statement": self.statement,
            "checked": self.checked,
            **self.detail,
        }
