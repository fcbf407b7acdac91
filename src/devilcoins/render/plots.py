"""Plots with matplotlib: the belief's size along a strategy, and the belief table as an image.

The size plot uses a log scale, so the 65,535 moves of N = 16 show whole: the belief shrinks by
one class of sequences at the end of each run of doubled moves.  The table image is the notebook'
belief table (a row a move, a column a canonical sequence, filled where it is still possible)
for N <= 8.  Both write PNG or SVG, chosen by the file name's ending.
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import TYPE_CHECKING

import numpy as np

from devilcoins.coins.notation import DevilcoinsError, Strategy, canonical_coins
from devilcoins.core.files import write_new_with

if find_spec("matplotlib") is None:  # the plot extra, looked up only: imported when drawing
    raise ImportError(
        "devilcoins.render.plots needs the plot extra: pip install 'devilcoins[plot]'",
        name="matplotlib",
    )

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["FORMATS", "MAX_TABLE_IMAGE_N", "belief_size_figure", "belief_table_figure", "save"]

#: Picture formats, by file ending.
FORMATS = (".png", ".svg")

#: The largest N whose belief table is drawn (36 columns, 256 rows at N = 8).
MAX_TABLE_IMAGE_N = 8


def _files_only() -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only, no screen


def belief_size_figure(strategy: Strategy, n: int) -> Figure:
    """A figure of the belief's size (canonical sequences, all heads included) after each move.

    >>> from devilcoins.coins.construct import construction
    >>> fig = belief_size_figure(construction(4), 4)
    >>> [round(y) for y in fig.axes[0].lines[0].get_ydata()][:4]
    [6, 5, 5, 4]
    """
    from devilcoins.coins.verification import verify

    v = verify(strategy, n)
    sizes = np.array(v.sizes, dtype=float)
    _files_only()
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    ax.plot(np.arange(len(sizes)), sizes, drawstyle="steps-post", color="#3d405b", lw=1.2)
    ax.set_yscale("log")
    ax.set_xlabel("move")
    ax.set_ylabel("coin sequences still possible (up to turning)")
    verdict = f"wins at move {v.won_at:,}" if v.wins else "does not always win"
    ax.set_title(f"The belief along a {len(strategy):,}-move strategy for {n} coins: {verdict}")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    return fig


def belief_table_figure(strategy: Strategy, n: int) -> Figure:
    """The notebook's belief table as an image: row i is the belief after move i (N <= 8).

    >>> from devilcoins.coins.construct import construction
    >>> fig = belief_table_figure(construction(2), 2)
    >>> fig.axes[0].images[0].get_array().shape
    (4, 3)
    """
    from devilcoins.coins.verification import belief_rows
    from devilcoins.core.tables import table

    if n > MAX_TABLE_IMAGE_N:
        raise DevilcoinsError(
            f"the belief table is drawn for N <= {MAX_TABLE_IMAGE_N}; for N = {n} plot the "
            "belief's size instead"
        )
    tab = table(n)
    rows = belief_rows(strategy, n)
    grid = np.zeros((len(rows), tab.size))
    for i, members in enumerate(rows):
        grid[i, members] = 1
    _files_only()
    import matplotlib.pyplot as plt

    height = min(40.0, 1.5 + 0.12 * len(rows))
    fig, ax = plt.subplots(figsize=(max(4.0, 0.35 * tab.size + 1.5), height), dpi=100)
    ax.imshow(grid, cmap="Blues", aspect="auto", interpolation="nearest", vmin=0, vmax=1.3)
    ax.set_xticks(range(tab.size))
    ax.set_xticklabels(canonical_coins(n), rotation=90, family="monospace")
    ax.set_ylabel("move")
    ax.set_title(f"Belief table, {n} coins, {len(strategy):,} moves")
    fig.tight_layout()
    return fig


def save(fig: Figure, path: str) -> None:
    """Write a figure to a new file (PNG or SVG by its ending); never overwrite."""
    from pathlib import Path

    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise DevilcoinsError(f"{path}: write a .png or .svg file")
    write_new_with(path, lambda out: fig.savefig(out, format=suffix.lstrip(".")))
