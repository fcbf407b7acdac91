"""One breadth-first search over beliefs for every blind game (docs/mathematics.md §2).

A belief is a set of classes (a row of bits); the search starts from the belief "anything at all"
and explores level by level, updating every belief of a level by every move in one kernel call.
Within a level it takes beliefs in the order they were found and moves in the order given, and
keeps the first path to each new belief, so with the notebook's moves and no pruning it returns
exactly the notebook's strategies.  With ``prune`` it drops a belief containing one already
kept (whatever wins the smaller belief wins it too, no later).  A search that ends without a win
has explored every belief reachable (up to pruning): a proof that no strategy exists.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from devilcoins.core.beliefs import Ints, Rows, new_rows, row_from_indices
from devilcoins.core.errors import DevilcoinsError
from devilcoins.core.game import Game
from devilcoins.core.kernel import expand, warm_up
from devilcoins.core.tables import ClassTable, tables
from devilcoins.results import Verdict

__all__ = [
    "MAX_GAME_BELIEFS",
    "SearchOutcome",
    "SearchProgress",
    "allowed_moves",
    "contains_a_row",
    "path_to",
    "search_beliefs",
    "search_game",
]

#: Beliefs the pruned search of a game keeps before it refuses (each is a row of K bits).
MAX_GAME_BELIEFS = 200_000

#: Successor rows computed per kernel call (bounds memory: 4M words = 32 MiB).
_CHUNK_WORDS = 1 << 22


@dataclass(frozen=True, kw_only=True)
class SearchProgress:
    """What the search has done so far (passed to the progress callback)."""

    depth: int
    explored: int
    frontier: int


@dataclass(frozen=True, kw_only=True)
class SearchOutcome:
    """What a belief search found.

    moves       a shortest winning strategy (move states), or None when no strategy wins
    kept        beliefs kept, the start included (the winning belief is not counted)
    depth       the deepest level reached: the strategy's length, or the last level explored
    seconds     the search time inside this process (loading the kernel not included)
    """

    moves: tuple[int, ...] | None
    kept: int
    depth: int
    seconds: float

    @property
    def winnable(self) -> bool:
        """True when a winning strategy was found."""
        return self.moves is not None


def allowed_moves(game: Game) -> np.ndarray:
    """One move per class of allowed moves (the move that changes nothing left out).

    >>> [Game(4).move_text(int(a)) for a in allowed_moves(Game.parse('n=4 hands=1'))]
    ['FLLL']
    """
    tab = tables(game)
    if game.moves is not None:
        picked: dict[int, int] = {}
        for vec in game.moves:
            a = game.encode(vec)
            if a and game.allowed(a):
                picked.setdefault(int(tab.index_of[a]), a)
        return np.array(sorted(picked.values(), key=lambda a: tab.index_of[a]), dtype=np.int64)
    return np.array([int(r) for r in np.sort(tab.reps) if r and game.allowed(int(r))], np.int64)


def path_to(parents: list[tuple[int, int]], parent: int, move: int) -> tuple[int, ...]:
    """The moves from the start to parent, then move (parents[i]: the belief i came from and
    the move that reached it; (-1, -1) for the start)."""
    path = [move]
    while parents[parent][0] >= 0:
        parent, move = parents[parent]
        path.append(move)
    return tuple(reversed(path))


def contains_a_row(child: Rows, rows: Rows) -> bool:
    """Whether the belief child contains one of rows (then a search need not keep child)."""
    return bool(np.any(np.all((rows & ~child) == 0, axis=1)))


class _Tree:
    """The beliefs kept so far: their rows (for pruning) and the move that first reached each."""

    def __init__(self, start: np.ndarray, prune: bool, limit: int | None, name: str):
        self.seen: dict[bytes, int] = {start.tobytes(): 0}
        self.parents: list[tuple[int, int]] = [(-1, -1)]
        self.rows = new_rows(1024 if prune else 0, start.shape[0] * 64)
        if prune:
            self.rows[0] = start
        self.count, self.prune, self.limit, self.name = 1, prune, limit, name

    def dominated(self, child: np.ndarray) -> bool:
        """Whether child contains a belief already kept."""
        return contains_a_row(child, self.rows[: self.count])

    def keep(self, key: bytes, child: np.ndarray, parent: int, move: int, depth: int) -> int:
        """Record child (its bytes: key), reached from parent by move; its id."""
        self.seen[key] = len(self.parents)
        self.parents.append((parent, move))
        if self.prune:
            if self.count == len(self.rows):
                self.rows = np.concatenate([self.rows, np.zeros_like(self.rows)])
            self.rows[self.count] = child
        self.count += 1
        if self.limit is not None and self.count > self.limit:
            raise DevilcoinsError(
                f"the belief search for {self.name} passed {self.limit:,} beliefs at depth "
                f"{depth}; this game is too large to search here"
            )
        return len(self.parents) - 1

    def path(self, parent: int, move: int) -> tuple[int, ...]:
        """The moves from the start to parent, then move."""
        return path_to(self.parents, parent, move)


def _level(
    tab: ClassTable, tree: _Tree, frontier: Rows, ids: list[int], moves: Ints, depth: int
) -> tuple[list[Rows], list[int], tuple[int, ...] | None]:
    """Expand one level: (next frontier rows, their ids, the winning path or None)."""
    width = frontier.shape[1]
    key_type = np.dtype((np.void, 8 * width))
    beyond_goal = ~row_from_indices(range(tab.n_goal), tab.size)
    chunk = max(1, _CHUNK_WORDS // max(1, len(moves) * width))
    next_rows: list[Rows] = []
    next_ids: list[int] = []
    for lo in range(0, len(frontier), chunk):
        children = expand(tab.kernel, frontier[lo : lo + chunk], moves)
        keys = children.view(key_type).ravel()
        _, first = np.unique(keys, return_index=True)
        first.sort()
        won = ~np.any(children[first] & beyond_goal, axis=1)  # the distinct children only
        for pos, winning in zip(first.tolist(), won.tolist(), strict=True):
            child = children[pos]
            key = child.tobytes()
            if key in tree.seen:
                continue
            parent, move = ids[lo + pos // len(moves)], int(moves[pos % len(moves)])
            if winning:
                return next_rows, next_ids, tree.path(parent, move)
            if tree.prune and tree.dominated(child):
                tree.seen[key] = -1
                continue
            next_ids.append(tree.keep(key, child, parent, move, depth))
            next_rows.append(child)
    return next_rows, next_ids, None


def search_beliefs(
    tab: ClassTable,
    moves: np.ndarray,
    *,
    prune: bool = False,
    limit: int | None = None,
    on_progress: Callable[[SearchProgress], None] | None = None,
) -> SearchOutcome:
    """A shortest winning strategy from the belief "any state", or the proof there is none.

    >>> from devilcoins.core.tables import table
    >>> found = search_beliefs(table(2), np.array([3, 1, 2]))
    >>> found.moves, found.kept, found.depth
    ((3, 1, 3), 3, 3)
    """
    warm_up()
    t0 = time.perf_counter()
    moves = np.asarray(moves, dtype=np.int64)
    start = row_from_indices(range(tab.size), tab.size)
    if tab.n_goal == tab.size:
        return SearchOutcome(moves=(), kept=1, depth=0, seconds=0.0)
    tree = _Tree(start, prune, limit, str(tab.game))
    frontier, ids, depth, found = start[None, :], [0], 0, None
    while len(frontier) and found is None and len(moves):
        depth += 1
        rows, ids, found = _level(tab, tree, frontier, ids, moves, depth)
        frontier = np.array(rows, dtype=np.uint64).reshape(-1, start.shape[0])
        if on_progress is not None:
            on_progress(SearchProgress(depth=depth, explored=tree.count, frontier=len(frontier)))
    return SearchOutcome(
        moves=found,
        kept=tree.count,
        depth=depth if found is not None else max(0, depth - 1),
        seconds=time.perf_counter() - t0,
    )


def search_game(game: Game, *, on_progress: Callable[[int, int], None] | None = None) -> Verdict:
    """Shortest blind strategy by breadth-first search over beliefs, with dominance pruning.

    A belief that contains one already reached is dropped (whatever wins the smaller belief
    wins the larger one's subset too, no later).  Returns winnable False when every reachable
    belief has been explored.  on_progress(depth, beliefs) follows the levels.

    >>> v = search_game(Game.parse('n=4 goal=same'))
    >>> v.winnable, v.length
    (True, 7)
    """
    found = search_beliefs(
        tables(game),
        allowed_moves(game),
        prune=True,
        limit=MAX_GAME_BELIEFS,
        on_progress=None if on_progress is None else lambda p: on_progress(p.depth, p.explored),
    )
    if found.moves is None:
        method = "belief search (every reachable belief explored)"
    elif found.moves:
        method = "belief search (shortest, with dominance pruning)"
    else:
        method = "belief search"
    return Verdict(
        game=game,
        winnable=found.winnable,
        length=None if found.moves is None else len(found.moves),
        method=method,
        seconds=found.seconds,
        strategy=found.moves,
        explored=found.kept,
    )
