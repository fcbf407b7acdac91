"""The touch game solved over cylinders: beliefs after a move are a known face times a free rest.

After the player reaches for positions P, feels v there and sets w, every state still possible
shows w on P, so the states form a *cylinder* {w on P} x R, R a set of patterns on the positions
not touched (docs/mathematics.md §8.3).  The belief is the cylinder closed under the Devil's turns,
minus the goal.  So one move splits in two halves, each a small table lookup:

- the Devil's half: from a belief B and a reach P (up to the group), each felt pattern v leaves
  R_v(B, P), the patterns off P of the states of B that show v on P;
- the player's half: from a cylinder node (P, R) each choice of w gives the belief
  closure({w on P} x R) minus the goal.

V(B) = 1 + min over P of max over v of U(P, R_v), and U(P, R) = min over w of V(belief);
V(empty) = 0.  Both halves prune by inclusion, which never changes a value (a smaller belief is
never harder): the Devil keeps only the patterns v whose R_v is not inside another's, the player
only the w whose belief does not contain another's.  The reachable beliefs and cylinder nodes are
numbered by two ``RowStore`` tables, and value iteration settles them from the goal outwards.
When the game is lost, the Devil's hold-out set of classes (``holdout``) is the certificate.

>>> from devilcoins.core.game import Game
>>> search = solve_space(Space.of(Game.parse('n=4 hands=2 goal=same observe=touch')))
>>> search.value(), search.explored
(5, 10)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.compiling import hot_loop
from devilcoins.core.errors import NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.core.resources import memory_limit, resident_bytes
from devilcoins.core.tables import ClassTable, tables
from devilcoins.observed.rowstore import RowStore, slot
from devilcoins.observed.sizes import for_small_games

__all__ = ["MAX_NODES", "CylinderSearch", "Space", "holdout", "solve_space"]

#: How many beliefs plus cylinder nodes the search may number before it stops with an error.
MAX_NODES = 60_000_000

#: How much resident memory (bytes, measured) the process may reach before the search stops with
#: an error (8 coins with 4 hands take under 1 GiB; 12 with 8 hands pass this after about 20
#: minutes).  The check runs between compiled chunks, each adding at most a few hundred MiB.
MAX_BYTES = 6 << 30

#: The most changes on a reach whose beliefs the player's half compares in pairs, to keep only
#: the smallest (with more, every change is kept: 3 values on 8 positions give 6,561 changes,
#: and their pairs cost a second a node).
PRUNE_MOST = 2048

#: How many new rows one compiled chunk of the exploration may add (bounds the room reserved).
_CHUNK = 1 << 21

_INF = np.iinfo(np.int64).max
I32 = NDArray[np.int32]
Bools = NDArray[np.bool_]


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


def _symmetries(game: Game, t: ClassTable) -> I32:
    """The game's symmetries (``symmetry_maps``) as maps of the non-goal classes."""
    m, digits = game.values, t.digits.astype(np.int64)
    maps = []
    for p, u, c in symmetry_maps(game, t):
        moved = np.empty_like(digits)
        moved[:, list(p)] = digits
        image = ((u * moved + c) % m) @ t.powers.astype(np.int64)
        maps.append(t.index_of[image[t.reps[t.n_goal :]]] - t.n_goal)
    return np.array(maps, dtype=np.int32).reshape(len(maps), t.size - t.n_goal)


