"""The Devil's turns as devilcoins writes and reads them (the turns of ``core.notation``).

A turn is a permutation in one-line notation (``3 0 1 2`` or ``3,0,1,2``; the value at position
i moves to p[i]), or a whole number r, the table turned in the notebook's sense
(``coins[r:] + coins[:r]``).  A list of turns: a JSON list of those, whole numbers separated by
spaces, or permutations separated by ``;``.  A counterexample is the JSON object
``{"start": STATE, "turns": [...]}``.  Turns print as r when the Devil's group is the cyclic
group, else as permutations.

>>> turn_text((1, 2, 3, 0), True), turn_text((1, 0, 2, 3), True), turn_json((1, 0, 2, 3), False)
('3', '1 0 2 3', [1, 0, 2, 3])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from devilcoins.core.errors import NotationError, quoted
from devilcoins.core.jsontext import read_json
from devilcoins.core.perm import Perm
from devilcoins.core.readnumbers import json_whole, read_whole, split_parts, split_words

__all__ = ["read_turns", "turn_json", "turn_text"]


def _turn(item: object, n: int, where: str) -> Perm:
    """One turn: r (a whole number) or a permutation (a list, or one-line text)."""
    if isinstance(item, str) and re.fullmatch(r"\s*[0-9]+\s*", item):
        item = read_whole(item.strip(), where)
    if json_whole(item):
        return Perm.turn(n, int(item))  # type: ignore[call-overload]
    if isinstance(item, list | str):
        return Perm.parse(item, n, where)
    raise NotationError(f"{where}: a turn is a whole number r or a permutation, got {quoted(item)}")


def read_turns(text: str, n: int) -> tuple[str | None, list[Perm]]:
    """(start text or None, the turns) from a counterexample, a JSON list or plain text.

    >>> start, turns = read_turns('{"start": "TH", "turns": [0, 1]}', 2)
    >>> start, [str(t) for t in turns]
    ('TH', ['0 1', '1 0'])
    >>> [t.rotation() for t in read_turns('0 3 1', 4)[1]], read_turns('1 2 0; 0 1 2', 3)[1]
    ([0, 3, 1], [Perm(1 2 0), Perm(0 1 2)])
    """
    body = text.strip()
    start = None
    if body.startswith(("{", "[")):
        data: Any = read_json(body, "the turns")
        if isinstance(data, dict):
            unknown = set(data) - {"start", "turns", "why"}
            if "turns" not in data or unknown:
                raise NotationError(
                    'a JSON counterexample is {"start": STATE, "turns": [...]}; got keys '
                    f"{sorted(data)}"
                )
            if data.get("start") is not None:
                if not isinstance(data["start"], str):
                    raise NotationError(f"start must be a state text, got {data['start']!r}")
                start = data["start"]
            data = data["turns"]
        if not isinstance(data, list):
            raise NotationError("the turns are a JSON list")
        items: list[object] = data
    elif ";" in body:
        items = list(split_parts(body, "the list of turns"))
    else:
        items = list(split_words(body, "the list of turns"))
    return start, [_turn(item, n, f"turn {i}") for i, item in enumerate(items, 1)]


def turn_json(perm: Sequence[int], cyclic: bool) -> int | list[int]:
    """A turn as JSON: r for the cyclic group, else the permutation as a list."""
    if cyclic:
        r = Perm(perm).rotation()
        if r is not None:
            return r
    return list(perm)


def turn_text(perm: Sequence[int], cyclic: bool) -> str:
    """A turn as text: r for the cyclic group, else one-line notation."""
    shown = turn_json(perm, cyclic)
    return str(shown) if isinstance(shown, int) else str(Perm(perm))
