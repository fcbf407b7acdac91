"""Pictures and tables: SVG drawings, matplotlib plots, the notebook displays."""
