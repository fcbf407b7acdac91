"""An independent, slow reference for the coin game, written for the tests.

It follows the seeds' definitions (shared/seeds) with coin sequences as plain strings of H and T
and moves as sets of positions, and shares no code with the library, so the tests can check the
library against it.  Nothing here is fast: it is meant for small numbers of coins.
"""

from __future__ import annotations

from functools import cache
from itertools import product


def rotations(coins: str) -> set[str]:
    """Every rotation coins[r:] + coins[:r] of coins, straight from the seeds."""
    return {coins[r:] + coins[:r] for r in range(len(coins))}


def canonical(coins: str) -> str:
    """The seeds' canonical form: the alphabetically first rotation."""
    return min(rotations(coins))


def flipped(coins: str, move) -> str:
    """Flip the coins at the positions of move, without canonicalising (all heads flips too)."""
    return "".join(("H" if c == "T" else "T") if i in move else c for i, c in enumerate(coins))


def flip(coins: str, move) -> str:
    """The seeds' flip: all heads is left alone, anything else is flipped and canonicalised."""
    if "T" not in coins:
        return coins
    return canonical(flipped(coins, move))


@cache
def successors(coins: str, move: frozenset[int]) -> frozenset[str]:
    """Every canonical sequence one turn and move can make of coins; all heads stays put."""
    if "T" not in coins:
        return frozenset({coins})
    return frozenset(canonical(flipped(c, move)) for c in rotations(coins))


def naive_update(belief, move) -> frozenset[str]:
    """Turn every sequence every way, flip, canonicalise; all heads is left alone."""
    move = frozenset(move)
    return frozenset().union(*(successors(c, move) for c in belief))


def plain_update(belief, move) -> frozenset[str]:
    """Turn every sequence every way and flip, with no canonical forms; all heads is left alone."""
    return frozenset(
        c if "T" not in c else flipped(c, move) for coins in belief for c in rotations(coins)
    )


@cache
def canonical_coins(n: int) -> frozenset[str]:
    """The canonical forms of all 2^n sequences of n coins."""
    return frozenset(canonical("".join(p)) for p in product("HT", repeat=n))


def seed_moves(n: int) -> list[frozenset[int]]:
    """The seeds' canonical moves: the heads of each canonical sequence, in sorted order."""
    return [
        frozenset(i for i, c in enumerate(coins) if c == "H")
        for coins in sorted(canonical_coins(n))
    ]
