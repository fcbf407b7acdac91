"""The restricted Devil seen through a simpler one: the group H of his moves' quotients, its chain,
the Devil's certificate (a subgroup Z two of his moves always differ outside of) and the game
modulo the level where H's chain stalls (docs/variants.md).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from devilcoins.blind.chain import chain, chain_strategy
from devilcoins.blind.restricted.states import (
    StateSpace,
    minus,
    search_moves,
    state_space,
)
from devilcoins.blind.search import search_beliefs
from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.core.symmetry import Group
from devilcoins.core.tables import class_table
from devilcoins.results import Evidence, EvidenceKind
from devilcoins.traps import trap_evidence

__all__ = [
    "MAX_BELIEFS",
    "devils_certificate",
    "devils_level",
    "quotient_certificate",
    "quotient_group",
    "reduced_strategy",
]

#: Beliefs the search keeps before it refuses (each is a row of m^n bits).
MAX_BELIEFS = 200_000


def quotient_group(game: Game) -> Group | None:
    """H: the least group holding every s^-1 t (s, t in S) that conjugation by each s in S
    keeps in place; None when it is too large to list (``Group.elements``' limit).

    Every s in S is sigma h with h in H for any sigma in S, and after move k the table seen
    through sigma^-k is the game against the group H (docs/variants.md).

    >>> str(quotient_group(Game.parse('n=4 devil_moves=1,2,3,0;3,0,1,2')))
    '2 3 0 1'
    """
    perms = [Perm(p) for p in game.devil_moves or ()]
    identity = Perm.identity(game.n)
    gens = {t.then(s.inverse()) for s in perms for t in perms} - {identity}
    try:
        while True:
            group = Group.of(game.n, sorted(gens))
            if not gens:
                return group
            elements = set(group.elements())
            conjugates = {x.conjugated(s) for s in perms for x in gens}
            if conjugates <= elements:
                return group
            gens |= conjugates
    except TooLarge:  # too many elements to list
        return None


def reduced_strategy(game: Game) -> tuple[int, ...] | None:
    """A strategy against S from the chain construction against H, or None.

    With b the chain's moves against H (shortest there: |M / goal| - 1, the counting bound)
    and sigma the first of S, a_k = sigma^k(b_k).  None when H is too large, the chain stalls,
    the goal is not a subgroup or a move a_k is not allowed.  The caller verifies the moves.
    """
    group = quotient_group(game)
    if group is None:
        return None
    against_h = dataclasses.replace(game, group=group, devil_moves=None)
    c = chain(against_h)
    if not (c.complete and c.goal_is_subgroup):
        return None
    sigma = (game.devil_moves or ())[0]
    power = Perm.identity(game.n)
    moves = []
    for b in chain_strategy(against_h).tolist():
        power = power.then(sigma)
        a = game.encode(power.apply(game.decode(b)))
        if not game.allowed(a):
            return None
        moves.append(a)
    return tuple(moves)


def devils_level(st: StateSpace) -> np.ndarray:
    """Z: the least subgroup of states holding the goal such that every state x outside Z has
    two of the Devil's moves s, t with s(x) - t(x) outside Z.

    Built up from the goal's subgroup, adding each time the states whose differences all lie
    inside; every subgroup with that property contains Z, so there is such a subgroup other
    than all states exactly when Z is not all states.
    """
    span = class_table(st.game).span
    level = span(st.goal)
    pairs = [(s, t) for s in range(len(st.maps)) for t in range(s + 1, len(st.maps))]
    while True:
        inside = np.ones(st.states, dtype=bool)
        for s, t in pairs:
            inside &= level[minus(st, st.maps[s], st.maps[t])]
        if not (inside & ~level).any():
            return level
        level = span(level | inside)


def devils_certificate(game: Game) -> Evidence | None:
    """The Devil's certificate against S, checked for every state, or None when there is none.

    With Z = ``devils_level`` not all states: for a state x outside Z and any move a, the states
    s(x) + a and t(x) + a differ by s(x) - t(x), outside Z, so one of them is outside Z; the
    Devil, starting outside Z, keeps the state outside Z, and the goal lies inside it.  The
    check: Z is a subgroup holding the goal, and every state outside it has such s and t.
    """
    st = state_space(game)
    level = devils_level(st)
    outside = ~level
    if not outside.any():
        return None
    escapes = np.zeros(st.states, dtype=bool)  # the check, state by state
    for s in range(len(st.maps)):
        for t in range(len(st.maps)):
            if s != t:
                escapes |= ~level[minus(st, st.maps[s], st.maps[t])]
    subgroup = np.array_equal(class_table(game).span(level), level)
    holds = bool(subgroup and level[st.goal].all() and (escapes | level).all())
    start = int(np.flatnonzero(outside)[0])
    argument = (
        f"The Devil keeps the state out of a level of {int(level.sum()):,} of the {st.states:,} "
        "states that holds the goal, in his trap, the states outside it: from any of them, two "
        "of his moves give states that differ by a state outside the level, so whatever the "
        "player's move, it leaves at least one of the two outside. Starting outside (e.g. from "
        f"{game.state_text(start)}), he never lets the goal appear. (The level Z is a subgroup, "
        "and for every x outside Z two of his moves s, t have s(x) - t(x) outside Z, so s(x) + a "
        "or t(x) + a is outside Z.)"
    )
    return trap_evidence(game, "the Devil's certificate", argument, ~level, holds)


def _coset_index(n: int, states: int, level: np.ndarray) -> np.ndarray:
    """For each state, the number of its coset modulo the level (a subgroup of coin sequences,
    a vector space over GF(2)): the state reduced by an echelon basis of the level, read off the
    positions that are no basis vector's leading bit."""
    pivots: dict[int, int] = {}  # the level's basis in echelon form, by leading bit
    for z in np.flatnonzero(level).tolist():
        for bit, b in pivots.items():
            if z >> bit & 1:
                z ^= b
        if z:
            bit = z.bit_length() - 1
            for other in list(pivots):
                if pivots[other] >> bit & 1:
                    pivots[other] ^= z
            pivots[bit] = z
    free = [i for i in range(n) if i not in pivots]

    def coset(x: int) -> int:
        for bit, b in pivots.items():
            if x >> bit & 1:
                x ^= b
        return sum(1 << j for j, i in enumerate(free) if x >> i & 1)

    return np.array([coset(x) for x in range(states)], dtype=np.int64)


def _coarse_space(game: Game, st: StateSpace, index: np.ndarray) -> StateSpace:
    """The game modulo the level: one state a coset (index), the goal the level itself."""
    reps = np.zeros(int(index.max()) + 1, dtype=np.int64)
    reps[index] = np.arange(st.states, dtype=np.int64)
    maps = np.ascontiguousarray(index[st.maps[:, reps]])
    inverse = np.empty_like(maps)
    for s in range(len(maps)):
        inverse[s, maps[s]] = np.arange(len(reps), dtype=np.int64)
    goal = np.zeros(len(reps), dtype=bool)
    goal[0] = True
    return StateSpace(
        game=game, maps=maps, inverse=inverse, goal=goal, add=st.add, neg=np.arange(len(reps))
    )


def _coarse_evidence(level: int, states: int, cosets: int, kept: int) -> Evidence:
    """Why the coarser game, explored to the end and lost, shows no strategy wins."""
    statement = (
        f"A level of {level:,} of the {states:,} states holds the goal, and every move of the "
        "Devil maps it onto itself. So in a coarser game, where states that differ by a state of "
        f"the level count as one, there are {cosets:,} states, the level is the goal, and any "
        "strategy that wins the game wins the coarser one too. There every reachable belief was "
        f"explored ({kept:,} kept, up to dominance) and none is empty, so no strategy wins. (The "
        "level Z is where the chain against the group H of the quotients s^-1 t of the Devil's "
        "moves stops, a subgroup; the "
        f"coarser game is the game modulo Z, on its {cosets:,} cosets.)"
    )
    return Evidence(
        kind=EvidenceKind.REDUCTION,
        name="the coarser game, searched (the game modulo the level)",
        statement=statement,
        checked=True,
        holds=True,
        detail={"level_size": level, "states": states, "cosets": cosets},
    )


def quotient_certificate(game: Game) -> tuple[Evidence, int] | None:
    """The game modulo the level where H's chain stalls, searched and lost: the evidence and the
    beliefs explored, or None.

    Coins only (m = 2: the states are a vector space over GF(2)).  Z, the last level of the
    chain against H, is a subgroup holding the goal; when every Devil's move keeps it, the game
    seen modulo Z is a game on the 2^d cosets with the goal the coset Z, and a strategy that
    wins the game wins the game modulo Z.  So when the belief search there explores every
    reachable belief without a win, no strategy wins the game.  None otherwise.
    """
    group = quotient_group(game)
    if game.values != 2 or group is None:
        return None
    c = chain(dataclasses.replace(game, group=group, devil_moves=None))
    if c.complete:
        return None
    st = state_space(game)
    level = c.top
    if not all(level[st.maps[s][level]].all() for s in range(len(st.maps))):
        return None
    index = _coset_index(game.n, st.states, level)
    coarse = _coarse_space(game, st, index)
    moves = np.unique(index[search_moves(game)])
    moves = np.concatenate([moves[moves != 0], [0]]).astype(np.int64)
    try:
        found = search_beliefs(coarse, moves, prune=True, limit=MAX_BELIEFS)
    except TooLarge:  # too many beliefs even there
        return None
    if found.moves is not None:
        return None
    cosets = len(coarse.goal)
    return _coarse_evidence(int(level.sum()), st.states, cosets, found.kept), found.kept


# --- search -----------------------------------------------------------------------------------
