"""A won touch game's strategy, read off a settled search: for each belief met from the start,
the reach that keeps its promise and, for each pattern felt, the setting and the next node.

Two searches settle a touch game (``cylinders`` over the closure, ``levels`` by levels); each
has its reader here, and both give nodes of one shape (``Node``).
"""

from __future__ import annotations

import numpy as np

from devilcoins.core.beliefs import Ints, Rows
from devilcoins.observed.touch.cylinders import NO_BOUND, CylinderSearch
from devilcoins.observed.touch.levels import Levels
from devilcoins.observed.touch.rows import beliefs_of, digits, pattern_sets, rows_empty

__all__ = ["Node", "level_strategy", "strategy"]

#: One node of a strategy: (positions, moves left, belief as class representatives, outcomes),
#: outcomes as (felt values, values added, next node or None for a sure win).
Node = tuple[
    tuple[int, ...],
    int,
    tuple[int, ...],
    tuple[tuple[tuple[int, ...], tuple[int, ...], int | None], ...],
]


class _Planner:
    """Reads a strategy off a settled search: for each belief on it, a reach and the changes.

    The search keeps one belief of each symmetric family; the planner walks the beliefs as they
    are, and reads each one's value from its family's representative.
    """

    def __init__(self, search: CylinderSearch) -> None:
        self.search, sp = search, search.space
        self.m, self.k = sp.game.values, sp.game.hands or 0
        self.out = np.zeros((len(sp.reaches), sp.felt_count, sp.rwords), dtype=np.uint64)
        self.acc = np.zeros((sp.felt_count, sp.words), dtype=np.uint64)
        self.digits = np.array([digits(w, self.m, self.k) for w in range(sp.felt_count)])
        t = sp.t
        self.args = (t.n_goal, t.orbit_start.astype(np.int64), t.orbit_states.astype(np.int64))
        self.index_of = t.index_of.astype(np.int64)

    def values(self, rows: Rows) -> Ints:
        """The value of each belief row (its representative's; 0 for the empty belief)."""
        vals: Ints = self.search.values(rows)
        return np.where(vals >= 0, vals, NO_BOUND)

    def changes(self, v: int, w: int) -> tuple[int, ...]:
        """The values to add on the reach to turn felt v into w."""
        m, k = self.m, self.k
        return tuple((b - a) % m for a, b in zip(digits(v, m, k), digits(w, m, k), strict=True))

    def best(self, r: int, rset: Rows, v: int, d: int) -> tuple[int, Rows | None] | None:
        """A choice w after feeling v (rest in rset) that wins in under d moves: (w, belief)."""
        sp = self.search.space
        beliefs_of(
            np.uint64(r), rset, sp.t.n_goal, self.index_of, sp.compose, sp.off_count, self.acc
        )
        vals = self.values(self.acc)
        ok = np.flatnonzero(vals < d)
        if not len(ok):
            return None
        weights = (self.digits[ok] != self.digits[v]).sum(axis=1)
        w = int(ok[np.lexsort((ok, weights, vals[ok]))[0]])
        return w, (self.acc[w].copy() if vals[w] else None)

    def plan(self, r: int, d: int) -> list[tuple[int, int, Rows | None]] | None:
        """For reach r, every felt v's (v, w, next belief), or None if r does not win in d.

        A pattern whose rest lies inside another's may have been left out of the search (it is
        never harder); it then takes the other's choice and that belief's strategy.
        """
        sets = self.out[r]
        choice = []
        for v in np.flatnonzero(sets.any(axis=1)):
            got = self.best(r, sets[v], int(v), d)
            for u in np.flatnonzero((sets[v] & ~sets).sum(axis=1) == 0):
                if got is not None:
                    break
                got = self.best(r, sets[u], int(v), d) if u != v else None
            if got is None:
                return None
            choice.append((int(v), *got))
        return choice

    def node(self, row: Rows) -> tuple[int, tuple[int, ...], list[tuple[int, int, Rows | None]]]:
        """Belief row's value and the first reach that keeps it: (value, positions, choices)."""
        d = int(self.values(row[None, :])[0])
        sp = self.search.space
        pattern_sets(row, *self.args, sp.felt, sp.off, self.out)
        for r, pos in enumerate(sp.reaches):
            choice = self.plan(r, d)
            if choice is not None:
                return d, pos, choice
        raise AssertionError("a settled belief has a reach that keeps its promise")


def strategy(search: CylinderSearch) -> dict[int, Node]:
    """The strategy from the start (node 0) as nodes: reach, moves left, belief, outcomes."""
    planner = _Planner(search)
    sp, m, k = search.space, planner.m, planner.k
    start = search.beliefs.rows[1].copy()
    node_of, todo, policy = {start.tobytes(): 0}, [start], {}
    for row in todo:
        left, pos, choice = planner.node(row)
        outcomes = []
        for v, w, nxt in choice:
            then = None
            if nxt is not None:
                key = nxt.tobytes()
                if key not in node_of:
                    node_of[key] = len(node_of)
                    todo.append(nxt)
                then = node_of[key]
            outcomes.append((digits(v, m, k), planner.changes(v, w), then))
        belief = tuple(int(sp.t.reps[sp.t.n_goal + i]) for i in sp.bits(row))
        policy[node_of[row.tobytes()]] = (pos, left, belief, tuple(outcomes))
    return policy


def level_strategy(levels: Levels, value: int, *, exact: bool = True) -> dict[int, Node]:
    """The strategy from the start (node 0), over the beliefs as they are met.  exact=False:
    within value moves, each node promising what its parent left it rather than its belief's
    least value (nothing more is searched; a belief met with two budgets is two nodes)."""
    sp, m = levels.space, levels.space.game.values
    start = levels.start.tobytes() if exact else (levels.start.tobytes(), value)
    node_of: dict[object, int] = {start: 0}
    todo: list[tuple[Rows, int, object]] = [(levels.start, value, start)]
    policy: dict[int, Node] = {}
    for row, most, name in todo:
        d = levels.value(row, most) if exact else most
        r, choice = levels.plan(row, d)
        outcomes = []
        for v, w, nxt in choice:
            then = None
            if not rows_empty(nxt):
                key = nxt.tobytes() if exact else (nxt.tobytes(), d - 1)
                if key not in node_of:
                    node_of[key] = len(node_of)
                    todo.append((nxt.copy(), d - 1, key))
                then = node_of[key]
            felt, new = levels.felt(v), levels.felt(w)
            changes = tuple((b - a) % m for a, b in zip(felt, new, strict=True))
            outcomes.append((felt, changes, then))
        belief = tuple(int(sp.t.reps[sp.t.n_goal + i]) for i in sp.bits(row))
        policy[node_of[name]] = (sp.reaches[r], d, belief, tuple(outcomes))
    return policy
