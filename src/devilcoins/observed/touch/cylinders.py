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
When the game is lost, the Devil's trap (``observed.touch.traps``) is the certificate.

>>> from devilcoins.core.game import Game
>>> from devilcoins.observed.touch.space import Space
>>> search = solve_space(Space.of(Game.parse('n=4 hands=2 goal=same observe=touch')))
>>> search.value(), search.explored
(5, 10)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.errors import TooLarge
from devilcoins.core.hotloop import hot_loop
from devilcoins.core.resources import memory_ceiling, resident_bytes
from devilcoins.observed.rowstore import RowStore, slot
from devilcoins.observed.touch.rows import (
    I32,
    antichain,
    beliefs_of,
    canon_row,
    canon_rows,
    pattern_sets,
    rows_empty,
)
from devilcoins.observed.touch.space import Space

__all__ = ["MAX_BYTES", "MAX_NODES", "CylinderSearch", "Progress", "solve_space"]

#: How many beliefs plus cylinder nodes the search may number before it stops with an error.
MAX_NODES = 60_000_000

#: How much resident memory (bytes, measured) the search may add to what the process held when
#: it began (``core.resources.memory_ceiling``) before it stops with an error (8 coins with 4
#: hands take under 1 GiB; 12 with 8 hands pass this after about 20 minutes). The check runs
#: between compiled chunks, each adding at most a few hundred MiB.
MAX_BYTES = 6 << 30

#: How many new rows one compiled chunk of the exploration may add (bounds the room reserved).
_CHUNK = 1 << 21

NO_BOUND = np.iinfo(np.int64).max


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
        pattern_sets(brows[b], ng, start, states, felt, off, out)
        for r in range(reaches):
            antichain(out[r], keep, True, scratch, prune)
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
        beliefs_of(crows[c, 0], crows[c, 1:], ng, index_of, compose, offs, acc)
        won = -1
        for w in range(felts):
            if rows_empty(acc[w]):
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
        antichain(acc, keep, False, scratch, prune)
        for w in range(felts):
            if keep[w]:
                canon_row(acc[w], symmetries, tmp, least)
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
        if uc[c] != NO_BOUND:
            continue
        best = NO_BOUND
        for e in range(cstart[c], cstart[c + 1]):
            best = min(best, vb[cedges[e]])
        uc[c] = best
    found = 0
    for b in range(1, vb.shape[0]):
        if vb[b] != NO_BOUND:
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
        return None if v == NO_BOUND else v

    def values(self, rows: Rows) -> Ints:
        """The value of each belief row, from its family's representative (numbered or not:
        -1 for a row never numbered, the int64 maximum where the Devil holds out)."""
        least = np.zeros_like(rows)
        canon_rows(np.ascontiguousarray(rows), self.space.symmetries, least)
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
    most = memory_ceiling(MAX_BYTES)
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
        if beliefs.count + cyl.count > limit or size > most:
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
        vb=np.full(beliefs.count, NO_BOUND, dtype=np.int64),
        uc=np.full(cyl.count, NO_BOUND, dtype=np.int64),
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
    while not prune or search.vb[1] == NO_BOUND:
        d += 1
        found = _settle_round(
            d, search.vb, search.uc, search.bedges, search.bstart, search.bcounts,
            len(space.reaches), search.cedges, search.cstart,
        )  # fmt: skip
        if not found:
            break
    return search
