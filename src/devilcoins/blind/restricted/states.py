"""The restricted Devil's state space: beliefs as rows of bits over the states, and the one belief
update (every state turned by each of the Devil's moves, then moved, the goal left out).

``StateSpace`` holds the game's permutations of states (one a Devil's move) and its addition;
the hot loops propagate a row of bits through moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from devilcoins.blind.chain import goal_mask
from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.core.hotloop import hot_loop
from devilcoins.core.kernel import add_states, members
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.core.symmetry import state_map
from devilcoins.core.tables import class_table

__all__ = [
    "MAX_STATES",
    "StateSpace",
    "check_size",
    "counting_bound",
    "minus",
    "propagate",
    "rows_of",
    "search_moves",
    "state_space",
    "states_of",
]

#: The most states (m^n) a game with devil_moves may have: a belief is a row of m^n bits and a
#: search step turns and moves every state of it.
MAX_STATES = 1 << 12

_ONE = np.uint64(1)

#: (m, add_lo, add_hi, lo_of, hi_of, base): the class table's addition of states.
AddTables = tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]


@dataclass(frozen=True, eq=False)
class StateSpace:
    """The belief space of a game with devil_moves: beliefs are sets of states (rows of bits
    over the m^n states, the goal left out), for ``blind.search``; and what its kernel reads.

    maps[s, x] = s(x) for the Devil's s-th move; inverse[s, y] = the x with s(x) = y;
    goal[x] = whether x is in the goal; add = (m, add_lo, add_hi, lo_of, hi_of, base), the class
    table's addition of states (XOR for coins); neg[x] = -x.
    """

    game: Game
    maps: Ints
    inverse: Ints
    goal: np.ndarray
    add: AddTables
    neg: Ints

    @property
    def states(self) -> int:
        """m^n."""
        return int(self.goal.shape[0])

    @property
    def width(self) -> int:
        """Words in a belief row."""
        return (self.states + 63) // 64

    def start(self) -> Rows:
        """The belief before the first move: every state outside the goal."""
        return rows_of(~self.goal)

    def sizes(self, rows: Rows) -> Ints:
        """The number of states in each row."""
        bits = np.unpackbits(rows.view(np.uint8), axis=1, bitorder="little")
        counts: Ints = bits.sum(axis=1, dtype=np.int64)
        return counts

    def expand(self, frontier: Rows, moves: Ints) -> Rows:
        """Every (belief, move) successor: row f * len(moves) + j is frontier[f] after moves[j]."""
        out = np.zeros((frontier.shape[0] * len(moves), self.width), dtype=np.uint64)
        work = frontier.shape[0] * self.states * (self.maps.shape[0] + len(moves))
        frontier = np.ascontiguousarray(frontier)
        _expand.run(work, frontier, self.maps, moves, self.goal, self.add, out)
        return out

    def won(self, rows: Rows) -> np.ndarray:
        """The empty rows: nothing outside the goal is possible."""
        won: np.ndarray = np.logical_not(rows.any(axis=1))
        return won


def rows_of(mask: np.ndarray) -> Rows:
    """The belief row holding the states where mask is True."""
    bits = np.zeros(((len(mask) + 63) // 64) * 64, dtype=np.uint8)
    bits[: len(mask)] = mask
    row: Rows = np.packbits(bits, bitorder="little").view(np.uint64).copy()
    return row


def states_of(row: Rows, states: int) -> list[int]:
    """The states set in a belief row, in increasing order."""
    bits = np.unpackbits(row.view(np.uint8), bitorder="little")[:states]
    found: list[int] = np.flatnonzero(bits).tolist()
    return found


def check_size(game: Game) -> None:
    """Refuse a game with devil_moves past MAX_STATES states."""
    if game.devil_moves is None:
        raise NotSupported(f"{game} has no devil_moves: its Devil turns by a whole group")
    game.check_size(MAX_STATES, "a Devil restricted to devil_moves is solved for, state by state")


@lru_cache(maxsize=CACHED_GAMES)
def state_space(game: Game) -> StateSpace:
    """Build (once per game) the state-level tables of a game with devil_moves."""
    check_size(game)
    tab = class_table(game)  # classes of the group S generates: checks the goal, holds the adder
    perms = game.devil_moves or ()
    maps = np.array([state_map(p, tab.digits, tab.powers) for p in perms], dtype=np.int64)
    maps = maps.reshape(len(perms), tab.states)
    inverse = np.empty_like(maps)
    for s in range(len(perms)):
        inverse[s, maps[s]] = np.arange(tab.states, dtype=np.int64)
    goal = goal_mask(tab)
    k = tab.kernel
    return StateSpace(
        game=game,
        maps=maps,
        inverse=inverse,
        goal=goal,
        add=(k.m, k.add_lo, k.add_hi, k.lo_of, k.hi_of, k.base),
        neg=tab.neg,
    )


# --- the hot loops (core.compiling) ---------------------------------------------------------


@hot_loop
def scratch_room(states: int) -> tuple[np.ndarray, Ints, Ints]:
    """The scratch arrays turned_states writes into, for beliefs over the given number of states."""
    hit = np.zeros(states, dtype=np.bool_)
    found = np.empty(states, dtype=np.int64)
    turned = np.empty(states, dtype=np.int64)
    return hit, found, turned


@hot_loop
def turned_states(row: Rows, maps: Ints, hit: np.ndarray, found: Ints, out: Ints) -> int:
    """Write into out the distinct states s(x), x in row, s a Devil's move; return how many
    (hit, found: scratch from scratch_room)."""
    hit[:] = False
    count = 0
    for i in range(members(row, found)):
        x = found[i]
        for s in range(maps.shape[0]):
            y = maps[s, x]
            if not hit[y]:
                hit[y] = True
                out[count] = y
                count += 1
    return count


@hot_loop
def moved_states(
    turned: Ints, count: int, a: int, goal: np.ndarray, add: AddTables, out: Rows
) -> None:
    """OR into out the states turned[:count] + a that are not in the goal."""
    for i in range(count):
        y = add_states(turned[i], a, add[0], add[1], add[2], add[3], add[4], add[5])
        if not goal[y]:
            out[y >> 6] |= _ONE << np.uint64(y & 63)


@hot_loop
def _expand(
    frontier: Rows, maps: Ints, moves: Ints, goal: np.ndarray, add: AddTables, out: Rows
) -> None:
    """Fill out[f * len(moves) + j] with frontier[f] turned and moved by moves[j]."""
    hit, found, turned = scratch_room(goal.shape[0])
    n_moves = moves.shape[0]
    for f in range(frontier.shape[0]):
        count = turned_states(frontier[f], maps, hit, found, turned)
        for j in range(n_moves):
            moved_states(turned, count, moves[j], goal, add, out[f * n_moves + j])


@hot_loop
def _propagate(
    start: Rows, maps: Ints, moves: Ints, goal: np.ndarray, add: AddTables, history: Rows
) -> None:
    """history[0] = start, history[i + 1] = history[i] turned and moved by moves[i]."""
    hit, found, turned = scratch_room(goal.shape[0])
    history[0] = start
    for i in range(moves.shape[0]):
        count = turned_states(history[i], maps, hit, found, turned)
        moved_states(turned, count, moves[i], goal, add, history[i + 1])


def propagate(st: StateSpace, moves: Ints) -> Rows:
    """The beliefs before the first move and after each move (len(moves) + 1 rows)."""
    history = np.zeros((len(moves) + 1, st.width), dtype=np.uint64)
    work = len(moves) * st.states * (st.maps.shape[0] + 1)
    _propagate.run(work, st.start(), st.maps, moves, st.goal, st.add, history)
    return history


# --- the reduction to a group ---------------------------------------------------------------


def search_moves(game: Game) -> Ints:
    """The moves the search tries: every allowed move by state number, changing nothing last.

    Changing nothing is a move like any other here: the Devil must still apply one of S.
    """
    states = game.values**game.n
    allowed = [a for a in range(1, states) if game.allowed(a)]
    return np.array([*allowed, 0], dtype=np.int64)


def counting_bound(st: StateSpace) -> int:
    """No strategy wins in fewer moves: ceil(|B_0| / |goal|).

    One Devil's move s is a bijection, so S(B) has at least |B| states and so has S(B) + a;
    removing the goal takes out at most |goal| of them.
    """
    goal = int(st.goal.sum())
    return -(-(st.states - goal) // goal)


def minus(st: StateSpace, zs: Ints, ts: Ints) -> Ints:
    """z - t position by position for each pair (vectorised)."""
    if st.game.values == 2:
        return zs ^ ts
    _, add_lo, add_hi, lo_of, hi_of, base = st.add
    ns = st.neg[ts]
    out: Ints = add_lo[lo_of[zs], lo_of[ns]] + base * add_hi[hi_of[zs], hi_of[ns]]
    return out
