"""A touch strategy for 2m glasses built from the one for m glasses (coins, goal all the same):
an upper bound where the search does not fit (docs/mathematics.md §8.6).

Pair glass i with glass i + m and call d_i = g_i xor g_(i+m) the pair's difference; a turn of
the table turns d as a table of m.  With 2j hands the player reaches for j whole pairs.  Two
strategies of the m-glass game with j hands are played on pairs:

- on the differences (``_on_d``): feel d on j pairs, set it by changing one glass of a pair;
- on the glasses when every pair is equal (``_on_h``): change both glasses of a pair together,
  which keeps every difference.  When d = 0 this is the m-glass game itself, bell included.

A test T plays the second strategy with its first move reaching pairs: felt d all 0 there, it
goes on (and rings when d is all 0); felt d all 1, it flips the first m glasses (every
difference flips) and plays the second strategy from its start (ringing when d was all 1);
felt d mixed, d is not all the same and the test ends at once.  The doubled strategy is T,
then each move of the first strategy followed by T.  The player knows whether a test flipped,
so the first strategy is played on d or on d with every difference flipped (a turn moves a
flipped d as it moves d, and a flipped d is all the same exactly when d is): V moves on
differences and V + 1 tests of at most V + 2 moves, V^2 + 4V + 2 moves in all for V the
m-glass value.  A test follows only the outcomes of the first strategy after which some table
it meets is all the same (``may_win``): after the others d cannot have become all the same.
And the first strategy is the one whose plays meet the fewest tests (``touchbounds.tested``; the
game's own strategy where that search does not finish): 8 glasses with 4 hands (V = 9) take 42
moves doubled, 119 with a test after each move.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.touchbounds.tested import difference_strategy

__all__ = ["CoinPlan", "coin_plan", "doubled_strategy", "halves", "may_win"]

#: A node of a coin strategy: left, reach, and for each felt pattern (set, next).
_Half = tuple[int, list[int], dict[tuple[int, ...], tuple[tuple[int, ...], int | None]]]

#: A coin strategy's nodes by number (``coin_plan``).
CoinPlan = dict[int, _Half]


def halves(game: Game) -> Game | None:
    """The half game the doubling plays on pairs (m glasses, j = hands // 2 hands), or None
    where it does not apply: coins on a turning table, goal all the same, an even n of 4 or
    more (the half game needs a move) and at least n/2 hands (to flip half the table in one
    move).

    >>> str(halves(Game.parse('n=16 hands=9 goal=same observe=touch')))
    'n=8 hands=4 goal=same observe=touch'
    >>> halves(Game.parse('n=16 hands=7 goal=same observe=touch')) is None
    True
    """
    n, k = game.n, game.hands or 0
    plain = Game.parse(f"n={n} hands={k} goal=same observe=touch") if k else None
    if game != plain or n % 2 or n < 4 or k < n // 2:
        return None
    return Game.parse(f"n={n // 2} hands={k // 2} goal=same observe=touch")


def doubled_strategy(
    game: Game, half_nodes: list[dict[str, Any]]
) -> tuple[int, list[dict[str, Any]]]:
    """The doubled strategy's worst case and its nodes (in the certificate's form, node 0 the
    start), from the nodes of a strategy that wins the half game (``halves``)."""
    needs = "coins, goal all the same, an even n and n/2 hands"
    half = applying(game, halves(game), "doubling", needs)
    plan = coin_plan(half_nodes)
    chosen = difference_strategy(half, plan[0][0] + 2)  # a test takes at most V + 2 moves
    on_d = plan if chosen is None else coin_plan(chosen[1])
    writer = _Writer(game.n, game.hands or 0, half.hands or 0, plan, on_d)
    start, left = writer.build()
    return left, writer.numbered(start)


def applying(game: Game, smaller: Game | None, how: str, needs: str) -> Game:
    """The smaller game a construction (how: 'doubling', 'peeling') builds game's strategy
    from, or NotSupported saying what it needs (smaller is None where it does not apply).

    >>> applying(Game(3), None, "doubling", "an even n")
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.NotSupported: n=3: the doubling needs an even n
    """
    if smaller is None:
        raise NotSupported(f"{game}: the {how} needs {needs}")
    return smaller


def coin_plan(nodes: list[dict[str, Any]]) -> CoinPlan:
    """A coin strategy's nodes (certificate form, H and T) as numbers: for each node (left,
    reach, felt pattern -> (values set, next or None))."""
    plan: CoinPlan = {}
    for node in nodes:
        outcomes = {}
        for felt, new, nxt in node["outcomes"]:
            key = tuple("HT".index(c) for c in felt)
            outcomes[key] = (tuple("HT".index(c) for c in new), None if nxt == "win" else nxt)
        plan[int(node["node"])] = (int(node["left"]), list(node["reach"]), outcomes)
    return plan


def may_win(plan: CoinPlan, m: int) -> set[tuple[int, tuple[int, ...]]]:
    """The outcomes (node, felt) of a coin strategy for m glasses after which some table it
    can meet there is all the same: only after those can the differences the doubling plays it
    on have become all the same, so only those need a test after them.

    >>> plan = {0: (1, [0], {(0,): ((1,), None), (1,): ((0,), None)})}
    >>> sorted(may_win(plan, 2))
    [(0, (0,)), (0, (1,))]
    """
    full = (1 << m) - 1
    met: dict[int, set[int]] = {s: set() for s in plan}
    met[0] = set(range(1, full))  # every table off the goal, at the start
    out = set()
    for s in sorted(plan, key=lambda s: -plan[s][0]):  # a next node promises fewer moves
        _, reach, outcomes = plan[s]
        for table in met[s]:
            felt = tuple(table >> p & 1 for p in reach)
            values, nxt = outcomes[felt]
            for p, v in zip(reach, values, strict=True):
                table = table & ~(1 << p) | v << p
            if table in (0, full):
                out.add((s, felt))
            elif nxt is not None:
                met[nxt].update((table << r | table >> (m - r)) & full for r in range(m))
    return out


def _text(bits: tuple[int, ...]) -> str:
    return "".join("HT"[b] for b in bits)


@dataclass
class _Writer:
    """Writes the doubled strategy's nodes, numbering them as they are made."""

    n: int
    k: int
    j: int
    plan: dict[int, _Half]
    on_d_plan: dict[int, _Half]
    nodes: dict[int, dict[str, Any]] = field(default_factory=dict)

    def build(self) -> tuple[int, int]:
        """Write every node: the start's number and promise."""
        final = self._test(None, None)
        wins = may_win(self.on_d_plan, self.n // 2)
        tests: dict[tuple[int, int], tuple[int, int]] = {}
        moves: dict[tuple[int, int], tuple[int, int]] = {}

        def test(s: int, flipped: int) -> tuple[int, int]:
            """The test before the half strategy's node s, entered with d flipped or not from
            the half strategy's d; a test that flips the table leaves it flipped once more."""
            if (s, flipped) not in tests:
                tests[s, flipped] = self._test(on_d(s, flipped), on_d(s, 1 - flipped))
            return tests[s, flipped]

        def on_d(s: int, flipped: int) -> tuple[int, int]:
            """The half strategy's node s played on differences, d flipped or not."""
            if (s, flipped) not in moves:
                outcomes = self.on_d_plan[s][2]
                targets = {u: after(s, u, nxt, flipped) for u, (_, nxt) in outcomes.items()}
                left = 1 + max(lf for _, lf in targets.values())
                reach = self._pairs(self.on_d_plan[s][1])
                moves[s, flipped] = self._add(left, reach, self._on_d(s, targets, flipped)), left
            return moves[s, flipped]

        def after(s: int, u: tuple[int, ...], nxt: int | None, flipped: int) -> tuple[int, int]:
            """What follows the move on differences at s felt u: the last test where the half
            strategy has won, a test where it may have won some table, else its next move."""
            if nxt is None:
                return final
            return test(nxt, flipped) if (s, u) in wins else on_d(nxt, flipped)

        return test(0, 0)

    def numbered(self, start: int) -> list[dict[str, Any]]:
        """The nodes numbered from 0, the start first."""
        order = [start, *(x for x in self.nodes if x != start)]
        new = {old: i for i, old in enumerate(order)}
        out = []
        for old in order:
            node = self.nodes[old]
            outcomes = [[f, w, x if x == "win" else new[x]] for f, w, x in node["outcomes"]]
            out.append({**node, "node": new[old], "outcomes": outcomes})
        return out

    def _add(self, left: int, reach: list[int], outcomes: list[list[Any]]) -> int:
        number = len(self.nodes)
        self.nodes[number] = {"node": number, "left": left, "reach": reach, "outcomes": outcomes}
        return number

    def _pairs(self, reach: list[int]) -> list[int]:
        """Both glasses of each pair reached, then other glasses up to the hands."""
        m = self.n // 2
        both = [*reach, *(r + m for r in reach)]
        return both + [p for p in range(self.n) if p not in both][: self.k - len(both)]

    def _patterns(self) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
        """Every pattern felt on a pairs reach, split: first glasses, second glasses, rest."""
        j = self.j
        return [(b[:j], b[j : 2 * j], b[2 * j :]) for b in itertools.product((0, 1), repeat=self.k)]

    def _on_d(
        self, s: int, targets: dict[tuple[int, ...], tuple[int, int]], flipped: int
    ) -> list[list[Any]]:
        """The half strategy's node s played on differences (flipped: on d with every
        difference flipped): feel d, set it by the second glass of each pair; the next block is
        the one before the half strategy's next node."""
        outcomes = self.on_d_plan[s][2]
        fallback = next(iter(outcomes))
        out = []
        for a, b, rest in self._patterns():
            d = tuple(x ^ y ^ flipped for x, y in zip(a, b, strict=True))
            key = d if d in outcomes else fallback
            w = outcomes[key][0]
            new_b = tuple(x ^ y ^ flipped for x, y in zip(a, w, strict=True))
            out.append([_text(a + b + rest), _text(a + new_b + rest), targets[key][0]])
        return out

    def _on_h(self, exit_: int | None, exit_left: int) -> tuple[int, int]:
        """A copy of the half strategy played on pairs, both glasses changed together (every
        difference kept); its bell goes on to exit_ (None: the bell rings)."""
        base = len(self.nodes)
        number = {u: base + i for i, u in enumerate(sorted(self.plan))}
        for u in sorted(self.plan):
            left, reach, outcomes = self.plan[u]
            fallback = next(iter(outcomes))
            out = []
            for a, b, rest in self._patterns():
                w, nxt = outcomes.get(a, outcomes[fallback])
                new_b = tuple(x ^ y ^ z for x, y, z in zip(a, b, w, strict=True))
                then: int | str = (
                    number[nxt] if nxt is not None else ("win" if exit_ is None else exit_)
                )
                out.append([_text(a + b + rest), _text(w + new_b + rest), then])
            assert self._add(exit_left + left, self._pairs(reach), out) == number[u]
        return number[0], exit_left + self.plan[0][0]

    def _flip(self, exit_: int, exit_left: int) -> tuple[int, int]:
        """Flip the first n/2 glasses (every difference flips), feeling nothing of use."""
        m = self.n // 2
        reach = list(range(self.k))
        out = []
        for bits in itertools.product((0, 1), repeat=self.k):
            new = tuple(1 - x for x in bits[:m]) + bits[m:]
            out.append([_text(bits), _text(new), exit_])
        return self._add(exit_left + 1, reach, out), exit_left + 1

    def _test(
        self, kept: tuple[int, int] | None, flipped: tuple[int, int] | None
    ) -> tuple[int, int]:
        """The test: the strategy on pairs, whose first move also feels d on its pairs.  Felt
        all 0, the strategy goes on (it rings if d is all 0) and leaves to kept; felt all 1, the
        first n/2 glasses are flipped and the strategy played from its start (it rings if d was
        all 1), leaving to flipped; felt mixed, d is not all the same and the test leaves to kept
        at once.  None: after the last move on differences, where d is all the same and the
        strategy rings."""
        exit_, exit_left = kept if kept is not None else (None, 0)
        second = self._on_h(*(flipped if flipped is not None else (None, 0)))
        flip, flip_left = self._flip(*second)
        first, left = self._on_h(exit_, exit_left)
        node = self.nodes[first]
        j = self.j
        for out in node["outcomes"]:
            felt = [int(c == "T") for c in out[0]]
            d = {x ^ y for x, y in zip(felt[:j], felt[j : 2 * j], strict=True)}
            if d == {1}:
                out[1:] = [out[0], flip]
            elif d == {0, 1}:
                out[1:] = [out[0], "win" if exit_ is None else exit_]
        node["left"] = max(left, 1 + flip_left, 1 + exit_left)
        return first, node["left"]
