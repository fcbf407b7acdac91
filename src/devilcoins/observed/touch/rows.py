"""The hot loops over rows of bits that the touch searches share.

A belief is a row of 64-bit words, bit i for the i-th class outside the goal; a set of patterns
off a reach is a row too.  These loops read and compare such rows: the patterns a belief shows
on each reach (``pattern_sets``), inclusion and size, keeping only the largest or smallest of a
list (``antichain``), the least image of a row under the game's symmetries (``canon_row``), and
both halves of a move (``devil_options``, ``player_options``), and the patterns a small
belief shows, listed (``shown_patterns``).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.hotloop import hot_loop

__all__ = ["I32", "PRUNE_MOST", "Bools", "digits"]

#: The most changes on a reach whose beliefs the player's half compares in pairs, to keep only
#: the smallest (with more, every change is kept: 3 values on 8 positions give 6,561 changes,
#: and their pairs cost a second a node).
PRUNE_MOST = 2048

I32 = NDArray[np.int32]
Bools = NDArray[np.bool_]


def digits(index: int, m: int, k: int) -> tuple[int, ...]:
    """The k values (base m, first position first) of pattern number index."""
    return tuple((index // m**j) % m for j in range(k))


@hot_loop
def pattern_sets(
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
def shown_patterns(
    xs: Ints, felt: I32, off: I32, slot: Ints, shown: Ints, rests: Rows, counts: Ints
) -> None:  # pragma: no cover - a hot loop
    """The patterns the states xs show on each reach r, listed rather than tabled: felt
    pattern shown[r, j] leaves the patterns rests[r, j] off the reach (one word: at most 64
    patterns off), for j < counts[r].  slot (one entry a felt pattern) is -1 on entry and on
    exit."""
    for r in range(felt.shape[0]):
        c = 0
        for x in xs:
            v = felt[r, x]
            if slot[v] < 0:
                slot[v] = c
                shown[r, c] = v
                rests[r, c] = 0
                c += 1
            rests[r, slot[v]] |= np.uint64(1) << np.uint64(off[r, x])
        for j in range(c):
            slot[shown[r, j]] = -1
        counts[r] = c


@hot_loop
def rows_inside(a: Rows, b: Rows) -> bool:  # pragma: no cover - a hot loop
    """Whether the set a is a subset of the set b."""
    for w in range(a.shape[0]):  # noqa: SIM110 - numba compiles loops, not generators
        if a[w] & ~b[w]:
            return False
    return True


@hot_loop
def rows_empty(a: Rows) -> bool:  # pragma: no cover - a hot loop
    """Whether the set a has no member."""
    for w in range(a.shape[0]):  # noqa: SIM110 - numba compiles loops, not generators
        if a[w]:
            return False
    return True


@hot_loop
def rows_size(a: Rows) -> int:  # pragma: no cover - a hot loop
    """How many members the set a has."""
    total = 0
    for w in range(a.shape[0]):
        x = a[w]
        while x:
            x &= x - np.uint64(1)
            total += 1
    return total


@hot_loop
def _hash(a: Rows) -> np.uint64:  # pragma: no cover - a hot loop
    """A hash of the set a (equal sets, equal hashes)."""
    h = np.uint64(0x9E3779B97F4A7C15)
    for w in range(a.shape[0]):
        h = (h ^ a[w]) * np.uint64(0x100000001B3)
        h ^= h >> np.uint64(29)
    return h


@hot_loop
def _fold(a: Rows) -> np.uint64:  # pragma: no cover - a hot loop
    """The set a folded into one word (word w turned by 7w bits): a within b gives the fold of
    a within the fold of b, so a fold outside another's shows at once that a is not within b."""
    f = np.uint64(0)
    for w in range(a.shape[0]):
        turn = np.uint64((7 * w) & 63)
        f |= (a[w] << turn) | (a[w] >> ((np.uint64(64) - turn) & np.uint64(63)))
    return f


