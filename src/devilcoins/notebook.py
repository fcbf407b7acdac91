"""The notebook's own names, with the notebook's meaning, over this library's engine.

>>> from devilcoins.notebook import all_coins, coin_search, update
>>> coin_search(2)
Strategy([{0, 1}, {0}, {0, 1}])
>>> sorted(update(all_coins(2), {0, 1}))
['HH', 'HT']

``all_coins``, ``all_moves``, ``rotations``, ``flip``, ``update``, ``search``, ``coin_search``,
``play``, ``probably_wins`` and ``show`` behave as the notebook's final definitions do: coin
sequences are canonical (the alphabetically first rotation), all heads is left alone, and moves
come in the notebook's order.  ``update`` and ``coin_search`` run on the compiled kernel.
``Coins``, ``Belief``, ``Move`` and ``Strategy`` are the notebook's data structures (also at the
top of ``devilcoins``).  The library's own names for the same concepts are ``devilcoins.solve``
(the notebook's search is ``solve(n, 'notebook')``) and ``devilcoins.verify``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from devilcoins.coins.notation import Belief, Coins, Move, Strategy, canonical_coins, check_n
from devilcoins.coins.search import belief_search, notebook_moves, search
from devilcoins.coins.show import belief_table, trace_line
from devilcoins.coins.simulate import step
from devilcoins.core.game import Game
from devilcoins.core.numbers import rotate_mask
from devilcoins.core.tables import class_table, table
from devilcoins.playing import play as play_moves
from devilcoins.playing import update as update_belief

__all__ = [
    "Belief",
    "Coins",
    "Move",
    "Strategy",
    "all_coins",
    "all_moves",
    "coin_search",
    "flip",
    "play",
    "probably_wins",
    "rotations",
    "search",
    "show",
    "update",
]


def all_coins(N: int = 4) -> Belief:
    """Every coin sequence of N coins, in canonical form.

    >>> sorted(all_coins(4))
    ['HHHH', 'HHHT', 'HHTT', 'HTHT', 'HTTT', 'TTTT']
    """
    return Belief(canonical_coins(check_n(N)))


def all_moves(N: int = 4) -> list[Move]:
    """The canonical moves in the notebook's order: the heads of each canonical sequence, sorted.

    >>> all_moves(3)
    [Move({0, 1, 2}), Move({0, 1}), Move({0}), Move({})]
    """
    return [Move.from_mask(int(m)) for m in notebook_moves(check_n(N))]


def rotations(coins: str) -> set[Coins]:
    """All rotations of a coin sequence.

    >>> sorted(rotations('HHHT'))
    ['HHHT', 'HHTH', 'HTHH', 'THHH']
    """
    return Coins(coins).rotations()


def flip(coins: str, move: Iterable[int]) -> Coins:
    """Flip the positions of move and return the canonical result; all heads is left alone.

    >>> flip('HHHT', {0, 2}), flip('HHHH', {0})
    ('HTTT', 'HHHH')
    """
    coins = Coins(coins)
    if coins.all_heads:
        return coins
    return coins.flipped(Move(move)).canonical()


def update(belief: Iterable[str], move: Iterable[int]) -> Belief:
    """Every sequence the Devil's turn and then move can make from belief (canonical forms).

    >>> sorted(update({'TTTTTTT'}, {3}))
    ['HTTTTTT']
    """
    members = [Coins(c) for c in belief]
    if not members:
        return Belief()
    n = members[0].n
    game, move = Game(n), Move(move).check(n)
    tab = class_table(game)
    after = update_belief(game, {tab.index(c.tails_mask) for c in members}, move.mask)
    return Belief(Coins.from_mask(int(tab.reps[k]), n).canonical() for k in after)


def coin_search(N: int = 4) -> Strategy | None:
    """A shortest winning strategy for N coins (the notebook's first one), or None.

    >>> coin_search(2)
    Strategy([{0, 1}, {0}, {0, 1}])
    """
    moves = belief_search(N).strategy
    return None if moves is None else Strategy.from_masks(moves)


def _generator(rng: np.random.Generator | int | None) -> np.random.Generator:
    return rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)


def play(
    strategy: Iterable[Iterable[int]],
    coins: str,
    verbose: bool = False,
    *,
    rng: np.random.Generator | int | None = None,
    devil: Callable[[int, Coins], int] | None = None,
    out: Callable[[str], None] = print,
    canonical: bool = True,
) -> Coins:
    """Play strategy once from coins against a Devil; return the final coins.

    The Devil turns the table by r (coins[r:] + coins[:r]) before each move: ``devil(i, coins)``
    gives r for move i, or it is drawn at random from rng (a numpy Generator or a seed).
    ``verbose`` prints the notebook's trace.  As in the notebook, the coins after each flip are put
    in canonical form; with canonical=False they stay as they lie on the table, which is what
    a scripted Devil's turns (a ``Counterexample``) refer to.  The game itself is the one play
    loop (``devilcoins.playing.play``).

    >>> play([{0, 1}, {0}, {0, 1}], 'HT', rng=1)
    'HH'
    >>> play([{0, 1}, {0}], 'TH', devil=lambda i, coins: 0, canonical=False)
    'TT'
    """
    start = Coins(coins)
    n = start.n
    rng = _generator(rng)
    moves = [move.check(n).mask for move in Strategy(strategy)]

    def shown(x: int) -> Coins:
        seen = Coins.from_mask(x, n)
        return seen.canonical() if canonical else seen

    def lying(i: int, x: int) -> Coins:
        """The coins before move i: as given at the start, then as the notebook keeps them."""
        return shown(x) if i > 1 else Coins.from_mask(x, n)

    def turner(i: int, x: int, move: int) -> int:
        coins = lying(i, x)
        r = devil(i, coins) if devil is not None else int(rng.integers(n))
        return rotate_mask(coins.tails_mask, r, n)

    steps = play_moves(Game(n), moves, start.tails_mask, turner)
    if verbose:
        for s in steps:
            out(
                trace_line(
                    s.number,
                    lying(s.number, s.before),
                    Coins.from_mask(s.turned, n),
                    Move.from_mask(s.move),
                    shown(s.after),
                )
            )
    return shown(steps[-1].after) if steps else start


def probably_wins(
    strategy: Iterable[Iterable[int]],
    N: int = 4,
    k: int = 1000,
    *,
    rng: np.random.Generator | int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> bool:
    """Play k games from every canonical start against a random Devil; False means it fails.

    All the games run side by side, one array step a move; on_progress(done, total) follows
    the moves.

    >>> probably_wins([{0, 1}, {0}, {0, 1}], 2, k=10)
    True
    """
    tab = table(check_n(N))
    check_n(k, what="k")
    rng = _generator(rng)
    strategy = Strategy(strategy)
    states = np.repeat(tab.reps, k)
    for i, move in enumerate(strategy, 1):
        live = np.flatnonzero(states)
        if not len(live):
            break
        turns = rng.integers(N, size=len(live))
        _, states[live] = step(tab, states[live], turns, move.check(N).mask)
        if on_progress is not None:
            on_progress(i, len(strategy))
    return not states.any()


def show(moves: Iterable[Iterable[int]], N: int = 4) -> None:
    """Print the notebook's table: each move and the belief after it."""
    print(belief_table(Strategy(moves), N))
