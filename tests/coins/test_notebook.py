"""The seeds' notebook functions (flip, all_moves, update, probably_wins) against the reference."""

from __future__ import annotations

from devilcoins import Strategy, belief_search


def test_probably_wins_rejects_a_strategy_that_cannot_win():
    """With no moves at all (or too few), some random game must be lost: the answer is False."""
    from devilcoins import probably_wins

    progress: list[int] = []
    assert not probably_wins(
        Strategy([{0, 1}]), 2, k=3, rng=0, on_progress=lambda done, _t: progress.append(done)
    )
    assert progress == [1]
    assert probably_wins(belief_search(4).strategy, 4, k=20, rng=0)
