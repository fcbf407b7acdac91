"""The tables of one touch game: its reaches up to the Devil's group, and for every state the
pattern felt on each reach and the pattern off it (``Space``), with the game's symmetries.

After the player reaches for positions P, feels v there and sets w, every state still possible
shows w on P, so the states form a *cylinder* {w on P} x R, R a set of patterns on the positions
not touched (docs/mathematics.md §8.3).  The searches (``observed.touch.cylinders``,
``observed.touch.levels``) work on these tables.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.errors import NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.core.tables import ClassTable, class_table
from devilcoins.observed.touch.reaches import Restriction, orbit_of
from devilcoins.observed.touch.rows import (
    I32,
    Bools,
    devil_options,
    player_options,
    shown_patterns,
    wins_at_once,
)

__all__ = ["Space", "Symmetry", "reach_orbits", "symmetry_maps"]


def reach_orbits(game: Game, k: int) -> list[tuple[int, ...]]:
    """The k-subsets of positions up to the group: the smallest of each orbit, in order."""
    seen: set[tuple[int, ...]] = set()
    reps = []
    elements = game.group.elements()
    for sub in itertools.combinations(range(game.n), k):
        if sub in seen:
            continue
        reps.append(sub)
        for e in elements:
            seen.add(tuple(sorted(e[i] for i in sub)))
    return reps


def _position_maps(game: Game) -> list[tuple[int, ...]]:
    """Turns and reflections of the table that normalise the Devil's group, one per coset."""
    n = game.n
    try:
        elements = set(game.group.elements(limit=5040))
    except TooLarge:
        return [tuple(range(n))]
    dihedral = [Perm((s + i) % n for i in range(n)) for s in range(n)]
    dihedral += [Perm((s - i) % n for i in range(n)) for s in range(n)]
    maps: list[tuple[int, ...]] = []
    covered: set[Perm] = set()
    for p in dihedral:
        if p in covered or {Perm(g).conjugated(p) for g in elements} != elements:
            continue
        maps.append(p)
        covered |= {Perm(g).then(p) for g in elements}
    return maps


#: A symmetry of a game: (p, u, c) sends the state x to y with y[p[i]] = u * x[i] + c (mod m).
Symmetry = tuple[tuple[int, ...], int, int]


def symmetry_maps(game: Game, t: ClassTable) -> list[Symmetry]:
    """The game's symmetries other than the Devil's turns (the identity left out).

    A symmetry turns or reflects the table (normalising the Devil's group) and maps every value
    x to u * x + c (u a unit mod m), where that keeps the goal; a belief and its image have the
    same value (docs/mathematics.md §8.3), so the search keeps one of each.
    """
    n, m = game.n, game.values
    digits = t.digits.astype(np.int64)
    goal = t.index_of < t.n_goal
    values = [(u, c) for u in range(1, m) if np.gcd(u, m) == 1 for c in range(m)]
    found = []
    for p in _position_maps(game):
        moved = np.empty_like(digits)
        moved[:, list(p)] = digits
        for u, c in values:
            image = ((u * moved + c) % m) @ t.powers.astype(np.int64)
            if (p, u, c) != (tuple(range(n)), 1, 0) and np.array_equal(goal[image], goal):
                found.append((tuple(int(i) for i in p), int(u), int(c)))
    return found


def _symmetries(game: Game, t: ClassTable, only: Restriction | None = None) -> I32:
    """The game's symmetries (``symmetry_maps``) as maps of the non-goal classes; with a
    restriction, only those that send its reaches to its reaches (the others are no symmetry
    of the game it leaves)."""
    m, digits = game.values, t.digits.astype(np.int64)
    maps = []
    for p, u, c in symmetry_maps(game, t):
        if only is not None and not _keeps(game, p, only):
            continue
        moved = np.empty_like(digits)
        moved[:, list(p)] = digits
        image = ((u * moved + c) % m) @ t.powers.astype(np.int64)
        maps.append(t.index_of[image[t.reps[t.n_goal :]]] - t.n_goal)
    return np.array(maps, dtype=np.int32).reshape(len(maps), t.size - t.n_goal)


def _keeps(game: Game, p: tuple[int, ...], only: Restriction) -> bool:
    """Whether the position map p sends every reach of the restriction to one of its reaches."""
    return all(orbit_of(game, tuple(p[i] for i in r)) in only.reaches for r in only.reaches)


