"""The registry of game families: one home for each kind of game, asked once per call.

A game belongs to exactly one family (``family_of``), and the family answers everything callers
would otherwise work out again from the game's fields: how to solve it (and by which routes,
``methods``), how to verify a strategy, whether its strategy is a tree, how its strategy is
written to a file and read back, its certificate and that certificate's check, how to prove
and explain its verdict.  The table ``FAMILIES`` lists them in the order they are asked:

==============  =====================================================================
blind coins     the notebook's game (``Game(n)``): its own search, Lamping's closed form
still table     blind, the table never turning, a goal no chain settles: a covering problem
value groups    blind, each position holding an element of a group (``values=S3``)
restricted      blind, the Devil limited to a list of moves (``devil_moves``)
blind           every other blind game (dials, groups, hands, move lists, goals)
touch           feel k positions, then set them (Gardner's glasses)
sight           see the table, then name a move
count           hear how many positions are not 0
==============  =====================================================================

Adding a family takes its solver (a module of ``blind`` or ``observed``), a class (``Family``
in ``families.base`` says what it answers; the blind ones live in ``families.blind``, those
whose strategies are trees in ``families.trees``) and a line in ``FAMILIES`` here
(docs/how-it-works.md, "Adding a family").

>>> family_of(Game(4)).name, family_of(Game.parse('n=4 hands=2 goal=same observe=touch')).name
('blind coins', 'touch')
>>> family_of(Game.parse('n=4 observe=sight')).methods
('iteration',)
"""

from __future__ import annotations

from devilcoins.core.game import Game
from devilcoins.families.base import Family, Held, MoveLike, Progress, class_text, states_of
from devilcoins.families.blind import (
    Blind,
    BlindCoins,
    Restricted,
    StillTable,
    ValueGroups,
    blind_moves,
)
from devilcoins.families.count import Count
from devilcoins.families.sight import Sight
from devilcoins.families.touch import Touch
from devilcoins.families.trees import Observed

__all__ = [
    "FAMILIES",
    "Family",
    "Held",
    "MoveLike",
    "Observed",
    "Progress",
    "blind_moves",
    "class_text",
    "family_of",
    "states_of",
]

#: Every family, in the order ``family_of`` asks them (the first that admits a game has it).
FAMILIES: tuple[Family, ...] = (
    BlindCoins(),
    StillTable(),
    ValueGroups(),
    Restricted(),
    Blind(),
    Touch(),
    Sight(),
    Count(),
)


def family_of(game: Game) -> Family:
    """The family a game belongs to: the first in ``FAMILIES`` that admits it."""
    return next(f for f in FAMILIES if f.admits(game))
