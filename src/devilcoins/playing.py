"""One play loop for every blind game: the Devil turns the table, then the move lands.

A game is played on concrete states (numbers in base m, digit i = position i), never on classes:
each step records the state before, the state after the Devil's turn, the move and the result.
The loop stops as soon as the state is in the goal.  A Devil is any function
``devil(i, x, move) -> turned`` giving the state x turned by one of its group's elements before
move i (1-based); ``devilcoins.devil`` has the family.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from devilcoins.core.game import Game
from devilcoins.core.tables import tables

__all__ = ["Devil", "Step", "play", "won"]

#: (move number from 1, state as it lies, the move) -> the state after the Devil's turn.
Devil = Callable[[int, int, int], int]


@dataclass(frozen=True, kw_only=True)
class Step:
    """One move of a game: the state before, after the Devil's turn, the move, and after it."""

    number: int
    before: int
    turned: int
    move: int
    after: int

    def text(self, game: Game) -> str:
        """One line of a trace: '   1: HTTH | turn: TTHH | move: FLFL -> HTTH'."""
        return (
            f"{self.number:4d}: {game.state_text(self.before)} | turn: "
            f"{game.state_text(self.turned)} | move: {game.move_text(self.move)} -> "
            f"{game.state_text(self.after)}"
        )


def won(game: Game, x: int) -> bool:
    """Whether state x is in the goal."""
    tab = tables(game)
    return bool(tab.index_of[x] < tab.n_goal)


def play(game: Game, moves: Iterable[int], start: int, devil: Devil) -> tuple[Step, ...]:
    """Play moves from start against devil until the goal shows or the moves run out.

    >>> from devilcoins.devil import scripted
    >>> steps = play(Game(2), [3, 1, 3], 0b10, scripted(Game(2), [(0, 1), (1, 0), (0, 1)]))
    >>> [s.text(Game(2)) for s in steps]
    ['   1: HT | turn: HT | move: FF -> TH', '   2: TH | turn: HT | move: FL -> TT', \
'   3: TT | turn: TT | move: FF -> HH']
    """
    tab = tables(game)
    steps, x = [], start
    for i, a in enumerate(moves, 1):
        if won(game, x):
            break
        turned = devil(i, x, int(a))
        after = int(tab.add(np.array([turned]), int(a))[0])
        steps.append(Step(number=i, before=x, turned=turned, move=int(a), after=after))
        x = after
    return tuple(steps)
