"""The verdict for N coins with its evidence: a shortest strategy and the lower bound, or the
Devil's certificate.

Every N is settled by one fact about it: whether it is a power of 2.  What the program adds is
evidence a reader can check: each piece is either stated (an argument to read) or checked now
by the program (exact verification, exhaustive search, exhaustive certificate checks), and says
which.
"""

from __future__ import annotations

from devilcoins.coins.construct import is_power_of_two
from devilcoins.coins.notation import check_n
from devilcoins.coins.traps import MAX_CERTIFICATE_N, coin_trap, number_text
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.results import Evidence, EvidenceKind, How, Verdict
from devilcoins.results.words import counted

__all__ = ["MAX_PROVE_N", "prove_coins"]

#: The largest N prove answers (factoring by trial division stays instant).
MAX_PROVE_N = MAX_CERTIFICATE_N

#: The largest N whose construction prove verifies exactly (65,535 moves, about half a second).
_VERIFY_N = 16
#: The largest N prove also settles by exhaustive belief search (well under a second).
_SEARCH_N = 15


def _lower_bound(n: int) -> Evidence:
    statement = (
        "Against a Devil who never turns the table, the coins after i moves are the start XOR "
        "moves 1..i. To reach all heads from every one of the 2^N starts, the start must be one "
        "of these sums for some i = 0..L, so a winning strategy of L moves needs L + 1 >= 2^N. "
        "Given a shorter strategy, 'devilcoins verify' names a start it misses."
    )
    name = "lower bound: no strategy has fewer than 2^N - 1 moves"
    return Evidence.stated(EvidenceKind.LOWER_BOUND, name, statement)


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
    name = "construction: Lamping's strategy has exactly 2^N - 1 moves and wins"
    return Evidence.stated(EvidenceKind.CONSTRUCTION, name, statement)


def _verified(n: int) -> Evidence:
    from devilcoins.coins.construct import construction
    from devilcoins.coins.verification import verify

    v = verify(construction(n), n)
    holds = v.wins and v.won_at == (1 << n) - 1
    if holds:
        found = "becomes {all heads} exactly at the last move"
    elif v.wins:
        found = f"becomes {{all heads}} at move {v.won_at:,}, NOT the last one: the check FAILS"
    else:
        found = "never becomes {all heads}: the check FAILS"
    statement = (
        f"The belief (every coin sequence, up to rotation) propagated through all "
        f"{counted((1 << n) - 1, 'move')} {found} ({v.seconds:.3f} s)."
    )
    return Evidence(
        kind=EvidenceKind.CHECK,
        name="exact verification of the construction",
        statement=statement,
        checked=True,
        holds=holds,
        detail={"wins": v.wins, "won_at": v.won_at, "seconds": round(v.seconds, 6)},
    )


def _searched(n: int, winnable: bool) -> Evidence:
    from devilcoins.coins.search import belief_search

    r = belief_search(n)
    if r.length is not None:
        holds = winnable and r.length == (1 << n) - 1
        statement = (
            f"Breadth-first search over beliefs finds no strategy shorter than "
            f"{counted(r.length, 'move')} ({r.explored or 0:,} beliefs explored, "
            f"{r.seconds:.3f} s)."
        )
    else:
        holds = not winnable
        statement = (
            f"Breadth-first search explored all {r.explored or 0:,} beliefs reachable from 'any "
            f"coins at all' and none is {{all heads}} ({r.seconds:.3f} s)."
        )
    if not holds:
        statement += " That is not what the verdict says: the check FAILS."
    return Evidence(
        kind=EvidenceKind.SEARCH,
        name="exhaustive belief search",
        statement=statement,
        checked=True,
        holds=holds,
        detail={"explored": r.explored or 0, "length": r.length, "seconds": round(r.seconds, 6)},
    )


def _certified(n: int, kind: str) -> list[Evidence]:
    cert = coin_trap(n, kind)
    name = (
        f"the Devil's certificate (Lamping's column rule, p = {number_text(cert.prime)})"
        if kind == "column"
        else "the Devil's certificate (the chain stops short)"
    )
    stated = Evidence.stated(EvidenceKind.TRAP, name, cert.statement(), certificate=cert.to_json())
    return [stated, *cert.check()]


def _kept_mixed(n: int) -> str:
    """The method of a lost coin game, plain words first: what the Devil's certificate keeps."""
    prime = coin_trap(n).prime
    kept = "the coins" if prime == n else f"some {number_text(prime)} evenly spaced coins"
    return f"{kept} kept from all showing one face (the Devil's certificate, Lamping's)"


def prove_coins(n: int, *, checks: bool = True) -> Verdict:
    """Settle N coins with evidence, for any N up to 10^12; checks=False states the arguments
    without running checks.

    >>> v = prove_coins(4)
    >>> v.winnable, v.length, v.holds
    (True, 15, True)
    >>> v = prove_coins(6)
    >>> v.winnable, v.length, v.holds
    (False, None, True)
    >>> prove_coins(128).length, prove_coins(128).length_text
    (None, '2^128 - 1')
    """
    n = check_n(n)
    if n > MAX_PROVE_N:
        raise TooLarge(f"prove answers N up to 10^12, not {n:,}")
    t0 = Stopwatch()
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
                Evidence.stated(
                    EvidenceKind.TRAP,
                    "the Devil's certificate (Lamping's column rule)",
                    coin_trap(n).statement(),
                )
            ]
        )
        evidence += _certified(n, "chain") if checks else []
        if checks and n <= _SEARCH_N:
            evidence.append(_searched(n, False))
    return Verdict(
        game=Game(n),
        winnable=winnable,
        length=((1 << n) - 1 if n <= 64 else None) if winnable else None,
        length_expr=f"2^{n} - 1" if winnable else None,
        method="Lamping's construction" if winnable else _kept_mixed(n),
        how=How.CONSTRUCTION if winnable else How.CERTIFICATE,
        seconds=t0.seconds(),
        evidence=tuple(evidence),
    )
