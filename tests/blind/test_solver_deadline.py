"""Every solver stops within half a second of --time-limit: HiGHS is given the command's time
left as its own limit (and a little more), and an interrupted HiGHS is waited for a quarter of a
second at most before the interrupt goes on."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from devilcoins.blind import highs
from devilcoins.core.resources import seconds_left, until

pytest.importorskip("highspy")


def _time_limit_given(monkeypatch) -> float:
    """The time_limit HiGHS is given for a small covering problem (the solver not run)."""
    seen: list[float] = []

    def run(h, bounds, found):
        seen.append(h.getOptionValue("time_limit")[1])

    monkeypatch.setattr(highs, "_run", run)
    highs.min_cover(np.array([[0, 1], [1, 2], [2, 0]]), 3, 0)
    return seen[0]


def test_highs_is_given_the_commands_time_left(monkeypatch):
    with until(time.monotonic() + 30):
        given = _time_limit_given(monkeypatch)
        assert 0 < given <= 30 + highs.STOP_WAIT
    assert math.isinf(_time_limit_given(monkeypatch))  # no time limit: none of its own


def test_the_wait_for_an_interrupted_solver_keeps_the_stop_within_half_a_second():
    from devilcoins.cli.limits import TICK

    assert TICK / 2 + highs.STOP_WAIT < 0.5


def test_seconds_left_counts_down_and_never_below_zero():
    assert seconds_left() is None
    with until(time.monotonic() - 5):
        assert seconds_left() == 0.0
    with until(None):
        assert seconds_left() is None
