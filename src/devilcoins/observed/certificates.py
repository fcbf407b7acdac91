"""Optimality certificates for touch, sight and count games: both bounds, in a file anyone can
check.

A certificate says the game's least worst case is exactly V, or that the Devil wins, with the
data a checker needs to see it without trusting the search (docs/mathematics.md §8.4):

- the **upper bound**: the player's strategy, whose nodes each promise to win within their
  "left" moves (the shared nodes for touch and count, the move of every class for sight);
- the **lower bound**: the Devil's witness.  For touch it is a list of cylinder nodes (a reach
  and the patterns still possible off it, after the player feels it) with claims c: whatever
  the player sets on the reach, the belief left shows, on every reach, some pattern whose node
  holds a listed node claiming c - 1 or more; and the start shows such a node claiming V - 1
  on every reach, so no strategy wins in fewer than V moves.  For sight it is a claim for
  every class, for count a claim for beliefs;
- or, when the Devil wins, a **trap**: classes from which every move has an answer that keeps
  a class of the trap possible.

Sets of states are written as bitsets over all m^n states (state x has digit i, in base m, the
value at position i), little-endian, in base64; a set lists at least one state of each class
and the checker closes it under the Devil's turns.  A node's patterns off its reach give the
values of the positions not in it, in increasing order.  ``devilcoins.certcheck`` reads and
checks the file with its own tables.

>>> from devilcoins.core.game import Game
>>> from devilcoins.observed.touch import solve_touch
>>> cert = touch_certificate(solve_touch(Game.parse('n=4 hands=2 goal=same observe=touch')))
>>> cert['value'], cert['witness'][0]['claim'], len(cert['strategy']['nodes'])
(5, 4, 6)
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from typing import Any

import numpy as np

from devilcoins.core.beliefs import Rows
from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.core.tables import class_table
from devilcoins.observed.count import count_trap, count_witness
from devilcoins.observed.sizes import for_small_games
from devilcoins.observed.touch.levels import Levels
from devilcoins.observed.touch.marks import as_int
from devilcoins.observed.touch.rows import digits
from devilcoins.results.count import CountSolution, classes_of
from devilcoins.results.sight import SightSolution
from devilcoins.results.touch import TouchSolution
from devilcoins.results.trees import values_text

__all__ = [
    "FORMAT",
    "bounds_of",
    "count_certificate",
    "level_witness",
    "sight_certificate",
    "states_text",
    "touch_certificate",
]

#: The first field of every certificate file.
FORMAT = "devilcoins certificate"


def states_text(game: Game, states: Iterable[int]) -> str:
    """A set of states as base64 of a little-endian bitset over all m^n states.

    >>> states_text(Game(4), [1, 3])
    'CgA='
    """
    bits = np.zeros(game.values**game.n, dtype=np.uint8)
    bits[list(states)] = 1
    return base64.b64encode(np.packbits(bits, bitorder="little").tobytes()).decode()


def _header(game: Game, value: int | None) -> dict[str, Any]:
    return {
        "certificate": FORMAT,
        "version": 2,
        "game": str(game),
        "value": value,
        "states": "bitsets over all states, little-endian, base64; digit i of state x in base "
        f"{game.values} is the value at position i; each set is closed under the Devil's turns",
        "nodes": "a reach's positions, and the values off it (positions in increasing order) "
        "still possible after feeling it; its claim: no strategy wins from it in fewer moves",
    }


def _trapped(game: Game, trap: Iterable[int] | None) -> dict[str, Any]:
    """The certificate of a game the Devil wins: the header and his trap (a set of states)."""
    if not trap:
        raise NotSupported(f"{game}: the Devil wins, but no trap was kept to write down")
    return {**_header(game, None), "trap": states_text(game, trap)}


@for_small_games
def touch_certificate(sol: TouchSolution) -> dict[str, Any]:
    """Both bounds of a solved touch game, or its trap."""
    game = sol.game
    if not sol.winnable:
        return _trapped(game, sol.trap)
    out = {**_header(game, sol.length), "strategy": {"nodes": sol.nodes()}, "witness": []}
    if sol.length and sol.length >= 2:
        if not isinstance(sol.search, Levels):
            raise NotSupported(
                f"{game}: witnesses are written for games the level search settles (its "
                "marks are the Devil's claims); this one was settled by the closure search "
                "(solve ... --method levels --certificate FILE asks the level search)"
            )
        out["witness"] = _Witness(sol.search).nodes(sol.length)
    return out


def level_witness(search: Levels, lower: int) -> list[dict[str, Any]]:
    """The Devil's witness that no strategy wins in fewer than lower moves, read off the level
    search's marks (none needed below 2)."""
    return _Witness(search).nodes(lower) if lower >= 2 else []


def bounds_of(
    game: Game, lower: tuple[int, list[Any]], upper: tuple[int | None, dict[str, Any] | None]
) -> dict[str, Any]:
    """A bounds certificate from its halves: (L, the witness that nothing wins in fewer moves)
    and (U, a strategy within U moves: touch nodes, or {"blind": moves} that ignore what is
    felt), or (None, None) when no strategy is known: bounds [L, null]."""
    (low, witness), (high, strategy) = lower, upper
    cert = {**_header(game, None), "bounds": [low, high], "witness": witness}
    return cert if strategy is None else cert | {"strategy": strategy}


def _largest(sets: np.ndarray) -> list[int]:
    """The sets (as bit masks) that no other of them strictly contains, in increasing order."""
    xs = sorted({int(x) for x in sets})
    return [x for x in xs if not any(x != y and x & y == x for y in xs)]


