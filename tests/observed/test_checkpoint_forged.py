"""A level-search checkpoint with its true header but forged marks (issue 47, item 2): made by
the program, then edited field by field, and given to ``solve 8 --hands 4 --goal same --observe
touch --method levels --checkpoint F.npz``.  Each was an AssertionError, a ValueError, an
OverflowError or a silent wrong reading; each is now refused in one line naming the file and
saying what to do (exit 2, the file left as it was), and the unforged file still resumes."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import assert_usage_error, run

from devilcoins.core.errors import InvalidInput
from devilcoins.core.game import Game
from devilcoins.observed.touch import levels as levels_module
from devilcoins.observed.touch.checkpoint import keeping_marks
from devilcoins.observed.touch.levels import Levels
from devilcoins.observed.touch.space import Space

EIGHT = Game.parse("n=8 hands=4 goal=same observe=touch")
ARGV = ("solve", "8", "--hands", "4", "--goal", "same", "--observe", "touch", "--method", "levels")

#: An edit of a checkpoint's arrays, in place.
Forgery = Callable[[dict[str, np.ndarray]], None]


def _made(path: Path) -> Path:
    """The checkpoint the level search of 8 glasses with 4 hands (9 moves) writes at its end."""
    with keeping_marks(path):
        assert Levels(Space.of(EIGHT)).solve() == 9
    return path


@pytest.fixture(scope="module")
def dense(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished checkpoint with dense marks (a byte for every subset)."""
    return _made(tmp_path_factory.mktemp("dense") / "F.npz")


@pytest.fixture
def sparse_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level search keeps its marks sparse (no table over every subset fits)."""
    monkeypatch.setattr(levels_module, "MAX_OFF", 0)


@pytest.fixture
def sparse(sparse_search: None, tmp_path: Path) -> Path:
    """A finished checkpoint with sparse marks (the answers as found)."""
    return _made(tmp_path / "sparse.npz")


def _forged(made: Path, tmp_path: Path, forge: Forgery) -> Path:
    """A copy of the checkpoint made, its arrays edited by forge (its header kept)."""
    with np.load(made) as data:
        arrays = {name: data[name].copy() for name in data.files}
    forge(arrays)
    path = tmp_path / "forged" / "F.npz"
    path.parent.mkdir(exist_ok=True)
    with open(path, "wb") as f:
        np.savez(f, **arrays)
    return path


def _set(name: str, value: Callable[[np.ndarray], np.ndarray]) -> Forgery:
    """A forgery that replaces one array with value(array)."""

    def forge(arrays: dict[str, np.ndarray]) -> None:
        arrays[name] = value(arrays[name])

    return forge


def _lost_beyond_won(arrays: dict[str, np.ndarray]) -> None:
    """Every belief not marked won is marked lost two levels higher than proved."""
    won = {bytes(key) for key in arrays["hi_keys"]}
    lo = arrays["lo_levels"]
    others = np.array([bytes(key) not in won for key in arrays["lo_keys"]])
    arrays["lo_levels"] = np.where(others, np.minimum(lo + 2, 48), lo).astype(np.int16)


def _past_last_class(keys: np.ndarray) -> np.ndarray:
    """The keys with the top bit of each row's last word set (8 glasses: 34 classes)."""
    out = keys.copy()
    out[:, -1] |= np.uint8(0x80)
    return out


#: The issue's forgeries first, then more: wrong dtype, axes, length, range, a key twice.
DENSE_FORGERIES: dict[str, Forgery] = {
    "pass_at all 0": _set("pass_at", np.zeros_like),
    "fail_at all 47": _set("fail_at", lambda a: np.full_like(a, 47)),
    "hi_levels 1": _set("hi_levels", np.ones_like),
    "hi_levels -5": _set("hi_levels", lambda a: np.full_like(a, -5)),
    "lo_levels +2": _set("lo_levels", lambda a: a + 2),
    "hi_keys 3 bytes wide": _set("hi_keys", lambda a: a[:, :3].copy()),
    "hi_levels 1e300 as float64": _set("hi_levels", lambda a: np.full(a.shape, 1e300)),
    "hi_levels as float64": _set("hi_levels", lambda a: a.astype(np.float64)),
    "hi_levels 1.5": _set("hi_levels", lambda a: a + 0.5),
    "pass_at as int16": _set("pass_at", lambda a: a.astype(np.int16)),
    "lo_levels as uint16": _set("lo_levels", lambda a: a.astype(np.uint16)),
    "hi_levels with two axes": _set("hi_levels", lambda a: a[:, None]),
    "lo_keys flat": _set("lo_keys", lambda a: a.ravel()),
    "lo_levels one short": _set("lo_levels", lambda a: a[:-1]),
    "fail_at one reach short": _set("fail_at", lambda a: a[1:]),
    "pass_at 49": _set("pass_at", lambda a: np.where(a == 48, 49, a).astype(np.int8)),
    "fail_at -2": _set("fail_at", lambda a: np.where(a == -1, -2, a).astype(np.int8)),
    "lo_levels 0": _set("lo_levels", lambda a: np.where(a == a.max(), 0, a).astype(np.int16)),
    "lo_levels negative": _set("lo_levels", np.negative),
    "hi_levels 48": _set("hi_levels", lambda a: np.full_like(a, 48)),
    "hi_keys twice": _set("hi_keys", lambda a: np.concatenate([a[:1], a[:-1]])),
    "lo_keys past the last class": _set("lo_keys", _past_last_class),
    "fail_at 47 where nothing passes": lambda arrays: arrays.update(
        fail_at=np.where(arrays["pass_at"] == 48, 47, arrays["fail_at"]).astype(np.int8)
    ),
    "lo_levels +2 off the won beliefs": _lost_beyond_won,
}


