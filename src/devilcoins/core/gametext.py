"""A game written as text and as JSON, and read back: the forms ``Game.parse``, ``str(game)``,
``Game.to_json`` and ``Game.from_json`` use.

Text form, one line: ``n=4 values=2 group=cyclic hands=2 goal=same observe=touch`` (fields at
their defaults may be left out; ``moves=LLFF,LFLF`` lists moves as patterns, ``goal=HHHH,TTTT``
states; generators are written ``group=1,2,0;2,0,1``, a Devil's set of moves
``devil_moves=1,2,0;0,2,1``).  JSON: the same fields as an object.  Moves, states and turns
follow one notation (``core.notation``).

Nothing here makes a ``Game``: the readers give the text fields that ``Game.from_fields`` checks
(``core.fields``), and the writers take any value with a game's fields (``GameFields``).

>>> text_fields('n=4 hands=2 goal=same')
{'n': '4', 'hands': '2', 'goal': 'same'}
>>> json_fields({'n': 3, 'values': 3, 'group': 'dihedral'})
{'n': '3', 'values': '3', 'group': 'dihedral', 'observe': 'blind', 'goal': 'zero'}
"""

from __future__ import annotations

from typing import Any, Protocol

from devilcoins.core import notation
from devilcoins.core.errors import NotationError
from devilcoins.core.observe import Observe
from devilcoins.core.perm import Perm
from devilcoins.core.symmetry import GROUP_NAMES, Group
from devilcoins.core.values import ValueGroup

__all__ = ["GameFields", "game_json", "game_text", "json_fields", "json_lists", "text_fields"]

Vector = tuple[int, ...]


class GameFields(Protocol):
    """What the writers read of a game: its fields (``core.game.Game`` has them all)."""

    @property
    def n(self) -> int:
        """The number of positions."""

    @property
    def values(self) -> int:
        """The values a position holds (the order of the value group, if any)."""

    @property
    def group(self) -> Group:
        """The Devil's group."""

    @property
    def hands(self) -> int | None:
        """How many positions a move may change (None: any)."""

    @property
    def moves(self) -> tuple[Vector, ...] | None:
        """The allowed moves, when listed."""

    @property
    def goal(self) -> str:
        """'zero', 'same' or 'states'."""

    @property
    def goal_states(self) -> tuple[Vector, ...]:
        """The goal's states, for goal 'states'."""

    @property
    def observe(self) -> Observe:
        """What the player learns between moves."""

    @property
    def value_group(self) -> ValueGroup | None:
        """The group of values, when it is not Z_m as numbered."""

    @property
    def devil_moves(self) -> tuple[Perm, ...] | None:
        """The Devil's set of moves, when listed."""


def game_text(game: GameFields) -> str:
    """The one-line text form of a game, fields at their defaults left out (``str(game)``)."""
    parts = [f"n={game.n}"]
    if game.value_group is not None:
        parts.append(f"values={game.value_group}")
    elif game.values != 2:
        parts.append(f"values={game.values}")
    if str(game.group) != "cyclic" and game.devil_moves is None:
        parts.append("group=" + str(game.group).replace(" ", ",").replace(";,", ";"))
    if game.hands is not None:
        parts.append(f"hands={game.hands}")
    if game.moves is not None:
        parts.append("moves=" + ",".join(notation.move_text(v, game.values) for v in game.moves))
    if game.goal == "states":
        parts.append(
            "goal=" + ",".join(notation.state_text(v, game.values) for v in game.goal_states)
        )
    elif game.goal != "zero":
        parts.append(f"goal={game.goal}")
    if game.observe.tree:
        parts.append(f"observe={game.observe}")
    if game.devil_moves is not None:
        parts.append("devil_moves=" + ";".join(",".join(map(str, p)) for p in game.devil_moves))
    return " ".join(parts)


def text_fields(body: str) -> dict[str, str]:
    """The fields of the one-line text form, key by key (each token is key=value)."""
    fields: dict[str, str] = {}
    for token in body.split():
        key, eq, value = token.partition("=")
        if not eq or not value:
            raise NotationError(f"cannot read {token!r}: write key=value, e.g. n=4")
        fields[key] = value
    return fields


def game_json(game: GameFields) -> dict[str, Any]:
    """The game as plain JSON data (with 'value_group', its text, for a value group)."""
    named = game.group.name != "generators"
    data: dict[str, Any] = {
        "n": game.n,
        "values": game.values,
        "group": str(game.group),
        "generators": None if named else [list(g) for g in game.group.generators],
        "hands": game.hands,
        "moves": None if game.moves is None else [list(v) for v in game.moves],
        "goal": game.goal if game.goal != "states" else [list(v) for v in game.goal_states],
        "observe": game.observe,
        "devil_moves": None if game.devil_moves is None else list(map(list, game.devil_moves)),
    }
    if game.value_group is not None:
        data["value_group"] = str(game.value_group)
    return data


def json_fields(data: dict[str, Any]) -> dict[str, str]:
    """The text fields of a JSON game (``game_json``), all but its listed moves and goal
    states (``json_lists``)."""
    if not isinstance(data, dict) or "n" not in data:
        raise NotationError("a JSON game is an object with at least 'n'")
    fields = {"n": str(data["n"])}
    if data.get("values") is not None:
        fields["values"] = str(data["values"])
    if data.get("value_group"):
        fields["values"] = str(data["value_group"])
    if data.get("devil_moves") is not None:
        fields["devil_moves"] = ";".join(",".join(map(str, p)) for p in data["devil_moves"])
    elif data.get("group") in GROUP_NAMES or not data.get("generators"):
        fields["group"] = str(data.get("group") or "cyclic")
    else:
        fields["group"] = ";".join(",".join(map(str, g)) for g in data["generators"])
    if data.get("hands") is not None:
        fields["hands"] = str(data["hands"])
    fields["observe"] = str(data.get("observe", "blind"))
    goal = data.get("goal", "zero")
    if isinstance(goal, str):
        fields["goal"] = goal
    return fields


def json_lists(data: dict[str, Any]) -> tuple[tuple[Vector, ...] | None, tuple[Vector, ...] | None]:
    """(the allowed moves, the goal states) a JSON game lists as lists of values, each None
    where it lists none (the goal a name, not a list).

    >>> json_lists({'n': 2, 'moves': [[1, 0]], 'goal': [[1, 1]]})
    (((1, 0),), ((1, 1),))
    """
    goal, moves = data.get("goal", "zero"), data.get("moves")
    try:
        listed = None if moves is None else tuple(tuple(int(v) for v in a) for a in moves)
        states = None if isinstance(goal, str) else tuple(tuple(int(v) for v in s) for s in goal)
    except (TypeError, ValueError):
        raise NotationError("a JSON game lists moves and goal states as lists of values") from None
    return listed, states
