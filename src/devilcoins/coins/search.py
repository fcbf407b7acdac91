"""Breadth-first search: the notebook's generic ``search`` and its belief-state search.

``belief_search(n)`` is the library's answer for the coin game (``solve(Game(n))``: the one
belief search of ``blind.search`` with the notebook's moves in its order and no pruning), so its
verdict holds exactly the strategy the notebook's queue-based search returns, only sooner
(``Strategy.from_masks`` gives it as coin moves).  When it finds none, it has explored every
belief reachable from the start: that is a proof that no strategy exists.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from devilcoins.blind.search import SearchProgress, notebook_moves
from devilcoins.blind.solve import NOTEBOOK_N, solve_blind
from devilcoins.coins.notation import check_n
from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.core.numbers import canonical_count, is_power_of_two
from devilcoins.core.numbertext import FULL_DIGITS, about_power, approx_log10
from devilcoins.results import Verdict

_State = TypeVar("_State", bound=Hashable)
_Action = TypeVar("_Action")

__all__ = [
    "MAX_SEARCH_N",
    "SearchProgress",
    "belief_search",
    "check_searchable",
    "notebook_moves",
    "search",
]

#: The largest N the exhaustive search takes on (N = 15 runs in about a second).
MAX_SEARCH_N = NOTEBOOK_N


def search(
    start: _State,
    goal: _State,
    actions: Iterable[_Action],
    result: Callable[[_State, _Action], _State],
) -> tuple[_Action, ...] | None:
    """Breadth-first search from start to goal; the shortest tuple of actions, or None.

    Works for any problem with hashable states: ``result(state, action)`` gives the next state.

    >>> search(1, 10, ['+1', '*2'], lambda s, a: s + 1 if a == '+1' else s * 2)
    ('+1', '*2', '+1', '*2')
    """
    actions = list(actions)
    if start == goal:
        return ()
    explored = {start}
    path: tuple[_Action, ...] = ()
    queue = deque([(path, start)])
    while queue:
        path, state = queue.popleft()
        for action in actions:
            nxt = result(state, action)
            if nxt in explored:
                continue
            if nxt == goal:
                return (*path, action)
            explored.add(nxt)
            queue.append(((*path, action), nxt))
    return None


def _duration(log10_seconds: float) -> str:
    """'3.2 seconds', '14 hours', '1,234 years' or 'about 1.02 × 10^283 years', from log10 of
    the seconds (so a cost past any float still reads)."""
    for unit, size in (("years", 3.15e7), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        log_amount = log10_seconds - math.log10(size)
        if log_amount >= 0:
            if log_amount < FULL_DIGITS:
                return f"{10**log_amount:,.0f} {unit}"
            return f"{about_power(log_amount)} {unit}"
    return f"{10**log10_seconds:.1f} seconds"


#: Kernel steps a second on this kind of machine (one canonical lookup and bit set).
_STEPS_PER_SECOND = 5e8


def _log10_canonical(n: int) -> float:
    """log10 of the number of sequences up to rotation: exact up to n = 4096, else 2^n / n (the
    first term of Burnside's count, within a factor 1 + 2^(1 - n/2) of it)."""
    if n <= 4096:
        return approx_log10(canonical_count(n))
    return n * math.log10(2) - math.log10(n)


def search_cost(n: int) -> str:
    """A one-line estimate of what an exhaustive search for n coins would cost (logarithms, so
    any n answers at once).

    >>> search_cost(16)[:42]
    'each belief reached costs 4,116 moves × 2^'
    >>> search_cost(10**18)[:52]
    'each belief reached costs about 10^(3.01 × 10^17) mo'
    """
    log_k = _log10_canonical(n)
    moves = f"{canonical_count(n):,}" if n <= 40 else about_power(log_k)
    log_belief = log_k + n * math.log10(2)
    text = (
        f"each belief reached costs {moves} moves × 2^{n:,} sequences, "
        f"{about_power(log_belief)} kernel steps "
        f"({_duration(log_belief - math.log10(_STEPS_PER_SECOND))} a belief)"
    )
    if is_power_of_two(n):
        levels = f"{(1 << n) - 1:,}" if n <= 40 else f"2^{n:,} - 1"
        whole = log_belief + n * math.log10(2) - math.log10(_STEPS_PER_SECOND)
        text += (
            f", and a winning strategy has at least 2^{n:,} - 1 = {levels} moves, so the search "
            f"must go that deep: more than {_duration(whole)}"
        )
    return text


def check_searchable(n: object) -> int:
    """Return n if the exhaustive search can settle it here, else raise with the reason."""
    n = check_n(n)
    if n > MAX_SEARCH_N:
        if is_power_of_two(n):
            hint = (
                f"N = {n} is a power of 2: Lamping's construction gives a winning strategy of "
                f"2^{n} - 1 moves, and no shorter one exists; see 'devilcoins prove {n}' and "
                f"'devilcoins construct {n}'"
            )
        else:
            hint = (
                f"N = {n} has an odd prime factor, so no strategy exists; see 'devilcoins "
                f"prove {n}' for the Devil's certificate"
            )
        raise TooLarge(
            f"the exhaustive search stops at N = {MAX_SEARCH_N}: for N = {n} "
            f"{search_cost(n)}. {hint}"
        )
    return n


def belief_search(n: int, *, on_progress: Callable[[int, int], None] | None = None) -> Verdict:
    """Find a shortest winning strategy for n coins, or prove there is none.

    The library's answer for the coin game: the one belief search, with the notebook's moves in
    its order and no pruning, so the strategy is exactly the notebook's.  on_progress(depth,
    beliefs) follows the levels.

    >>> from devilcoins.coins.notation import Strategy
    >>> v = belief_search(2)
    >>> Strategy.from_masks(v.strategy), v.explored, v.depth
    (Strategy([{0, 1}, {0}, {0, 1}]), 4, 3)
    """
    n = check_searchable(n)

    return solve_blind(Game(n), "notebook", on_progress)
