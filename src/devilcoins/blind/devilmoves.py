"""A Devil restricted to a set of permutations: beliefs as sets of states (docs/variants.md).

With ``Game.devil_moves`` = S the Devil applies exactly one element of S before each move; S need
not be a group (the identity only if it is listed, so S = {one turn} makes the Devil turn every
time).  Two states that differ by an element of S are no longer interchangeable, so beliefs are
sets of *states*, rows of bits over the m^n states, and the belief after move a is

    B' = { s(x) + a : x in B, s in S }  minus the goal,

from B_0 = every state outside the goal (turn first, then the move, as for groups); a strategy
wins when its belief is empty.  When S is a group this is the class engine's game, state by
state, with the same lengths.

No strategy is shorter than the counting bound |B_0| / |goal| (each s is one-to-one, so S(B) + a
is never smaller than B, and a move removes at most the goal).  Solving tries, in turn:

1. the reduction: with H the group of S's quotients s^-1 t closed under conjugation by S, and
   sigma in S, the game seen through sigma^-k after move k is the game against H, so the chain
   construction's moves b_k against H give a_k = sigma^k(b_k) (kept when they meet the bound
   and win exactly);
2. the Devil's certificate: a subgroup Z of states holding the goal, not all of them, such that
   every state outside Z has two moves s, t of S with s(x) - t(x) outside Z (the least such
   subgroup is built up from the goal; checked for every state);
3. a depth-first search for a strategy that meets the counting bound;
4. breadth-first search over beliefs with dominance pruning (a belief containing one already
   kept is dropped: whatever wins the smaller wins it too, no later); a search that ends without
   a win has explored every belief reachable, a proof that no strategy exists.

Verification propagates the belief and, when a strategy loses, walks back through the beliefs
to a start and a turn from S before each move that never reach the goal.  Both hold m^n up to
``MAX_STATES``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from devilcoins.blind.chain import chain, chain_strategy, goal_mask, zone_evidence
from devilcoins.blind.search import SearchOutcome, search_beliefs, searched_verdict
from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.compiling import Stopwatch, hot_loop
from devilcoins.core.errors import NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.kernel import add_states, members
from devilcoins.core.perm import Perm
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.core.symmetry import Group, state_map
from devilcoins.core.tables import tables
from devilcoins.results import Counterexample, Evidence, EvidenceKind, How, Verdict, Verification

__all__ = [
    "MAX_BELIEFS",
    "MAX_STATES",
    "StateSpace",
    "counting_bound",
    "devils_certificate",
    "devils_zone",
    "quotient_certificate",
    "quotient_group",
    "reduced_strategy",
    "search_devil_moves",
    "search_moves",
    "search_states",
    "state_tables",
    "verify_devil_moves",
]

#: The most states (m^n) a game with devil_moves may have: a belief is a row of m^n bits and a
#: search step turns and moves every state of it.
MAX_STATES = 1 << 12

#: Beliefs the search keeps before it refuses (each is a row of m^n bits).
MAX_BELIEFS = 200_000

#: Kernel steps (a state turned or moved) verification takes on before it refuses.
MAX_VERIFY_STEPS = 10**10

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
def state_tables(game: Game) -> StateSpace:
    """Build (once per game) the state-level tables of a game with devil_moves."""
    check_size(game)
    tab = tables(game)  # classes of the group S generates: checks the goal, holds the adder
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
def _room(states: int) -> tuple[np.ndarray, Ints, Ints]:
    """The scratch arrays _turned writes into, for beliefs over the given number of states."""
    hit = np.zeros(states, dtype=np.bool_)
    found = np.empty(states, dtype=np.int64)
    turned = np.empty(states, dtype=np.int64)
    return hit, found, turned


@hot_loop
def _turned(row: Rows, maps: Ints, hit: np.ndarray, found: Ints, out: Ints) -> int:
    """Write into out the distinct states s(x), x in row, s a Devil's move; return how many
    (hit, found: scratch from _room)."""
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
def _moved(turned: Ints, count: int, a: int, goal: np.ndarray, add: AddTables, out: Rows) -> None:
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
    hit, found, turned = _room(goal.shape[0])
    n_moves = moves.shape[0]
    for f in range(frontier.shape[0]):
        count = _turned(frontier[f], maps, hit, found, turned)
        for j in range(n_moves):
            _moved(turned, count, moves[j], goal, add, out[f * n_moves + j])


@hot_loop
def _propagate(
    start: Rows, maps: Ints, moves: Ints, goal: np.ndarray, add: AddTables, history: Rows
) -> None:
    """history[0] = start, history[i + 1] = history[i] turned and moved by moves[i]."""
    hit, found, turned = _room(goal.shape[0])
    history[0] = start
    for i in range(moves.shape[0]):
        count = _turned(history[i], maps, hit, found, turned)
        _moved(turned, count, moves[i], goal, add, history[i + 1])


def propagate(st: StateSpace, moves: Ints) -> Rows:
    """The beliefs before the first move and after each move (len(moves) + 1 rows)."""
    history = np.zeros((len(moves) + 1, st.width), dtype=np.uint64)
    work = len(moves) * st.states * (st.maps.shape[0] + 1)
    _propagate.run(work, st.start(), st.maps, moves, st.goal, st.add, history)
    return history


# --- the reduction to a group ---------------------------------------------------------------


def quotient_group(game: Game) -> Group | None:
    """H: the least group holding every s^-1 t (s, t in S) that conjugation by each s in S
    keeps in place; None when it is too large to list (``Group.elements``' limit).

    Every s in S is sigma h with h in H for any sigma in S, and after move k the table seen
    through sigma^-k is the game against the group H (docs/variants.md).

    >>> str(quotient_group(Game.parse('n=4 devil_moves=1,2,3,0;3,0,1,2')))
    '2 3 0 1'
    """
    perms = [Perm(p) for p in game.devil_moves or ()]
    identity = Perm.identity(game.n)
    gens = {t.then(s.inverse()) for s in perms for t in perms} - {identity}
    try:
        while True:
            group = Group.of(game.n, sorted(gens))
            if not gens:
                return group
            elements = set(group.elements())
            conjugates = {x.conjugated(s) for s in perms for x in gens}
            if conjugates <= elements:
                return group
            gens |= conjugates
    except TooLarge:  # too many elements to list
        return None


def reduced_strategy(game: Game) -> tuple[int, ...] | None:
    """A strategy against S from the chain construction against H, or None.

    With b the chain's moves against H (shortest there: |M / goal| - 1, the counting bound)
    and sigma the first of S, a_k = sigma^k(b_k).  None when H is too large, the chain stalls,
    the goal is not a subgroup or a move a_k is not allowed.  The caller verifies the moves.
    """
    group = quotient_group(game)
    if group is None:
        return None
    against_h = dataclasses.replace(game, group=group, devil_moves=None)
    c = chain(against_h)
    if not (c.complete and c.goal_is_subgroup):
        return None
    sigma = (game.devil_moves or ())[0]
    power = Perm.identity(game.n)
    moves = []
    for b in chain_strategy(against_h).tolist():
        power = power.then(sigma)
        a = game.encode(power.apply(game.decode(b)))
        if not game.allowed(a):
            return None
        moves.append(a)
    return tuple(moves)


def devils_zone(st: StateSpace) -> np.ndarray:
    """Z: the least subgroup of states holding the goal such that every state x outside Z has
    two of the Devil's moves s, t with s(x) - t(x) outside Z.

    Built up from the goal's subgroup, adding each time the states whose differences all lie
    inside; every subgroup with that property contains Z, so there is such a subgroup other
    than all states exactly when Z is not all states.
    """
    span = tables(st.game).span
    zone = span(st.goal)
    pairs = [(s, t) for s in range(len(st.maps)) for t in range(s + 1, len(st.maps))]
    while True:
        inside = np.ones(st.states, dtype=bool)
        for s, t in pairs:
            inside &= zone[_minus(st, st.maps[s], st.maps[t])]
        if not (inside & ~zone).any():
            return zone
        zone = span(zone | inside)


def devils_certificate(game: Game) -> Evidence | None:
    """The Devil's certificate against S, checked for every state, or None when there is none.

    With Z = ``devils_zone`` not all states: for a state x outside Z and any move a, the states
    s(x) + a and t(x) + a differ by s(x) - t(x), outside Z, so one of them is outside Z; the
    Devil, starting outside Z, keeps the state outside Z, and the goal lies inside it.  The
    check: Z is a subgroup holding the goal, and every state outside it has such s and t.
    """
    st = state_tables(game)
    zone = devils_zone(st)
    outside = ~zone
    if not outside.any():
        return None
    escapes = np.zeros(st.states, dtype=bool)  # the check, state by state
    for s in range(len(st.maps)):
        for t in range(len(st.maps)):
            if s != t:
                escapes |= ~zone[_minus(st, st.maps[s], st.maps[t])]
    subgroup = np.array_equal(tables(game).span(zone), zone)
    holds = bool(subgroup and zone[st.goal].all() and (escapes | zone).all())
    start = int(np.flatnonzero(outside)[0])
    argument = (
        f"The Devil keeps the state out of a zone of {int(zone.sum()):,} of the {st.states:,} "
        "states that holds the goal: from any state outside it, two of his moves give states "
        "that differ by a state outside the zone, so whatever the player's move, it leaves at "
        "least one of the two outside. Starting outside (e.g. from "
        f"{game.state_text(start)}), he never lets the goal appear. (The zone Z is a subgroup, "
        "and for every x outside Z two of his moves s, t have s(x) - t(x) outside Z, so s(x) + a "
        "or t(x) + a is outside Z.)"
    )
    return zone_evidence(game, "the Devil's certificate", argument, zone, start, holds)


def quotient_certificate(game: Game) -> tuple[Evidence, int] | None:
    """The game modulo the zone where H's chain stalls, searched and lost: the evidence and the
    beliefs explored, or None.

    Coins only (m = 2: the states are a vector space over GF(2)).  Z, the last level of the
    chain against H, is a subgroup holding the goal; when every Devil's move keeps it, the game
    seen modulo Z is a game on the 2^d cosets with the goal the coset Z, and a strategy that
    wins the game wins the game modulo Z.  So when the belief search there explores every
    reachable belief without a win, no strategy wins the game.  None otherwise.
    """
    group = quotient_group(game)
    if game.values != 2 or group is None:
        return None
    c = chain(dataclasses.replace(game, group=group, devil_moves=None))
    if c.complete:
        return None
    st = state_tables(game)
    zone = c.zone
    if not all(zone[st.maps[s][zone]].all() for s in range(len(st.maps))):
        return None
    pivots: dict[int, int] = {}  # Z's basis in echelon form, by leading bit
    for z in np.flatnonzero(zone).tolist():
        for bit, b in pivots.items():
            if z >> bit & 1:
                z ^= b
        if z:
            bit = z.bit_length() - 1
            for other in list(pivots):
                if pivots[other] >> bit & 1:
                    pivots[other] ^= z
            pivots[bit] = z
    free = [i for i in range(game.n) if i not in pivots]

    def coset(x: int) -> int:  # x reduced modulo Z, read off the free positions
        for bit, b in pivots.items():
            if x >> bit & 1:
                x ^= b
        return sum(1 << j for j, i in enumerate(free) if x >> i & 1)

    index = np.array([coset(x) for x in range(st.states)], dtype=np.int64)
    reps = np.zeros(1 << len(free), dtype=np.int64)
    reps[index] = np.arange(st.states, dtype=np.int64)
    maps = np.ascontiguousarray(index[st.maps[:, reps]])
    inverse = np.empty_like(maps)
    for s in range(len(maps)):
        inverse[s, maps[s]] = np.arange(len(reps), dtype=np.int64)
    goal = np.zeros(len(reps), dtype=bool)
    goal[0] = True
    quotient = StateSpace(
        game=game, maps=maps, inverse=inverse, goal=goal, add=st.add, neg=np.arange(len(reps))
    )
    moves = np.unique(index[search_moves(game)])
    moves = np.concatenate([moves[moves != 0], [0]]).astype(np.int64)
    try:
        found = search_beliefs(quotient, moves, prune=True, limit=MAX_BELIEFS)
    except TooLarge:  # too many beliefs even there
        return None
    if found.moves is not None:
        return None
    statement = (
        f"A zone of {int(zone.sum()):,} of the {st.states:,} states holds the goal, and every "
        "move of the Devil maps it onto itself. So in a coarser game, where states that differ "
        f"by a state of the zone count as one, there are {len(reps):,} states, the zone is the "
        "goal, and any strategy that wins the game wins the coarser one too. There every "
        f"reachable belief was explored ({found.kept:,} kept, up to dominance) and none is "
        "empty, so no strategy wins. (The zone Z is where the chain against the group H of S's "
        f"quotients stops, a subgroup; the coarser game is the game modulo Z, on its "
        f"{len(reps):,} cosets.)"
    )
    evidence = Evidence(
        kind=EvidenceKind.REDUCTION,
        name="the coarser game, searched (the game modulo the zone)",
        statement=statement,
        checked=True,
        holds=True,
        detail={"zone_size": int(zone.sum()), "states": st.states, "cosets": len(reps)},
    )
    return evidence, found.kept


# --- search -----------------------------------------------------------------------------------


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


def _minus(st: StateSpace, zs: Ints, ts: Ints) -> Ints:
    """z - t position by position for each pair (vectorised)."""
    if st.game.values == 2:
        return zs ^ ts
    _, add_lo, add_hi, lo_of, hi_of, base = st.add
    ns = st.neg[ts]
    out: Ints = add_lo[lo_of[zs], lo_of[ns]] + base * add_hi[hi_of[zs], hi_of[ns]]
    return out


#: The method of a strategy from the reduction to H, plain words first (``search_devil_moves``).
REDUCED = (
    "the recipe against a simpler Devil, its moves turned to follow the one turn all his moves "
    "share (chain construction against the group of S's quotients)"
)

#: The method of a strategy found by the depth-first search that meets the counting bound.
DEPTH_FIRST = (
    "a strategy as short as counting allows, found by trying moves one after another "
    "(depth-first search along the counting bound)"
)

#: Children the depth-first search along the counting bound computes before it gives way to the
#: level-by-level search (each costs one pass over a belief).
BOUND_BUDGET = 100_000


def bound_path(st: StateSpace, budget: int = BOUND_BUDGET) -> tuple[tuple[int, ...] | None, int]:
    """A strategy of exactly counting_bound moves, by depth-first search, or None; and the
    number of beliefs it computed.

    Along such a strategy every move must take |goal| states out of the belief (up to the
    bound's rounding), so only moves a = z - t (z in the goal, t a state the Devil's move can
    give) are tried, and a child is followed only while its size still allows the bound.  None
    when there is no such strategy or the budget runs out (the caller then searches level by
    level).
    """
    g = int(st.goal.sum())
    bound = counting_bound(st)
    goal_states = np.flatnonzero(st.goal)
    allowed = np.array([st.game.allowed(a) for a in range(st.states)], dtype=bool)
    hit, found, turned = _room(st.states)

    def frame(row: Rows) -> tuple[Rows, Ints, Ints]:
        count = _turned(row, st.maps, hit, found, turned)
        ts = turned[:count].copy()
        cands = np.unique(_minus(st, np.repeat(goal_states, count), np.tile(ts, g)))
        return row, ts, cands[allowed[cands]]

    stack = [frame(st.start())]
    nexts = [0]
    path: list[int] = []
    seen: set[bytes] = set()
    work = 0
    while stack:
        _, ts, cands = stack[-1]
        if nexts[-1] == len(cands):
            stack.pop()
            nexts.pop()
            if path:
                path.pop()
            continue
        a = int(cands[nexts[-1]])
        nexts[-1] += 1
        work += 1
        if work > budget:
            return None, work
        child = np.zeros(st.width, dtype=np.uint64)
        _moved(ts, len(ts), a, st.goal, st.add, child)
        size = int(st.sizes(child[None, :])[0])
        if size == 0:
            return (*path, a), work
        depth = len(path) + 1
        key = child.tobytes()
        if depth + -(-size // g) > bound or key in seen:
            continue
        seen.add(key)
        path.append(a)
        stack.append(frame(child))
        nexts.append(0)
    return None, work


def search_states(
    game: Game,
    *,
    reduce: bool = True,
    along_bound: bool = True,
    on_progress: Callable[[int, int], None] | None = None,
) -> tuple[SearchOutcome, str]:
    """A shortest winning strategy against a Devil restricted to devil_moves, or proof of none,
    and how it was found: 'reduced', 'bound' or 'levels'.

    First (unless reduce is False) the chain construction against the group H of S's
    quotients, seen through sigma^k (``reduced_strategy``), kept when it wins and meets the
    counting bound; then (unless along_bound is False) a depth-first search for a strategy
    that meets the counting bound, which is then shortest; else the one belief search
    (``blind.search``) over this game's beliefs of states, moves in search_moves' order,
    dropping a belief that contains one already kept.

    >>> game = Game.parse('n=2 devil_moves=1,0')
    >>> found, how = search_states(game)
    >>> [Game(2).move_text(a) for a in found.moves], how
    (['LF', 'LF', 'LF'], 'reduced')
    >>> found, how = search_states(game, reduce=False)
    >>> [Game(2).move_text(a) for a in found.moves], how
    (['FL', 'FL', 'FL'], 'bound')
    >>> found, how = search_states(game, reduce=False, along_bound=False)
    >>> [Game(2).move_text(a) for a in found.moves], found.kept, how
    (['FL', 'FL', 'FL'], 7, 'levels')
    """
    st = state_tables(game)
    watch = Stopwatch()
    if not st.start().any():
        return SearchOutcome(moves=(), kept=1, depth=0, smallest=0, seconds=0.0), "levels"
    bound = counting_bound(st)
    reduced = reduced_strategy(game) if reduce else None
    if reduced is not None and len(reduced) == bound:
        history = propagate(st, np.array(reduced, dtype=np.int64))
        if not history[-1].any():  # it wins (as it must), and no strategy is shorter
            seconds = watch.seconds()
            done = SearchOutcome(moves=reduced, kept=0, depth=bound, smallest=0, seconds=seconds)
            return done, "reduced"
    quick, tried = bound_path(st) if along_bound else (None, 0)
    if quick is not None:
        seconds = watch.seconds()
        done = SearchOutcome(moves=quick, kept=tried, depth=len(quick), smallest=0, seconds=seconds)
        return done, "bound"
    found = search_beliefs(
        st,
        search_moves(game),
        prune=True,
        limit=MAX_BELIEFS,
        on_progress=None if on_progress is None else lambda p: on_progress(p.depth, p.explored),
    )
    return found, "levels"


def search_devil_moves(
    game: Game, *, certify: bool = True, on_progress: Callable[[int, int], None] | None = None
) -> Verdict:
    """The verdict for a blind game with devil_moves: a shortest strategy, or proof of none.

    The Devil's certificate is tried first (unless certify is False), then the game modulo the
    zone where H's chain stops, then ``search_states``.  A certificate whose check fails is
    not used (the search decides), and the verdict carries the failed check.

    >>> v = search_devil_moves(Game.parse('n=3 devil_moves=1,2,0'))
    >>> v.winnable, v.length, v.evidence[-1].detail['counting_bound']
    (True, 7, 7)
    """
    watch = Stopwatch()
    failed: tuple[Evidence, ...] = ()
    certificate = devils_certificate(game) if certify else None
    if certificate is not None and certificate.holds:
        return Verdict.lost(
            game,
            "the game kept out of a zone that holds the goal, checked for every state (the "
            "Devil's certificate: two of his moves always differ outside a subgroup)",
            (certificate,),
            watch.seconds(),
        )
    if certificate is not None:
        failed = (certificate,)
    modulo = quotient_certificate(game) if certify else None
    if modulo is not None:
        searched, explored = modulo
        return Verdict.lost(
            game,
            "a coarser game where states differing inside a zone count as one, explored to the "
            "end and lost (belief search modulo the zone where the chain against H stops)",
            (*failed, searched),
            watch.seconds(),
            how=How.SEARCH,
            explored=explored,
        )
    found, route = search_states(game, on_progress=on_progress)
    bound = _bound_evidence(game)
    if route == "levels":
        return searched_verdict(
            game, found, name="belief search over states", evidence=(*failed, bound)
        )
    if route == "reduced":
        method, how = REDUCED, How.CONSTRUCTION
        evidence: tuple[Evidence, ...] = (*failed, _reduction_evidence(game), bound)
    else:
        method, how = DEPTH_FIRST, How.SEARCH
        evidence = (*failed, bound)
    return Verdict(
        game=game,
        winnable=True,
        length=len(found.moves or ()),
        method=method,
        how=how,
        seconds=found.seconds,
        strategy=found.moves,
        explored=None if route == "reduced" else found.kept,
        evidence=evidence,
    )


def _reduction_evidence(game: Game) -> Evidence:
    """Why the chain against H, seen through sigma^k, wins against S (it was checked exactly)."""
    group = quotient_group(game)
    sigma = (game.devil_moves or ())[0]
    h = "only the identity" if group is None or not group.generators else f"{group}"
    return Evidence(
        kind=EvidenceKind.REDUCTION,
        name="the reduction to a simpler Devil (the group of S's quotients)",
        statement=(
            f"Each of the Devil's moves is one fixed turn, sigma = {sigma}, combined with a turn "
            f"from a smaller group of turns (here {h}). Watched from a table that turns with "
            "sigma, he only turns by that smaller group, so the recipe against that group, each "
            "move turned along with the table, wins. The belief was propagated through those "
            "moves: it empties at the last move. (The group H is made by the quotients s^-1 t "
            "and their conjugates by S; the chain construction's moves b_k against H are "
            "played as sigma^k(b_k).)"
        ),
        checked=True,
        holds=True,
        detail={"quotient_group": str(group)},
    )


def _bound_evidence(game: Game) -> Evidence:
    """Why nothing shorter than the counting bound wins, stated."""
    st = state_tables(game)
    bound = counting_bound(st)
    goal = int(st.goal.sum())
    outside = st.states - goal
    takes = "the goal's one state" if goal == 1 else f"the goal's {goal} states"
    states = "1 state" if outside == 1 else f"{outside:,} states"
    return Evidence(
        kind=EvidenceKind.LOWER_BOUND,
        name="the counting bound",
        statement=(
            f"Nothing shorter than {bound:,} moves wins: the belief starts with the {states} "
            f"outside the goal, each of the Devil's moves is one-to-one so it never shrinks, "
            f"and a move takes out at most {takes}."
        ),
        checked=False,
        detail={"counting_bound": bound, "devil_moves": len(game.devil_moves or ())},
    )


# --- verification -----------------------------------------------------------------------------


def devil_line(st: StateSpace, moves: Ints, history: Rows) -> tuple[int, tuple[int, ...]]:
    """A start and the index in S of the Devil's move before each move that keep a losing
    strategy out of the goal (history: the beliefs, the last one not empty)."""
    last = states_of(history[-1], st.states)
    y = last[0]
    turns: list[int] = []
    m, neg = st.game.values, st.neg
    for i in range(len(moves), 0, -1):
        a = int(moves[i - 1])
        before = y ^ a if m == 2 else add_states(y, int(neg[a]), *st.add)
        row = history[i - 1]
        for s in range(st.maps.shape[0]):
            x = int(st.inverse[s, before])
            if row[x >> 6] >> np.uint64(x & 63) & _ONE:
                turns.append(s)
                y = x
                break
        else:  # pragma: no cover - every state of a belief came from the belief before
            raise AssertionError("walking back through the beliefs lost the thread")
    return y, tuple(reversed(turns))


def verify_devil_moves(game: Game, moves: Ints) -> Verification:
    """Exact verification of a blind strategy against a Devil restricted to devil_moves.

    sizes are the states still possible (goal states included) before the first move and after
    each move.

    >>> g = Game.parse('n=2 devil_moves=1,0')
    >>> verify_devil_moves(g, np.array([1, 1, 1])).wins
    True
    >>> verify_devil_moves(g, np.array([1, 1])).counterexample.to_json()  # turn 1: the swap
    {'start': 'TH', 'turns': [1, 1]}
    """
    st = state_tables(game)
    moves = np.asarray(moves, dtype=np.int64).reshape(-1)
    game.check_moves(moves)
    cost = (len(moves) + 1) * st.states * st.maps.shape[0]
    if cost > MAX_VERIFY_STEPS or (len(moves) + 1) * st.width > 1 << 25:
        raise TooLarge(
            f"verifying {len(moves):,} moves of {game} state by state is too large here "
            f"(up to {cost:.1e} steps); try fewer moves"
        )
    watch = Stopwatch()
    history = propagate(st, moves)
    alive = st.sizes(history)
    won = np.flatnonzero(alive == 0)
    counter = None
    if not len(won):
        start, turns = devil_line(st, moves, history)
        perms = game.devil_moves or ()
        counter = Counterexample(game=game, start=start, turns=tuple(Perm(perms[s]) for s in turns))
    goal = int(st.goal.sum())
    return Verification.of_sizes(
        game,
        len(moves),
        alive + goal,
        won,
        counter,
        watch.seconds(),
        counts="states still possible",
    )
