"""A game's text fields read into its values: the one reader of ``n=4 values=3 group=...``.

``read_fields`` checks each field and gives the keyword arguments of ``Game`` (its group is None
for the default, the cyclic group); ``Game.from_fields`` and ``Game.parse`` call it.

>>> read_fields({"n": "4", "goal": "same"})["goal"]
'same'
"""

from __future__ import annotations

import re
from typing import Any

from devilcoins.core import notation
from devilcoins.core.errors import NotationError, check_n, did_you_mean, quoted
from devilcoins.core.observe import Observe
from devilcoins.core.readnumbers import read_whole
from devilcoins.core.symmetry import Group, parse_permutations
from devilcoins.core.values import ValueGroup

__all__ = ["FIELDS", "GOALS", "read_fields", "whole"]

GOALS = ("zero", "same")

#: The fields of a game's text form.
FIELDS = ("n", "values", "group", "hands", "moves", "goal", "observe", "devil_moves")

Vector = tuple[int, ...]


def goal_states(text: str, n: int, m: int) -> tuple[Vector, ...]:
    """The goal states in text ('HHHH,TTTT'); a word that is no state names the choices."""
    body = text.strip()
    is_word = re.fullmatch(r"[A-Za-z_-]+", body) and not (m == 2 and re.fullmatch(r"[HTht]+", body))
    if is_word:
        example = ",".join(notation.state_text((v,) * n, m) for v in (0, min(1, m - 1)))
        raise NotationError(
            f"goal {quoted(body)}: the goal is zero (every value 0), same (all values equal), or a "
            f"list of goal states separated by commas, e.g. '{example}'"
            + did_you_mean(body.lower(), GOALS)
        )
    return tuple(
        notation.read_vector(v, n, m, "goal state") for v in notation.split_list(body, "goal")
    )


def read_fields(fields: dict[str, str], *, n: int | None = None) -> dict[str, Any]:
    """The keyword arguments of ``Game`` that text fields give, each checked; n given here is
    already read (the command line reads N once) and takes the place of the field n."""
    known = set(FIELDS)
    unknown = set(fields) - known
    if unknown:
        raise NotationError(
            f"unknown game field(s) {', '.join(sorted(unknown))}; the fields are "
            f"{', '.join(sorted(known))}"
        )
    if n is not None:
        n = check_n(n, what="n")
    elif "n" not in fields:
        raise NotationError("a game needs n, the number of positions")
    else:
        n = whole(fields["n"], "n", 1)
    value_group = None
    if "values" not in fields:
        m = 2
    elif re.fullmatch(r"[-+\s\d_]+", fields["values"]):  # a number, maybe misspelt
        m = whole(fields["values"], "values", 1)
    else:
        value_group = ValueGroup.parse(fields["values"])
        m = value_group.order
    group: Group | None = Group.parse(fields.get("group", "cyclic"), n)
    hands = whole(fields["hands"], "hands", 0) if "hands" in fields else None
    moves = None
    if "moves" in fields:
        moves = notation.read_move_list(fields["moves"], n, m)
    goal = fields.get("goal", "zero")
    listed: tuple[Vector, ...] = ()
    if goal not in GOALS:
        listed = goal_states(goal, n, m)
        goal = "states"
    observe = Observe.parse(fields.get("observe", "blind"))
    devil_moves = None
    if "devil_moves" in fields:
        if "group" in fields:
            raise NotationError(
                "give devil_moves or group, not both: the group is the one the Devil's "
                "moves generate"
            )
        devil_moves = parse_permutations(fields["devil_moves"], n)
        group = None
    return {
        "n": n,
        "values": m,
        "group": group,
        "hands": hands,
        "moves": moves,
        "goal": goal,
        "goal_states": listed,
        "observe": observe,
        "value_group": value_group,
        "devil_moves": devil_moves,
    }


def whole(text: str, what: str, low: int) -> int:
    """A whole number of a text field, at least low (what names it in errors), as
    ``core.numbers.read_whole`` reads every number: the digits 0-9 alone, no leading zero (int()
    would also read '04', '1_6', '+4', ' 4' and '٤', which the user did not write as numbers).

    >>> whole("16", "n", 1)
    16
    >>> whole("1_6", "n", 1)
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotationError: n must be a whole number written with the digits 0-9 \
alone (no sign, space, underscore or leading zero), got '1_6': write 16
    """
    return read_whole(text, what, low)
