"""A certificate checked: whether both halves hold (or the Devil's trap), with a piece of
evidence for each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from devilcoins.core.game import Game
from devilcoins.results.evidence import Evidence
from devilcoins.results.html import card
from devilcoins.results.words import moves_word

__all__ = ["CertificateCheck"]


@dataclass(frozen=True)
class CertificateCheck:
    """The outcome of checking a certificate: the value it shows (None: the Devil wins, or
    only bounds are shown), whether every half holds, the evidence of each half, and the
    bounds (L, U) of a certificate of bounds (U None: no strategy is known, only L)."""

    game: Game
    value: int | None
    holds: bool
    evidence: tuple[Evidence, ...]
    bounds: tuple[int, int | None] | None = None

    def headline(self) -> str:
        """One line: whether the certificate holds, and what it shows."""
        if self.bounds is not None:
            low, high = self.bounds
            what = (
                f"no strategy wins in fewer than {low:,} moves; none is known to win at all"
                if high is None
                else f"the least worst case is between {low:,} and {high:,} moves"
                if low < high
                else f"the least worst case is exactly {moves_word(low)} (the bounds meet)"
            )
        elif self.value is not None:
            what = f"the least worst case is exactly {moves_word(self.value)}"
        else:
            what = "the Devil wins (the trap holds)"
        head = f"{self.game}: the certificate {'holds' if self.holds else 'FAILS'}: "
        return head + (what if self.holds else "see the failed check below")

    def lines(self) -> list[str]:
        """The headline and one line per half."""
        return [self.headline()] + [f"[{e.mark}] {e.name}: {e.statement}" for e in self.evidence]

    def to_json(self) -> dict[str, Any]:
        """The check as plain JSON data."""
        return {
            "game": str(self.game),
            "value": self.value,
            "bounds": None if self.bounds is None else list(self.bounds),
            "holds": self.holds,
            "evidence": [e.to_json() for e in self.evidence],
        }

    def _repr_html_(self) -> str:
        return card(self.headline(), [(f"[{e.mark}]", e.name) for e in self.evidence])