@pytest.mark.parametrize("forge", DENSE_FORGERIES.values(), ids=DENSE_FORGERIES.keys())
def test_a_forged_checkpoint_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, dense: Path, forge: Forgery
) -> None:
    """Exit 2, one line naming the file and what to do, no traceback; the file left as it was."""
    path = _forged(dense, tmp_path, forge)
    kept = path.read_bytes()
    line = assert_usage_error(*run(capsys, *ARGV, "--checkpoint", str(path)), str(path))
    assert "damaged or edited checkpoint" in line and "name a new file" in line
    assert path.read_bytes() == kept


def test_the_command_itself_refuses_a_forged_checkpoint(tmp_path: Path, dense: Path) -> None:
    """As the issue ran it, in a process of its own: one line on stderr, no traceback."""
    path = _forged(dense, tmp_path, DENSE_FORGERIES["hi_keys 3 bytes wide"])
    done = subprocess.run(
        [sys.executable, "-m", "devilcoins", *ARGV, "--checkpoint", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert_usage_error(done.returncode, done.stdout, done.stderr, str(path), "3 bytes wide")


def test_the_unforged_checkpoint_still_resumes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, dense: Path
) -> None:
    """The file as the program wrote it passes every check and gives the value at once."""
    path = tmp_path / "F.npz"
    path.write_bytes(dense.read_bytes())
    code, out, err = run(capsys, *ARGV, "--checkpoint", str(path), "--json")
    assert code == 0, err
    assert '"length": 9' in out and "read from the checkpoint" in out
    with keeping_marks(path):
        again = Levels(Space.of(EIGHT))
    assert again.resumed > 0 and again.solve() == 9 and again.asked == 0


def test_a_checkpoint_stopped_halfway_resumes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A run stopped at its belief limit keeps marks the checks accept, and the next run goes
    on from them to the value."""
    path = tmp_path / "F.npz"
    with keeping_marks(path), pytest.raises(Exception, match="give the same --checkpoint"):
        Levels(Space.of(EIGHT), limit=2_000).solve()
    code, out, err = run(capsys, *ARGV, "--checkpoint", str(path))
    assert code == 0 and "in 9 moves" in out, err


def _first_answer(side: str, change: Callable[[np.ndarray], None]) -> Forgery:
    """A forgery of sparse marks: change(the array) on one side's (pass or fail) arrays."""

    def forge(arrays: dict[str, np.ndarray]) -> None:
        change(arrays[side])

    return forge


def _room(arrays: dict[str, np.ndarray]) -> None:
    arrays["pass_counts"][0] = arrays["pass_masks"].shape[1] + 1


def _past_patterns(arrays: dict[str, np.ndarray]) -> None:
    arrays["fail_masks"][0, 0, -1] |= np.uint64(1) << np.uint64(63)


#: Forged sparse marks: answers that no search wrote, and arrays that disagree.
SPARSE_FORGERIES: dict[str, Forgery] = {
    "pass_levels all 0": _first_answer("pass_levels", lambda a: a.fill(0)),
    "fail_levels all 47": _first_answer("fail_levels", lambda a: a.fill(47)),
    "pass_counts past the room": _room,
    "fail_masks past the patterns": _past_patterns,
    "pass_levels as float64": _set("pass_levels", lambda a: a.astype(np.float64)),
    "fail_counts negative": _set("fail_counts", np.negative),
    "fail_levels one reach short": _set("fail_levels", lambda a: a[1:]),
}


@pytest.mark.parametrize("forge", SPARSE_FORGERIES.values(), ids=SPARSE_FORGERIES.keys())
def test_forged_sparse_marks_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, sparse: Path, forge: Forgery
) -> None:
    """The sparse marks are checked as the dense are: exit 2, one line, the file kept."""
    path = _forged(sparse, tmp_path, forge)
    kept = path.read_bytes()
    line = assert_usage_error(*run(capsys, *ARGV, "--checkpoint", str(path)), str(path))
    assert "damaged or edited checkpoint" in line
    assert path.read_bytes() == kept


def test_unforged_sparse_marks_still_resume(sparse: Path) -> None:
    """The sparse file as the program wrote it is read back, and answers without a question."""
    with keeping_marks(sparse):
        again = Levels(Space.of(EIGHT))
    assert again.resumed > 0 and again.solve() == 9 and again.asked == 0


def test_the_error_is_the_usage_error_type(tmp_path: Path, dense: Path) -> None:
    """The library raises the error the command line prints as a usage error."""
    path = _forged(dense, tmp_path, DENSE_FORGERIES["pass_at all 0"])
    with keeping_marks(path), pytest.raises(InvalidInput, match="damaged or edited"):
        Levels(Space.of(EIGHT))
