"""The Devil's trap: a set of states outside the goal that he can keep the game in forever.

A *trap* is closed under the Devil's turns, holds no goal state, and whatever the player does
from any state of it, some answer of the Devil keeps the game in it.  When the game may start
in a trap the Devil holds out forever, and the trap, checked state by state, is his
certificate.  It is the one word for that set across the library (docs/glossary.md, "Trap"):

- blind games, the Devil turning by a whole group: from every state of the trap and every move,
  some turn lands the move in the trap (``largest_trap``, checked by ``largest_trap_evidence``);
  where the chain stalls, the states outside its last level are one (``blind.chain``);
- sight: the same, the player seeing the state before each move (``sight_trap_holds``);
- touch: from every state, for every reach, the Devil shows a pattern after which every setting
  of the positions felt leaves a state of the trap possible (``touch_trap_holds``; the solver
  finds the largest one in ``observed.touch.traps``);
- count: beliefs rather than states (``observed.count.count_trap``).

The checks here use plain tuples and the group's elements, nothing of the solvers, so they
confirm what the solvers found.

>>> from devilcoins.core.game import Game
>>> g = Game.parse('n=3 hands=2 goal=same observe=touch')
>>> touch_trap_holds(g, [g.parse_state('HHT')])  # two hands for three glasses: enough
False
>>> sight_trap_holds(Game.parse('n=3 observe=sight'), [1, 3])
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

import numpy as np

from devilcoins.core.errors import NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.symmetry import state_map
from devilcoins.core.tables import ClassTable, class_table
from devilcoins.results import Evidence, EvidenceKind

__all__ = [
    "MAX_TRAP_STEPS",
    "largest_trap",
    "largest_trap_evidence",
    "sight_trap_holds",
    "touch_trap_holds",
    "trap_evidence",
]

#: Lookups (states x moves x turns, per round) the largest trap may take before it is skipped.
MAX_TRAP_STEPS = 1 << 27

Values = tuple[int, ...]


def _goal_test(game: Game) -> Callable[[Values], bool]:
    """Whether a state (its values) is in the goal, decided on the values alone."""
    if game.goal == "zero":
        return lambda x: not any(x)
    if game.goal == "same":
        return lambda x: len(set(x)) == 1
    goal = set(game.goal_states)
    return lambda x: x in goal


def _closed(game: Game, states: Iterable[int]) -> set[Values] | None:
    """The states and every turn of them, or None when that meets the goal or is empty."""
    keep = {e.apply(game.decode(x)) for x in states for e in game.turns}
    is_goal = _goal_test(game)
    return None if not keep or any(is_goal(x) for x in keep) else keep


def sight_trap_holds(game: Game, states: Iterable[int]) -> bool:
    """Whether the Devil holds a sight game forever in the classes of states: for every state
    of them and every allowed move, some turn before the move keeps the game in them."""
    keep = _closed(game, states)
    if keep is None:
        return False
    n, m, turns = game.n, game.values, game.turns
    moves = [a for a in itertools.product(range(m), repeat=n) if game.allowed(game.encode(a))]
    return all(
        any(tuple((u + w) % m for u, w in zip(e.apply(x), a, strict=True)) in keep for e in turns)
        for x in keep
        for a in moves
    )


def _changed(y: Values, pos: Values, delta: Values, m: int) -> Values:
    z = list(y)
    for p, d in zip(pos, delta, strict=True):
        z[p] = (z[p] + d) % m
    return tuple(z)


def touch_trap_holds(game: Game, states: Iterable[int]) -> bool:
    """Whether the Devil holds a touch game forever in the classes of states: for every state
    of them and every reach, some pattern he can show is such that every setting of the
    positions felt leaves a state of them possible."""
    if game.hands is None:
        raise NotSupported(f"{game} is not a touch game (it names no hands)")
    keep = _closed(game, states)
    if keep is None:
        return False
    m, k = game.values, game.hands
    deltas = list(itertools.product(range(m), repeat=k))
    for x in keep:
        turns = {e.apply(x) for e in game.turns}
        for pos in itertools.combinations(range(game.n), k):
            by_felt: dict[Values, list[Values]] = {}
            for y in turns:
                by_felt.setdefault(tuple(y[p] for p in pos), []).append(y)
            if not any(
                all(any(_changed(y, pos, delta, m) in keep for y in ys) for delta in deltas)
                for ys in by_felt.values()
            ):
                return False
    return True


# --- blind games ---------------------------------------------------------------------------------


def trap_evidence(game: Game, name: str, argument: str, trap: np.ndarray, holds: bool) -> Evidence:
    """A blind game's trap (a mask over states), checked over every state: the argument, and
    what the check found."""
    states = len(trap)
    start = int(np.flatnonzero(trap)[0]) if trap.any() else 0
    found = (
        f" Checked for all {states:,} states: it holds."
        if holds
        else f" Checked for all {states:,} states: it does NOT hold, so it proves nothing."
    )
    return Evidence(
        kind=EvidenceKind.TRAP,
        name=name,
        statement=argument + found,
        checked=True,
        holds=holds,
        detail={
            "trap_size": int(trap.sum()),
            "states": states,
            "start": game.state_text(start),
            "checked_states": states,
        },
    )


def _turned(tab: ClassTable) -> list[np.ndarray] | None:
    """For each element e of the Devil's group, the state e(x) for every x (None: too many)."""
    elements = tab.game.group.elements()
    if len(elements) * tab.states > MAX_TRAP_STEPS // 16:
        return None
    return [state_map(e, tab.digits, tab.powers) for e in elements]


