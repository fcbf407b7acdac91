"""The Devils of the live games, and where they let a game start.

The coin game has its own Devils: ``adversarial_turn`` keeps the coins in the certificate's safe
set when N has an odd prime factor and falls back on ``greedy_turn``.  Every other blind game
uses the certificate's Devil (devilcoins.devil) while the state lies outside the chain's zone,
and the greedy one otherwise.  The random Devil turns the table uniformly in both.
"""

from __future__ import annotations

import random
from functools import cache

import numpy as np

from devilcoins.coins.certificate import Certificate, certificate, odd_prime_factors
from devilcoins.coins.notation import Coins, Move
from devilcoins.core.game import Game as GameSpec
from devilcoins.core.tables import tables
from devilcoins.devil import certificate_devil, greedy_devil

__all__ = [
    "adversarial_turn",
    "coin_turn",
    "greedy_turn",
    "orbit",
    "start_coins",
    "start_state",
    "table_turn",
]


def greedy_turn(coins: Coins, move: Move) -> int:
    """The adversarial Devil's fallback turn: a simple greedy rule, not an optimal Devil.

    It picks a turn r after which the move does not leave all heads, if any r does, preferring
    the r whose resulting canonical sequence comes last in the belief ordering (alphabetical,
    so tails-heavy sequences first), and the smallest such r.  When every turn loses, it turns
    by 0.

    >>> greedy_turn(Coins('THHH'), Move({0}))  # turned by 2: HHTH, flipped: THTH
    2
    >>> greedy_turn(Coins('TTTT'), Move({0, 1, 2, 3}))
    0
    """
    best_r, best_key = 0, None
    for r in range(coins.n):
        after = coins.rotate(r).flipped(move)
        if after.all_heads:
            continue
        key = after.canonical()
        if best_key is None or key > best_key:
            best_r, best_key = r, key
    return best_r


@cache
def _certificate(n: int) -> Certificate | None:
    """The Devil's certificate for n coins, or None when n has no odd prime factor."""
    return certificate(n) if odd_prime_factors(n) else None


def adversarial_turn(coins: Coins, move: Move) -> int:
    """The live adversarial Devil's turn: the certificate's when the coins are safe, else greedy.

    When N has an odd prime factor and the coins lie in the certificate's safe set, the turn keeps
    them there, so all heads never shows; otherwise it is ``greedy_turn``.

    >>> adversarial_turn(Coins('THH'), Move({0, 1, 2}))  # any turn of THH flipped is not HHH
    0
    """
    cert = _certificate(coins.n)
    if cert is not None and cert.safe(coins.tails_mask):
        return cert.turn(coins.tails_mask, move.mask)
    return greedy_turn(coins, move)


def start_coins(n: int, devil: str, rng: random.Random) -> Coins:
    """Random coins, not all heads; for the adversarial Devil and odd-factor n, in its safe set."""
    cert = _certificate(n) if devil == "adversarial" else None
    if cert is None:
        return Coins.from_mask(rng.randrange(1, 1 << n), n)
    while True:  # at least half the sequences are safe, so this ends quickly
        mask = rng.randrange(1, 1 << n)
        if cert.safe(mask):
            return Coins.from_mask(mask, n)


def coin_turn(devil: str, coins: Coins, move: Move, rng: random.Random) -> int:
    """How far the coin game's Devil turns the coins before move is played (``Coins.rotate``'s
    r: the coins turned are ``coins.rotate(r)``, not yet flipped)."""
    return rng.randrange(coins.n) if devil == "random" else adversarial_turn(coins, move)


def orbit(spec: GameSpec, x: int) -> np.ndarray:
    """Every state a turn of the Devil makes from x (x's class)."""
    tab = tables(spec)
    k = int(tab.index_of[x])
    return tab.orbit_states[tab.orbit_start[k] : tab.orbit_start[k + 1]]


def start_state(spec: GameSpec, devil: str, rng: random.Random) -> int | None:
    """A random state outside the goal; for the adversarial Devil and a stalled chain, outside
    its zone.  None when every state is in the goal."""
    tab = tables(spec)
    outside = tab.index_of >= tab.n_goal
    cert = certificate_devil(spec) if devil == "adversarial" else None
    if cert is not None:
        outside = outside & ~cert[1]
    choices = np.flatnonzero(outside)
    if not len(choices):
        return None
    return int(choices[rng.randrange(len(choices))])


def table_turn(spec: GameSpec, devil: str, x: int, move: int, rng: random.Random) -> int:
    """The state x turned by the Devil of a game of another kind before move is added: the
    certificate's Devil outside its zone, else the greedy one (devilcoins.devil)."""
    if devil == "random":  # a uniform group element moves x to a uniform orbit member
        return int(rng.choice(list(orbit(spec, x))))
    cert = certificate_devil(spec)
    if cert is not None and not cert[1][x]:
        return cert[0](0, x, move)
    return greedy_devil(spec)(0, x, move)