@dataclass(frozen=True, eq=False)
class Space:
    """The tables of one touch game: for each reach, felt and off patterns and their inverse.

    felt[r, x] / off[r, x]   the pattern of state x on reach r / on the positions off it
    compose[r, w * off_count + y]   the state with w on reach r and y off it
    symmetries[a, i]   where the game's a-th symmetry sends non-goal class i (see ``_symmetries``)
    """

    game: Game
    t: ClassTable
    reaches: tuple[tuple[int, ...], ...]
    felt: I32
    off: I32
    compose: I32
    symmetries: I32

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
    def of(cls, game: Game) -> Space:
        """Build the tables (a few arrays of reaches x states)."""
        if game.observe != "touch" or game.hands is None:
            raise NotSupported(f"{game} is not a touch game (observe=touch with hands k)")
        t = tables(game)
        n, m, k = game.n, game.values, game.hands
        reaches = tuple(reach_orbits(game, k))
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
            symmetries=_symmetries(game, t),
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
        _devil_options(
            row, t.n_goal, t.orbit_start.astype(np.int64), t.orbit_states.astype(np.int64),
            self.felt, self.off, out, keep,
        )  # fmt: skip
        return out, keep

    def player_options(self, r: int, rset: Rows) -> tuple[bool, Rows, Bools, Rows, Ints]:
        """After feeling rset on reach r: (some w wins at once, the belief after each w, which
        w are kept (the smallest beliefs), their least images, their sizes)."""
        acc = np.zeros((self.felt_count, self.words), dtype=np.uint64)
        keep = np.zeros(self.felt_count, dtype=np.bool_)
        least, sizes = np.zeros_like(acc), np.zeros(self.felt_count, dtype=np.int64)
        won = _player_options(
            r, rset, self.t.n_goal, self.t.index_of.astype(np.int64), self.compose,
            self.off_count, self.symmetries, acc, keep, least, sizes,
        )  # fmt: skip
        return bool(won), acc, keep, least, sizes


@hot_loop
def _patterns(
    belief: Rows, ng: int, start: Ints, states: Ints, felt: I32, off: I32, out: Rows
) -> None:  # pragma: no cover - a hot loop
    """out[r, v] = the set R_v of off patterns of the belief's states that show v on reach r."""
    out[:] = 0
    for i in range(belief.shape[0] * 64):
        if not (belief[i >> 6] >> np.uint64(i & 63)) & np.uint64(1):
            continue
        if ng + i + 1 >= start.shape[0]:
            break
        for s in range(start[ng + i], start[ng + i + 1]):
            x = states[s]
            for r in range(felt.shape[0]):
                y = off[r, x]
                out[r, felt[r, x], y >> 6] |= np.uint64(1) << np.uint64(y & 63)


@hot_loop
def _inside(a: Rows, b: Rows) -> bool:  # pragma: no cover - a hot loop
    """Whether the set a is a subset of the set b."""
    for w in range(a.shape[0]):  # noqa: SIM110 - numba compiles loops, not generators
        if a[w] & ~b[w]:
            return False
    return True


@hot_loop
def _empty(a: Rows) -> bool:  # pragma: no cover - a hot loop
    """Whether the set a has no member."""
    for w in range(a.shape[0]):  # noqa: SIM110 - numba compiles loops, not generators
        if a[w]:
            return False
    return True


@hot_loop
def _size(a: Rows) -> int:  # pragma: no cover - a hot loop
    """How many members the set a has."""
    total = 0
    for w in range(a.shape[0]):
        x = a[w]
        while x:
            x &= x - np.uint64(1)
            total += 1
    return total


@hot_loop
def _antichain(
    sets: Rows, keep: Bools, largest: bool, scratch: Ints, prune: bool
) -> None:  # pragma: no cover
    """keep[i] = sets[i] is not empty and no other set is strictly beyond it (one of equals).

    largest=True keeps the maximal sets (none strictly contains it), False the minimal ones.
    Sets are visited by size (a counting sort), so each is compared only with those already
    kept.  scratch holds at least 2 * len(sets) + 64 * words + 2 integers.  With prune False
    every set that is not empty is kept (all choices, for values of every belief).
    """
    count, bits = sets.shape[0], 64 * sets.shape[1]
    if not prune:
        for i in range(count):
            keep[i] = not _empty(sets[i])
        return
    sizes, order, start = scratch[:count], scratch[count : 2 * count], scratch[2 * count :]
    start[: bits + 2] = 0
    for i in range(count):
        keep[i] = False
        size = _size(sets[i])
        sizes[i] = bits - size if largest else size
        start[sizes[i] + 1] += 1
    for b in range(bits + 1):
        start[b + 1] += start[b]
    for i in range(count):
        order[start[sizes[i]]] = i
        start[sizes[i]] += 1
    empty = bits if largest else 0
    for j in range(count):
        i = order[j]
        if sizes[i] == empty:
            continue
        beaten = False
        for q in range(j):
            o = order[q]
            if keep[o] and (
                (largest and _inside(sets[i], sets[o]))
                or (not largest and _inside(sets[o], sets[i]))
            ):
                beaten = True
                break
        keep[i] = not beaten


