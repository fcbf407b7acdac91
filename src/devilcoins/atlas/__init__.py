"""An atlas of games: each one settled by the engine and checked against the literature.

``grid`` (the default grid and grids from ranges), ``literature`` (what is published of each
game), ``entry`` (an entry, and settling games into entries), ``store`` (entries kept in SQLite),
``run`` (a grid settled on Dask, each answer stored as it arrives) and ``report`` (the atlas as
text, Markdown, CSV and JSON).  The names below load their module on first use, so that the
command line reads a grid's options without loading the engine (``grid.grid``, the grid of
ranges, keeps its module's name).

>>> from devilcoins.atlas import atlas
>>> entries = atlas(['n=4', 'n=6'])
>>> [(e.game.n, e.status, e.winnable, e.agrees) for e in entries]
[(4, 'settled', True, True), (6, 'settled', False, True)]
"""

from devilcoins.core.lazy import lazy

_NAMES = {
    "entry": (
        "AtlasEntry",
        "OPEN",
        "SETTLED",
        "STATUSES",
        "TOO_LARGE",
        "atlas",
        "left_open",
        "settle",
    ),
    "grid": ("GOALS", "OBSERVE", "default_grid", "parse_names", "parse_range"),
    "literature": ("known_value", "least_touch_hands"),
    "report": ("from_json", "to_csv", "to_json", "to_markdown", "to_text"),
}
_WHERE = {name: module for module, names in _NAMES.items() for name in names}

__all__ = [
    "GOALS",
    "OBSERVE",
    "OPEN",
    "SETTLED",
    "STATUSES",
    "TOO_LARGE",
    "AtlasEntry",
    "atlas",
    "default_grid",
    "from_json",
    "known_value",
    "least_touch_hands",
    "left_open",
    "parse_names",
    "parse_range",
    "settle",
    "to_csv",
    "to_json",
    "to_markdown",
    "to_text",
]


#: Load a public name from its module on first use.
__getattr__ = lazy("devilcoins.atlas", {n: f"devilcoins.atlas.{m}" for n, m in _WHERE.items()})
