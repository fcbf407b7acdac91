"""The shortest continuation of a blind game from any belief: the belief search started where
the player stands, not at "anything at all".

The player who has called some moves knows the classes still possible (``LiveGame.known``);
a belief search from exactly those classes finds the fewest further moves that win from every
one of them against every Devil, or proves that none does (the Devil can then hold the game off
forever).  The class table's update keeps the goal's classes where they are (a won game stays
won), so a belief is won when nothing outside the goal is left in it, as for the whole game.

>>> from devilcoins.core.game import Game
>>> from devilcoins.core.tables import class_table
>>> t = class_table(Game(4))
>>> len(shortest_from(Game(4), range(t.n_goal, t.size)))  # the whole game: 15 moves
15
>>> shortest_from(Game(4), [])  # nothing outside the goal is possible: already won
()
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from devilcoins.blind.search import ClassSpace, allowed_moves, search_beliefs
from devilcoins.core.beliefs import Rows, row_from_indices
from devilcoins.core.game import Game
from devilcoins.core.tables import class_table

__all__ = ["MAX_COACH_WORK", "shortest_from"]

#: The work a search from one position may do (beliefs kept x moves x states, about what its
#: updates cost) before it stops with TooLarge: 8 coins from the start take 24 million.
MAX_COACH_WORK = 50_000_000


@dataclass(frozen=True, eq=False)
class _FromBelief(ClassSpace):
    """The class space with the search started at the given classes."""

    belief: tuple[int, ...] = ()

    def start(self) -> Rows:
        """The classes the player cannot rule out."""
        return row_from_indices(self.belief, self.table.size)


def shortest_from(game: Game, known: Iterable[int]) -> tuple[int, ...] | None:
    """The fewest moves that win from every class of known against every Devil (the moves, as
    states), or None when no sequence does; TooLarge past MAX_COACH_WORK."""
    tab = class_table(game)
    belief = tuple(sorted({int(k) for k in known if int(k) >= tab.n_goal}))
    if not belief:
        return ()
    moves = allowed_moves(game)
    limit = max(1, MAX_COACH_WORK // max(1, len(moves) * tab.states))
    return search_beliefs(_FromBelief(tab, belief), moves, limit=limit).moves
