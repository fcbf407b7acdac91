"""Blind games settled by route: the chain's construction, the Devil's certificate, or a search.

A route is named by ``method`` (``families`` checks the name once); None picks the route the
game's shape asks for (docs/mathematics.md §6-§7):

- ``notebook`` (the coin game, n <= ``NOTEBOOK_N``): the notebook's own belief search, every
  belief and its moves in its order, so the strategies are exactly the notebook's;
- ``chain``: the chain construction, shortest by the lower bound |M / H| - 1 whenever the
  chain reaches every state, the goal is a subgroup and its moves are allowed;
- ``certificate``: when the chain stalls, the states outside its last level are a trap the
  Devil keeps the game in, checked for every state;
- ``search``: breadth-first search over beliefs that drops any belief containing one already
  reached.

Values in a group other than Z_m (``Game.value_group``, §7.5) have their own chain and trap
(``solve_in_group``).  A certificate is used only when its check (run over every state) holds;
picked by the game's shape, a failed one leaves the search to decide, and the verdict carries
the failed check (``Verdict.holds`` is then False).

>>> solve_blind(Game.parse('n=4 goal=same')).method
'chain construction'
>>> solve_blind(Game.parse('n=4 goal=same'), 'search').method
'belief search (shortest, with dominance pruning)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from devilcoins.blind.chain import (
    Chain,
    certificate_evidence,
    chain,
    chain_evidence,
    chain_strategy,
    goal_mask,
    lower_bound_evidence,
)
from devilcoins.blind.groups import GroupChain, coset_walk, group_chain, group_chain_strategy
from devilcoins.blind.search import notebook_moves, search_beliefs, search_game, searched_verdict
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import NotSupported
from devilcoins.core.game import Game
from devilcoins.core.tables import class_table
from devilcoins.results import Evidence, EvidenceKind, How, Verdict
from devilcoins.results.words import counted
from devilcoins.traps import largest_trap, largest_trap_evidence

__all__ = ["LARGEST_TRAP", "NOTEBOOK_N", "STALLED", "blind_route", "solve_blind", "solve_in_group"]

#: The largest coin game solved by the notebook's own search (15 coins: about a second).
NOTEBOOK_N = 15

#: The method of a blind game lost where the chain stalls: plain words first, the term after.
STALLED = "kept in a trap outside the goal, checked for every state (the chain stalls)"

#: The method of a game with values in a group lost to the Devil's largest trap.
LARGEST_TRAP = (
    "kept in a trap outside the goal, checked for every state "
    "(the largest trap, grown from the states outside the goal)"
)

Progress = Callable[[int, int], None] | None


def blind_route(game: Game) -> str:
    """The route solve_blind takes for a game: 'notebook', 'chain', 'certificate' (the chain
    stalls or the game is lost by it) or 'search' (the belief search, whose time is open).

    >>> blind_route(Game(9, values=3)), blind_route(Game.parse('n=8 values=4 hands=4 goal=same'))
    ('chain', 'search')
    """
    return _route(game, chain(game))


def _route(game: Game, c: Chain) -> str:
    """The route a blind game's shape asks for."""
    if game.is_coins and game.n <= NOTEBOOK_N:
        return "notebook"
    if not c.complete:
        return "certificate"
    return "chain" if c.goal_is_subgroup and _allowed(game, c) else "search"


def solve_blind(game: Game, method: str | None = None, on_progress: Progress = None) -> Verdict:
    """A blind game (values adding mod m, a Devil with a whole group) settled by method, or by
    the route its shape asks for.

    >>> v = solve_blind(Game(9, values=3))
    >>> v.winnable, v.length, v.method
    (True, 19682, 'chain construction')
    """
    t0 = Stopwatch()
    c = chain(game)
    evidence: tuple[Evidence, ...] = (chain_evidence(c),)
    if c.complete and c.goal_is_subgroup:
        evidence += (lower_bound_evidence(c),)
    route = method or _route(game, c)
    if route == "notebook":
        return _notebook(game, evidence, on_progress)
    if route == "search":
        return search_game(game, evidence=evidence, on_progress=on_progress)
    if route == "certificate":
        return _certified(game, c, evidence, t0, fallback=method is None, progress=on_progress)
    if not (c.complete and c.goal_is_subgroup and _allowed(game, c)):
        raise NotSupported(f"{game}: the chain gives no strategy here; use method 'search'")
    return _constructed(game, chain_strategy(game), "chain construction", t0, evidence)


