"""devilcoins: the Devil and the Coin Flip Game, and blind rotating-table games, solved exactly.

>>> from devilcoins import belief_search
>>> belief_search(4).length
15
"""

from .bfs import SearchResult, belief_search, search
from .canonical import canonical_count
from .certificate import Certificate, certificate
from .construct import construction, move_mask, stream_moves
from .devil import adversary
from .explain import explain
from .notation import (
    Belief,
    Coins,
    Counterexample,
    DevilcoinsError,
    Move,
    NotationError,
    Strategy,
)
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
from .prove import Proof, prove
from .verification import Verification, verify

__version__ = "0.1.0"

__all__ = [
    "Belief",
    "Certificate",
    "Coins",
    "Counterexample",
    "DevilcoinsError",
    "Move",
    "NotationError",
    "Proof",
    "SearchResult",
    "Strategy",
    "Verification",
    "__version__",
    "adversary",
    "all_coins",
    "all_moves",
    "belief_search",
    "canonical_count",
    "certificate",
    "coin_search",
    "construction",
    "explain",
    "flip",
    "move_mask",
    "play",
    "probably_wins",
    "prove",
    "rotations",
    "search",
    "show",
    "stream_moves",
    "update",
    "verify",
]
