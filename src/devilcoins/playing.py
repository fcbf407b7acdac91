"""One play loop for every blind game, and one belief rule: the Devil turns, then the move lands.

A game is played on concrete states (numbers in base m, digit i = position i), never on classes:
each step records the state before, the state after the Devil's turn, the move and the result.
The loop stops as soon as the state is in the goal.  It needs no tables, so it plays a game of
any size the states can be written for.  A Devil is any function
``devil(i, x, move) -> turned`` giving the state x turned by one of the Devil's choices before
move i (1-based); ``devilcoins.devil`` has the family.

What the player knows is a belief: the classes (the Devil's orbits) still possible.  One rule
moves it (``update``): every possible class, turned every way the Devil can and moved; a class
in the goal ends the game, so it stays as it is (the notebook's rule).  While the game is on the
player also knows the goal has not shown (``still_possible``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from devilcoins.core.beliefs import row_from_indices, row_to_indices
from devilcoins.core.game import Game
from devilcoins.core.kernel import propagate
from devilcoins.core.tables import class_table
from devilcoins.results.playing import Step

__all__ = ["Devil", "Step", "play", "still_possible", "update", "won"]

#: (move number from 1, state as it lies, the move) -> the state after the Devil's turn.
Devil = Callable[[int, int, int], int]


def won(game: Game, x: int) -> bool:
    """Whether state x is in the goal."""
    return game.in_goal(x)


def play(
    game: Game, moves: Iterable[int], start: int, devil: Devil, *, first: int = 1
) -> tuple[Step, ...]:
    """Play moves from start against devil until the goal shows or the moves run out (the
    moves numbered from first: a game played one move at a time goes on from where it was).

    >>> from devilcoins.devil import scripted
    >>> from devilcoins.core.perm import Perm
    >>> steps = play(Game(2), [3, 1, 3], 0b10, scripted(Game(2), [Perm((0, 1)), Perm((1, 0))] * 2))
    >>> [s.text(Game(2)) for s in steps]
    ['   1: HT | turn: HT | move: FF -> TH', '   2: TH | turn: HT | move: FL -> TT', \
'   3: TT | turn: TT | move: FF -> HH']
    """
    steps, x = [], start
    for i, a in enumerate(moves, first):
        if game.in_goal(x):
            break
        turned = devil(i, x, int(a))
        after = game.add(turned, int(a))
        steps.append(Step(number=i, before=x, turned=turned, move=int(a), after=after))
        x = after
    return tuple(steps)


def update(game: Game, belief: Iterable[int], move: int) -> list[int]:
    """The classes possible after move, from the classes of belief (the one belief rule).

    >>> update(Game(2), [0, 1, 2], 3)  # HH stays (the game is won); HT turns into HT; TT becomes HH
    [0, 1]
    """
    tab = class_table(game)
    final, _, _ = propagate(tab.kernel, row_from_indices(belief, tab.size), [int(move)])
    return row_to_indices(final)


def still_possible(game: Game, belief: Iterable[int]) -> list[int]:
    """The classes of belief outside the goal: what the player knows while the game is on."""
    n_goal = class_table(game).n_goal
    return [k for k in belief if k >= n_goal]
