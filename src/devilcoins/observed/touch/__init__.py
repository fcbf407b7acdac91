"""The touch game (Gardner's four glasses, the blind bartender): after the Devil's turn the
player reaches for exactly k = ``game.hands`` positions, feels their values and sets new values
there (changing none is allowed); a bell rings the moment the goal is reached.

The player's knowledge is a belief: a set of states closed under the group, i.e. a set of
classes.  V(B) = 0 if B is empty (every state left was in the goal); otherwise V(B) = 1 + min
over reaches P of max over felt patterns v of min over changes c on P of
V(closure((B_v + c) minus goal)).  The start belief is every state outside the goal.

``solve_touch`` settles it in three stages, each in its own module: the Devil's trap (``trap``:
when it is not empty he holds out from the start, and nothing else is searched), the search by
levels (``levels``, while its marks, a byte or two for every set of patterns off a reach,
fit the memory limit), and the closure search
(``cylinders``); the strategy is read off the settled search (``plan``).  The tables they share
are ``space`` and ``rows``; ``play`` has the rules of a game played one move at a time.

Known answers (docs/mathematics.md §8-§9): four glasses, two hands, goal all the same: 5
moves; with n glasses and k hands on a turning table (goal all the same) the game is winnable iff
k >= (1 - 1/p) n, p the largest prime factor of n (Lewis & Willard 1980; Laaser & Ramshaw 1981;
OEIS A171462).  With goal all heads and k < n the Devil always wins (it keeps a tail outside the
reach).

>>> from devilcoins.core.game import Game
>>> solve_touch(Game.parse('n=4 hands=2 goal=same observe=touch')).length
5
"""

from __future__ import annotations

from typing import Any

import numpy as np

from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.core.resources import memory_ceiling, seconds_left
from devilcoins.observed.sizes import for_small_games
from devilcoins.observed.touch import cylinders
from devilcoins.observed.touch.checkpoint import marks_file
from devilcoins.observed.touch.cylinders import MAX_NODES, Progress, solve_space
from devilcoins.observed.touch.levels import Levels, dense_fits
from devilcoins.observed.touch.plan import Node, level_strategy, strategy
from devilcoins.observed.touch.reaches import Restriction
from devilcoins.observed.touch.space import Space
from devilcoins.observed.touch.spread import spread_asker
from devilcoins.observed.touch.traps import largest_trap
from devilcoins.results.touch import Reach, TouchSolution

__all__ = [
    "MAX_NODES",
    "NARROW",
    "WIDE_STATES",
    "bounded",
    "by_levels",
    "restricted",
    "solve_touch",
]

#: Patterns off a reach up to which the level search always runs (its marks are small).
NARROW = 16

#: States from which the level search runs with more patterns off a reach than NARROW.
WIDE_STATES = 4096


@for_small_games
def solve_touch(
    game: Game,
    limit: int = MAX_NODES,
    *,
    certificate: bool = True,
    levels: bool | None = None,
    progress: Progress | None = None,
) -> TouchSolution:
    """The touch game (feel k positions, then set them): least worst-case moves and a tree.

    With certificate=False the Devil's trap is not looked for first and every reachable belief
    is searched (slower; it decides the same games); with levels=False the search by levels is
    left out and the closure search settles the game, with levels=True the search by levels
    settles it wherever its marks fit, and with None (the default) only where it is the faster
    (``by_levels``).  progress(beliefs, cylinder nodes) is
    called as the search grows.

    >>> s = solve_touch(Game.parse('n=4 hands=2 goal=same observe=touch'))
    >>> s.winnable, s.length, s.policy[0].positions
    (True, 5, (0, 1))
    """
    t0 = Stopwatch()
    if not game.observe.feels or game.hands is None:
        raise NotSupported(f"{game} is not a touch game (observe=touch with hands k)")
    if game.moves is not None:
        raise NotSupported("the touch game changes the positions felt; it takes no move list")
    space = Space.of(game)
    if space.kp == 0:
        return TouchSolution(game=game, winnable=True, length=0, explored=0, seconds=t0.seconds())
    z = largest_trap(space) if certificate else np.zeros(space.kp, dtype=bool)
    if z.any():
        trap = tuple(int(space.t.reps[space.t.n_goal + i]) for i in np.flatnonzero(z))
        return TouchSolution(
            game=game, winnable=False, length=None, explored=space.kp, seconds=t0.seconds(),
            trap=trap,
        )  # fmt: skip
    memory = memory_ceiling(cylinders.MAX_BYTES)
    use_levels = by_levels(space, memory) if levels is None else levels
    if marks_file() is not None and not use_levels:
        raise NotSupported(
            f"{game}: a checkpoint keeps the level search's marks, and this game is settled by "
            "the closure search, which keeps none; leave out --checkpoint"
        )
    if use_levels:
        search = Levels(space, memory=memory, limit=limit)
        search.spread = spread_asker()
        if progress is not None:
            search.progress = progress
        value = search.solve()
        if value is not None:
            return _won(game, t0, value, search.beliefs(), search,
                        level_strategy(search, value))  # fmt: skip
    closure = solve_space(space, limit, progress)
    length = closure.value()
    if length is None:
        return TouchSolution(
            game=game, winnable=False, length=None, explored=closure.explored, seconds=t0.seconds()
        )
    return _won(game, t0, length, closure.explored, closure, strategy(closure))


