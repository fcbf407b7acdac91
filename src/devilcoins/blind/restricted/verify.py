"""Exact verification against the restricted Devil: the belief of states propagated through the
strategy, and when it loses, a start and a move of his before each of the player's that never
reach the goal."""

from __future__ import annotations

import numpy as np

from devilcoins.blind.restricted.states import StateSpace, propagate, state_space, states_of
from devilcoins.core.beliefs import Ints, Rows
from devilcoins.core.compiling import Stopwatch
from devilcoins.core.errors import TooLarge
from devilcoins.core.game import Game
from devilcoins.core.kernel import add_states
from devilcoins.core.perm import Perm
from devilcoins.results import Counterexample, Verification

_ONE = np.uint64(1)

__all__ = ["devil_line", "verify_devil_moves"]

#: Kernel steps (a state turned or moved) verification takes on before it refuses.
MAX_VERIFY_STEPS = 10**10


def devil_line(st: StateSpace, moves: Ints, history: Rows) -> tuple[int, tuple[int, ...]]:
    """A start and the index in S of the Devil's move before each move that keep a losing
    strategy out of the goal (history: the beliefs, the last one not empty)."""
    last = states_of(history[-1], st.states)
    y = last[0]
    turns: list[int] = []
    m, neg = st.game.values, st.neg
    for i in range(len(moves), 0, -1):
        a = int(moves[i - 1])
        before = y ^ a if m == 2 else add_states(y, int(neg[a]), *st.add)
        row = history[i - 1]
        for s in range(st.maps.shape[0]):
            x = int(st.inverse[s, before])
            if row[x >> 6] >> np.uint64(x & 63) & _ONE:
                turns.append(s)
                y = x
                break
        else:  # pragma: no cover - every state of a belief came from the belief before
            raise AssertionError("walking back through the beliefs lost the thread")
    return y, tuple(reversed(turns))


def verify_devil_moves(game: Game, moves: Ints) -> Verification:
    """Exact verification of a blind strategy against a Devil restricted to devil_moves.

    sizes are the states still possible (goal states included) before the first move and after
    each move.

    >>> g = Game.parse('n=2 devil_moves=1,0')
    >>> verify_devil_moves(g, np.array([1, 1, 1])).wins
    True
    >>> verify_devil_moves(g, np.array([1, 1])).counterexample.to_json()  # turn 1: the swap
    {'start': 'TH', 'turns': [1, 1]}
    """
    st = state_space(game)
    moves = np.asarray(moves, dtype=np.int64).reshape(-1)
    game.check_moves(moves)
    cost = (len(moves) + 1) * st.states * st.maps.shape[0]
    if cost > MAX_VERIFY_STEPS or (len(moves) + 1) * st.width > 1 << 25:
        raise TooLarge(
            f"verifying {len(moves):,} moves of {game} state by state is too large here "
            f"(up to {cost:.1e} steps); try fewer moves"
        )
    watch = Stopwatch()
    history = propagate(st, moves)
    alive = st.sizes(history)
    won = np.flatnonzero(alive == 0)
    counter = None
    if not len(won):
        start, turns = devil_line(st, moves, history)
        perms = game.devil_moves or ()
        counter = Counterexample(game=game, start=start, turns=tuple(Perm(perms[s]) for s in turns))
    goal = int(st.goal.sum())
    return Verification.of_sizes(
        game,
        len(moves),
        alive + goal,
        won,
        counter,
        watch.seconds(),
        counts="states still possible",
    )
