"""The results every game shares: a verdict with its evidence, a verification, a counterexample.

Each is a frozen value built with keywords; ``to_json()`` gives the shape the command line
prints and ``from_json()`` reads it back (the game from its text form), and ``to_text()`` the
lines a person reads.  Strategies are tuples of move states (numbers in base m, digit i =
position i); turns are permutations of positions (``core.perm.Perm``: the value at position i
moves to perm[i]), written as the notebook's r for the cyclic group (``core.notation``).

Evidence always says whether it was checked by the program just now, and if so whether the check
held: a verdict holds (``Verdict.holds``) only when every check it carries held, and the commands
say so (and exit 1) when one did not.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, SupportsInt

from devilcoins.core.errors import NotationError
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "HOW",
    "Counterexample",
    "Evidence",
    "Tree",
    "TreeData",
    "Verdict",
    "Verification",
    "describe",
    "evidence_lines",
    "game_words",
    "goal_words",
]

#: How a verdict was reached, as a code (``Verdict.how``) the page and the atlas read.
HOW = ("construction", "certificate", "search", "tree", "rule")


class Tree(Protocol):
    """A strategy with branches (touch, count) or a policy (sight): what ``observed`` solves."""

    def strategy_json(self) -> dict[str, Any]:
        """The whole strategy as JSON fields ("tree", or "nodes" for large touch strategies)."""


@dataclass(frozen=True)
class TreeData:
    """A tree strategy read back from JSON (``Verdict.from_json``): its JSON fields as they are."""

    fields: dict[str, Any]

    def strategy_json(self) -> dict[str, Any]:
        """The strategy's JSON fields, as read."""
        return dict(self.fields)


