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

The names in ``__init__.pyi`` beside this file are the whole public API, and that stub is their
one list: each loads on first use (``lazy_loader``), and type checkers read it.  The command line
and the page use nothing else (an import-linter contract says so).  The names this package once
gave the notebook's functions and the coin game's search and check still work, with a
DeprecationWarning that names the one spelling now (``_RENAMED``; docs/library.md lists them).
"""

import sys
import warnings
from importlib import import_module
from typing import Any

import lazy_loader

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

_load, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)


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


def _register_displays() -> None:
    """In a running IPython (a notebook), have the coin values draw themselves: the shell is
    told which function draws each type, by name (``render.display``); nothing is patched and
    nothing is imported outside IPython."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        import_module("devilcoins.render.display").register(shell)


__version__ = "0.1.0"

_register_displays()
