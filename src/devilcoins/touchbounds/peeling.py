"""A touch strategy for dials of m values built from the one for coins (goal all the same):
an upper bound where the search does not fit (docs/mathematics.md §8.7).

Read each dial as a coin: H where it shows 0, T elsewhere.  The coin strategy played on that
reading (the *outer* moves) sets 0 where it sets H and, where it sets T on a dial showing 0,
sets 1; other dials keep their values, so the readings move exactly as in the coin game.  It
makes the readings all the same at some moment: every dial 0 (the goal), or no dial 0.  So
after each outer move that may leave no 0 (one that sets no H), and once at the start, comes a
*block*: the strategy for m - 1 values (1 .. m-1 read as 0 .. m-2), which never sets 0 and
stops, keeping every dial, as soon as it feels a 0.  A block keeps every reading, so the outer
moves see the coin game (the turns during a block are one turn to them), and the block after
the moment no dial shows 0 is the game of m - 1 values itself, bell included.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Any

from devilcoins.core.game import Game
from devilcoins.results.trees import values_text
from devilcoins.touchbounds.doubling import CoinPlan, applying, coin_plan

__all__ = ["coin_game", "peeled_strategy"]

#: A strategy's nodes as numbers: left, reach, and for each felt pattern (values set, next).
_Plan = CoinPlan


def coin_game(game: Game) -> Game | None:
    """The coin game the peeling starts from (the same table and hands, 2 values), or None
    where it does not apply: a touch game (the Devil turns by a group, values add mod m) of
    m >= 3 values, goal all the same, n >= 2 (one dial is all the same at the start).

    >>> str(coin_game(Game.parse('n=8 values=3 hands=4 goal=same observe=touch')))
    'n=8 hands=4 goal=same observe=touch'
    >>> coin_game(Game.parse('n=8 hands=4 goal=same observe=touch')) is None
    True
    """
    if not game.observe.feels or game.goal != "same" or game.values < 3 or game.n < 2:
        return None
    return replace(game, values=2)


def peeled_strategy(
    game: Game, coin_nodes: list[dict[str, Any]]
) -> tuple[int, list[dict[str, Any]]]:
    """The peeled strategy's worst case and its nodes (in the certificate's form, node 0 the
    start), from the nodes of a strategy that wins the coin game (``coin_game``)."""
    needs = "a touch game of 3 or more values, goal all the same"
    applying(game, coin_game(game), "peeling", needs)
    coins_plan = coin_plan(coin_nodes)
    plan = coins_plan
    for m in range(3, game.values + 1):
        plan = _Writer(m, game.hands or 0, coins_plan, plan).build()
    nodes = [
        {
            "node": i,
            "left": left,
            "reach": reach,
            "outcomes": [
                [values_text(game, f), values_text(game, w), "win" if x is None else x]
                for f, (w, x) in outcomes.items()
            ],
        }
        for i, (left, reach, outcomes) in sorted(plan.items())
    ]
    return plan[0][0], nodes


@dataclass
class _Writer:
    """Writes the strategy for m values from the coin plan and the plan for m - 1 values."""

    m: int
    k: int
    coins: _Plan
    inner: _Plan
    nodes: _Plan = field(default_factory=dict)
    blocks: dict[int | None, tuple[int, int]] = field(default_factory=dict)

    def build(self) -> _Plan:
        """Every node, renumbered so that the start is node 0."""
        entries: dict[int, tuple[int, int]] = {}

        def entry(s: int) -> tuple[int, int]:
            """The outer node playing the coin strategy's node s: its number and promise."""
            if s not in entries:
                _, reach, outcomes = self.coins[s]
                targets = {f: self._after(w, nxt, entry) for f, (w, nxt) in outcomes.items()}
                most = 1 + max(lf for _, lf in targets.values())
                entries[s] = self._add(most, reach, self._outer(outcomes, targets)), most
            return entries[s]

        start, _ = self._block(*entry(0))
        order = [start, *(i for i in self.nodes if i != start)]
        new = {old: i for i, old in enumerate(order)}
        return {
            new[old]: (
                self.nodes[old][0],
                self.nodes[old][1],
                {f: (w, None if x is None else new[x]) for f, (w, x) in self.nodes[old][2].items()},
            )
            for old in order
        }

    def _after(self, set_: tuple[int, ...], nxt: int | None, entry: Any) -> tuple[int | None, int]:
        """Where an outer move goes: a block first when it sets no H (no dial may show 0)."""
        then = (None, 0) if nxt is None else entry(nxt)
        return self._block(*then) if 0 not in set_ else then

    def _add(self, left: int, reach: list[int], outcomes: dict[Any, Any]) -> int:
        number = len(self.nodes)
        self.nodes[number] = (left, reach, outcomes)
        return number

    def _patterns(self) -> list[tuple[int, ...]]:
        return list(itertools.product(range(self.m), repeat=self.k))

    def _outer(
        self,
        outcomes: dict[tuple[int, ...], tuple[tuple[int, ...], int | None]],
        targets: dict[tuple[int, ...], tuple[int | None, int]],
    ) -> dict[tuple[int, ...], tuple[tuple[int, ...], int | None]]:
        """The coin node played on readings: 0 where it sets H, a dial's own value (1 if it
        showed 0) where it sets T.  Readings the coin strategy never meets (the readings were
        all the same before) take one of its outcomes."""
        fallback = next(iter(outcomes))
        out = {}
        for x in self._patterns():
            read = tuple(int(v != 0) for v in x)
            key = read if read in outcomes else fallback
            coin = outcomes[key][0]
            new = tuple((v or 1) if c else 0 for v, c in zip(x, coin, strict=True))
            out[x] = (new, targets[key][0])
        return out

    def _block(self, exit_: int | None, exit_left: int) -> tuple[int, int]:
        """A copy of the plan for m - 1 values on values 1 .. m-1, going on to exit_ (None: the
        bell) when it ends or feels a 0; one copy per exit."""
        if exit_ in self.blocks:
            return self.blocks[exit_]
        base = len(self.nodes)
        number = {u: base + i for i, u in enumerate(sorted(self.inner))}
        for u in sorted(self.inner):
            left, reach, outcomes = self.inner[u]
            fallback = next(iter(outcomes))
            out: dict[tuple[int, ...], tuple[tuple[int, ...], int | None]] = {}
            for x in self._patterns():
                if 0 in x:
                    out[x] = (x, exit_)
                    continue
                w, nxt = outcomes.get(tuple(v - 1 for v in x), outcomes[fallback])
                out[x] = (tuple(v + 1 for v in w), exit_ if nxt is None else number[nxt])
            assert self._add(exit_left + left, reach, out) == number[u]
        self.blocks[exit_] = number[0], exit_left + self.inner[0][0]
        return self.blocks[exit_]