@dataclass(frozen=True, eq=False)
class Space:
    """The tables of one touch game: for each reach, felt and off patterns and their inverse.

    felt[r, x] / off[r, x]   the pattern of state x on reach r / on the positions off it
    compose[r, w * off_count + y]   the state with w on reach r and y off it
    symmetries[a, i]   where the game's a-th symmetry sends non-goal class i (see ``_symmetries``)
    restriction        the reaches a search may use, when not all (``reaches.Restriction``)
    """

    game: Game
    t: ClassTable
    reaches: tuple[tuple[int, ...], ...]
    felt: I32
    off: I32
    compose: I32
    symmetries: I32
    restriction: Restriction | None = None

    @cached_property
    def index_of(self) -> Ints:
        """The class of each state, as the hot loops take it (made once)."""
        return np.asarray(self.t.index_of, dtype=np.int64)

    @property
    def kp(self) -> int:
        """Classes outside the goal (the bits of a belief)."""
        return int(self.t.size - self.t.n_goal)

    @property
    def words(self) -> int:
        """64-bit words in a belief row."""
        return max(1, (self.kp + 63) // 64)

    @property
    def felt_count(self) -> int:
        """Patterns on a reach (m^k)."""
        return int(self.game.values ** (self.game.hands or 0))

    @property
    def off_count(self) -> int:
        """Patterns off a reach (m^(n-k))."""
        return int(self.game.values ** (self.game.n - (self.game.hands or 0)))

    @property
    def rwords(self) -> int:
        """64-bit words in a set R of off patterns."""
        return max(1, (self.off_count + 63) // 64)

    @classmethod
    def of(cls, game: Game, only: Restriction | None = None) -> Space:
        """Build the tables (a few arrays of reaches x states); only: the reaches a search may
        use (None: every reach)."""
        if not game.observe.feels or game.hands is None:
            raise NotSupported(f"{game} is not a touch game (observe=touch with hands k)")
        t = class_table(game)
        n, m, k = game.n, game.values, game.hands
        reaches = tuple(reach_orbits(game, k)) if only is None else only.reaches
        felt = np.zeros((len(reaches), t.states), dtype=np.int32)
        off = np.zeros_like(felt)
        compose = np.zeros_like(felt)
        for r, pos in enumerate(reaches):
            rest = [p for p in range(n) if p not in pos]
            f = t.digits[:, list(pos)].astype(np.int64) @ (m ** np.arange(k, dtype=np.int64))
            o = t.digits[:, rest].astype(np.int64) @ (m ** np.arange(n - k, dtype=np.int64))
            felt[r], off[r] = f, o
            compose[r, f * m ** (n - k) + o] = np.arange(t.states)
        return cls(
            game=game,
            t=t,
            reaches=reaches,
            felt=felt,
            off=off,
            compose=compose,
            symmetries=_symmetries(game, t, only),
            restriction=only,
        )

    def belief_row(self, classes: Ints) -> Rows:
        """The belief row with the given non-goal class numbers (0 = first class off the goal)."""
        row = np.zeros(self.words, dtype=np.uint64)
        for i in classes:
            row[i >> 6] |= np.uint64(1) << np.uint64(i & 63)
        return row

    def bits(self, row: Rows) -> Ints:
        """The non-goal class numbers of a belief row."""
        raw = np.ascontiguousarray(row, dtype="<u8").view(np.uint8)
        return np.flatnonzero(np.unpackbits(raw, bitorder="little")).astype(np.int64)

    def devil_options(self, row: Rows) -> tuple[Rows, Bools]:
        """For each reach r and pattern v: R_v, and whether it is one of the largest (kept)."""
        t = self.t
        out = np.zeros((len(self.reaches), self.felt_count, self.rwords), dtype=np.uint64)
        keep = np.zeros((len(self.reaches), self.felt_count), dtype=np.bool_)
        devil_options(
            row, t.n_goal, t.orbit_start.astype(np.int64), t.orbit_states.astype(np.int64),
            self.felt, self.off, out, keep,
        )  # fmt: skip
        return out, keep

    def shown(self, row: Rows) -> tuple[Rows, Ints] | None:
        """For a belief with fewer states than felt patterns: on each reach r, the sets of
        patterns off it its states leave, rests[r, j] for j < counts[r], one for each felt
        pattern shown (``rows.shown_patterns``); None for a bigger belief, or more than 64 patterns
        off a reach (``devil_options`` tables those)."""
        t = self.t
        classes = t.n_goal + self.bits(row)
        states = (t.orbit_start[classes + 1] - t.orbit_start[classes]).sum()
        if self.off_count > 64 or states >= self.felt_count:
            return None
        xs = np.concatenate(
            [t.orbit_states[t.orbit_start[c] : t.orbit_start[c + 1]] for c in classes]
        ).astype(np.int64)
        shown = np.zeros((len(self.reaches), len(xs)), dtype=np.int64)
        rests = np.zeros((len(self.reaches), len(xs)), dtype=np.uint64)
        counts = np.zeros(len(self.reaches), dtype=np.int64)
        slot = np.full(self.felt_count, -1, dtype=np.int64)
        shown_patterns(xs, self.felt, self.off, slot, shown, rests, counts)
        return rests, counts

    def wins_at_once(self, r: int, rset: Rows) -> bool:
        """Whether, after feeling rset on reach r, some change w wins at once (the first answer
        of ``player_options``, found without making the beliefs)."""
        t = self.t
        won = wins_at_once(
            r, rset, t.n_goal, self.index_of, self.compose, self.off_count, self.felt_count
        )
        return bool(won)

    def player_options(self, r: int, rset: Rows) -> tuple[bool, Rows, Bools, Rows, Ints]:
        """After feeling rset on reach r: (some w wins at once, the belief after each w, which
        w are kept (the smallest beliefs), their least images, their sizes)."""
        acc = np.zeros((self.felt_count, self.words), dtype=np.uint64)
        keep = np.zeros(self.felt_count, dtype=np.bool_)
        least, sizes = np.zeros_like(acc), np.zeros(self.felt_count, dtype=np.int64)
        won = player_options(
            r, rset, self.t.n_goal, self.index_of, self.compose,
            self.off_count, self.symmetries, acc, keep, least, sizes,
        )  # fmt: skip
        return bool(won), acc, keep, least, sizes
