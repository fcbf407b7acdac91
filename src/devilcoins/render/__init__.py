"""Pictures and tables: SVG drawings, matplotlib plots, the notebook's text tables."""

from devilcoins.render.display import install

install()
