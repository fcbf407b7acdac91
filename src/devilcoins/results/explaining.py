"""A verdict and the words that explain how it was reached (``explain``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from devilcoins.results.html import card
from devilcoins.results.verdict import Verdict

__all__ = ["Explanation"]


@dataclass(frozen=True)
class Explanation:
    """A verdict and the words that explain it."""

    verdict: Verdict
    text: str

    def to_json(self) -> dict[str, Any]:
        """The verdict's JSON with the explanation added."""
        return {**self.verdict.to_json(), "explanation": self.text}

    def _repr_html_(self) -> str:
        return card(self.verdict.headline(), [], self.text)
