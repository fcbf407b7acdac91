"""An independent, slow reference for the coin game, written for the tests.

It follows the seeds' definitions (shared/seeds) with coin sequences as plain strings of H and T
and moves as sets of positions, and shares no code with the library, so the tests can check the
library against it.  Nothing here is fast: it is meant for small numbers of coins.
"""

from __future__ import annotations

from functools import cache
from itertools import product


def rotations(coins: str) -> set[str]:
    """Every rotation coins[r:] + coins[:r] of coins, straight from the seeds."""
    return {coins[r:] + coins[:r] for r in range(len(coins))}


def canonical(coins: str) -> str:
    """The seeds' canonical form: the alphabetically first rotation."""
    return min(rotations(coins))


def flipped(coins: str, move) -> str:
    """Flip the coins at the positions of move, without canonicalising (all heads flips too)."""
    return "".join(("H" if c == "T" else "T") if i in move else c for i, c in enumerate(coins))


def flip(coins: str, move) -> str:
    """The seeds' flip: all heads is left alone, anything else is flipped and canonicalised."""
    if "T" not in coins:
        return coins
    return canonical(flipped(coins, move))


@cache
def successors(coins: str, move: frozenset[int]) -> frozenset[str]:
    """Every canonical sequence one turn and move can make of coins; all heads stays put."""
    if "T" not in coins:
        return frozenset({coins})
    return frozenset(canonical(flipped(c, move)) for c in rotations(coins))


def naive_update(belief, move) -> frozenset[str]:
    """Turn every sequence every way, flip, canonicalise; all heads is left alone."""
    move = frozenset(move)
    return frozenset().union(*(successors(c, move) for c in belief))


def plain_update(belief, move) -> frozenset[str]:
    """Turn every sequence every way and flip, with no canonical forms; all heads is left alone."""
    return frozenset(
        c if "T" not in c else flipped(c, move) for coins in belief for c in rotations(coins)
    )


@cache
def canonical_coins(n: int) -> frozenset[str]:
    """The canonical forms of all 2^n sequences of n coins."""
    return frozenset(canonical("".join(p)) for p in product("HT", repeat=n))


def seed_moves(n: int) -> list[frozenset[int]]:
    """The seeds' canonical moves: the heads of each canonical sequence, in sorted order."""
    return [
        frozenset(i for i, c in enumerate(coins) if c == "H")
        for coins in sorted(canonical_coins(n))
    ]


# --- tails masks: bit i set when position i shows tails ---------------------------------------


def rot(x: int, r: int, n: int) -> int:
    """The table turned by r in the seeds' sense (coins[r:] + coins[:r]) on an n-bit mask."""
    r %= n
    return ((x >> r) | (x << (n - r))) & ((1 << n) - 1)


def replay(start: int, turns, masks, n: int) -> list[int]:
    """The states x_0 = start, x_i = rot(x_(i-1), r_i) ^ m_i, played to the end (no stopping)."""
    states = [start]
    for r, m in zip(turns, masks, strict=True):
        states.append(rot(states[-1], r, n) ^ m)
    return states


def lamping(n: int) -> list[int]:
    """Lamping's construction for n = 2^k coins, built literally by its recursion (as masks).

    n = 1: the one move that flips the coin.  From o_1..o_L for h coins, for 2h coins:
    d_i = o_i on both halves, s_i = o_i on the first half only, and the sequence is
    d_1..d_L, s_1, d_1..d_L, s_2, ..., s_L, d_1..d_L.
    """
    if n == 1:
        return [1]
    h = n // 2
    assert 2 * h == n, "n must be a power of 2"
    inner = lamping(h)
    doubled = [o | (o << h) for o in inner]
    moves = list(doubled)
    for s in inner:
        moves.append(s)
        moves.extend(doubled)
    return moves


