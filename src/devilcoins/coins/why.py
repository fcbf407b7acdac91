"""Why a coin game is won or lost, as data a page can draw (docs/explain.md says it in words).

For N a power of 2, ``strategy_roles`` gives each move of the construction its role in the
recursion (a doubled move of the half-size strategy, or a single move on one half) and the
same/different patterns of opposite coins still possible after it.  For any other N,
``kept_out`` is the set of coin sequences the Devil keeps the coins out of (all heads is one)
and ``devil_answer`` is the Devil's certificate played out: the turn that answers a move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from devilcoins.blind.chain import devil_turn
from devilcoins.coins.construct import construction, is_power_of_two
from devilcoins.coins.explaining import move_kind, pattern_of
from devilcoins.coins.notation import canonical_coins, check_n
from devilcoins.core.errors import InvalidInput, NotSupported
from devilcoins.core.game import Game
from devilcoins.core.perm import Perm
from devilcoins.devil import certificate_devil

__all__ = [
    "MAX_WHY_N",
    "DevilAnswer",
    "MoveRole",
    "StrategyWhy",
    "devil_answer",
    "kept_out",
    "strategy_roles",
]

#: The largest N whose strategy is drawn move by move (255 moves).
MAX_WHY_N = 8


@dataclass(frozen=True)
class MoveRole:
    """Move index (from 1) of the construction: doubled or single, and what is left after it.

    step: R for the R-th move of the half-size strategy doubled, Q for its Q-th move played on
    the first half only; inner: the doubled move's own role in the half-size strategy ('d1',
    's1'; '' when the half is one coin); patterns: the same/different patterns (up to turning)
    of the coin sequences still possible after the move; belief: how many coin sequences (up
    to turning) other than all heads are still possible (0: the strategy has surely won).
    """

    index: int
    kind: str
    step: int
    inner: str
    flips: tuple[int, ...]
    patterns: tuple[str, ...]
    belief: int


@dataclass(frozen=True)
class StrategyWhy:
    """The construction for n coins, move by move, with the patterns at the start."""

    n: int
    start_patterns: tuple[str, ...]
    moves: tuple[MoveRole, ...]


def _patterns(n: int, members: Sequence[int]) -> tuple[str, ...]:
    order = canonical_coins(n)
    return tuple(sorted({pattern_of(order[k].tails_mask, n) for k in members if k != 0}))


@lru_cache(maxsize=8)
def strategy_roles(n: int) -> StrategyWhy:
    """Each move of the winning strategy for n = 2, 4 or 8 coins, with its role in the recursion.

    >>> why = strategy_roles(4)
    >>> [(m.kind, m.step) for m in why.moves[:4]]
    [('doubled', 1), ('doubled', 2), ('doubled', 3), ('single', 1)]
    >>> why.start_patterns, why.moves[2].patterns, why.moves[3].patterns
    (('DD', 'SD', 'SS'), ('DD', 'SD'), ('SD', 'SS'))
    """
    from devilcoins.coins.verification import belief_rows

    n = check_n(n)
    if not is_power_of_two(n) or not 2 <= n <= MAX_WHY_N:
        raise NotSupported(
            f"the strategy is drawn for N = 2, 4 and 8 (powers of 2 up to {MAX_WHY_N}), not {n}; "
            "for other powers of 2 see 'devilcoins explain N'"
        )
    strategy = construction(n)
    rows = belief_rows(strategy, n)
    half = n // 2
    moves = []
    for i, move in enumerate(strategy, start=1):
        role = move_kind(n, i)
        kind, step = ("doubled" if role[0] == "d" else "single"), int(role[1:])
        inner = move_kind(half, step) if kind == "doubled" and half > 1 else ""
        moves.append(
            MoveRole(
                index=i,
                kind=kind,
                step=step,
                inner=inner,
                flips=tuple(sorted(move)),
                patterns=_patterns(n, rows[i]),
                belief=sum(1 for k in rows[i] if k != 0),
            )
        )
    return StrategyWhy(n=n, start_patterns=_patterns(n, rows[0]), moves=tuple(moves))


@dataclass(frozen=True)
class DevilAnswer:
    """The certificate's answer to one move: the turn r, and the coins turned and then flipped.

    plain: the coins the move alone would give (no turn); plain_kept_out: whether that lands in
    the set the Devil keeps the coins out of (then the Devil must turn; otherwise r is 0).
    """

    coins: str
    move: tuple[int, ...]
    r: int
    turned: str
    after: str
    plain: str
    plain_kept_out: bool


def _certificate(n: int) -> tuple[Game, np.ndarray]:
    """The coin game for n and its certificate's trap (a mask over coin sequences)."""
    n = check_n(n)
    game = Game(n)
    found = certificate_devil(game) if not is_power_of_two(n) else None
    if found is None:
        raise NotSupported(
            f"N = {n} is a power of 2: a strategy wins, so the Devil has no certificate"
        )
    return game, found[1]


def kept_out(n: int) -> tuple[str, ...]:
    """The coin sequences the Devil keeps the coins out of for n coins (not a power of 2), in order.

    >>> kept_out(3), kept_out(6)
    (('HHH', 'TTT'), ('HHHHHH', 'HTHTHT', 'THTHTH', 'TTTTTT'))
    """
    game, trap = _certificate(n)
    return tuple(sorted(game.state_text(x) for x, kept in enumerate(trap.tolist()) if not kept))


def devil_answer(n: int, coins: str, move: Sequence[int]) -> DevilAnswer:
    """The Devil's turn (its certificate) against move, keeping the coins out of his set.

    >>> a = devil_answer(3, 'THH', [0])
    >>> a.plain, a.plain_kept_out, a.r, a.after
    ('HHH', True, 1, 'THT')
    """
    game, trap = _certificate(n)
    x = game.parse_state(coins)
    if not trap[x]:
        raise InvalidInput(
            f"{coins.upper()} is one of the sequences the Devil keeps the coins from; start "
            f"from any other ({', '.join(kept_out(n))} are his)"
        )
    bad = [p for p in move if not 0 <= p < n]
    if bad:
        raise InvalidInput(
            f"position {bad[0]} is off the table: with {n} coins they are 0..{n - 1}"
        )
    flips = set(move)
    a = game.encode(1 if i in flips else 0 for i in range(n))
    perm = devil_turn(game, x, a, trap)
    turned = game.turn(x, perm)
    r = next(r for r in range(n) if game.turn(x, Perm.turn(n, r)) == turned)
    plain = game.add(x, a)
    return DevilAnswer(
        coins=game.state_text(x),
        move=tuple(sorted(set(move))),
        r=r,
        turned=game.state_text(turned),
        after=game.state_text(game.add(turned, a)),
        plain=game.state_text(plain),
        plain_kept_out=not bool(trap[plain]),
    )