@hot_loop
def _number(keys: Rows, ids: Ints, rows: Rows, count: int, row: Rows) -> tuple[int, int]:
    """The number of row in the store (added if new); returns (number, new count)."""
    s = slot(keys, ids, row)
    if ids[s] < 0:
        keys[s] = row
        ids[s] = count
        rows[count] = row
        count += 1
    return ids[s], count


@hot_loop
def _expand_beliefs(
    first: int,
    last: int,
    brows: Rows,
    ng: int,
    start: Ints,
    states: Ints,
    felt: I32,
    off: I32,
    ckeys: Rows,
    cids: Ints,
    crows: Rows,
    ccount: int,
    room: int,
    edges: I32,
    counts: Ints,
    prune: bool,
) -> tuple[int, int, int]:  # pragma: no cover - a hot loop
    """The Devil's half for beliefs first..last-1: their cylinder nodes, by reach.

    For each (belief, reach) the kept patterns' nodes go to edges and their number to counts.
    Stops before a belief whose nodes might not fit in room.  Returns (next, ccount, edges used).
    """
    reaches, felts, rwords = felt.shape[0], 1, crows.shape[1] - 1
    for r in range(reaches):
        for x in range(felt.shape[1]):
            felts = max(felts, felt[r, x] + 1)
    out = np.zeros((reaches, felts, rwords), dtype=np.uint64)
    keep = np.zeros(felts, dtype=np.bool_)
    scratch = np.zeros(2 * felts + 64 * rwords + 2, dtype=np.int64)
    key = np.zeros(rwords + 1, dtype=np.uint64)
    e = 0
    for b in range(first, last):
        if ccount + reaches * felts > room:
            return b, ccount, e
        _patterns(brows[b], ng, start, states, felt, off, out)
        for r in range(reaches):
            _antichain(out[r], keep, True, scratch, prune)
            found = 0
            key[0] = r
            for v in range(felts):
                if keep[v]:
                    key[1:] = out[r, v]
                    c, ccount = _number(ckeys, cids, crows, ccount, key)
                    edges[e] = c
                    e += 1
                    found += 1
            counts[(b - first) * reaches + r] = found
    return last, ccount, e


@hot_loop
def _beliefs_of(
    r: np.uint64, rset: Rows, ng: int, index_of: Ints, compose: I32, offs: int, acc: Rows
) -> None:  # pragma: no cover - a hot loop
    """acc[w] = the belief after setting w on reach r, the rest being one of the set rset."""
    acc[:] = 0
    for w in range(acc.shape[0]):
        for y in range(offs):
            if (rset[y >> 6] >> np.uint64(y & 63)) & np.uint64(1):
                cl = index_of[compose[r, w * offs + y]] - ng
                if cl >= 0:
                    acc[w, cl >> 6] |= np.uint64(1) << np.uint64(cl & 63)


@hot_loop
def _canon(row: Rows, symmetries: I32, tmp: Rows, out: Rows) -> None:  # pragma: no cover
    """out = the least image of the belief row under the game's symmetries (itself included)."""
    out[:] = row
    if symmetries.shape[0] == 0:
        return
    members = np.empty(row.shape[0] * 64, dtype=np.int64)  # the set bits, found once
    count = 0
    for wd in range(row.shape[0]):
        word = row[wd]
        b = 0
        while word:
            if word & np.uint64(1):
                members[count] = wd * 64 + b
                count += 1
            word >>= np.uint64(1)
            b += 1
    for a in range(symmetries.shape[0]):
        tmp[:] = 0
        for c in range(count):
            j = symmetries[a, members[c]]
            tmp[j >> 6] |= np.uint64(1) << np.uint64(j & 63)
        for w in range(row.shape[0] - 1, -1, -1):
            if tmp[w] != out[w]:
                if tmp[w] < out[w]:
                    out[:] = tmp
                break