def lamping_move(n: int, i: int) -> int:
    """Move i (1-based) of Lamping's construction for n = 2^k coins, by the recursion alone.

    For 2h coins write i = q * 2^h + r with 0 <= r < 2^h: move i is d_r (move r of the h-coin
    sequence on both halves) when r != 0, and s_q (move q on the first half only) when r = 0.
    """
    if n == 1:
        assert i == 1
        return 1
    h = n // 2
    assert 2 * h == n, "n must be a power of 2"
    q, r = divmod(i, 1 << h)
    if r:
        o = lamping_move(h, r)
        return o | (o << h)
    return lamping_move(h, q)


def naive_won_at(masks, n: int, starts=None) -> int | None:
    """The first move after which no start (default: every one) can avoid all heads, or None.

    The belief is a plain set of full tails masks, never put in canonical form: every state
    some start and some turns could have produced, all heads taken out as soon as it shows.
    0 when there is nothing to beat from the outset (no start but all heads).
    """
    belief = set(range(1, 1 << n)) if starts is None else {x for x in starts if x}
    if not belief:
        return 0
    for k, m in enumerate(masks, 1):
        belief = {rot(x, r, n) ^ m for x in belief for r in range(n)}
        belief.discard(0)
        if not belief:
            return k
    return None


def prefix_sums_distinct(masks) -> bool:
    """Whether the XORs of the prefixes (the empty one included) are all different.

    With a Devil who never turns, start x shows all heads after i moves exactly when x is the
    XOR of moves 1..i: a strategy for n coins can only win if its prefix sums cover all 2^n
    states, and 2^n - 1 moves do that only if they are all different.
    """
    seen, acc = {0}, 0
    for m in masks:
        acc ^= m
        if acc in seen:
            return False
        seen.add(acc)
    return True


def odd_primes_naive(n: int) -> list[int]:
    """The distinct odd primes dividing n, by testing every odd number up to n for primality."""

    def prime(p: int) -> bool:
        return p > 1 and all(p % d for d in range(2, p))

    return [p for p in range(3, n + 1, 2) if n % p == 0 and prime(p)]


def naive_beliefs(masks, n: int, starts) -> list[set[int]]:
    """The states (all heads left out) some start could be in before and after each move."""
    belief = {x for x in starts if x}
    beliefs = [belief]
    for m in masks:
        belief = {rot(x, r, n) ^ m for x in belief for r in range(n)} - {0}
        beliefs.append(belief)
    return beliefs


def necklaces(states, n: int) -> int:
    """How many different sequences up to rotation there are among states."""
    return len({min(rot(x, r, n) for r in range(n)) for x in states})


# --- any rotating-table game: states as tuples of values, position 0 first --------------------
#
# A permutation p moves the value at position i to position p[i]; the Devil may apply any
# composition of the generators before each move; the move vector is then added mod m; the game
# ends the moment the state lies in the goal.  Nothing here is put in canonical form.


def to_vector(x: int, n: int, m: int) -> tuple[int, ...]:
    """The values of state number x (digit i in base m = the value at position i)."""
    out = []
    for _ in range(n):
        out.append(x % m)
        x //= m
    return tuple(out)


def to_number(values, m: int) -> int:
    """The state number of a vector of values (the inverse of to_vector)."""
    return sum(v * m**i for i, v in enumerate(values))


def all_vectors(n: int, m: int) -> list[tuple[int, ...]]:
    """Every vector of n values 0..m-1."""
    return [tuple(reversed(v)) for v in product(range(m), repeat=n)]


def permute(p, values) -> tuple[int, ...]:
    """The values after the permutation p: the value at position i moves to position p[i]."""
    out = [None] * len(values)
    for i, v in enumerate(values):
        out[p[i]] = v
    return tuple(out)


def add_vectors(x, a, m: int) -> tuple[int, ...]:
    """x + a position by position, mod m."""
    return tuple((u + v) % m for u, v in zip(x, a, strict=True))


def closure(generators, n: int) -> frozenset[tuple[int, ...]]:
    """Every composition of the generators (the identity included), by closure."""
    identity = tuple(range(n))
    elements = {identity}
    todo = [identity]
    while todo:
        p = todo.pop()
        for g in generators:
            q = tuple(g[p[i]] for i in range(n))  # first p, then g
            if q not in elements:
                elements.add(q)
                todo.append(q)
    return frozenset(elements)


