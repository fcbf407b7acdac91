"""What settles a game: who wins, how fast, by which route (``How``), and the evidence.

A verdict holds (``Verdict.holds``) only when every check its evidence carries held, and the
commands say so (and exit 1) when one did not.  ``to_json()`` gives the shape the command line
prints and ``from_json()`` reads it back (a tree strategy comes back as its JSON fields,
``TreeData``); ``to_text()`` the lines a person reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Protocol

from devilcoins.core.game import Game
from devilcoins.results.evidence import Evidence, evidence_lines
from devilcoins.results.html import card
from devilcoins.results.words import describe

__all__ = ["How", "Tree", "TreeData", "Verdict"]


class How(StrEnum):
    """How a verdict was reached (``Verdict.how``), a code the page and the atlas read."""

    #: a recipe built the strategy, shortest by its lower bound
    CONSTRUCTION = "construction"
    #: the Devil's trap, checked for every state, shows that nothing wins
    CERTIFICATE = "certificate"
    #: a search over beliefs settled it (a sequence, or the proof that none wins)
    SEARCH = "search"
    #: value iteration settled a game whose strategies are trees
    TREE = "tree"
    #: a theorem gives the answer
    RULE = "rule"


class Tree(Protocol):
    """A strategy with branches (touch, count) or a rule (sight): what ``observed`` solves."""

    def strategy_json(self) -> dict[str, Any]:
        """The whole strategy as JSON fields ("tree", or "nodes" for large strategies)."""


@dataclass(frozen=True)
class TreeData:
    """A tree strategy read back from JSON (``Verdict.from_json``): its JSON fields as they are."""

    fields: dict[str, Any]

    def strategy_json(self) -> dict[str, Any]:
        """The strategy's JSON fields, as read."""
        return dict(self.fields)


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """What settles a game: winnable or not, the least worst-case length, and the evidence.

    A blind game's strategy is a tuple of moves (move states); an observed game's is a tree
    (``tree``).  how says by which route (``How``), method says it in words; depth is the
    deepest level a belief search reached (the strategy's length when it found one).
    """

    game: Game
    winnable: bool
    length: int | None
    method: str
    how: How
    seconds: float
    strategy: tuple[int, ...] | None = None
    explored: int | None = None
    depth: int | None = None
    evidence: tuple[Evidence, ...] = ()
    tree: Tree | None = field(default=None, compare=False)
    #: The length as an expression ('2^128 - 1'), when it has one; length is None when it is
    #: too long to write out.
    length_expr: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "how", How(self.how))
        if self.winnable and self.length is None and self.length_expr is None:
            raise ValueError("a winnable verdict has a length (or its expression)")

    @property
    def length_text(self) -> str:
        """The length as a person reads it: '15', '2^16 - 1 = 65,535' or '2^128 - 1'."""
        if self.length_expr is not None and self.length is not None:
            return f"{self.length_expr} = {self.length:,}"
        if self.length_expr is not None:
            return self.length_expr
        return "none" if self.length is None else f"{self.length:,}"

    @property
    def length_words(self) -> str:
        """The length with its word: '1 move', '15 moves', '2^16 - 1 = 65,535 moves'."""
        return f"{self.length_text} {'move' if self.length == 1 else 'moves'}"

    def headline(self) -> str:
        """One line in plain words: who wins and in how many moves; it says when a check failed
        (how the game was settled is ``method_line``, below it)."""
        name = describe(self.game)
        if self.winnable:
            worst = "in the worst case " if self.game.observe.tree else ""
            claim = f"the player wins {worst}in {self.length_words}"
        else:
            claim = "no strategy wins; the Devil holds out forever"
        if not self.holds:
            return f"{name}: a check FAILED, so this is NOT established: {claim}."
        return f"{name}: {claim}."

    def method_line(self) -> str:
        """How the game was settled, on its own line: 'How: the notebook's belief search.'"""
        return f"How: {self.method}."

    def to_text(self) -> str:
        """The headline and the method, then each piece of evidence marked stated, checked or
        CHECK FAILED."""
        parts = [f"{self.headline()}\n{self.method_line()}"]
        if self.evidence:
            parts.append(evidence_lines(self.evidence))
        return "\n\n".join(parts) + "\n"

    @property
    def holds(self) -> bool:
        """Whether every check the evidence carries held."""
        return all(e.holds for e in self.evidence if e.checked)

    @classmethod
    def lost(
        cls,
        game: Game,
        method: str,
        evidence: tuple[Evidence, ...],
        seconds: float,
        *,
        how: How = How.CERTIFICATE,
        explored: int | None = None,
    ) -> Verdict:
        """The verdict that no strategy wins, by method, on that evidence."""
        return cls(
            game=game,
            winnable=False,
            length=None,
            method=method,
            how=how,
            seconds=seconds,
            explored=explored,
            evidence=evidence,
        )

    def with_evidence(self, *more: Evidence) -> Verdict:
        """The same verdict with more evidence after its own."""
        return replace(self, evidence=(*self.evidence, *more))

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON data: the strategy whole (as move texts), or the tree."""
        data: dict[str, Any] = {
            "game": str(self.game),
            "spec": self.game.to_json(),
            "winnable": self.winnable,
            "length": self.length,
            "length_expr": self.length_expr,
            "method": self.method,
            "how": self.how.value,
            "explored": self.explored,
            "seconds": round(self.seconds, 6),
            "holds": self.holds,
            "evidence": [e.to_json() for e in self.evidence],
        }
        if self.depth is not None:
            data["depth"] = self.depth
        if self.strategy is not None:
            data["strategy"] = [self.game.move_text(a) for a in self.strategy]
        if self.tree is not None:  # whole, so that verify can check it
            data.update(self.tree.strategy_json())
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        """A verdict from its JSON form (a tree comes back as its JSON fields: ``TreeData``)."""
        game = Game.parse(str(data["game"]))
        strategy = data.get("strategy")
        tree: dict[str, Any] = {k: data[k] for k in ("tree", "nodes") if k in data}
        return cls(
            game=game,
            winnable=bool(data["winnable"]),
            length=data.get("length"),
            method=str(data["method"]),
            how=How(str(data["how"])),
            seconds=float(data.get("seconds", 0.0)),
            strategy=None if strategy is None else tuple(game.parse_move(a) for a in strategy),
            explored=data.get("explored"),
            depth=data.get("depth"),
            evidence=tuple(Evidence.from_json(e) for e in data.get("evidence") or ()),
            tree=TreeData(tree) if tree else None,
            length_expr=data.get("length_expr"),
        )

    def _repr_html_(self) -> str:
        fields: list[tuple[str, object]] = [("winnable", self.winnable)]
        fields += [("length", self.length_text), ("how", self.how.value)]
        fields += [(f"[{e.mark}]", e.name) for e in self.evidence]
        return card(self.headline(), fields)
