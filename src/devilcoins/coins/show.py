"""Text pictures in the notebook's formats: the belief table and the trace of a game."""

from __future__ import annotations

from collections.abc import Container, Iterable

from devilcoins.coins.notation import Coins, Move, Strategy, canonical_coins
from devilcoins.coins.verification import belief_rows

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

    >>> print(belief_table(Strategy([{0, 1}, {0}, {0, 1}]), 2))
    Move| Flips    | Belief State
    ----+----------+-------------
      0 |          | HH HT TT
      1 | 01       | HH HT
      2 | 0        | HH    TT
      3 | 01       | HH
    """
    order = canonical_coins(n)
    rows = belief_rows(strategy, n)
    lines = ["Move| Flips    | Belief State", "----+----------+-------------"]
    for i, (move, members) in enumerate(zip((Move(), *strategy), rows, strict=True)):
        belief = {order[k] for k in members}
        lines.append(f"{i:3} | {movestr(move, n):8} | {beliefstr(belief, order)}".rstrip())
    return "\n".join(lines)


def trace_line(i: int, before: Coins, turned: Coins, move: Move, after: Coins) -> str:
    """One line of the notebook's verbose play trace.

    >>> trace_line(1, Coins('HHTH'), Coins('THHH'), Move({0, 1, 2, 3}), Coins('HTTT'))
    '   1: HHTH | rot: THHH | flip: 0123 HTTT'
    """
    return f"{i:4d}: {before} | rot: {turned} | flip: {movestr(move, len(before))} {after}"
