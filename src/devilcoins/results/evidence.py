"""One piece of evidence for a verdict: what it shows, what it is for, and whether it was checked.

``kind`` says what the piece does for the verdict (``EvidenceKind``), so code that needs, say,
the lower bound asks for that kind, never for the words of its name; the name and the statement
are for people.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from devilcoins.results.html import card

__all__ = ["Evidence", "EvidenceKind", "evidence_lines"]


class EvidenceKind(StrEnum):
    """What a piece of evidence does for its verdict."""

    #: a recipe that builds the strategy (the chain, Lamping's construction)
    CONSTRUCTION = "construction"
    #: why nothing shorter wins (the lower bound, the counting bound, the Devil's witness)
    LOWER_BOUND = "lower bound"
    #: the Devil's trap: states he keeps the game in, checked (his certificate)
    TRAP = "trap"
    #: a search that settled the game (the belief search, value iteration, the level search)
    SEARCH = "search"
    #: a game reduced to a simpler one (the coarser game, a simpler Devil)
    REDUCTION = "reduction"
    #: a theorem that gives the answer (the sight rule)
    RULE = "rule"
    #: a check the program ran on the answer (a strategy verified, a tree replayed)
    CHECK = "check"


@dataclass(frozen=True, kw_only=True)
class Evidence:
    """One piece of evidence: what it shows, and whether the program checked it just now.

    checked  the program ran the check now; holds is then its result (True or False)
    holds    None for evidence that is stated (an argument to read, not run)

    >>> e = Evidence(name='lower bound', statement='No shorter strategy wins.', checked=False,
    ...              kind=EvidenceKind.LOWER_BOUND)
    >>> e.mark, Evidence.from_json(e.to_json()) == e
    ('stated', True)
    """

    name: str
    statement: str
    checked: bool
    kind: EvidenceKind
    holds: bool | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.checked and not isinstance(self.holds, bool):
            raise ValueError(f"checked evidence {self.name!r} needs holds True or False")
        if not self.checked and self.holds is not None:
            raise ValueError(f"stated evidence {self.name!r} has no holds (it was not checked)")

    @classmethod
    def stated(cls, kind: EvidenceKind, name: str, statement: str, **detail: Any) -> Evidence:
        """Evidence stated, not checked: an argument to read.

        >>> Evidence.stated(EvidenceKind.RULE, 'a rule', 'It holds.').mark
        'stated'
        """
        return cls(name=name, statement=statement, checked=False, kind=kind, detail=detail)

    @property
    def mark(self) -> str:
        """'checked', 'CHECK FAILED' or 'stated'."""
        if not self.checked:
            return "stated"
        return "checked" if self.holds else "CHECK FAILED"

    def to_json(self) -> dict[str, Any]:
        """The evidence as plain JSON data."""
        return {
            "name": self.name,
            "kind": self.kind.value,
            "statement": self.statement,
            "checked": self.checked,
            "holds": self.holds,
            "detail": self.detail,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Evidence:
        """Evidence from its JSON form."""
        return cls(
            name=str(data["name"]),
            statement=str(data["statement"]),
            checked=bool(data["checked"]),
            kind=EvidenceKind(data.get("kind", EvidenceKind.CHECK)),
            holds=data.get("holds"),
            detail=dict(data.get("detail") or {}),
        )

    def to_text(self, width: int = 96) -> str:
        """'[checked] name' and the statement indented below it."""
        body = textwrap.fill(self.statement, width, initial_indent="    ", subsequent_indent="    ")
        return f"[{self.mark}] {self.name}\n{body}"

    def _repr_html_(self) -> str:
        return card(f"[{self.mark}] {self.name}", [("kind", self.kind.value)], self.statement)


def evidence_lines(evidence: Sequence[Evidence]) -> str:
    """Each piece of evidence as text, a blank line between them."""
    return "\n\n".join(e.to_text() for e in evidence)
