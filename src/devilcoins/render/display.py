"""Rich displays for notebooks: coins, moves and beliefs draw themselves; strategies show tables.

The values live in ``devilcoins.coins.notation``, below the pictures; ``install()`` (run when
``devilcoins`` is imported) gives them the ``_repr_svg_`` / ``_repr_html_`` methods Jupyter looks
for, so the values never import the layer that draws them.
"""

from __future__ import annotations

from html import escape

from devilcoins.coins.notation import Belief, Coins, Move, Strategy
from devilcoins.render.pictures import belief_svg, table_svg

__all__ = ["install", "strategy_html"]

#: The longest strategy, and the most coins, shown as a whole belief table.
_MAX_TABLE_MOVES, _MAX_TABLE_N = 300, 12


def _move_svg(move: Move) -> str:
    """The flips ringed on a table of one more seat than the last flipped."""
    return table_svg("H" * (max(move, default=0) + 1), move)


def strategy_html(strategy: Strategy) -> str:
    """The belief table of a strategy (coins: one more than the last position named), as HTML.

    >>> 'HH    TT' in strategy_html(Strategy([{0, 1}, {0}, {0, 1}]))
    True
    """
    n = max((max(m) for m in strategy if m), default=0) + 1
    if len(strategy) > _MAX_TABLE_MOVES or n > _MAX_TABLE_N:
        return (
            f"<p>A {len(strategy):,}-move strategy for {n} coins (too long to tabulate here; "
            "see <code>devilcoins plot</code>).</p>"
        )
    from devilcoins.coins.show import belief_table  # the kernel loads only when a table is shown

    return f"<pre>{escape(belief_table(strategy, n))}</pre>"


def install() -> None:
    """Give the coin values their notebook displays."""
    Coins._repr_svg_ = table_svg  # type: ignore[attr-defined]
    Move._repr_svg_ = _move_svg  # type: ignore[attr-defined]
    Belief._repr_svg_ = belief_svg  # type: ignore[attr-defined]
    Strategy._repr_html_ = strategy_html  # type: ignore[attr-defined]
