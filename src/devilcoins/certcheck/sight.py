"""The sight half of the checker: the rule wins within the value from every class, and every
class claimed c >= 2 has, for every move, a turn to a class claimed c - 1 or more."""

from __future__ import annotations

from typing import Any

import numpy as np

from devilcoins.certcheck.tables import Array, CertificateFailed, Tables, parse_list
from devilcoins.observed.replay import verify_sight

__all__ = ["SightLower", "sight_upper"]


class SightLower:
    """The lower bound of a sight game: a claim for classes, each class's moves answered."""

    def __init__(self, tab: Tables, cert: dict[str, Any]) -> None:
        self.tab, self.game = tab, tab.game
        self.class_claim = np.zeros(tab.classes, dtype=np.int64)
        self.rows: list[tuple[int, Array]] = []
        for i, member in enumerate(parse_list(cert.get("witness", []), "witness")):
            try:
                claim, states = int(member["claim"]), member["states"]
            except (KeyError, TypeError, ValueError):
                raise CertificateFailed(f"witness member {i}: no claim and states") from None
            flags = tab.belief(states, f"witness member {i}")
            if (flags & tab.goal).any() or not flags.any():
                raise CertificateFailed(f"witness member {i}: empty or holds a goal state")
            if claim < 2:
                raise CertificateFailed(f"witness member {i}: claims {claim} (members claim >= 2)")
            self.class_claim[flags] = np.maximum(self.class_claim[flags], claim)
            self.rows.append((claim, flags))

    def check(self, value: int) -> int:
        """Check every member; the lower bound proved (the Devil picks the start)."""
        for i, (claim, flags) in enumerate(self.rows):
            self._member(i, claim, flags)
        if not (~self.tab.goal).any():
            return 0
        return max(1, int(self.class_claim.max()))

    def _member(self, i: int, claim: int, flags: Array) -> None:
        tab = self.tab
        moves = tab.moves
        for c in np.flatnonzero(flags):
            x = int(np.flatnonzero(tab.cls == c)[0])
            turned = np.array([tab.digits[x][list(p)] for p in tab.perms])
            after = tab.cls[((turned[:, None, :] + moves[None, :, :]) % tab.m) @ tab.powers]
            live = ~tab.goal[after]
            if claim > 2:
                live &= self.class_claim[after] >= claim - 1
            if not live.any(axis=0).all():
                a = int(np.argmax(~live.any(axis=0)))
                raise CertificateFailed(
                    f"witness member {i} (claim {claim}): after move "
                    f"{self.game.state_text(int(moves[a] @ tab.powers))} no turn leaves a class "
                    f"claiming {claim - 1}"
                )


#: The most patterns off a reach the touch checker takes (a table of 2^this claims a reach).
_MOST_OFF = 16


#: The most changes whose beliefs are compared in pairs (to check only the smallest).


def sight_upper(tab: Tables, strategy: Any) -> int:
    """The sight policy's worst case, after checking every class."""
    checked = verify_sight(tab.game, {"tree": strategy})
    if not checked.wins:
        raise CertificateFailed("the sight policy does not win from every start")
    return int(checked.won_at or 0)