@hot_loop
def _same(a: Rows, b: Rows) -> bool:  # pragma: no cover - a hot loop
    """Whether the sets a and b are equal."""
    for w in range(a.shape[0]):  # noqa: SIM110 - numba compiles loops, not generators
        if a[w] != b[w]:
            return False
    return True


@hot_loop
def antichain(
    sets: Rows, keep: Bools, largest: bool, scratch: Ints, prune: bool
) -> None:  # pragma: no cover
    """keep[i] = sets[i] is not empty and no other set is strictly beyond it (the first of
    equals, by index).

    largest=True keeps the maximal sets (none strictly contains it), False the minimal ones.
    Sets are visited by size (a counting sort), so each is compared only with those kept of a
    size before its own (a set of the same size is beyond it only when equal: those are
    found by a hash, each size's sets sorted by hash and then index).  scratch holds at least
    2 * len(sets) + 64 * words + 2 integers.  With prune False every set that is not empty
    is kept (all choices, for values of every belief).
    """
    count, bits = sets.shape[0], 64 * sets.shape[1]
    if not prune:
        for i in range(count):
            keep[i] = not rows_empty(sets[i])
        return
    sizes, order, start = scratch[:count], scratch[count : 2 * count], scratch[2 * count :]
    start[: bits + 2] = 0
    for i in range(count):
        keep[i] = False
        size = rows_size(sets[i])
        sizes[i] = bits - size if largest else size
        start[sizes[i] + 1] += 1
    for b in range(bits + 1):
        start[b + 1] += start[b]
    for i in range(count):
        order[start[sizes[i]]] = i
        start[sizes[i]] += 1
    hashes, folds = np.empty(count, dtype=np.uint64), np.empty(count, dtype=np.uint64)
    for i in range(count):
        hashes[i], folds[i] = _hash(sets[i]), _fold(sets[i])
    empty = bits if largest else 0
    first = 0  # where the current size's sets begin in order
    while first < count:
        last = first
        while last < count and sizes[order[last]] == sizes[order[first]]:
            last += 1
        group = order[first:last].copy()
        by_hash = np.argsort(hashes[group], kind="mergesort")  # stable: index order kept
        for j in range(last - first):
            order[first + j] = group[by_hash[j]]
        for j in range(first, last):
            i = order[j]
            if sizes[i] == empty:
                continue
            beaten = False
            for q in range(first):  # the kept sets of other sizes: strictly beyond, or not
                o = order[q]
                if not keep[o]:
                    continue
                small, big = (i, o) if largest else (o, i)
                if folds[small] & ~folds[big] == 0 and rows_inside(sets[small], sets[big]):
                    beaten = True
                    break
            q = j - 1  # the same size: an equal set (same hash) kept before it
            while not beaten and q >= first and hashes[order[q]] == hashes[i]:
                o = order[q]
                beaten = keep[o] and _same(sets[i], sets[o])
                q -= 1
            keep[i] = not beaten
        first = last


#: Where the one bit of a power of two 2^b lies: _DE_BRUIJN[(2^b * _DE_BRUIJN_WORD) >> 58] = b.
_DE_BRUIJN_WORD = np.uint64(0x03F79D71B4CB0A89)
_DE_BRUIJN = np.zeros(64, dtype=np.int64)
for _b in range(64):
    _DE_BRUIJN[((1 << _b) * 0x03F79D71B4CB0A89 & 0xFFFF_FFFF_FFFF_FFFF) >> 58] = _b


@hot_loop
def beliefs_of(
    r: np.uint64, rset: Rows, ng: int, index_of: Ints, compose: I32, offs: int, acc: Rows
) -> None:  # pragma: no cover - a hot loop
    """acc[w] = the belief after setting w on reach r, the rest being one of the set rset."""
    acc[:] = 0
    for wd in range(rset.shape[0]):  # each pattern y of the set, found bit by bit
        word = rset[wd]
        while word:
            low = word & (~word + np.uint64(1))
            y = wd * 64 + _DE_BRUIJN[(low * _DE_BRUIJN_WORD) >> np.uint64(58)]
            word ^= low
            for w in range(acc.shape[0]):
                cl = index_of[compose[r, w * offs + y]] - ng
                if cl >= 0:
                    acc[w, cl >> 6] |= np.uint64(1) << np.uint64(cl & 63)


