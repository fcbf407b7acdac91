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
             (``blind.restricted``)

**One game, one value.**  Every spelling of a game gives the same ``Game``: a group given by
generators that is a named group takes its name (``symmetry.Group``), ``hands`` of n or more is
every move (except for touch, where the player feels k positions), a list of Devil's moves that
is a whole group is that group, a goal listed state by state that is zero or same is called so,
and listed moves are kept as a sorted set.  So ``Game.parse('n=2 group=dihedral hands=2')`` is
``Game(2)``, and what is said of one spelling holds for all.

A game is a description of any size; the tables that solve it hold at most ``MAX_STATES`` states
(``check_size``), so ``Game(10**9)`` is a value that ``prove`` answers and ``solve`` refuses.

Text form, one line: ``n=4 values=2 group=cyclic hands=2 goal=same observe=touch`` (fields at
their defaults may be left out; ``moves=LLFF,LFLF`` lists moves as patterns, ``goal=HHHH,TTTT``
states; generators are written ``group=1,2,0;2,0,1``, a Devil's set of moves
``devil_moves=1,2,0;0,2,1``).  JSON: the same fields as an object.  Moves, states and turns
follow one notation (``core.notation``).

States are numbers in base m: digit i is the value at position i (for coins, bit i = tails at
position i, as everywhere in devilcoins).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from devilcoins.core import notation
from devilcoins.core.errors import (
    InvalidInput,
    NotationError,
    NotSupported,
    TooLarge,
    check_n,
)
from devilcoins.core.fields import GOALS, read_fields
from devilcoins.core.jsontext import read_json
from devilcoins.core.numbers import power_text
from devilcoins.core.observe import Observe
from devilcoins.core.perm import Perm
from devilcoins.core.symmetry import GROUP_NAMES, Group, parse_permutations
from devilcoins.core.values import ValueGroup

if TYPE_CHECKING:
    import numpy as np

__all__ = ["GOALS", "MAX_N", "MAX_STATES", "OBSERVATIONS", "Game", "Observe", "power_text"]

#: How many states (m^n) the tables of a game may hold: a few numbers per state.
MAX_STATES = 1 << 20

#: How many positions the tables of a game may have: each turn of the table is a map of its own,
#: so one value on a million positions is already a million maps (4 s here).
MAX_TABLE_POSITIONS = 1 << 20

#: The largest number of positions a game may name (a description; see ``check_size``).
MAX_N = 10**18

#: The ways of observing by name (``Observe``), as the command line offers them.
OBSERVATIONS = tuple(o.value for o in Observe)

#: The default ``Game.group``: a placeholder on no positions that ``__post_init__`` replaces by
#: the cyclic group on the game's n positions (recognised by identity, never by equality).
_CYCLIC = Group(0, "cyclic")

Vector = tuple[int, ...]


