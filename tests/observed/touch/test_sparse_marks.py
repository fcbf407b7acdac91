"""The level search with its marks kept as found (sparse) answers as with a byte for every
subset (dense): the same values, certificates the checker accepts, checkpoints that resume; and
the sparse marks answer every question as a naive list of answers does."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from helpers import touch_game
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import brute_touch

from devilcoins import Game, certificate, check_certificate, solve
from devilcoins.observed.touch import levels as levels_module
from devilcoins.observed.touch.levels import Levels
from devilcoins.observed.touch.marks import DenseMarks, SparseMarks, as_int
from devilcoins.observed.touch.space import Space

GAMES = [touch_game(4, 2), touch_game(6, 4), touch_game(6, 5), touch_game(4, 3, values=3)]


@pytest.fixture
def sparse(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level search keeps its marks sparse (no table over every subset fits)."""
    monkeypatch.setattr(levels_module, "MAX_OFF", 0)


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_sparse_levels_give_the_naive_value(sparse: None, game: Game) -> None:
    search = Levels(Space.of(game))
    assert isinstance(search.marks, SparseMarks)
    assert search.solve() == brute_touch(game, cap=12)


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_sparse_certificates_hold(sparse: None, game: Game) -> None:
    """The strategy and the Devil's witness read off sparse marks are checked like any."""
    verdict = solve(game, method="levels")
    cert = certificate(verdict)
    checked = check_certificate(game, cert)
    assert checked.holds, checked.lines()
    assert checked.value == brute_touch(game, cap=12)


def test_a_sparse_checkpoint_resumes(sparse: None, tmp_path: Path) -> None:
    """A run keeps its sparse marks; the next run reads them and asks almost nothing."""
    game = touch_game(6, 4)
    path = tmp_path / "six.npz"
    first = solve(game, method="levels", checkpoint=path)
    assert path.exists()
    from devilcoins.observed.touch.checkpoint import keeping_marks

    with keeping_marks(path):  # what the file holds, read as a run would
        again = Levels(Space.of(game))
    assert isinstance(again.marks, SparseMarks) and again.resumed > 0
    assert again.solve() == first.length and again.asked == 0


def test_a_dense_checkpoint_is_not_read_as_sparse(sparse: None, tmp_path: Path) -> None:
    from devilcoins.core.errors import InvalidInput
    from devilcoins.observed.touch.checkpoint import keeping_marks, write_marks

    game = touch_game(6, 4)
    path = tmp_path / "dense.npz"
    dense = DenseMarks(len(Space.of(game).reaches), Space.of(game).off_count)
    write_marks(path, game, (dense.arrays(), {}, {}))
    with keeping_marks(path), pytest.raises(InvalidInput, match="not this game's sparse"):
        Levels(Space.of(game))


#: A question or a mark on one reach: ("pass"/"fail", set, level).
ACTS = st.lists(
    st.tuples(st.sampled_from(["pass", "fail"]), st.integers(1, (1 << 70) - 1), st.integers(0, 9)),
    max_size=60,
)


@settings(max_examples=80, deadline=None)
@given(acts=ACTS, asks=st.lists(st.tuples(st.integers(0, (1 << 70) - 1), st.integers(0, 9))))
def test_sparse_marks_answer_as_a_naive_list(acts, asks) -> None:
    """Marks of 70 patterns (two words), kept with room for few and grown: every question is
    answered as by the list of every mark made (a pass covers its subsets at its level and
    above, a failure its supersets at its level and below)."""
    marks = SparseMarks(reaches=2, off_count=70, room=1)
    made: list[tuple[str, int, int]] = []
    for kind, x, d in acts:
        if kind == "pass" and not any(k == "fail" and y & ~x == 0 and e >= d for k, y, e in made):
            marks.mark_pass(1, x, d)
            made.append((kind, x, d))
        elif kind == "fail" and not any(k == "pass" and x & ~y == 0 and e <= d for k, y, e in made):
            marks.mark_fail(1, x, d)
            made.append((kind, x, d))
    for x, d in asks + [(x, d) for _, x, d in made]:
        passes = any(k == "pass" and x & ~y == 0 and e <= d for k, y, e in made)
        fails = any(k == "fail" and y & ~x == 0 and e >= d for k, y, e in made)
        assert marks.passes(1, x, d) == passes
        assert marks.fails(1, x, d) == fails
        assert not marks.passes(0, x, d) and not marks.fails(0, x, d)
    assert marks.known() <= len(made)
    for side, sign in ((marks.passed, -1), (marks.failed, 1)):  # the order the scans stop by
        sizes = side.sizes[1, : side.counts[1]].astype(int) * sign
        assert list(sizes) == sorted(sizes)
        assert list(side.sizes[1, : side.counts[1]]) == [
            bin(as_int(m)).count("1") for m in side.masks[1, : side.counts[1]]
        ]
    shuffled = {k: v.copy() for k, v in marks.arrays().items()}
    for name in ("pass", "fail"):  # a checkpoint's answers in another order read the same
        count = int(shuffled[f"{name}_counts"][1])
        order = np.random.default_rng(count).permutation(count)
        for part in ("masks", "levels"):
            shuffled[f"{name}_{part}"][1, :count] = shuffled[f"{name}_{part}"][1, :count][order]
    again = marks.blank()
    again.load(shuffled)
    for x, d in asks + [(x, d) for _, x, d in made]:
        assert again.passes(1, x, d) == marks.passes(1, x, d)
        assert again.fails(1, x, d) == marks.fails(1, x, d)


def test_the_status_of_a_belief_agrees_dense_and_sparse() -> None:
    """The one scan a belief needs gives the same status per reach either way."""
    rng = np.random.default_rng(5)
    dense, sparse = DenseMarks(3, 6), SparseMarks(3, 6)
    for _ in range(40):
        r, x, d = int(rng.integers(3)), int(rng.integers(1, 64)), int(rng.integers(0, 6))
        if rng.random() < 0.5 and not dense.fails(r, x, d):
            dense.mark_pass(r, x, d)
            sparse.mark_pass(r, x, d)
        elif not dense.passes(r, x, d):
            dense.mark_fail(r, x, d)
            sparse.mark_fail(r, x, d)
    for _ in range(30):
        out = rng.integers(0, 64, size=(3, 5, 1)).astype(np.uint64)
        d = int(rng.integers(0, 6))
        a, b = np.zeros(3, np.int8), np.zeros(3, np.int8)
        dense.status(out, d, a)
        sparse.status(out, d, b)
        assert (a == b).all()
        keep = rng.random((3, 5)) < 0.6
        assert (dense.short(out, keep, d) == sparse.short(out, keep, d)).all()