@hot_loop
def wins_at_once(
    r: int, rset: Rows, ng: int, index_of: Ints, compose: I32, offs: int, felts: int
) -> bool:  # fmt: skip  # pragma: no cover - a hot loop
    """Whether some setting w on reach r leaves no state outside the goal, whichever pattern
    of the set rset lies off the reach (``player_options``'s first answer, without the
    beliefs: each w is dropped at its first state outside the goal)."""
    for w in range(felts):
        wins = True
        for wd in range(rset.shape[0]):
            word = rset[wd]
            while word:
                low = word & (~word + np.uint64(1))
                y = wd * 64 + _DE_BRUIJN[(low * _DE_BRUIJN_WORD) >> np.uint64(58)]
                word ^= low
                if index_of[compose[r, w * offs + y]] >= ng:
                    wins = False
                    break
            if not wins:
                break
        if wins:
            return True
    return False


@hot_loop
def canon_row(row: Rows, symmetries: I32, tmp: Rows, out: Rows) -> None:  # pragma: no cover
    """out = the least image of the belief row under the game's symmetries (itself included)."""
    out[:] = row
    if symmetries.shape[0] == 0:
        return
    count = 0
    for wd in range(row.shape[0]):
        count += rows_size(row[wd : wd + 1])
    members = np.empty(count, dtype=np.int64)  # the set bits, found once
    count = 0
    for wd in range(row.shape[0]):
        word = row[wd]
        while word:
            low = word & (~word + np.uint64(1))  # the lowest bit set
            members[count] = wd * 64 + _DE_BRUIJN[(low * _DE_BRUIJN_WORD) >> np.uint64(58)]
            count += 1
            word ^= low
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
def canon_rows(rows: Rows, symmetries: I32, out: Rows) -> None:  # pragma: no cover - a hot loop
    """out[i] = the least image of rows[i] under the game's symmetries."""
    tmp = np.zeros(rows.shape[1], dtype=np.uint64)
    for i in range(rows.shape[0]):
        canon_row(rows[i], symmetries, tmp, out[i])


@hot_loop
def devil_options(
    row: Rows, ng: int, start: Ints, states: Ints, felt: I32, off: I32, out: Rows, keep: Bools
) -> None:  # pragma: no cover - a hot loop
    """out[r, v] = R_v on reach r; keep[r, v] = R_v is one of the largest (the Devil's picks)."""
    pattern_sets(row, ng, start, states, felt, off, out)
    felts, rwords = out.shape[1], out.shape[2]
    scratch = np.zeros(2 * felts + 64 * rwords + 2, dtype=np.int64)
    for r in range(out.shape[0]):
        antichain(out[r], keep[r], True, scratch, True)


@hot_loop
def player_options(
    r: int, rset: Rows, ng: int, index_of: Ints, compose: I32, offs: int, symmetries: I32,
    acc: Rows, keep: Bools, least: Rows, sizes: Ints,
) -> bool:  # fmt: skip  # pragma: no cover - a hot loop
    """The beliefs after each change w (least images in least[w], kept w flagged, sizes);
    True when some w wins at once (its belief is empty)."""
    beliefs_of(np.uint64(r), rset, ng, index_of, compose, offs, acc)
    felts, words = acc.shape[0], acc.shape[1]
    for w in range(felts):
        if rows_empty(acc[w]):
            return True
    if felts > PRUNE_MOST:  # comparing every pair would cost more than it saves
        keep[:] = True
    else:
        scratch = np.zeros(2 * felts + 64 * words + 2, dtype=np.int64)
        antichain(acc, keep, False, scratch, True)
    tmp = np.zeros(words, dtype=np.uint64)
    for w in range(felts):
        if keep[w]:
            canon_row(acc[w], symmetries, tmp, least[w])
            sizes[w] = rows_size(acc[w])
    return False
