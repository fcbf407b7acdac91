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


# --- tails masks: bit i set when position i shows tails ---------------------------------------


def rot(x: int, r: int, n: int) -> int:
    """The table turned by r in the seeds' sense (coins[r:] + coins[:r]) on an n-bit mask."""
    r %= n
    return ((x >> r) | (x << (n - r))) & ((1 << n) - 1)


def replay(start: int, turns, masks, n: int) -> list[int]:
    """The states x_0 = start, x_i = rot(x_(i-1), r_i) ^ m_i, played to the end (no stopping)."""
    states = [start]
    for r, m in zip(turns, masks, strict=True):
        states.append(rot(states[-1], r, n) ^ m)
    return states


def lamping(n: int) -> list[int]:
    """Lamping's construction for n = 2^k coins, built literally by its recursion (as masks).

    n = 1: the one move that flips the coin.  From o_1..o_L for h coins, for 2h coins:
    d_i = o_i on both halves, s_i = o_i on the first half only, and the sequence is
    d_1..d_L, s_1, d_1..d_L, s_2, ..., s_L, d_1..d_L.
    """
    if n == 1:
        return [1]
    h = n // 2
    assert 2 * h == n, "n must be a power of 2"
    inner = lamping(h)
    doubled = [o | (o << h) for o in inner]
    moves = list(doubled)
    for s in inner:
        moves.append(s)
        moves.extend(doubled)
    return moves


def lamping_move(n: int, i: int) -> int:
    """Move i (1-based) of Lamping's construction for n = 2^k coins, by the recursion alone.

    For 2h coins write i = q * 2^h + r with 0 <= r < 2^h: move i is d_r (move r of the h-coin
    sequence on both halves) when r != 0, and s_q (move q on the first half only) when r = 0.
    """
    if n == 1:
        assert i == 1
        return 1
    h = n // 2
    assert 2 * h == n, "n must be a power of 2"
    q, r = divmod(i, 1 << h)
    if r:
        o = lamping_move(h, r)
        return o | (o << h)
    return lamping_move(h, q)


def naive_won_at(masks, n: int, starts=None) -> int | None:
    """The first move after which no start (default: every one) can avoid all heads, or None.

    The belief is a plain set of full tails masks, never put in canonical form: every state
    some start and some turns could have produced, all heads taken out as soon as it shows.
    0 when there is nothing to beat from the outset (no start but all heads).
    """
    belief = set(range(1, 1 << n)) if starts is None else {x for x in starts if x}
    if not belief:
        return 0
    for k, m in enumerate(masks, 1):
        belief = {rot(x, r, n) ^ m for x in belief for r in range(n)}
        belief.discard(0)
        if not belief:
            return k
    return None


def prefix_sums_distinct(masks) -> bool:
    """Whether the XORs of the prefixes (the empty one included) are all different.

    With a Devil who never turns, start x shows all heads after i moves exactly when x is the
    XOR of moves 1..i: a strategy for n coins can only win if its prefix sums cover all 2^n
    states, and 2^n - 1 moves do that only if they are all different.
    """
    seen, acc = {0}, 0
    for m in masks:
        acc ^= m
        if acc in seen:
            return False
        seen.add(acc)
    return True


def odd_primes_naive(n: int) -> list[int]:
    """The distinct odd primes dividing n, by testing every odd number up to n for primality."""
    def prime(p: int) -> bool:
        return p > 1 and all(p % d for d in range(2, p))

    return [p for p in range(3, n + 1, 2) if n % p == 0 and prime(p)]


def naive_beliefs(masks, n: int, starts) -> list[set[int]]:
    """The states (all heads left out) some start could be in before and after each move."""
    belief = {x for x in starts if x}
    beliefs = [belief]
    for m in masks:
        belief = {rot(x, r, n) ^ m for x in belief for r in range(n)} - {0}
        beliefs.append(belief)
    return beliefs


def necklaces(states, n: int) -> int:
    """How many different sequences up to rotation there are among states."""
    return len({min(rot(x, r, n) for r in range(n)) for x in states})
