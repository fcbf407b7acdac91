"""The count half of the checker: the strategy wins within the value from every start, and the
Devil's witness (beliefs with claims) or trap holds, belief by belief."""

from __future__ import annotations

from typing import Any

import numpy as np

from devilcoins.certcheck.tables import Array, CertificateFailed, Tables, parse_list
from devilcoins.core.errors import DevilcoinsError
from devilcoins.observed.replay import verify_count

__all__ = ["CountLower", "count_upper"]


class CountLower:
    """The lower bound of a count game: member beliefs with claims; after every move from a
    member claiming c, some count heard leaves a belief (outside the goal) that is not empty
    and, when c > 2, holds a member claiming c - 1 or more."""

    def __init__(self, tab: Tables, cert: dict[str, Any], key: str = "witness") -> None:
        self.tab = tab
        weights = (tab.digits != 0).sum(axis=1)
        self.weight = np.zeros(tab.classes, dtype=np.int64)
        self.weight[tab.cls] = weights
        rows, claims = [], []
        for i, member in enumerate(parse_list(cert.get(key), key)):
            what = f"{key} member {i}"
            try:
                claim = int(member["claim"]) if key == "witness" else 2
                flags = tab.belief(member["states"] if key == "witness" else member, what)
            except (KeyError, TypeError, ValueError):
                raise CertificateFailed(f"{what}: no claim and states") from None
            if (flags & tab.goal).any() or not flags.any():
                raise CertificateFailed(f"{what}: empty or holds a goal state")
            if claim < 2:
                raise CertificateFailed(f"{what}: claims {claim} (members claim >= 2)")
            rows.append(flags)
            claims.append(claim)
        self.rows = np.array(rows, dtype=bool).reshape(len(rows), tab.classes)
        self.claims = np.array(claims, dtype=np.int64)
        self.key = key
        self.exact: dict[bytes, int] = {}
        for flags, claim in zip(rows, claims, strict=True):
            packed = np.packbits(flags).tobytes()
            self.exact[packed] = max(self.exact.get(packed, 0), claim)

    def holds(self, belief: Array, need: int) -> bool:
        """Whether the belief (flags over classes) holds a member claiming need or more (a
        member equal to it is looked up first)."""
        if self.exact.get(np.packbits(belief).tobytes(), 0) >= need:
            return True
        fits = ~(self.rows & ~belief).any(axis=1)
        return bool((fits & (self.claims >= need)).any())

    def check(self, value: int) -> int:
        """Check every member; the start's claim (the lower bound proved)."""
        start = ~self.tab.goal
        if not start.any():
            return 0
        for i, (flags, claim) in enumerate(zip(self.rows, self.claims, strict=True)):
            self._member(i, flags, int(claim))
        if value >= 2 and not self.holds(start, value):
            raise CertificateFailed(f"the start is no member claiming {value} or more")
        return max(1, value)

    def _member(self, i: int, flags: Array, claim: int) -> None:
        tab = self.tab
        states = np.flatnonzero(flags[tab.cls])
        for a in tab.moves:
            after = np.unique(tab.cls[((tab.digits[states] + a) % tab.m) @ tab.powers])
            after = after[~tab.goal[after]]
            ok = False
            for w in np.unique(self.weight[after]):
                part = np.zeros(tab.classes, dtype=bool)
                part[after[self.weight[after] == w]] = True
                ok = (self.key == "witness" and claim <= 2) or self.holds(part, claim - 1)
                if ok:
                    break
            if not ok:
                move = self.tab.game.state_text(int(a @ tab.powers))
                raise CertificateFailed(
                    f"{self.key} member {i} (claim {claim}): after the move {move} no count "
                    f"heard leaves a belief claiming {claim - 1} or more"
                    if self.key == "witness"
                    else f"trap member {i}: after the move {move} every count lets the player out"
                )


def count_upper(tab: Tables, strategy: Any) -> int:
    """The count strategy's worst case, replayed against every start and turn."""
    if not isinstance(strategy, dict):
        raise CertificateFailed("the strategy is not a count strategy's nodes")
    if not (~tab.goal).any():
        return 0  # every state is in the goal: no move is needed
    try:
        checked = verify_count(tab.game, strategy)
    except DevilcoinsError as err:
        raise CertificateFailed(f"the strategy: {err}") from None
    if not checked.wins:
        raise CertificateFailed("the count strategy does not win from every start")
    return int(checked.won_at or 0)
