"""The Devil's traps for N coins: checkable proofs that no strategy wins when N has an odd prime
factor, for any N up to 10^12 (nothing is enumerated).

A trap is a set S of coin sequences the Devil can keep the game in: all heads is not in S, and
for every sequence x in S and every move m some turn r leaves the table turned by r and flipped
by m in S again.  Starting in S, the Devil never loses, whatever the moves; the trap with the
turns that keep it is his certificate.

Two traps for N = 2^a * q with q odd and q > 1 (docs/mathematics.md §5):

column  (Lamping's) For an odd prime p dividing N, let s = N / p.  The p coins at positions
        j, j + s, ..., j + (p - 1) s form column j.  S: some column is not all one face.  The
        Devil turns only by multiples of s, which turns every column in place.  A column that is
        not all one face has p different turns (p is prime), and at most two of them, flipped,
        come out all one face; so one of the p turns keeps that column mixed.
chain   The chain of docs/mathematics.md §6 stops at Z = the sequences that repeat every 2^a
        positions (x turned by 2^a is x).  S: everything outside Z.  For x outside Z, x and x
        turned by 1 differ by a sequence outside Z, so x + m and (x turned by 1) + m are not
        both in Z: the Devil picks turn 0 or 1.

Both are checked exhaustively by ``CoinTrap.check`` for the sizes that allows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from devilcoins.coins.notation import Coins, Strategy, check_n
from devilcoins.core.errors import InvalidInput, NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.numbers import odd_prime_factors, rotate_mask
from devilcoins.core.perm import Perm
from devilcoins.playing import Devil
from devilcoins.results import Counterexample, Evidence, EvidenceKind

__all__ = [
    "MAX_CERTIFICATE_N",
    "CoinTrap",
    "coin_trap",
    "number_text",
    "odd_prime_factors",
]

#: The largest N certificates are built for (they answer instantly; nothing is enumerated).
MAX_CERTIFICATE_N = 10**12

#: Sizes the exhaustive checks take on (each is at most a few million cases).
_CHECK_STATES_N = 20  # every state, the chain certificate's step condition
_CHECK_GAME_N = 10  # every state and every move, the whole certificate
_CHECK_COLUMN_P = 11  # every column pattern and every flip of a column


@dataclass(frozen=True, kw_only=True)
class CoinTrap:
    """The Devil's proof for n coins: a set it keeps the game in, and the turns that keep it there.

    kind 'column': the turns are multiples of spacing = n / prime, and the set is "some column
    of prime coins, spacing apart, is mixed".  kind 'chain': the turns are 0 and 1, and the set
    is "the coins do not repeat every period positions" (period = the power of 2 in n).
    """

    n: int
    kind: str
    prime: int
    spacing: int
    period: int
    #: The Devil's turns: a range (the column certificate of a prime p has p of them, listed
    #: only on demand, so a certificate of N = 2^31 - 1 coins stays a few numbers).
    turns: Sequence[int] = field(repr=False)

    def safe(self, x: int) -> bool:
        """Whether the coins x (tails mask) lie in the set the Devil keeps the game in.

        >>> c = coin_trap(6)
        >>> c.safe(0b000001), c.safe(0b010101), c.safe(0)
        (True, False, False)
        """
        shift = self.spacing if self.kind == "column" else self.period
        return bool(rotate_mask(x, shift, self.n) != x)

    def turn(self, x: int, move: int) -> int:
        """The Devil's turn for coins x (in the set) facing move: the result stays in the set.

        >>> c = coin_trap(3)
        >>> r = c.turn(0b001, 0b011)
        >>> c.safe(rotate_mask(0b001, r, 3) ^ 0b011)
        True
        """
        for r in self.turns:
            if self.safe(rotate_mask(x, r, self.n) ^ move):
                return r
        raise InvalidInput(  # only when x was not in the set to begin with
            f"coins {Coins.from_mask(x, self.n)} are outside the set the Devil keeps; "
            "it cannot promise to win from there"
        )

    def devil(self) -> Devil:
        """The certificate as a Devil for the one play loop (``devilcoins.playing``): before each
        move it turns the coins (a tails mask) so that they stay in its set."""

        def devil(i: int, x: int, move: int) -> int:
            return rotate_mask(x, self.turn(x, move), self.n)

        return devil

    def start(self) -> Coins:
        """A start in the set: one tail at position 0."""
        return Coins.from_mask(1, self.n)

    def beat(
        self, strategy: Strategy | Sequence[int], start: Coins | None = None
    ) -> Counterexample:
        """Play the certificate against a strategy (or its flip masks): a start and turns that
        never reach all heads.

        >>> coin_trap(3).beat(Strategy([{0}, {0, 1}, {0}])).to_json()
        {'start': 'THH', 'turns': [1, 0, 1]}
        """
        start = self.start() if start is None else Coins(start)
        if start.n != self.n:
            raise InvalidInput(f"start {start} has {start.n} coins but N = {self.n}")
        x = start.tails_mask
        if not self.safe(x):
            self.turn(x, 0)  # raises the error that explains why
        masks = strategy.masks() if isinstance(strategy, Strategy) else [int(m) for m in strategy]
        turns = []
        for m in masks:
            r = self.turn(x, m)
            turns.append(Perm.turn(self.n, r))
            x = rotate_mask(x, r, self.n) ^ m
        return Counterexample(game=Game(self.n), start=start.tails_mask, turns=tuple(turns))

    def statement(self) -> str:
        """The certificate in words, for a reader."""
        n, p, s = number_text(self.n), number_text(self.prime), number_text(self.spacing)
        if self.kind == "column" and self.spacing == 1:
            return (
                f"N = {n} is an odd prime. The Devil starts with the coins not all one face. "
                f"Mixed coins show {p} different patterns as the table turns ({p} is prime), "
                f"and at most two of them come out all one face after the flips (those would "
                f"have to be the move's own pattern or its opposite); so some turn keeps the "
                f"coins mixed, and they never show all heads."
            )
        if self.kind == "column":
            cols = (
                f"positions j, j+{s}, ..., j+{number_text((self.prime - 1) * self.spacing)}"
                if self.prime > 3
                else f"positions j, j+{s}, j+{number_text(2 * self.spacing)}"
            )
            return (
                f"N = {n} has the odd prime factor {p}. The Devil looks at the {p} coins at "
                f"{cols} (one 'column' for each j < {s}). It starts with some column not all "
                f"one face, and it only ever turns the table by a multiple of {s}, which turns "
                f"every column within itself. A mixed column of {p} coins shows {p} different "
                f"patterns under those turns ({p} is prime), and at most two of them come out "
                f"all one face after the flips; so some turn keeps that column mixed, and the "
                f"coins never show all heads."
            )
        q = number_text(self.n // self.period)
        return (
            f"N = {n} = {self.period} x {q}. The chain (docs/mathematics.md §5.2) stops at Z = the "
            f"{f'{1 << self.period:,}' if self.period < 50 else f'2^{self.period:,}'} "
            f"sequences that repeat every {self.period} positions, short "
            f"of all 2^{self.n:,}. Starting outside Z, before each move the Devil turns by 0 or "
            "by 1: "
            f"for x outside Z, x and x turned by 1 differ by a sequence outside Z, so they "
            f"cannot both land in Z after the same flips. All heads is in Z, so it never shows."
        )

    def check(self) -> list[Evidence]:
        """Check the certificate exhaustively wherever the sizes allow (an empty list if none)."""
        checks = []
        n = self.n
        if self.kind == "column" and self.prime <= _CHECK_COLUMN_P:
            checks.append(_check_column(self.prime))
        if self.kind == "chain" and n <= _CHECK_STATES_N:
            checks.append(_check_chain_step(n, self.period))
        if n <= _CHECK_GAME_N:
            checks.append(_check_game(self))
        return checks

    def to_json(self) -> dict[str, Any]:
        """The certificate as plain JSON data."""
        return {
            "kind": self.kind,
            "coins": self.n,
            "prime": self.prime,
            "spacing": self.spacing,
            "period": self.period,
            "devil_turns": list(self.turns)
            if len(self.turns) <= 64
            else f"multiples of {self.spacing}",
            "start": self.start() if self.n <= 64 else None,
            "statement": self.statement(),
        }


def number_text(k: int) -> str:
    """k as prove writes it: '9999', '10,000', '1,000,000,000,000' (separators from 10,000 on).

    >>> number_text(9999), number_text(10**12)
    ('9999', '1,000,000,000,000')
    """
    return f"{k:,}" if k >= 10_000 else str(k)


def coin_trap(n: int, kind: str = "column") -> CoinTrap:
    """The Devil's trap for n coins ('column' or 'chain'); an error if n is a power of 2.

    >>> c = coin_trap(12)
    >>> c.prime, c.spacing, tuple(c.turns)
    (3, 4, (0, 4, 8))
    >>> coin_trap(12, 'chain').period
    4
    """
    n = check_n(n)
    if n > MAX_CERTIFICATE_N:
        raise TooLarge(f"certificates are built for N up to {MAX_CERTIFICATE_N:.0e}")
    primes = odd_prime_factors(n)
    if not primes:
        raise NotSupported(
            f"N = {n} is a power of 2: the player wins (see 'devilcoins prove {n}'), so the "
            "Devil has no certificate"
        )
    period = n & -n
    p = primes[0]
    if kind == "column":
        s = n // p
        turns = range(0, n, s)
        return CoinTrap(n=n, kind="column", prime=p, spacing=s, period=period, turns=turns)
    if kind == "chain":
        return CoinTrap(n=n, kind="chain", prime=p, spacing=n // p, period=period, turns=range(2))
    raise InvalidInput(f"unknown certificate kind {kind!r}: use 'column' or 'chain'")


def _failure(ok: np.ndarray, describe: Callable[[int, int], str]) -> str | None:
    """describe(i, j) for the first (i, j) where ok is False; None when ok holds everywhere."""
    bad = np.argwhere(~ok)
    return describe(int(bad[0][0]), int(bad[0][1])) if len(bad) else None


def _checked(name: str, what: str, cases: int, holds: bool, failure: str | None) -> Evidence:
    """One exhaustive check of a certificate, as evidence."""
    return Evidence(
        kind=EvidenceKind.CHECK,
        name=f"exhaustive check of {name}",
        statement=f"{what}: {cases:,} cases" + ("" if holds else f"; FAILS at {failure}"),
        checked=True,
        holds=holds,
        detail={"cases": cases, "failure": failure},
    )


def _check_column(p: int) -> Evidence:
    """Every mixed column of p coins, every flip of it: some turn of the column stays mixed."""
    full = (1 << p) - 1
    ys = np.arange(1, full, dtype=np.int64)  # the mixed columns
    fs = np.arange(full + 1, dtype=np.int64)
    y, f = np.meshgrid(ys, fs, indexing="ij")
    ok = np.zeros(y.shape, dtype=bool)
    for r in range(p):
        z = rotate_mask(y, r, p) ^ f
        ok |= (z != 0) & (z != full)
    failure = _failure(ok, lambda i, j: f"column {int(ys[i]):0{p}b} flipped by {int(fs[j]):0{p}b}")
    what = f"every mixed column of {p} coins and every flip of it has a turn that keeps it mixed"
    return _checked("the column certificate", what, int(ok.size), failure is None, failure)


def _check_chain_step(n: int, period: int) -> Evidence:
    """For every x not repeating every period positions, x + (x turned by 1) does not either."""
    x = np.arange(1 << n, dtype=np.int64)
    outside = rotate_mask(x, period, n) != x
    d = x ^ rotate_mask(x, 1, n)
    d_outside = rotate_mask(d, period, n) != d
    bad = np.flatnonzero(outside & ~d_outside)
    failure = None if not len(bad) else f"x = {Coins.from_mask(int(bad[0]), n)}"
    what = (
        f"for each of the {int(outside.sum()):,} sequences x outside Z, x plus x turned by 1 "
        "is outside Z"
    )
    return _checked("the chain certificate", what, 1 << n, failure is None, failure)


def _check_game(cert: CoinTrap) -> Evidence:
    """Every sequence in the set, every move: one of the Devil's turns stays in the set."""
    n = cert.n
    full = (1 << n) - 1
    xs = np.arange(full + 1, dtype=np.int64)
    shift = cert.spacing if cert.kind == "column" else cert.period

    def safe(z: np.ndarray) -> np.ndarray:
        return np.asarray(rotate_mask(z, shift, n) != z)

    xs = xs[safe(xs)]
    ms = np.arange(full + 1, dtype=np.int64)
    ok = np.zeros((len(xs), len(ms)), dtype=bool)
    for r in cert.turns:
        ok |= safe(rotate_mask(xs, r, n)[:, None] ^ ms[None, :])
    failure = _failure(
        ok, lambda i, j: f"coins {Coins.from_mask(int(xs[i]), n)} facing move {int(ms[j]):0{n}b}"
    )
    what = (
        f"all {len(xs):,} sequences in the Devil's set, against all {len(ms):,} moves, have a "
        f"turn among {len(cert.turns)} that stays in the set (all heads is not in it)"
    )
    holds = failure is None and not safe(np.array([0]))[0]
    return _checked("the Devil's set against every move", what, int(ok.size), bool(holds), failure)
