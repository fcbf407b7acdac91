"""The coach of a touch game: from any position, the rounds still needed and the best next
action, read from the values of every belief the player can reach (``play.touch_values``).

A position is the states still possible before a round (the player chooses where to reach), or
after feeling (the player chooses what to set the positions held to).  Before feeling, the best
reach is one whose worst pattern leaves the fewest rounds; after feeling, the best setting is one
that leaves the fewest rounds to the belief that follows.  Both count the round in hand, so the
value of a position before feeling is the value of its belief.

>>> from devilcoins.observed.touch.play import start
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
from devilcoins.observed.touch.play import Belief, felt, set_to, touch_values

__all__ = ["best_reach", "best_values", "reach_value"]


def _rank(v: int | None) -> float:
    return float("inf") if v is None else v


def _settings(game: Game, belief: Belief, r: int) -> dict[int, Ints]:
    """For reach number r, each pattern the belief can show there (its number), with the rounds
    left after each setting w (numbered as patterns are; -1 where the Devil holds out), the
    round in hand not counted."""
    values = touch_values(game)
    space, t = values.space, values.space.t
    states = np.fromiter(sorted(belief), dtype=np.int64)
    shown, off = space.felt[r, states], space.off[r, states]
    out: dict[int, Ints] = {}
    for v in np.unique(shown):
        rest = np.unique(off[shown == v]).astype(np.int64)
        w = np.arange(space.felt_count, dtype=np.int64)[:, None]
        classes = t.index_of[space.compose[r, w * space.off_count + rest[None, :]]] - t.n_goal
        bits = np.zeros((space.felt_count, space.words * 64), dtype=np.bool_)
        rows_at, cols = np.nonzero(classes >= 0)
        bits[rows_at, classes[rows_at, cols]] = True
        rows = np.packbits(bits, axis=1, bitorder="little").view("<u8").astype(np.uint64)
        left = values.search.values(rows)
        if np.any(left < 0):
            raise NotSupported(f"{game}: that position cannot be reached from the start")
        left = np.where(bits.any(axis=1), left, 0)
        out[int(v)] = np.where(left == np.iinfo(np.int64).max, -1, left)
    return out


def _reach_number(game: Game, reach: Sequence[int]) -> int:
    """The number of the space's reach that reach is a turn of (on a belief closed under the
    turns, both need the same rounds), or NotSupported."""
    want = tuple(sorted(reach))
    elements = game.group.elements()
    for r, rep in enumerate(touch_values(game).space.reaches):
        if any(tuple(sorted(e[i] for i in rep)) == want for e in elements):
            return r
    raise NotSupported(f"{game}: {list(reach)} is not a set of {game.hands} positions of the game")


def best_values(
    game: Game, belief: Belief, reach: Sequence[int], pattern: Sequence[int]
) -> tuple[tuple[int, ...] | None, int | None]:
    """The values to set the positions felt to, and the rounds still needed counting this one
    (None, None where the Devil holds out whatever is set); the first of the best settings."""
    best: tuple[tuple[int, ...] | None, int | None] = (None, None)
    shown = [x for x in belief if felt(game, x, reach) == tuple(pattern)]
    values = touch_values(game)
    for w in itertools.product(range(game.values), repeat=len(reach)):
        left = values.value(_after_set(game, shown, reach, w))
        if left is not None and _rank(left) < _rank(best[1]):
            best = (w, left)
    return (best[0], None) if best[1] is None else (best[0], best[1] + 1)


def _after_set(game: Game, shown: list[int], reach: Sequence[int], values: Sequence[int]) -> Belief:
    """The states set (those felt showing the pattern, set to values), the goal left out: a value
    counts classes, so these have the value of their turns."""
    return frozenset(y for x in shown if not game.in_goal(y := set_to(game, x, reach, values)))


def _worst(options: dict[int, Ints]) -> int | None:
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
    return _worst(_settings(game, belief, _reach_number(game, reach)))


def best_reach(game: Game, belief: Belief) -> tuple[tuple[int, ...] | None, int | None]:
    """The first reach (of the reaches up to turning the table) that needs the fewest rounds,
    and that number; (None, None) where the Devil holds out whatever is reached.  The empty
    belief (the bell has rung) needs no round."""
    if not belief:
        return None, 0
    best: tuple[tuple[int, ...] | None, int | None] = (None, None)
    for r, reach in enumerate(touch_values(game).space.reaches):
        needed = _worst(_settings(game, belief, r))
        if needed is not None and _rank(needed) < _rank(best[1]):
            best = (tuple(reach), needed)
    return best
