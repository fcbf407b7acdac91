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

A game is written on one line, ``n=4 values=2 group=cyclic hands=2 goal=same observe=touch``,
or as JSON (``core.gametext``); the checks that give every spelling one form are
``core.gamecheck``.  Moves, states and turns follow one notation (``core.notation``).

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

from devilcoins.core import notation, turntext
from devilcoins.core.errors import InvalidInput, NotationError, TooLarge, check_n
from devilcoins.core.fields import GOALS, read_fields
from devilcoins.core.gamecheck import (
    plain_devil_moves,
    plain_goal,
    plain_group,
    plain_hands,
    plain_moves,
    plain_values,
)
from devilcoins.core.gamehtml import game_html
from devilcoins.core.gametext import game_json, game_text, json_fields, json_lists, text_fields
from devilcoins.core.jsontext import read_json
from devilcoins.core.numbertext import power_text
from devilcoins.core.observe import Observe
from devilcoins.core.perm import Perm
from devilcoins.core.symmetry import Group
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
        observe = Observe.parse(self.observe)
        self._set(observe=observe)
        values, value_group = plain_values(
            self.values, self.value_group, observe, self.devil_moves is not None
        )
        self._set(values=values, value_group=value_group)
        check_n(self.values, what="values (faces per position)", low=1)
        if self.devil_moves is not None:
            given = None if self.group is _CYCLIC else self.group
            group, devil_moves = plain_devil_moves(n, self.devil_moves, given, observe)
            self._set(group=group, devil_moves=devil_moves)
        if self.group is _CYCLIC or self.group is None:
            self._set(group=Group.named("cyclic", n))
        if self.group.n != n:
            raise InvalidInput(f"the group acts on {self.group.n} positions but n = {n}")
        self._set(group=plain_group(self.group))
        self._set(hands=plain_hands(self.hands, n, observe))
        goal, goal_states = plain_goal(self.goal, self.goal_states, n, self.values, observe)
        self._set(goal=goal, goal_states=goal_states)
        moves, hands = plain_moves(self.moves, self.hands, n, self.values, observe)
        self._set(moves=moves, hands=hands)

    def _set(self, **fields: Any) -> None:
        """Set fields of the frozen game while it is made (their plain forms)."""
        for name, value in fields.items():
            object.__setattr__(self, name, value)

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
        return game_text(self)

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
        return cls.from_fields(text_fields(body))

    @classmethod
    def from_fields(cls, fields: dict[str, str], *, n: int | None = None) -> Game:
        """A game from text fields (what the command line and the text form give); n, when
        given, is the number of positions already read (in place of the field n)."""
        read = read_fields(fields, n=n)
        return cls(group=read.pop("group") or _CYCLIC, **read)

    def to_json(self) -> dict[str, Any]:
        """The game as plain JSON data (with 'value_group', its text, for a value group)."""
        return game_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        """A game from its JSON form (``to_json``; moves and goal states as lists of values)."""
        base = cls.from_fields(json_fields(data))
        moves, states = json_lists(data)
        if moves is None and states is None:
            return base
        return dataclasses.replace(
            base,
            moves=moves,
            goal=base.goal if states is None else "states",
            goal_states=base.goal_states if states is None else states,
        )

    def _repr_html_(self) -> str:
        """For notebooks: the game's fields as a small table."""
        return game_html(self)

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
        return turntext.turn_json(perm, self.group.name == "cyclic")

    def turn_text(self, perm: Sequence[int]) -> str:
        """A turn as text: r for the cyclic group, else one-line notation."""
        return turntext.turn_text(perm, self.group.name == "cyclic")

    def parse_turns(self, text: str) -> tuple[int | None, list[Perm]]:
        """(start state or None, turns) from a counterexample, a JSON list or plain text, each
        turn checked to be one of the Devil's choices (core.notation)."""
        start_text, perms = turntext.read_turns(text, self.n)
        start = None if start_text is None else self.parse_state(start_text)
        choices = set(self.turns)
        for i, perm in enumerate(perms, 1):
            if perm not in choices:
                shown = self.turn_text(perm)
                raise NotationError(f"turn {i} ({shown}) is not one of the Devil's turns in {self}")
        return start, perms
