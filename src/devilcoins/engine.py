"""Settle any game with evidence, and verify any strategy: the library's front door.

The method follows the game (docs/mathematics.md §6-§8):

- the coin game (``Game(n)``, n <= 15): the notebook's own belief search, every belief and its
  moves in its order, so the strategies are exactly the notebook's;
- blind, the goal a subgroup: the chain construction (shortest, by the lower bound
  |M / H| - 1) whenever its moves are allowed, or the Devil's certificate when the chain stalls;
- blind otherwise (limited hands, a list of moves, a goal that is not a subgroup): the
  certificate if the chain stalls (it beats every move), else breadth-first search over beliefs
  that drops any belief containing one already reached;
- touch, sight and count: least worst-case trees by AND-OR value iteration (``observed``);
- blind with values in a group other than Z_m (``Game.value_group``, §7.5): the chain for
  groups when it completes and its moves are allowed (shortest), else the Devil's hold-out set
  when there is one (a certificate), else breadth-first search over beliefs.
- a Devil restricted to a set of permutations (``devil_moves``): the same search over beliefs of
  states (``blind.devilmoves``).

A certificate is used only when its check (run over every state) holds; when it fails the
search decides, and the verdict carries the failed check (``Verdict.holds`` is then False).

>>> from devilcoins import Game, solve, verify
>>> v = solve(Game.parse('n=4 hands=2 goal=same observe=touch'))
>>> v.winnable, v.length, v.how
(True, 5, 'tree')
>>> verify(Game(4), solve(Game(4)).strategy).wins
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeAlias

import numpy as np

from devilcoins.blind.chain import (
    Chain,
    certificate_evidence,
    chain,
    chain_evidence,
    chain_strategy,
    lower_bound_evidence,
)
from devilcoins.blind.devilmoves import search_devil_moves
from devilcoins.blind.groups import (
    group_chain,
    group_chain_strategy,
    hold_out,
    hold_out_evidence,
)
from devilcoins.blind.search import notebook_moves, search_beliefs, search_game, searched_verdict
from devilcoins.blind.verify import verify_moves
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import InvalidInput
from devilcoins.core.game import Game
from devilcoins.core.tables import tables
from devilcoins.observed.andor import solve_tree
from devilcoins.observed.check import verify_tree
from devilcoins.observed.count import solve_count
from devilcoins.observed.levels import MAX_LEVELS, Levels
from devilcoins.results import Evidence, Tree, Verdict, Verification

__all__ = ["NOTEBOOK_N", "solve", "verify"]

#: The largest coin game solved by the notebook's own search (15 coins: about a second).
NOTEBOOK_N = 15

#: How a touch, sight or count game is settled, in words (the method adds the term and the game).
TRIED = "every choice of the player tried against every answer of the Devil"

#: The method of a blind game lost where the chain stalls: plain words first, the term after.
STALLED = (
    "the game kept out of a zone that holds the goal, checked for every state "
    "(the Devil's certificate: the chain stalls)"
)

#: The method of a game with values in a group lost to the Devil's hold-out set.
HELD_OUT = (
    "the game kept in a set of states outside the goal, checked for every state "
    "(the Devil's hold-out set)"
)

#: A move of a strategy: a state number, a text ('FLFL', '0 2', '0120') or a set of positions.
MoveLike: TypeAlias = int | np.integer[Any] | str | set[int] | frozenset[int]

Progress = Callable[[int, int], None] | None


def _observed(game: Game, on_progress: Progress) -> Verdict:
    sol = solve_count(game) if game.observe == "count" else solve_tree(game, progress=on_progress)
    what = "every reachable belief" if game.observe != "sight" else "every class of states"
    settled = f"least worst case {sol.length:,} moves" if sol.winnable else "the Devil holds out"
    statement = f"Values settled from the goal outwards over {what} ({sol.explored:,}): {settled}."
    if isinstance(sol.search, Levels) and sol.length:
        statement = (
            f"Searched depth first over what the player can know (cylinder nodes), halving the "
            f"moves allowed from {MAX_LEVELS - 1}: the start is won within {sol.length:,} moves "
            f"and not within {sol.length - 1:,} ({sol.explored:,} beliefs settled)."
        )
    evidence = Evidence(
        name="value iteration" if not isinstance(sol.search, Levels) else "level search",
        statement=statement,
        checked=True,
        holds=True,
        detail={"explored": sol.explored},
    )
    return Verdict(
        game=game,
        winnable=sol.winnable,
        length=sol.length,
        method=f"{TRIED} (AND-OR value iteration, {game.observe})",
        how="tree",
        seconds=sol.seconds,
        explored=sol.explored,
        evidence=(evidence,),
        tree=sol,
    )


def solve(game: Game | int, *, on_progress: Progress = None) -> Verdict:
    """Settle a game with evidence (see the module doc for the method each game gets); an int
    n is the coin game of n coins.

    >>> v = solve(Game(9, values=3))
    >>> v.winnable, v.length, v.method
    (True, 19682, 'chain construction')
    >>> v = solve(Game.parse('n=6 goal=same'))
    >>> v.how, v.method == STALLED, v.method.startswith('the game kept out of a zone')
    ('certificate', True, True)
    >>> solve(4).length
    15
    """
    game = Game.of(game)
    if game.observe != "blind":
        return _observed(game, on_progress)
    if game.value_group is not None:
        return _in_group(game, on_progress)
    if game.devil_moves is not None:  # a set of turns, not a group: beliefs of states
        return search_devil_moves(game, on_progress=on_progress)
    t0 = Stopwatch()
    c = chain(game)
    evidence: tuple[Evidence, ...] = (chain_evidence(c),)
    if c.complete and c.goal_is_subgroup:
        evidence += (lower_bound_evidence(c),)
    if game.is_coins and game.n <= NOTEBOOK_N:
        return _notebook(game, evidence, on_progress)
    if not c.complete:
        certificate = certificate_evidence(game, c.zone)
        if not certificate.holds:  # proves nothing: let the search decide
            return search_game(game, evidence=(*evidence, certificate), on_progress=on_progress)
        return Verdict.lost(
            game,
            STALLED,
            (*evidence, certificate),
            t0.seconds(),
        )
    # the construction meets the lower bound, so it is shortest whenever its moves are allowed
    if c.goal_is_subgroup and _allowed(game, c):
        return _constructed(game, chain_strategy(game), "chain construction", t0, evidence)
    return search_game(game, evidence=evidence, on_progress=on_progress)


def _allowed(game: Game, c: Chain) -> bool:
    return all(game.allowed(int(a)) for a, _ in c.steps)


def _notebook(game: Game, evidence: tuple[Evidence, ...], on_progress: Progress) -> Verdict:
    """The coin game by the notebook's own search: its strategies exactly."""
    found = search_beliefs(
        tables(game, "text"),
        notebook_moves(game.n),
        on_progress=None if on_progress is None else lambda p: on_progress(p.depth, p.explored),
    )
    return searched_verdict(game, found, pruned=False, evidence=evidence)


