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

The names imported in ``__init__.pyi`` beside this file are the whole public API, and that stub
is their one list: each loads on first use (``lazy_loader``), and type checkers read it.  The
command line and the page use nothing else (an import-linter contract says so).  The names this
package once gave the notebook's functions and the coin game's search and check still work, with
a ``DevilcoinsDeprecationWarning`` (a DeprecationWarning) that names the one spelling now
(``_RENAMED``, read from ``devilcoins.notebook.__all__`` on first need; docs/library.md lists
them); the stub declares each as a deprecated function, so a type checker flags its use too.
"""

import sys
import warnings
from importlib import import_module
from typing import Any

import lazy_loader

_load, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)


def __getattr__(name: str) -> Any:
    """Load a public name on first use, so that ``import devilcoins`` (and the command line)
    starts without numpy, numba or the web framework; an old name warns and still works.

    The old names (``_RENAMED``: ``_renamed.RENAMED``) are read from the notebook's list of
    names, so the first name this package does not have imports the notebook; a public name, or
    one starting with an underscore (what IPython and ``inspect`` ask for), does not."""
    if name in __all__ or (name.startswith("_") and name != "_RENAMED"):
        return _load(name)
    renamed = import_module("devilcoins._renamed").RENAMED
    if name == "_RENAMED":
        return renamed
    if name in renamed:
        spelling, _ = renamed[name]
        warnings.warn(
            f"devilcoins.{name} is deprecated: use {spelling}",
            _load("DevilcoinsDeprecationWarning"),
            stacklevel=2,
        )
        return import_module("devilcoins._renamed").old_name(name)
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
