"""The optimal next move for a player, from what they have seen: the library's strategy, followed.

One function for every game the page plays move by move: a blind game follows its solved
sequence while the player has kept to it; a sight game reads the move for the class the player
sees; a count game reads the move for the belief the counts heard leave (``devil.heard``).

>>> from devilcoins.core.game import Game
>>> g = Game(2)
>>> [g.move_text(next_move(g, moves, 0, [])) for moves in ([], [3], [3, 1])]
['FF', 'FL', 'FF']
>>> s = Game.parse('n=2 observe=sight')
>>> s.move_text(next_move(s, [], s.parse_state('HT'), []))
'FL'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from devilcoins.core.game import Game
from devilcoins.core.resources import CACHED_GAMES
from devilcoins.core.tables import tables
from devilcoins.devil import count_solution, sight_solution
from devilcoins.engine import solve

__all__ = ["next_move"]


def next_move(game: Game, moves: Sequence[int], state: int, belief: Iterable[int]) -> int | None:
    """The optimal next move for a player who has played moves (blind), sees state (sight) or
    knows the classes belief (count, the goal's left out); None where the library has none: the
    Devil holds out, or a blind player has left the solved sequence."""
    if game.observe == "sight":
        t = tables(game)
        rep = int(t.reps[int(t.index_of[state])])
        found = sight_solution(game).policy.get(rep)
        return None if found is None else int(found[0])
    if game.observe == "count":
        bits = sum(1 << int(k) for k in belief)
        found = count_solution(game).policy.get(bits)
        return None if found is None else int(found[0])
    if game.observe != "blind":
        return None
    strategy = _strategy(game)
    if strategy is None or len(moves) >= len(strategy):
        return None
    if any(int(a) != int(b) for a, b in zip(moves, strategy, strict=False)):
        return None
    return int(strategy[len(moves)])


@lru_cache(maxsize=CACHED_GAMES)
def _strategy(game: Game) -> tuple[int, ...] | None:
    """A blind game's solved sequence, solved once (a live game asks after every move)."""
    found = solve(game).strategy
    return None if found is None else tuple(int(a) for a in found)
