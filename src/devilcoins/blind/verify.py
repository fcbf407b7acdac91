"""Exact verification of a blind strategy for any game, with counterexamples (mathematics §2).

A strategy wins exactly when the belief that starts as "any state" ends holding only the goal:
the belief after i moves is the set of states some start and some turns could have produced, so
propagating it settles every start against every Devil at once.  When a strategy loses, the
beliefs kept at checkpoints hold the proof: walking back from a state still possible at the end
gives a start, and the kernel reads off the Devil's turns that keep that game out of the goal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import ArrayLike

from devilcoins.core.beliefs import row_from_indices, row_to_indices
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import InvalidInput, TooLarge
from devilcoins.core.game import Game
from devilcoins.core.kernel import propagate, trace_back, turns_along
from devilcoins.core.perm import Perm
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.core.tables import ClassTable, class_table
from devilcoins.results import Counterexample, Verification

__all__ = [
    "MAX_VERIFY_STEPS",
    "Line",
    "Propagation",
    "devil_line",
    "propagate_checkpointed",
    "sure_win_at",
    "verify_moves",
    "walk_back",
    "worst_line",
]

#: Kernel steps (one state turned, moved and looked up) exact verification takes on before it
#: refuses: about two minutes on this kind of machine.
MAX_VERIFY_STEPS = 10**11

#: Kernel steps per chunk of propagation (one checkpoint and one progress report per chunk).
_CHUNK_STEPS = 1 << 26

#: The most (move, class) cells whose beliefs a verification keeps row by row (``rows``): the
#: notebook's belief table of 8 coins has 256 x 36.
ROW_CELLS = 1 << 20


@dataclass(frozen=True, kw_only=True)
class Propagation:
    """A belief propagated along moves: sizes before and after each move, checkpoints."""

    sizes: np.ndarray
    checkpoints: list[np.ndarray]
    chunk: int


@dataclass(frozen=True, kw_only=True)
class Line:
    """One game the Devil can force: a start and his turn before each move.

    survives: the game never reaches the goal; otherwise it is the longest the Devil can make
    it, won at move won_at (turns after the last surviving move are the identity).
    """

    start: int
    turns: tuple[Perm, ...]
    survives: bool
    won_at: int | None

    def counterexample(self, game: Game) -> Counterexample:
        """The line as a counterexample (meaningful when it survives)."""
        return Counterexample(game=game, start=self.start, turns=self.turns)


def propagate_checkpointed(
    tab: ClassTable,
    moves: np.ndarray,
    row: np.ndarray,
    on_progress: Callable[[int, int], None] | None = None,
) -> Propagation:
    """Propagate row through moves in chunks, keeping the row at each chunk's start."""
    chunk = max(1, _CHUNK_STEPS // (tab.size * tab.n))
    checkpoints, sizes = [], []
    for lo in range(0, len(moves), chunk):
        checkpoints.append(row)
        row, part, _ = propagate(tab.kernel, row, moves[lo : lo + chunk])
        sizes.append(part if lo == 0 else part[1:])
        if on_progress is not None:
            on_progress(min(lo + chunk, len(moves)), len(moves))
    if not len(moves):
        sizes.append(np.array([len(row_to_indices(row))]))
    checkpoints.append(row)
    return Propagation(sizes=np.concatenate(sizes), checkpoints=checkpoints, chunk=chunk)


def walk_back(tab: ClassTable, moves: np.ndarray, run: Propagation, last: int) -> np.ndarray:
    """Classes c_0 .. c_last, c_i in the belief after move i and outside the goal, each leading
    to the next by some turn and move i + 1."""
    chunk, checkpoints = run.chunk, run.checkpoints
    classes = np.empty(last + 1, dtype=np.int64)
    end_row = checkpoints[-1]
    if last != len(moves):  # the belief after move `last`: replay its chunk
        lo = (last // chunk) * chunk
        _, _, hist = propagate(
            tab.kernel, checkpoints[lo // chunk], moves[lo:last], keep_history=True
        )
        end_row = hist[-1]
    end = next(k for k in row_to_indices(end_row) if k >= tab.n_goal)
    classes[last] = end
    hi = last
    while hi > 0:
        lo = ((hi - 1) // chunk) * chunk
        _, _, hist = propagate(
            tab.kernel, checkpoints[lo // chunk], moves[lo:hi], keep_history=True
        )
        seg = trace_back(tab.kernel, hist, moves[lo:hi], end)
        end = int(seg[0])
        classes[lo : hi + 1] = seg
        hi = lo
    if (classes < 0).any():  # pragma: no cover - every class in a belief has a predecessor
        raise AssertionError("walking back through the beliefs lost the thread")
    return classes


@lru_cache(maxsize=CACHED_GAMES)
def _elements(game: Game) -> np.ndarray:
    """The Devil's group as an array of permutations, identity first (``Game.turns``)."""
    return np.array(game.turns, dtype=np.int64).reshape(-1, game.n)


def devil_line(
    tab: ClassTable, moves: np.ndarray, run: Propagation, start: int | None = None
) -> Line:
    """The Devil's best game against moves, from start or from the start it likes best.

    A line that never reaches the goal when there is one; otherwise the one that holds out
    longest.  run is the propagation of the belief of every start (or of {goal, start}).
    """
    identity = Perm.identity(tab.n)
    if start is not None and tab.index(start) < tab.n_goal:
        return Line(start=start, turns=(identity,) * len(moves), survives=False, won_at=0)
    alive = np.flatnonzero(run.sizes > tab.n_goal)
    last = int(alive[-1])
    classes = walk_back(tab, moves, run, last)
    begin = int(tab.reps[classes[0]]) if start is None else start
    turns = np.zeros(len(moves), dtype=np.int64)
    elements = _elements(tab.game)
    turns[:last] = turns_along(tab.kernel, elements, tab.powers, begin, moves[:last], classes)
    if (turns < 0).any():  # pragma: no cover - each class was chosen reachable
        raise AssertionError("no turn leads along the Devil's line")
    survives = last == len(moves)
    perms = tab.game.turns
    return Line(
        start=begin,
        turns=tuple(perms[e] for e in turns.tolist()),
        survives=survives,
        won_at=None if survives else last + 1,
    )


def worst_line(game: Game, moves: ArrayLike, start: int | None = None) -> tuple[Line, np.ndarray]:
    """The Devil's best game against moves (from start, or from the start he likes best), and
    the belief sizes along it (classes, the goal included; of start alone when given).

    >>> line, sizes = worst_line(Game(2), [3, 1])
    >>> Game(2).state_text(line.start), [t.rotation() for t in line.turns], line.survives
    ('TH', [0, 0], True)
    """
    tab = class_table(game)
    plan = np.asarray(moves, dtype=np.int64).reshape(-1)
    _check_moves(game, tab, plan)
    if start is not None and not 0 <= start < tab.states:
        raise InvalidInput(f"start {start} is not a state of {game} (0..{tab.states - 1})")
    members = range(tab.size) if start is None else {*range(tab.n_goal), tab.index(start)}
    run = propagate_checkpointed(tab, plan, row_from_indices(members, tab.size))
    return devil_line(tab, plan, run, start), run.sizes


def _check_moves(game: Game, tab: ClassTable, moves: np.ndarray) -> None:
    game.check_moves(moves)
    cost = len(moves) * tab.size * game.n
    if cost > MAX_VERIFY_STEPS:
        raise TooLarge(
            f"verifying {len(moves):,} moves of {game} takes up to {cost:.1e} kernel steps, "
            f"more than {MAX_VERIFY_STEPS:.0e}; try fewer moves"
        )


def verify_moves(
    game: Game, moves: ArrayLike, *, on_progress: Callable[[int, int], None] | None = None
) -> Verification:
    """Exact verification of a blind strategy (move states) for a game, with a counterexample.

    >>> from devilcoins.blind.chain import chain_strategy
    >>> g = Game(3, values=3)
    >>> v = verify_moves(g, chain_strategy(g))
    >>> v.wins, v.won_at
    (True, 26)
    >>> verify_moves(g, chain_strategy(g)[:-1]).counterexample.to_json()['start']
    '211'
    """
    tab = class_table(game)
    moves = np.asarray(moves, dtype=np.int64).reshape(-1)
    _check_moves(game, tab, moves)
    watch = Stopwatch()
    run = propagate_checkpointed(
        tab, moves, row_from_indices(range(tab.size), tab.size), on_progress
    )
    # the start holds every class; goal classes never leave, so "won" is "size n_goal"
    won = np.flatnonzero(run.sizes == tab.n_goal)
    counter = None
    if not len(won):
        counter = devil_line(tab, moves, run).counterexample(game)
    seconds = watch.seconds()  # the decision's time: the rows below are for display
    rows = _rows(tab, moves) if (len(moves) + 1) * tab.size <= ROW_CELLS else None
    return Verification.of_sizes(game, len(moves), run.sizes, won, counter, seconds, rows=rows)


def _rows(tab: ClassTable, moves: np.ndarray) -> list[list[int]]:
    """The classes of the belief before the first move and after each move."""
    start = row_from_indices(range(tab.size), tab.size)
    _, _, history = propagate(tab.kernel, start, moves, keep_history=True)
    return [row_to_indices(row) for row in history]


def sure_win_at(game: Game, moves: ArrayLike, state: int) -> int | None:
    """How many of moves (move states) it takes to win for sure from state, whatever the Devil
    turns before each (0: state is in the goal already); None when some turns keep the goal
    away to the end.  What the Devil's seat judges a turn by.

    >>> g = Game(2)
    >>> sure_win_at(g, [3, 1, 3], g.parse_state('TH')), sure_win_at(g, [3, 1], g.parse_state('TH'))
    (3, None)
    """
    tab = class_table(game)
    start = row_from_indices([int(tab.index_of[state])], tab.size)
    moves = np.asarray(moves, dtype=np.int64).reshape(-1)
    _, _, rows = propagate(tab.kernel, start, moves, keep_history=True)
    for i, row in enumerate(rows):
        if all(k < tab.n_goal for k in row_to_indices(row)):
            return i
    return None
