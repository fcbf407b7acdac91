"""A game drawn for a notebook: its fields as a small HTML table under its text form
(``Game._repr_html_``).

>>> from devilcoins.core.game import Game
>>> game_html(Game(4)).startswith('<table><caption>n=4</caption><tr><th>positions</th>')
True
"""

from __future__ import annotations

from devilcoins.core.gametext import GameFields

__all__ = ["game_html"]


def game_html(game: GameFields) -> str:
    """The game's fields as a small table, captioned with its text form."""
    from html import escape

    rows = "".join(
        f"<tr><th>{escape(k)}</th><td>{escape(str(v))}</td></tr>"
        for k, v in (
            ("positions", game.n),
            ("values", game.value_group or game.values),
            ("group", game.group),
            ("hands", "any" if game.hands is None else game.hands),
            ("moves", "all" if game.moves is None else len(game.moves)),
            ("goal", game.goal if game.goal != "states" else len(game.goal_states)),
            ("observe", game.observe),
        )
    )
    return f"<table><caption>{escape(str(game))}</caption>{rows}</table>"
