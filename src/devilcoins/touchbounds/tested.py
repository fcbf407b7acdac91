"""The strategy the doubling plays on differences, chosen for the doubling: each of its moves
that may make the table all the same costs a test after it (docs/mathematics.md §8.6).

The doubling (``touchbounds.doubling``) plays a strategy S of the m-coin game on the differences of
opposite glasses and follows each outcome of S after which some table may be all the same with
a test of t moves.  Its length is t for the first test plus the worst, over S's plays, of S's
moves and t for each test met.  The search here finds the S for which that is least: the level
search of the m-coin game (``observed.touch.levels``) with one change, a setting that can make
the table all the same costs t more moves than the one it takes.  Any S of the game wins, so
the least is never more than the optimal strategy's cost; the worst case counts moves, not
strategies, so S may take more moves than the game's value yet meet fewer tests.

>>> from devilcoins.core.game import Game
>>> cost, nodes = difference_strategy(Game.parse('n=4 hands=2 goal=same observe=touch'), 7)
>>> cost, nodes[0]['left'] == cost
(20, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from devilcoins.core.beliefs import Rows
from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.observed.touch.checkpoint import keeping_marks
from devilcoins.observed.touch.levels import MAX_LEVELS, Levels
from devilcoins.observed.touch.marks import as_int
from devilcoins.observed.touch.rows import rows_empty, rows_size
from devilcoins.observed.touch.space import Space

__all__ = ["difference_strategy"]

#: Seconds the search may take before the doubling falls back on the game's own strategy.
SECONDS = 120.0


class _Tested(Levels):
    """The level search of a coin game (goal all the same) where a setting that may make the
    table all the same costs `test` more moves."""

    def __init__(self, space: Space, test: int) -> None:
        super().__init__(space, seconds=SECONDS)
        self.test = test
        game = space.game
        k, off = game.hands or 0, game.n - (game.hands or 0)
        #: the settings all the same, each with the one pattern off the reach that matches it
        self._uniform = {0: 1, (1 << k) - 1: 1 << ((1 << off) - 1)}

    def cost(self, w: int, x: int) -> int:
        """t when setting w next to the patterns x off the reach may leave all the same."""
        return self.test if x & self._uniform.get(w, 0) else 0

    def _options(self, d: int, r: int, x: int) -> list[tuple[int, int, int, Rows]]:
        """The settings within the budget d: (cost, belief size, w, belief), cheapest first."""
        _, acc, _, _, _ = self.space.player_options(r, self.words(x))
        out = []
        for w in range(len(acc)):
            cost = self.cost(w, x)
            if cost <= d:
                out.append((cost, rows_size(acc[w]), w, acc[w]))
        return sorted(out, key=lambda o: o[:3])

    def setting_wins(self, d: int, r: int, x: int) -> int | None:
        """d when some setting after feeling x on reach r wins within d, tests counted."""
        options = self._options(d, r, x)
        if any(rows_empty(row) or self.within(row, d - c) for c, _, _, row in options):
            return d
        return None

    def _first_change(self, r: int, x: int, d: int) -> tuple[int, Rows]:
        for c, _, w, row in self._options(d, r, x):
            if rows_empty(row) or self.within(row, d - c):
                return w, row.copy()
        raise AssertionError("a node that passes has a setting that wins")

    def least_cost(self) -> int | None:
        """The least cost of the start, by halving from the top level (None: past it)."""
        low, high = 1, MAX_LEVELS - 1
        if not self.within(self.start, high):
            return None
        while low < high:
            mid = (low + high) // 2
            low, high = (low, mid) if self.within(self.start, mid) else (mid + 1, high)
        return high


def difference_strategy(half: Game, test: int) -> tuple[int, list[dict[str, Any]]] | None:
    """The strategy of the coin game half whose plays, with test moves after each outcome that
    may leave the table all the same, are shortest: (that cost, its nodes in the certificate's
    form, each promising its cost).  None where the search takes too long or the cost is past
    its levels."""
    with keeping_marks(None):  # its marks count tests: never a level-search checkpoint
        search = _Tested(Space.of(half), test)
        try:
            cost = search.least_cost()
        except TooLarge:
            return None
    if cost is None:
        return None
    return cost, _nodes(search, cost)


def _nodes(search: _Tested, cost: int) -> list[dict[str, Any]]:
    """The strategy's nodes from the start, each belief met with a budget one node."""
    sp = search.space
    start = (search.start.tobytes(), cost)
    number: dict[tuple[bytes, int], int] = {start: 0}
    todo: list[tuple[Rows, int]] = [(search.start, cost)]
    nodes: list[dict[str, Any]] = []
    for row, d in todo:
        r, choices = _plan(search, row, d)
        outcomes: list[list[Any]] = []
        for v, w, x, nxt in choices:
            then: int | str = "win"
            if not rows_empty(nxt):
                key = (nxt.tobytes(), d - 1 - search.cost(w, x))
                if key not in number:
                    number[key] = len(number)
                    todo.append((nxt, key[1]))
                then = number[key]
            outcomes.append([_text(search, v), _text(search, w), then])
        reach = list(sp.reaches[r])
        nodes.append({"node": len(nodes), "left": d, "reach": reach, "outcomes": outcomes})
    return nodes


def _plan(search: _Tested, row: Rows, d: int) -> tuple[int, list[tuple[int, int, int, Rows]]]:
    """A reach that keeps the budget d, and for each pattern felt (v, w, x, belief left)."""
    out, _ = search.space.devil_options(row)
    shown = np.asarray(out.any(axis=2))
    for r in range(len(search.space.reaches)):
        xs = [(int(v), as_int(out[r, v])) for v in np.flatnonzero(shown[r])]
        if all(search.node_passes(d - 1, r, x) for _, x in xs):
            return r, [(v, w, x, row) for v, x in xs for w, row in [search._change(r, x, d - 1)]]
    raise AssertionError("a belief within its budget has a reach that keeps it")


def _text(search: _Tested, w: int) -> str:
    return "".join("HT"[b] for b in search.felt(w))