@hot_loop
def _canon_rows(rows: Rows, symmetries: I32, out: Rows) -> None:  # pragma: no cover - a hot loop
    """out[i] = the least image of rows[i] under the game's symmetries."""
    tmp = np.zeros(rows.shape[1], dtype=np.uint64)
    for i in range(rows.shape[0]):
        _canon(rows[i], symmetries, tmp, out[i])


@hot_loop
def _expand_cylinders(
    first: int,
    last: int,
    crows: Rows,
    ng: int,
    index_of: Ints,
    compose: I32,
    symmetries: I32,
    felts: int,
    offs: int,
    bkeys: Rows,
    bids: Ints,
    brows: Rows,
    bcount: int,
    room: int,
    edges: I32,
    counts: Ints,
    prune: bool,
) -> tuple[int, int, int]:  # pragma: no cover - a hot loop
    """The player's half for cylinder nodes first..last-1: their beliefs, one a kept choice w.

    A node where some w leaves the empty belief keeps only that (belief 0) when pruning; without
    pruning every choice is kept.  Returns (next, bcount, edges used).
    """
    words = brows.shape[1]
    acc = np.zeros((felts, words), dtype=np.uint64)
    keep = np.zeros(felts, dtype=np.bool_)
    scratch = np.zeros(2 * felts + 64 * words + 2, dtype=np.int64)
    tmp = np.zeros(words, dtype=np.uint64)
    least = np.zeros(words, dtype=np.uint64)
    e = 0
    for c in range(first, last):
        if bcount + felts > room:
            return c, bcount, e
        _beliefs_of(crows[c, 0], crows[c, 1:], ng, index_of, compose, offs, acc)
        won = -1
        for w in range(felts):
            if _empty(acc[w]):
                won = w
                break
        found = 0
        if won >= 0:
            edges[e] = 0
            e += 1
            found = 1
            if prune:
                counts[c - first] = 1
                continue
        _antichain(acc, keep, False, scratch, prune)
        for w in range(felts):
            if keep[w]:
                _canon(acc[w], symmetries, tmp, least)
                b, bcount = _number(bkeys, bids, brows, bcount, least)
                edges[e] = b
                e += 1
                found += 1
        counts[c - first] = found
    return last, bcount, e


@hot_loop
def _settle_round(
    d: int,
    vb: Ints,
    uc: Ints,
    bedges: I32,
    bstart: Ints,
    bcounts: Ints,
    reaches: int,
    cedges: I32,
    cstart: Ints,
) -> int:  # pragma: no cover - a hot loop
    """One round: nodes take the best value their beliefs have, then beliefs settled in d moves.

    Returns how many beliefs were settled.
    """
    for c in range(uc.shape[0]):
        if uc[c] != _INF:
            continue
        best = _INF
        for e in range(cstart[c], cstart[c + 1]):
            best = min(best, vb[cedges[e]])
        uc[c] = best
    found = 0
    for b in range(1, vb.shape[0]):
        if vb[b] != _INF:
            continue
        e = bstart[b]
        for r in range(reaches):
            worst = 0
            for _ in range(bcounts[b * reaches + r]):
                worst = max(worst, uc[bedges[e]])
                e += 1
            if worst < d:
                vb[b] = d
                found += 1
                break
    return found


@hot_loop
def _devil_options(
    row: Rows, ng: int, start: Ints, states: Ints, felt: I32, off: I32, out: Rows, keep: Bools
) -> None:  # pragma: no cover - a hot loop
    """out[r, v] = R_v on reach r; keep[r, v] = R_v is one of the largest (the Devil's picks)."""
    _patterns(row, ng, start, states, felt, off, out)
    felts, rwords = out.shape[1], out.shape[2]
    scratch = np.zeros(2 * felts + 64 * rwords + 2, dtype=np.int64)
    for r in range(out.shape[0]):
        _antichain(out[r], keep[r], True, scratch, True)