class _Witness:
    """The Devil's lower-bound witness read off the level search's marks: cylinder nodes
    (reach, patterns off it) with claims U >= c, each as small as the marks allow.

    A belief B needs V(B) >= c: on every reach some pattern's node must claim c - 1 or more
    (a listed node inside it, as U only grows with the patterns).  A node claiming c needs
    every change's belief to have V >= c.  Nodes are added only where no listed node covers
    the need, and each added node is shrunk, a pattern at a time, while the marks still say
    it fails (docs/mathematics.md §8.4).
    """

    def __init__(self, levels: Levels) -> None:
        self.lv, self.sp = levels, levels.space
        self.cover = levels.marks.blank()  # the claims listed, kept as failures are
        self.found: list[tuple[int, int, int]] = []
        self.asked: dict[bytes, int] = {}

    def nodes(self, value: int) -> list[dict[str, Any]]:
        """The witness for the start's value, its nodes in the order found."""
        self.need(self.lv.start, value)
        done = 0
        while done < len(self.found):
            r, x, claim = self.found[done]
            done += 1
            if claim < 2:
                continue
            won, acc, keep, _, _ = self.sp.player_options(r, self.lv.words(x))
            if won:
                raise self.lv.refuted("a node the marks say fails has no change that wins")
            for w in np.flatnonzero(keep):
                self.need(acc[w], claim)
        return [self.text(r, x, claim) for r, x, claim in self.found]

    def need(self, row: Rows, claim: int) -> None:
        """List what shows V(row) >= claim: a node claiming claim - 1 on every reach."""
        if claim < 2 or self.asked.get(row.tobytes(), 0) >= claim:
            return
        self.asked[row.tobytes()] = claim
        for r, xs in self._short(row, claim - 1):
            y = self.refuting(r, xs, claim - 2)
            self.found.append((r, y, claim - 1))
            self.cover.mark_fail(r, y, claim - 1)

    def _short(self, row: Rows, need: int) -> list[tuple[int, list[int]]]:
        """The reaches where no listed node claiming need or more lies inside a pattern's set,
        each with the largest sets of patterns off it that the belief shows there."""
        listed = self.sp.shown(row)
        if listed is None:  # a big belief: its patterns tabled
            out, keep = self.sp.devil_options(row)
            short = self.cover.short(out, keep, need)
            return [
                (int(r), sorted({as_int(out[r, v]) for v in np.flatnonzero(keep[r])}))
                for r in np.flatnonzero(short)
            ]
        rests, counts = listed  # a small belief: its patterns listed, every set shown counts
        shown = np.arange(rests.shape[1])[None, :] < counts[:, None]
        short = self.cover.short(rests[:, :, None], shown, need)
        return [(int(r), _largest(rests[r, : counts[r]])) for r in np.flatnonzero(short)]

    def refuting(self, r: int, xs: list[int], d: int) -> int:
        """The smallest node inside one of xs that the marks say fails at d (U > d), asking
        the search where the marks are silent (a symmetric belief was asked instead)."""
        marks = self.lv.marks
        good = [x for x in xs if marks.fails(r, x, d)]
        if not good:
            for x in sorted(xs, key=lambda x: -x.bit_count()):
                if not self.lv.node_passes(d, r, x):
                    good = [x]
                    break
        if not good:
            raise self.lv.refuted("a belief of value c has a node claiming c - 1 on every reach")
        return min((self.shrink(r, x, d) for x in good), key=lambda y: (y.bit_count(), y))

    def shrink(self, r: int, x: int, d: int) -> int:
        """Drop patterns from x while the marks still say the node fails at d."""
        marks = self.lv.marks
        for b in reversed(range(self.sp.off_count)):
            smaller = x & ~(1 << b)
            if smaller != x and smaller and marks.fails(r, smaller, d):
                x = smaller
        return x

    def text(self, r: int, x: int, claim: int) -> dict[str, Any]:
        """A node as the file writes it: the reach's positions and the patterns off it."""
        game = self.sp.game
        m, rest = game.values, game.n - (game.hands or 0)
        off = [
            values_text(game, digits(y, m, rest)) for y in range(self.sp.off_count) if x >> y & 1
        ]
        return {"claim": claim, "reach": list(self.sp.reaches[r]), "off": off}


@for_small_games
def sight_certificate(sol: SightSolution) -> dict[str, Any]:
    """Both bounds of a solved sight game: the move of every class and every class's value."""
    game = sol.game
    if not sol.winnable:
        return _trapped(game, sol.trap)
    policy = sol.strategy_json()["tree"]["policy"]
    claims: dict[int, list[int]] = {}
    for x, (_, left) in sol.policy.items():
        claims.setdefault(int(left), []).append(int(x))
    return {
        **_header(game, sol.length),
        "strategy": {"policy": policy},
        "witness": [
            {"claim": c, "states": states_text(game, xs)}
            for c, xs in sorted(claims.items(), reverse=True)
            if c >= 2
        ],
    }


def count_certificate(sol: CountSolution) -> dict[str, Any]:
    """Both bounds of a solved count game (its strategy's shared nodes and the Devil's
    witness of beliefs), or the trap of beliefs the Devil keeps."""
    game = sol.game
    t = class_table(game)

    def states(belief: int) -> str:
        return states_text(game, (int(t.reps[k]) for k in classes_of(belief)))

    if not sol.winnable:
        by_sight = [1 << int(t.index_of[x]) for x in sol.trap]  # each class a belief of its own
        return {**_header(game, None), "trap": [states(b) for b in by_sight or count_trap(game)]}
    return {
        **_header(game, sol.length),
        "strategy": {"nodes": sol.nodes() if sol.start else []},
        "witness": [{"claim": c, "states": states(b)} for b, c in count_witness(sol)],
    }