def restricted(
    game: Game, only: Restriction, *, progress: Progress | None = None
) -> tuple[TouchSolution | None, str]:
    """A strategy that reaches only as only allows, as short as the search finds before the
    command's limits, and what is known of the best such strategy, in words.  It is a strategy
    of the game too, so its length bounds the game's value from above (``reaches``); None when
    the Devil traps the restricted player, or the search found none.  The search asks for
    shorter and shorter strategies (``Levels.descend``) and stops at the command's time limit
    (with time left to check what it found) or at the first length it refutes.

    >>> four = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> sol, said = restricted(four, Restriction.parse(four, 'dyadic'))
    >>> sol.length, said
    (5, 'the best over them takes 5 moves (none over them wins in 4)')
    """
    t0 = Stopwatch()
    space = Space.of(game, only)
    if space.kp == 0:
        empty = TouchSolution(game=game, winnable=True, length=0, explored=0, seconds=t0.seconds())
        return empty, "every start is in the goal"
    if largest_trap(space).any():
        return None, "the Devil holds out against them from the start"
    left = seconds_left()
    budget = None if left is None else max(1.0, 0.85 * left - 10)  # leave time for the check
    search = Levels(space, memory=memory_ceiling(cylinders.MAX_BYTES), seconds=budget)
    if progress is not None:
        search.progress = progress
    high, low = search.descend()
    if high is None:
        return None, f"none over them is found within {search.level} moves"
    plan = level_strategy(search, high, exact=False)
    said = (
        f"the best over them takes {high} moves (none over them wins in {high - 1})"
        if low >= high
        else f"one over them wins within {high} moves; asking for {search.level} stopped at "
        f"the {search.stopped_at}"
    )
    return _won(game, t0, high, search.beliefs(), search, plan), said


def bounded(game: Game) -> tuple[int, Levels, TouchSolution | None]:
    """What the level search's checkpoint (``checkpoint.keeping_marks``) proves of a touch game
    without searching further: L, no strategy wins in fewer moves; the search holding the
    marks (the witness is read off it); and a strategy within U moves (its length), read off
    the marks, or None when the checkpoint holds none yet."""
    t0 = Stopwatch()
    path = marks_file()
    if path is None or not path.exists():
        raise NotSupported("the bounds are read from a checkpoint: name one that exists")
    search = Levels(Space.of(game), memory=memory_ceiling(cylinders.MAX_BYTES))
    lower, upper = search.bounds()
    if upper is None:
        return lower, search, None
    plan = level_strategy(search, upper, exact=False)
    return lower, search, _won(game, t0, upper, search.beliefs(), search, plan)


def by_levels(space: Space, memory: int) -> bool:
    """Whether the level search settles the game when no search is named: where the game has
    WIDE_STATES states or more (its marks over every subset where they fit, else the answers
    as found), or its dense marks fit and at most NARROW patterns lie off a reach (on a small
    game with wide marks the closure search is the faster: 4 dials of 5 values with 2 hands,
    25 patterns off a reach, take 2.5 s by the closure and 8.5 s by levels)."""
    if space.t.states >= WIDE_STATES:
        return True
    return space.off_count <= NARROW and dense_fits(space, memory)


def _won(
    game: Game, t0: Stopwatch, length: int, explored: int, search: Any, plan: dict[int, Node]
) -> TouchSolution:
    """A won touch game's solution from its strategy's nodes."""
    policy = {
        node: Reach(positions=pos, moves_left=left, belief=belief, outcomes=outcomes)
        for node, (pos, left, belief, outcomes) in plan.items()
    }
    return TouchSolution(
        game=game,
        winnable=True,
        length=length,
        explored=explored,
        seconds=t0.seconds(),
        policy=policy,
        search=search,
    )