@dataclass(frozen=True, kw_only=True)
class Evidence:
    """One piece of evidence: what it shows, and whether the program checked it just now.

    checked  the program ran the check now; holds is then its result (True or False)
    holds    None for evidence that is stated (an argument to read, not run)

    >>> e = Evidence(name='lower bound', statement='No shorter strategy wins.', checked=False)
    >>> e.mark, Evidence.from_json(e.to_json()) == e
    ('stated', True)
    """

    name: str
    statement: str
    checked: bool
    holds: bool | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.checked and not isinstance(self.holds, bool):
            raise ValueError(f"checked evidence {self.name!r} needs holds True or False")
        if not self.checked and self.holds is not None:
            raise ValueError(f"stated evidence {self.name!r} has no holds (it was not checked)")

    @property
    def mark(self) -> str:
        """'checked', 'CHECK FAILED' or 'stated'."""
        if not self.checked:
            return "stated"
        return "checked" if self.holds else "CHECK FAILED"

    def to_json(self) -> dict[str, Any]:
        """The evidence as plain JSON data."""
        return {
            "name": self.name,
            "statement": self.statement,
            "checked": self.checked,
            "holds": self.holds,
            "detail": self.detail,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Evidence:
        """Evidence from its JSON form."""
        return cls(
            name=str(data["name"]),
            statement=str(data["statement"]),
            checked=bool(data["checked"]),
            holds=data.get("holds"),
            detail=dict(data.get("detail") or {}),
        )

    def to_text(self, width: int = 96) -> str:
        """'[checked] name' and the statement indented below it."""
        body = textwrap.fill(self.statement, width, initial_indent="    ", subsequent_indent="    ")
        return f"[{self.mark}] {self.name}\n{body}"


@dataclass(frozen=True, kw_only=True)
class Counterexample:
    """A start and the Devil's turn before each move that keep a strategy from winning.

    start is None when only turns are known (read from a plain list of turns); why says, for a
    tree strategy, where it breaks.  The JSON form is ``{"start": "HTTH", "turns": [0, 3, 1]}``
    (turns as r for the cyclic group, else permutations; ``core.notation``).

    >>> c = Counterexample.parse(Game(2), '{"start": "TH", "turns": [0, 1]}')
    >>> c.start, c.rotations, Counterexample.parse(Game(2), c.to_text()) == c
    (1, [0, 1], True)
    """

    game: Game
    start: int | None
    turns: tuple[Perm, ...]
    why: str = ""

    @property
    def rotations(self) -> list[int | None]:
        """The turns as the notebook's r (None for a turn that is no rotation)."""
        return [Perm(p).rotation() for p in self.turns]

    def replay(self, moves: Iterable[SupportsInt]) -> list[int]:
        """The states after each move (turn, then move): none is in the goal."""
        if self.start is None:
            raise NotationError("a counterexample without a start cannot be replayed")
        import numpy as np

        from devilcoins.core.tables import tables

        tab = tables(self.game)
        x, out = self.start, []
        for perm, a in zip(self.turns, moves, strict=False):
            y = self.game.turn(x, perm)
            x = int(tab.add(np.array([y]), int(a))[0])
            out.append(x)
        return out

    def to_json(self) -> dict[str, Any]:
        """{"start": ..., "turns": [...]} (and "why" when it says where a tree breaks)."""
        data: dict[str, Any] = {
            "start": None if self.start is None else self.game.state_text(self.start),
            "turns": [self.game.turn_json(p) for p in self.turns],
        }
        if self.why:
            data["why"] = self.why
        return data

    def to_text(self) -> str:
        """The JSON form on one line."""
        import json

        return json.dumps(self.to_json(), separators=(", ", ": "))

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> Counterexample:
        """A counterexample from its JSON form, each turn checked against the game."""
        import json

        return cls.parse(game, json.dumps(data))

    @classmethod
    def parse(cls, game: Game, text: str) -> Counterexample:
        """A counterexample from its JSON form, a JSON list of turns or turns as plain text."""
        import json

        start, turns = game.parse_turns(text)
        why = ""
        if text.strip().startswith("{"):
            why = str(json.loads(text).get("why", ""))
        return cls(game=game, start=start, turns=tuple(turns), why=why)


@dataclass(frozen=True, kw_only=True)
class Verification:
    """Exact verification of a strategy: does it win from every start against every Devil?

    For a blind strategy, sizes are the belief's sizes (classes, the goal included) before the
    first move and after each move, and won_at is the move after which only the goal is
    possible; for a tree (touch, sight, count), won_at is the most moves any start needs.  None
    when the strategy loses; counterexample then shows how.  method: 'exact' (propagation or a
    replay of every start against every turn), 'lower bound' or 'certificate' (coin shortcuts).
    """

    game: Game
    moves: int | None
    wins: bool
    won_at: int | None
    sizes: tuple[int, ...] = ()
    counterexample: Counterexample | None = None
    seconds: float = 0.0
    method: str = "exact"

    @classmethod
    def of_sizes(
        cls,
        game: Game,
        moves: int,
        sizes: Iterable[SupportsInt],
        won: np.ndarray,
        counterexample: Counterexample | None,
        seconds: float,
    ) -> Verification:
        """The verification of a run whose belief sizes are sizes and which is won at the moves
        listed in won (the first is won_at; none: the strategy loses)."""
        return cls(
            game=game,
            moves=moves,
            wins=bool(len(won)),
            won_at=int(won[0]) if len(won) else None,
            sizes=tuple(int(s) for s in sizes),
            counterexample=counterexample,
            seconds=seconds,
        )

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON data."""
        data: dict[str, Any] = {
            "game": str(self.game),
            "moves": self.moves,
            "wins": self.wins,
            "won_at": self.won_at,
            "method": self.method,
            "seconds": round(self.seconds, 6),
            "belief_sizes": list(self.sizes),
        }
        if self.counterexample is not None:
            data["counterexample"] = self.counterexample.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verification:
        """A verification from its JSON form."""
        game = Game.parse(str(data["game"]))
        counter = data.get("counterexample")
        return cls(
            game=game,
            moves=data.get("moves"),
            wins=bool(data["wins"]),
            won_at=data.get("won_at"),
            sizes=tuple(int(s) for s in data.get("belief_sizes") or ()),
            counterexample=None if counter is None else Counterexample.from_json(game, counter),
            seconds=float(data.get("seconds", 0.0)),
            method=str(data.get("method", "exact")),
        )


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """What settles a game: winnable or not, the least worst-case length, and the evidence.

    A blind game's strategy is a tuple of moves; an observed game's is a tree (``tree``).
    how is a code for the method ('construction', 'certificate', 'search', 'tree', 'rule');
    method says it in words.  evidence holds what the method showed, each piece stated or
    checked (``Evidence``); the verdict holds when every check held.
    """

    game: Game
    winnable: bool
    length: int | None
    method: str
    how: str
    seconds: float
    strategy: tuple[int, ...] | None = None
    explored: int | None = None
    evidence: tuple[Evidence, ...] = ()
    tree: Tree | None = field(default=None, compare=False)
    #: The length as an expression ('2^128 - 1'), when it has one; length is None when it is
    #: too long to write out.
    length_expr: str | None = None

    def __post_init__(self) -> None:
        if self.how not in HOW:
            raise ValueError(f"how must be one of {', '.join(HOW)}, got {self.how!r}")
        if self.winnable and self.length is None and self.length_expr is None:
            raise ValueError("a winnable verdict has a length (or its expression)")

    @property
    def length_text(self) -> str:
        """The length as a person reads it: '15', '2^16 - 1 = 65,535' or '2^128 - 1'."""
        if self.length_expr is not None and self.length is not None:
            return f"{self.length_expr} = {self.length:,}"
        if self.length_expr is not None:
            return self.length_expr
        return "none" if self.length is None else f"{self.length:,}"

    def headline(self) -> str:
        """One line: who wins, in how many moves, and how; it says when a check failed."""
        name = describe(self.game)
        if self.winnable:
            worst = "in the worst case " if self.game.observe != "blind" else ""
            moves = "move" if self.length == 1 else "moves"
            claim = f"the player wins {worst}in {self.length_text} {moves} ({self.method})"
        else:
            claim = f"no strategy wins; the Devil holds out forever ({self.method})"
        if not self.holds:
            return f"{name}: a check FAILED, so this is NOT established: {claim}."
        return f"{name}: {claim}."

    def to_text(self) -> str:
        """The headline, then each piece of evidence marked stated, checked or CHECK FAILED."""
        parts = [self.headline()]
        if self.evidence:
            parts.append(evidence_lines(self.evidence))
        return "\n\n".join(parts) + "\n"

    @property
    def holds(self) -> bool:
        """Whether every check the evidence carries held."""
        return all(e.holds for e in self.evidence if e.checked)

    @classmethod
    def lost(
        cls,
        game: Game,
        method: str,
        evidence: tuple[Evidence, ...],
        seconds: float,
        *,
        how: str = "certificate",
        explored: int | None = None,
    ) -> Verdict:
        """The verdict that no strategy wins, by method, on that evidence."""
        return cls(
            game=game,
            winnable=False,
            length=None,
            method=method,
            how=how,
            seconds=seconds,
            explored=explored,
            evidence=evidence,
        )

    def with_evidence(self, *more: Evidence) -> Verdict:
        """The same verdict with more evidence after its own."""
        from dataclasses import replace

        return replace(self, evidence=(*self.evidence, *more))

    def to_json(self) -> dict[str, Any]:
        """The verdict as plain JSON data: the strategy whole (as move texts), or the tree."""
        data: dict[str, Any] = {
            "game": str(self.game),
            "spec": self.game.to_json(),
            "winnable": self.winnable,
            "length": self.length,
            "length_expr": self.length_expr,
            "method": self.method,
            "how": self.how,
            "explored": self.explored,
            "seconds": round(self.seconds, 6),
            "holds": self.holds,
            "evidence": [e.to_json() for e in self.evidence],
        }
        if self.strategy is not None:
            data["strategy"] = [self.game.move_text(a) for a in self.strategy]
        if self.tree is not None:  # whole, so that verify can check it
            data.update(self.tree.strategy_json())
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        """A verdict from its JSON form (a tree comes back as its JSON fields: ``TreeData``)."""
        game = Game.parse(str(data["game"]))
        strategy = data.get("strategy")
        tree: dict[str, Any] = {k: data[k] for k in ("tree", "nodes") if k in data}
        return cls(
            game=game,
            winnable=bool(data["winnable"]),
            length=data.get("length"),
            method=str(data["method"]),
            how=str(data["how"]),
            seconds=float(data.get("seconds", 0.0)),
            strategy=None if strategy is None else tuple(game.parse_move(a) for a in strategy),
            explored=data.get("explored"),
            evidence=tuple(Evidence.from_json(e) for e in data.get("evidence") or ()),
            tree=TreeData(tree) if tree else None,
            length_expr=data.get("length_expr"),
        )


def describe(game: Game) -> str:
    """The game as a heading names it: '4 coins' for the coin game, else its text form."""
    if game.is_coins:
        return f"{game.n:,} coin" + ("" if game.n == 1 else "s")
    return str(game)


def goal_words(game: Game) -> str:
    """The goal in words: 'all heads' for coins, 'every dial at 0', 'all positions equal'.

    >>> goal_words(Game(4)), goal_words(Game.parse('n=3 values=3 goal=same'))
    ('all heads', 'all positions equal')
    """
    if game.goal == "same":
        return "all positions equal"
    if game.goal == "zero":
        return "all heads" if game.values == 2 else "every position at 0"
    return "a goal state"


#: What the Devil may do before each move, by the group's name, in a visitor's words.
_DEVIL_WORDS = {
    "cyclic": "the Devil turns the table",
    "dihedral": "the Devil turns the table or turns it over",
    "none": "the table stays put",
    "full": "the Devil shuffles the positions any way he likes",
}

#: What the player learns after each move, by the game's observe field.
_OBSERVE_WORDS = {
    "touch": "you feel {k} at a time and set them",
    "sight": "you see the table before you choose",
    "count": "you hear how many show {nonzero}",
}


def game_words(game: Game) -> str:
    """The game in a visitor's words, its pieces joined by semicolons.

    >>> game_words(Game(4))
    '4 coins; the Devil turns the table; goal: all heads'
    >>> game_words(Game.parse('n=3 values=3 hands=1 goal=same'))
    '3 dials of 3 faces; the Devil turns the table; one changed a move; goal: all positions equal'
    """
    if game.value_group is not None:
        pieces = [f"{game.n} positions holding {game.value_group}"]
    elif game.values == 2:
        pieces = [f"{game.n} coin" + ("" if game.n == 1 else "s")]
    else:
        pieces = [f"{game.n} dial" + ("" if game.n == 1 else "s") + f" of {game.values} faces"]
    pieces.append(_DEVIL_WORDS.get(game.group.name, "the Devil moves the table by its own rules"))
    if game.hands is not None and game.observe != "touch":
        most = "one" if game.hands == 1 else f"at most {game.hands}"
        pieces.append(f"{most} changed a move")
    if game.observe in _OBSERVE_WORDS:
        nonzero = "tails" if game.values == 2 else "a face other than 0"
        pieces.append(_OBSERVE_WORDS[game.observe].format(k=game.hands, nonzero=nonzero))
    pieces.append(f"goal: {goal_words(game)}")
    return "; ".join(pieces)


def evidence_lines(evidence: Sequence[Evidence]) -> str:
    """Each piece of evidence as text, a blank line between them."""
    return "\n\n".join(e.to_text() for e in evidence)
