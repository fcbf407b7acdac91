"""Text pictures in the notebook's formats: the belief table and the trace of a game."""

from __future__ import annotations

from collections.abc import Container, Iterable

from devilcoins.coins.notation import Coins, Move, Strategy, canonical_coins
from devilcoins.coins.verification import belief_rows
from devilcoins.core.game import Game
from devilcoins.results.beliefs import BeliefTable

__all__ = ["belief_table", "beliefstr", "movestr", "trace_line"]


def movestr(move: Move, n: int) -> str:
    """The flipped positions laid out in place, blanks elsewhere (the notebook's Flips column).

    >>> movestr(Move({0, 2}), 4)
    '0 2 '
    """
    return "".join(str(i) if i in move else " " for i in range(n))


def beliefstr(belief: Container[str], order: Iterable[str]) -> str:
    """Each sequence of order shown if it is in belief, blanked out if not.

    >>> beliefstr({'HH', 'TT'}, ['HH', 'HT', 'TT'])
    'HH    TT'
    """
    return " ".join(c if c in belief else " " * len(c) for c in order)


def belief_table(strategy: Strategy, n: int) -> str:
    """The notebook's ``show`` table: the belief before the first move and after each move.

    Three moves that lose on 3 coins: the belief never comes down to HHH alone.

    >>> print(belief_table(Strategy([{0, 1, 2}, {0}, {0, 1, 2}]), 3))
    Move| Flips    | Belief State
    ----+----------+-------------
      0 |          | HHH HHT HTT TTT
      1 | 012      | HHH HHT HTT
      2 | 0        | HHH HHT HTT TTT
      3 | 012      | HHH HHT HTT
    """
    order = tuple(str(c) for c in canonical_coins(n))
    rows = tuple(tuple(r) for r in belief_rows(strategy, n))
    return BeliefTable(Game(n), tuple(strategy.masks()), order, rows).to_text()


def trace_line(i: int, before: Coins, turned: Coins, move: Move, after: Coins) -> str:
    """One line of the notebook's verbose play trace.

    >>> trace_line(1, Coins('HHTH'), Coins('THHH'), Move({0, 1, 2, 3}), Coins('HTTT'))
    '   1: HHTH | rot: THHH | flip: 0123 HTTT'
    """
    return f"{i:4d}: {before} | rot: {turned} | flip: {movestr(move, len(before))} {after}"
