"""The coach of a touch game: from any position, the rounds still needed and the best next
action, read from the values of every belief the player can reach (``play.touch_values``).

A position is the states still possible before a round (the player chooses where to reach), or
after feeling (the player chooses what to set the positions held to).  Before feeling, the best
reach is one whose worst pattern leaves the fewest rounds; after feeling, the best setting is one
that leaves the fewest rounds to the belief that follows.  Both count the round in hand, so the
value of a position before feeling is the value of its belief.

>>> from devilcoins.observed.touch.playing import start
>>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
>>> b = start(g)
>>> reach_value(g, b, (0, 1)), reach_value(g, b, (0, 2))  # both first reaches are optimal
(5, 5)
>>> best_reach(g, b)
((0, 1), 5)
>>> best_values(g, b, (0, 2), (0, 1))  # opposite glasses felt up and down: set both up
((0, 0), 5)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from devilcoins.core.beliefs import Ints
from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.observed.touch.playing import Belief, touch_values

__all__ = [
    "best_reach",
    "best_values",
    "left_after",
    "reach_value",
    "setting",
    "setting_value",
    "worth",
    "worths",
]


def _rank(v: int | None) -> float:
    return float("inf") if v is None else v


def left_after(game: Game, belief: Belief, reach: Sequence[int]) -> dict[tuple[int, ...], Ints]:
    """For each pattern the belief can show at reach, the rounds left after each setting of the
    positions felt (settings numbered with position reach[0] the lowest digit; 0 where the bell
    rings for every state, -1 where the Devil holds out), the round in hand not counted."""
    values = touch_values(game)
    space, t = values.space, values.space.t
    m, k = game.values, len(reach)
    states = np.fromiter(sorted(belief), dtype=np.int64)
    digits = t.digits[states][:, list(reach)].astype(np.int64)
    weights = m ** np.asarray(reach, dtype=np.int64)
    off = states - digits @ weights
    settings = np.array(list(itertools.product(range(m), repeat=k)), dtype=np.int64)[:, ::-1]
    put = settings @ weights  # setting w (reach[0] the lowest digit) on the positions reached
    out: dict[tuple[int, ...], Ints] = {}
    for pattern in {tuple(row) for row in digits.tolist()}:
        rest = np.unique(off[(digits == pattern).all(axis=1)])
        classes = t.index_of[put[:, None] + rest[None, :]].astype(np.int64) - t.n_goal
        bits = np.zeros((len(put), space.words * 64), dtype=np.bool_)
        at, col = np.nonzero(classes >= 0)
        bits[at, classes[at, col]] = True
        rows = np.packbits(bits, axis=1, bitorder="little").view("<u8").astype(np.uint64)
        left = np.where(bits.any(axis=1), values.search.values(rows), 0)
        if np.any(left < 0):
            raise NotSupported(f"{game}: that position cannot be reached from the start")
        out[pattern] = np.where(left == np.iinfo(np.int64).max, -1, left)
    return out


def setting(game: Game, number: int, k: int) -> tuple[int, ...]:
    """Setting number of k positions (as ``left_after`` numbers them), one value a position."""
    return tuple(number // game.values**j % game.values for j in range(k))


def _best(left: Ints) -> int | None:
    """The number of the first setting that leaves the fewest rounds, or None."""
    won = np.flatnonzero(left >= 0)
    return None if not len(won) else int(won[np.argmin(left[won])])


def best_values(
    game: Game, belief: Belief, reach: Sequence[int], pattern: Sequence[int]
) -> tuple[tuple[int, ...] | None, int | None]:
    """The values to set the positions felt to, and the rounds still needed counting this one
    (None, None where the Devil holds out whatever is set); the first of the best settings."""
    left = left_after(game, belief, reach).get(tuple(pattern))
    best = None if left is None else _best(left)
    if left is None or best is None:
        return None, None
    return setting(game, best, len(reach)), int(left[best]) + 1


def setting_value(
    game: Game, belief: Belief, reach: Sequence[int], pattern: Sequence[int], values: Sequence[int]
) -> int | None:
    """The rounds still needed, counting this one, when values are set at reach after feeling
    pattern there (None where the Devil then holds out): what the coach judges a setting by.

    >>> from devilcoins.observed.touch.playing import start
    >>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> setting_value(g, start(g), (0, 2), (0, 1), (0, 0)), best_values(g, start(g), (0, 2), (0, 1))
    (5, ((0, 0), 5))
    """
    left = left_after(game, belief, reach)[tuple(pattern)]
    number = sum(int(v) * game.values**j for j, v in enumerate(values))
    return None if left[number] < 0 else int(left[number]) + 1


def worth(game: Game, belief: Belief, reach: Sequence[int], pattern: Sequence[int]) -> int | None:
    """Moves still needed after feeling pattern at reach and setting the best values there
    (None where the Devil holds out whatever is set).

    >>> from devilcoins.observed.touch.playing import start
    >>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> worth(g, start(g), (0, 1), (0, 0)), worth(g, start(g), (0, 1), (0, 1))
    (3, 4)
    """
    needed = best_values(game, belief, reach, pattern)[1]
    return None if needed is None else needed - 1


def worths(game: Game, belief: Belief, reach: Sequence[int]) -> dict[tuple[int, ...], int | None]:
    """``worth`` of every pattern the belief can show at reach."""
    return {
        p: None if (b := _best(left)) is None else int(left[b])
        for p, left in left_after(game, belief, reach).items()
    }


def _worst(options: dict[tuple[int, ...], Ints]) -> int | None:
    """The rounds a reach needs, counting its own: its worst pattern's best setting, plus one."""
    worst = 0
    for left in options.values():
        won = left[left >= 0]
        if not len(won):
            return None
        worst = max(worst, int(won.min()))
    return worst + 1


def reach_value(game: Game, belief: Belief, reach: Sequence[int]) -> int | None:
    """The rounds still needed when the player reaches for reach now and plays best after,
    whatever the Devil lets them feel (None where he can hold out); the belief is closed under
    the turns (as it is before a round)."""
    if not belief:
        return 0
    return _worst(left_after(game, belief, reach))


def best_reach(game: Game, belief: Belief) -> tuple[tuple[int, ...] | None, int | None]:
    """The first reach (of the reaches up to turning the table) that needs the fewest rounds,
    and that number; (None, None) where the Devil holds out whatever is reached.  The empty
    belief (the bell has rung) needs no round."""
    if not belief:
        return None, 0
    best: tuple[tuple[int, ...] | None, int | None] = (None, None)
    for reach in touch_values(game).space.reaches:
        needed = _worst(left_after(game, belief, reach))
        if needed is not None and _rank(needed) < _rank(best[1]):
            best = (tuple(reach), needed)
    return best
