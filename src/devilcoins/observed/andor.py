"""Games where the player observes something: strategies are trees (AND-OR search).

Two ways of observing (``Game.observe``), both against a Devil who may turn the table by any
element of its group before every move, and a bell that rings the moment the goal is reached:

touch   (Gardner's four glasses, the blind bartender) after the turn the player reaches for
        exactly k = ``game.hands`` positions, feels their values and sets new values there
        (changing none is allowed).  The player's knowledge is a belief: a set of states closed
        under the group, i.e. a set of classes.  V(B) = 0 if B is empty (every state left was in
        the goal); otherwise V(B) = 1 + min over reaches P of max over felt patterns v of min
        over changes c on P of V(closure((B_v + c) minus goal)).  The start belief is every
        state outside the goal.
sight   the player sees the whole state x and names a move a; the Devil turns the table before
        it is applied: the next state is g(x) + a.  V(x) = 0 in the goal, else
        1 + min_a max_g V(g(x) + a); V is constant on classes, and moves may be taken up to the
        group too (g(x) + h(a) = h(h^-1 g(x) + a)).

Both are solved exactly by value iteration from the goal outwards over what can happen: for
touch the beliefs reachable from the start (explored breadth-first; reaches up to the group),
for sight the classes.  A state never settled is one the Devil holds forever.  For touch a
cheap sufficient test runs first: the largest set Z of classes such that from every class in Z,
for every reach, the Devil can show a pattern after which every change leaves a class of Z
possible.  If Z is not empty the Devil holds out from the start (it contains every class) and
nothing else is explored; Z is kept as the Devil's certificate (``check_devil``).  The belief
search's hot loops (expanding beliefs into numbered successors through a hash table, and the
rounds of value iteration) are compiled with numba and cached on disk.  ``check_tree`` replays
a strategy against every start and every turn, independently of the search's tables.

Known answers (docs/mathematics.md §8-§9): four glasses, two hands, goal all the same: 5
moves; with n glasses and k hands on a turning table (goal all the same) the game is winnable iff
k >= (1 - 1/p) n, p the largest prime factor of n (Lewis & Willard 1980; Laaser & Ramshaw 1981;
OEIS A171462).  With goal all heads and k < n the Devil always wins (it keeps a tail outside the
reach).

>>> from devilcoins.core.game import Game
>>> solve_tree(Game.parse('n=4 hands=2 goal=same observe=touch')).length
5
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from devilcoins.core.beliefs import Ints, KernelArgs, Rows
from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.game import Game
from devilcoins.core.kernel import compiled
from devilcoins.core.symmetry import apply
from devilcoins.core.tables import tables

__all__ = [
    "MAX_BELIEFS",
    "Reach",
    "TreeSolution",
    "check_devil",
    "check_tree",
    "solve_sight",
    "solve_touch",
    "solve_tree",
]

#: How many beliefs the touch search may reach before it stops with an error.
MAX_BELIEFS = 2_000_000

#: How many (belief, reach, felt pattern, next belief) links the touch search may hold (4 bytes
#: each) before it stops with an error.
MAX_LINKS = 1 << 28

#: The largest tables (bytes) a search may build: successors of every class under every reach,
#: felt pattern and change (touch), or the next class of every state under every move (sight).
MAX_TABLE_BYTES = 1 << 28

_INF = np.iinfo(np.int32).max

#: Flags (which felt patterns occur, which classes the Devil keeps).
Bools = NDArray[np.bool_]


@dataclass(frozen=True, kw_only=True)
class Reach:
    """One node of a touch strategy: where to reach, and for each felt pattern what to add.

    outcomes holds (felt values, values added there mod m, next node or None for a sure win),
    both value tuples in the order of ``positions``.
    """

    positions: tuple[int, ...]
    moves_left: int
    belief: tuple[int, ...]
    outcomes: tuple[tuple[tuple[int, ...], tuple[int, ...], int | None], ...]


@dataclass(frozen=True, kw_only=True)
class TreeSolution:
    """The least worst-case number of moves of a touch or sight game, with a strategy tree.

    explored: beliefs searched (touch), classes (sight), or the classes the Devil's hold-out test
    examined (touch games it settles).  policy: for touch, node number -> ``Reach`` (node 0 is
    the start); for sight, smallest state of each class -> (move, moves left).  devil: smallest
    states of classes the Devil can keep the game in when it is not winnable (empty when no
    such certificate was kept).

    >>> s = solve_tree(Game.parse('n=2 hands=1 goal=same observe=touch'))
    >>> s.winnable, s.length, check_tree(s)
    (True, 1, True)
    """

    game: Game
    winnable: bool
    length: int | None
    explored: int
    seconds: float
    policy: dict[int, Any] = field(default_factory=dict, repr=False, compare=False)
    devil: tuple[int, ...] = ()

    @classmethod
    def held_out(
        cls, game: Game, explored: int, t0: float, devil: tuple[int, ...], policy: dict[int, Any]
    ) -> TreeSolution:
        """The Devil keeps the game out of the goal from the classes named by devil."""
        seconds = time.perf_counter() - t0
        return cls(
            game=game,
            winnable=False,
            length=None,
            explored=explored,
            seconds=seconds,
            policy=policy,
            devil=devil,
        )

    def tree(self, max_nodes: int = 200) -> dict[str, Any]:
        """The strategy as nested JSON; branches past max_nodes nodes are written '...'."""
        if not self.winnable:
            return {
                "winnable": False,
                "devil_keeps": [self.game.state_text(x) for x in self.devil],
            }
        budget = [max_nodes]
        if self.game.observe == "touch":
            if not self.policy:
                return {"belief": [], "win": "the goal is reached before any move"}
            return _touch_node(self, 0, budget)
        return _sight_tree(self, budget)

    def to_text(self, max_lines: int = 60, *, header: bool = True) -> str:
        """A readable indented rendering of the strategy tree (or of the Devil's hold-out).

        header=False leaves out the first line (the game and the length), for a caller that has
        just printed its own verdict line.
        """
        head = f"{self.game}: "
        if not self.winnable:
            keep = ", ".join(self.game.state_text(x) for x in self.devil[:12])
            more = " ..." if len(self.devil) > 12 else ""
            lines = [head + "the Devil holds out forever."]
            if self.devil:
                lines.append(f"The Devil keeps the state in the classes of {keep}{more}.")
            return "\n".join(lines)
        assert self.length is not None, "a winnable game has a length"
        lines = [head + f"wins within {_moves(self.length)}, whatever the Devil does."]
        tree = self.tree(max_nodes=max(1, max_lines))
        if self.game.observe == "touch":
            if "reach" in tree:
                _touch_lines(self.game, tree, 1, "", lines)
        else:
            _sight_lines(self.game, tree["worst_start"], 1, "", lines)
        if len(lines) > max_lines:
            lines = [*lines[: max_lines - 1], f"... ({len(lines) - max_lines + 1} more lines)"]
        return "\n".join(lines if header else lines[1:])

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON data."""
        return {
            "game": str(self.game),
            "observe": self.game.observe,
            "winnable": self.winnable,
            "length": self.length,
            "explored": self.explored,
            "seconds": round(self.seconds, 6),
            "tree": self.tree(),
            "devil_keeps": [self.game.state_text(x) for x in self.devil],
        }


# --- touch ------------------------------------------------------------------------------------


def _reach_orbits(game: Game, k: int) -> list[tuple[int, ...]]:
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


def _vector(index: int, m: int, k: int) -> tuple[int, ...]:
    return tuple((index // m**j) % m for j in range(k))


class _Touch:
    """Tables for the touch game over the non-goal classes (bit i = class n_goal + i)."""

    def __init__(self, game: Game) -> None:
        t = tables(game)
        m, k = game.values, game.hands
        if k is None:
            raise DevilcoinsError(f"{game} is not a touch game (observe=touch with hands k)")
        self.game, self.t, self.m, self.k = game, t, m, k
        self.ng = t.n_goal
        self.kp = t.size - t.n_goal
        self.words = max(1, (self.kp + 63) // 64)
        self.reaches = _reach_orbits(game, k)
        self.v: int = m**k
        reaches, v_count = len(self.reaches), self.v
        rows = reaches * v_count * v_count
        size = self.kp * rows * self.words * 8
        if size > MAX_TABLE_BYTES:
            raise DevilcoinsError(
                f"the touch tables for {game} would take {size / 2**20:,.0f} MiB (more than "
                f"{MAX_TABLE_BYTES / 2**20:,.0f}); use fewer positions, values or hands"
            )
        cls = t.index_of.astype(np.int64)
        xs = np.arange(t.states, dtype=np.int64)
        src = cls >= self.ng
        succ = np.zeros((self.kp, rows, self.words), dtype=np.uint64)
        felt_ok = np.zeros((self.kp, reaches * v_count), dtype=bool)
        place = m ** np.arange(k, dtype=np.int64)
        for r, pos in enumerate(self.reaches):
            felt = t.digits[:, list(pos)].astype(np.int64) @ place
            felt_ok[cls[src] - self.ng, r * v_count + felt[src]] = True
            for c in range(v_count):
                delta = sum(d * m**p for d, p in zip(_vector(c, m, k), pos, strict=True))
                to = cls[t.add(xs, delta)]
                sel = src & (to >= self.ng)
                bit = to[sel] - self.ng
                row = (r * v_count + felt[sel]) * v_count + c
                np.bitwise_or.at(
                    succ,
                    (cls[sel] - self.ng, row, bit >> 6),
                    np.left_shift(np.uint64(1), (bit & 63).astype(np.uint64)),
                )
        self.succ: Rows = succ
        self.felt_ok: Bools = felt_ok

    def start(self) -> np.ndarray:
        """Every non-goal class: the start belief as a row of words."""
        row = np.zeros(self.words, dtype=np.uint64)
        for i in range(self.kp):
            row[i >> 6] |= np.uint64(1) << np.uint64(i & 63)
        return row

    def bits(self, row: np.ndarray) -> np.ndarray:
        """The classes (bit numbers) of a belief row."""
        raw = np.ascontiguousarray(row, dtype="<u8").view(np.uint8)
        return np.flatnonzero(np.unpackbits(raw, bitorder="little"))

    def expand(self, row: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Successors (reach*felt, change, words), which felt patterns occur, which are empty."""
        idx = self.bits(row)
        succ = np.bitwise_or.reduce(self.succ[idx], axis=0)  # (rows, words)
        possible = self.felt_ok[idx].any(axis=0)
        empty = ~succ.any(axis=1)
        shape = (len(self.reaches) * self.v, self.v)
        return succ.reshape((*shape, self.words)), possible, empty.reshape(shape)

    def holdout(self) -> np.ndarray:
        """The largest set of classes the Devil can keep a class of possible (a certificate)."""
        z = np.ones(self.kp, dtype=bool)
        reaches, v_count = len(self.reaches), self.v
        while True:
            words = np.zeros(self.words, dtype=np.uint64)
            for i in np.flatnonzero(z):
                words[i >> 6] |= np.uint64(1) << np.uint64(i & 63)
            hit = (self.succ & words).any(axis=2).reshape(self.kp, reaches * v_count, v_count)
            stays = self.felt_ok & hit.all(axis=2)
            ok = np.any(stays.reshape(self.kp, reaches, v_count), axis=2).all(axis=1)
            new = z & ok
            if np.array_equal(new, z):
                return z
            z = new


_MIX1 = np.uint64(0x9E3779B97F4A7C15)
_MIX2 = np.uint64(0xBF58476D1CE4E5B9)
_S31 = np.uint64(31)


@compiled
def _slot(keys: Rows, ids: Ints, row: Rows) -> np.int64:  # pragma: no cover - compiled
    """The slot of row in the open-addressing table (where it is, or the empty one to use)."""
    h = _MIX1
    for w in range(row.shape[0]):
        h ^= row[w]
        h *= _MIX2
        h ^= h >> _S31
    mask = ids.shape[0] - 1
    s = np.int64(h & np.uint64(mask))
    while True:
        if ids[s] < 0:
            return s
        same = True
        for w in range(row.shape[0]):
            if keys[s, w] != row[w]:
                same = False
                break
        if same:
            return s
        s = (s + 1) & mask


@compiled
def _rehash(
    keys: Rows, ids: Ints, new_keys: Rows, new_ids: Ints
) -> None:  # pragma: no cover - compiled
    """Move every entry of one table into a larger one."""
    for s in range(ids.shape[0]):
        if ids[s] >= 0:
            t = _slot(new_keys, new_ids, keys[s])
            new_keys[t] = keys[s]
            new_ids[t] = ids[s]


@compiled
def _lookup(keys: Rows, ids: Ints, rows: Rows, out: Ints) -> None:  # pragma: no cover - compiled
    """The number of each row, or -1 for rows not met."""
    for j in range(rows.shape[0]):
        out[j] = ids[_slot(keys, ids, rows[j])]


@compiled
def _gather(
    belief: Rows, succ: Rows, felt_ok: Bools, acc: Rows, possible: Bools
) -> None:  # pragma: no cover - compiled
    """Set acc and possible to the union of the successors and felt patterns of belief's classes."""
    acc[:] = 0
    possible[:] = False
    for i in range(succ.shape[0]):
        if (belief[i >> 6] >> np.uint64(i & 63)) & np.uint64(1):
            for t in range(succ.shape[1]):
                for w in range(succ.shape[2]):
                    acc[t, w] |= succ[i, t, w]
            for t in range(felt_ok.shape[1]):
                possible[t] |= felt_ok[i, t]


@compiled
def _sure_win(acc: Rows, first: int, v: int) -> bool:  # pragma: no cover - compiled
    """Whether some change leaves the empty belief (one of the rows first..first+v-1 of acc)."""
    for c in range(v):
        empty = True
        for w in range(acc.shape[1]):
            if acc[first + c, w] != 0:
                empty = False
                break
        if empty:
            return True
    return False


@compiled
def _expand_chunk(
    first: int,
    last: int,
    beliefs: Rows,
    count: int,
    room: int,
    succ: Rows,
    felt_ok: Bools,
    reaches: int,
    v: int,
    keys: Rows,
    ids: Ints,
    edges: NDArray[np.int32],
    sizes: Ints,
    counts: Ints,
) -> tuple[int, int, int, int]:  # pragma: no cover - compiled
    """Expand beliefs first..last-1: number their successors, write the groups' successor sets.

    A group is (belief, reach, felt pattern) with the pattern possible; its successors (one a
    change, duplicates dropped, sorted) go to edges, their number to sizes, and each
    (belief, reach) gets its number of groups in counts.  A group where some change surely
    wins keeps only the empty belief (number 0).  Stops early, before a belief whose
    successors might not fit in room.  Returns (next belief, count, edges used, groups used).
    """
    _, rows_per, words = succ.shape
    acc = np.zeros((rows_per, words), dtype=np.uint64)
    possible = np.zeros(felt_ok.shape[1], dtype=np.bool_)
    buf = np.zeros(v, dtype=np.int64)
    e = 0
    g = 0
    for b in range(first, last):
        if count + rows_per > room:
            return b, count, e, g
        _gather(beliefs[b], succ, felt_ok, acc, possible)
        for r in range(reaches):
            groups = 0
            for vv in range(v):
                row = r * v + vv
                if not possible[row]:
                    continue
                groups += 1
                if _sure_win(acc, row * v, v):
                    edges[e] = 0
                    e += 1
                    sizes[g] = 1
                    g += 1
                    continue
                n = 0
                for c in range(v):
                    s = _slot(keys, ids, acc[row * v + c])
                    if ids[s] < 0:
                        keys[s] = acc[row * v + c]
                        ids[s] = count
                        beliefs[count] = acc[row * v + c]
                        count += 1
                    x = ids[s]
                    j = n
                    while j > 0 and buf[j - 1] > x:
                        j -= 1
                    if j > 0 and buf[j - 1] == x:
                        continue
                    for q in range(n, j, -1):
                        buf[q] = buf[q - 1]
                    buf[j] = x
                    n += 1
                for q in range(n):
                    edges[e + q] = buf[q]
                e += n
                sizes[g] = n
                g += 1
            counts[(b - first) * reaches + r] = groups
    return last, count, e, g


class _Store:
    """The beliefs met so far, numbered, in rows of words, with a hash table to find them."""

    def __init__(self, words: int):
        self.words = words
        self.rows = np.zeros((1024, words), dtype=np.uint64)
        self.keys = np.zeros((2048, words), dtype=np.uint64)
        self.ids = np.full(2048, -1, dtype=np.int64)
        self.count = 0

    def reserve(self, more: int) -> None:
        """Make room for that many more beliefs (rows, and a table at most half full)."""
        need = self.count + more
        if need > len(self.rows):
            grown = np.zeros((max(need, 2 * len(self.rows)), self.words), dtype=np.uint64)
            grown[: self.count] = self.rows[: self.count]
            self.rows = grown
        if 2 * need > len(self.ids):
            size = len(self.ids)
            while 2 * need > size:
                size *= 2
            keys = np.zeros((size, self.words), dtype=np.uint64)
            ids = np.full(size, -1, dtype=np.int64)
            _rehash(self.keys, self.ids, keys, ids)
            self.keys, self.ids = keys, ids

    def add(self, row: np.ndarray) -> int:
        """Number one belief row (the empty belief and the start)."""
        self.reserve(1)
        slot = _slot(self.keys, self.ids, row)
        if self.ids[slot] < 0:
            self.keys[slot] = row
            self.ids[slot] = self.count
            self.rows[self.count] = row
            self.count += 1
        return int(self.ids[slot])

    def find(self, rows: np.ndarray) -> np.ndarray:
        """The number of each row (-1 for beliefs not met)."""
        out = np.empty(len(rows), dtype=np.int64)
        _lookup(self.keys, self.ids, np.ascontiguousarray(rows, dtype=np.uint64), out)
        return out


def _explore(eng: _Touch, limit: int) -> tuple[_Store, np.ndarray]:
    """Breadth-first over the reachable beliefs, then value iteration; beliefs and values."""
    store = _Store(eng.words)
    store.add(np.zeros(eng.words, dtype=np.uint64))
    store.add(eng.start())
    edges, sizes, counts = [], [], []
    reaches, v_count = len(eng.reaches), eng.v
    per_belief = reaches * v_count * v_count
    bid, links = 1, 0
    while bid < store.count:
        last = min(store.count, bid + max(1, 1_000_000 // per_belief))
        store.reserve(per_belief)
        room = min(len(store.rows), len(store.ids) // 2)
        edge = np.empty((last - bid) * per_belief, dtype=np.int32)
        size = np.empty((last - bid) * reaches * v_count, dtype=np.int64)
        count = np.empty((last - bid) * reaches, dtype=np.int64)
        stop, store.count, used_e, used_g = _expand_chunk(
            bid,
            last,
            store.rows,
            store.count,
            room,
            eng.succ,
            eng.felt_ok,
            reaches,
            v_count,
            store.keys,
            store.ids,
            edge,
            size,
            count,
        )
        edges.append(edge[:used_e].copy())
        links += used_e
        sizes.append(size[:used_g])
        counts.append(count[: (stop - bid) * reaches])
        if store.count > limit + 1 or links > MAX_LINKS:
            raise DevilcoinsError(
                f"{eng.game}: the touch search stops at {store.count - 1:,} beliefs and "
                f"{links:,} links between them, past its limits ({limit:,} beliefs, "
                f"{MAX_LINKS:,} links); use fewer positions or more hands"
            )
        bid = stop
    edge = np.concatenate(edges)
    size = np.concatenate(sizes)
    count = np.concatenate(counts)
    group_start = np.concatenate(([0], np.cumsum(size)))
    belief_group = np.concatenate(([0], np.cumsum(count.reshape(-1, reaches).sum(axis=1))))
    val = np.full(store.count, _INF, dtype=np.int64)
    val[0] = 0
    d = 0
    while val[1] == _INF:
        d += 1
        if not _settle(val, d, edge, group_start, belief_group, count, reaches):
            break
    return store, val


@compiled
def _settle(
    val: Ints,
    d: int,
    edge: NDArray[np.int32],
    group_start: Ints,
    belief_group: Ints,
    count: Ints,
    reaches: int,
) -> int:  # pragma: no cover - compiled
    """One round of value iteration: beliefs settled in d moves get d; how many there were."""
    found = 0
    for b in range(1, val.shape[0]):
        if val[b] != _INF:
            continue
        g = belief_group[b - 1]
        for r in range(reaches):
            ok = True
            for _ in range(count[(b - 1) * reaches + r]):
                if ok:
                    hit = False
                    for e in range(group_start[g], group_start[g + 1]):
                        if val[edge[e]] < d:
                            hit = True
                            break
                    ok = hit
                g += 1
            if ok:
                val[b] = d
                found += 1
                break
    return found


def _touch_policy(eng: _Touch, store: _Store, val: Ints) -> dict[int, Reach]:
    """The strategy from the start: for each belief on it, the reach and the changes."""
    m, k, v_count = eng.m, eng.k, eng.v
    weight = [sum(d != 0 for d in _vector(c, m, k)) for c in range(v_count)]
    node_of = {1: 0}
    todo = [1]
    policy = {}
    for b in todo:
        d = int(val[b])
        succ, possible, empty = eng.expand(store.rows[b])
        ids = store.find(succ.reshape(-1, eng.words)).reshape(empty.shape)
        ids[empty] = 0
        score = np.where(ids >= 0, val[np.maximum(ids, 0)], _INF)
        plan = None
        for r, pos in enumerate(eng.reaches):
            choice = []
            for v in range(v_count):
                row = r * v_count + v
                if not possible[row]:
                    continue
                best = min((score[row, c], weight[c], c) for c in range(v_count))[2]
                if score[row, best] >= d:
                    break
                choice.append((v, best, int(ids[row, best])))
            else:
                plan = (pos, choice)
                break
        assert plan is not None, "a settled belief has a reach that keeps its promise"
        pos, choice = plan
        outcomes = []
        for v, c, nxt in choice:
            if nxt and nxt not in node_of:
                node_of[nxt] = len(node_of)
                todo.append(nxt)
            outcomes.append((_vector(v, m, k), _vector(c, m, k), node_of[nxt] if nxt else None))
        belief = tuple(int(eng.t.reps[eng.ng + i]) for i in eng.bits(store.rows[b]))
        policy[node_of[b]] = Reach(
            positions=pos, moves_left=d, belief=belief, outcomes=tuple(outcomes)
        )
    return policy


def solve_touch(game: Game, limit: int = MAX_BELIEFS, *, certificate: bool = True) -> TreeSolution:
    """The touch game (feel k positions, then set them): least worst-case moves and a tree.

    With certificate=False the Devil's hold-out test is skipped and every reachable belief is
    searched (slower; it decides the same games).

    >>> s = solve_touch(Game.parse('n=4 hands=2 goal=same observe=touch'))
    >>> s.winnable, s.length, s.policy[0].positions
    (True, 5, (0, 1))
    """
    t0 = time.perf_counter()
    if game.observe != "touch" or game.hands is None:
        raise DevilcoinsError(f"{game} is not a touch game (observe=touch with hands k)")
    if game.moves is not None:
        raise DevilcoinsError("the touch game changes the positions felt; it takes no move list")
    eng = _Touch(game)
    if eng.kp == 0:
        return TreeSolution(
            game=game, winnable=True, length=0, explored=0, seconds=time.perf_counter() - t0
        )
    z = eng.holdout() if certificate else np.zeros(eng.kp, dtype=bool)
    if z.any():
        devil = tuple(int(eng.t.reps[eng.ng + i]) for i in np.flatnonzero(z))
        return TreeSolution.held_out(game, eng.kp, t0, devil, {})
    store, val = _explore(eng, limit)
    seconds = time.perf_counter() - t0
    if val[1] == _INF:
        return TreeSolution(
            game=game, winnable=False, length=None, explored=store.count - 1, seconds=seconds
        )
    policy = _touch_policy(eng, store, val)
    return TreeSolution(
        game=game,
        winnable=True,
        length=int(val[1]),
        explored=store.count - 1,
        seconds=time.perf_counter() - t0,
        policy=policy,
    )


# --- sight ------------------------------------------------------------------------------------


def moves_up_to_turns(game: Game) -> np.ndarray:
    """The allowed moves, one for each class of moves under the group."""
    t = tables(game)
    xs = np.arange(t.states, dtype=np.int64)
    ok = np.ones(t.states, dtype=bool)
    if game.hands is not None:
        ok &= (t.digits != 0).sum(axis=1) <= game.hands
    if game.moves is not None:
        listed = np.zeros(t.states, dtype=bool)
        listed[[game.encode(v) for v in game.moves]] = True
        ok &= listed
    allowed = xs[ok]
    _, first = np.unique(t.index_of[allowed], return_index=True)
    return np.sort(allowed[first])


@compiled
def _sight_round(
    ys: Ints,
    d: int,
    negs: Ints,
    weight: Ints,
    tabs: KernelArgs,
    left: np.ndarray,
    val: Ints,
    best: Ints,
    order: Ints,
    top: int,
) -> int:  # pragma: no cover - compiled
    """Count off the states ys of the classes of value d; settle classes at d + 1 (appended to
    order from top on); return the new top.  See ``_sight_rounds``."""
    n_goal, index_of = tabs[0], tabs[1]
    m, add_lo, add_hi, lo_of, hi_of, base = tabs[5], tabs[6], tabs[7], tabs[8], tabs[9], tabs[10]
    ylo, yhi = lo_of[ys], hi_of[ys]  # read in order, not looked up state by state
    for j in range(negs.shape[0]):
        row = left[j]
        t = negs[j]
        lo_row, hi_row = add_lo[lo_of[t]], add_hi[hi_of[t]]
        for i in range(ys.shape[0]):
            x = t ^ ys[i] if m == 2 else lo_row[ylo[i]] + base * hi_row[yhi[i]]
            c = index_of[x]
            if c < n_goal:
                continue
            row[c] -= 1
            if row[c] != 0:
                continue
            if val[c] < 0:
                val[c] = d + 1
                best[c] = j
                order[top] = c
                top += 1
            elif val[c] == d + 1 and weight[j] < weight[best[c]]:
                best[c] = j
    return top


@compiled
def _sight_rounds(
    negs: Ints, weight: Ints, tabs: KernelArgs, left: np.ndarray, val: Ints, best: Ints
) -> None:  # pragma: no cover - compiled
    """Retrograde value iteration for sight, one round per value, from the goal outwards.

    left[j, c] counts the states s of class c whose next state s + moves[j] lies in a class not
    settled yet (it starts at the size of c's orbit); the states s with s + moves[j] = y are
    y + negs[j].  A round takes the classes settled last (value d) and counts their states off;
    when left[j, c] reaches 0 the worst class move j leads to from c has value d, so c gets
    d + 1 if it has none yet (val -1), and its move (best) is the one of least weight, then
    least index, among the moves that reach 0 in that round.  Goal classes have value 0.
    """
    n_goal, orbit_start, orbit_states = tabs[0], tabs[3], tabs[4]
    order = np.empty(val.shape[0], dtype=np.int64)  # the classes in the order they settle
    for c in range(n_goal):
        order[c] = c
        val[c] = 0
    lo, hi, d = 0, n_goal, 0
    while lo < hi:
        count = 0
        for f in range(lo, hi):
            count += orbit_start[order[f] + 1] - orbit_start[order[f]]
        ys = np.empty(count, dtype=np.int64)
        count = 0
        for f in range(lo, hi):
            for p in range(orbit_start[order[f]], orbit_start[order[f] + 1]):
                ys[count] = orbit_states[p]
                count += 1
        top = _sight_round(ys, d, negs, weight, tabs, left, val, best, order, hi)
        lo, hi, d = hi, top, d + 1


def solve_sight(game: Game) -> TreeSolution:
    """The sight game (see all, name a move, the Devil turns first): least worst-case moves.

    Retrograde value iteration over classes (``_sight_rounds``): its table holds, for each
    class of moves and each class of states, how many states of the class still lead outside
    the settled classes (one byte each when orbits are small).  The move kept for a class is
    one whose worst next class is least, then of least weight (positions changed), then first.

    >>> s = solve_sight(Game.parse('n=2 observe=sight'))
    >>> s.winnable, s.length, check_tree(s)
    (True, 2, True)
    """
    t0 = time.perf_counter()
    if game.observe != "sight":
        raise DevilcoinsError(f"{game} is not a sight game (observe=sight)")
    t = tables(game)
    moves = moves_up_to_turns(game)
    sizes = np.diff(t.orbit_start)
    dtype = np.uint8 if sizes.max() < 256 else np.int32
    if len(moves) * t.size * np.dtype(dtype).itemsize > MAX_TABLE_BYTES:
        raise DevilcoinsError(
            f"{game}: {len(moves):,} classes of moves times {t.size:,} classes of states is too "
            "many for the sight tables; use fewer positions or values, or limit the moves"
        )
    kt = t.kernel
    left = np.empty((len(moves), t.size), dtype=dtype)
    left[:] = sizes.astype(dtype)
    weight = (t.digits[moves] != 0).sum(axis=1).astype(np.int64)
    val = np.full(t.size, -1, dtype=np.int64)
    best = np.zeros(t.size, dtype=np.int64)
    _sight_rounds(kt.negate(moves), weight, kt.args, left, val, best)
    policy = {
        int(t.reps[c]): (int(moves[best[c]]), int(val[c]))
        for c in range(t.n_goal, t.size)
        if val[c] > 0
    }
    outside = val[t.n_goal :]
    seconds = time.perf_counter() - t0
    if (outside < 0).any():
        devil = tuple(int(t.reps[c]) for c in range(t.n_goal, t.size) if val[c] < 0)
        return TreeSolution.held_out(game, t.size, t0, devil, policy)
    length = int(outside.max()) if len(outside) else 0
    return TreeSolution(
        game=game, winnable=True, length=length, explored=t.size, seconds=seconds, policy=policy
    )


def solve_tree(game: Game, limit: int = MAX_BELIEFS) -> TreeSolution:
    """Solve a touch or sight game (``game.observe``); blind games are the belief search's."""
    if game.observe == "touch":
        return solve_touch(game, limit)
    if game.observe == "sight":
        return solve_sight(game)
    raise DevilcoinsError(
        f"{game} is a blind game: its strategies are sequences, not trees (use prove or search)"
    )


# --- rendering --------------------------------------------------------------------------------


def _values_text(game: Game, values: Iterable[int]) -> str:
    return "".join("HT"[v] for v in values) if game.values == 2 else "".join(map(str, values))


def _touch_node(sol: TreeSolution, node: int, budget: list[int]) -> dict[str, Any]:
    game, m = sol.game, sol.game.values
    step = sol.policy[node]
    budget[0] -= 1
    outcomes = []
    for felt, delta, nxt in step.outcomes:
        new = tuple((f + d) % m for f, d in zip(felt, delta, strict=True))
        change = [
            [p, _values_text(game, (w,))]
            for p, f, w in zip(step.positions, felt, new, strict=True)
            if f != w
        ]
        if nxt is None:
            then: dict[str, Any] | str = "win"
        elif budget[0] <= 0:
            then = "..."
        else:
            then = _touch_node(sol, nxt, budget)
        outcomes.append(
            {
                "felt": _values_text(game, felt),
                "set": _values_text(game, new),
                "change": change,
                "next": then,
            }
        )
    return {
        "belief": [game.state_text(x) for x in step.belief],
        "moves_left": step.moves_left,
        "reach": list(step.positions),
        "outcomes": outcomes,
    }


def _listing(items: Iterable[object]) -> str:
    """'0', '0 and 2', '0, 1 and 3'."""
    words = [str(x) for x in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _moves(count: int) -> str:
    return f"{count} move{'s' if count != 1 else ''}"


def _touch_lines(
    game: Game, node: dict[str, Any], move: int, indent: str, lines: list[str]
) -> None:
    reach = _listing(node["reach"])
    belief = node["belief"]
    known = " ".join(belief) if len(belief) <= 4 else f"{len(belief)} classes"
    lines.append(
        f"{indent}{move}. Reach for {reach} (possible: {known}; at most "
        f"{_moves(node['moves_left'])} left)"
    )
    for out in node["outcomes"]:
        change = ", ".join(f"{p} -> {w}" for p, w in out["change"]) or "none"
        then = out["next"]
        tail = ": the bell rings" if then == "win" else (" ..." if then == "..." else ", then")
        lines.append(f"{indent}   Felt {out['felt']}: change {change}{tail}")
        if isinstance(then, dict):
            _touch_lines(game, then, move + 1, indent + "      ", lines)


def _sight_node(sol: TreeSolution, state: int, budget: list[int]) -> dict[str, Any]:
    game = sol.game
    t = tables(game)
    move, left = sol.policy[state]
    budget[0] -= 1
    cls = int(t.index_of[state])
    orbit = t.orbit_states[t.orbit_start[cls] : t.orbit_start[cls + 1]]
    after = set(t.index_of[t.add(orbit, move)].tolist())
    left_of = {c: sol.policy.get(int(t.reps[c]), (0, 0))[1] for c in after}
    outcomes: list[dict[str, Any] | str] = []
    for c in sorted(after, key=lambda c: (-left_of[c], c)):
        rep = int(t.reps[c])
        if c < t.n_goal:
            outcomes.append("win")
        elif budget[0] <= 0:
            outcomes.append("...")
        else:
            outcomes.append(_sight_node(sol, rep, budget))
    return {
        "state": game.state_text(state),
        "moves_left": left,
        "move": game.move_text(move),
        "outcomes": outcomes,
    }


def _sight_tree(sol: TreeSolution, budget: list[int]) -> dict[str, Any]:
    game = sol.game
    rows = sorted(sol.policy.items(), key=lambda kv: (-kv[1][1], kv[0]))
    table: list[dict[str, Any] | str] = [
        {"state": game.state_text(x), "moves_left": left, "move": game.move_text(a)}
        for x, (a, left) in rows[: max(1, budget[0])]
    ]
    if len(rows) > len(table):
        table.append("...")
    worst = _sight_node(sol, rows[0][0], budget) if rows else "win"
    return {"policy": table, "worst_start": worst}


def _sight_lines(
    game: Game, node: dict[str, Any] | str, move: int, indent: str, lines: list[str]
) -> None:
    if not isinstance(node, dict):
        lines.append(f"{indent}{move}. {'the goal is reached' if node == 'win' else '...'}")
        return
    rest = [out for out in node["outcomes"] if out != "win"]
    if not rest:
        then = ": the bell rings"
    else:
        then = ", then (unless the bell rings)" if "win" in node["outcomes"] else ", then"
    lines.append(
        f"{indent}{move}. See {node['state']} (at most {_moves(node['moves_left'])} left): "
        f"play {node['move']}{then}"
    )
    for out in rest:
        if out == "...":
            lines.append(f"{indent}   ...")
        else:
            _sight_lines(game, out, move + 1, indent + "   ", lines)


# --- checks -----------------------------------------------------------------------------------


def _goal_test(game: Game) -> Callable[[tuple[int, ...]], bool]:
    if game.goal == "zero":
        return lambda x: not any(x)
    if game.goal == "same":
        return lambda x: len(set(x)) == 1
    goal = set(game.goal_states)
    return lambda x: x in goal


def check_tree(solution: TreeSolution) -> bool:
    """Replay the strategy against every start and every turn; True if all win within length.

    Independent of the search's tables: states are tuples, turns are the group's elements.
    """
    game = solution.game
    if not solution.winnable or solution.length is None:
        return False
    n, m = game.n, game.values
    is_goal = _goal_test(game)
    elements = game.group.elements()
    starts = [x for x in itertools.product(range(m), repeat=n) if not is_goal(x)]
    if not starts:
        return True
    root = 0 if game.observe == "touch" else None
    frontier = {(root, x) for x in starts}
    for _ in range(solution.length):
        nxt = set()
        for node, x in frontier:
            if game.observe == "touch":
                step = None if node is None else solution.policy.get(node)
                if step is None or len(set(step.positions)) != game.hands:
                    return False
                plan = {felt: (delta, after) for felt, delta, after in step.outcomes}
                if any(len(delta) != game.hands for delta, _ in plan.values()) or any(
                    not 0 <= p < n for p in step.positions
                ):
                    return False
                for e in elements:
                    y = list(apply(e, x))
                    felt = tuple(y[p] for p in step.positions)
                    if felt not in plan:
                        return False
                    delta, after = plan[felt]
                    for p, dv in zip(step.positions, delta, strict=True):
                        y[p] = (y[p] + dv) % m
                    z = tuple(y)
                    if not is_goal(z):
                        if after is None:
                            return False
                        nxt.add((after, z))
            else:
                rep = min(game.encode(apply(e, x)) for e in elements)
                if rep not in solution.policy:
                    return False
                move = game.decode(solution.policy[rep][0])
                if not game.allowed(game.encode(move)):
                    return False
                for e in elements:
                    z = tuple((a + b) % m for a, b in zip(apply(e, x), move, strict=True))
                    if not is_goal(z):
                        nxt.add((None, z))
        frontier = nxt
        if not frontier:
            return True
    return not frontier


def check_devil(solution: TreeSolution) -> bool:
    """Check the Devil's certificate exhaustively: from its classes it holds out forever."""
    game = solution.game
    if solution.winnable or not solution.devil:
        return False
    n, m = game.n, game.values
    is_goal = _goal_test(game)
    elements = game.group.elements()
    keep = {apply(e, game.decode(x)) for x in solution.devil for e in elements}
    if any(is_goal(x) for x in keep):
        return False
    if game.observe == "sight":
        moves = [a for a in itertools.product(range(m), repeat=n) if game.allowed(game.encode(a))]
        return all(
            any(
                tuple((u + w) % m for u, w in zip(apply(e, x), a, strict=True)) in keep
                for e in elements
            )
            for x in keep
            for a in moves
        )
    k = game.hands
    assert k is not None, "a touch game has hands"
    deltas = list(itertools.product(range(m), repeat=k))
    for x in keep:
        turns = {apply(e, x) for e in elements}
        for pos in itertools.combinations(range(n), k):
            by_felt: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
            for y in turns:
                by_felt.setdefault(tuple(y[p] for p in pos), []).append(y)
            if not any(
                all(any(_set(y, pos, delta, m) in keep for y in ys) for delta in deltas)
                for ys in by_felt.values()
            ):
                return False
    return True


def _set(
    y: tuple[int, ...], pos: tuple[int, ...], delta: tuple[int, ...], m: int
) -> tuple[int, ...]:
    z = list(y)
    for p, d in zip(pos, delta, strict=True):
        z[p] = (z[p] + d) % m
    return tuple(z)
