"""One family of Devils for every blind game: random, scripted, the certificate's, greedy, and
the adversary that knows the strategy.

Each Devil is a function ``devil(i, x, move) -> turned`` (see ``devilcoins.playing``): the state x
turned by an element of the game's group before move i.  The adversary plays the chain's
certificate when the chain stalls (docs/mathematics.md §6.5: from outside the zone some turn
always keeps the state outside), and otherwise the line exact propagation finds, which never
reaches the goal when the strategy fails and holds out longest when it wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from devilcoins.blind.chain import chain, devil_turn
from devilcoins.blind.verify import devil_line, propagate_checkpointed
from devilcoins.core.beliefs import row_from_indices
from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.game import Game
from devilcoins.core.kernel import warm_up
from devilcoins.core.symmetry import apply
from devilcoins.core.tables import tables
from devilcoins.playing import Devil

__all__ = [
    "Adversary",
    "adversary",
    "certificate_devil",
    "elements",
    "greedy_devil",
    "random_devil",
    "scripted",
    "turned",
]


@cache
def elements(game: Game) -> tuple[tuple[int, ...], ...]:
    """The Devil's choices: his group, element by element, identity first; or, for a Devil
    restricted to devil_moves, exactly those."""
    if game.devil_moves is not None:
        return game.devil_moves
    return tuple(game.group.elements())


def turned(game: Game, x: int, perm: Sequence[int]) -> int:
    """The state x after the permutation (the value at position i moves to perm[i]).

    >>> turned(Game(4), 0b0010, (3, 0, 1, 2))  # 'HTHH' turned by one is 'THHH'
    1
    """
    return game.encode(apply(tuple(perm), game.decode(x)))


def random_devil(game: Game, rng: np.random.Generator) -> Devil:
    """A Devil that turns by a uniformly random element of its group."""
    group = elements(game)

    def devil(i: int, x: int, move: int) -> int:
        return turned(game, x, group[int(rng.integers(len(group)))])

    return devil


def scripted(game: Game, turns: Sequence[Sequence[int]]) -> Devil:
    """A Devil that plays the given permutations in order (turns[i - 1] before move i)."""
    script = tuple(tuple(p) for p in turns)

    def devil(i: int, x: int, move: int) -> int:
        if i > len(script):
            raise DevilcoinsError(
                f"the Devil's turns ran out: {len(script)} given, but the game reached move {i}"
            )
        return turned(game, x, script[i - 1])

    return devil


@cache
def certificate_devil(game: Game) -> tuple[Devil, np.ndarray] | None:
    """The certificate's Devil and the zone it keeps the state out of, when the chain stalls."""
    c = chain(game)
    if c.complete:
        return None

    def devil(i: int, x: int, move: int) -> int:
        return turned(game, x, devil_turn(game, x, move, c.zone))

    return devil, c.zone


@cache
def greedy_devil(game: Game) -> Devil:
    """A simple rule, not an optimal Devil: the first state of x's class (in increasing order)
    that the move does not take into the goal, else x."""
    tab = tables(game)

    def devil(i: int, x: int, move: int) -> int:
        k = int(tab.index_of[x])
        members = tab.orbit_states[tab.orbit_start[k] : tab.orbit_start[k + 1]]
        safe = members[tab.index_of[tab.add(members, move)] >= tab.n_goal]
        return int(safe[0]) if len(safe) else x

    return devil


@dataclass(frozen=True, kw_only=True)
class Adversary:
    """The strongest Devil against one strategy: where it starts and how it plays.

    plan is 'certificate' (the chain stalls: the goal never shows) or 'exact' (the worst line
    of exact propagation); won_at is the move that wins anyway when the Devil cannot hold out.
    """

    plan: str
    start: int
    devil: Devil
    survives: bool
    won_at: int | None


def adversary(game: Game, moves: Sequence[int] | np.ndarray, start: int | None = None) -> Adversary:
    """The strongest Devil against moves (from start, or from the start it likes best).

    >>> a = adversary(Game.parse('n=3 goal=same'), [1, 3, 1])
    >>> a.plan, Game(3).state_text(a.start), a.survives
    ('certificate', 'THH', True)
    >>> a = adversary(Game(2), [3, 1, 3])
    >>> a.plan, a.survives, a.won_at
    ('exact', False, 3)
    """
    cert = certificate_devil(game)
    if cert is not None:
        devil, zone = cert
        if start is None:
            start = int(np.flatnonzero(~zone)[0])
        if not zone[start]:
            return Adversary(
                plan="certificate", start=start, devil=devil, survives=True, won_at=None
            )
    tab = tables(game)
    warm_up()
    plan = np.asarray(moves, dtype=np.int64)
    row = row_from_indices(
        range(tab.size) if start is None else {*range(tab.n_goal), tab.index(start)}, tab.size
    )
    line = devil_line(tab, plan, propagate_checkpointed(tab, plan, row), start)
    group = elements(game)
    turns = [group[e] for e in line.turns]
    return Adversary(
        plan="exact",
        start=line.start,
        devil=scripted(game, turns),
        survives=line.survives,
        won_at=line.won_at,
    )
