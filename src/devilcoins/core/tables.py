"""One class table for every game: the states numbered by class (the Devil's orbits), goal first.

The player cannot tell apart two states that differ by one of the Devil's turns, so beliefs are
sets of *classes* (orbits of the Devil's group; for coins, sequences up to rotation).  A table
numbers the classes 0..K-1 with the goal classes first and holds what the kernel reads.  Two
orders are offered (docs/mathematics.md §1):

- ``order="state"`` (the default): a class is named by its smallest state number, and classes
  are sorted by that number;
- ``order="text"``: a class is named by the alphabetically first text of its states ('H' < 'T',
  position 0 first), and classes are sorted alphabetically: the notebook's canonical sequences,
  so for coins index 0 is all heads and ``table(n)`` lists sequences as the notebook does.

Values add mod m, position by position (XOR for coins); when the game's values form another
group (``Game.value_group``) "adding" t to x multiplies each position on the right,
x_i * t_i, through the group's multiplication table, and ``neg`` holds inverses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from devilcoins.core.beliefs import KernelTables
from devilcoins.core.errors import InvalidInput, TooLarge, check_n
from devilcoins.core.game import Game
from devilcoins.core.resources import CACHED_GAMES, reserve

__all__ = ["MAX_TABLE_N", "ORDERS", "ClassTable", "class_table", "table"]

#: The largest N whose full 2^N-entry coin index the engine builds (4 MiB of int32 at N = 20).
MAX_TABLE_N = 20

#: How classes may be named and sorted (see the module doc).
ORDERS = ("state", "text")


@dataclass(frozen=True, eq=False)
class ClassTable:
    """The states of a game numbered by class (the Devil's orbits), goal classes first.

    index_of[x]   class of state x        reps[k]   the state that names class k
    orbit_start, orbit_states             the states of class k, in increasing order, are
                                          orbit_states[orbit_start[k]:orbit_start[k + 1]]
    n_goal        classes 0..n_goal-1 make up the goal
    maps          for each generator g, the state g(x) for every x
    digits, powers  digits[x] = the values of state x; x = digits[x] @ powers
    neg           -x for every state x (x_i^-1 at each position for a value group)
    """

    game: Game
    order: str
    digits: np.ndarray
    powers: np.ndarray
    maps: tuple[np.ndarray, ...]
    index_of: np.ndarray
    reps: np.ndarray
    orbit_start: np.ndarray
    orbit_states: np.ndarray
    n_goal: int
    neg: np.ndarray

    @property
    def n(self) -> int:
        """The number of positions."""
        return self.game.n

    @property
    def size(self) -> int:
        """K, the number of classes."""
        return len(self.reps)

    @property
    def states(self) -> int:
        """m^n."""
        return len(self.index_of)

    def index(self, x: int) -> int:
        """The class of state x."""
        return int(self.index_of[x])

    @cached_property
    def kernel(self) -> KernelTables:
        """What the update kernel reads: the classes, then how to add (``_adder``)."""
        classes = (self.n_goal, self.index_of, self.reps, self.orbit_start, self.orbit_states)
        adder = _adder(self.game.values, self.game.n, _multiplication(self.game))
        return KernelTables._make((*classes, *adder, self.neg))

    def add(self, xs: np.ndarray, t: int) -> np.ndarray:
        """x + t for each state x (vectorised): x_i * t_i for a value group."""
        m = self.game.values
        if m == 2:
            return np.asarray(xs, dtype=np.int64) ^ t
        mul = _multiplication(self.game)
        if mul is not None:
            d = mul[self.digits[np.asarray(xs, dtype=np.int64)], self.digits[t]]
            return np.asarray(d.astype(np.int64) @ self.powers)
        d = (self.digits[np.asarray(xs, dtype=np.int64)].astype(np.int64) + self.digits[t]) % m
        return np.asarray(d @ self.powers)

    def span(self, mask: np.ndarray) -> np.ndarray:
        """The subgroup of states that the states in mask generate (a mask over states).

        States add position by position (or multiply, for a value group); starting from 0,
        each state of mask not yet inside is added as a generator, and what it brings is
        closed under every generator so far, new elements only.  So the result is exactly the
        least subgroup holding mask, whatever its size.

        >>> t = class_table(Game(3))
        >>> [int(x) for x in np.flatnonzero(t.span(np.isin(np.arange(8), [3, 5])))]
        [0, 3, 5, 6]
        """
        group = np.zeros(self.states, dtype=bool)
        group[0] = True
        gens: list[int] = []
        for x in np.flatnonzero(mask).tolist():
            if group[x]:
                continue
            gens.append(x)
            frontier = self.add(np.flatnonzero(group), x)
            frontier = np.unique(frontier[~group[frontier]])
            while len(frontier):
                group[frontier] = True
                found = np.concatenate([self.add(frontier, g) for g in gens])
                frontier = np.unique(found[~group[found]])
        return group


def _multiplication(game: Game) -> np.ndarray | None:
    """The value group's table mul[x, y] = x * y, or None when values add mod m."""
    if game.value_group is None:
        return None
    return np.array(game.value_group.mul, dtype=np.int64).reshape(game.values, game.values)


def _adder(
    m: int, n: int, mul: np.ndarray | None = None
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """(m, add_lo, add_hi, lo_of, hi_of, base): states add digit by digit through two small
    tables, one for the low half of the positions and one for the high half (coins: XOR); with
    mul (a value group's table) the tables multiply position by position instead."""
    if m == 2:
        table, split = np.zeros((1, 1), dtype=np.int64), np.zeros(1, dtype=np.int64)
        return m, table, table, split, split, 1
    low = (n + 1) // 2
    base = m**low
    xs = np.arange(m**n, dtype=np.int64)
    lo, hi = _add_table(m, low, mul), _add_table(m, n - low, mul)
    return m, lo, hi, xs % base, xs // base, base


def _add_table(m: int, digits: int, mul: np.ndarray | None = None) -> np.ndarray:
    """table[x, y] = x + y position by position (mod m), or x_i * y_i by mul, for numbers of
    that many digits."""
    size = m**digits
    if size * size > 1 << 26:
        raise TooLarge(f"dials with {m} values are too many for the addition tables")
    dx = _digits(size, m, digits).astype(np.int64)
    powers = m ** np.arange(digits, dtype=np.int64)
    if mul is None:
        total = (dx[:, None, :] + dx[None, :, :]) % m
    else:
        total = mul[dx[:, None, :], dx[None, :, :]]
    return np.asarray((total @ powers).astype(np.int64))


def _digits(states: int, m: int, n: int) -> np.ndarray:
    """digits[x, i] = the value at position i of state x (base m, position 0 lowest)."""
    dtype = np.uint8 if m <= 256 else np.uint16 if m <= 1 << 16 else np.int64  # each value whole
    digits = np.empty((states, n), dtype=dtype)
    if not n:
        return digits
    reserve(digits.nbytes + 2 * 8 * states, "the table of states")
    xs = np.arange(states, dtype=np.int64)
    for i in range(n):  # a column at a time: the int64 columns are never all held at once
        digits[:, i] = xs % m
        xs //= m
    return digits


def _numbers(
    digits: np.ndarray, powers: np.ndarray, values: np.ndarray | None = None
) -> np.ndarray:
    """The state numbers sum_i values[digits[x, i]] * powers[i] (values: none, the digits
    themselves), a column at a time: no int64 copy of every state's digits is held.

    >>> _numbers(np.array([[1, 0], [1, 1]], dtype=np.uint8), np.array([1, 2])).tolist()
    [1, 3]
    """
    numbers = np.zeros(len(digits), dtype=np.int64)
    for i in range(digits.shape[1]):
        column = digits[:, i].astype(np.int64)
        numbers += (column if values is None else values[column]) * int(powers[i])
    return numbers


def _goal_mask(game: Game, digits: np.ndarray, powers: np.ndarray) -> np.ndarray:
    mask = np.zeros(len(digits), dtype=bool)
    if game.goal == "zero":
        mask[0] = True
    elif game.goal == "same":
        mask[(digits == digits[:, :1]).all(axis=1)] = True
    else:
        for v in game.goal_states:
            mask[int(np.asarray(v, dtype=np.int64) @ powers)] = True
    return mask


def _orbit_labels(maps: tuple[np.ndarray, ...], states: int) -> np.ndarray:
    """label[x] = the smallest state in the orbit of x (pointer jumping over the generators)."""
    label = np.arange(states, dtype=np.int64)
    while True:
        new = label
        for g in maps:
            new = np.minimum(new, label[g])
        new = new[new]
        if np.array_equal(new, label):
            return label
        label = new


def _check_goal(game: Game, goal: np.ndarray, maps: tuple[np.ndarray, ...]) -> None:
    for g in maps:
        moved = goal[g]
        if not np.array_equal(moved, goal):
            bad = int(np.flatnonzero(goal & ~moved)[0])
            raise InvalidInput(
                f"the goal must be unchanged by the Devil's turns: {game.state_text(bad)} is in "
                "it but one of its turns is not; add the turns of every goal state"
            )


def _names(label: np.ndarray, key: np.ndarray) -> np.ndarray:
    """For each state, the state of its class with the least key (key: a bijection on states)."""
    order = np.argsort(label, kind="stable")
    sorted_label = label[order]
    starts = np.flatnonzero(np.r_[True, sorted_label[1:] != sorted_label[:-1]])
    least = np.minimum.reduceat(key[order], starts)
    state_of_key = np.empty_like(key)
    state_of_key[key] = np.arange(len(key))
    name = np.empty_like(label)
    name[order] = np.repeat(state_of_key[least], np.diff(np.r_[starts, len(order)]))
    return name


@lru_cache(maxsize=CACHED_GAMES)
def class_table(game: Game, order: str = "state") -> ClassTable:
    """Build (once per game and order) the classes of states under the Devil's group.

    >>> t = class_table(Game.parse('n=4 goal=same'))
    >>> t.size, t.n_goal, [Game(4).state_text(int(x)) for x in t.reps[:3]]
    (6, 2, ['HHHH', 'TTTT', 'THHH'])
    >>> [Game(4).state_text(int(x)) for x in class_table(Game(4), 'text').reps]
    ['HHHH', 'HHHT', 'HHTT', 'HTHT', 'HTTT', 'TTTT']
    """
    if order not in ORDERS:
        raise InvalidInput(f"order must be one of {', '.join(ORDERS)}, got {order!r}")
    n, m = game.n, game.values
    states = game.check_size()
    # what the table and its making hold at their peak: the digits, a map per generator, and
    # some ten arrays of a number per state
    gens = len(game.group.generators)
    reserve(states * (n * (1 if m <= 256 else 8) + 8 * gens + 80), f"the table of {game}")
    powers = m ** np.arange(n, dtype=np.int64)
    digits = _digits(states, m, n)
    maps = tuple(game.group.index_maps(digits, powers))
    label = _orbit_labels(maps, states)
    goal = _goal_mask(game, digits, powers)
    _check_goal(game, goal, maps)
    if order == "text":  # the key of a state is its text read as a number, position 0 first
        key = _numbers(digits, powers[::-1])
        label = _names(label, key)
    else:
        key = np.arange(states, dtype=np.int64)
    reps = np.unique(label)
    reps = reps[np.argsort(key[reps], kind="stable")]
    reps = np.concatenate([reps[goal[reps]], reps[~goal[reps]]])
    rank = np.empty(states, dtype=np.int64)
    rank[reps] = np.arange(len(reps))
    index_of = rank[label].astype(np.int32)
    counts = np.bincount(index_of, minlength=len(reps))
    if game.value_group is None:
        neg = _numbers(digits, powers, (m - np.arange(m, dtype=np.int64)) % m)
    else:
        neg = _numbers(digits, powers, np.array(game.value_group.inverse, dtype=np.int64))
    return ClassTable(
        game=game,
        order=order,
        digits=digits,
        powers=powers,
        maps=maps,
        index_of=index_of,
        reps=reps.astype(np.int64),
        orbit_start=np.concatenate(([0], np.cumsum(counts))).astype(np.int64),
        orbit_states=np.argsort(index_of, kind="stable").astype(np.int64),
        n_goal=int(goal[reps].sum()),
        neg=neg.astype(np.int64),
    )


def table(n: int) -> ClassTable:
    """The coin game's table for n coins: canonical sequences in the notebook's order.

    >>> [Game(4).state_text(int(x)) for x in table(4).reps]
    ['HHHH', 'HHHT', 'HHTT', 'HTHT', 'HTTT', 'TTTT']
    """
    check_n(n)
    if n > MAX_TABLE_N:
        raise TooLarge(
            f"N = {n:,} is too large to index: the engine holds one entry per coin sequence "
            f"(2^{n:,}); the largest it builds is N = {MAX_TABLE_N}"
        )
    return class_table(Game(n), "text")
