"""An independent, slow reference for the coin game, written for the tests.

It follows the seeds' definitions (shared/seeds) with coin sequences as plain strings of H and T
and moves as sets of positions, and shares no code with the library, so the tests can check the
library against it.  Nothing here is fast: it is meant for small numbers of coins.

Every naive model the tests use lives here, once: coins as strings (the seeds' beliefs and
table rows), tails masks (Lamping's construction, replays, the streams of moves the command line
writes), any rotating-table game as tuples of values (its chain and the Devil's certificate), the
touch and sight games by minimax, and touch and sight strategies as JSON trees.  A function
that takes a Game value reads only its plain fields (n, values, group.generators, hands, moves,
goal, goal_states) and runs none of its code.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from itertools import combinations, permutations, product


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


def naive_sizes(strategy, n: int) -> list[int]:
    """The canonical belief size before the first move and after each move, by naive_update."""
    belief = canonical_coins(n)
    sizes = [len(belief)]
    for move in strategy:
        belief = naive_update(belief, frozenset(move))
        sizes.append(len(belief))
    return sizes


def seed_beliefs(strategy, n: int) -> list[frozenset[str]]:
    """The seeds' belief before the first move and after each move, by naive_update."""
    belief = canonical_coins(n)
    rows = [belief]
    for move in strategy:
        belief = naive_update(belief, move)
        rows.append(belief)
    return rows


def seed_table_rows(strategy, n: int) -> list[str]:
    """The seeds' show() rows 0.. for strategy: move number, flips, the belief in sorted order."""
    order = sorted(canonical_coins(n))
    rows = []
    for i, (move, belief) in enumerate(
        zip([set(), *strategy], seed_beliefs(strategy, n), strict=True)
    ):
        flips = "".join(str(p) if p in move else " " for p in range(n))
        shown = " ".join(c if c in belief else " " * n for c in order)
        rows.append(f"{i:3} | {flips:8} | {shown}".rstrip())
    return rows


def pair_pattern(coins: str) -> str:
    """Same (S) / different (D) for coins k and k + n/2, turned so that S comes first."""
    h = len(coins) // 2
    raw = "".join("S" if coins[k] == coins[k + h] else "D" for k in range(h))
    as_coins = canonical(raw.replace("S", "H").replace("D", "T"))
    return as_coins.replace("H", "S").replace("T", "D")


def plain_wins(strategy, n: int) -> bool:
    """Propagate every one of the 2^n raw sequences (no canonical forms) along the strategy."""
    belief = {"".join(p) for p in product("HT", repeat=n)}
    for move in strategy:
        belief = plain_update(belief, move)
    return belief == {"H" * n}


def seed_search(n: int) -> list[frozenset[int]] | None:
    """The seeds' breadth-first search: a queue of (strategy, belief), explored at generation."""
    start, goal = canonical_coins(n), frozenset({"H" * n})
    explored: set[frozenset[str]] = set()
    queue = deque([((), start)])
    while queue:
        strategy, belief = queue.popleft()
        if belief == goal:
            return list(strategy)
        for move in seed_moves(n):
            nxt = naive_update(belief, move)
            if nxt not in explored:
                queue.append(((*strategy, move), nxt))
                explored.add(nxt)
    return None


def reachable(n: int) -> set[frozenset[str]]:
    """Every belief reachable from 'any coins at all', the start included."""
    start = canonical_coins(n)
    seen, frontier = {start}, [start]
    while frontier:
        nxt = []
        for belief in frontier:
            for move in seed_moves(n):
                after = naive_update(belief, move)
                if after not in seen:
                    seen.add(after)
                    nxt.append(after)
        frontier = nxt
    return seen


def shortest_by_brute_force(start, goal, actions, result, limit: int) -> int | None:
    """The fewest actions from start to goal, trying every sequence of each length in turn.

    A generic reference for any search problem: result(state, action) is the next state.
    """
    for length in range(limit + 1):
        for seq in product(actions, repeat=length):
            state = start
            for action in seq:
                state = result(state, action)
            if state == goal:
                return length
    return None


# --- tails masks: bit i set when position i shows tails ---------------------------------------


def rot(x: int, r: int, n: int) -> int:
    """The table turned by r in the seeds' sense (coins[r:] + coins[:r]) on an n-bit mask."""
    r %= n
    return ((x >> r) | (x << (n - r))) & ((1 << n) - 1)


def tails(coins: str) -> int:
    """Coins text ('HTTH', position 0 first) as a tails mask."""
    return sum(1 << i for i, c in enumerate(coins) if c == "T")


def coins_text(x: int, n: int) -> str:
    """A tails mask as coins text of n coins, position 0 first (the inverse of tails)."""
    return "".join("T" if x >> i & 1 else "H" for i in range(n))


def trailing_zeros(i: int) -> int:
    """How many times 2 divides i (i > 0), by dividing."""
    c = 0
    while i % 2 == 0:
        i //= 2
        c += 1
    return c


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


def naive_wins(masks, n: int) -> bool:
    """Whether the moves (flip masks) beat every start and every Devil: naive_won_at is not None."""
    return naive_won_at(masks, n) is not None


def prefix_sums(masks) -> set[int]:
    """The XORs of the prefixes of masks, the empty one (0) included."""
    sums, acc = {0}, 0
    for m in masks:
        acc ^= m
        sums.add(acc)
    return sums


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


