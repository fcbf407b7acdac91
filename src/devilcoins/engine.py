"""Settle any game with evidence, and verify any blind strategy: the library's front door.

The method follows the game (docs/mathematics.md §6-§8):

- blind, the goal a subgroup: the chain construction (shortest, by the lower bound
  |M / H| - 1) whenever its moves are allowed, or the Devil's certificate when the chain stalls;
- blind otherwise (limited hands, a list of moves, a goal that is not a subgroup): the
  certificate if the chain stalls (it beats every move), else breadth-first search over beliefs
  that drops any belief containing one already reached;
- touch, sight and count: least worst-case trees by AND-OR value iteration (``observed``);
- blind with values in a group other than Z_m (``Game.value_group``, §7.5): the chain for
  groups when it completes and its moves are allowed (shortest), else the Devil's hold-out set
  when there is one (a certificate), else breadth-first search over beliefs.
- a Devil restricted to a set of permutations (``devil_moves``): breadth-first search over
  beliefs of states (``blind.devilmoves``).

>>> from devilcoins import Game, solve, verify
>>> v = solve(Game.parse('n=4 hands=2 goal=same observe=touch'))
>>> v.winnable, v.length
(True, 5)
>>> verify(Game(4), solve(Game(4)).strategy).wins
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any, TypeAlias

import numpy as np

from devilcoins.blind.chain import certificate_evidence, chain, chain_strategy
from devilcoins.blind.devilmoves import search_devil_moves
from devilcoins.blind.groups import (
    group_chain,
    group_chain_strategy,
    hold_out,
    hold_out_evidence,
)
from devilcoins.blind.search import search_game
from devilcoins.blind.verify import verify_moves
from devilcoins.core.game import Game
from devilcoins.observed.andor import solve_tree
from devilcoins.observed.count import solve_count
from devilcoins.results import Verdict, Verification

__all__ = ["solve", "verify"]

#: A move of a strategy: a state number, a text ('FLFL', '0 2', '0120') or a set of positions.
MoveLike: TypeAlias = int | np.integer[Any] | str | set[int] | frozenset[int]


def _observed(game: Game, on_progress: Callable[[int, int], None] | None) -> Verdict:
    sol = solve_count(game) if game.observe == "count" else solve_tree(game, progress=on_progress)
    return Verdict(
        game=game,
        winnable=sol.winnable,
        length=sol.length,
        method=f"AND-OR value iteration ({game.observe})",
        seconds=sol.seconds,
        explored=sol.explored,
        tree=sol,
    )


def solve(game: Game, *, on_progress: Callable[[int, int], None] | None = None) -> Verdict:
    """Settle a game with evidence (see the module doc for the method each game gets).

    >>> v = solve(Game(9, values=3))
    >>> v.winnable, v.length, v.method
    (True, 19682, 'chain construction')
    >>> solve(Game.parse('n=6 goal=same')).method
    "the Devil's certificate (the chain stalls)"
    """
    t0 = time.perf_counter()
    if game.observe != "blind":
        return _observed(game, on_progress)
    if game.value_group is not None:
        return _in_group(game, t0, on_progress)
    if game.devil_moves is not None:  # a set of turns, not a group: beliefs of states
        return search_devil_moves(game, on_progress=on_progress)
    c = chain(game)
    evidence: dict[str, Any] = {"chain_sizes": c.sizes()}
    if not c.complete:
        evidence["certificate"] = certificate_evidence(game, c.zone)
        return Verdict.unwinnable(
            game, "the Devil's certificate (the chain stalls)", time.perf_counter() - t0, evidence
        )
    evidence["lower_bound"] = c.length() if c.goal_is_subgroup else None
    # the construction meets the lower bound, so it is shortest whenever its moves are allowed
    if c.goal_is_subgroup and all(game.allowed(int(a)) for a, _ in c.steps):
        return _constructed(game, chain_strategy(game), "chain construction", t0, evidence)
    return _searched(game, t0, on_progress, evidence)


def _in_group(game: Game, t0: float, on_progress: Callable[[int, int], None] | None) -> Verdict:
    """A blind game with values in a group: the chain, the hold-out set, or the search."""
    c = group_chain(game)
    evidence: dict[str, Any] = {"chain_sizes": list(c.sizes)}
    if c.complete and c.goal_is_subgroup and all(game.allowed(a) for a, _ in c.steps):
        moves = group_chain_strategy(c)
        evidence["lower_bound"] = c.length()
        return _constructed(game, moves, "chain construction (values in a group)", t0, evidence)
    zone = hold_out(game)
    if zone is not None and zone.any():
        evidence["certificate"] = hold_out_evidence(game, zone)
        return Verdict.unwinnable(
            game, "the Devil's hold-out set", time.perf_counter() - t0, evidence
        )
    return _searched(game, t0, on_progress, evidence)


def _constructed(
    game: Game, moves: Iterable[Any], method: str, t0: float, evidence: dict[str, Any]
) -> Verdict:
    """A winnable verdict whose strategy is the given moves (a construction)."""
    strategy = tuple(int(a) for a in moves)
    return Verdict(
        game=game,
        winnable=True,
        length=len(strategy),
        method=method,
        seconds=time.perf_counter() - t0,
        strategy=strategy,
        evidence=evidence,
    )


def _searched(
    game: Game,
    t0: float,
    on_progress: Callable[[int, int], None] | None,
    evidence: dict[str, Any],
) -> Verdict:
    """The belief search's verdict, with the evidence gathered before it."""
    found = search_game(game, on_progress=on_progress)
    return Verdict(
        game=game,
        winnable=found.winnable,
        length=found.length,
        method=found.method,
        seconds=time.perf_counter() - t0,
        strategy=found.strategy,
        explored=found.explored,
        evidence=evidence,
    )


def _move_states(game: Game, strategy: Iterable[MoveLike]) -> np.ndarray:
    """Moves as states: numbers pass through, texts are read ('FLFL', '0 2', '0120'), and sets
    of positions (the coin ``Move``) flip those positions."""
    out = []
    for move in strategy:
        if isinstance(move, str):
            out.append(game.parse_move(move))
        elif isinstance(move, (set, frozenset)):
            out.append(
                sum(1 << p for p in move)
                if game.values == 2
                else game.encode([1 if i in move else 0 for i in range(game.n)])
            )
        else:
            out.append(int(move))
    return np.array(out, dtype=np.int64)


def verify(
    game: Game,
    strategy: Iterable[MoveLike],
    *,
    on_progress: Callable[[int, int], None] | None = None,
) -> Verification:
    """Exact verification of a blind strategy for a game: wins, won_at, a counterexample.

    >>> from devilcoins import Strategy
    >>> verify(Game(2), Strategy([{0, 1}, {0}])).counterexample.to_json()
    {'start': 'TH', 'turns': [0, 0]}
    """
    return verify_moves(game, _move_states(game, strategy), on_progress=on_progress)
