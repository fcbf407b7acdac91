"""A blind game on a still table as the covering problem it is (docs/mathematics.md §7.6).

When the Devil never turns, a start x after t moves is x * p_t, with p_t the running product
(for dials: the running total) of the moves, p_0 the identity. So x is won by move L exactly
when one of the translates G * p_t^-1 of the goal G (t = 0..L) holds it, and a strategy is a
walk p_0, p_1, ..., p_L whose steps p_(t-1)^-1 p_t are allowed moves and whose translates
cover every state. With every move allowed, any set of translates that holds G itself is such a
walk, in any order: the least length is the fewest translates that cover the states, minus one.
With limited hands or a list of moves, the walk's steps count too.

``Cover`` holds the tables; ``blind.still`` settles the game from it with the solver.

>>> c = Cover.of(Game.parse('n=2 group=none goal=HH,TT'))
>>> c.size, c.goal_size, sorted(map(int, c.sets[0]))
(4, 2, [0, 3])
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise

import numpy as np

from devilcoins.core.game import Game
from devilcoins.core.resources import reserve

__all__ = ["Cover", "is_still"]


def is_still(game: Game) -> bool:
    """Whether the game is blind on a table the Devil never turns.

    >>> is_still(Game.parse('n=3 group=none')), is_still(Game(3))
    (True, False)
    """
    return (
        not game.observe.tree
        and game.devil_moves is None
        and (game.group.name == "none" or game.n == 1)
    )


def _value_tables(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The values' product table and inverses (addition mod m for dials and coins)."""
    m = game.values
    if game.value_group is None:
        v = np.arange(m)
        mul = (v[:, None] + v[None, :]) % m
    else:
        mul = np.array(game.value_group.mul, dtype=np.int64)
    inv = np.argmax(mul == 0, axis=1)
    return mul.astype(np.int64), inv.astype(np.int64)


