"""The chain construction for any blind game, and the Devil's certificate when the chain stalls.

docs/mathematics.md §6: with M the group of states and H the goal (a subgroup, unchanged by the
Devil), let Z_0 = H and Z_(i+1) = { x : g(x) - x in Z_i for every generator g }.  On
Z_(i+1) / Z_i the Devil's turns do nothing.  Refined into steps of prime order p with
generators a_1, a_2, ..., the strategy T_j = T_(j-1), a_j, T_(j-1), ..., a_j, T_(j-1) (p - 1
copies of a_j) wins on Z_j in |Z_j / H| - 1 moves.  If the chain reaches M, T wins in
|M / H| - 1 moves, and nothing shorter can (against a Devil who never turns, the |M / H| prefix
sums must meet every coset of H).  If it stalls at Z != M, the Devil keeps the state outside Z
forever: for x outside Z some generator g has g(x) - x outside Z, so x + a and g(x) + a are not
both in Z.

When the goal is not a subgroup the chain starts from the subgroup it generates; a stall is still
a certificate (the goal lies inside Z), but a complete chain no longer gives a strategy.

All of this is for values that add mod m; values in another group (``Game.value_group``) have
their own chain, which proves nothing when it stalls (``blind.groups``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from devilcoins.core.errors import InvalidInput, NotSupported
from devilcoins.core.game import Game
from devilcoins.core.numbers import smallest_prime_factor
from devilcoins.core.perm import Perm
from devilcoins.core.resources import reserve
from devilcoins.core.tables import ClassTable, class_table
from devilcoins.results import Evidence, EvidenceKind
from devilcoins.results.words import counted
from devilcoins.traps import trap_evidence

__all__ = [
    "Chain",
    "certificate_evidence",
    "chain",
    "chain_evidence",
    "chain_moves",
    "chain_strategy",
    "devil_turn",
    "goal_mask",
    "levels_evidence",
    "lower_bound_evidence",
]


@dataclass(frozen=True, kw_only=True, eq=False)
class Chain:
    """The chain Z_0 (the subgroup the goal generates) < Z_1 < ... for a game, and its steps.

    levels[i]    a mask over states: Z_i
    complete     the last level is every state
    goal_is_subgroup   the goal is exactly Z_0 (so a complete chain gives the strategy)
    steps        (a, p): the refinement into prime steps, a generator of each (complete chains)
    """

    game: Game
    levels: tuple[np.ndarray, ...]
    complete: bool
    goal_is_subgroup: bool
    steps: tuple[tuple[int, int], ...]

    @property
    def top(self) -> np.ndarray:
        """The last level: every state when the chain is complete; when it stalls, the states
        outside it are the Devil's trap (``trap``)."""
        return self.levels[-1]

    @property
    def trap(self) -> np.ndarray:
        """The states outside the last level: the Devil's trap when the chain stalls."""
        return ~self.levels[-1]

    def sizes(self) -> list[int]:
        """|Z_i| for each level."""
        return [int(z.sum()) for z in self.levels]

    def length(self) -> int:
        """|M / Z_0| - 1: the construction's length (when complete), and the lower bound."""
        return int(len(self.top) // self.levels[0].sum()) - 1


def goal_mask(tab: ClassTable) -> np.ndarray:
    """The goal's states, as a mask over states."""
    goal = np.zeros(tab.states, dtype=bool)
    goal[tab.orbit_states[: tab.orbit_start[tab.n_goal]]] = True
    return goal


def _shift(tab: ClassTable, mask: np.ndarray, v: int) -> np.ndarray:
    """The mask moved by v: {x + v : x in mask}."""
    xs = np.arange(tab.states, dtype=np.int64)
    shifted: np.ndarray = mask[tab.add(xs, int(tab.neg[v]))]
    return shifted


def _multiple(tab: ClassTable, x: int, k: int) -> int:
    m = tab.game.values
    return int(((tab.digits[x].astype(np.int64) * k) % m) @ tab.powers)


def _differences(tab: ClassTable) -> list[np.ndarray]:
    """For each generator g, the state g(x) - x for every x (a position at a time: no int64
    copy of every state's digits is held, 8 bytes a digit)."""
    m = tab.game.values
    reserve(8 * tab.states * (len(tab.maps) + 3), f"the chain of {tab.game}")
    diffs = []
    for g in tab.maps:
        diff = np.zeros(tab.states, dtype=np.int64)
        for i in range(tab.digits.shape[1]):
            d = tab.digits[:, i].astype(np.int64)
            diff += ((d[g] - d) % m) * int(tab.powers[i])
        diffs.append(diff)
    return diffs


def chain(game: Game) -> Chain:
    """Compute the chain for a game (and its prime steps when it reaches every state).

    >>> c = chain(Game(4))
    >>> c.sizes(), c.complete, c.length()
    ([1, 2, 4, 8, 16], True, 15)
    >>> chain(Game(6)).complete, chain(Game(6)).sizes()
    (False, [1, 2, 4])
    """
    if game.value_group is not None:
        raise NotSupported(
            f"{game}: this needs values that add mod m; for values in the group "
            f"{game.value_group} use solve, prove or verify (blind.groups)"
        )
    if game.devil_moves is not None:
        raise NotSupported(
            "the chain is for a Devil who turns by a whole group; a Devil restricted to "
            "devil_moves is solved by the restricted Devil's family (blind.restricted)"
        )
    tab = class_table(game)
    goal = goal_mask(tab)
    generated = tab.span(goal)
    levels = [generated]
    diffs = _differences(tab)
    while True:
        z = levels[-1]
        nxt = np.ones(tab.states, dtype=bool)
        for d in diffs:
            nxt &= z[d]
        if nxt.sum() == z.sum():
            break
        levels.append(nxt)
    complete = bool(levels[-1].all())
    steps: list[tuple[int, int]] = []
    if complete:
        for lo, hi in pairwise(levels):
            w = lo
            while not np.array_equal(w, hi):
                x = int(np.flatnonzero(hi & ~w)[0])
                k = 1
                while not w[_multiple(tab, x, k)]:
                    k += 1
                p = smallest_prime_factor(k)
                a = _multiple(tab, x, k // p)
                grown = w.copy()
                shifted = w
                for _ in range(p - 1):
                    shifted = _shift(tab, shifted, a)
                    grown |= shifted
                steps.append((a, p))
                w = grown
    return Chain(
        game=game,
        levels=tuple(levels),
        complete=complete,
        goal_is_subgroup=bool(np.array_equal(generated, goal)),
        steps=tuple(steps),
    )


def chain_strategy(game: Game) -> np.ndarray:
    """The chain construction's moves (states to add), shortest possible: |M / H| - 1 of them.

    >>> [Game(4).move_text(int(a)) for a in chain_strategy(Game(4))[:4]]
    ['FFFF', 'FLFL', 'FFFF', 'FFLL']
    """
    c = chain(game)
    if not c.complete:
        raise NotSupported(
            f"no strategy wins {game}: the chain stops at {c.sizes()[-1]:,} of "
            f"{len(c.top):,} states (the Devil's certificate)"
        )
    if not c.goal_is_subgroup:
        raise NotSupported(
            "the goal is not closed under adding its states (not a subgroup), so the chain "
            "construction does not apply; search instead"
        )
    return chain_moves(c.steps)


def chain_moves(steps: Iterable[tuple[int, int]]) -> np.ndarray:
    """The construction's moves from its steps (a_j, p_j): T_j = T_(j-1), a_j, T_(j-1), ...,
    a_j, T_(j-1) (p_j copies of T_(j-1)), from T_0 = no moves.

    >>> chain_moves([(1, 2), (2, 3)]).tolist()
    [1, 2, 1, 2, 1]
    """
    moves = np.zeros(0, dtype=np.int64)
    for a, p in steps:
        parts = [moves]
        for _ in range(p - 1):
            parts += [np.array([a], dtype=np.int64), moves]
        moves = np.concatenate(parts)
    return moves


def devil_turn(game: Game, x: int, move: int, trap: np.ndarray) -> Perm:
    """The certificate's turn for state x (in the trap) facing a move: identity or a generator.

    The result, applied to x and then moved, stays in the trap.

    >>> z = chain(Game(3)).trap
    >>> devil_turn(Game(3), 0b001, 0b001, z)  # 'THH' flipped at 0 would be all heads: turn
    Perm(2 0 1)
    """
    tab = class_table(game)
    identity = Perm.identity(game.n)
    if trap[int(tab.add(np.array([x]), move)[0])]:
        return identity
    for g, image in zip(game.group.generators, tab.maps, strict=True):
        y = int(image[x])
        if trap[int(tab.add(np.array([y]), move)[0])]:
            return g
    raise InvalidInput(f"{game.state_text(x)} is not in the Devil's trap; no turn keeps it there")


def certificate_evidence(game: Game, top: np.ndarray) -> Evidence:
    """Check the stalled chain's last level Z (top) as the Devil's certificate, over every
    state: the states outside it are his trap.

    It holds when Z is a subgroup holding the goal, not every state, and every state x outside
    Z has a generator g with g(x) - x outside Z: then x + a and g(x) + a, which differ by
    g(x) - x, are not both in Z, whatever the move a.
    """
    tab = class_table(game)
    outside = ~top
    escapes = np.zeros(tab.states, dtype=bool)
    for d in _differences(tab):
        escapes |= ~top[d]
    subgroup = bool(np.array_equal(tab.span(top), top))
    holds = bool(subgroup and (escapes | top).all() and top[goal_mask(tab)].all() and outside.any())
    start = int(np.flatnonzero(outside)[0]) if outside.any() else 0
    argument = (
        f"The chain stops at a level of {int(top.sum()):,} of the {tab.states:,} states that "
        "holds the goal. From any state outside it, the state and the same state turned by one "
        "of the Devil's basic turns differ by a state outside it, so whatever the move, it leaves "
        "at least one of the two outside: the Devil, starting outside (e.g. from "
        f"{game.state_text(start)}), turns or not, to stay out, and the goal never appears; the "
        "states outside the level are his trap. (docs/mathematics.md §6.5: the level Z is a "
        "subgroup, and for x outside Z some generator g has g(x) - x outside Z, so x + a or "
        "g(x) + a is outside Z.)"
    )
    return trap_evidence(game, "the Devil's certificate", argument, outside, holds)


def chain_evidence(c: Chain) -> Evidence:
    """The chain's levels, stated: their sizes and where they stop."""
    sizes = c.sizes()
    shown = ", ".join(f"{s:,}" for s in sizes)
    ends = "every state" if c.complete else f"{sizes[-1]:,} of the {len(c.top):,} states, and stop"
    first = (
        "the goal"
        if c.goal_is_subgroup
        else "the goal's states and all their sums (the subgroup they generate)"
    )
    return Evidence(
        kind=EvidenceKind.CONSTRUCTION,
        name="the chain",
        statement=(
            f"The chain builds levels up from {first}: each next level holds the states that "
            "every turn of the Devil changes only by a state of the level below, so within it "
            "his turns never move a state from one shifted copy of the level below to another; "
            f"here the levels have {shown} states, reaching {ends} (docs/mathematics.md §6: the "
            "levels are subgroups, the shifted copies their cosets)."
        ),
        checked=False,
        detail={"sizes": sizes, "complete": c.complete},
    )


def levels_evidence(c: Chain) -> Evidence:
    """Check that each level of the chain is a subgroup holding the one before."""
    tab = class_table(c.game)
    subgroups = all(np.array_equal(tab.span(z), z) for z in c.levels)
    nested = all(not (lo & ~hi).any() for lo, hi in pairwise(c.levels))
    holds = bool(subgroups and nested and (c.levels[0] >= goal_mask(tab)).all())
    return Evidence(
        kind=EvidenceKind.CHECK,
        name="the chain's levels",
        statement=(
            "Each level was checked to hold every sum of its own states (to be a subgroup), to "
            "hold the one before it, and the first to hold the goal"
            + (": it holds." if holds else ": it does NOT hold.")
        ),
        checked=True,
        holds=holds,
        detail={"sizes": c.sizes()},
    )


def lower_bound_evidence(c: Chain) -> Evidence:
    """Why no strategy is shorter than |M / Z_0| - 1 (when the goal is a subgroup)."""
    bound = c.length()
    return Evidence(
        kind=EvidenceKind.LOWER_BOUND,
        name="lower bound",
        statement=(
            f"Nothing shorter than {counted(bound, 'move')} wins: if the Devil never turns, "
            "each of the "
            f"{bound + 1:,} families of starts (states that differ by a goal state) needs a "
            "running total of the moves of its own, and L moves have only L + 1 running totals, "
            "the empty one included (docs/mathematics.md §3: the families are the cosets of the "
            "goal)."
        ),
        checked=False,
        detail={"lower_bound": bound},
    )
