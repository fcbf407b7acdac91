"""The forms a strategy's text comes in, told apart before its moves are read (``core.notation``
reads the moves): one move a line, what ``solve`` prints (its belief table or its 'Moves:'
line), or JSON (a list of moves, or ``solve --json``'s object with one under 'strategy').

>>> strategy_lines('FF\\n0 # a comment\\n\\n01')
[('line 1', 'FF'), ('line 2', '0'), ('line 4', '01')]
>>> printed_moves('Moves: 0 01'), json_strategy('{"strategy": ["FL"]}')
([('line 1', '0'), ('line 1', '01')], ['FL'])
"""

from __future__ import annotations

import re
from typing import Any

from devilcoins.core.errors import NotationError
from devilcoins.core.jsontext import read_json

__all__ = ["SET_LINE", "json_strategy", "printed_moves", "strategy_lines"]


#: A line that starts with a set of positions, '{0, 2}' (the notebook's moves), not JSON.
SET_LINE = re.compile(r"\{\s*([0-9]+\s*(,\s*[0-9]+\s*)*)?\}")

TABLE_HEADER = re.compile(r"\s*Move\s*\|\s*Flips\s*\|")
TABLE_ROW = re.compile(r"\s*([0-9]+)\s*\|([^|]*)\|")


def strategy_lines(text: str) -> list[tuple[str, str]]:
    """('line k', body) for each line with a move on it ('#' starts a comment)."""
    bodies = ((k, line.split("#", 1)[0].strip()) for k, line in enumerate(text.splitlines(), 1))
    return [(f"line {k}", body) for k, body in bodies if body]


def printed_moves(text: str) -> list[tuple[str, str]] | None:
    """The moves of what ``solve`` prints (its belief table, or its 'Moves:' line); None if
    the text is neither."""
    lines = text.splitlines()
    top = next((k for k, line in enumerate(lines) if TABLE_HEADER.match(line)), None)
    if top is not None:
        rows = ((k, TABLE_ROW.match(line)) for k, line in enumerate(lines[top + 2 :], top + 3))
        found = []
        for k, row in rows:
            if row is None:
                break
            if row.group(1).strip("0"):  # rows past 0 (the start) hold the moves
                found.append((f"line {k}", row.group(2).strip() or "-"))
        return found
    for k, line in enumerate(lines, 1):
        if line.startswith("Moves: "):
            body = line[len("Moves: ") :].strip()
            if "..." in body:
                raise NotationError(
                    f"line {k}: this 'Moves:' line shows only the first moves; write the whole "
                    "strategy with 'solve N --format flips' (add the game's options)"
                )
            return [] if body == "none" else [(f"line {k}", move) for move in body.split()]
    return None


def json_strategy(text: str) -> list[Any]:
    """The list of moves a JSON strategy holds (a list, or ``solve --json``'s object with one
    under 'strategy'), each item not read yet; a verdict that no strategy wins is refused."""
    data = read_json(text, "the strategy")
    if isinstance(data, dict) and isinstance(data.get("strategy"), list):
        data = data["strategy"]  # what solve --json prints
    if isinstance(data, dict) and data.get("winnable") is False:
        raise NotationError(
            f"this is the verdict for {data.get('game')} that no strategy wins: it has no moves"
        )
    if not isinstance(data, list):
        raise NotationError(
            "a JSON strategy is a list of moves, or an object with one under 'strategy' (as "
            "solve --json prints it)"
        )
    return data
