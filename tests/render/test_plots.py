"""Plots: the belief's size along a strategy and the belief table, as PNG or SVG files."""

from __future__ import annotations

import numpy as np
import pytest
from reference import naive_sizes  # the naive reference update

from devilcoins import Coins, DevilcoinsError
from devilcoins.cli.main import main
from devilcoins.coins.construct import construction
from devilcoins.core.tables import table
from devilcoins.notebook import all_coins, update
from devilcoins.render.plots import belief_size_figure, belief_table_figure, save


@pytest.mark.parametrize("n", [2, 4, 8])
def test_the_size_plot_draws_the_belief_sizes(n):
    strategy = construction(n)
    fig = belief_size_figure(strategy, n)
    line = fig.axes[0].lines[0]
    assert list(line.get_ydata()) == naive_sizes(strategy, n)
    assert fig.axes[0].get_yscale() == "log"


def test_the_table_image_is_the_seeds_belief_table():
    n = 4
    strategy = construction(n)
    grid = np.asarray(belief_table_figure(strategy, n).axes[0].images[0].get_array())
    tab = table(n)
    order = [Coins.from_mask(int(x), n) for x in tab.reps]
    belief = all_coins(n)
    rows = [belief]
    for move in strategy:
        belief = update(belief, move)
        rows.append(belief)
    expected = [[1.0 if c in b else 0.0 for c in order] for b in rows]
    assert grid.tolist() == expected


def test_files_are_new_png_or_svg(tmp_path):
    fig = belief_size_figure(construction(2), 2)
    png, svg = tmp_path / "a.png", tmp_path / "a.svg"
    save(fig, str(png))
    save(fig, str(svg))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in svg.read_bytes()[:2000]
    before = png.read_bytes()
    with pytest.raises(DevilcoinsError, match="already exists"):
        save(fig, str(png))
    assert png.read_bytes() == before
    with pytest.raises(DevilcoinsError, match=r"\.png or \.svg"):
        save(fig, str(tmp_path / "a.jpg"))
    with pytest.raises(DevilcoinsError):
        belief_table_figure(construction(16), 16)


def test_plot_command(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["plot", "4"]) == 0
    assert (tmp_path / "beliefs-4.png").read_bytes()[:4] == b"\x89PNG"
    assert main(["plot", "4"]) == 2  # never overwrites
    assert "already exists" in capsys.readouterr().err
    assert main(["plot", "4", "--table", "--output", "t.svg"]) == 0
    assert (tmp_path / "t.svg").exists()
    assert main(["plot", "16", "--table"]) == 2
    assert main(["plot", "4", "--output", "x.gif"]) == 2
    assert main(["plot", "6"]) == 2  # no strategy to plot: give one
