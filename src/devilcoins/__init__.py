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

import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from devilcoins.coins.certificate import Certificate, certificate
    from devilcoins.coins.construct import construction, move_mask, stream_moves
    from devilcoins.coins.notation import Belief, Coins, Move, Strategy
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
    from devilcoins.coins.search import SearchResult, belief_search, search
    from devilcoins.coins.verification import verify as verify_coins
    from devilcoins.core.errors import (
        DevilcoinsError,
        InvalidInput,
        NotationError,
        NotSupported,
        TooLarge,
    )
    from devilcoins.core.game import Game
    from devilcoins.core.numbers import canonical_count
    from devilcoins.core.perm import Perm
    from devilcoins.core.symmetry import Group
    from devilcoins.devil import adversary
    from devilcoins.engine import solve, verify
    from devilcoins.explaining import explain
    from devilcoins.proving import prove
    from devilcoins.results import Counterexample, Evidence, Verdict, Verification

_LAZY = {
    "Belief": ("devilcoins.coins.notation", "Belief"),
    "Certificate": ("devilcoins.coins.certificate", "Certificate"),
    "Coins": ("devilcoins.coins.notation", "Coins"),
    "Counterexample": ("devilcoins.results", "Counterexample"),
    "DevilcoinsError": ("devilcoins.core.errors", "DevilcoinsError"),
    "Evidence": ("devilcoins.results", "Evidence"),
    "Game": ("devilcoins.core.game", "Game"),
    "Group": ("devilcoins.core.symmetry", "Group"),
    "InvalidInput": ("devilcoins.core.errors", "InvalidInput"),
    "Move": ("devilcoins.coins.notation", "Move"),
    "NotSupported": ("devilcoins.core.errors", "NotSupported"),
    "NotationError": ("devilcoins.core.errors", "NotationError"),
    "Perm": ("devilcoins.core.perm", "Perm"),
    "SearchResult": ("devilcoins.coins.search", "SearchResult"),
    "Strategy": ("devilcoins.coins.notation", "Strategy"),
    "TooLarge": ("devilcoins.core.errors", "TooLarge"),
    "Verdict": ("devilcoins.results", "Verdict"),
    "Verification": ("devilcoins.results", "Verification"),
    "adversary": ("devilcoins.devil", "adversary"),
    "all_coins": ("devilcoins.coins.notebook", "all_coins"),
    "all_moves": ("devilcoins.coins.notebook", "all_moves"),
    "belief_search": ("devilcoins.coins.search", "belief_search"),
    "canonical_count": ("devilcoins.core.numbers", "canonical_count"),
    "certificate": ("devilcoins.coins.certificate", "certificate"),
    "coin_search": ("devilcoins.coins.notebook", "coin_search"),
    "construction": ("devilcoins.coins.construct", "construction"),
    "explain": ("devilcoins.explaining", "explain"),
    "flip": ("devilcoins.coins.notebook", "flip"),
    "move_mask": ("devilcoins.coins.construct", "move_mask"),
    "play": ("devilcoins.coins.notebook", "play"),
    "probably_wins": ("devilcoins.coins.notebook", "probably_wins"),
    "prove": ("devilcoins.proving", "prove"),
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


def _register_displays() -> None:
    """In a running IPython (a notebook), have the coin values draw themselves: the shell is
    told which function draws each type, by name (``render.display``); nothing is patched and
    nothing is imported outside IPython."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        import_module("devilcoins.render.display").register(shell)


__version__ = "0.1.0"

__all__ = [
    "Belief",
    "Certificate",
    "Coins",
    "Counterexample",
    "DevilcoinsError",
    "Evidence",
    "Game",
    "Group",
    "InvalidInput",
    "Move",
    "NotSupported",
    "NotationError",
    "Perm",
    "SearchResult",
    "Strategy",
    "TooLarge",
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

_register_displays()
