"""Blind games whose values form a group other than Z_m: their chain (the Devil's trap for them is
``traps.largest_trap``).

docs/mathematics.md §7.5.  States are the group M = G^n (position i holds an element of the
value group G); a move a takes the state x, turned by the Devil, to x * a (each position
multiplied on the right).  The goal H (all identity, or all equal) is a subgroup, unchanged by
the Devil's turns.

**The chain.**  Starting from Z = H, repeatedly find x outside Z that normalises Z
(x Z x^-1 = Z) and on which the turns act trivially modulo Z (x^-1 g(x) in Z for every
generator g); with p the smallest prime factor of the order of x modulo Z and a = x^(k/p), the
next level is Z ∪ Z a ∪ ... ∪ Z a^(p-1), a subgroup in which Z is normal of index p, and the
turns act trivially on the quotient.  The construction of §6.4 then goes through unchanged: if
T wins from every start in Z, then T, a, T, ..., a, T (p - 1 copies of a) wins from every start
in the next level, because each T keeps the coset of Z the state is in and each a moves it one
step along the p cosets.  A complete chain gives |M / H| - 1 moves, which is also the lower
bound of §3 (against a Devil who never turns, the prefix products must meet every right coset
of H), so the strategy is shortest.  When the wreath product (M with the turns) is a p-group
the chain always completes (a nontrivial normal subgroup of a p-group meets its centre), and
any choice of x will do.  Otherwise the choices matter (S3 on one position: a transposition
first leads nowhere, a 3-cycle first completes), so the chain is searched depth first over
them, within a budget.  A chain that does not complete proves nothing here (unlike §6.5): the
solver then looks for the Devil's largest trap (``devilcoins.traps``), and searches beliefs
when there is none.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from devilcoins.blind.chain import chain_moves, goal_mask
from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.core.numbers import smallest_prime_factor
from devilcoins.core.tables import ClassTable, class_table

__all__ = [
    "MAX_CHAIN_CHECKS",
    "GroupChain",
    "coset_walk",
    "group_chain",
    "group_chain_strategy",
]

#: Candidates (elements outside a level) the chain examines, over all its choices, before it
#: gives up.
MAX_CHAIN_CHECKS = 20_000


def _products(tab: ClassTable, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """x * y position by position, for states xs and ys of the same shape (or one a scalar)."""
    game = tab.game
    if game.value_group is None:
        raise NotSupported(f"{game} has values that add mod m; this module is for groups")
    mul = np.array(game.value_group.mul, dtype=np.int64)
    dx = tab.digits[np.asarray(xs, dtype=np.int64)].astype(np.int64)
    dy = tab.digits[np.asarray(ys, dtype=np.int64)].astype(np.int64)
    return np.asarray(mul[dx, dy] @ tab.powers)


@dataclass(frozen=True, kw_only=True, eq=False)
class GroupChain:
    """The chain for a game with values in a group (see the module doc).

    sizes        |Z| at each level, from the subgroup the goal generates
    complete     the last level is every state
    goal_is_subgroup   the goal is the first level (so a complete chain gives the strategy)
    steps        (a, p) for each level after the first: its generator over the one before
    """

    game: Game
    sizes: tuple[int, ...]
    complete: bool
    goal_is_subgroup: bool
    steps: tuple[tuple[int, int], ...]

    def length(self) -> int:
        """|M / H| - 1: the construction's length (when complete), and the lower bound."""
        states: int = self.game.values**self.game.n
        return states // self.sizes[0] - 1


