"""Which observed games are small: their hot loops run as plain Python (``core.compiling``).

A touch, sight or count game of at most ``SMALL_STATES`` states (values^n: 64 coins states for
6 coins, 27 for 3 dials of 3) settles as Python in a few hundredths of a second, far less than
loading the compiled loops costs (and a first compile costs many seconds); past it, the work
grows quickly with the states (8 glasses with 4 hands: a second compiled, a minute and a half
as Python), so the loops run compiled.

>>> from devilcoins.core.game import Game
>>> is_small(Game.parse('n=4 hands=2 goal=same observe=touch')), is_small(Game(8))
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

from devilcoins.core.compiling import small_when
from devilcoins.core.game import Game

__all__ = ["SMALL_STATES", "for_small_games", "is_small"]

#: The most states a game may have for its hot loops to run as plain Python.
SMALL_STATES = 64

F = TypeVar("F", bound=Callable[..., Any])


def is_small(thing: Any) -> bool:
    """Whether a game (or a solution, space or live game holding one, as ``.game``) is small."""
    game = thing if isinstance(thing, Game) else getattr(thing, "game", None)
    return isinstance(game, Game) and game.log2_states <= math.log2(SMALL_STATES) + 1e-9


def _first_small(*args: Any, **kwargs: Any) -> bool:
    return bool(args) and is_small(args[0])


#: Decorate a function whose first argument is a game (or holds one): on a small game the hot
#: loops it calls run as plain Python.
for_small_games: Callable[[F], F] = small_when(_first_small)
