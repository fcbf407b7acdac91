"""Exact verification: propagate the belief of every start along a strategy.

A strategy wins exactly when the belief that starts as every coin sequence ends as {all heads}:
the belief is the set of sequences some start and some choice of turns could have produced, so
this settles every start against every Devil at once, with no sampling.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .canonical import table
from .notation import DevilcoinsError, Strategy, check_n

__all__ = ["MAX_VERIFY_STEPS", "Verification", "belief_rows", "verify", "verify_cost"]

#: Kernel steps per progress report (each propagate call covers about this many).
_CHUNK_STEPS = 1 << 26


@dataclass(frozen=True)
class Verification:
    """The outcome of exact verification of a strategy for n coins."""

    coins: int
    wins: bool
    won_at: int | None
    sizes: tuple[int, ...]
    seconds: float

    def to_json(self) -> dict:
        """The verdict as plain JSON data."""
        return {
            "coins": self.coins,
            "wins": self.wins,
            "won_at": self.won_at,
            "moves": len(self.sizes) - 1,
            "final_belief_size": self.sizes[-1],
            "seconds": round(self.seconds, 6),
        }


def _start_row(n: int) -> np.ndarray:
    from .kernel import row_from_indices

    k = table(n).size
    return row_from_indices(range(k), k)


#: Kernel steps (one sequence turned, flipped and looked up) verify takes on before refusing:
#: about two minutes on this kind of machine.
MAX_VERIFY_STEPS = 10**11


def verify_cost(moves: int, n: int) -> int:
    """An upper bound on the kernel steps exact verification of moves moves for n coins takes."""
    return moves * (1 << n)


def verify(
    strategy: Strategy, n: int, *, on_progress: Callable[[int, int], None] | None = None
) -> Verification:
    """Decide exactly whether strategy wins for n coins, from every start against every Devil.

    on_progress(done, total) is called as the moves are worked through.

    >>> v = verify(Strategy([{0, 1}, {0}, {0, 1}]), 2)
    >>> v.wins, v.won_at, v.sizes
    (True, 3, (3, 2, 2, 1))
    """
    check_n(n)
    moves = np.array([m.check(n).mask for m in strategy], dtype=np.int64)
    if verify_cost(len(moves), n) > MAX_VERIFY_STEPS:
        raise DevilcoinsError(
            f"verifying {len(moves):,} moves for {n} coins takes up to "
            f"{verify_cost(len(moves), n):.1e} kernel steps, more than the "
            f"{MAX_VERIFY_STEPS:.0e} this command takes on (minutes of work); try fewer moves"
        )
    from .kernel import propagate, row_size, warm_up

    warm_up()
    tab = table(n)
    t0 = time.perf_counter()
    row = _start_row(n)
    sizes = [np.array([row_size(row)], dtype=np.int64)]
    chunk = max(1, _CHUNK_STEPS >> n)
    for lo in range(0, len(moves), chunk):
        row, part, _ = propagate(tab, row, moves[lo : lo + chunk])
        sizes.append(part[1:])
        if on_progress is not None:
            on_progress(min(lo + chunk, len(moves)), len(moves))
    sizes = np.concatenate(sizes)
    seconds = time.perf_counter() - t0
    ones = np.flatnonzero(sizes == 1)
    won_at = int(ones[0]) if len(ones) else None
    return Verification(n, won_at is not None, won_at, tuple(int(s) for s in sizes), seconds)


def belief_rows(strategy: Strategy, n: int) -> list[list[int]]:
    """The canonical indices in the belief before the first move and after each move."""
    from .kernel import propagate, row_to_indices

    tab = table(n)
    moves = [m.check(n).mask for m in strategy]
    _, _, history = propagate(tab, _start_row(n), moves, keep_history=True)
    return [row_to_indices(row) for row in history]
