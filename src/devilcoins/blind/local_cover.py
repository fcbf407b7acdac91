"""Fewer translates by local search: a cover of the states by translates of the goal, made
smaller than the greedy one (an upper bound only; docs/mathematics.md §7.6).

From a cover of k translates (the identity's always among them), drop one and look for k - 1
that still cover: swap a translate out for one that holds an uncovered state, choosing the
pair by weights that grow on the states left uncovered (so the search does not circle), with a
translate just swapped kept in place for a few steps. When the k - 1 cover every state, go on
from there; when the budget of swaps runs out, the last full cover is the answer. The random
choices come from a fixed seed: the same game gives the same cover.

>>> from devilcoins.core.game import Game
>>> c = Cover.of(Game.parse('n=4 group=none goal=HHHH,HHHT,HTHH,HTTT,TTHH,TTTH'))
>>> found = smaller_cover(c, c.greedy())
>>> c.covers(found), 0 in found, len(found) <= len(set(c.greedy()))
(True, True, True)
"""

from __future__ import annotations

import numpy as np

from devilcoins.blind.covering import Cover

__all__ = ["SWAPS", "TOTAL", "smaller_cover"]

#: The swaps tried at each size before the search settles for the last full cover, and in all.
SWAPS = 20_000
TOTAL = 60_000

#: Steps a translate just swapped stays where it is.
TABU = 3


def smaller_cover(
    cover: Cover,
    start: list[int],
    fewest: int = 1,
    *,
    swaps: int = SWAPS,
    total: int = TOTAL,
    seed: int = 1,
) -> list[int]:
    """A cover of the states by translates the moves can reach, no larger than the distinct
    ones of start (which covers them), the identity first; it stops at fewest translates (a
    bound known), after swaps at most at one size, or total in all."""
    rng = np.random.default_rng(seed)
    best = [0, *sorted(set(start) - {0})]
    while len(best) > max(fewest, 1) and total > 0:
        trial = _drop(cover, best, rng)
        found, used = _search(cover, trial, min(swaps, total), rng)
        total -= used
        if found is None:
            break
        best = found
    return best


def _drop(cover: Cover, chosen: list[int], rng: np.random.Generator) -> list[int]:
    """chosen without the translate whose states are most often held by the others."""
    counts = np.bincount(cover.sets[np.array(chosen)].ravel(), minlength=cover.size)
    spare = [int((counts[cover.sets[p]] > 1).sum()) for p in chosen[1:]]
    most = max(spare)
    ties = [p for p, s in zip(chosen[1:], spare, strict=True) if s == most]
    out = ties[int(rng.integers(len(ties)))]
    return [p for p in chosen if p != out]


def _search(
    cover: Cover, chosen: list[int], swaps: int, rng: np.random.Generator
) -> tuple[list[int] | None, int]:
    """Swap translates (never the identity) until chosen covers every state (None when the
    budget runs out first), and the swaps it took."""
    sets = cover.sets
    holders = _holders(cover)
    counts = np.bincount(sets[np.array(chosen)].ravel(), minlength=cover.size)
    weight = np.ones(cover.size, dtype=np.int64)
    inside = np.zeros(cover.size, dtype=bool)
    inside[chosen] = True
    frozen: dict[int, int] = {}
    for step in range(swaps):
        bare = np.flatnonzero(counts == 0)
        if len(bare) == 0:
            return [0, *sorted(int(p) for p in np.flatnonzero(inside) if p != 0)], step
        y = int(bare[int(rng.integers(len(bare)))])
        ins = [int(p) for p in holders[y] if not inside[p] and frozen.get(int(p), -1) < step]
        outs = [p for p in np.flatnonzero(inside) if p != 0 and frozen.get(int(p), -1) < step]
        if not ins or not outs:
            weight[bare] += 1
            continue
        gain = [(weight[sets[p]] * (counts[sets[p]] == 0)).sum() for p in ins]
        loss = [(weight[sets[p]] * (counts[sets[p]] == 1)).sum() for p in outs]
        p_in, p_out = ins[int(np.argmax(gain))], int(outs[int(np.argmin(loss))])
        np.subtract.at(counts, sets[p_out], 1)
        np.add.at(counts, sets[p_in], 1)
        inside[p_out], inside[p_in] = False, True
        frozen[p_in] = frozen[p_out] = step + TABU
        weight[counts == 0] += 1
    return None, swaps


def _holders(cover: Cover) -> list[np.ndarray]:
    """For each state y, the translates that hold it and that the moves can reach."""
    owners = np.argsort(cover.sets, axis=None, kind="stable") // cover.sets.shape[1]
    splits = np.cumsum(np.bincount(cover.sets.ravel(), minlength=cover.size))[:-1]
    reached = cover.reach < cover.size
    return [own[reached[own]] for own in np.split(owners, splits)]
