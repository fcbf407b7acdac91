"""devilcoins: the Devil and the Coin Flip Game, and blind rotating-table games, solved exactly.

>>> from devilcoins import belief_search
>>> belief_search(4).length
15
"""

from .bfs import SearchResult, belief_search, search
from .canonical import canonical_count
from .notation import Belief, Coins, DevilcoinsError, Move, NotationError, Strategy
from .notebook import (
    all_coins,
    all_moves,
    coin_search,
    flip,
    play,
    probably_wins,
    rotations,
    show,
    update,
)
from .verification import Verification, verify

__version__ = "0.1.0"

__all__ = [
    "Belief",
    "Coins",
    "DevilcoinsError",
    "Move",
    "NotationError",
    "SearchResult",
    "Strategy",
    "Verification",
    "__version__",
    "all_coins",
    "all_moves",
    "belief_search",
    "canonical_count",
    "coin_search",
    "flip",
    "play",
    "probably_wins",
    "rotations",
    "search",
    "show",
    "update",
    "verify",
]
