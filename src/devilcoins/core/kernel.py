"""The one hot loop: the belief update (run as Python when tiny, else compiled with numba).

A belief over the K classes of states (coin sequences up to rotation, or any game's states up
to its group) is a row of W = ceil(K / 64) uint64 words (bit k set = class k is possible).
Updating it by a move m takes every possible state, turns it every way the Devil can, adds m
and records the class of the result; classes in the goal (all heads for coins) end the game
and stay as they are.  What a game supplies (``KernelTables``) says what the classes are and how
to add; coins add by XOR.

Search (many beliefs, every move), verification (one belief along a strategy) and the notebook'
``update`` all call the same ``_apply_moves``.  Each call runs as plain Python when its work
is tiny and compiled otherwise (``core.compiling``: one source either way); compiled code is
cached on disk, so only the first run after installing pays for compilation.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numpy.typing import ArrayLike

from devilcoins.core.beliefs import (
    Ints,
    KernelArgs,
    KernelTables,
    Rows,
    row_from_indices,
)
from devilcoins.core.compiling import forced
from devilcoins.core.hotloop import hot_loop

__all__ = [
    "add_states",
    "expand",
    "members",
    "propagate",
    "trace_back",
    "turns_along",
    "update_work",
    "warm_up",
]

_ONE = np.uint64(1)


_DE_BRUIJN_INT = 0x03F79D71B4CB0A89
#: _LOWEST_BIT[(b * _DE_BRUIJN mod 2^64) >> 58] = i for the one-bit word b = 2^i.
_LOWEST_BIT = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _LOWEST_BIT[(((1 << _i) * _DE_BRUIJN_INT) & (2**64 - 1)) >> 58] = _i
_DE_BRUIJN = np.uint64(_DE_BRUIJN_INT)
_SHIFT = np.uint64(58)


@hot_loop
def _members(row: Rows, out: Ints) -> int:
    """Write the indices of the set bits of row into out; return how many."""
    count = 0
    for w in range(row.shape[0]):
        word = row[w]
        base = w * 64
        while word != 0:
            low = word & (~word + _ONE)
            out[count] = base + _LOWEST_BIT[(low * _DE_BRUIJN) >> _SHIFT]
            count += 1
            word ^= low
    return count


@hot_loop
def _add(
    x: int,
    t: int,
    m: int,
    add_lo: np.ndarray,
    add_hi: np.ndarray,
    lo_of: np.ndarray,
    hi_of: np.ndarray,
    base: int,
) -> int:
    """The state x with t added position by position (mod m); XOR when m = 2.

    States are numbers in base m (digit i = the value at position i).  For m > 2 the low and
    high digits (lo_of[x], hi_of[x]: looked up, not divided out) are added by two small tables,
    since digits do not carry.
    """
    if m == 2:
        return x ^ t
    total: int = add_lo[lo_of[x], lo_of[t]] + base * add_hi[hi_of[x], hi_of[t]]
    return total


#: The compiled helpers other modules' compiled loops call (the same functions, not copies):
#: the set bits of a row, and the addition of states.
members = _members
add_states = _add


@hot_loop
def _successor(x: int, t: int, tabs: KernelArgs) -> int:
    """The class of the state x + t (tabs: ``KernelTables.args``)."""
    k: int = tabs[1][_add(x, t, tabs[5], tabs[6], tabs[7], tabs[8], tabs[9], tabs[10])]
    return k


@hot_loop
def _apply_moves(
    row: Rows,
    members: Ints,
    count: int,
    moves: Ints,
    negs: Ints,
    lo: int,
    hi: int,
    tabs: KernelArgs,
    out: Rows,
    first: int,
) -> None:
    """OR into out[first + j - lo] the belief that follows row (members[:count]) after a turn
    and moves[j], for j in lo..hi-1 (negs[j] = -moves[j]).

    A possible state x, turned by any g and then moved by m, lands in the class of x + t for t
    an image g'(m) of the move, so the successors of class s are the classes of reps[s] + t
    over the distinct images t of m (the states of m's class).  Dense beliefs are done the
    other way round (pull): class u is possible next exactly when some reps[u] - t lies in row
    (t over the images of m, so -t over those of neg = -m); the first hit settles it.  The
    goal classes are numbered first (0 .. n_goal - 1): they end the game and stay as they are.
    Coins (m = 2) add by XOR in the same loops.  One call serves every move for one belief.
    """
    n_goal, index_of, reps, orbit_start, orbit_states = tabs[0], tabs[1], tabs[2], tabs[3], tabs[4]
    k = reps.shape[0]
    xor = tabs[5] == 2
    push = 2 * count < k
    for j in range(lo, hi):
        out_row = out[first + j - lo]
        for a in range(count):
            s = members[a]
            if s >= n_goal:
                break  # members are in increasing order
            out_row[s >> 6] |= _ONE << np.uint64(s & 63)
        if push:
            o = index_of[moves[j]]
            images = orbit_states[orbit_start[o] : orbit_start[o + 1]]
            for a in range(count):
                s = members[a]
                if s < n_goal:
                    continue
                rep = reps[s]
                for p in range(images.shape[0]):
                    t = index_of[rep ^ images[p]] if xor else _successor(rep, images[p], tabs)
                    out_row[t >> 6] |= _ONE << np.uint64(t & 63)
        else:
            o = index_of[negs[j]]
            images = orbit_states[orbit_start[o] : orbit_start[o + 1]]
            for u in range(k):
                rep = reps[u]
                for p in range(images.shape[0]):
                    t = index_of[rep ^ images[p]] if xor else _successor(rep, images[p], tabs)
                    if t >= n_goal and row[t >> 6] >> np.uint64(t & 63) & _ONE:
                        out_row[u >> 6] |= _ONE << np.uint64(u & 63)
                        break


@hot_loop
def _expand(frontier: Rows, moves: Ints, negs: Ints, tabs: KernelArgs, out: Rows) -> None:
    """Fill out[f * len(moves) + j] with frontier[f] updated by moves[j] (negs[j] = -moves[j])."""
    members = np.empty(frontier.shape[1] * 64, dtype=np.int64)
    n_moves = moves.shape[0]
    for f in range(frontier.shape[0]):
        count = _members(frontier[f], members)
        _apply_moves(frontier[f], members, count, moves, negs, 0, n_moves, tabs, out, f * n_moves)


@hot_loop
def _propagate(
    start: Rows, moves: Ints, negs: Ints, tabs: KernelArgs, sizes: Ints, history: Rows
) -> Rows:
    """Update start by each move; sizes[i] = belief size after i moves; history rows if wanted."""
    here = np.zeros((1, start.shape[0]), dtype=np.uint64)  # this belief and the next, in turn
    there = np.zeros((1, start.shape[0]), dtype=np.uint64)
    here[0] = start
    members = np.empty(start.shape[0] * 64, dtype=np.int64)
    keep = history.shape[0] > 0
    count = _members(here[0], members)
    sizes[0] = count
    if keep:
        history[0] = here[0]
    for i in range(moves.shape[0]):
        there[0] = 0
        _apply_moves(here[0], members, count, moves, negs, i, i + 1, tabs, there, 0)
        here, there = there, here
        count = _members(here[0], members)
        sizes[i + 1] = count
        if keep:
            history[i + 1] = here[0]
    row: Rows = here[0]
    return row.copy()


@hot_loop
def _trace_back(
    history: Rows, moves: Ints, negs: Ints, tabs: KernelArgs, end: int, classes: Ints
) -> int:
    """Walk a belief path backwards: classes[len(moves)] = end, classes[i] in history[i].

    history[i] is the belief before move i of the segment; each classes[i - 1] is a class
    outside the goal that some turn and move i take into classes[i].  Returns classes[0].
    """
    n_goal, index_of, reps, orbit_start, orbit_states = tabs[0], tabs[1], tabs[2], tabs[3], tabs[4]
    classes[moves.shape[0]] = end
    for i in range(moves.shape[0], 0, -1):
        o = index_of[negs[i - 1]]
        rep = reps[classes[i]]
        found = -1
        for p in range(orbit_start[o], orbit_start[o + 1]):
            t = _successor(rep, orbit_states[p], tabs)
            if t >= n_goal and history[i - 1][t >> 6] >> np.uint64(t & 63) & _ONE:
                found = t
                break
        classes[i - 1] = found
    first: int = classes[0]
    return first


@hot_loop
def _turns_along(
    state: int,
    moves: Ints,
    perms: np.ndarray,
    powers: np.ndarray,
    tabs: KernelArgs,
    classes: np.ndarray,
    turns: Ints,
) -> int:
    """The Devil's turns taking a state through the given classes; the last state.

    perms[e] is group element e (the value at position i moves to perms[e][i]); turns[i] is
    the first e such that the state turned by e, plus moves[i], lies in class classes[i + 1].
    States are followed as they lie, never replaced by their class's name.
    """
    m, n = tabs[5], perms.shape[1]
    for i in range(moves.shape[0]):
        turns[i] = -1
        for e in range(perms.shape[0]):
            x, y = state, 0
            for p in range(n):
                y += (x % m) * powers[perms[e, p]]
                x //= m
            z = _add(y, moves[i], m, tabs[6], tabs[7], tabs[8], tabs[9], tabs[10])
            if tabs[1][z] == classes[i + 1]:
                turns[i] = e
                state = z
                break
    return state


def update_work(tab: KernelTables) -> int:
    """About how many inner steps one belief updated by one move takes (classes x images)."""
    widest = int(np.diff(tab.orbit_start).max()) if len(tab.orbit_start) > 1 else 1
    return len(tab.reps) * widest


def expand(tab: KernelTables, frontier: Rows, moves: ArrayLike) -> Rows:
    """Every (belief, move) successor: row f * len(moves) + j is frontier[f] updated by moves[j]."""
    ints = np.asarray(moves, dtype=np.int64)
    out = np.zeros((frontier.shape[0] * len(ints), frontier.shape[1]), dtype=np.uint64)
    work = frontier.shape[0] * len(ints) * update_work(tab)
    _expand.run(work, np.ascontiguousarray(frontier), ints, tab.negate(ints), tab.args, out)
    return out


def propagate(
    tab: KernelTables, start: Rows, moves: ArrayLike, *, keep_history: bool = False
) -> tuple[Rows, Ints, Rows]:
    """Update start by each move in turn.

    Returns (final row, belief size before and after each move, every row along the way when
    keep_history is set, else an empty array).
    """
    ints = np.asarray(moves, dtype=np.int64)
    sizes = np.zeros(len(ints) + 1, dtype=np.int64)
    history = np.zeros((len(ints) + 1 if keep_history else 0, len(start)), dtype=np.uint64)
    work = len(ints) * update_work(tab)
    final = _propagate.run(
        work, np.ascontiguousarray(start), ints, tab.negate(ints), tab.args, sizes, history
    )
    return final, sizes, history


def trace_back(tab: KernelTables, history: Rows, moves: ArrayLike, end: int) -> Ints:
    """Classes c_0..c_L along the beliefs in history (rows before and after each move), c_L = end.

    Each c_(i-1) lies in history[i - 1], outside the goal, and some turn and move i take it to
    c_i.  A class is -1 where none does (which a correct history never shows).
    """
    ints = np.asarray(moves, dtype=np.int64)
    classes = np.empty(len(ints) + 1, dtype=np.int64)
    work = len(ints) * update_work(tab) // max(1, len(tab.reps))
    _trace_back.run(work, history, ints, tab.negate(ints), tab.args, end, classes)
    return classes


@cache
def warm_up() -> None:
    """Compile (or load from numba's cache) the belief-update loops now, whatever the work.

    The benchmark calls this so that its first timing is the work alone; the solvers need not,
    since their clocks leave compiling and loading out (``core.compiling.Stopwatch``).
    """
    ints = np.array([0, 1], dtype=np.int64)
    tiny = np.zeros((1, 1), dtype=np.int64)
    one_coin = KernelTables(
        n_goal=1,
        index_of=ints.astype(np.int32),
        reps=ints,
        orbit_start=np.array([0, 1, 2], dtype=np.int64),
        orbit_states=ints,
        m=2,
        add_lo=tiny,
        add_hi=tiny,
        lo_of=tiny[0],
        hi_of=tiny[0],
        base=1,
        neg=ints,
    )
    start = row_from_indices([0, 1], 2)
    with forced("compiled"):
        expand(one_coin, start[None, :], ints)
        propagate(one_coin, start, ints, keep_history=True)


def turns_along(
    tab: KernelTables,
    elements: np.ndarray,
    powers: np.ndarray,
    start: int,
    moves: ArrayLike,
    classes: np.ndarray,
) -> Ints:
    """For each move, the index of the first group element that keeps a game on the given line.

    elements[e] is a permutation of positions; powers[i] = m^i; classes[i + 1] is the class the
    state must be in after move i.  An index is -1 where no element does.
    """
    ints = np.asarray(moves, dtype=np.int64)
    turns = np.empty(len(ints), dtype=np.int64)
    work = len(ints) * elements.shape[0] * max(1, elements.shape[1])
    _turns_along.run(work, start, ints, elements, powers, tab.args, classes, turns)
    return turns
