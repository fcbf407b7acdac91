"""A touch game played one move at a time: what the player feels, what is known after, and how
many moves each belief still needs, from the one touch solver (``observed.cylinder``).

The rules, on states (numbers of the game): before each move the Devil turns the table; the
player reaches for k positions, feels their values and sets new ones there; the bell rings when
the goal shows.  What the player knows is a belief: the states still possible, closed under the
Devil's turns, the goal left out (the bell did not ring).  ``TouchValues`` solves the game once
with every choice of both sides kept (not pruned by inclusion), so it knows the value of every
belief the player can reach, on or off the best play: what a Devil needs who answers any reach.

>>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
>>> values = touch_values(g)
>>> b = start(g)
>>> values.value(b), sorted(patterns(g, b, (0, 1)))
(5, [(0, 0), (0, 1), (1, 0), (1, 1)])
>>> values.value(after(g, b, (0, 1), (0, 0), (1, 1)))
3
>>> worth(g, b, (0, 1), (0, 0)), worth(g, b, (0, 1), (0, 1))
(3, 4)
>>> greedy_turn(g, g.parse_state('HHHT'), b, (0, 1))  # 4 of the 14 feel HT, 3 feel HH
Perm(2 3 0 1)
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np

from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.observed.cylinder import Space, solve_space

__all__ = [
    "TouchValues",
    "after",
    "felt",
    "greedy_turn",
    "patterns",
    "set_to",
    "start",
    "touch_values",
    "worth",
]

Belief = frozenset[int]


def _closure(game: Game, states: Iterable[int]) -> Belief:
    """Every turn of the states, the goal left out."""
    return frozenset(
        y for x in states for p in game.turns if not game.in_goal(y := game.turn(x, p))
    )


def start(game: Game) -> Belief:
    """The belief before the first move: every state outside the goal."""
    return frozenset(x for x in range(game.states) if not game.in_goal(x))


def felt(game: Game, x: int, reach: Sequence[int]) -> tuple[int, ...]:
    """The values felt at the positions reached."""
    values = game.decode(x)
    return tuple(values[p] for p in reach)


def set_to(game: Game, x: int, reach: Sequence[int], values: Sequence[int]) -> int:
    """State x with the positions reached set to values."""
    out = list(game.decode(x))
    for p, v in zip(reach, values, strict=True):
        out[p] = v
    return game.encode(out)


def patterns(game: Game, belief: Belief, reach: Sequence[int]) -> set[tuple[int, ...]]:
    """The patterns the Devil can let the player feel: those of some state still possible."""
    return {felt(game, x, reach) for x in belief}


def after(
    game: Game,
    belief: Belief,
    reach: Sequence[int],
    pattern: Sequence[int],
    values: Sequence[int],
) -> Belief:
    """What is known after feeling pattern at reach, setting values and hearing no bell."""
    shown = tuple(pattern)
    return _closure(
        game, (set_to(game, x, reach, values) for x in belief if felt(game, x, reach) == shown)
    )


class TouchValues:
    """The least worst-case number of moves of every belief of a touch game the player can reach
    (``value``; None where the Devil holds out)."""

    def __init__(self, game: Game) -> None:
        if game.observe != "touch":
            raise NotSupported(f"{game} is not a touch game")
        self.game = game
        self.space = Space.of(game)
        self.search = solve_space(self.space, prune=False)

    def value(self, belief: Belief) -> int | None:
        """Moves still needed from a belief, whatever the Devil does (0 for the empty belief)."""
        if not belief:
            return 0
        t = self.space.t
        classes = np.unique(t.index_of[np.fromiter(belief, dtype=np.int64)]) - t.n_goal
        value = int(self.search.values(self.space.belief_row(classes)[None, :])[0])
        if value < 0:
            raise NotSupported(f"{self.game}: that belief cannot be reached from the start")
        return None if value == np.iinfo(np.int64).max else value


@lru_cache(maxsize=CACHED_GAMES)
def touch_values(game: Game) -> TouchValues:
    """The values of a touch game's beliefs (solved once per game)."""
    return TouchValues(game)


def worth(game: Game, belief: Belief, reach: Sequence[int], pattern: Sequence[int]) -> int | None:
    """Moves still needed after feeling pattern at reach and setting the best values there
    (None where the Devil holds out whatever is set)."""
    values = touch_values(game)
    shown = [x for x in belief if felt(game, x, reach) == tuple(pattern)]
    # the states just set, the goal left out: a value counts classes, so these and their turns
    # (the belief ``after`` gives) have one value, and the turns need not be written out
    found = (
        values.value(
            frozenset(y for x in shown if not game.in_goal(y := set_to(game, x, reach, w)))
        )
        for w in itertools.product(range(game.values), repeat=len(reach))
    )
    return min((v for v in found if v is not None), default=None)


def greedy_turn(
    game: Game,
    x: int,
    belief: Belief,
    reach: Sequence[int],
    rng: random.Random | None = None,
) -> Perm:
    """The greedy Devil's turn of state x: the first in game.turns (or one rng draws of the tied)
    after which the most states of the belief feel the same at reach as x turned does."""
    alike = Counter(felt(game, y, reach) for y in belief)
    kept = [alike[felt(game, game.turn(x, p), reach)] for p in game.turns]
    ties = [p for p, k in zip(game.turns, kept, strict=True) if k == max(kept)]
    return ties[0] if rng is None else rng.choice(ties)
