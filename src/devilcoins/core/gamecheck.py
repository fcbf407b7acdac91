"""The checks a game's fields pass, and the one form each is kept in, so that every spelling of a
game gives the same ``Game`` (``Game.__post_init__`` calls them in turn).

Each function takes a field as given, with what it depends on, and returns it in its plain form
or raises the error that says what is wrong: a value group numbered as Z_m is the plain m, a
list of Devil's moves that is a whole group is that group, ``hands`` of n or more is every move
(but for touch), a goal listed state by state that is zero or same is called so, and listed moves
are a sorted set (every move within k positions: the plain game with k hands).

>>> from devilcoins.core.observe import Observe
>>> plain_hands(4, 4, Observe.BLIND), plain_hands(4, 4, Observe.TOUCH)
(None, 4)
>>> plain_goal('states', ((1, 1), (0, 0)), 2, 2, Observe.BLIND)
('same', ())
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from devilcoins.core import notation
from devilcoins.core.errors import InvalidInput, NotSupported
from devilcoins.core.fields import GOALS
from devilcoins.core.observe import Observe
from devilcoins.core.perm import Perm
from devilcoins.core.symmetry import Group, parse_permutations
from devilcoins.core.values import ValueGroup

__all__ = [
    "plain_devil_moves",
    "plain_goal",
    "plain_group",
    "plain_hands",
    "plain_moves",
    "plain_values",
]

Vector = tuple[int, ...]


def plain_values(
    values: int, value_group: ValueGroup | None, observe: Observe, devil_moves: bool
) -> tuple[int, ValueGroup | None]:
    """Check the value group (if any) and set values to its order: (values, value group), the
    group None when it is Z_m as numbered (devil_moves: whether the game lists them)."""
    if value_group is None:
        return values, None
    if values not in (2, value_group.order):
        raise InvalidInput(
            f"values {values} but the value group {value_group} has "
            f"{value_group.order} elements; give one of them"
        )
    values = value_group.order
    if value_group.is_cyclic_numbering:
        return values, None
    if devil_moves:
        raise NotSupported(
            "devil_moves is solved for values that add mod m only; values in the "
            f"group {value_group} are solved against a Devil with a whole group"
        )
    if observe.tree:
        raise NotSupported(
            f"observe={observe} is solved for values that add mod m only; values "
            f"in the group {value_group} are solved for blind games"
        )
    return values, value_group


def plain_devil_moves(
    n: int, devil_moves: Iterable[Iterable[int]], given: Group | None, observe: Observe
) -> tuple[Group, tuple[Perm, ...] | None]:
    """Check devil_moves and give the group they generate, with the moves (None when they are
    a whole group: then the Devil turns by any element, as usual); given is the group the game
    names besides (None: the default)."""
    perms = tuple(Perm(int(v) for v in p) for p in devil_moves)
    text = "; ".join(map(str, perms))
    checked = parse_permutations(text, n)  # the same checks and messages as the text form
    if observe.tree:
        raise NotSupported(
            f"devil_moves is for blind games; {observe} games take a group "
            "(the Devil turns by any of its elements)"
        )
    group = Group.of(n, checked)
    if given is not None and plain_group(given) != group:
        raise InvalidInput(
            "give the Devil's moves or a group, not both: with devil_moves the group is "
            "the one they generate"
        )
    whole = len(set(checked)) == group.order()  # every element listed: the plain game
    return group, None if whole else tuple(sorted(checked))


def plain_group(group: Group) -> Group:
    """The group under the name it goes by (``Group.of`` for generators, ``Group.named``)."""
    if group.name == "generators":
        return Group.of(group.n, group.given)
    return Group.named(group.name, group.n)


def plain_hands(hands: int | None, n: int, observe: Observe) -> int | None:
    """Check hands; n or more hands is every move (None), except for touch (k positions
    felt)."""
    if observe.feels and hands is None:
        raise InvalidInput("the touch game needs hands k: how many positions to feel")
    if hands is None:
        return None
    if not 0 <= hands <= n:
        raise InvalidInput(f"hands must be 0..{n} (positions a move may touch)")
    if hands == n and not observe.feels:
        return None
    return hands


def plain_goal(
    goal: str, goal_states: tuple[Vector, ...], n: int, m: int, observe: Observe
) -> tuple[str, tuple[Vector, ...]]:
    """Check the goal: (goal, goal states), a list of states that is zero or same called so."""
    if goal not in observe.goals:
        raise NotSupported(
            "the count game tells how many positions are not 0 and rings at the goal, "
            f"which is zero or same (goal {goal} is not supported with observe=count)"
        )
    if goal not in (*GOALS, "states"):
        raise InvalidInput("goal must be 'zero', 'same' or a list of states")
    if goal != "states":
        if goal_states:
            raise InvalidInput(f"goal {goal} takes no list of goal states")
        return goal, goal_states
    states = tuple(sorted({tuple(int(v) for v in s) for s in goal_states}))
    if not states:
        raise InvalidInput("the goal is an empty set of states: name at least one")
    _check_vectors(states, n, m, "goal state")
    if states == ((0,) * n,):
        return "zero", ()
    if set(states) == {(v,) * n for v in range(m)}:
        return "same", ()
    return goal, states


def plain_moves(
    moves: Iterable[Iterable[int]] | None, hands: int | None, n: int, m: int, observe: Observe
) -> tuple[tuple[Vector, ...] | None, int | None]:
    """Check the list of allowed moves: (moves as a sorted set, hands), or (None, the hands
    they amount to) when they are every move within some number of positions."""
    if moves is None:
        return None, hands
    listed = tuple(sorted({tuple(int(v) for v in a) for a in moves}))
    if not listed:
        raise InvalidInput("the list of allowed moves is empty")
    _check_vectors(listed, n, m, "move")
    k = _every_move_within(listed, n, m)
    if k is not None and not observe.feels:  # a list of every move: the plain game
        within = k if hands is None else min(k, hands)
        return None, None if within >= n else within
    return listed, hands


def _every_move_within(moves: tuple[Vector, ...], n: int, m: int) -> int | None:
    """k when moves (the pass aside, always allowed) are every move that changes at most k
    positions and no more, else None."""
    nonzero = [a for a in moves if any(a)]
    if not nonzero:
        return None
    k = max(sum(1 for v in a if v) for a in nonzero)
    within = sum(math.comb(n, j) * (m - 1) ** j for j in range(1, k + 1))
    return k if len(nonzero) == within else None


def _check_vectors(vectors: Iterable[Vector], n: int, m: int, what: str) -> None:
    """Raise InvalidInput unless every vector holds n values 0..m - 1 (what names them)."""
    for vec in vectors:
        if len(vec) != n or any(not 0 <= v < m for v in vec):
            raise InvalidInput(
                f"{what} {notation.vector_text(vec)} is not a state of {n} values 0..{m - 1}"
            )
