"""Rich displays for notebooks: coins, moves and beliefs draw themselves; strategies show tables.

The values live in ``devilcoins.coins.notation``, below the pictures, and are never patched:
``register(shell)`` tells a running IPython which function draws each of them, by the type's
name (``devilcoins`` calls it on import when IPython is running; ``%load_ext
devilcoins.render.display`` does it by hand).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape
from typing import Any

from devilcoins.coins.notation import Move, Strategy
from devilcoins.core.errors import check_n
from devilcoins.render.pictures import belief_svg, table_svg

__all__ = [
    "DISPLAYS",
    "MoveOnTable",
    "load_ipython_extension",
    "move_on",
    "register",
    "strategy_html",
]

#: The longest strategy, and the most coins, shown as a whole belief table.
_MAX_TABLE_MOVES, _MAX_TABLE_N = 300, 12


def _move_svg(move: Move) -> str:
    """The flips ringed on a table of one more seat than the last flipped."""
    return table_svg("H" * (max(move, default=0) + 1), move)


@dataclass(frozen=True)
class MoveOnTable:
    """A move drawn on a table of ``n`` seats (``move_on`` makes one; a notebook shows the SVG)."""

    move: Move
    n: int

    def svg(self) -> str:
        """The picture: ``n`` coins, all heads, the move's positions ringed in red."""
        return table_svg("H" * self.n, self.move)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        return f"move_on({self.move}, {self.n})"


def move_on(move: Iterable[int], n: int) -> MoveOnTable:
    """A move on a table of n seats, to show in a notebook: all n coins, the flips ringed.

    ``Move({0, 2})`` alone draws one seat more than its last position (3 seats); this draws the
    table the move is meant for.  A position >= n, or n that is not a whole number from 1 to
    ``MAX_DRAW_N``, is refused with a ``DevilcoinsError`` saying why.

    >>> picture = move_on({0, 2}, 4)
    >>> picture
    move_on({0, 2}, 4)
    >>> svg = picture._repr_svg_()
    >>> svg.count('class="coin'), svg.count(' flip"')
    (4, 2)
    >>> move_on({0, 4}, 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: move {0, 4} names position 4, but with 4 positions ...
    """
    picture = MoveOnTable(Move(move).check(check_n(n, what="the number of seats")), n)
    picture.svg()  # refuses here, at the call, a table too big to draw
    return picture


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


#: (MIME type, type's name in devilcoins.coins.notation, the function that draws it).
DISPLAYS: tuple[tuple[str, str, Callable[[Any], str]], ...] = (
    ("image/svg+xml", "Coins", table_svg),
    ("image/svg+xml", "Move", _move_svg),
    ("image/svg+xml", "Belief", belief_svg),
    ("text/html", "Strategy", strategy_html),
)


def register(shell: Any) -> None:
    """Tell an IPython shell how to draw the coin values (by type name; nothing is patched)."""
    formatters = shell.display_formatter.formatters
    for mime, name, draw in DISPLAYS:
        formatters[mime].for_type_by_name("devilcoins.coins.notation", name, draw)


def load_ipython_extension(shell: Any) -> None:
    """``%load_ext devilcoins.render.display``."""
    register(shell)