def prime_factors(n: int) -> set[int]:
    """The distinct primes dividing n: split off the smallest divisor above 1 (a prime) in turn.

    No square-root bound, so it takes as many steps as the largest prime factor (999983: a
    million), and n with only small prime factors (10^12) is quick.
    """
    primes = set()
    while n > 1:
        p = next(d for d in range(2, n + 1) if n % d == 0)
        primes.add(p)
        while n % p == 0:
            n //= p
    return primes


def odd_primes_naive(n: int) -> list[int]:
    """The distinct odd primes dividing n, smallest first."""
    return sorted(p for p in prime_factors(n) if p % 2)


def in_devils_set(kind: str, n: int, x: int) -> bool:
    """The certificate's set, by its definition: some mixed column, or no period 2^a.

    kind "chain": x (a tails mask) differs from itself turned by the largest power of 2
    dividing n.  kind "column": with p the smallest odd prime dividing n and s = n / p, some
    column j, k*s + j for k < p, holds both heads and tails.
    """
    if kind == "chain":
        period = n & -n
        return any((x >> t & 1) != (x >> ((t + period) % n) & 1) for t in range(n))
    p = odd_primes_naive(n)[0]
    s = n // p
    columns = [{x >> (j + k * s) & 1 for k in range(p)} for j in range(s)]
    return any(len(col) == 2 for col in columns)


