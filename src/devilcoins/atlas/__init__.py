"""An atlas of games: each one settled by the engine and checked against the literature.

``grid`` (the default grid and grids from ranges), ``literature`` (what is published of each
game), ``entry`` (an entry, and settling games into entries), ``store`` (entries kept in SQLite),
``run`` (a grid settled on Dask, each answer stored as it arrives) and ``report`` (the atlas as
text, Markdown, CSV and JSON).  The names in ``__init__.pyi`` beside this file load their
module on first use, so that the command line reads a grid's options without loading the engine
(``grid.grid``, the grid of ranges, keeps its module's name).

>>> from devilcoins.atlas import atlas
>>> entries = atlas(['n=4', 'n=6'])
>>> [(e.game.n, e.status, e.winnable, e.agrees) for e in entries]
[(4, 'settled', True, True), (6, 'settled', False, True)]
"""

import lazy_loader

#: Each name in __init__.pyi beside this file loads from its module on first use.
__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
