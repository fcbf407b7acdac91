"""The count game: after each move the player is told how many positions are not at 0.

As in Code Jam 2022 round 1B "ASeDatAb" (8 bits, the judge turns them before each operation
and answers with the number of 1 bits; the game ends when that number is 0).  The Devil turns
the table before every move (the next state is g(x) + a), and then the player hears the count
of nonzero positions of the new state, and the bell when it is in the goal (all 0, or with goal
same all equal).  The count is unchanged by the Devil's turns, so it splits the player's belief
(a set of classes, the Devil's orbits) by weight: after the first move every belief lies inside
one weight.

V(B) = 0 for the empty belief; otherwise V(B) = 1 + min over moves a of max over counts c > 0 of
V(B_a,c), where B_a,c holds the classes of weight c outside the goal among the classes of the
states y + a (y in B).  Beliefs are bitsets over classes (Python ints), explored from the start
belief (every class outside the goal) and settled by value iteration from the goal outwards;
moves are taken up to the group (a and h(a) lead to the same classes).  The goals are zero and
same (both unions of the Devil's classes).

The sight game is tried first (``sight_trap``): a count heard is a function of the state's
class, so a player who sees the class knows at least as much, and where the Devil holds the
sight game from some class he holds the count game (docs/mathematics.md §8.4, "A count tells
no more than sight").  That settles the lost games at once, however many beliefs they have.

The strategy is a tree (``results.count.CountSolution``): a node names the move and, for each
count that can be heard after it, what comes next (a node, or "win" when every state of that
count is in the goal).  ``observed.replay`` replays it against every start and every turn.

>>> s = solve_count(Game.parse('n=2 observe=count'))
>>> s.winnable, s.length
(True, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import NotSupported, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.observe import Observe
from devilcoins.core.resources import CACHED_GAMES, memory_ceiling, resident_bytes
from devilcoins.core.tables import ClassTable, class_table
from devilcoins.observed.sight import moves_up_to_turns, solve_sight
from devilcoins.results.count import CountSolution, classes_of

__all__ = [
    "MAX_COUNT_BELIEFS",
    "MAX_IMAGES",
    "class_counts",
    "count_held",
    "count_solution",
    "count_trap",
    "count_witness",
    "heard",
    "sight_trap",
    "solve_count",
]

#: How many beliefs the count search may explore before it gives up with a clear error.
MAX_COUNT_BELIEFS = 500_000

#: The most (classes of moves) x (classes of states) the count search tabulates: 16 coins
#: (4,116 classes) pass, 20 coins (52,488) are refused at once.
MAX_IMAGES = 1 << 25

#: How much resident memory (bytes, measured every 1,024 beliefs) the count search may add to
#: what the process held when it began (``core.resources.memory_ceiling``).
MAX_BYTES = 4 << 30


class _Space:
    """The classes, their weights, and for each move (up to the group) the classes each class
    can become: image[i][k] is a bitset."""

    def __init__(self, game: Game) -> None:
        t: ClassTable = class_table(game)
        self.table = t
        self.weights = tuple(int((t.digits[int(r)] != 0).sum()) for r in t.reps)
        self.layers = [0] * (game.n + 1)
        for k, w in enumerate(self.weights):
            self.layers[w] |= 1 << k
        rows: dict[tuple[int, ...], int] = {}
        for a in sorted(
            moves_up_to_turns(game).tolist(), key=lambda a: (int(t.digits[a].sum()), a)
        ):
            after = t.index_of[t.add(t.orbit_states, int(a))].tolist()
            row = []
            for k in range(t.size):
                bits = 0
                for c in after[int(t.orbit_start[k]) : int(t.orbit_start[k + 1])]:
                    bits |= 1 << c
                row.append(bits)
            rows.setdefault(tuple(row), int(a))
        self.moves = list(rows.values())
        self.images = list(rows.keys())
        self.start = sum(1 << k for k in range(t.n_goal, t.size))
        self.off_goal = self.start

    def after(self, belief: int, i: int) -> int:
        """The classes the belief can become under move i (the goal included)."""
        image = self.images[i]
        out = 0
        for k in classes_of(belief):
            out |= image[k]
        return out

    def children(self, belief: int, i: int) -> tuple[int, ...]:
        """The beliefs after move i, one for each count heard (the goal, the bell, left out)."""
        img = self.after(belief, i) & self.off_goal
        return tuple(img & layer for layer in self.layers if img & layer)


def _explore(space: _Space, limit: int) -> dict[int, list[tuple[int, ...]]]:
    """Every belief reachable from the start, with the children of each of its moves."""
    graph: dict[int, list[tuple[int, ...]]] = {}
    most = memory_ceiling(MAX_BYTES)
    todo = [space.start] if space.start else []
    while todo:
        belief = todo.pop()
        if belief in graph:
            continue
        if len(graph) >= limit:
            raise TooLarge(
                f"the count search passed {limit:,} beliefs; use fewer positions or values"
            )
        if not len(graph) & 1023 and resident_bytes() > most:
            raise TooLarge(
                f"the count search stops at {len(graph):,} beliefs, at the memory limit "
                f"({most / 2**30:,.1f} GiB resident); use fewer positions or values"
            )
        rows = [space.children(belief, i) for i in range(len(space.moves))]
        graph[belief] = rows
        todo.extend(b for row in rows for b in row if b not in graph)
    return graph


def _settle(graph: dict[int, list[tuple[int, ...]]]) -> dict[int, tuple[int, int]]:
    """Value iteration: belief -> (move index, least worst-case moves), for those the player
    can win from."""
    val: dict[int, tuple[int, int]] = {}
    d = 0
    while True:
        d += 1
        new = {}
        for belief, rows in graph.items():
            if belief in val:
                continue
            for i, row in enumerate(rows):
                if all(c in val and val[c][1] < d for c in row):
                    new[belief] = (i, d)
                    break
        if not new:
            return val
        val.update(new)


def sight_trap(game: Game) -> tuple[int, ...]:
    """The classes (a state of each) from which the Devil holds the game even against a player
    who sees the table before each move: the sight game's trap (empty: he holds none, or its
    tables are too large).  A count tells no more than sight, so he holds the count game there.

    >>> g = Game(3, observe='count')
    >>> [g.state_text(x) for x in sight_trap(g)], sight_trap(Game(4, observe='count'))
    (['THH', 'TTH'], ())
    """
    try:
        return solve_sight(replace(game, observe=Observe.SIGHT)).trap
    except TooLarge:
        return ()


@lru_cache(maxsize=CACHED_GAMES)
def class_counts(game: Game) -> tuple[int, ...]:
    """The count heard for each class of the game's tables (its positions not at 0).

    >>> class_counts(Game(3, observe='count'))
    (0, 1, 2, 3)
    """
    t = class_table(game)
    return tuple(int(w) for w in (t.digits[t.reps] != 0).sum(axis=1))


def solve_count(
    game: Game, limit: int = MAX_COUNT_BELIEFS, *, every_belief: bool = False
) -> CountSolution:
    """The count game: least worst-case number of moves, with a strategy tree.  A game the
    Devil holds by sight is settled by that trap alone, unless every_belief (the coach and the
    Devil of a live game ask for the values of every belief reached).

    >>> [solve_count(Game(n, observe='count')).length for n in (1, 2, 3, 4)]
    [1, 3, None, 6]
    """
    t0 = Stopwatch()
    if game.observe is not Observe.COUNT:
        raise NotSupported(f"{game} is not a count game (observe=count)")
    trap = () if every_belief else sight_trap(game)
    if trap:
        t = class_table(game)
        return CountSolution(
            game=game,
            winnable=False,
            length=None,
            explored=t.size,
            seconds=t0.seconds(),
            trap=trap,
            start=sum(1 << k for k in range(t.n_goal, t.size)),
            weights=class_counts(game),
        )
    size = class_table(game).size
    if size * size > MAX_IMAGES:
        raise TooLarge(
            f"{game}: the count search would tabulate {size:,} classes of moves times {size:,} "
            "classes of states; use fewer positions or values (prove N --observe count states "
            "the rule where it applies)"
        )
    space = _Space(game)
    graph = _explore(space, limit)
    val = _settle(graph)
    policy = {b: (space.moves[i], d) for b, (i, d) in val.items()}
    winnable = not space.start or space.start in val
    length = (val[space.start][1] if space.start else 0) if winnable else None
    return CountSolution(
        game=game,
        winnable=winnable,
        length=length,
        explored=len(graph),
        seconds=t0.seconds(),
        policy=policy,
        start=space.start,
        weights=space.weights,
    )


def count_witness(sol: CountSolution) -> list[tuple[int, int]]:
    """The Devil's lower-bound witness of a won count game: (belief, claim) with claims >= 2,
    the start claiming the value; for every move from a member claiming c, some count heard
    leaves a member claiming c - 1 (when c > 2) or a belief not empty (docs/mathematics.md
    §8.4)."""
    if not sol.winnable or not sol.length or sol.length < 2:
        return []
    space = _Space(sol.game)
    value = {b: d for b, (_, d) in sol.policy.items()}
    never = sol.length + 1  # a belief never won claims more than any won one
    claims = {space.start: sol.length}
    todo = [space.start]
    while todo:
        belief = todo.pop()
        claim = claims[belief]
        if claim < 3:
            continue
        for i in range(len(space.moves)):
            kids = space.children(belief, i)
            best = max(kids, key=lambda b: value.get(b, never))
            if value.get(best, never) < claim - 1:
                raise AssertionError("a belief's claim is its value, so some count refutes")
            if claims.get(best, 0) < claim - 1:
                claims[best] = claim - 1
                todo.append(best)
    return sorted(claims.items(), key=lambda item: -item[1])


def count_trap(game: Game, limit: int = MAX_COUNT_BELIEFS) -> list[int]:
    """The Devil's trap in a count game he wins: each class of the sight game's trap as a belief
    of its own when he holds that, else the beliefs met that are never won (from each, every
    move has a count heard that leaves one of them)."""
    by_sight = sight_trap(game)
    if by_sight:
        index = class_table(game).index_of
        return [1 << int(index[x]) for x in by_sight]
    space = _Space(game)
    graph = _explore(space, limit)
    won = _settle(graph)
    return [b for b in graph if b not in won]


@lru_cache(maxsize=CACHED_GAMES)
def count_solution(game: Game) -> CountSolution:
    """The count game solved (its policy holds every belief the player can reach and win from)."""
    return solve_count(game, every_belief=True)


@lru_cache(maxsize=CACHED_GAMES)
def count_held(game: Game) -> frozenset[int]:
    """The classes of a count game from which the Devil holds it even against a player who
    sees the table (the sight game's trap, ``observed.count.sight_trap``; empty when none)."""
    tab = class_table(game)
    return frozenset(int(tab.index_of[x]) for x in sight_trap(game))


def heard(game: Game, after: Sequence[int], y: int) -> int:
    """The player's belief (a bitset of classes) after the classes after, when the count of
    state y is heard and no bell rings: the classes of y's count outside the goal."""
    weights, tab = class_counts(game), class_table(game)
    weight = weights[int(tab.index_of[y])]
    return sum(1 << k for k in after if k >= tab.n_goal and weights[k] == weight)
