"""The verdict for N coins with its evidence: a shortest strategy and the lower bound, or the
Devil's certificate.

Every N is settled by one fact about it: whether it is a power of 2.  What the program adds is
evidence a reader can check: each piece is either stated (an argument to read) or checked now
by the program (exact verification, exhaustive search, exhaustive certificate checks), and says
which.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from devilcoins.coins.certificate import MAX_CERTIFICATE_N, certificate, number_text
from devilcoins.coins.construct import is_power_of_two
from devilcoins.coins.notation import DevilcoinsError, check_n
from devilcoins.results import Evidence

__all__ = ["MAX_PROVE_N", "Evidence", "Proof", "prove"]

#: The largest N prove answers (factoring by trial division stays instant).
MAX_PROVE_N = MAX_CERTIFICATE_N

#: The largest N whose construction prove verifies exactly (65,535 moves, about half a second).
_VERIFY_N = 16
#: The largest N prove also settles by exhaustive belief search (well under a second).
_SEARCH_N = 15


@dataclass(frozen=True, kw_only=True)
class Proof:
    """The verdict for n coins: winnable or not, the least length, and the evidence."""

    coins: int
    winnable: bool
    evidence: tuple[Evidence, ...]
    seconds: float

    @property
    def min_length(self) -> int | None:
        """2^n - 1 when winnable (computed exactly, whatever its size), else None."""
        return (1 << self.coins) - 1 if self.winnable else None

    def length_text(self) -> str:
        """The least length in words: '65,535' or '2^128 - 1 (a number with 39 digits)'."""
        if not self.winnable:
            return "none"
        if self.coins <= 64:
            return f"2^{self.coins} - 1 = {self.min_length:,}"
        digits = int(self.coins * 0.30102999566398120) + 1
        return f"2^{self.coins} - 1 (a number with {digits:,} digits)"

    @property
    def holds(self) -> bool:
        """Every check the program ran came out as the verdict says."""
        return all(e.detail.get("holds", True) for e in self.evidence if e.checked)

    def to_json(self) -> dict[str, Any]:
        """The verdict and its evidence as plain JSON data."""
        return {
            "coins": self.coins,
            "winnable": self.winnable,
            "min_length": self.min_length if self.coins <= 64 else None,
            "min_length_expr": f"2^{self.coins} - 1" if self.winnable else None,
            "all_checks_hold": self.holds,
            "evidence": [e.to_json() for e in self.evidence],
            "seconds": round(self.seconds, 6),
        }

    def to_text(self) -> str:
        """The verdict and its evidence for a reader."""
        n = number_text(self.coins)
        if self.winnable:
            head = (
                f"N = {n}: the player wins. The shortest winning strategy has "
                f"{self.length_text()} moves."
            )
        else:
            head = f"N = {n}: no strategy wins; the Devil can hold out forever."
        lines = [head, ""]
        for e in self.evidence:
            mark = "checked" if e.checked else "stated"
            if e.checked and not e.detail.get("holds", True):
                mark = "CHECK FAILED"
            lines.append(f"[{mark}] {e.name}")
            lines.append(_indent(e.statement))
            lines.append("")
        return "\n".join(lines).rstrip() + "\n"


def _indent(text: str, width: int = 96) -> str:
    import textwrap

    return "\n".join(
        textwrap.fill(part, width, initial_indent="    ", subsequent_indent="    ")
        for part in text.split("\n")
    )


def _lower_bound(n: int) -> Evidence:
    statement = (
        "Against a Devil who never turns the table, the coins after i moves are the start XOR "
        "moves 1..i. To reach all heads from every one of the 2^N starts, the start must be one "
        "of these sums for some i = 0..L, so a winning strategy of L moves needs L + 1 >= 2^N. "
        "Given a shorter strategy, 'devilcoins verify' names a start it misses."
    )
    return Evidence(
        name="lower bound: no strategy has fewer than 2^N - 1 moves",
        statement=statement,
        checked=False,
    )


def _construction(n: int) -> Evidence:
    statement = (
        "From a winning sequence o_1..o_L for N/2 coins, flip o_i on both halves (d_i) or on the "
        "first half only (s_i), and play d_1..d_L, s_1, d_1..d_L, s_2, ..., s_L, d_1..d_L. "
        "Doubled moves never change which opposite coins (k and k + N/2) differ, and the Devil's "
        "turns only turn that pattern; so each run of d_1..d_L is the N/2-coin strategy played on "
        "one half, and wins when the halves agree, while the s moves play the N/2-coin strategy "
        "on the pattern of differences, which therefore is all 'same' before some run. By "
        "induction from N = 1 (one move: flip the coin) it wins for every power of 2, with "
        "2^(N/2) * L + L = 2^N - 1 moves, meeting the lower bound. "
        f"'devilcoins construct {n}' streams it; move i flips the positions t that are "
        f"bit-subsets of N - 1 - c, where c counts the trailing zero bits of i."
    )
    return Evidence(
        name="construction: Lamping's strategy has exactly 2^N - 1 moves and wins",
        statement=statement,
        checked=False,
    )


def _verified(n: int) -> Evidence:
    from devilcoins.coins.construct import construction
    from devilcoins.coins.verification import verify

    v = verify(construction(n), n)
    holds = v.wins and v.won_at == (1 << n) - 1
    statement = (
        f"The belief (every coin sequence, up to rotation) propagated through all "
        f"{(1 << n) - 1:,} moves becomes {{all heads}} exactly at the last move "
        f"({v.seconds:.3f} s)."
    )
    return Evidence(
        name="exact verification of the construction",
        statement=statement,
        checked=True,
        detail={"holds": holds, "wins": v.wins, "won_at": v.won_at, "seconds": round(v.seconds, 6)},
    )


def _searched(n: int, winnable: bool) -> Evidence:
    from devilcoins.coins.search import belief_search

    r = belief_search(n)
    if winnable:
        holds = r.length == (1 << n) - 1
        statement = (
            f"Breadth-first search over beliefs finds no strategy shorter than {r.length:,} "
            f"moves ({r.explored:,} beliefs explored, {r.seconds:.3f} s)."
        )
    else:
        holds = r.strategy is None
        statement = (
            f"Breadth-first search explored all {r.explored:,} beliefs reachable from 'any "
            f"coins at all' and none is {{all heads}} ({r.seconds:.3f} s)."
        )
    return Evidence(
        name="exhaustive belief search",
        statement=statement,
        checked=True,
        detail={
            "holds": holds,
            "explored": r.explored,
            "length": r.length,
            "seconds": round(r.seconds, 6),
        },
    )


def _certified(n: int, kind: str) -> list[Evidence]:
    cert = certificate(n, kind)
    name = (
        f"the Devil's certificate (Lamping's column rule, p = {number_text(cert.prime)})"
        if kind == "column"
        else "the Devil's certificate (the chain stops short)"
    )
    out = [
        Evidence(
            name=name,
            statement=cert.statement(),
            checked=False,
            detail={"certificate": cert.to_json()},
        )
    ]
    for check in cert.check():
        out.append(
            Evidence(
                name=f"exhaustive check of the {kind} certificate",
                statement=f"{check.what}: {check.cases:,} cases"
                + ("" if check.holds else f"; FAILS at {check.failure}"),
                checked=True,
                detail={"holds": check.holds, "cases": check.cases},
            )
        )
    return out


def prove(n: int, *, checks: bool = True) -> Proof:
    """Settle N coins with evidence; checks=False states the arguments without running checks.

    >>> p = prove(4)
    >>> p.winnable, p.min_length, p.holds
    (True, 15, True)
    >>> p = prove(6)
    >>> p.winnable, p.min_length, p.holds
    (False, None, True)
    """
    n = check_n(n)
    if n > MAX_PROVE_N:
        raise DevilcoinsError(f"prove answers N up to {MAX_PROVE_N:.0e}, not {n:.3e}")
    t0 = time.perf_counter()
    winnable = is_power_of_two(n)
    evidence: list[Evidence] = []
    if winnable:
        evidence += [_lower_bound(n), _construction(n)]
        if checks and n <= _VERIFY_N:
            evidence.append(_verified(n))
        if checks and n <= _SEARCH_N:
            evidence.append(_searched(n, True))
    else:
        evidence += (
            _certified(n, "column")
            if checks
            else [
                Evidence(
                    name="the Devil's certificate (Lamping's column rule)",
                    statement=certificate(n).statement(),
                    checked=False,
                )
            ]
        )
        evidence += _certified(n, "chain") if checks else []
        if checks and n <= _SEARCH_N:
            evidence.append(_searched(n, False))
    return Proof(
        coins=n, winnable=winnable, evidence=tuple(evidence), seconds=time.perf_counter() - t0
    )
