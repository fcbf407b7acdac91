"""devilcoins: the Devil and the Coin Flip Game, and every rotating-table game, solved exactly.

One engine serves every game; the coin game is ``Game(n)``.

>>> from devilcoins import Game, solve, verify
>>> v = solve(Game.parse('n=4 goal=same'))
>>> v.winnable, v.length, v.method
(True, 7, 'chain construction')
>>> verify(v.game, v.strategy).wins, verify(Game(4), v.strategy).wins
(True, False)
>>> solve(4, 'notebook').length  # the notebook's own search: exactly its strategy
15
>>> from devilcoins.notebook import coin_search  # the notebook's names have their own module
>>> len(coin_search(4))
15

The names below are the whole public API: the command line and the page use nothing else
(an import-linter contract says so).  Each loads on first use.  The names this package once
gave the notebook's functions and the coin game's search and check still work, with a
DeprecationWarning that names the one spelling now (``_RENAMED``; docs/library.md lists them).
"""

import sys
import warnings
from importlib import import_module
from typing import TYPE_CHECKING, Any

from devilcoins.core.lazy import lazy

if TYPE_CHECKING:
    from devilcoins.coins.construct import construction, move_mask, stream_moves
    from devilcoins.coins.notation import Belief, Coins, Move, Strategy
    from devilcoins.coins.trap import CoinTrap, coin_trap
    from devilcoins.core.compiling import seconds_spent as compile_seconds
    from devilcoins.core.devils import DEVILS, DevilKind
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
        bounds_certificate,
        certificate,
        check_certificate,
        check_checkpoint,
        coach,
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
        Advice,
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
    "Advice": "devilcoins.results",
    "Belief": "devilcoins.coins.notation",
    "BeliefTable": "devilcoins.results",
    "CertificateCheck": "devilcoins.results",
    "CoinTrap": "devilcoins.coins.trap",
    "Coins": "devilcoins.coins.notation",
    "Counterexample": "devilcoins.results",
    "DevilcoinsError": "devilcoins.core.errors",
    "Evidence": "devilcoins.results",
    "EvidenceKind": "devilcoins.results",
    "Explanation": "devilcoins.results",
    "GOALS": "devilcoins.core.game",
    "GROUP_NAMES": "devilcoins.core.symmetry",
    "Game": "devilcoins.core.game",
    "Group": "devilcoins.core.symmetry",
    "How": "devilcoins.results",
    "InvalidInput": "devilcoins.core.errors",
    "LiveGame": "devilcoins.live",
    "Move": "devilcoins.coins.notation",
    "NotSupported": "devilcoins.core.errors",
    "NotationError": "devilcoins.core.errors",
    "Observe": "devilcoins.core.observe",
    "DEVILS": "devilcoins.core.devils",
    "DevilKind": "devilcoins.core.devils",
    "Perm": "devilcoins.core.perm",
    "Playthrough": "devilcoins.results",
    "Strategy": "devilcoins.coins.notation",
    "TooLarge": "devilcoins.core.errors",
    "TreeSolution": "devilcoins.results",
    "Verdict": "devilcoins.results",
    "Verification": "devilcoins.results",
    "adversary": "devilcoins.devil",
    "belief_table": "devilcoins.engine",
    "bounds_certificate": "devilcoins.engine",
    "canonical_count": "devilcoins.core.numbers",
    "certificate": "devilcoins.engine",
    "check_certificate": "devilcoins.engine",
    "check_checkpoint": "devilcoins.engine",
    "coach": "devilcoins.engine",
    "coin_trap": "devilcoins.coins.trap",
    "compile_seconds": "devilcoins.core.compiling:seconds_spent",
    "construction": "devilcoins.coins.construct",
    "explain": "devilcoins.engine",
    "explanation": "devilcoins.engine",
    "load_strategy": "devilcoins.engine",
    "methods": "devilcoins.engine",
    "move_mask": "devilcoins.coins.construct",
    "play_against": "devilcoins.live",
    "progress_note": "devilcoins.engine",
    "prove": "devilcoins.engine",
    "read_strategy": "devilcoins.engine",
    "save_strategy": "devilcoins.engine",
    "solve": "devilcoins.engine",
    "strategy_lines": "devilcoins.engine",
    "stream_moves": "devilcoins.coins.construct",
    "verify": "devilcoins.engine",
}


#: Old names, still working: each gives a DeprecationWarning naming its one spelling now, and
#: loads from where it lives now (the notebook's functions) or from a shim keeping its signature.
_RENAMED = {
    **{
        name: (f"devilcoins.notebook.{name}", "devilcoins.notebook")
        for name in (
            "all_coins",
            "all_moves",
            "coin_search",
            "flip",
            "play",
            "probably_wins",
            "rotations",
            "search",
            "show",
            "update",
        )
    },
    "belief_search": ("devilcoins.solve(n, 'notebook')", "devilcoins._renamed"),
    "verify_coins": ("devilcoins.verify(n, strategy)", "devilcoins._renamed"),
}

_load = lazy("devilcoins", _LAZY)


def __getattr__(name: str) -> Any:
    """Load a public name on first use, so that ``import devilcoins`` (and the command line)
    starts without numpy, numba or the web framework; an old name warns and still works."""
    if name in _RENAMED:
        spelling, module = _RENAMED[name]
        warnings.warn(
            f"devilcoins.{name} is deprecated: use {spelling}", DeprecationWarning, stacklevel=2
        )
        return getattr(import_module(module), name)
    return _load(name)


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
    "DEVILS",
    "GOALS",
    "GROUP_NAMES",
    "Advice",
    "Belief",
    "BeliefTable",
    "CertificateCheck",
    "CoinTrap",
    "Coins",
    "Counterexample",
    "DevilKind",
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
    "belief_table",
    "bounds_certificate",
    "canonical_count",
    "certificate",
    "check_certificate",
    "check_checkpoint",
    "coach",
    "coin_trap",
    "compile_seconds",
    "construction",
    "explain",
    "explanation",
    "load_strategy",
    "methods",
    "move_mask",
    "play_against",
    "progress_note",
    "prove",
    "read_strategy",
    "save_strategy",
    "solve",
    "strategy_lines",
    "stream_moves",
    "verify",
]

_register_displays()