def _in_group(game: Game, on_progress: Progress) -> Verdict:
    """A blind game with values in a group: the chain, the hold-out set, or the search."""
    t0 = Stopwatch()
    c = group_chain(game)
    sizes = ", ".join(f"{s:,}" for s in c.sizes)
    chain_text = Evidence(
        name="the chain for values in a group",
        statement=(
            "The chain builds levels up from the goal, each made of a prime number of copies of "
            "the one below that the Devil's turns never move a state between (docs/mathematics.md "
            "§7.5: steps of prime index, each normal in the next, on which the turns act "
            f"trivially): sizes {sizes}"
            + (", every state." if c.complete else "; it stops short, which proves nothing here.")
        ),
        checked=False,
        detail={"sizes": list(c.sizes), "complete": c.complete},
    )
    if c.complete and c.goal_is_subgroup and all(game.allowed(a) for a, _ in c.steps):
        bound = Evidence(
            name="lower bound",
            statement=(
                f"Nothing shorter than {c.length():,} moves wins: if the Devil never turns, each "
                f"of the {c.length() + 1:,} families of starts needs a running product of the "
                "moves (the moves so far, combined in order) of its own, and L moves have only "
                "L + 1 running products, the empty one included (docs/mathematics.md §7.5: the "
                "families are the right cosets of the goal)."
            ),
            checked=False,
            detail={"lower_bound": c.length()},
        )
        moves = group_chain_strategy(c)
        return _constructed(
            game, moves, "chain construction (values in a group)", t0, (chain_text, bound)
        )
    zone = hold_out(game)
    if zone is not None and zone.any():
        held = hold_out_evidence(game, zone)
        if held.holds:
            return Verdict.lost(game, HELD_OUT, (chain_text, held), t0.seconds())
        return search_game(game, evidence=(chain_text, held), on_progress=on_progress)
    return search_game(game, evidence=(chain_text,), on_progress=on_progress)


def _constructed(
    game: Game, moves: Iterable[Any], method: str, t0: Stopwatch, evidence: tuple[Evidence, ...]
) -> Verdict:
    """A winnable verdict whose strategy is the given moves (a construction)."""
    strategy = tuple(int(a) for a in moves)
    return Verdict(
        game=game,
        winnable=True,
        length=len(strategy),
        method=method,
        how="construction",
        seconds=t0.seconds(),
        strategy=strategy,
        evidence=evidence,
    )


def _move_states(game: Game, strategy: Iterable[MoveLike]) -> np.ndarray:
    """Moves as states: numbers pass through, texts are read ('FLFL', '0 2', '0120'), and sets
    of positions (the coin ``Move``) change those positions by one."""
    out = []
    for move in strategy:
        if isinstance(move, str):
            out.append(game.parse_move(move))
        elif isinstance(move, set | frozenset):
            out.append(game.encode([1 if i in move else 0 for i in range(game.n)]))
        else:
            out.append(int(move))
    return np.array(out, dtype=np.int64)


def verify(
    game: Game | int,
    strategy: Iterable[MoveLike] | Tree | dict[str, Any],
    *,
    on_progress: Progress = None,
) -> Verification:
    """Exact verification of a strategy for a game: wins, won_at, a counterexample.

    A blind game's strategy is a sequence of moves; an observed game's is a tree (a solved
    ``Tree``, or its JSON as ``solve --json`` prints it), replayed against every start and turn.

    >>> from devilcoins import Strategy
    >>> verify(Game(2), Strategy([{0, 1}, {0}])).counterexample.to_json()
    {'start': 'TH', 'turns': [0, 0]}
    """
    game = Game.of(game)
    if game.observe != "blind":
        if isinstance(strategy, dict):
            return verify_tree(game, strategy)
        if hasattr(strategy, "strategy_json"):
            return verify_tree(game, strategy.strategy_json())
        raise InvalidInput(f"a {game.observe} strategy is a tree (see solve --json), not moves")
    if isinstance(strategy, dict) or hasattr(strategy, "strategy_json"):
        raise InvalidInput("a blind strategy is a sequence of moves, not a tree")
    moves: Iterable[MoveLike] = strategy
    return verify_moves(game, _move_states(game, moves), on_progress=on_progress)
