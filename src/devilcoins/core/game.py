"""A rotating-table game as a value: positions, values, the Devil's group, moves, goal, observation.

The coin game is ``Game(n)``: n positions with 2 values (heads 0, tails 1), the cyclic group,
any move, goal all heads, a blind player.  Variants change one field:

values m     dials with m faces; a move turns dial i by a_i (adds a vector mod m); or a finite
             group by name or generators (``values=S3``, ``Z2xZ2``, ``D4``, ``Q8``,
             ``perm:1,0,2;1,2,0``: ``core.values``): each position holds an element, a move
             multiplies position i on the right by a_i (``Game.value_group``; blind only)
group        the Devil's symmetries (``symmetry.Group``): cyclic, dihedral, none, full, generators
hands k      a move changes at most k positions (for ``touch``: the player reaches for k)
moves        an explicit list of allowed moves (vectors), instead of all of them
goal         'zero' (all heads / all dials at 0), 'same' (all positions equal), or a set of
             states; it must be unchanged by the Devil's turns
observe      'blind'; 'touch' (after the Devil's turn the player feels k positions, then
             changes some of them); 'sight' (the player sees everything, names a move, and the
             Devil turns the table before it is applied); 'count' (after each move the player
             is told how many positions are not 0; goal zero only)
devil_moves  a set S of permutations, for blind games: before each move the Devil applies
             exactly one element of S (not of the group S generates; the identity only if it
             is listed); ``group`` is then the group S generates.  Beliefs are sets of states
             (``blind.devilmoves``)

Text form, one line: ``n=4 values=2 group=cyclic hands=2 goal=same observe=touch`` (fields at
their defaults may be left out; ``moves=0011,0101`` and ``goal=0000,1111`` list vectors as digit
strings, position 0 first; generators are written ``group=1,2,0;2,0,1``, a Devil's set of moves
``devil_moves=1,2,0;0,2,1``).  JSON: the same fields as an object.

States are numbers in base m: digit i is the value at position i (for coins, bit i = tails at
position i, as everywhere in devilcoins).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from devilcoins.core.errors import (
    DevilcoinsError,
    NotationError,
    check_n,
    did_you_mean,
    read_checked_positions,
)
from devilcoins.core.symmetry import GROUP_NAMES, Group, parse_permutations
from devilcoins.core.values import ValueGroup

__all__ = ["GOALS", "MAX_STATES", "OBSERVATIONS", "Game"]

#: How many states (m^n) a game may have: the tables hold a few numbers per state.
MAX_STATES = 1 << 20

GOALS = ("zero", "same")
OBSERVATIONS = ("blind", "touch", "sight", "count")

#: The default ``Game.group``: a placeholder on no positions that ``__post_init__`` replaces by
#: the cyclic group on the game's n positions (recognised by identity, never by equality).
_CYCLIC = Group(0, "cyclic", ())


def _vector(text: str, n: int, m: int, what: str) -> tuple[int, ...]:
    """A vector of n values < m: a digit string ('0120'), H/T letters for m = 2, or values
    separated by dots ('10.0.3', needed past 10 values)."""
    body = text.strip().upper()
    if m == 2 and re.fullmatch(r"[HT]+", body):
        body = body.replace("H", "0").replace("T", "1")
    if "." in body and re.fullmatch(r"\d+(\.\d+)*", body):
        parts = body.split(".")
    elif re.fullmatch(r"\d+", body):
        parts = list(body)
    else:
        parts = []
    if len(parts) != n:
        raise NotationError(
            f"{what} {text.strip()!r}: write {n} digits, one a position (position 0 first), "
            "or values separated by dots"
        )
    values = tuple(int(c) for c in parts)
    if max(values) >= m:
        raise NotationError(f"{what} {text.strip()!r}: values run from 0 to {m - 1}")
    return values


def _goal_states(text: str, n: int, m: int) -> tuple[tuple[int, ...], ...]:
    """The goal states in text ('0000,1111'); a word that is no state names the choices."""
    body = text.strip()
    is_word = re.fullmatch(r"[A-Za-z_-]+", body) and not (m == 2 and re.fullmatch(r"[HTht]+", body))
    if is_word:
        raise NotationError(
            f"goal {body!r}: the goal is zero (every value 0), same (all values equal), or a "
            f"list of goal states separated by commas, e.g. '{'0' * n},{'1' * n}'"
            + did_you_mean(body.lower(), GOALS)
        )
    return tuple(_vector(v, n, m, "goal state") for v in text.split(",") if v)


def _digits(values: tuple[int, ...]) -> str:
    """'0120', or '10.0.3' when a value has two digits."""
    sep = "." if any(v >= 10 for v in values) else ""
    return sep.join(map(str, values))


@dataclass(frozen=True)
class Game:
    """One rotating-table game; ``Game(4)`` is the coin game for 4 coins.

    >>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> g.values, str(g.group), g.hands, g.goal, g.observe
    (2, 'cyclic', 2, 'same', 'touch')
    >>> Game.parse(str(g)) == g, Game(4).is_coins
    (True, True)
    >>> g = Game.parse('n=3 values=S3')
    >>> g.values, str(g.value_group), str(g), Game.parse('n=3 values=Z4') == Game(3, values=4)
    (6, 'S3', 'n=3 values=S3', True)
    """

    n: int
    values: int = 2
    group: Group = _CYCLIC
    hands: int | None = None
    moves: tuple[tuple[int, ...], ...] | None = None
    goal: str = "zero"
    goal_states: tuple[tuple[int, ...], ...] = ()
    observe: str = "blind"
    #: The group of values when it is not Z_m as numbered (None: values m add mod m); then
    #: ``values`` is its order.  A group numbered as Z_m is replaced by the plain m.
    value_group: ValueGroup | None = None
    devil_moves: tuple[tuple[int, ...], ...] | None = None

    def __post_init__(self) -> None:
        n = check_n(self.n)
        if self.value_group is not None:
            if self.values not in (2, self.value_group.order):
                raise DevilcoinsError(
                    f"values {self.values} but the value group {self.value_group} has "
                    f"{self.value_group.order} elements; give one of them"
                )
            object.__setattr__(self, "values", self.value_group.order)
            if self.value_group.is_cyclic_numbering:
                object.__setattr__(self, "value_group", None)
            elif self.devil_moves is not None:
                raise DevilcoinsError(
                    "devil_moves is solved for values that add mod m only; values in the "
                    f"group {self.value_group} are solved against a Devil with a whole group"
                )
            elif self.observe != "blind":
                raise DevilcoinsError(
                    f"observe={self.observe} is solved for values that add mod m only; values "
                    f"in the group {self.value_group} are solved for blind games"
                )
        check_n(self.values, what="values (faces per position)", low=1)
        if self.devil_moves is not None:
            self._take_devil_moves(n)
        if self.group is _CYCLIC or self.group is None:
            object.__setattr__(self, "group", Group.named("cyclic", n))
        if self.group.n != n:
            raise DevilcoinsError(f"the group acts on {self.group.n} positions but n = {n}")
        if self.values**n > MAX_STATES:
            raise DevilcoinsError(
                f"{self.values}^{n} = {self.values**n:,} states is past what devilcoins holds "
                f"({MAX_STATES:,}); use fewer positions or values"
            )
        if self.hands is not None and not 0 <= self.hands <= n:
            raise DevilcoinsError(f"hands must be 0..{n} (positions a move may touch)")
        if self.observe not in OBSERVATIONS:
            raise DevilcoinsError(f"observe must be one of {', '.join(OBSERVATIONS)}")
        if self.observe == "touch" and self.hands is None:
            raise DevilcoinsError("the touch game needs hands k: how many positions to feel")
        if self.observe == "count" and self.goal != "zero":
            raise DevilcoinsError(
                "the count game tells how many positions are not 0, so its goal is zero "
                f"(goal {self.goal} is not supported with observe=count)"
            )
        if self.goal not in (*GOALS, "states"):
            raise DevilcoinsError("goal must be 'zero', 'same' or a list of states")
        if self.goal == "states" and not self.goal_states:
            raise DevilcoinsError("the goal is an empty set of states: name at least one")
        for vec in (*(self.moves or ()), *self.goal_states):
            if len(vec) != n or any(not 0 <= v < self.values for v in vec):
                raise DevilcoinsError(
                    f"{_digits(vec)} is not a state of {n} values 0..{self.values - 1}"
                )
        if self.moves is not None and not self.moves:
            raise DevilcoinsError("the list of allowed moves is empty")

    def _take_devil_moves(self, n: int) -> None:
        """Check devil_moves and set group to the group they generate."""
        perms = tuple(tuple(int(v) for v in p) for p in self.devil_moves or ())
        text = "; ".join(" ".join(map(str, p)) for p in perms)
        checked = parse_permutations(text, n)  # the same checks and messages as the text form
        if self.observe != "blind":
            raise DevilcoinsError(
                f"devil_moves is for blind games; {self.observe} games take a group "
                "(the Devil turns by any of its elements)"
            )
        identity = tuple(range(n))
        gens = tuple(p for p in checked if p != identity)
        group = Group(n, "generators", gens) if gens else Group(n, "none", ())
        if self.group is not _CYCLIC and self.group is not None and self.group != group:
            raise DevilcoinsError(
                "give the Devil's moves or a group, not both: with devil_moves the group is "
                "the one they generate"
            )
        object.__setattr__(self, "devil_moves", checked)
        object.__setattr__(self, "group", group)

    # --- text and JSON ------------------------------------------------------------------------

    @property
    def is_coins(self) -> bool:
        """Whether this is the notebook's coin game (the coin engine answers it)."""
        return (
            self.values == 2
            and self.group.name == "cyclic"
            and self.hands is None
            and self.moves is None
            and self.goal == "zero"
            and self.observe == "blind"
            and self.devil_moves is None
        )

    def __str__(self) -> str:
        parts = [f"n={self.n}"]
        if self.value_group is not None:
            parts.append(f"values={self.value_group}")
        elif self.values != 2:
            parts.append(f"values={self.values}")
        if str(self.group) != "cyclic" and self.devil_moves is None:
            parts.append("group=" + str(self.group).replace(" ", ",").replace(";,", ";"))
        if self.hands is not None:
            parts.append(f"hands={self.hands}")
        if self.moves is not None:
            parts.append("moves=" + ",".join(_digits(v) for v in self.moves))
        if self.goal == "states":
            parts.append("goal=" + ",".join(_digits(v) for v in self.goal_states))
        elif self.goal != "zero":
            parts.append(f"goal={self.goal}")
        if self.observe != "blind":
            parts.append(f"observe={self.observe}")
        if self.devil_moves is not None:
            parts.append("devil_moves=" + ";".join(",".join(map(str, p)) for p in self.devil_moves))
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Game:
        """Read the one-line text form (or JSON, when it starts with '{')."""
        body = text.strip()
        if body.startswith("{"):
            try:
                return cls.from_json(json.loads(body))
            except json.JSONDecodeError as err:
                raise NotationError(f"game is not valid JSON: {err}") from None
        fields: dict[str, str] = {}
        for token in body.split():
            key, eq, value = token.partition("=")
            if not eq or not value:
                raise NotationError(f"cannot read {token!r}: write key=value, e.g. n=4")
            fields[key] = value
        return cls.from_fields(fields)

    @classmethod
    def from_fields(cls, fields: dict[str, str]) -> Game:
        """A game from text fields (what the command line and the text form give)."""
        known = {"n", "values", "group", "hands", "moves", "goal", "observe", "devil_moves"}
        unknown = set(fields) - known
        if unknown:
            raise NotationError(
                f"unknown game field(s) {', '.join(sorted(unknown))}; the fields are "
                f"{', '.join(sorted(known))}"
            )
        if "n" not in fields:
            raise NotationError("a game needs n, the number of positions")
        n = _whole(fields["n"], "n", 1)
        value_group = None
        if re.fullmatch(r"\s*[-+]?\d+\s*", fields.get("values", "2")):
            m = _whole(fields.get("values", "2"), "values", 1)
        else:
            value_group = ValueGroup.parse(fields["values"])
            m = value_group.order
        group = Group.parse(fields.get("group", "cyclic").replace(",", " "), n)
        hands = _whole(fields["hands"], "hands", 0) if "hands" in fields else None
        moves = None
        if "moves" in fields:
            moves = tuple(_vector(v, n, m, "move") for v in fields["moves"].split(",") if v)
        goal = fields.get("goal", "zero")
        goal_states: tuple[tuple[int, ...], ...] = ()
        if goal not in GOALS:
            goal_states = _goal_states(goal, n, m)
            goal = "states"
        observe = fields.get("observe", "blind")
        if observe not in OBSERVATIONS:
            raise NotationError(
                f"observe must be one of {', '.join(OBSERVATIONS)}, got {observe!r}"
            )
        devil_moves = None
        if "devil_moves" in fields:
            if "group" in fields:
                raise NotationError(
                    "give devil_moves or group, not both: the group is the one the Devil's "
                    "moves generate"
                )
            devil_moves = parse_permutations(fields["devil_moves"], n)
            group = _CYCLIC
        return cls(
            n,
            m,
            group,
            hands,
            moves,
            goal,
            goal_states,
            observe,
            value_group=value_group,
            devil_moves=devil_moves,
        )

    def to_json(self) -> dict[str, Any]:
        """The game as plain JSON data (with 'value_group', its text, for a value group)."""
        data: dict[str, Any] = {
            "n": self.n,
            "values": self.values,
            "group": str(self.group),
            "generators": [list(g) for g in self.group.generators],
            "hands": self.hands,
            "moves": None if self.moves is None else [list(v) for v in self.moves],
            "goal": self.goal if self.goal != "states" else [list(v) for v in self.goal_states],
            "observe": self.observe,
            "devil_moves": None if self.devil_moves is None else list(map(list, self.devil_moves)),
        }
        if self.value_group is not None:
            data["value_group"] = str(self.value_group)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        """A game from its JSON form."""
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
        if data.get("moves") is not None:
            fields["moves"] = ",".join(_digits(tuple(v)) for v in data["moves"])
        goal = data.get("goal", "zero")
        fields["goal"] = (
            goal if isinstance(goal, str) else ",".join(_digits(tuple(v)) for v in goal)
        )
        fields["observe"] = data.get("observe", "blind")
        return cls.from_fields(fields)

    def _repr_html_(self) -> str:
        """For notebooks: the game's fields as a small table."""
        from html import escape

        rows = "".join(
            f"<tr><th>{escape(k)}</th><td>{escape(str(v))}</td></tr>"
            for k, v in (
                ("positions", self.n),
                ("values", self.value_group or self.values),
                ("group", self.group),
                ("hands", "any" if self.hands is None else self.hands),
                ("moves", "all" if self.moves is None else len(self.moves)),
                ("goal", self.goal if self.goal != "states" else len(self.goal_states)),
                ("observe", self.observe),
            )
        )
        return f"<table><caption>{escape(str(self))}</caption>{rows}</table>"

    # --- states -------------------------------------------------------------------------------

    def encode(self, values: Iterable[int]) -> int:
        """The state number of a vector of values (digit i = position i).

        >>> Game(3, values=3).encode((1, 0, 2))
        19
        """
        return sum(int(v) * self.values**i for i, v in enumerate(values))

    def decode(self, x: int) -> tuple[int, ...]:
        """The vector of values of a state number."""
        return tuple((x // self.values**i) % self.values for i in range(self.n))

    def state_text(self, x: int) -> str:
        """A state as text: 'HTTH' for two values, digits ('0120') otherwise."""
        vec = self.decode(x)
        return "".join("HT"[v] for v in vec) if self.values == 2 else _digits(vec)

    def move_text(self, x: int) -> str:
        """A move as text: flip pattern 'FLFL' for two values, digits ('1020') otherwise."""
        vec = self.decode(x)
        return "".join("LF"[v] for v in vec) if self.values == 2 else _digits(vec)

    def parse_state(self, text: str) -> int:
        """A state from 'HTTH' or digits."""
        return self.encode(_vector(text, self.n, self.values, "state"))

    def parse_move(self, text: str) -> int:
        """A move from digits, a flip pattern 'FLFL' or positions '0 2' (two values)."""
        body = text.strip()
        if self.values == 2 and re.fullmatch(r"[FLfl]+", body):
            body = body.upper().replace("F", "1").replace("L", "0")
        elif re.search(r"[A-Za-z]", body):
            raise NotationError(
                f"cannot read move {body!r}: write a flip pattern (F flip, L leave), "
                "positions such as '0 2', or digits (one a position)"
            )
        elif self.values == 2 and (" " in body or len(body) != self.n or body in ("-", "{}")):
            return sum(1 << p for p in set(read_checked_positions(body, self.n)))
        return self.encode(_vector(body, self.n, self.values, "move"))

    def check_move(self, x: int) -> int:
        """Return the move x if the game allows it, else raise a clear error."""
        if not self.allowed(x):
            vec = self.decode(x)
            touched = sum(v != 0 for v in vec)
            why = (
                f"it changes {touched} positions and the game allows {self.hands}"
                if self.hands is not None and touched > self.hands
                else "it is not in the game's list of moves"
            )
            raise NotationError(f"move {self.move_text(x)} is not allowed: {why}")
        return x

    def check_moves(self, moves: np.ndarray, states: int) -> None:
        """Raise a clear error unless every move is a state (0..states-1) the game allows."""
        bad = np.flatnonzero((moves < 0) | (moves >= states))
        if len(bad):
            raise DevilcoinsError(
                f"move {int(bad[0]) + 1} is {int(moves[bad[0]])}, not a state of {self} "
                f"(0..{states - 1})"
            )
        for a in np.unique(moves):
            self.check_move(int(a))

    def allowed(self, x: int) -> bool:
        """Whether move x is allowed (hands limit, explicit list); changing nothing always is."""
        vec = self.decode(x)
        if self.moves is not None and x and vec not in self.moves:
            return False
        return self.hands is None or sum(v != 0 for v in vec) <= self.hands


def _whole(text: str, what: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise NotationError(f"{what} must be a whole number, got {text!r}") from None
    if value < low:
        raise NotationError(f"{what} must be at least {low}, got {value}")
    return value
