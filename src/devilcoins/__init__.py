"""devilcoins: the Devil and the Coin Flip Game, and blind rotating-table games, solved exactly.

>>> from devilcoins import belief_search
>>> belief_search(4).length
15
"""

from devilcoins.coins.certificate import Certificate, certificate
from devilcoins.coins.construct import construction, move_mask, stream_moves
from devilcoins.coins.devil import adversary
from devilcoins.coins.explain import explain
from devilcoins.coins.notation import (
    Belief,
    Coins,
    Counterexample,
    DevilcoinsError,
    Move,
    NotationError,
    Strategy,
)
from devilcoins.coins.notebook import (
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
from devilcoins.coins.prove import Proof, prove
from devilcoins.coins.search import SearchResult, belief_search, search
from devilcoins.coins.verification import Verification, verify
from devilcoins.core.numbers import canonical_count
from devilcoins.render import display as _display  # noqa: F401  (notebook displays)

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
