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

from importlib import import_module
from typing import TYPE_CHECKING, Any

from devilcoins.render import display as _display  # noqa: F401  (notebook displays; light)

if TYPE_CHECKING:
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
    from devilcoins.results import Counterexample, Verdict, Verification

_LAZY = {
    "Belief": ("devilcoins.coins.notation", "Belief"),
    "Certificate": ("devilcoins.coins.certificate", "Certificate"),
    "CoinCounterexample": ("devilcoins.coins.notation", "Counterexample"),
    "CoinVerification": ("devilcoins.coins.verification", "Verification"),
    "Coins": ("devilcoins.coins.notation", "Coins"),
    "Counterexample": ("devilcoins.results", "Counterexample"),
    "DevilcoinsError": ("devilcoins.core.errors", "DevilcoinsError"),
    "Game": ("devilcoins.core.game", "Game"),
    "Group": ("devilcoins.core.symmetry", "Group"),
    "Move": ("devilcoins.coins.notation", "Move"),
    "NotationError": ("devilcoins.core.errors", "NotationError"),
    "Proof": ("devilcoins.coins.prove", "Proof"),
    "SearchResult": ("devilcoins.coins.search", "SearchResult"),
    "Strategy": ("devilcoins.coins.notation", "Strategy"),
    "Verdict": ("devilcoins.results", "Verdict"),
    "Verification": ("devilcoins.results", "Verification"),
    "adversary": ("devilcoins.coins.devil", "adversary"),
    "all_coins": ("devilcoins.coins.notebook", "all_coins"),
    "all_moves": ("devilcoins.coins.notebook", "all_moves"),
    "belief_search": ("devilcoins.coins.search", "belief_search"),
    "canonical_count": ("devilcoins.core.numbers", "canonical_count"),
    "certificate": ("devilcoins.coins.certificate", "certificate"),
    "coin_search": ("devilcoins.coins.notebook", "coin_search"),
    "construction": ("devilcoins.coins.construct", "construction"),
    "explain": ("devilcoins.coins.explain", "explain"),
    "flip": ("devilcoins.coins.notebook", "flip"),
    "move_mask": ("devilcoins.coins.construct", "move_mask"),
    "play": ("devilcoins.coins.notebook", "play"),
    "probably_wins": ("devilcoins.coins.notebook", "probably_wins"),
    "prove": ("devilcoins.coins.prove", "prove"),
    "rotations": ("devilcoins.coins.notebook", "rotations"),
    "search": ("devilcoins.coins.search", "search"),
    "show": ("devilcoins.coins.notebook", "show"),
    "solve": ("devilcoins.engine", "solve"),
    "stream_moves": ("devilcoins.coins.construct", "stream_moves"),
    "update": ("devilcoins.coins.notebook", "update"),
    "verify": ("devilcoins.engine", "verify"),
    "verify_coins": ("devilcoins.coins.verification", "verify"),
}


def __getattr__(name: str) -> Any:
    """Load a public name on first use, so that ``import devilcoins`` (and the command line)
    starts without numpy, numba or the web framework."""
    if name not in _LAZY:
        raise AttributeError(f"module 'devilcoins' has no attribute {name!r}")
    module, attribute = _LAZY[name]
    value = getattr(import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names, loaded or not."""
    return sorted(__all__)


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
