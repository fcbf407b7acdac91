"""devilcoins: the Devil and the Coin Flip Game, and every rotating-table game, solved exactly.

One engine serves every game; the coin game is ``Game(n)``.

>>> from devilcoins import Game, solve, verify
>>> v = solve(Game.parse('n=4 goal=same'))
>>> v.winnable, v.length, v.method
(True, 7, 'chain construction')
>>> verify(v.game, v.strategy).wins, verify(Game(4), v.strategy).wins
(True, False)
>>> from devilcoins import belief_search
>>> belief_search(4).length
15
"""

from devilcoins.atlas import atlas
from devilcoins.coins.certificate import Certificate, certificate
from devilcoins.coins.construct import construction, move_mask, stream_moves
from devilcoins.coins.devil import adversary
from devilcoins.coins.explain import explain
from devilcoins.coins.notation import Belief, Coins, Move, Strategy
from devilcoins.coins.notation import Counterexample as CoinCounterexample
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
from devilcoins.coins.verification import Verification as CoinVerification
from devilcoins.coins.verification import verify as verify_coins
from devilcoins.core.errors import DevilcoinsError, NotationError
from devilcoins.core.game import Game
from devilcoins.core.numbers import canonical_count
from devilcoins.core.symmetry import Group
from devilcoins.engine import solve, verify
from devilcoins.render import display as _display  # noqa: F401  (notebook displays)
from devilcoins.results import Counterexample, Verdict, Verification

__version__ = "0.1.0"

__all__ = [
    "Belief",
    "Certificate",
    "CoinCounterexample",
    "CoinVerification",
    "Coins",
    "Counterexample",
    "DevilcoinsError",
    "Game",
    "Group",
    "Move",
    "NotationError",
    "Proof",
    "SearchResult",
    "Strategy",
    "Verdict",
    "Verification",
    "__version__",
    "adversary",
    "all_coins",
    "all_moves",
    "atlas",
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
    "solve",
    "stream_moves",
    "update",
    "verify",
    "verify_coins",
]