def parse_stream(data: bytes, n: int, fmt: str) -> list[int]:
    """The moves (flip masks) of a stream of moves, read back by hand, checking its format.

    fmt "binary": little-endian words of max(1, n // 8) bytes; "flips": one line of F and L
    per move; "positions": one line per move of its positions, sorted, single spaces.
    """
    if fmt == "binary":
        width = max(1, n // 8)
        assert len(data) % width == 0
        return [int.from_bytes(data[k : k + width], "little") for k in range(0, len(data), width)]
    text = data.decode("ascii")
    assert text == "" or text.endswith("\n")
    lines = text.split("\n")[:-1]
    if fmt == "flips":
        assert all(len(line) == n and set(line) <= {"F", "L"} for line in lines)
        return [sum(1 << t for t, c in enumerate(line) if c == "F") for line in lines]
    masks = []
    for line in lines:
        positions = [int(t) for t in line.split(" ")] if line else []
        assert positions == sorted(set(positions)) and all(0 <= p < n for p in positions)
        assert line == " ".join(map(str, positions))  # single spaces, nothing else
        masks.append(sum(1 << p for p in positions))
    return masks


def positions(mask: int, n: int) -> list[int]:
    """The positions a flip mask flips, smallest first."""
    return [t for t in range(n) if mask >> t & 1]


def positions_line(mask: int, n: int) -> str:
    """A move as a line of the positions format: its positions, single spaces."""
    return " ".join(map(str, positions(mask, n)))


def flips_line(mask: int, n: int) -> str:
    """A move as a line of the flips format: F where it flips, L where it leaves."""
    return "".join("F" if mask >> t & 1 else "L" for t in range(n))


def strategy_text(masks, n: int) -> str:
    """A strategy file: one move a line as positions ('-' for a move that flips nothing)."""
    return "".join((positions_line(m, n) or "-") + "\n" for m in masks)


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


# --- the literature -------------------------------------------------------------------------

#: OEIS A171462, typed in: the fewest hands that win the touch game (goal all the same) for
#: n = 1, 2, ... glasses.
A171462 = [0, 1, 2, 2, 4, 4, 6, 4, 6, 8, 10, 8]


def missing_same():
    """The dial games, goal same, that the literature leaves open: (m, n) not powers of one p."""
    out = []
    for m, top in ((3, 7), (4, 5), (5, 5)):
        for n in range(2, top + 1):
            powers_of = {p for p in (2, 3, 5, 7) if m % p == 0}
            if not all(q in powers_of for q in (2, 3, 5, 7) if n % q == 0):
                out.append((m, n))
    return out


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


def sub_vectors(x, a, m: int) -> tuple[int, ...]:
    """x - a position by position, mod m."""
    return tuple((u - v) % m for u, v in zip(x, a, strict=True))


def rotation(r: int, n: int) -> tuple[int, ...]:
    """The seeds' turn by r (coins[r:] + coins[:r]) as a permutation: i moves to i - r."""
    return tuple((i - r) % n for i in range(n))


def hand_moves(n: int, m: int, hands: int | None) -> list[tuple[int, ...]]:
    """Every move vector that changes at most hands positions (every vector if hands is None)."""
    return [a for a in all_vectors(n, m) if hands is None or sum(v != 0 for v in a) <= hands]


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


def normal_closure(perms, n: int) -> frozenset[tuple[int, ...]]:
    """H: the least group holding every s^-1 t (s, t in perms) that conjugation by each s keeps
    in place (the normal closure of those quotients in the group perms generate)."""

    def compose(p, q):  # first q, then p
        return tuple(p[q[i]] for i in range(n))

    def inverse(p):
        out = [0] * n
        for i, v in enumerate(p):
            out[v] = i
        return tuple(out)

    group = closure([compose(inverse(s), t) for s in perms for t in perms], n)
    while True:
        conjugates = {compose(compose(s, h), inverse(s)) for s in perms for h in group}
        bigger = closure(list(group | conjugates), n)
        if bigger == group:
            return group
        group = bigger


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

    def combine(self, y, a) -> tuple[int, ...]:
        """The state y after move a: y + a mod m (``NaiveGroupGame`` multiplies instead)."""
        return add_vectors(y, a, self.m)

    def update(self, belief, a) -> frozenset[tuple[int, ...]]:
        """Every state (outside the goal) a turn and then move a can make of the belief."""
        out = {self.combine(y, a) for x in belief for y in self.turns(x)}
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
            x = self.combine(permute(g, x), tuple(a))
            out.append(x)
        return out

    def shortest(self, limit: int = 200_000, start=None):
        """Breadth-first search over full beliefs with every allowed move.

        Returns (length, strategy) of a shortest blind strategy from start (a belief: a set of
        states outside the goal; default every one), or (None, None) once every reachable
        belief has been explored.  Raises if more than limit beliefs are reached.
        States are numbered by their place in self.states inside the search (for speed only:
        the update is the same as ``update``, turning every state every way, then moving).
        """
        index = {x: i for i, x in enumerate(self.states)}
        goal = frozenset(index[x] for x in self.goal)
        turns = [frozenset(index[y] for y in self.turns(x)) for x in self.states]
        added = [[index[self.combine(y, a)] for a in self.moves] for y in self.states]
        start = frozenset(index[x] for x in (self.start() if start is None else start))
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


def naive_devil_moves(n: int, m: int, perms, goal="zero", moves=None, hands=None) -> NaiveGame:
    """The naive game against a Devil who applies exactly one of perms before each move.

    The set is taken as listed, never closed into a group (the identity only if listed), so
    beliefs are plain sets of states; everything else is NaiveGame's.
    """
    game = NaiveGame(n, m, [], goal, moves, hands)
    game.elements = frozenset(tuple(p) for p in perms)
    game._turns = {}
    return game


def shortest_by_update(game: NaiveGame, limit: int = 100_000) -> int | None:
    """The least number of moves that wins, by breadth-first search over explicit beliefs:
    frozensets of state tuples, updated by ``NaiveGame.update`` with every allowed move, no
    pruning and no numbering.  None once every reachable belief has been explored."""
    start = game.start()
    if not start:
        return 0
    seen = {start}
    frontier, depth = [start], 0
    while frontier:
        depth += 1
        nxt = []
        for belief in frontier:
            for a in game.moves:
                child = game.update(belief, a)
                if not child:
                    return depth
                if child not in seen:
                    seen.add(child)
                    nxt.append(child)
        if len(seen) > limit:
            raise RuntimeError("too many beliefs for the naive search")
        frontier = nxt
    return None


def naive_named(name: str, n: int) -> frozenset[tuple[int, ...]]:
    """Every element of a named group, written out from its definition (no generators)."""
    turns = {tuple((i - r) % n for i in range(n)) for r in range(n)}
    if name == "cyclic":
        return frozenset(turns)
    if name == "dihedral":
        return frozenset(turns | {tuple((r - i) % n for i in range(n)) for r in range(n)})
    if name == "none":
        return frozenset({tuple(range(n))})
    assert name == "full"
    return frozenset(permutations(range(n)))


def game_goal(game) -> frozenset[tuple[int, ...]]:
    """The goal states of a Game value, read from its plain fields (goal, goal_states)."""
    goal = game.goal if game.goal != "states" else game.goal_states
    return goal_vectors(game.n, game.values, goal)


def naive_game(game, elements=None) -> NaiveGame:
    """The naive game for a Game value, read from its plain fields (no library code is run).

    Its group is given by the elements when known, else closed from the game's generators.
    """
    if elements is None:
        elements = closure(game.group.generators, game.n)
    goal = game.goal if game.goal != "states" else game.goal_states
    return NaiveGame(game.n, game.values, elements, goal, game.moves, game.hands)


def naive_subgroup(goal, n: int, m: int) -> set[tuple[int, ...]]:
    """The subgroup of vectors mod m the goal generates (with 0), by closing under addition."""
    group = {(0,) * n} | set(goal)
    while True:
        grown = group | {add_vectors(x, y, m) for x in group for y in group}
        if grown == group:
            return group
        group = grown


def allowed_move(game, a) -> bool:
    """Whether move vector a is allowed in the game: in its list of moves, if it has one
    (changing nothing always is), and touching at most its hands."""
    a = tuple(a)
    if game.moves is not None and any(a) and a not in {tuple(v) for v in game.moves}:
        return False
    return game.hands is None or sum(v != 0 for v in a) <= game.hands


def naive_chain(n: int, m: int, elements, goal_subgroup) -> list[int]:
    """|Z_0|, |Z_1|, ...: Z_0 the goal subgroup, Z_(i+1) = {x : g(x) - x in Z_i for every g}."""
    states = all_vectors(n, m)
    level = set(goal_subgroup)
    sizes = [len(level)]
    while True:
        nxt = {
            x for x in states if all(sub_vectors(permute(g, x), x, m) in level for g in elements)
        }
        if len(nxt) == len(level):
            return sizes
        level = nxt
        sizes.append(len(level))


def naive_certificate(n: int, m: int, elements, goal) -> bool:
    """Whether the chain from the goal stalls at a zone Z, not every state, with the goal inside
    Z, and from every state outside Z, for every move, some turn keeps the next state outside Z
    (the Devil wins)."""
    states = all_vectors(n, m)
    level = set(goal)
    while True:
        nxt = {
            x for x in states if all(sub_vectors(permute(g, x), x, m) in level for g in elements)
        }
        if nxt == level:
            break
        level = nxt
    zone = level
    outside = [x for x in states if x not in zone]
    if not outside or not goal <= zone:
        return False
    return all(
        any(add_vectors(permute(g, x), a, m) not in zone for g in elements)
        for x in outside
        for a in states
    )


def replay_loses(start, turns, moves, n: int, m: int, goal) -> bool:
    """Whether a counterexample (start vector, cyclic turns r or permutations, the moves) never
    reaches the goal, the start included."""
    x = tuple(start)
    if x in goal:
        return False
    assert len(turns) == len(moves)
    for t, a in zip(turns, moves, strict=True):
        perm = rotation(t, n) if isinstance(t, int) else tuple(t)
        x = add_vectors(permute(perm, x), a, m)
        if x in goal:
            return False
    return True


# --- the touch and sight games: minimax over explicit states ----------------------------------


def _put(x: tuple[int, ...], reach: tuple[int, ...], new: tuple[int, ...]) -> tuple[int, ...]:
    """x with the values at the positions of reach set to new."""
    y = list(x)
    for p, w in zip(reach, new, strict=True):
        y[p] = w
    return tuple(y)


def touch_search(n: int, m: int, hands: int, elements, goal, reaches=None):
    """(close, wins) of the touch game: close(states) turns them every way and drops the goal;
    wins(belief, d): some strategy wins from the belief within d moves (naive minimax).
    reaches: the only position sets the player may reach for, with their images under the
    group (None: every set of `hands` positions)."""
    allowed = (
        list(combinations(range(n), hands))
        if reaches is None
        else sorted({tuple(sorted(e[p] for p in r)) for r in reaches for e in elements})
    )

    def close(states) -> frozenset:
        return frozenset(permute(e, x) for x in states for e in elements if x not in goal)

    @cache
    def wins(belief: frozenset, d: int) -> bool:
        if not belief:
            return True
        if d == 0:
            return False
        for reach in allowed:
            by_felt: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
            for x in belief:
                by_felt.setdefault(tuple(x[p] for p in reach), []).append(x)
            if all(
                any(
                    wins(close(_put(x, reach, new) for x in group), d - 1)
                    for new in product(range(m), repeat=hands)
                )
                for group in by_felt.values()
            ):
                return True
        return False

    return close, wins


def touch_value(
    n: int, m: int, hands: int, elements, goal, cap: int | None = None, reaches=None
) -> int | None:
    """Least worst-case moves of the touch game by depth-limited minimax over sets of states.

    Each move reaches for `hands` positions, feels their values, and sets them; the Devil then
    turns the table by any element of the group (elements); goal is a set of vectors.  None if
    not won within cap moves.  Cap None: the number of possible beliefs (unions of classes
    outside the goal), which no finite value exceeds, so None then means never.
    """
    close, wins = touch_search(n, m, hands, elements, goal, reaches)
    start = close(product(range(m), repeat=n))
    if cap is None:
        cap = 2 ** len({close([x]) for x in start}) - 1
    return next((d for d in range(cap + 1) if wins(start, d)), None)


def brute_node(game, node, cap: int = 12) -> int:
    """The least d such that, after feeling a certificate node's patterns off its reach, some
    setting of the reach wins within d more moves (naive; node as the certificate writes it)."""
    n, m, reach = game.n, game.values, tuple(node["reach"])
    close, wins = touch_search(n, m, game.hands, closure(game.group.generators, n), game_goal(game))
    rest = [p for p in range(n) if p not in reach]
    offs = [["HT".index(c) if m == 2 else int(c) for c in text] for text in node["off"]]
    for d in range(cap + 1):
        for new in product(range(m), repeat=game.hands):
            states = []
            for off in offs:
                x = [0] * n
                for p, v in zip(reach, new, strict=True):
                    x[p] = v
                for p, v in zip(rest, off, strict=True):
                    x[p] = v
                states.append(tuple(x))
            if wins(close(states), d):
                return d
    raise AssertionError(f"node not won within {cap}")


def brute_touch(game, cap: int, reaches=None) -> int | None:
    """touch_value for a Game value, read from its plain fields: None if not won within cap
    (reaches: the only position sets the player may reach for, and their turns)."""
    elements = closure(game.group.generators, game.n)
    return touch_value(game.n, game.values, game.hands, elements, game_goal(game), cap, reaches)


def sight_value(n: int, m: int, elements, goal, moves=None) -> int | None:
    """Least worst-case moves of the sight game by naive recursive minimax over states.

    The player sees the state and names a move (default: any vector); the Devil turns the table
    by any element of the group (elements); the move is added.  None: some start never wins.
    """
    values = sight_values(n, m, elements, goal, moves)
    return None if None in values.values() else max(values.values())


def sight_values(n: int, m: int, elements, goal, moves=None) -> dict:
    """The least worst-case moves of the sight game from each state (None: never won)."""
    states = list(product(range(m), repeat=n))
    moves = states if moves is None else [tuple(a) for a in moves]
    cap = len(states)  # a finite value never exceeds the number of states

    @cache
    def wins(x: tuple[int, ...], d: int) -> bool:
        if x in goal:
            return True
        if d == 0:
            return False
        return any(
            all(wins(add_vectors(permute(e, x), a, m), d - 1) for e in elements) for a in moves
        )

    return {x: next((d for d in range(cap + 1) if wins(x, d)), None) for x in states}


def brute_sight(game) -> int | None:
    """sight_value for a Game value, read from its plain fields (its allowed moves only)."""
    n, m = game.n, game.values
    elements = closure(game.group.generators, n)
    moves = [a for a in product(range(m), repeat=n) if allowed_move(game, a)]
    return sight_value(n, m, elements, game_goal(game), moves)


def naive_length(n: int, values: int, group: str, hands, goal: str, observe: str) -> int | None:
    """Least worst-case length of a small game given by its fields, named group (None: never)."""
    elements, goals = naive_named(group, n), goal_vectors(n, values, goal)
    if observe == "blind":
        return NaiveGame(n, values, elements, goal, hands=hands).shortest()[0]
    if observe == "sight":
        return sight_value(n, values, elements, goals, hand_moves(n, values, hands))
    return touch_value(n, values, hands, elements, goals)


# --- touch and sight strategies as JSON trees, coins as H and T --------------------------------


def rotate(values, r: int):
    """The seeds' turn: coins[r:] + coins[:r] (a string or a tuple)."""
    return values[r:] + values[:r]


def letters(text: str) -> tuple[int, ...]:
    """Coins text as values: H is 0, T is 1."""
    return tuple("HT".index(c) for c in text)


def replay_touch(tree: dict, start: str, turns: list[int]) -> str:
    """Follow a touch tree (JSON) from start with the given turns; say where it goes wrong.

    "goal" when all the same is reached, "false win" when the tree claims a win that is not
    one, "gap" when a felt pattern has no outcome, "still going" at the end of the turns.
    """
    x = letters(start)
    node = tree
    for r in turns:
        x = rotate(x, r)
        felt = "".join("HT"[x[p]] for p in node["reach"])
        outs = {o["felt"]: o for o in node["outcomes"]}
        if felt not in outs:
            return "gap"
        new = list(x)
        for p, v in zip(node["reach"], outs[felt]["set"], strict=True):
            new[p] = "HT".index(v)
        x = tuple(new)
        if len(set(x)) == 1:
            return "goal"
        if outs[felt]["next"] == "win":
            return "false win"
        node = outs[felt]["next"]
    return "still going"


def sight_policy_wins(state: tuple[int, ...], move_for, seen: frozenset = frozenset()) -> bool:
    """Naive: a sight policy wins from state (all heads is the goal) unless the Devil, turning
    the coins any way, can come back round to a state already seen.

    move_for(state) is the policy's move for the state it sees, in F (flip) and L (leave).
    """
    if len(set(state)) == 1 and state[0] == 0:
        return True
    if state in seen:
        return False
    flip = letters(move_for(state).replace("F", "T").replace("L", "H"))
    return all(
        sight_policy_wins(
            tuple(x ^ f for x, f in zip(rotate(state, r), flip, strict=True)),
            move_for,
            seen | {state},
        )
        for r in range(len(state))
    )


def count_value(n: int, m: int = 2, goal: str = "zero") -> int | None:
    """The count game's value from its start (``count_values``)."""
    start, value = count_values(n, m, goal)
    return 0 if not start else value.get(start)


def _count_won(z, goal: str) -> bool:
    return len(set(z)) == 1 if goal == "same" else not any(z)


def count_children(belief, a, n: int, m: int = 2, goal: str = "zero") -> list[frozenset]:
    """What a count-game player can know after move a from belief (the Devil turns, a lands,
    the player hears how many values are not 0): one belief a count heard, won ones left out."""
    heard: dict[int, set] = {}
    for x in belief:
        for y in {x[r:] + x[:r] for r in range(n)}:
            z = tuple((u + v) % m for u, v in zip(y, a, strict=True))
            if not _count_won(z, goal):
                heard.setdefault(sum(v != 0 for v in z), set()).update(
                    z[r:] + z[:r] for r in range(n)
                )
    return [frozenset(s) for s in heard.values()]


def count_values(n: int, m: int = 2, goal: str = "zero") -> tuple[frozenset, dict]:
    """The count game by brute force: (the start belief, the value of every belief reached that
    can be won; a belief missing from it is never won).

    Values mod m on a cyclically turning table; the Devil turns before each move, then the
    player hears how many values are not 0, and the bell at the goal (all 0, or with goal
    "same" all equal).  A belief is a plain set of value tuples closed under rotation; every
    move (every vector) is tried from every belief reached.
    """
    vectors = list(product(range(m), repeat=n))

    def won(z) -> bool:
        return _count_won(z, goal)

    def children(belief, a):
        return count_children(belief, a, n, m, goal)

    start = frozenset(x for x in vectors if not won(x))
    if not start:
        return start, {}
    graph: dict[frozenset, list[list[frozenset]]] = {}
    todo = [start]
    while todo:
        b = todo.pop()
        if b not in graph:
            graph[b] = [children(b, a) for a in vectors]
            todo.extend(c for row in graph[b] for c in row)
    value: dict[frozenset, int] = {}
    d = 0
    while True:
        d += 1
        new = {
            b: d
            for b, rows in graph.items()
            if b not in value and any(all(value.get(c, d) < d for c in row) for row in rows)
        }
        if not new:
            return start, value
        value.update(new)


def replay_count(tree: dict, start: str, turns: list[int]) -> str:
    """Follow a count tree (JSON) from start (H/T) with the given turns (coins[r:] + coins[:r]
    before each move); "goal", "false win", "gap" (a count with nothing said) or "still
    going"."""
    x = letters(start)
    node = tree
    for r in turns:
        x = rotate(x, r)
        x = tuple(v ^ (f == "F") for v, f in zip(x, node["move"], strict=True))
        count = sum(x)
        if count == 0:
            return "goal"
        then = node["next"].get(str(count))
        if then is None:
            return "gap"
        if then == "win":
            return "false win"
        node = then
    return "still going"


# --- the sight solver as it was (a (moves x states) table, value iteration by numpy) ----------


# --- values in a finite group: tables written out from definitions ---------------------------


def table_from_elements(elements, product) -> list[list[int]]:
    """The multiplication table of the elements (identity first) under product(x, y)."""
    index = {e: i for i, e in enumerate(elements)}
    assert len(index) == len(elements)
    return [[index[product(x, y)] for y in elements] for x in elements]


def _quaternion(x, y):
    a1, b1, c1, d1 = x
    a2, b2, c2, d2 = y
    return (
        a1 * a2 - b1 * b2 - c1 * c2 - d1 * d2,
        a1 * b2 + b1 * a2 + c1 * d2 - d1 * c2,
        a1 * c2 - b1 * d2 + c1 * a2 + d1 * b2,
        a1 * d2 + b1 * c2 - c1 * b2 + d1 * a2,
    )


def value_table(name: str) -> list[list[int]]:
    """A value group's multiplication table written out from its definition, identity first
    (the numbering is this module's own: only what does not depend on it may be compared)."""
    if name.startswith("Z") and "x" not in name:  # Z_k: addition mod k
        k = int(name[1:])
        return [[(x + y) % k for y in range(k)] for x in range(k)]
    if name == "Z2xZ2":  # pairs of bits, added bit by bit
        pairs = [(0, 0), (1, 0), (0, 1), (1, 1)]
        return table_from_elements(pairs, lambda x, y: ((x[0] + y[0]) % 2, (x[1] + y[1]) % 2))
    if name == "S3":  # every permutation of three things, composed as functions
        perms = sorted(permutations(range(3)))
        return table_from_elements(perms, lambda x, y: tuple(x[y[i]] for i in range(3)))
    if name == "D4":  # the square's symmetries i -> s*i + r (mod 4), s = +-1
        maps = sorted(tuple((s * i + r) % 4 for i in range(4)) for s in (1, -1) for r in range(4))
        return table_from_elements(maps, lambda x, y: tuple(x[y[i]] for i in range(4)))
    if name == "Q8":  # +-1, +-i, +-j, +-k by Hamilton's product
        units = [(1, 0, 0, 0)] + [
            tuple(s if j == i else 0 for j in range(4))
            for i in range(4)
            for s in (1, -1)
            if (i, s) != (0, 1)
        ]
        return table_from_elements(units, _quaternion)
    raise ValueError(f"no definition for {name}")


def table_from_generators(generators, factors=()) -> list[list[int]]:
    """The table of the group the permutations generate, numbered as documented for
    ``values=``: a product of cyclic groups Z_k1 x Z_k2 x ... (factors, one generator per factor
    k > 1) mixed-radix, c_1 + k_1 (c_2 + ...); otherwise breadth first from the identity, each
    element times each generator in turn; x * y is "first x, then y"."""
    points = len(generators[0]) if generators else 0
    identity = tuple(range(points))

    def then(x, y):
        return tuple(y[x[i]] for i in range(points))

    if factors:
        gens = iter(generators)
        cycles = [next(gens) if k > 1 else identity for k in factors]
        elements = []
        for exponents in product(*(range(k) for k in reversed(factors))):
            e = identity
            for g, c in zip(cycles, reversed(exponents), strict=True):
                for _ in range(c):
                    e = then(e, g)
            elements.append(e)
    else:
        elements, seen = [identity], {identity}
        for x in elements:
            for g in generators:
                y = then(x, g)
                if y not in seen:
                    seen.add(y)
                    elements.append(y)
    return table_from_elements(elements, then)


def inverses(table) -> list[int]:
    """inverse[x] for a table with identity 0."""
    return [row.index(0) for row in table]


class NaiveGroupGame(NaiveGame):
    """A game whose positions hold elements of a group (table[x][y] = x * y, identity 0): a
    move a takes each value x_i to x_i * a_i (side 'right') or a_i * x_i (side 'left')."""

    def __init__(
        self, n: int, table, generators, goal="zero", side="right", hands=None, moves=None
    ):
        super().__init__(n, len(table), generators, goal, moves, hands)
        self.table, self.side = table, side

    def combine(self, y, a) -> tuple[int, ...]:
        """y times a, position by position, on the game's side."""
        if self.side == "right":
            return tuple(self.table[u][v] for u, v in zip(y, a, strict=True))
        return tuple(self.table[v][u] for u, v in zip(y, a, strict=True))

    def largest_trap(self) -> set[tuple[int, ...]]:
        """The largest set U outside the goal with: for x in U and every move a, some turn g
        has g(x) * a in U (the Devil keeps the state in U against any player)."""
        zone = set(self.start())
        while True:
            kept = {
                x
                for x in zone
                if all(any(self.combine(y, a) in zone for y in self.turns(x)) for a in self.moves)
            }
            if kept == zone:
                return zone
            zone = kept


def naive_group_game(game, side="right") -> NaiveGroupGame:
    """The naive game for a Game value with a value group, its table rebuilt from the group's
    plain fields (generators, factors) in the documented numbering."""
    vg = game.value_group
    table = table_from_generators(vg.generators, vg.factors)
    elements = closure(game.group.generators, game.n)
    goal = game.goal if game.goal != "states" else game.goal_states
    return NaiveGroupGame(game.n, table, elements, goal, side, game.hands, game.moves)


def _prime_power(x: int) -> tuple[int, int] | None:
    """(p, k) when x = p^k for a prime p, else None (x >= 2)."""
    p = next(q for q in range(2, x + 1) if x % q == 0)
    k = 0
    while x % p == 0:
        x, k = x // p, k + 1
    return (p, k) if x == 1 else None


def naive_sight_rule(n: int, m: int) -> int | None:
    """The sight game's value by the theorem: 0 if m = 1, 1 if n = 1, n + (k - 1)(n - n/p) for
    n = p^j and m = p^k, else None (the Devil holds out)."""
    if m == 1:
        return 0
    if n == 1:
        return 1
    pn, pm = _prime_power(n), _prime_power(m)
    if pn is None or pm is None or pn[0] != pm[0]:
        return None
    return n + (pm[1] - 1) * (n - n // pm[0])


def sight_values_by_state(n: int, m: int, elements, goal) -> dict[tuple[int, ...], int | None]:
    """The sight game's least worst-case moves from each state (None: the Devil holds out), by
    plain value iteration: V(goal) = 0, V(x) = 1 + min over moves a of max over turns e of
    V(e(x) + a)."""
    states = list(product(range(m), repeat=n))
    value: dict[tuple[int, ...], int] = {x: 0 for x in states if x in goal}
    d = 0
    while True:
        d += 1
        new = {
            x: d
            for x in states
            if x not in value
            and any(
                all(value.get(add_vectors(permute(e, x), a, m), d) < d for e in elements)
                for a in states
            )
        }
        if not new:
            return {x: value.get(x) for x in states}
        value.update(new)


def touch_trap(game) -> set[tuple[int, ...]]:
    """The states of the Devil's largest trap in a touch game, naively: the largest set of
    classes (orbits outside the goal) from each of which, for every reach, some pattern the class
    shows is such that every setting of the reach leaves a state of the set possible."""
    n, m, k = game.n, game.values, game.hands
    elements = closure(game.group.generators, n)
    goal = game_goal(game)
    classes = {
        frozenset(permute(e, x) for e in elements)
        for x in product(range(m), repeat=n)
        if x not in goal
    }
    class_of = {x: c for c in classes for x in c}
    kept = set(classes)

    def held(c, reach) -> bool:
        shown = {tuple(x[p] for p in reach) for x in c}
        return any(
            all(
                any(
                    class_of.get(_put(x, reach, w)) in kept
                    for x in c
                    if tuple(x[p] for p in reach) == v
                )
                for w in product(range(m), repeat=k)
            )
            for v in shown
        )

    changed = True
    while changed:
        changed = False
        for c in sorted(kept, key=sorted):
            if not all(held(c, reach) for reach in combinations(range(n), k)):
                kept.discard(c)
                changed = True
    return set().union(*kept) if kept else set()


def sight_trap_holds_naive(n: int, m: int, goal: str, trap) -> bool:
    """Whether the Devil keeps a cyclically turning table of n dials mod m in the classes of
    trap (value tuples) whatever vector the player adds, the player seeing the table first."""

    def won(z) -> bool:
        return len(set(z)) == 1 if goal == "same" else not any(z)

    def turned(x):
        return {x[r:] + x[:r] for r in range(n)}

    keep = {y for x in trap for y in turned(tuple(x))}
    if not keep or any(won(x) for x in keep):
        return False
    return all(
        any(tuple((u + v) % m for u, v in zip(y, a, strict=True)) in keep for y in turned(x))
        for x in keep
        for a in product(range(m), repeat=n)
    )


def blind_won_at(game, moves) -> int | None:
    """The move by which a fixed sequence of moves (value vectors) has won from every start off
    the goal against every turn of the group: explicit sets of state tuples, closed under every
    turn after each move (None if some start is still off the goal at the end)."""
    n, m = game.n, game.values
    elements = closure(game.group.generators, n)
    goal = game_goal(game)
    belief = {x for x in product(range(m), repeat=n) if x not in goal}
    for done, move in enumerate(moves):
        if not belief:
            return done
        moved = {add_vectors(x, move, m) for x in belief}
        belief = {permute(e, x) for x in moved for e in elements} - goal
    return None if belief else len(moves)


def replay_nodes(nodes: list[dict], start: str, turns: list[int]) -> int | str:
    """Follow a certificate's touch strategy (its list of nodes, node 0 the start) from start,
    the Devil turning by turns[i] before move i: the move at which all coins are the same, or
    what went wrong ("gap": a felt pattern with no outcome, "false win", "still going").
    Coins are written H/T; dials as digits ("0120...")."""
    by_number = {node["node"]: node for node in nodes}
    alphabet = "HT" if set(start) <= set("HT") else "0123456789"
    x = tuple(alphabet.index(c) for c in start)
    if len(set(x)) == 1:
        return 0
    node = by_number[0]
    for i, r in enumerate(turns):
        x = rotate(x, r)
        felt = "".join(alphabet[x[p]] for p in node["reach"])
        outs = {o[0]: o for o in node["outcomes"]}
        if felt not in outs:
            return "gap"
        new = list(x)
        for p, v in zip(node["reach"], outs[felt][1], strict=True):
            new[p] = alphabet.index(v)
        x = tuple(new)
        if len(set(x)) == 1:
            return i + 1
        if outs[felt][2] == "win":
            return "false win"
        node = by_number[outs[felt][2]]
    return "still going"


def worst_touch_nodes(nodes: list[dict], n: int, m: int) -> int | None:
    """The most moves a touch strategy (a certificate's nodes, node 0 the start, goal all the
    same, the Devil turning by any rotation) needs from any start, by following every state
    through every turn; None if some play misses the goal or meets a felt pattern with no
    outcome.  Values are written as digits, or H/T for coins."""
    alphabet = "HT" if m == 2 else "0123456789"[:m]
    by_number = {node["node"]: node for node in nodes}

    @cache
    def worst(number: int, x: tuple[int, ...]) -> int | None:
        node, most = by_number[number], 0
        outs = {o[0]: o for o in node["outcomes"]}
        for r in range(n):
            y = list(rotate(x, r))
            felt = "".join(alphabet[y[p]] for p in node["reach"])
            if felt not in outs:
                return None
            for p, v in zip(node["reach"], outs[felt][1], strict=True):
                y[p] = alphabet.index(v)
            if len(set(y)) == 1:
                most = max(most, 1)
                continue
            if outs[felt][2] == "win":
                return None
            rest = worst(outs[felt][2], tuple(y))
            if rest is None:
                return None
            most = max(most, 1 + rest)
        return most

    results = [worst(0, x) for x in product(range(m), repeat=n) if len(set(x)) > 1]
    return None if None in results else max(results, default=0)


def still_shortest(naive: NaiveGame, limit: int = 200_000) -> int | None:
    """The shortest blind strategy of a game the Devil never turns, by breadth-first search over
    walks: a node is (the state the running product of the moves makes of the identity, the
    starts won so far); a start x is won once x combined with the running product is in the
    goal.  None when no walk wins every start (every node was explored)."""
    states = naive.states
    identity = (0,) * naive.n
    moves = [a for a in naive.moves if any(a)]

    def won_by(p) -> frozenset:
        return frozenset(x for x in states if naive.combine(x, p) in naive.goal)

    first = (identity, won_by(identity))
    if len(first[1]) == len(states):
        return 0
    seen, frontier, depth = {first}, [first], 0
    while frontier:
        depth += 1
        nxt = []
        for p, won in frontier:
            for a in moves:
                q = naive.combine(p, a)  # the running product, times a
                node = (q, won | won_by(q))
                if len(node[1]) == len(states):
                    return depth
                if node not in seen:
                    seen.add(node)
                    nxt.append(node)
        if len(seen) > limit:
            raise RuntimeError("too many walks for the naive search")
        frontier = nxt
    return None


def fewest_translates(naive: NaiveGame) -> int:
    """The fewest running products (the identity among them) whose won starts cover every
    state, by brute force over sets of them, smallest first: what a still table with every
    move allowed needs, plus one."""
    states = naive.states
    identity = (0,) * naive.n
    won = {p: frozenset(x for x in states if naive.combine(x, p) in naive.goal) for p in states}
    others = [p for p in states if p != identity]
    for k in range(len(states)):
        for rest in combinations(others, k):
            covered = won[identity].union(*(won[p] for p in rest))
            if len(covered) == len(states):
                return k + 1
    raise AssertionError("every running product together covers every state")


def cost_with_tests(m: int, hands: int, test: int, cap: int = 60) -> int | None:
    """The least worst-case cost of m coins on a turning table (touch, goal all the same) when
    each move costs 1 and a move that leaves some possible table all the same costs test more:
    naive minimax over sets of tables, every reach and every setting (None: past cap)."""
    full = (1 << m) - 1
    turned = [{(t << r | t >> (m - r)) & full for r in range(m)} for t in range(full + 1)]
    reaches = [c for c in combinations(range(m), hands)]

    @cache
    def within(tables: frozenset, d: int) -> bool:
        if not tables:
            return True
        for reach in reaches:
            felt: dict = {}
            for t in tables:
                felt.setdefault(tuple(t >> p & 1 for p in reach), []).append(t)
            if all(any(_after(group, reach, new, d) for new in product((0, 1), repeat=hands))
                   for group in felt.values()):  # fmt: skip
                return True
        return False

    def _after(group, reach, new, d) -> bool:
        mask = sum(1 << p for p in reach)
        values = sum(v << p for p, v in zip(reach, new, strict=True))
        set_to = [t & ~mask | values for t in group]
        cost = 1 + (test if any(t in (0, full) for t in set_to) else 0)
        rest = frozenset(u for t in set_to if t not in (0, full) for u in turned[t])
        return cost <= d and within(rest, d - cost)

    start = frozenset(range(1, full))
    return next((d for d in range(cap + 1) if within(start, d)), None)