@hot_loop
def _player_options(
    r: int, rset: Rows, ng: int, index_of: Ints, compose: I32, offs: int, symmetries: I32,
    acc: Rows, keep: Bools, least: Rows, sizes: Ints,
) -> bool:  # fmt: skip  # pragma: no cover - a hot loop
    """The beliefs after each change w (least images in least[w], kept w flagged, sizes);
    True when some w wins at once (its belief is empty)."""
    _beliefs_of(np.uint64(r), rset, ng, index_of, compose, offs, acc)
    felts, words = acc.shape[0], acc.shape[1]
    for w in range(felts):
        if _empty(acc[w]):
            return True
    if felts > PRUNE_MOST:  # comparing every pair would cost more than it saves
        keep[:] = True
    else:
        scratch = np.zeros(2 * felts + 64 * words + 2, dtype=np.int64)
        _antichain(acc, keep, False, scratch, True)
    tmp = np.zeros(words, dtype=np.uint64)
    for w in range(felts):
        if keep[w]:
            _canon(acc[w], symmetries, tmp, least[w])
            sizes[w] = _size(acc[w])
    return False


@dataclass(eq=False)
class CylinderSearch:
    """The numbered beliefs and cylinder nodes of one touch game, their links and values."""

    space: Space
    beliefs: RowStore
    cylinders: RowStore
    bedges: I32
    bstart: Ints
    bcounts: Ints
    cedges: I32
    cstart: Ints
    vb: Ints
    uc: Ints

    @property
    def explored(self) -> int:
        """Beliefs numbered (the start and those after a move; one of each symmetric family)."""
        return int(self.beliefs.count - 1)

    def value(self, belief: int = 1) -> int | None:
        """The least worst-case number of moves from a belief (None: the Devil holds out)."""
        v = int(self.vb[belief])
        return None if v == _INF else v

    def values(self, rows: Rows) -> Ints:
        """The value of each belief row, from its family's representative (numbered or not:
        -1 for a row never numbered, the int64 maximum where the Devil holds out)."""
        least = np.zeros_like(rows)
        _canon_rows(np.ascontiguousarray(rows), self.space.symmetries, least)
        ids = self.beliefs.find(least)
        vals: Ints = np.where(ids >= 0, self.vb[np.maximum(ids, 0)], -1)
        return vals


#: Called as the exploration grows: (nodes expanded, nodes numbered), beliefs and cylinders.
Progress = Callable[[int, int], None]


