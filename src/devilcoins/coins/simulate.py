"""The rules on concrete coins, for many games at once: the Devil turns, then the move flips.

States are tails masks (bit i = tails at position i) in numpy arrays, so one call advances any
number of games; ``notebook.play`` runs one game through it and ``probably_wins`` thousands.
"""

from __future__ import annotations

import numpy as np

from devilcoins.core.numbers import rotate_mask
from devilcoins.core.tables import ClassTable

__all__ = ["step", "turn"]


def turn(states: np.ndarray, turns: np.ndarray, n: int) -> np.ndarray:
    """The table turned by turns[i] in the notebook's sense (coins[r:] + coins[:r]).

    >>> turn(np.array([0b0010]), np.array([1]), 4).tolist()  # 'HTHH' -> 'THHH'
    [1]
    """
    turned: np.ndarray = rotate_mask(
        np.asarray(states, dtype=np.int64), np.asarray(turns, dtype=np.int64), n
    )
    return turned


def step(
    tab: ClassTable, states: np.ndarray, turns: np.ndarray, move: int
) -> tuple[np.ndarray, np.ndarray]:
    """One move in every game: (coins after the Devil's turn, canonical coins after the flips).

    A game already at all heads (mask 0) is over: its coins stay as they are.

    >>> from devilcoins.core.tables import table
    >>> turned, after = step(table(4), np.array([0b1011, 0]), np.array([1, 2]), 0b1111)
    >>> turned.tolist(), after.tolist()  # 'TTHT' turned by 1 is 'THTT'; flipped: 'HTHH' -> 'HHHT'
    ([13, 0], [8, 0])
    """
    states = np.asarray(states, dtype=np.int64)
    over = states == 0
    turned = np.where(over, 0, turn(states, turns, tab.n))
    after = np.where(over, 0, tab.reps[tab.index_of[turned ^ move]])
    return turned, after
