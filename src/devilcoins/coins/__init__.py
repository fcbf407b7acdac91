"""What only the coin game has: its notation, Lamping's construction, the Devil's traps for any
N, its proofs, and the notebook's formats (its functions are ``devilcoins.notebook``).

The names in ``__init__.pyi`` beside this file are what the coin commands and the page's coin
sections use (the rest of the public API is ``devilcoins`` itself); each loads on first use.

>>> from devilcoins.coins import strategy_length, move_kind
>>> strategy_length(8), move_kind(8, 16)
(255, 's1')
"""

import lazy_loader

#: Each name in __init__.pyi beside this file loads from its module on first use.
__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
