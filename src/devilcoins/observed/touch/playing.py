"""A touch game played one move at a time: what the player feels, what is known after, and how
many moves each belief still needs, from the one touch solver (``observed.touch``).  The
Devils who play it are ``devilcoins.devil``'s.

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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.observed.sizes import for_small_games
from devilcoins.observed.touch.cylinders import solve_space
from devilcoins.observed.touch.space import Space

__all__ = [
    "Round",
    "Step",
    "TouchValues",
    "after",
    "felt",
    "line_of_play",
    "patterns",
    "rotation",
    "set_to",
    "start",
    "step_of",
    "touch_values",
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

    @for_small_games
    def __init__(self, game: Game) -> None:
        if not game.observe.feels:
            raise NotSupported(f"{game} is not a touch game")
        self.game = game
        self.space = Space.of(game)
        self.search = solve_space(self.space, prune=False)

    @for_small_games
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


@dataclass(frozen=True)
class Round:
    """One round as played: the belief before it, the reach, the pattern felt, the values set."""

    belief: Belief
    reach: tuple[int, ...]
    pattern: tuple[int, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class Step:
    """One round of a line of play: the tray as it lay, the Devil's turn (r, as state[r:] +
    state[:r]; None for a turn that is no rotation), the tray turned, the reach, what was felt
    there, the values set and the tray after."""

    before: int
    turn: int | None
    turned: int
    reach: tuple[int, ...]
    felt: tuple[int, ...]
    values: tuple[int, ...]
    after: int


def rotation(game: Game, x: int, y: int) -> int | None:
    """The smallest r whose turn (state[r:] + state[:r]) takes x to y, or None when none does."""
    return next((r for r in range(game.n) if game.turn(x, Perm.turn(game.n, r)) == y), None)


def step_of(game: Game, before: int, turned: int, played: Round, after: int) -> Step:
    """The step of a round played on a tray that lay as before and was turned to turned."""
    return Step(
        before,
        rotation(game, before, turned),
        turned,
        played.reach,
        felt(game, turned, played.reach),
        played.values,
        after,
    )


def _turns_of(game: Game, y: int) -> list[int]:
    """Every turn of state y, smallest first."""
    return sorted({game.turn(y, p) for p in game.turns})


def line_of_play(game: Game, rounds: Sequence[Round], end: int | None = None) -> list[Step]:
    """One line of play that agrees with every round and ends with the bell (at end if it can).

    Traced back from the last round: its tray after, then for each round a state of its belief
    that feels its pattern and is set to that tray, and a tray after the round before (or, for
    the first, a tray) of which it is a turn.  Each choice is the smallest that fits (of the
    trays before, the smallest that the Devil must turn, when one fits), so the line is the
    same for the same rounds.

    >>> g = Game.parse('n=2 hands=1 goal=same observe=touch')
    >>> b = start(g)
    >>> s = line_of_play(g, [Round(b, (0,), (0,), (1,))])[0]
    >>> g.state_text(s.before), s.turn, g.state_text(s.turned), s.felt, g.state_text(s.after)
    ('TH', 1, 'HT', (0,), 'TT')
    """
    if not rounds:
        return []
    last = rounds[-1]
    ends = sorted(
        y
        for x in last.belief
        if felt(game, x, last.reach) == last.pattern
        and game.in_goal(y := set_to(game, x, last.reach, last.values))
    )
    if not ends:
        raise ValueError("the last round does not ring the bell: there is no line to trace")
    after_state = end if end in ends else ends[0]
    steps: list[Step] = []
    for i in range(len(rounds) - 1, -1, -1):
        played = rounds[i]
        turned = min(
            (
                x
                for x in played.belief
                if felt(game, x, played.reach) == played.pattern
                and set_to(game, x, played.reach, played.values) == after_state
            ),
            default=None,
        )
        could = _turns_of(game, turned) if turned is not None else []
        if i > 0 and turned is not None:
            earlier = rounds[i - 1]
            left = {
                set_to(game, x, earlier.reach, earlier.values)
                for x in earlier.belief
                if felt(game, x, earlier.reach) == earlier.pattern
            }
            could = [y for y in could if y in left]
        if turned is None or not could:
            raise ValueError(f"round {i + 1} does not follow from the rounds before it")
        before = next((y for y in could if y != turned), could[0])  # a turn, where one fits
        steps.append(step_of(game, before, turned, played, after_state))
        after_state = before
    return steps[::-1]