def goal_vectors(n: int, m: int, goal) -> frozenset[tuple[int, ...]]:
    """The goal states: 'zero', 'same', or an explicit collection of vectors."""
    if goal == "zero":
        return frozenset({(0,) * n})
    if goal == "same":
        return frozenset((v,) * n for v in range(m))
    return frozenset(tuple(v) for v in goal)


def orbits(n: int, m: int, elements) -> set[frozenset[tuple[int, ...]]]:
    """The Devil's orbits of all states, each as a set of vectors."""
    return {frozenset(permute(g, x) for g in elements) for x in all_vectors(n, m)}


class NaiveGame:
    """A game played literally: full beliefs (sets of vectors outside the goal), no symmetry."""

    def __init__(self, n: int, m: int, generators, goal="zero", moves=None, hands=None):
        self.n, self.m = n, m
        self.elements = closure(generators, n)
        self.goal = goal_vectors(n, m, goal)
        self.states = all_vectors(n, m)
        allowed = self.states if moves is None else [tuple(a) for a in moves]
        if hands is not None:
            allowed = [a for a in allowed if sum(v != 0 for v in a) <= hands]
        self.moves = list(dict.fromkeys(allowed))
        self._turns = {}

    def turns(self, x) -> frozenset[tuple[int, ...]]:
        """Every state the Devil can turn x into."""
        if x not in self._turns:
            self._turns[x] = frozenset(permute(g, x) for g in self.elements)
        return self._turns[x]

    def start(self) -> frozenset[tuple[int, ...]]:
        """Every state the game can start in and not be won yet."""
        return frozenset(x for x in self.states if x not in self.goal)

    def update(self, belief, a) -> frozenset[tuple[int, ...]]:
        """Every state (outside the goal) a turn and then move a can make of the belief."""
        out = {add_vectors(y, a, self.m) for x in belief for y in self.turns(x)}
        return frozenset(out - self.goal)

    def won_at(self, moves) -> int | None:
        """The first move after which no start and no Devil can avoid the goal (0: at once)."""
        belief = self.start()
        if not belief:
            return 0
        for k, a in enumerate(moves, 1):
            belief = self.update(belief, tuple(a))
            if not belief:
                return k
        return None

    def play(self, start, turns, moves) -> list[tuple[int, ...]]:
        """The states after each turn and move, from start (played to the end)."""
        x, out = tuple(start), []
        for g, a in zip(turns, moves, strict=True):
            x = add_vectors(permute(g, x), tuple(a), self.m)
            out.append(x)
        return out

    def shortest(self, limit: int = 200_000):
        """Breadth-first search over full beliefs with every allowed move.

        Returns (length, strategy) of a shortest blind strategy, or (None, None) once every
        reachable belief has been explored.  Raises if more than limit beliefs are reached.
        States are numbered by their place in self.states inside the search (for speed only:
        the update is the same as ``update``, turning every state every way, then moving).
        """
        index = {x: i for i, x in enumerate(self.states)}
        goal = frozenset(index[x] for x in self.goal)
        turns = [frozenset(index[y] for y in self.turns(x)) for x in self.states]
        added = [[index[add_vectors(y, a, self.m)] for a in self.moves] for y in self.states]
        start = frozenset(index[x] for x in self.start())
        if not start:
            return 0, []
        parent = {start: None}
        frontier = [start]
        while frontier:
            nxt = []
            for belief in frontier:
                turned = frozenset().union(*(turns[x] for x in belief))
                for j, a in enumerate(self.moves):
                    child = frozenset(added[y][j] for y in turned) - goal
                    if child in parent:
                        continue
                    parent[child] = (belief, a)
                    if not child:
                        path = []
                        node = child
                        while parent[node] is not None:
                            node, move = parent[node]
                            path.append(move)
                        return len(path), path[::-1]
                    nxt.append(child)
                    if len(parent) > limit:
                        raise RuntimeError("too many beliefs for the naive search")
            frontier = nxt
        return None, None
