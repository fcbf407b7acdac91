"""The Devil's trap: a set of states outside the goal that he can keep the game in forever.

A *trap* is closed under the Devil's turns, holds no goal state, and whatever the player does
from any state of it, some answer of the Devil keeps the game in it.  When the game may start
in a trap the Devil holds out forever, and the trap, checked state by state, is his
certificate.  It is the one word for that set across the library (docs/glossary.md, "Trap"):

- blind games, the Devil turning by a whole group: from every state of the trap and every move,
  some turn lands the move in the trap (``blind_trap_holds``, ``largest_blind_trap``); the
  chain's stalled level is the complement of one (``blind.chain``);
- sight: the same, the player seeing the state before each move (``sight_trap_holds``);
- touch: from every state, for every reach, the Devil shows a pattern after which every setting
  of the positions felt leaves a state of the trap possible (``touch_trap_holds``; the solver
  finds the largest one in ``observed.touch.trap``);
- count: beliefs rather than states (``observed.count.count_trap``).

The checks here use plain tuples and the group's elements, nothing of the solvers, so they
confirm what the solvers found.

>>> from devilcoins.core.game import Game
>>> g = Game.parse('n=3 hands=2 goal=same observe=touch')
>>> touch_trap_holds(g, [g.parse_state('HHT')])  # two hands for three glasses: enough
False
>>> sight_trap_holds(Game.parse('n=3 observe=sight'), [1, 3])
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game

__all__ = ["sight_trap_holds", "touch_trap_holds"]

Values = tuple[int, ...]


def _goal_test(game: Game) -> Callable[[Values], bool]:
    """Whether a state (its values) is in the goal, decided on the values alone."""
    if game.goal == "zero":
        return lambda x: not any(x)
    if game.goal == "same":
        return lambda x: len(set(x)) == 1
    goal = set(game.goal_states)
    return lambda x: x in goal


def _closed(game: Game, states: Iterable[int]) -> set[Values] | None:
    """The states and every turn of them, or None when that meets the goal or is empty."""
    keep = {e.apply(game.decode(x)) for x in states for e in game.turns}
    is_goal = _goal_test(game)
    return None if not keep or any(is_goal(x) for x in keep) else keep


def sight_trap_holds(game: Game, states: Iterable[int]) -> bool:
    """Whether the Devil holds a sight game forever in the classes of states: for every state
    of them and every allowed move, some turn before the move keeps the game in them."""
    keep = _closed(game, states)
    if keep is None:
        return False
    n, m, turns = game.n, game.values, game.turns
    moves = [a for a in itertools.product(range(m), repeat=n) if game.allowed(game.encode(a))]
    return all(
        any(tuple((u + w) % m for u, w in zip(e.apply(x), a, strict=True)) in keep for e in turns)
        for x in keep
        for a in moves
    )


def _changed(y: Values, pos: Values, delta: Values, m: int) -> Values:
    z = list(y)
    for p, d in zip(pos, delta, strict=True):
        z[p] = (z[p] + d) % m
    return tuple(z)


def touch_trap_holds(game: Game, states: Iterable[int]) -> bool:
    """Whether the Devil holds a touch game forever in the classes of states: for every state
    of them and every reach, some pattern he can show is such that every setting of the
    positions felt leaves a state of them possible."""
    if game.hands is None:
        raise NotSupported(f"{game} is not a touch game (it names no hands)")
    keep = _closed(game, states)
    if keep is None:
        return False
    m, k = game.values, game.hands
    deltas = list(itertools.product(range(m), repeat=k))
    for x in keep:
        turns = {e.apply(x) for e in game.turns}
        for pos in itertools.combinations(range(game.n), k):
            by_felt: dict[Values, list[Values]] = {}
            for y in turns:
                by_felt.setdefault(tuple(y[p] for p in pos), []).append(y)
            if not any(
                all(any(_changed(y, pos, delta, m) in keep for y in ys) for delta in deltas)
                for ys in by_felt.values()
            ):
                return False
    return True
