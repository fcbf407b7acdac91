"""The restricted Devil's game settled: a strategy from the simpler Devil, one that meets the
counting bound, or the belief search over states; or the proof that none wins."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from devilcoins.blind.restricted.quotient import (
    MAX_BELIEFS,
    devils_certificate,
    quotient_certificate,
    quotient_group,
    reduced_strategy,
)
from devilcoins.blind.restricted.states import (
    StateSpace,
    counting_bound,
    minus,
    moved_states,
    propagate,
    scratch_room,
    search_moves,
    state_space,
    turned_states,
)
from devilcoins.blind.search import SearchOutcome, search_beliefs, searched_verdict
from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.game import Game
from devilcoins.results import Evidence, EvidenceKind, How, Verdict
from devilcoins.results.words import counted

__all__ = ["search_devil_moves", "search_states"]

#: The method of a strategy from the reduction to H, plain words first (``search_devil_moves``).
REDUCED = (
    "the recipe against a simpler Devil, its moves turned to follow the one turn all his moves "
    "share (chain construction against the group H of the quotients s^-1 t of the Devil's moves "
    "s, t)"
)

#: The method of a game the Devil's certificate settles (two of his moves always differ outside
#: a subgroup holding the goal).
TRAPPED = (
    "kept in a trap outside a level that holds the goal, checked for every state "
    "(two of the Devil's moves always differ outside a subgroup)"
)

#: The method of a game lost in the coarser game modulo the level where H's chain stops.
COARSER = (
    "a coarser game where states differing inside a level count as one, explored to the "
    "end and lost (belief search modulo the level where the chain against H stops)"
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
    hit, found, turned = scratch_room(st.states)

    def frame(row: Rows) -> tuple[Rows, Ints, Ints]:
        count = turned_states(row, st.maps, hit, found, turned)
        ts = turned[:count].copy()
        cands = np.unique(minus(st, np.repeat(goal_states, count), np.tile(ts, g)))
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
        moved_states(ts, len(ts), a, st.goal, st.add, child)
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
    st = state_space(game)
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
    level where H's chain stops, then ``search_states``.  A certificate whose check fails is
    not used (the search decides), and the verdict carries the failed check.

    >>> v = search_devil_moves(Game.parse('n=3 devil_moves=1,2,0'))
    >>> v.winnable, v.length, v.evidence[-1].detail['counting_bound']
    (True, 7, 7)
    """
    watch = Stopwatch()
    failed: tuple[Evidence, ...] = ()
    certificate = devils_certificate(game) if certify else None
    if certificate is not None and certificate.holds:
        return Verdict.lost(game, TRAPPED, (certificate,), watch.seconds())
    if certificate is not None:
        failed = (certificate,)
    modulo = quotient_certificate(game) if certify else None
    if modulo is not None:
        searched, explored = modulo
        return Verdict.lost(
            game, COARSER, (*failed, searched), watch.seconds(), how=How.SEARCH, explored=explored
        )
    return _searched(game, failed, on_progress)


def _searched(
    game: Game, failed: tuple[Evidence, ...], on_progress: Callable[[int, int], None] | None
) -> Verdict:
    """The verdict of the search over states, with the failed certificate (if any) kept."""
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
        name="the reduction to a simpler Devil (the group of his moves' quotients)",
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
    st = state_space(game)
    bound = counting_bound(st)
    goal = int(st.goal.sum())
    outside = st.states - goal
    takes = "the goal's one state" if goal == 1 else f"the goal's {goal} states"
    states = "1 state" if outside == 1 else f"{outside:,} states"
    return Evidence(
        kind=EvidenceKind.LOWER_BOUND,
        name="the counting bound",
        statement=(
            f"Nothing shorter than {counted(bound, 'move')} wins: the belief starts with the "
            f"{states} "
            f"outside the goal, each of the Devil's moves is one-to-one so it never shrinks, "
            f"and a move takes out at most {takes}."
        ),
        checked=False,
        detail={"counting_bound": bound, "devil_moves": len(game.devil_moves or ())},
    )


# --- verification -----------------------------------------------------------------------------
