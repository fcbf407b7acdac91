"""The touch game's Devils, played a round at a time (``TouchDevil``): random, greedy (the turn
after which the most states still possible feel alike, ``greedy_turn``) and the strongest, who
commits to no state (``strongest_feel``, ``strongest_set``); ``devilcoins.devil`` lists them
with every other Devil."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from devilcoins.core.devil import DevilKind
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.observed.touch.coach import worths
from devilcoins.observed.touch.playing import Belief, felt, set_to

__all__ = ["TouchDevil", "greedy_turn", "strongest_feel", "strongest_set"]


def strongest_feel(
    game: Game, belief: Belief, reach: Sequence[int], rng: random.Random | None = None
) -> int:
    """The strongest Devil's state as the glasses at reach are felt: one of the belief showing
    the pattern after which the player's best setting leaves the most moves (held out for ever
    counts as most); the first such, or one rng draws (a pattern, then a state)."""
    left = worths(game, belief, tuple(reach))
    options = sorted(left)
    most = max(float("inf") if v is None else v for v in left.values())
    best = [p for p in options if (float("inf") if left[p] is None else left[p]) == most]
    pick = best[0] if rng is None else rng.choice(best)
    shown = sorted(x for x in belief if felt(game, x, reach) == pick)
    return shown[0] if rng is None else rng.choice(shown)


def strongest_set(
    game: Game,
    belief: Belief,
    reach: Sequence[int],
    pattern: Sequence[int],
    values: Sequence[int],
    rng: random.Random | None = None,
) -> int:
    """The strongest Devil's state once the glasses felt are set to values: one outside the goal
    while the belief still has one (the first, or one rng draws), else the least in it."""
    could = {
        set_to(game, x, reach, values) for x in belief if felt(game, x, reach) == tuple(pattern)
    }
    quiet = sorted(x for x in could if not game.in_goal(x))
    if not quiet:
        return min(could)
    return quiet[0] if rng is None else rng.choice(quiet)


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


@dataclass
class TouchDevil:
    """A Devil for a touch game played a round at a time, by name: 'random' turns the tray at
    random, 'greedy' so that the most states still possible feel alike (``greedy_turn``), and
    'adversarial' commits to no state (``strongest_feel``, ``strongest_set``)."""

    game: Game
    name: str
    rng: random.Random
    kind: DevilKind = field(init=False)

    def __post_init__(self) -> None:
        self.kind = DevilKind.parse(self.name)

    def feel(self, x: int, belief: Belief, reach: Sequence[int]) -> int:
        """The state as the glasses at reach are felt, the tray lying as x."""
        game = self.game
        if self.kind is DevilKind.ADVERSARIAL:
            return strongest_feel(game, belief, reach, self.rng)
        if self.kind is DevilKind.GREEDY:
            return game.turn(x, greedy_turn(game, x, belief, reach, self.rng))
        return game.turn(x, Perm.turn(game.n, self.rng.randrange(game.n)))

    def set(
        self, x: int, belief: Belief, reach: Sequence[int], pattern: Sequence[int],
        values: Sequence[int],
    ) -> int:  # fmt: skip
        """The state once the glasses felt (x, showing pattern) are set to values."""
        if self.kind is DevilKind.ADVERSARIAL:
            return strongest_set(self.game, belief, reach, pattern, values, self.rng)
        return set_to(self.game, x, reach, values)
