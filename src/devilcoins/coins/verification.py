"""Verification of coin strategies: the engine's exact propagation, and past its tables the coin
game's own shortcuts.

Up to N = 20 coins a strategy is verified exactly (``blind.verify``: the belief
of every start propagated along the strategy, every start against every Devil at once, with a
counterexample walked back through the beliefs when it loses).  Past that, two facts only coins
have still decide it, for any N up to 64:

- a strategy shorter than 2^N - 1 moves loses against a Devil who never turns the table (the
  lower bound, docs/mathematics.md §3): some start is none of the 2^N sums of a prefix of moves;
- when N has an odd prime factor every strategy loses, and the Devil's certificate beats it.

Every answer is the one ``Verification`` of ``devilcoins.results``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from devilcoins.blind.verify import verify_moves
from devilcoins.coins.notation import Strategy, check_n
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.core.numbers import is_power_of_two
from devilcoins.core.perm import Perm
from devilcoins.core.tables import MAX_TABLE_N, table
from devilcoins.results import Counterexample, Verification

__all__ = [
    "MAX_TABLE_N",  # the widest table exact propagation holds (devilcoins.coins gives it from here)
    "MAX_VERIFY_N",
    "belief_rows",
    "lower_bound_counterexample",
    "verify",
    "verify_game",
]

#: The widest table verify reads strategies for (moves are 64-bit words).
MAX_VERIFY_N = 64


def lower_bound_counterexample(masks: Sequence[int], n: int) -> Counterexample | None:
    """For fewer than 2^n - 1 moves: a start the strategy misses when the Devil never turns.

    The coins after i unturned moves are start XOR (moves 1..i), so any start that is none of
    those prefix sums (there are at most len + 1 < 2^n of them) never shows all heads.

    >>> lower_bound_counterexample([3, 1], 2).to_json()
    {'start': 'TH', 'turns': [0, 0]}
    """
    n = check_n(n)
    if len(masks) >= (1 << n) - 1:
        return None
    sums = {0}
    acc = 0
    for m in masks:
        acc ^= int(m)
        sums.add(acc)
    start = next(x for x in range(1, len(sums) + 1) if x not in sums)
    identity = Perm.identity(n)
    return Counterexample(game=Game(n), start=start, turns=(identity,) * len(masks))


def verify_game(
    game: Game,
    moves: Sequence[int] | np.ndarray,
    *,
    on_progress: Callable[[int, int], None] | None = None,
) -> Verification:
    """Exact verification (``blind.verify``); for the coin game past the tables (N <= 64), its
    own shortcuts: the lower bound's counterexample, or the Devil's certificate's.

    >>> verify_game(Game(40), [1, 2, 3]).method
    'lower bound'
    """
    if not (game.is_coins and game.n > MAX_TABLE_N):
        return verify_moves(game, np.asarray(moves, dtype=np.int64), on_progress=on_progress)
    n = game.n
    if n > MAX_VERIFY_N:
        raise TooLarge(f"verify reads strategies for up to {MAX_VERIFY_N} coins, not {n:,}")
    masks = [int(a) for a in moves]
    t0 = Stopwatch()
    short = lower_bound_counterexample(masks, n)
    if short is not None:
        method, counter = "lower bound", short
    elif not is_power_of_two(n):
        from devilcoins.coins.traps import coin_trap

        method, counter = "certificate", coin_trap(n).beat(masks)
    else:
        raise TooLarge(
            f"exact propagation holds one entry per coin sequence and stops at N = "
            f"{MAX_TABLE_N}; a strategy of {len(masks):,} moves for N = {n} (a power of 2) can "
            "only be decided by it"
        )
    return Verification(
        game=game,
        moves=len(masks),
        wins=False,
        won_at=None,
        counterexample=counter,
        seconds=t0.seconds(),
        method=method,
    )


def verify(
    strategy: Strategy,
    n: int,
    *,
    on_progress: Callable[[int, int], None] | None = None,
) -> Verification:
    """Decide whether a coin strategy wins for n coins, from every start against every Devil.

    >>> v = verify(Strategy([{0, 1}, {0}, {0, 1}]), 2)
    >>> v.wins, v.won_at, v.sizes, v.method
    (True, 3, (3, 2, 2, 1), 'exact')
    >>> verify(Strategy([{0, 1}, {0}]), 2).counterexample.to_json()
    {'start': 'TH', 'turns': [0, 0]}
    """
    n = check_n(n)
    masks = [move.check(n).mask for move in strategy]
    return verify_game(Game(n), masks, on_progress=on_progress)


def belief_rows(strategy: Strategy, n: int) -> list[list[int]]:
    """The canonical indices in the belief before the first move and after each move."""
    from devilcoins.core.beliefs import row_from_indices, row_to_indices
    from devilcoins.core.kernel import propagate

    tab = table(n)
    start = row_from_indices(range(tab.size), tab.size)
    _, _, history = propagate(tab.kernel, start, strategy.masks(), keep_history=True)
    return [row_to_indices(row) for row in history]
