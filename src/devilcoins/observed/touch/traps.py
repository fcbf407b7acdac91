"""The Devil's trap in a touch game: the largest set of classes he can keep the game in.

From every class of the trap, for every reach, the Devil can show a pattern after which every
setting of the positions felt leaves a class of the trap possible; when the trap is not empty
he holds out from the start (which holds every class), and the trap is his certificate
(``traps.check_trap`` checks it again with nothing of this module).
"""

from __future__ import annotations

import numpy as np

from devilcoins.core.beliefs import Ints
from devilcoins.core.hotloop import hot_loop
from devilcoins.observed.sizes import for_small_games
from devilcoins.observed.touch.rows import I32, Bools
from devilcoins.observed.touch.space import Space

__all__ = ["largest_trap"]


@hot_loop
def _trap_round(
    z: Bools, ng: int, start: Ints, states: Ints, felt: I32, off: I32, compose: I32,
    index_of: Ints, felts: int, offs: int,
) -> bool:  # fmt: skip  # pragma: no cover - a hot loop
    """Drop from z each class where some reach lets the player leave z whatever is felt.

    A class stays when, for every reach, some pattern v shown by one of its states is such that
    every choice of values w leaves some state showing v in a class of z.  Only the patterns
    the class shows are tried (each at its first state), not every pattern there is.
    """
    changed = False
    for i in range(z.shape[0]):
        if not z[i]:
            continue
        lo, hi = start[ng + i], start[ng + i + 1]
        for r in range(felt.shape[0]):
            held = False
            for a in range(lo, hi):
                v = felt[r, states[a]]
                first = True
                for b in range(lo, a):
                    if felt[r, states[b]] == v:
                        first = False
                        break
                if not first:
                    continue
                every = True
                for w in range(felts):
                    hit = False
                    for s in range(a, hi):
                        x = states[s]
                        if felt[r, x] != v:
                            continue
                        cl = index_of[compose[r, w * offs + off[r, x]]] - ng
                        if cl >= 0 and z[cl]:
                            hit = True
                            break
                    if not hit:
                        every = False
                        break
                if every:
                    held = True
                    break
            if not held:
                z[i] = False
                changed = True
                break
    return changed


@for_small_games
def largest_trap(space: Space) -> Bools:
    """The largest set of classes from which the Devil keeps a class of the set possible.

    From every class in it, for every reach, the Devil can show a pattern after which every
    choice of values leaves a class of the set possible; when it is not empty the Devil holds
    out from the start (which holds every class).
    """
    t = space.t
    z = np.ones(space.kp, dtype=bool)
    args = (
        t.n_goal,
        t.orbit_start.astype(np.int64),
        t.orbit_states.astype(np.int64),
        space.felt,
        space.off,
        space.compose,
        t.index_of.astype(np.int64),
        space.felt_count,
        space.off_count,
    )
    while _trap_round(z, *args):
        pass
    return z
