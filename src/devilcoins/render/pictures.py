"""Pictures of the table as SVG: the coins around a round table, a move's flips marked.

Position 0 sits at 12 o'clock and the positions run clockwise, as everywhere in devilcoins.
Heads are drawn light with an 'H', tails dark with a 'T'; the positions a move flips get a red
ring.  Beliefs are drawn as a row of small tables.  The SVG is plain text with no scripts and
nothing fetched, so it can be written to a file, shown in a notebook or put in a web page.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from xml.sax.saxutils import escape

from devilcoins.coins.notation import Coins, DevilcoinsError, Move

__all__ = ["MAX_DRAW_N", "belief_svg", "table_svg"]

#: The most coins drawn on one table (past that the coins are too small to read).
MAX_DRAW_N = 64

HEADS_FILL = "#f4d35e"
TAILS_FILL = "#3d405b"
FLIP_RING = "#d62828"


def _coin_radius(n: int, table_radius: float) -> float:
    """A coin radius that keeps neighbours apart on the rim."""
    return max(3.0, min(table_radius * 0.28, table_radius * math.sin(math.pi / max(n, 2)) * 0.8))


def _table_parts(
    coins: Coins, move: Move | None, cx: float, cy: float, radius: float, labels: bool
) -> list[str]:
    n = coins.n
    r = _coin_radius(n, radius)
    parts = [
        f'<circle class="table" cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" '
        'fill="#8d6e63" stroke="#5d4037" stroke-width="2"/>'
    ]
    for i, face in enumerate(coins):
        angle = 2 * math.pi * i / n  # clockwise from 12 o'clock
        x = cx + radius * math.sin(angle)
        y = cy - radius * math.cos(angle)
        fill, ink = (HEADS_FILL, "#222") if face == "H" else (TAILS_FILL, "#fff")
        flipped = move is not None and i in move
        ring = f' stroke="{FLIP_RING}" stroke-width="3"' if flipped else ' stroke="#222"'
        parts.append(
            f'<circle class="coin {"heads" if face == "H" else "tails"}'
            f'{" flip" if flipped else ""}" data-position="{i}" cx="{x:.1f}" cy="{y:.1f}" '
            f'r="{r:.1f}" fill="{fill}"{ring}/>'
        )
        if labels and r >= 7:
            parts.append(
                f'<text x="{x:.1f}" y="{y + r * 0.35:.1f}" font-size="{r:.1f}" '
                f'text-anchor="middle" font-family="sans-serif" fill="{ink}">{face}</text>'
            )
    return parts


def table_svg(coins: str, move: Iterable[int] | None = None, *, size: int = 240) -> str:
    """The table as an SVG document: coins clockwise from 12 o'clock, the move's flips ringed.

    >>> svg = table_svg('HTTH', {0, 2})
    >>> svg.count('class="coin'), svg.count(' flip"'), svg.startswith('<svg')
    (4, 2, True)
    """
    coins = Coins(coins)
    if coins.n > MAX_DRAW_N:
        raise DevilcoinsError(f"draw shows up to {MAX_DRAW_N} coins, not {coins.n}")
    move = None if move is None else Move(move).check(coins.n)
    half = size / 2
    radius = half * 0.72
    title = f"{coins}" + ("" if move is None else f", flipping {move}")
    body = "\n  ".join(_table_parts(coins, move, half, half, radius, labels=True))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" role="img">\n'
        f"  <title>{escape(title)}</title>\n  {body}\n</svg>\n"
    )


def belief_svg(belief: Iterable[str], *, size: int = 64) -> str:
    """A belief as a row of small tables, one for each coin sequence still possible.

    >>> belief_svg(['HHHH', 'HTHT']).count('class="table"')
    2
    """
    members = sorted(Coins(c) for c in belief)
    if not members:
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1">'
            "<title>empty belief</title></svg>\n"
        )
    gap = size * 0.1
    width = len(members) * (size + gap)
    parts = []
    for k, coins in enumerate(members):
        cx = k * (size + gap) + size / 2
        parts += _table_parts(coins, None, cx, size / 2, size * 0.36, labels=False)
    title = ", ".join(members)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{size}" '
        f'viewBox="0 0 {width:.0f} {size}" role="img">\n'
        f"  <title>{escape(title)}</title>\n  " + "\n  ".join(parts) + "\n</svg>\n"
    )