def _moves(game: Game, tab: ClassTable) -> list[int]:
    """One allowed move per class (a turned move has turned results), and 0 (no change)."""
    if game.moves is not None:
        candidates = [game.encode(v) for v in game.moves]
    else:
        candidates = [int(r) for r in tab.reps]
    return sorted({0, *(a for a in candidates if game.allowed(a))})


def _added(tab: ClassTable, moves: list[int]) -> dict[int, np.ndarray]:
    """For each move a, y + a for every state y (made once, read by every round)."""
    everything = np.arange(tab.states, dtype=np.int64)
    return {a: tab.add(everything, a) for a in moves}


def _trap_round(trap: np.ndarray, turned: np.ndarray, added: dict[int, np.ndarray]) -> np.ndarray:
    """The states of trap from which, whatever the move, some turn stays in trap: x stays
    against move a when trap holds turned[e][x] + a for some e (added[a][y] is y + a)."""
    keep = trap.copy()
    for after in added.values():
        keep &= trap[after][turned].any(axis=0)
    return keep


def largest_trap(game: Game) -> np.ndarray | None:
    """The Devil's largest trap in a blind game against a whole group (a mask over states;
    empty when there is none), or None when the game is too large to compute it.

    >>> trap = largest_trap(Game.parse('n=3 values=Z2xZ2'))
    >>> int(trap.sum()), bool(largest_trap(Game(2, values=4)).any())
    (60, False)
    """
    tab = class_table(game)
    turned = _turned(tab)
    moves = _moves(game, tab)
    if turned is None or len(moves) * len(turned) * tab.states > MAX_TRAP_STEPS:
        return None
    trap = tab.index_of >= tab.n_goal  # every state outside the goal
    added, images = _added(tab, moves), np.asarray(turned, dtype=np.int64)
    while trap.any():
        kept = _trap_round(trap, images, added)
        if np.array_equal(kept, trap):
            break
        trap = kept
    return trap


def largest_trap_evidence(game: Game, trap: np.ndarray) -> Evidence:
    """Check a trap of a blind game against every state and every move."""
    tab = class_table(game)
    turned = _turned(tab)
    if turned is None:
        raise TooLarge(f"{game} is too large to check a trap")
    moves = _moves(game, tab)
    closed = all(np.array_equal(trap[image], trap) for image in turned)
    images = np.asarray(turned, dtype=np.int64)
    stays = np.array_equal(_trap_round(trap, images, _added(tab, moves)), trap)
    in_goal = tab.index_of < tab.n_goal
    holds = bool(trap.any() and not (trap & in_goal).any() and closed and stays)
    start = int(np.flatnonzero(trap)[0]) if trap.any() else 0
    size = int(trap.sum())
    argument = (
        f"The Devil keeps the game in a trap of {size:,} of the {tab.states:,} states, none in "
        "the goal, that turning the table never leaves: from every state in it, whatever the "
        "move, some turn keeps the state in the trap, so the Devil, starting there (e.g. from "
        f"{game.state_text(start)}), never lets the goal appear. (His trap U: closed under "
        "turns, and for every x in U and move a some turn g has g(x)*a in U.)"
    )
    return trap_evidence(game, "the Devil's largest trap", argument, trap, holds)