def _steps(
    tab: ClassTable, level: np.ndarray, budget: list[int]
) -> Iterator[tuple[int, int, np.ndarray]]:
    """(a, p, next level) for each element a outside level extending it by index p, larger p
    first (S3^n: the 3-cycles first), then in order; budget[0] counts down the candidates."""
    outside = np.flatnonzero(~level)
    fixed = np.ones(len(outside), dtype=bool)
    for image in tab.maps:  # x^-1 g(x) in Z: the turns act trivially modulo Z
        fixed &= level[_products(tab, tab.neg[outside], image[outside])]
    members = np.flatnonzero(level)
    found: list[tuple[int, int]] = []
    for x in outside[fixed].tolist():
        if budget[0] <= 0:
            break
        budget[0] -= 1
        xs = np.full_like(members, x)
        conjugates = _products(tab, _products(tab, xs, members), np.full_like(members, tab.neg[x]))
        if not level[conjugates].all():
            continue  # x does not normalise Z
        k, y = 1, x
        while not level[y]:
            y = int(_products(tab, np.array([y]), np.array([x]))[0])
            k += 1
        p = smallest_prime_factor(k)
        a = x
        for _ in range(k // p - 1):
            a = int(_products(tab, np.array([a]), np.array([x]))[0])
        found.append((a, p))
    for a, p in sorted(found, key=lambda step: -step[1]):
        grown = level.copy()
        coset = members
        for _ in range(p - 1):
            coset = _products(tab, coset, np.full_like(coset, a))
            grown[coset] = True
        yield a, p, grown


def group_chain(game: Game, *, budget: int = MAX_CHAIN_CHECKS) -> GroupChain:
    """The chain for a game with values in a group: depth first over the choices of each next
    level (for p-groups the first choice completes; a level that led nowhere is not tried
    again), examining up to budget candidates; the longest chain found when none completes.

    >>> c = group_chain(Game.parse('n=2 values=Q8'))
    >>> c.complete, c.sizes, c.length()
    (True, (1, 2, 4, 8, 16, 32, 64), 63)
    >>> group_chain(Game.parse('n=2 values=S3')).complete
    False
    """
    tab = class_table(game)
    goal = goal_mask(tab)
    generated = tab.span(goal)
    failed: set[bytes] = set()
    best: list[tuple[int, int, np.ndarray]] = []
    path: list[tuple[int, int, np.ndarray]] = []
    left = [budget]

    def extend(level: np.ndarray) -> bool:
        nonlocal best
        if level.all():
            return True
        for a, p, grown in _steps(tab, level, left):
            key = np.packbits(grown).tobytes()
            if key in failed:
                continue
            path.append((a, p, grown))
            if len(path) > len(best):
                best = list(path)
            if extend(grown):
                return True
            path.pop()
            failed.add(key)
        return False

    complete = extend(generated)
    chosen = path if complete else best
    return GroupChain(
        game=game,
        sizes=(int(generated.sum()), *(int(z.sum()) for _, _, z in chosen)),
        complete=complete,
        goal_is_subgroup=bool(np.array_equal(generated, goal)),
        steps=tuple((a, p) for a, p, _ in chosen),
    )


def group_chain_strategy(chain: GroupChain) -> np.ndarray:
    """The construction's moves: T_j = T_(j-1), a_j, T_(j-1), ..., a_j, T_(j-1).

    >>> g = Game.parse('n=2 values=Z2xZ2')
    >>> ' '.join(g.move_text(int(a)) for a in group_chain_strategy(group_chain(g))[:7])
    '11 10 11 22 11 10 11'
    """
    if not (chain.complete and chain.goal_is_subgroup):
        raise NotSupported(f"the chain for {chain.game} gives no strategy (it stops short)")
    return chain_moves(chain.steps)


def coset_walk(game: Game) -> np.ndarray | None:
    """With a still table, every move allowed and a goal H that is a subgroup: moves whose
    running products meet every left coset of H once each (start x is won when its product P
    has x * P in H, P in the coset x^-1 H), |M / H| - 1 moves, the lower bound; else None.
    The chain needs H normal step by step; the walk needs nothing (docs/mathematics.md §7.5).

    >>> g = Game.parse('n=3 values=S3 group=none goal=same')
    >>> len(coset_walk(g))
    35
    """
    if game.group.generators or game.hands is not None or game.moves is not None:
        return None
    tab = class_table(game)
    goal = goal_mask(tab)
    if not np.array_equal(tab.span(goal), goal):
        return None
    members = np.flatnonzero(goal)
    covered = np.zeros(len(goal), dtype=bool)
    reps: list[int] = []
    for x in range(len(goal)):  # state 0, the identity everywhere, first
        if not covered[x]:
            reps.append(x)
            covered[_products(tab, np.full_like(members, x), members)] = True
    steps = np.array(reps, dtype=np.int64)
    return _products(tab, tab.neg[steps[:-1]], steps[1:])