@dataclass(frozen=True)
class Cover:
    """A still-table game's tables: each state's digits, the product of states, the goal, the
    allowed moves, and for each state p the starts its translate holds (``sets[p]``: those x
    with x * p in the goal)."""

    game: Game
    digits: np.ndarray
    mul: np.ndarray
    inv: np.ndarray
    goal: np.ndarray
    moves: np.ndarray

    @classmethod
    def of(cls, game: Game) -> Cover:
        """The tables of a still-table game (m^n states; the caller keeps that small)."""
        size = game.check_size()
        m, n = game.values, game.n
        digits = (np.arange(size)[:, None] // m ** np.arange(n)[None, :]) % m
        mul, inv = _value_tables(game)
        goal = np.array([x for x in range(size) if game.in_goal(x)], dtype=np.int64)
        if game.hands is None and game.moves is None:
            moves = np.arange(1, size, dtype=np.int64)
        else:
            moves = np.array([a for a in range(1, size) if game.allowed(a)], dtype=np.int64)
        return cls(game, digits.astype(np.int64), mul, inv, goal, moves)

    @property
    def size(self) -> int:
        """The number of states, |M|."""
        return len(self.digits)

    @property
    def goal_size(self) -> int:
        """The number of goal states, |G|."""
        return len(self.goal)

    @property
    def every_move(self) -> bool:
        """Whether every move is allowed (no hands limit, no list)."""
        return len(self.moves) == self.size - 1

    def encode(self, digits: np.ndarray) -> np.ndarray:
        """State numbers of rows of digits."""
        return digits @ (self.game.values ** np.arange(self.game.n))

    def times(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """x * y position by position (arrays of states, broadcast), a position at a time: the
        digits of every product are never held at once (8 bytes each: a table of every state
        by every move of 11 coins took 370 MB)."""
        xs, ys = np.asarray(xs), np.asarray(ys)
        shape = np.broadcast_shapes(xs.shape, ys.shape)
        reserve(4 * 8 * math.prod(shape), f"the products of {self.game}")
        products = np.zeros(shape, dtype=np.int64)
        m = self.game.values
        for i in range(self.game.n):
            products += self.mul[self.digits[xs, i], self.digits[ys, i]] * m**i
        return products

    def inverse(self, xs: np.ndarray) -> np.ndarray:
        """x^-1 position by position."""
        return self.encode(self.inv[self.digits[xs]])

    @cached_property
    def sets(self) -> np.ndarray:
        """Row p: the starts won when the running product is p, the states g * p^-1."""
        every = np.arange(self.size)
        back = self.inverse(every)
        return self.times(self.goal[None, :], back[:, None])

    @cached_property
    def step(self) -> np.ndarray:
        """step[p, j]: the running product p followed by move j (j = 0 the pass)."""
        moves = np.concatenate([[0], self.moves])
        return self.times(np.arange(self.size)[:, None], moves[None, :])

    @cached_property
    def reach(self) -> np.ndarray:
        """The fewest allowed moves whose product is p, for every p (size: never)."""
        far = np.full(self.size, self.size, dtype=np.int64)
        far[0] = 0
        if self.every_move:  # each state other than the identity is a move: one reaches it
            far[1:] = 1
            return far
        queue = deque([0])
        step = self.step
        while queue:
            p = queue.popleft()
            nxt = step[p][far[step[p]] > far[p] + 1]
            far[nxt] = far[p] + 1
            queue.extend(int(q) for q in nxt)
        return far

    @cached_property
    def first_move(self) -> np.ndarray:
        """For each reachable p, a move that starts a shortest way from the identity to p."""
        first = np.zeros(self.size, dtype=np.int64)
        far = self.reach
        for d in range(1, int(far[far < self.size].max(initial=0)) + 1):
            for p in np.flatnonzero(far == d):
                if d == 1:
                    first[p] = p
                    continue
                back = self.times(np.array([p]), self.inverse(self.moves))
                before = back[far[back] == d - 1][0]
                first[p] = first[before]
        return first

    def never_won(self) -> np.ndarray:
        """The starts no running product the moves can make brings into the goal."""
        won = np.zeros(self.size, dtype=bool)
        won[self.sets[self.reach < self.size].ravel()] = True
        return np.flatnonzero(~won)

    def path(self, p: int, q: int) -> list[int]:
        """Allowed moves taking the running product p to q, fewest first."""
        moves: list[int] = []
        while p != q:
            rest = int(self.times(np.array([self.inverse(np.array([p]))[0]]), np.array([q]))[0])
            a = self.last_move(rest)
            moves.append(a)
            p = int(self.times(np.array([p]), np.array([a]))[0])
        return moves

    def last_move(self, z: int) -> int:
        """The first move of a shortest way from the identity to z (``first_move``)."""
        return int(self.first_move[z])

    def moves_of(self, walk: list[int]) -> list[int]:
        """The moves p_(t-1)^-1 p_t of a walk of running products (p_0 the identity)."""
        ps = np.array(walk, dtype=np.int64)
        return [int(a) for a in self.times(self.inverse(ps[:-1]), ps[1:])]

    def greedy(self) -> list[int]:
        """A walk covering every state, by the greedy rule: go where the most starts are won
        per move (a strategy, not the shortest; every state must be won by some reachable p)."""
        covered = np.zeros(self.size, dtype=bool)
        covered[self.sets[0]] = True
        walk, p = [0], 0
        sets, reachable = self.sets, self.reach < self.size
        while not covered.all():
            gain = (~covered[sets]).sum(axis=1) * reachable
            ways = self.reach[self.times(self.inverse(np.array([p])), np.arange(self.size))]
            q = int(np.argmax(gain / np.maximum(ways, 1)))
            for a in self.path(p, q):
                p = int(self.times(np.array([p]), np.array([a]))[0])
                walk.append(p)
                covered[sets[p]] = True
        return walk

    def ordered(self, chosen: list[int]) -> list[int]:
        """A walk through the running products chosen (the identity first), in an order whose
        steps between them are short: nearest first, then improved by reversing stretches
        (2-opt) while that shortens it; each step between two of them a fewest-moves path."""
        ps = np.array(chosen, dtype=np.int64)
        far = self.reach[self.times(self.inverse(ps)[:, None], ps[None, :])]
        order, left = [0], set(range(1, len(ps)))
        while left:
            here = order[-1]
            nearest = min(left, key=lambda j: (far[here, j], j))
            order.append(nearest)
            left.remove(nearest)
        order = _two_opt(order, far)
        walk, p = [0], 0
        for j in order[1:]:
            for a in self.path(p, int(ps[j])):
                p = int(self.times(np.array([p]), np.array([a]))[0])
                walk.append(p)
        return walk

    def covers(self, walk: list[int]) -> bool:
        """Whether the translates of the walk's running products hold every state."""
        covered = np.zeros(self.size, dtype=bool)
        covered[self.sets[np.array(walk, dtype=np.int64)].ravel()] = True
        return bool(covered.all())


def _two_opt(order: list[int], far: np.ndarray) -> list[int]:
    """order (first fixed) with stretches reversed while that shortens the walk through them
    (far[i, j]: the steps from i to j; the walk need not come back)."""

    def length(o: list[int]) -> int:
        return int(sum(far[a, b] for a, b in pairwise(o)))

    best, improved = length(order), True
    while improved:
        improved = False
        for i in range(1, len(order) - 1):
            for j in range(i + 1, len(order)):
                trial = order[:i] + order[i : j + 1][::-1] + order[j + 1 :]
                size = length(trial)
                if size < best:
                    order, best, improved = trial, size, True
    return order
