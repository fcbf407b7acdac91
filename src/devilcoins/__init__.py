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

The names below are the whole public API: the command line and the page use nothing else
(an import-linter contract says so).  Each loads on first use.
"""

import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from devilcoins.coins.search import belief_search, search
    from devilcoins.coins.trap import CoinTrap, coin_trap
    from devilcoins.coins.verification import verify as verify_coins
    from devilcoins.core.compiling import seconds_spent as compile_seconds
    from devilcoins.core.errors import (
        DevilcoinsError,
        InvalidInput,
        NotationError,
        NotSupported,
        TooLarge,
    )
    from devilcoins.core.game import GOALS, Game
    from devilcoins.core.numbers import canonical_count
    from devilcoins.core.observe import Observe
    from devilcoins.core.perm import Perm
    from devilcoins.core.symmetry import GROUP_NAMES, Group
    from devilcoins.devil import adversary
    from devilcoins.engine import (
        belief_table,
        certificate,
        check_certificate,
        explain,
        explanation,
        load_strategy,
        methods,
        progress_note,
        prove,
        read_strategy,
        save_strategy,
        solve,
        strategy_lines,
        verify,
    )
    from devilcoins.live import LiveGame, play_against
    from devilcoins.results import (
        BeliefTable,
        CertificateCheck,
        Counterexample,
        Evidence,
        EvidenceKind,
        Explanation,
        How,
        Playthrough,
        TreeSolution,
        Verdict,
        Verification,
    )

_LAZY = {
    "Belief": ("devilcoins.coins.notation", "Belief"),
    "BeliefTable": ("devilcoins.results", "BeliefTable"),
    "CertificateCheck": ("devilcoins.results", "CertificateCheck"),
    "CoinTrap": ("devilcoins.coins.trap", "CoinTrap"),
    "Coins": ("devilcoins.coins.notation", "Coins"),
    "Counterexample": ("devilcoins.results", "Counterexample"),
    "DevilcoinsError": ("devilcoins.core.errors", "DevilcoinsError"),
    "Evidence": ("devilcoins.results", "Evidence"),
    "EvidenceKind": ("devilcoins.results", "EvidenceKind"),
    "Explanation": ("devilcoins.results", "Explanation"),
    "GOALS": ("devilcoins.core.game", "GOALS"),
    "GROUP_NAMES": ("devilcoins.core.symmetry", "GROUP_NAMES"),
    "Game": ("devilcoins.core.game", "Game"),
    "Group": ("devilcoins.core.symmetry", "Group"),
    "How": ("devilcoins.results", "How"),
    "InvalidInput": ("devilcoins.core.errors", "InvalidInput"),
    "LiveGame": ("devilcoins.live", "LiveGame"),
    "Move": ("devilcoins.coins.notation", "Move"),
    "NotSupported": ("devilcoins.core.errors", "NotSupported"),
    "NotationError": ("devilcoins.core.errors", "NotationError"),
    "Observe": ("devilcoins.core.observe", "Observe"),
    "Perm": ("devilcoins.core.perm", "Perm"),
    "Playthrough": ("devilcoins.results", "Playthrough"),
    "Strategy": ("devilcoins.coins.notation", "Strategy"),
    "TooLarge": ("devilcoins.core.errors", "TooLarge"),
    "TreeSolution": ("devilcoins.results", "TreeSolution"),
    "Verdict": ("devilcoins.results", "Verdict"),
    "Verification": ("devilcoins.results", "Verification"),
    "adversary": ("devilcoins.devil", "adversary"),
    "all_coins": ("devilcoins.coins.notebook", "all_coins"),
    "all_moves": ("devilcoins.coins.notebook", "all_moves"),
    "belief_search": ("devilcoins.coins.search", "belief_search"),
    "belief_table": ("devilcoins.engine", "belief_table"),
    "canonical_count": ("devilcoins.core.numbers", "canonical_count"),
    "certificate": ("devilcoins.engine", "certificate"),
    "check_certificate": ("devilcoins.engine", "check_certificate"),
    "coin_search": ("devilcoins.coins.notebook", "coin_search"),
    "coin_trap": ("devilcoins.coins.trap", "coin_trap"),
    "compile_seconds": ("devilcoins.core.compiling", "seconds_spent"),
    "construction": ("devilcoins.coins.construct", "construction"),
    "explain": ("devilcoins.engine", "explain"),
    "explanation": ("devilcoins.engine", "explanation"),
    "flip": ("devilcoins.coins.notebook", "flip"),
    "load_strategy": ("devilcoins.engine", "load_strategy"),
    "methods": ("devilcoins.engine", "methods"),
    "move_mask": ("devilcoins.coins.construct", "move_mask"),
    "play": ("devilcoins.coins.notebook", "play"),
    "play_against": ("devilcoins.live", "play_against"),
    "probably_wins": ("devilcoins.coins.notebook", "probably_wins"),
    "progress_note": ("devilcoins.engine", "progress_note"),
    "prove": ("devilcoins.engine", "prove"),
    "read_strategy": ("devilcoins.engine", "read_strategy"),
    "rotations": ("devilcoins.coins.notebook", "rotations"),
    "save_strategy": ("devilcoins.engine", "save_strategy"),
    "search": ("devilcoins.coins.search", "search"),
    "show": ("devilcoins.coins.notebook", "show"),
    "solve": ("devilcoins.engine", "solve"),
    "strategy_lines": ("devilcoins.engine", "strategy_lines"),
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
    "GOALS",
    "GROUP_NAMES",
    "Belief",
    "BeliefTable",
    "CertificateCheck",
    "CoinTrap",
    "Coins",
    "Counterexample",
    "DevilcoinsError",
    "Evidence",
    "EvidenceKind",
    "Explanation",
    "Game",
    "Group",
    "How",
    "InvalidInput",
    "LiveGame",
    "Move",
    "NotSupported",
    "NotationError",
    "Observe",
    "Perm",
    "Playthrough",
    "Strategy",
    "TooLarge",
    "TreeSolution",
    "Verdict",
    "Verification",
    "__version__",
    "adversary",
    "all_coins",
    "all_moves",
    "belief_search",
    "belief_table",
    "canonical_count",
    "certificate",
    "check_certificate",
    "coin_search",
    "coin_trap",
    "compile_seconds",
    "construction",
    "explain",
    "explanation",
    "flip",
    "load_strategy",
    "methods",
    "move_mask",
    "play",
    "play_against",
    "probably_wins",
    "progress_note",
    "prove",
    "read_strategy",
    "rotations",
    "save_strategy",
    "search",
    "show",
    "solve",
    "strategy_lines",
    "stream_moves",
    "update",
    "verify",
    "verify_coins",
]

_register_displays()
