"""The compiled pass over a node's settings (observed/touch/settle.py) against the plain loop
it stands for: for each setting in order, the belief's sets on every reach (``devil_options``)
looked up in the marks one by one; the same first belief not failed, the same verdict, with
dense and with sparse marks, on marks a real search left."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import touch_game

from devilcoins.observed.touch import levels as levels_module
from devilcoins.observed.touch.levels import Levels
from devilcoins.observed.touch.marks import Marks
from devilcoins.observed.touch.settle import OPEN, PASSES
from devilcoins.observed.touch.space import Space

GAMES = [touch_game(6, 4), touch_game(8, 4), touch_game(4, 3, values=3)]


def _plain(space: Space, marks: Marks, acc, order, skip, at: int, d: int) -> tuple[int, int]:
    """The first setting from order[at] on whose belief the marks do not fail at d."""
    for j in range(at, len(order)):
        if skip[j]:
            continue
        out, _ = space.devil_options(acc[order[j]])
        status = np.zeros(len(space.reaches), dtype=np.int8)
        marks.status(out, d, status)
        if (status == 1).any():
            return j, PASSES
        if (status == 0).any():
            return j, OPEN
    return len(order), -1


@pytest.mark.parametrize("kind", ["dense", "sparse"])
@pytest.mark.parametrize("game", GAMES, ids=str)
def test_the_pass_settles_as_the_plain_loop(game, kind: str, monkeypatch) -> None:
    if kind == "sparse":  # no table over every subset fits
        monkeypatch.setattr(levels_module, "MAX_OFF", 0)
    space = Space.of(game)
    search = Levels(space)
    assert search.marks.kind == kind
    search.solve()  # marks of every level, as a real search leaves them
    rng = np.random.default_rng(len(space.reaches))
    seen = {PASSES: 0, OPEN: 0, -1: 0}
    for _ in range(150):
        r = int(rng.integers(len(space.reaches)))
        bits = rng.choice(space.off_count, size=int(rng.integers(1, 4)), replace=False)
        x = sum(1 << int(b) for b in bits)  # a few patterns: nodes that pass, fail or are open
        won, acc, keep, _, _ = space.player_options(r, search.words(x))
        if won:
            continue
        order = rng.permutation(np.flatnonzero(keep))
        skip = rng.random(len(order)) < 0.2
        at = int(rng.integers(0, max(1, len(order) // 3)))
        d = int(rng.integers(0, 6))
        got = search.settler.first(search.marks, acc, order, skip, at, d)
        assert got == _plain(space, search.marks, acc, order, skip, at, d)
        seen[got[1]] += 1
    assert all(seen.values())  # each verdict met