def _grow(store: RowStore, more: int) -> int:
    """Reserve room for more rows; the count the compiled loops may reach."""
    store.reserve(more)
    return min(len(store.rows), len(store.ids) // 2)


def _explore(
    space: Space, limit: int, progress: Progress | None, prune: bool = True
) -> CylinderSearch:
    """Number every belief and cylinder node reachable from the start, with their links (with
    prune False every choice of both sides, not only those inclusion keeps)."""
    t, reaches, felts = space.t, len(space.reaches), space.felt_count
    beliefs, cyl = RowStore(space.words), RowStore(space.rwords + 1)
    beliefs.add(np.zeros(space.words, dtype=np.uint64))
    beliefs.add(space.belief_row(np.arange(space.kp)))
    start, states = t.orbit_start.astype(np.int64), t.orbit_states.astype(np.int64)
    index_of = t.index_of.astype(np.int64)
    bparts: list[tuple[I32, Ints]] = [(np.zeros(0, np.int32), np.zeros(reaches, np.int64))]
    cparts: list[tuple[I32, Ints]] = []
    bdone, cdone = 1, 0
    while bdone < beliefs.count or cdone < cyl.count:
        size = resident_bytes()
        if beliefs.count + cyl.count > limit or size > (most := memory_limit(MAX_BYTES)):
            raise TooLarge(
                f"{space.game}: the touch search stops at {beliefs.count - 1:,} beliefs and "
                f"{cyl.count:,} cylinder nodes ({size / 2**30:,.1f} GiB resident), past its "
                f"limits ({limit:,} nodes, {most / 2**30:,.1f} GiB); use fewer positions or "
                "more hands (docs/observed.md lists what is settled)"
            )
        if bdone < beliefs.count:
            last = min(beliefs.count, bdone + max(1, min(4096, _CHUNK // (reaches * felts))))
            room = _grow(cyl, (last - bdone) * reaches * felts)
            edges = np.empty((last - bdone) * reaches * felts, dtype=np.int32)
            counts = np.empty((last - bdone) * reaches, dtype=np.int64)
            stop, cyl.count, used = _expand_beliefs(
                bdone, last, beliefs.rows, t.n_goal, start, states, space.felt, space.off,
                cyl.keys, cyl.ids, cyl.rows, cyl.count, room, edges, counts, prune,
            )  # fmt: skip
            bparts.append((edges[:used].copy(), counts[: (stop - bdone) * reaches].copy()))
            bdone = stop
        else:
            last = min(cyl.count, cdone + max(1, min(4096, _CHUNK // felts)))
            room = _grow(beliefs, (last - cdone) * felts)
            edges = np.empty((last - cdone) * felts, dtype=np.int32)
            counts = np.empty(last - cdone, dtype=np.int64)
            stop, beliefs.count, used = _expand_cylinders(
                cdone, last, cyl.rows, t.n_goal, index_of, space.compose, space.symmetries, felts,
                space.off_count, beliefs.keys, beliefs.ids, beliefs.rows, beliefs.count, room,
                edges, counts, prune,
            )  # fmt: skip
            cparts.append((edges[:used].copy(), counts[: stop - cdone].copy()))
            cdone = stop
        if progress is not None:
            progress(bdone + cdone, beliefs.count + cyl.count)
    return _linked(space, beliefs, cyl, bparts, cparts)


def _linked(
    space: Space,
    beliefs: RowStore,
    cyl: RowStore,
    bparts: list[tuple[I32, Ints]],
    cparts: list[tuple[I32, Ints]],
) -> CylinderSearch:
    """Join the links found chunk by chunk into flat arrays (belief 0 has none)."""
    reaches = len(space.reaches)
    bedges = np.concatenate([p[0] for p in bparts])
    bcounts = np.concatenate([p[1] for p in bparts])
    per_belief = bcounts.reshape(-1, reaches).sum(axis=1)
    bstart = np.concatenate(([0], np.cumsum(per_belief))).astype(np.int64)
    cedges = np.concatenate([p[0] for p in cparts]) if cparts else np.zeros(0, np.int32)
    ccounts = np.concatenate([p[1] for p in cparts]) if cparts else np.zeros(0, np.int64)
    cstart = np.concatenate(([0], np.cumsum(ccounts))).astype(np.int64)
    return CylinderSearch(
        space=space,
        beliefs=beliefs,
        cylinders=cyl,
        bedges=bedges,
        bstart=bstart,
        bcounts=bcounts,
        cedges=cedges,
        cstart=cstart,
        vb=np.full(beliefs.count, _INF, dtype=np.int64),
        uc=np.full(cyl.count, _INF, dtype=np.int64),
    )


def solve_space(
    space: Space, limit: int = MAX_NODES, progress: Progress | None = None, *, prune: bool = True
) -> CylinderSearch:
    """Explore the game and settle every belief's value by rounds (the start is belief 1).

    With prune False every belief reachable from the start is numbered and settled (not only
    those the start's value needs): the values a live game asks for, on or off the best play.
    """
    search = _explore(space, limit, progress, prune)
    search.vb[0] = 0
    d = 0
    while not prune or search.vb[1] == _INF:
        d += 1
        found = _settle_round(
            d, search.vb, search.uc, search.bedges, search.bstart, search.bcounts,
            len(space.reaches), search.cedges, search.cstart,
        )  # fmt: skip
        if not found:
            break
    return search


@hot_loop
def _holdout_round(
    z: Bools, ng: int, start: Ints, states: Ints, felt: I32, off: I32, compose: I32,
    index_of: Ints, felts: int, offs: int,
) -> bool:  # fmt: skip  # pragma: no cover - a hot loop
    """Drop from z each class where some reach lets the player leave z whatever is felt.

    A class stays when, for every reach, some pattern v shown by one of its states is such that
    every choice of values w leaves some state showing v in a class of z.  Only the patterns
    the class shows are tried (each at its first state), not every pattern there is.
    """
    changed = False
    for i in range(z.shape[0]):
        if not z[i]:
            continue
        lo, hi = start[ng + i], start[ng + i + 1]
        for r in range(felt.shape[0]):
            held = False
            for a in range(lo, hi):
                v = felt[r, states[a]]
                first = True
                for b in range(lo, a):
                    if felt[r, states[b]] == v:
                        first = False
                        break
                if not first:
                    continue
                every = True
                for w in range(felts):
                    hit = False
                    for s in range(a, hi):
                        x = states[s]
                        if felt[r, x] != v:
                            continue
                        cl = index_of[compose[r, w * offs + off[r, x]]] - ng
                        if cl >= 0 and z[cl]:
                            hit = True
                            break
                    if not hit:
                        every = False
                        break
                if every:
                    held = True
                    break
            if not held:
                z[i] = False
                changed = True
                break
    return changed


@for_small_games
def holdout(space: Space) -> Bools:
    """The largest set of classes from which the Devil keeps a class of the set possible.

    From every class in it, for every reach, the Devil can show a pattern after which every
    choice of values leaves a class of the set possible; when it is not empty the Devil holds
    out from the start (which holds every class).
    """
    t = space.t
    z = np.ones(space.kp, dtype=bool)
    args = (
        t.n_goal,
        t.orbit_start.astype(np.int64),
        t.orbit_states.astype(np.int64),
        space.felt,
        space.off,
        space.compose,
        t.index_of.astype(np.int64),
        space.felt_count,
        space.off_count,
    )
    while _holdout_round(z, *args):
        pass
    return z


#: One node of a strategy: (positions, moves left, belief as class representatives, outcomes),
#: outcomes as (felt values, values added, next node or None for a sure win).
Node = tuple[
    tuple[int, ...],
    int,
    tuple[int, ...],
    tuple[tuple[tuple[int, ...], tuple[int, ...], int | None], ...],
]


def _digits(index: int, m: int, k: int) -> tuple[int, ...]:
    return tuple((index // m**j) % m for j in range(k))


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
        self.digits = np.array([_digits(w, self.m, self.k) for w in range(sp.felt_count)])
        t = sp.t
        self.args = (t.n_goal, t.orbit_start.astype(np.int64), t.orbit_states.astype(np.int64))
        self.index_of = t.index_of.astype(np.int64)

    def values(self, rows: Rows) -> Ints:
        """The value of each belief row (its representative's; 0 for the empty belief)."""
        vals: Ints = self.search.values(rows)
        return np.where(vals >= 0, vals, _INF)

    def changes(self, v: int, w: int) -> tuple[int, ...]:
        """The values to add on the reach to turn felt v into w."""
        m, k = self.m, self.k
        return tuple((b - a) % m for a, b in zip(_digits(v, m, k), _digits(w, m, k), strict=True))

    def best(self, r: int, rset: Rows, v: int, d: int) -> tuple[int, Rows | None] | None:
        """A choice w after feeling v (rest in rset) that wins in under d moves: (w, belief)."""
        sp = self.search.space
        _beliefs_of(
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
        _patterns(row, *self.args, sp.felt, sp.off, self.out)
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
            outcomes.append((_digits(v, m, k), planner.changes(v, w), then))
        belief = tuple(int(sp.t.reps[sp.t.n_goal + i]) for i in sp.bits(row))
        policy[node_of[row.tobytes()]] = (pos, left, belief, tuple(outcomes))
    return policy
