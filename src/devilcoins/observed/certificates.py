"""Optimality certificates for touch and sight games: both bounds, in a file anyone can check.

A certificate says the game's least worst case is exactly V, or that the Devil wins, with the
data a checker needs to see it without trusting the search (docs/mathematics.md §8.4):

- the **upper bound**: the player's strategy, whose nodes each promise to win within their
  "left" moves (``TreeSolution.nodes`` for touch, the move of every class for sight);
- the **lower bound**: the Devil's witness, a set of beliefs (touch) or classes (sight) with
  claimed values, such that for every player move at each some answer of the Devil leads to
  a member whose claim is at least one less; the start's claim is V, so no strategy wins in
  fewer than V moves;
- or, when the Devil wins, a **trap**: classes from which every move has an answer that keeps
  a class of the trap possible.

Sets of states are written as bitsets over all m^n states (state x has digit i, in base m, the
value at position i), little-endian, in base64; a set lists at least one state of each class
and the checker closes it under the Devil's turns.  ``observed.certificate_check`` reads and
checks the file with its own tables.

>>> from devilcoins.core.game import Game
>>> from devilcoins.observed.andor import solve_touch
>>> cert = touch_certificate(solve_touch(Game.parse('n=4 hands=2 goal=same observe=touch')))
>>> cert['value'], cert['witness'][0]['claim'], len(cert['strategy']['nodes'])
(5, 5, 6)
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from devilcoins.core.beliefs import Rows
from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.observed.andor import TreeSolution, _values_text
from devilcoins.observed.cylinder import CylinderSearch, _digits, symmetry_maps
from devilcoins.observed.levels import Levels

__all__ = ["FORMAT", "certificate", "states_text", "touch_certificate"]

#: The first field of every certificate file.
FORMAT = "devilcoins certificate"

_INF = np.iinfo(np.int64).max

#: How many of the Devil's good answers are compared for each reach (the one leaving fewest
#: new beliefs is kept: a smaller witness, at the cost of time).
_TRIES = 8

#: How many bytes of nodes' beliefs the witness remembers at once.
_CACHE_BYTES = 256 << 20


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
        "version": 1,
        "game": str(game),
        "value": value,
        "states": "bitsets over all states, little-endian, base64; digit i of state x in base "
        f"{game.values} is the value at position i; each set is closed under the Devil's turns",
    }


def certificate(sol: TreeSolution) -> dict[str, Any]:
    """The certificate of a solved touch or sight game (see the module doc)."""
    if sol.game.observe == "touch":
        return touch_certificate(sol)
    if sol.game.observe == "sight":
        return sight_certificate(sol)
    raise NotSupported(f"certificates are written for touch and sight games, not {sol.game}")


def touch_certificate(sol: TreeSolution) -> dict[str, Any]:
    """Both bounds of a solved touch game, or its trap."""
    game = sol.game
    if not sol.winnable:
        if not sol.devil:
            raise NotSupported(f"{game}: the Devil wins, but no trap was kept to write down")
        return {**_header(game, None), "trap": states_text(game, sol.devil)}
    out = {**_header(game, sol.length), "strategy": {"nodes": sol.nodes()}, "witness": []}
    if sol.length and sol.length >= 2:
        search = sol.search
        if not isinstance(search, CylinderSearch | Levels):
            raise NotSupported(f"{game}: the search's values are not at hand for the witness")
        sp = search.space
        out["symmetries"] = [
            {"positions": list(p), "scale": u, "shift": c} for p, u, c in symmetry_maps(game, sp.t)
        ]
        out["witness"] = _Witness(search, sol.length).members()
    return out


class _Witness:
    """The Devil's lower-bound witness read off a settled search, one belief of each symmetric
    family (the checker applies the symmetries listed with it)."""

    def __init__(self, search: CylinderSearch | Levels, value: int) -> None:
        self.search, self.value = search, value
        self.sp = search.space
        self.m, self.k = self.sp.game.values, self.sp.game.hands or 0
        self._left: dict[bytes, tuple[Rows, list[bytes]] | None] = {}
        self._held = 0

    def refutes(self, r: int, rset: Rows, least: Rows, claim: int) -> bool:
        """Whether every change after feeling rset on reach r leaves a claim of claim - 1
        (least: the least images of the smallest beliefs left)."""
        if isinstance(self.search, Levels):
            return not self.search.node_passes(claim - 2, r, int(rset[0]))
        vals = self.search.values(least)
        return bool((np.where(vals == _INF, self.value + 1, vals) >= claim - 1).all())

    def answer(
        self, r: int, out: np.ndarray, keep: np.ndarray, claim: int, known: Callable[[bytes], bool]
    ) -> tuple[int, tuple[Rows, list[bytes]]]:
        """A pattern v on reach r after which every change leaves a claim of claim - 1, with
        the least images of the smallest beliefs it leaves (and their keys): of those, the one
        leaving fewest beliefs not known already (a smaller witness)."""
        best: tuple[int, int, tuple[Rows, list[bytes]]] | None = None
        tried = 0
        for v in self.candidates(r, out, keep, claim):
            if best is not None and tried >= _TRIES:
                break
            left = self.left(r, out[r, v])
            if left is None or not self.refutes(r, out[r, v], left[0], claim):
                continue
            tried += 1
            new = sum(not known(key) for key in left[1])
            if best is None or new < best[0]:
                best = (new, int(v), left)
                if not new:
                    break
        if best is None:
            raise AssertionError("a settled value has the Devil's answer on every reach")
        return best[1], best[2]

    def left(self, r: int, rset: Rows) -> tuple[Rows, list[bytes]] | None:
        """The distinct least images of the smallest beliefs left after feeling rset on reach
        r, with their keys (None when some change wins at once); remembered, as members share
        them."""
        key = r.to_bytes(2, "little") + rset.tobytes()
        if key not in self._left:
            if self._held > _CACHE_BYTES:
                self._left.clear()
                self._held = 0
            won, _, kept, least, _ = self.sp.player_options(r, rset)
            if won:
                self._left[key] = None
                return None
            picked = least[kept]
            first = dict.fromkeys(row.tobytes() for row in picked)
            index = {k: i for i, k in reversed(list(enumerate(row.tobytes() for row in picked)))}
            rows = picked[[index[k] for k in first]]
            self._left[key] = (rows, list(first))
            self._held += rows.nbytes * 2
        return self._left[key]

    def candidates(self, r: int, out: np.ndarray, keep: np.ndarray, claim: int) -> list[int]:
        """The Devil's patterns to try on reach r: for the level search, those its marks
        already refute first (the largest first), then the rest."""
        picks = [int(v) for v in np.flatnonzero(keep[r])]
        if not isinstance(self.search, Levels):
            return picks
        fail_at = self.search.fail_at[r]
        picks.sort(
            key=lambda v: (fail_at[int(out[r, v, 0])] < claim - 2, -int(out[r, v, 0]).bit_count())
        )
        return picks

    def members(self) -> list[dict[str, Any]]:
        """The witness, level by level from the start's claim down to 2."""
        sp, t = self.sp, self.sp.t
        start = sp.belief_row(np.arange(sp.kp))
        level, done = {start.tobytes(): start}, set()
        members = []
        for claim in range(self.value, 1, -1):
            below: dict[bytes, Rows] = {}

            def known(key: bytes) -> bool:
                return key in done or key in level or key in below  # noqa: B023 - used at once

            for key, row in level.items():
                done.add(key)
                out, keep = sp.devil_options(row)
                answers = []
                for r, positions in enumerate(sp.reaches):
                    v, (rows, keys) = self.answer(r, out, keep, claim, known)
                    felt = _values_text(sp.game, _digits(v, self.m, self.k))
                    answers.append([list(positions), felt])
                    if claim > 2:
                        for nxt, nkey in zip(rows, keys, strict=True):
                            if nkey not in below:
                                below[nkey] = nxt
                states = [int(t.reps[t.n_goal + i]) for i in sp.bits(row)]
                members.append(
                    {"claim": claim, "states": states_text(sp.game, states), "answers": answers}
                )
            level = {key: row for key, row in below.items() if key not in done}
        return members


def sight_certificate(sol: TreeSolution) -> dict[str, Any]:
    """Both bounds of a solved sight game: the move of every class and every class's value."""
    game = sol.game
    if not sol.winnable:
        if not sol.devil:
            raise NotSupported(f"{game}: the Devil wins, but no trap was kept to write down")
        return {**_header(game, None), "trap": states_text(game, sol.devil)}
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
