"""How a result shows itself in a notebook: a titled card of fields, with its text below.

Every result type's ``_repr_html_`` is one call of ``card``, so a Jupyter cell that ends with a
verdict, a verification or a solution draws the same kind of box for each.

>>> print(card('4 coins', [('winnable', True)], 'text'))
<div class="devilcoins-result"><strong>4 coins</strong><table><tr><th>winnable</th>\
<td>True</td></tr></table><pre>text</pre></div>
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

__all__ = ["card"]


def card(title: str, fields: Iterable[tuple[str, object]], text: str = "") -> str:
    """A result as HTML: its title, a table of (name, value) rows, and its text (if any)."""
    rows = "".join(
        f"<tr><th>{escape(name)}</th><td>{escape(str(value))}</td></tr>" for name, value in fields
    )
    body = f"<pre>{escape(text)}</pre>" if text else ""
    return (
        f'<div class="devilcoins-result"><strong>{escape(title)}</strong>'
        f"<table>{rows}</table>{body}</div>"
    )