@dataclass(frozen=True)
class Game:
    """One rotating-table game; ``Game(4)`` is the coin game for 4 coins.

    >>> g = Game.parse('n=4 hands=2 goal=same observe=touch')
    >>> g.values, str(g.group), g.hands, g.goal, str(g.observe)
    (2, 'cyclic', 2, 'same', 'touch')
    >>> Game.parse(str(g)) == g, Game(4).is_coins
    (True, True)
    >>> g = Game.parse('n=3 values=S3')
    >>> g.values, str(g.value_group), str(g), Game.parse('n=3 values=Z4') == Game(3, values=4)
    (6, 'S3', 'n=3 values=S3', True)
    >>> Game.parse('n=2 group=dihedral hands=2') == Game.parse('n=2 devil_moves=1,0;0,1') == Game(2)
    True
    """

    n: int
    values: int = 2
    group: Group = _CYCLIC
    hands: int | None = None
    moves: tuple[Vector, ...] | None = None
    goal: str = "zero"
    goal_states: tuple[Vector, ...] = ()
    observe: Observe = Observe.BLIND
    #: The group of values when it is not Z_m as numbered (None: values m add mod m); then
    #: ``values`` is its order.  A group numbered as Z_m is replaced by the plain m.
    value_group: ValueGroup | None = None
    devil_moves: tuple[Perm, ...] | None = None

    def __post_init__(self) -> None:
        n = check_n(self.n)
        if n > MAX_N:
            raise TooLarge(f"n = {n:.3e} positions is past what devilcoins names (10^18)")
        object.__setattr__(self, "observe", Observe.parse(self.observe))
        self._take_values()
        check_n(self.values, what="values (faces per position)", low=1)
        if self.devil_moves is not None:
            self._take_devil_moves(n)
        if self.group is _CYCLIC or self.group is None:
            object.__setattr__(self, "group", Group.named("cyclic", n))
        if self.group.n != n:
            raise InvalidInput(f"the group acts on {self.group.n} positions but n = {n}")
        object.__setattr__(self, "group", _plain(self.group))
        self._take_hands(n)
        self._take_goal(n)
        self._take_moves(n)

    def _take_values(self) -> None:
        """Check the value group (if any) and set values to its order."""
        if self.value_group is None:
            return
        if self.values not in (2, self.value_group.order):
            raise InvalidInput(
                f"values {self.values} but the value group {self.value_group} has "
                f"{self.value_group.order} elements; give one of them"
            )
        object.__setattr__(self, "values", self.value_group.order)
        if self.value_group.is_cyclic_numbering:
            object.__setattr__(self, "value_group", None)
        elif self.devil_moves is not None:
            raise NotSupported(
                "devil_moves is solved for values that add mod m only; values in the "
                f"group {self.value_group} are solved against a Devil with a whole group"
            )
        elif self.observe.tree:
            raise NotSupported(
                f"observe={self.observe} is solved for values that add mod m only; values "
                f"in the group {self.value_group} are solved for blind games"
            )

    def _take_devil_moves(self, n: int) -> None:
        """Check devil_moves and set group to the group they generate (dropping devil_moves
        when they are a whole group: then the Devil turns by any element, as usual)."""
        perms = tuple(Perm(int(v) for v in p) for p in self.devil_moves or ())
        text = "; ".join(map(str, perms))
        checked = parse_permutations(text, n)  # the same checks and messages as the text form
        if self.observe.tree:
            raise NotSupported(
                f"devil_moves is for blind games; {self.observe} games take a group "
                "(the Devil turns by any of its elements)"
            )
        group = Group.of(n, checked)
        if self.group is not _CYCLIC and self.group is not None and _plain(self.group) != group:
            raise InvalidInput(
                "give the Devil's moves or a group, not both: with devil_moves the group is "
                "the one they generate"
            )
        object.__setattr__(self, "group", group)
        whole = len(set(checked)) == group.order()  # every element listed: the plain game
        object.__setattr__(self, "devil_moves", None if whole else tuple(sorted(checked)))

    def _take_hands(self, n: int) -> None:
        """Check hands; n or more hands is every move, except for touch (k positions felt)."""
        if self.observe.feels and self.hands is None:
            raise InvalidInput("the touch game needs hands k: how many positions to feel")
        if self.hands is None:
            return
        if not 0 <= self.hands <= n:
            raise InvalidInput(f"hands must be 0..{n} (positions a move may touch)")
        if self.hands == n and not self.observe.feels:
            object.__setattr__(self, "hands", None)

    def _take_goal(self, n: int) -> None:
        """Check the goal; a list of states that is zero or same is called so."""
        if self.goal not in self.observe.goals:
            raise NotSupported(
                "the count game tells how many positions are not 0 and rings at the goal, "
                f"which is zero or same (goal {self.goal} is not supported with observe=count)"
            )
        if self.goal not in (*GOALS, "states"):
            raise InvalidInput("goal must be 'zero', 'same' or a list of states")
        if self.goal != "states":
            if self.goal_states:
                raise InvalidInput(f"goal {self.goal} takes no list of goal states")
            return
        states = tuple(sorted({tuple(int(v) for v in s) for s in self.goal_states}))
        if not states:
            raise InvalidInput("the goal is an empty set of states: name at least one")
        self._check_vectors(states, "goal state")
        m = self.values
        if states == ((0,) * n,):
            object.__setattr__(self, "goal", "zero")
            states = ()
        elif set(states) == {(v,) * n for v in range(m)}:
            object.__setattr__(self, "goal", "same")
            states = ()
        object.__setattr__(self, "goal_states", states)

    def _take_moves(self, n: int) -> None:
        """Check the list of allowed moves and keep it as a sorted set."""
        if self.moves is None:
            return
        moves = tuple(sorted({tuple(int(v) for v in a) for a in self.moves}))
        if not moves:
            raise InvalidInput("the list of allowed moves is empty")
        self._check_vectors(moves, "move")
        object.__setattr__(self, "moves", moves)
        k = self._every_move_within(moves)
        if k is not None and not self.observe.feels:  # a list of every move: the plain game
            hands = k if self.hands is None else min(k, self.hands)
            object.__setattr__(self, "moves", None)
            object.__setattr__(self, "hands", None if hands >= n else hands)

    def _every_move_within(self, moves: tuple[Vector, ...]) -> int | None:
        """k when moves (the pass aside, always allowed) are every move that changes at most k
        positions and no more, else None."""
        nonzero = [a for a in moves if any(a)]
        if not nonzero:
            return None
        k = max(sum(1 for v in a if v) for a in nonzero)
        within = sum(math.comb(self.n, j) * (self.values - 1) ** j for j in range(1, k + 1))
        return k if len(nonzero) == within else None

    def _check_vectors(self, vectors: Iterable[Vector], what: str) -> None:
        for vec in vectors:
            if len(vec) != self.n or any(not 0 <= v < self.values for v in vec):
                raise InvalidInput(
                    f"{what} {notation.vector_text(vec)} is not a state of {self.n} values "
                    f"0..{self.values - 1}"
                )

    # --- size ---------------------------------------------------------------------------------

    @property
    def log2_states(self) -> float:
        """log2(m^n): the size of the game, computed without building m^n."""
        return self.n * math.log2(self.values) if self.values > 1 else 0.0

    @property
    def states(self) -> int:
        """m^n, the number of states (refused, as too large, past 2^62)."""
        if self.log2_states > 62:
            raise TooLarge(f"{self}: {power_text(self.values, self.n)} states")
        return int(self.values**self.n)

    def check_size(self, limit: int = MAX_STATES, what: str = "the tables hold") -> int:
        """m^n when it is at most limit (and n at most MAX_TABLE_POSITIONS), else a TooLarge
        error that says so."""
        if self.n > MAX_TABLE_POSITIONS:
            raise TooLarge(
                f"{self}: {self.n:,} positions are past what {what} ({MAX_TABLE_POSITIONS:,} "
                "positions, one map for each turn of the table); use fewer positions"
            )
        if self.log2_states > math.log2(limit) + 1e-9:
            raise TooLarge(
                f"{self}: {power_text(self.values, self.n)} states is past what {what} "
                f"({limit:,}); use fewer positions or values"
            )
        return self.states

    # --- text and JSON ------------------------------------------------------------------------

    @property
    def is_coins(self) -> bool:
        """Whether this is the notebook's coin game (every field at its default)."""
        return (
            self.values == 2
            and self.group.name == "cyclic"
            and self.hands is None
            and self.moves is None
            and self.goal == "zero"
            and self.observe is Observe.BLIND
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
            parts.append("moves=" + ",".join(self.vector_move_text(v) for v in self.moves))
        if self.goal == "states":
            parts.append(
                "goal=" + ",".join(notation.state_text(v, self.values) for v in self.goal_states)
            )
        elif self.goal != "zero":
            parts.append(f"goal={self.goal}")
        if self.observe.tree:
            parts.append(f"observe={self.observe}")
        if self.devil_moves is not None:
            parts.append("devil_moves=" + ";".join(",".join(map(str, p)) for p in self.devil_moves))
        return " ".join(parts)

    @classmethod
    def of(cls, game: Game | int) -> Game:
        """The game itself, or for an int n the coin game of n coins (what the library's
        functions take where they take a game).

        >>> Game.of(4) == Game(4), Game.of(Game(3, values=3)).values
        (True, 3)
        """
        if isinstance(game, Game):
            return game
        if isinstance(game, int) and not isinstance(game, bool):
            return cls(game)
        raise InvalidInput(f"a game is a Game or a number of coins, not {type(game).__name__}")

    @classmethod
    def parse(cls, text: str) -> Game:
        """Read the one-line text form (or JSON, when it starts with '{')."""
        body = text.strip()
        if body.startswith("{"):
            return cls.from_json(read_json(body, "the game"))
        fields: dict[str, str] = {}
        for token in body.split():
            key, eq, value = token.partition("=")
            if not eq or not value:
                raise NotationError(f"cannot read {token!r}: write key=value, e.g. n=4")
            fields[key] = value
        return cls.from_fields(fields)

    @classmethod
    def from_fields(cls, fields: dict[str, str], *, n: int | None = None) -> Game:
        """A game from text fields (what the command line and the text form give); n, when
        given, is the number of positions already read (in place of the field n)."""
        read = read_fields(fields, n=n)
        return cls(group=read.pop("group") or _CYCLIC, **read)

    def to_json(self) -> dict[str, Any]:
        """The game as plain JSON data (with 'value_group', its text, for a value group)."""
        named = self.group.name != "generators"
        data: dict[str, Any] = {
            "n": self.n,
            "values": self.values,
            "group": str(self.group),
            "generators": None if named else [list(g) for g in self.group.generators],
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
        """A game from its JSON form (``to_json``; moves and goal states as lists of values)."""
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
        goal, moves = data.get("goal", "zero"), data.get("moves")
        if isinstance(goal, str):
            fields["goal"] = goal
        base = cls.from_fields(fields)
        if moves is None and isinstance(goal, str):
            return base
        try:
            listed = None if moves is None else tuple(tuple(int(v) for v in a) for a in moves)
            states = () if isinstance(goal, str) else tuple(tuple(int(v) for v in s) for s in goal)
        except (TypeError, ValueError):
            raise NotationError(
                "a JSON game lists moves and goal states as lists of values"
            ) from None
        return dataclasses.replace(
            base,
            moves=listed,
            goal=base.goal if isinstance(goal, str) else "states",
            goal_states=base.goal_states if isinstance(goal, str) else states,
        )

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

    # --- states and moves ---------------------------------------------------------------------

    def encode(self, values: Iterable[int]) -> int:
        """The state number of a vector of values (digit i = position i).

        >>> Game(3, values=3).encode((1, 0, 2))
        19
        """
        return sum(int(v) * self.values**i for i, v in enumerate(values))

    def decode(self, x: int) -> Vector:
        """The vector of values of a state number."""
        return tuple((x // self.values**i) % self.values for i in range(self.n))

    def add(self, x: int, a: int) -> int:
        """State x changed by move a: the amounts added mod m, position by position (for a
        value group, each position multiplied on the right: x_i * a_i).

        >>> Game(3, values=3).add(19, 5)  # (1, 0, 2) + (2, 1, 0) = (0, 1, 2)
        21
        """
        xs, amounts = self.decode(x), self.decode(a)
        if self.value_group is not None:
            mul = self.value_group.mul
            return self.encode(mul[u][v] for u, v in zip(xs, amounts, strict=True))
        m = self.values
        return self.encode((u + v) % m for u, v in zip(xs, amounts, strict=True))

    def in_goal(self, x: int) -> bool:
        """Whether state x is in the goal."""
        values = self.decode(x)
        if self.goal == "zero":
            return not any(values)
        if self.goal == "same":
            return len(set(values)) <= 1
        return values in self.goal_states

    def state_text(self, x: int) -> str:
        """A state as text: 'HTTH' for two values, digits ('0120') otherwise."""
        return notation.state_text(self.decode(x), self.values)

    def parse_state(self, text: str) -> int:
        """A state from 'HTTH' or digits."""
        return self.encode(notation.read_state(text, self.n, self.values))

    def move_text(self, x: int, form: str = "pattern") -> str:
        """A move as text: its pattern ('FLFL' for two values, '1020' otherwise), or with
        form='positions' the positions it flips ('0 2'; two values only)."""
        return notation.move_text(self.decode(x), self.values, form)

    def vector_move_text(self, vec: Sequence[int]) -> str:
        """A move given as a vector of amounts, as its pattern."""
        return notation.move_text(vec, self.values)

    def parse_move(self, text: str) -> int:
        """A move in any form of the notation ('FLFL', '0 2', '0123', '1020'; core.notation)."""
        return self.encode(notation.read_move(text, self.n, self.values))

    def parse_moves(self, text: str) -> np.ndarray:
        """A strategy's moves (one a line, or a JSON list), each checked to be allowed."""
        moves, checked = [], {}
        for where, vec in notation.read_numbered_moves(text, self.n, self.values):
            if vec not in checked:
                try:
                    checked[vec] = self.check_move(self.encode(vec))
                except NotationError as err:
                    raise NotationError(f"{where}: {err}") from None
            moves.append(checked[vec])
        import numpy as np

        return np.array(moves, dtype=np.int64)

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

    def check_moves(self, moves: np.ndarray) -> None:
        """Raise a clear error unless every move is a state (0..m^n - 1) the game allows."""
        import numpy as np

        states = self.states
        bad = np.flatnonzero((moves < 0) | (moves >= states))
        if len(bad):
            raise InvalidInput(
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

    # --- the Devil's turns --------------------------------------------------------------------

    @cached_property
    def turns(self) -> tuple[Perm, ...]:
        """The Devil's choices before a move: his group's elements (identity first), or
        exactly the listed devil_moves."""
        if self.devil_moves is not None:
            return self.devil_moves
        return tuple(self.group.elements())

    def turn(self, x: int, perm: Sequence[int]) -> int:
        """State x after the permutation (the value at position i moves to perm[i]).

        >>> Game(4).turn(0b0010, Perm.turn(4, 1))  # 'HTHH' turned by one is 'THHH'
        1
        """
        return self.encode(Perm(perm).apply(self.decode(x)))

    def turn_json(self, perm: Sequence[int]) -> int | list[int]:
        """A turn as JSON: r for the cyclic group (the notebook's turn), else the permutation."""
        return notation.turn_json(perm, self.group.name == "cyclic")

    def turn_text(self, perm: Sequence[int]) -> str:
        """A turn as text: r for the cyclic group, else one-line notation."""
        return notation.turn_text(perm, self.group.name == "cyclic")

    def parse_turns(self, text: str) -> tuple[int | None, list[Perm]]:
        """(start state or None, turns) from a counterexample, a JSON list or plain text, each
        turn checked to be one of the Devil's choices (core.notation)."""
        start_text, perms = notation.read_turns(text, self.n)
        start = None if start_text is None else self.parse_state(start_text)
        choices = set(self.turns)
        for i, perm in enumerate(perms, 1):
            if perm not in choices:
                shown = self.turn_text(perm)
                raise NotationError(f"turn {i} ({shown}) is not one of the Devil's turns in {self}")
        return start, perms


def _plain(group: Group) -> Group:
    """The group under the name it goes by (``Group.of`` for generators, ``Group.named``)."""
    if group.name == "generators":
        return Group.of(group.n, group.given)
    return Group.named(group.name, group.n)