def _certified(
    game: Game,
    c: Chain,
    evidence: tuple[Evidence, ...],
    t0: Stopwatch,
    *,
    fallback: bool,
    progress: Progress,
) -> Verdict:
    """The stalled chain's trap, checked; if its check fails, the search decides (fallback)."""
    if c.complete:
        raise NotSupported(f"{game}: the chain reaches every state, so there is no trap to check")
    certificate = certificate_evidence(game, c.top)
    if not certificate.holds and fallback:  # proves nothing: let the search decide
        return search_game(game, evidence=(*evidence, certificate), on_progress=progress)
    return Verdict.lost(game, STALLED, (*evidence, certificate), t0.seconds())


def _allowed(game: Game, c: Chain) -> bool:
    return all(game.allowed(int(a)) for a, _ in c.steps)


def _notebook(game: Game, evidence: tuple[Evidence, ...], on_progress: Progress) -> Verdict:
    """The coin game by the notebook's own search: its strategies exactly."""
    if not game.is_coins:
        raise NotSupported(f"{game}: the notebook's search is for the coin game")
    found = search_beliefs(
        class_table(game, "text"),
        notebook_moves(game.n),
        on_progress=None if on_progress is None else lambda p: on_progress(p.depth, p.explored),
    )
    return searched_verdict(game, found, pruned=False, evidence=evidence)


def _group_chain_evidence(c: GroupChain) -> Evidence:
    """The chain for values in a group, stated: its sizes and whether it reaches every state."""
    sizes = ", ".join(f"{s:,}" for s in c.sizes)
    return Evidence(
        name="the chain for values in a group",
        kind=EvidenceKind.CONSTRUCTION,
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


def _group_bound(c: GroupChain) -> Evidence:
    """Why nothing shorter than the chain for values in a group wins."""
    return _products_bound(c.length())


def _products_bound(length: int) -> Evidence:
    """Why nothing shorter than length moves wins, for values in a group (the count)."""
    return Evidence(
        name="lower bound",
        kind=EvidenceKind.LOWER_BOUND,
        statement=(
            f"Nothing shorter than {counted(length, 'move')} wins: if the Devil never turns, each "
            f"of the {length + 1:,} families of starts needs a running product of the "
            "moves (the moves so far, combined in order) of its own, and L moves have only "
            "L + 1 running products, the empty one included (docs/mathematics.md §7.5: the "
            "families are the right cosets of the goal)."
        ),
        checked=False,
        detail={"lower_bound": length},
    )


def _walk_evidence(game: Game) -> tuple[Evidence, Evidence]:
    """The coset walk's recipe and its bound, stated."""
    length = game.states // int(goal_mask(class_table(game)).sum()) - 1
    walk = Evidence(
        name="the coset walk",
        kind=EvidenceKind.CONSTRUCTION,
        statement=(
            "The table never turns, so a start x is won at the first running product P of the "
            "moves with x * P in the goal H, that is with P in the coset x^-1 H. The moves "
            f"walk through the {length + 1:,} cosets of H, one running product in each (the "
            "move from r to the next coset's r' is r^-1 r'): every start meets its coset on the "
            "way (docs/mathematics.md §7.5)."
        ),
        checked=False,
    )
    return walk, _products_bound(length)


def _group_route(game: Game, c: GroupChain) -> str:
    if c.complete and c.goal_is_subgroup and all(game.allowed(a) for a, _ in c.steps):
        return "chain"
    return "certificate"


def solve_in_group(game: Game, method: str | None = None, on_progress: Progress = None) -> Verdict:
    """A blind game with values in a group: the chain, the Devil's trap, or the search.

    >>> solve_in_group(Game.parse('n=3 values=S3')).winnable
    False
    """
    t0 = Stopwatch()
    walk = coset_walk(game) if method in (None, "chain") else None
    if walk is not None:
        return _constructed(game, walk, "coset walk (a still table)", t0, _walk_evidence(game))
    c = group_chain(game)
    chain_text = _group_chain_evidence(c)
    route = method or _group_route(game, c)
    if route == "chain":
        if _group_route(game, c) != "chain":
            raise NotSupported(f"{game}: the chain gives no strategy here; use method 'search'")
        moves = group_chain_strategy(c)
        return _constructed(
            game, moves, "chain construction (values in a group)", t0, (chain_text, _group_bound(c))
        )
    trap = largest_trap(game) if route == "certificate" else None
    if trap is not None and trap.any():
        held = largest_trap_evidence(game, trap)
        if held.holds or method == "certificate":
            return Verdict.lost(game, LARGEST_TRAP, (chain_text, held), t0.seconds())
        return search_game(game, evidence=(chain_text, held), on_progress=on_progress)
    if method == "certificate":
        raise NotSupported(f"{game}: the Devil has no trap here; use method 'search'")
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
        how=How.CONSTRUCTION,
        seconds=t0.seconds(),
        strategy=strategy,
        evidence=evidence,
    )
