"""The sight game: the player sees the whole state x and names a move a; the Devil turns the
table before it is applied, so the next state is g(x) + a.

V(x) = 0 in the goal, else 1 + min_a max_g V(g(x) + a); V is constant on classes, and moves may
be taken up to the group too (g(x) + h(a) = h(h^-1 g(x) + a)).  ``solve_sight`` settles every
class by retrograde value iteration from the goal outwards; a class never settled is one the
Devil holds forever (his trap).

>>> from devilcoins.core.game import Game
>>> solve_sight(Game.parse('n=3 observe=sight')).winnable  # the Devil's trap: every class
False
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from devilcoins.core.beliefs import Ints, KernelArgs
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.hotloop import hot_loop
from devilcoins.core.observe import Observe
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.core.tables import class_table
from devilcoins.observed.sizes import for_small_games
from devilcoins.results.sight import SightSolution

__all__ = [
    "FOREVER",
    "MAX_TABLE_BYTES",
    "moves_up_to_turns",
    "sight_solution",
    "sight_values",
    "solve_sight",
]

#: The largest tables (bytes) the sight search may build: the next class of every state under
#: every move.
MAX_TABLE_BYTES = 1 << 28


def moves_up_to_turns(game: Game) -> np.ndarray:
    """The allowed moves, one for each class of moves under the group."""
    t = class_table(game)
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


@hot_loop
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
) -> int:  # pragma: no cover - a hot loop
    """Count off the states ys of the classes of value d; settle classes at d + 1 (appended to
    order from top on); return the new top.  See ``_sight_rounds``."""
    n_goal, index_of = tabs[0], tabs[1]
    m, add_lo, add_hi, lo_of, hi_of, base = tabs[5], tabs[6], tabs[7], tabs[8], tabs[9], tabs[10]
    coins = m == 2  # coins add by XOR; their digit tables are one-entry placeholders
    ylo = ys if coins else lo_of[ys]  # read in order, not looked up state by state
    yhi = ys if coins else hi_of[ys]
    for j in range(negs.shape[0]):
        row = left[j]
        t = negs[j]
        lo_row = add_lo[0] if coins else add_lo[lo_of[t]]
        hi_row = add_hi[0] if coins else add_hi[hi_of[t]]
        for i in range(ys.shape[0]):
            x = t ^ ys[i] if coins else lo_row[ylo[i]] + base * hi_row[yhi[i]]
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


@hot_loop
def _sight_rounds(
    negs: Ints, weight: Ints, tabs: KernelArgs, left: np.ndarray, val: Ints, best: Ints
) -> None:  # pragma: no cover - a hot loop
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


@for_small_games
def solve_sight(game: Game) -> SightSolution:
    """The sight game (see all, name a move, the Devil turns first): least worst-case moves.

    Retrograde value iteration over classes (``_sight_rounds``): its table holds, for each
    class of moves and each class of states, how many states of the class still lead outside
    the settled classes (one byte each when orbits are small).  The move kept for a class is
    one whose worst next class is least, then of least weight (positions changed), then first.

    >>> s = solve_sight(Game.parse('n=2 observe=sight'))
    >>> s.winnable, s.length, len(s.policy)
    (True, 2, 2)
    """
    t0 = Stopwatch()
    if game.observe is not Observe.SIGHT:
        raise NotSupported(f"{game} is not a sight game (observe=sight)")
    t = class_table(game)
    moves = moves_up_to_turns(game)
    sizes = np.diff(t.orbit_start)
    dtype = np.uint8 if sizes.max() < 256 else np.int32
    if len(moves) * t.size * np.dtype(dtype).itemsize > MAX_TABLE_BYTES:
        raise TooLarge(
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
    seconds = t0.seconds()
    if (outside < 0).any():
        trap = tuple(int(t.reps[c]) for c in range(t.n_goal, t.size) if val[c] < 0)
        return SightSolution(
            game=game, winnable=False, length=None, explored=t.size, seconds=seconds,
            policy=policy, trap=trap,
        )  # fmt: skip
    length = int(outside.max()) if len(outside) else 0
    return SightSolution(
        game=game, winnable=True, length=length, explored=t.size, seconds=seconds, policy=policy
    )


#: How many moves a class needs when the Devil can keep it from the goal for ever.
FOREVER = 1 << 30


@lru_cache(maxsize=CACHED_GAMES)
def sight_solution(game: Game) -> SightSolution:
    """The sight game solved (its policy: the move and the moves left for each class)."""
    return solve_sight(game)


@lru_cache(maxsize=CACHED_GAMES)
def sight_values(game: Game) -> np.ndarray:
    """For a sight game, the least worst-case moves each class of its tables still needs (0 in
    the goal, FOREVER where the Devil holds out)."""
    t = class_table(game)
    values = np.full(t.size, FOREVER, dtype=np.int64)
    values[: t.n_goal] = 0
    for x, (_, left) in sight_solution(game).policy.items():
        values[int(t.index_of[x])] = left
    return values
