"""One breadth-first search over beliefs for every blind game (docs/mathematics.md §2).

A belief is a row of bits: the classes still possible (``ClassSpace``: the Devil turns by a whole
group, so states that differ by a turn are one class) or the states still possible
(``blind.restricted.StateSpace``: a Devil restricted to a set of moves).  A space says where the
search starts, how a belief follows from a move, and when a belief is won; the search is the
same for both.  It starts from the belief "anything at all" and explores level by level,
updating every belief of a level by every move in one kernel call.  Within a level it takes
beliefs in the order they were found and moves in the order given, and keeps the first path to
each new belief, so with the notebook's moves and no pruning it returns exactly the notebook's
strategies.  With ``prune`` it drops a belief containing one already kept (whatever wins the
smaller belief wins it too, no later).  A search that ends without a win has explored every
belief reachable (up to pruning): a proof that no strategy exists.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from devilcoins.core.beliefs import Ints, Rows, new_rows, row_from_indices
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.core.kernel import expand
from devilcoins.core.resources import memory_limit, reserve, resident_bytes
from devilcoins.core.tables import ClassTable, class_table
from devilcoins.results import Evidence, EvidenceKind, How, Verdict

__all__ = [
    "MAX_GAME_BELIEFS",
    "BeliefSpace",
    "ClassSpace",
    "SearchOutcome",
    "SearchProgress",
    "allowed_moves",
    "notebook_moves",
    "search_beliefs",
    "search_game",
    "searched_verdict",
]

#: Beliefs the pruned search of a game keeps before it refuses (each is a row of K bits).
MAX_GAME_BELIEFS = 200_000

#: Successor rows computed per kernel call (bounds memory: 4M words = 32 MiB).
_CHUNK_WORDS = 1 << 22


#: Bytes a word of a chunk of successor rows costs at its peak (the rows, their keys sorted).
_BYTES_PER_WORD = 32


def _chunk_words() -> int:
    """Successor words a kernel call may compute: _CHUNK_WORDS, fewer when the memory limit
    (``core.resources.memory_limit``) leaves less room, so a chunk never carries the process
    past it.

    >>> 1 <= _chunk_words() <= _CHUNK_WORDS
    True
    """
    room = memory_limit(1 << 62) - resident_bytes()
    return max(1, min(_CHUNK_WORDS, room // _BYTES_PER_WORD))


class BeliefSpace(Protocol):
    """Where a belief search runs: its start, its update, when a belief is won."""

    @property
    def game(self) -> Game:
        """The game searched."""

    def start(self) -> Rows:
        """The belief before the first move: every state (or class) outside the goal."""

    def expand(self, frontier: Rows, moves: Ints) -> Rows:
        """Row f * len(moves) + j: frontier[f] after moves[j] (the Devil's turn, then it)."""

    def won(self, rows: Rows) -> np.ndarray:
        """Which rows leave nothing possible outside the goal."""

    def sizes(self, rows: Rows) -> Ints:
        """How many states (or classes) outside the goal each row holds."""


@dataclass(frozen=True, eq=False)
class ClassSpace:
    """Beliefs as sets of classes of a class table (the goal classes kept, as the notebook does)."""

    table: ClassTable

    @property
    def game(self) -> Game:
        """The game searched."""
        return self.table.game

    def start(self) -> Rows:
        """Every class."""
        return row_from_indices(range(self.table.size), self.table.size)

    def expand(self, frontier: Rows, moves: Ints) -> Rows:
        """The kernel's update of every belief by every move."""
        return expand(self.table.kernel, frontier, moves)

    def won(self, rows: Rows) -> np.ndarray:
        """No class outside the goal is possible."""
        beyond_goal = ~row_from_indices(range(self.table.n_goal), self.table.size)
        won: np.ndarray = ~np.any(rows & beyond_goal, axis=1)
        return won

    def sizes(self, rows: Rows) -> Ints:
        """Classes outside the goal in each row."""
        bits = np.unpackbits(rows.view(np.uint8), axis=1, bitorder="little")
        counts: Ints = bits[:, self.table.n_goal :].sum(axis=1, dtype=np.int64)
        return counts


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
    smallest    the fewest states (or classes) outside the goal of any belief kept
    seconds     the search time inside this process (loading the kernel not included)
    """

    moves: tuple[int, ...] | None
    kept: int
    depth: int
    smallest: int
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
    tab = class_table(game)
    if game.moves is not None:
        picked: dict[int, int] = {}
        for vec in game.moves:
            a = game.encode(vec)
            if a and game.allowed(a):
                picked.setdefault(int(tab.index_of[a]), a)
        return np.array(sorted(picked.values(), key=lambda a: tab.index_of[a]), dtype=np.int64)
    return np.array([int(r) for r in np.sort(tab.reps) if r and game.allowed(int(r))], np.int64)


def notebook_moves(n: int) -> np.ndarray:
    """The notebook's moves for n coins, in its order: move k flips the heads of sequence k.

    >>> [Game(2).move_text(int(m)) for m in notebook_moves(2)]
    ['FF', 'FL', 'LL']
    """
    tab = class_table(Game(n), "text")
    return (~tab.reps) & ((1 << n) - 1)


class _Kept:
    """The beliefs kept so far: their rows (for pruning) and the move that first reached each."""

    def __init__(self, start: Rows, prune: bool, limit: int | None, name: str):
        self.seen: dict[bytes, int] = {start.tobytes(): 0}
        self.parents: list[tuple[int, int]] = [(-1, -1)]
        self.rows = new_rows(1024 if prune else 0, start.shape[0] * 64)
        if prune:
            self.rows[0] = start
        self.prune, self.limit, self.name = prune, limit, name

    @property
    def count(self) -> int:
        """Beliefs kept, the start included."""
        return len(self.parents)

    def dominated(self, child: Rows) -> bool:
        """Whether child contains a belief already kept."""
        kept = self.rows[: self.count]
        return bool(np.any(np.all((kept & ~child) == 0, axis=1)))

    def keep(self, key: bytes, child: Rows, parent: int, move: int, depth: int) -> int:
        """Record child (its bytes: key), reached from parent by move; its id."""
        if self.limit is not None and self.count >= self.limit:
            raise TooLarge(
                f"the belief search for {self.name} passed {self.limit:,} beliefs at depth "
                f"{depth}; this game is too large to search here"
            )
        self.seen[key] = self.count
        self.parents.append((parent, move))
        if self.prune:
            if self.count > len(self.rows):
                self.rows = np.concatenate([self.rows, np.zeros_like(self.rows)])
            self.rows[self.count - 1] = child
        return self.count - 1

    def path(self, parent: int, move: int) -> tuple[int, ...]:
        """The moves from the start to parent, then move."""
        path = [move]
        while self.parents[parent][0] >= 0:
            parent, move = self.parents[parent]
            path.append(move)
        return tuple(reversed(path))


def _level(
    space: BeliefSpace, kept: _Kept, frontier: Rows, ids: list[int], moves: Ints, depth: int
) -> tuple[list[Rows], list[int], tuple[int, ...] | None]:
    """Expand one level: (next frontier rows, their ids, the winning path or None)."""
    width = frontier.shape[1]
    key_type = np.dtype((np.void, 8 * width))
    chunk = max(1, _chunk_words() // max(1, len(moves) * width))
    next_rows: list[Rows] = []
    next_ids: list[int] = []
    for lo in range(0, len(frontier), chunk):
        words = min(chunk, len(frontier) - lo) * len(moves) * width  # one belief's at least
        reserve(words * _BYTES_PER_WORD, f"the belief search of {space.game}")
        children = space.expand(frontier[lo : lo + chunk], moves)
        keys = children.view(key_type).ravel()
        _, first = np.unique(keys, return_index=True)
        first.sort()
        won = space.won(children[first])  # the distinct children only
        for pos, winning in zip(first.tolist(), won.tolist(), strict=True):
            child = children[pos]
            key = child.tobytes()
            if key in kept.seen:
                continue
            parent, move = ids[lo + pos // len(moves)], int(moves[pos % len(moves)])
            if winning:
                return next_rows, next_ids, kept.path(parent, move)
            if kept.prune and kept.dominated(child):
                kept.seen[key] = -1
                continue
            next_ids.append(kept.keep(key, child, parent, move, depth))
            next_rows.append(child)
    return next_rows, next_ids, None


def search_beliefs(
    space: BeliefSpace | ClassTable,
    moves: np.ndarray,
    *,
    prune: bool = False,
    limit: int | None = None,
    on_progress: Callable[[SearchProgress], None] | None = None,
) -> SearchOutcome:
    """A shortest winning strategy from the belief "anything at all", or the proof there is none.

    space is a belief space, or a class table (its ``ClassSpace``).

    >>> from devilcoins.core.tables import table
    >>> found = search_beliefs(table(2), np.array([3, 1, 2]))
    >>> found.moves, found.kept, found.depth
    ((3, 1, 3), 3, 3)
    """
    if isinstance(space, ClassTable):
        space = ClassSpace(space)
    watch = Stopwatch()
    moves = np.asarray(moves, dtype=np.int64)
    start = space.start()
    smallest = int(space.sizes(start[None, :])[0])
    if space.won(start[None, :])[0]:
        return SearchOutcome(moves=(), kept=1, depth=0, smallest=0, seconds=0.0)
    kept = _Kept(start, prune, limit, str(space.game))
    frontier, ids, depth, found = start[None, :], [0], 0, None
    while len(frontier) and found is None and len(moves):
        depth += 1
        rows, ids, found = _level(space, kept, frontier, ids, moves, depth)
        frontier = np.array(rows, dtype=np.uint64).reshape(-1, start.shape[0])
        if len(frontier):
            smallest = min(smallest, int(space.sizes(frontier).min()))
        if on_progress is not None:
            on_progress(SearchProgress(depth=depth, explored=kept.count, frontier=len(frontier)))
    return SearchOutcome(
        moves=found,
        kept=kept.count,
        depth=depth if found is not None else max(0, depth - 1),
        smallest=0 if found is not None else smallest,
        seconds=watch.seconds(),
    )


def searched_verdict(
    game: Game,
    found: SearchOutcome,
    *,
    name: str = "belief search",
    pruned: bool = True,
    evidence: tuple[Evidence, ...] = (),
) -> Verdict:
    """The verdict of a search, with the evidence gathered before it and the search's own.

    name is the search's ('belief search', 'belief search over states'); pruned says whether
    it dropped beliefs containing others (else it kept the notebook's moves and order).
    """
    if found.moves is None:
        method = f"{name} (every reachable belief explored)"
        statement = (
            f"Every belief the player can reach was explored ({found.kept:,} kept) and none "
            f"leaves only the goal possible (the smallest holds {found.smallest:,} outside it), "
            "so against any sequence of moves some start and some turns keep the goal away "
            "(verify names them for a given strategy)."
        )
    else:
        method = (
            f"{name} (shortest, with dominance pruning)" if pruned else f"the notebook's {name}"
        )
        method = method if found.moves else name
        statement = (
            f"The search went level by level, every belief of one level before the next "
            f"({found.kept:,} kept), so no strategy of fewer than {len(found.moves):,} moves "
            "wins."
        )
    search = Evidence(
        kind=EvidenceKind.SEARCH,
        name="the belief search",
        statement=statement,
        checked=True,
        holds=True,
        detail={"kept": found.kept, "depth": found.depth},
    )
    return Verdict(
        game=game,
        winnable=found.winnable,
        length=None if found.moves is None else len(found.moves),
        method=method,
        how=How.SEARCH,
        seconds=found.seconds,
        strategy=found.moves,
        explored=found.kept + bool(found.moves),  # the winning belief counted, as the notebook
        depth=found.depth,
        evidence=(*evidence, search),
    )


def search_game(
    game: Game,
    *,
    evidence: tuple[Evidence, ...] = (),
    on_progress: Callable[[int, int], None] | None = None,
) -> Verdict:
    """Shortest blind strategy by breadth-first search over beliefs, with dominance pruning.

    A belief that contains one already reached is dropped (whatever wins the smaller belief
    wins the larger one's subset too, no later).  Returns winnable False when every reachable
    belief has been explored.  on_progress(depth, beliefs) follows the levels.

    >>> v = search_game(Game.parse('n=4 goal=same'))
    >>> v.winnable, v.length
    (True, 7)
    """
    found = search_beliefs(
        class_table(game),
        allowed_moves(game),
        prune=True,
        limit=MAX_GAME_BELIEFS,
        on_progress=None if on_progress is None else lambda p: on_progress(p.depth, p.explored),
    )
    return searched_verdict(game, found, evidence=evidence)
