"""The level search's checkpoint: its marks kept in a file, so a stopped run loses nothing it
has proved.

The marks (``marks.DenseMarks`` or ``marks.SparseMarks``: for each reach, which sets of
patterns off it are known to pass or fail at which level) are facts about the game,
whichever run found them, and every belief's answer follows from them with one scan.  So a run
given the same file again starts from them: the questions they answer are never searched again
(docs/mathematics.md §8.5, "A stopped run"); the beliefs' answers are kept too, to spare the
scans.  The file is NumPy's ``.npz``: the arrays and a header naming the game, written to a new
file beside it and then renamed over it, so a run stopped while writing leaves the last whole
checkpoint.

>>> import tempfile
>>> from devilcoins.core.game import Game
>>> game = Game.parse('n=4 hands=2 goal=same observe=touch')
>>> path = Path(tempfile.mkdtemp()) / 'a.npz'
>>> arrays = {'pass_at': np.zeros((2, 16), np.int8), 'fail_at': np.full((2, 16), -1, np.int8)}
>>> write_marks(path, game, (arrays, {b'ab': 3}, {}))
>>> kept, hi, lo = read_marks(path, game)
>>> sorted(kept), kept['pass_at'].shape, hi, lo
(['fail_at', 'pass_at'], (2, 16), {b'ab': 3}, {})
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from devilcoins.core.errors import InvalidInput
from devilcoins.core.game import Game

__all__ = [
    "FORMAT",
    "Marks",
    "keeping_marks",
    "marks_file",
    "read_header",
    "read_marks",
    "write_marks",
]

#: The first word of a checkpoint's header: what the file is, and its format's version.
FORMAT = "devilcoins level marks 1"

#: The checkpoint file a command named (None: none is kept): see keeping_marks.
_FILE: list[Path | None] = [None]


@contextmanager
def keeping_marks(path: Path | None) -> Iterator[None]:
    """While inside, the level search reads its marks from path when it exists and keeps them
    there (None: no checkpoint)."""
    saved = _FILE[0]
    _FILE[0] = path
    try:
        yield
    finally:
        _FILE[0] = saved


def marks_file() -> Path | None:
    """The checkpoint file the level search keeps its marks in, if a command named one."""
    return _FILE[0]


def _header(game: Game) -> np.ndarray:
    return np.frombuffer(f"{FORMAT}\n{game}".encode(), dtype=np.uint8)


def _not_one(path: Path) -> InvalidInput:
    return InvalidInput(
        f"{path} is not a devilcoins checkpoint (the level search writes them with solve "
        "--checkpoint FILE.npz); name a new file (this one is left as it is)"
    )


#: What reading a file that is no checkpoint can raise.
_UNREADABLE = (OSError, ValueError, KeyError, UnicodeDecodeError, zipfile.BadZipFile, EOFError)


def read_header(path: Path, game: Game) -> None:
    """Refuse, with a clear error, a file that is not a checkpoint of game (only its header is
    read)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            header = bytes(data["header"]).decode()
    except _UNREADABLE:
        raise _not_one(path) from None
    kind, _, named = header.partition("\n")
    if kind != FORMAT:
        raise InvalidInput(f"{path} is a checkpoint of another format ({kind!r}); start a new one")
    if named != str(game):
        raise InvalidInput(f"{path} is the checkpoint of {named}, not {game}; name a new file")


#: The marks a checkpoint holds: the arrays of the marks on the cylinder nodes (dense: the
#: least level each set of patterns off a reach is known to pass at, and the greatest known
#: to fail at; sparse: the answers kept per reach, ``marks.SparseMarks.arrays``); for each
#: belief asked (by its least image's bytes), the least level it is known won within (hi) and
#: one more than the greatest it is known lost at (lo).
Marks = tuple[dict[str, np.ndarray], dict[bytes, int], dict[bytes, int]]

#: The arrays each kind of marks keeps, by name (a checkpoint holds one kind).
_KINDS = (
    ("pass_at", "fail_at"),
    ("pass_masks", "pass_levels", "pass_counts", "fail_masks", "fail_levels", "fail_counts"),
)


def read_marks(path: Path, game: Game) -> Marks:
    """The marks kept in path for game, or a clear error when the file is not a checkpoint,
    or one of another game."""
    read_header(path, game)
    try:
        with np.load(path, allow_pickle=False) as data:
            names = next((kind for kind in _KINDS if set(kind) <= set(data.files)), ())
            arrays = {name: data[name] for name in names}
            hi = _beliefs(data["hi_keys"], data["hi_levels"])
            lo = _beliefs(data["lo_keys"], data["lo_levels"])
    except _UNREADABLE:
        raise _not_one(path) from None
    if not arrays:
        raise InvalidInput(f"{path}: it holds no marks of the level search")
    if "pass_at" in arrays and (
        {a.dtype for a in arrays.values()} != {np.dtype(np.int8)}
        or arrays["pass_at"].shape != arrays["fail_at"].shape
    ):
        raise InvalidInput(f"{path}: its marks are not two tables of levels of one shape")
    return arrays, hi, lo


def _beliefs(keys: np.ndarray, levels: np.ndarray) -> dict[bytes, int]:
    """Beliefs' levels from their keys (one row of bytes each)."""
    if keys.ndim != 2 or len(keys) != len(levels):
        raise ValueError("the beliefs' keys and levels do not match")
    return {bytes(key): int(level) for key, level in zip(keys, levels.tolist(), strict=True)}


def _table(beliefs: dict[bytes, int]) -> tuple[np.ndarray, np.ndarray]:
    """Beliefs' keys as rows of bytes, and their levels."""
    width = len(next(iter(beliefs))) if beliefs else 0
    keys = np.frombuffer(b"".join(beliefs), dtype=np.uint8).reshape(len(beliefs), width)
    return keys, np.fromiter(beliefs.values(), dtype=np.int16, count=len(beliefs))


def write_marks(path: Path, game: Game, marks: Marks) -> None:
    """Keep the marks in path: written beside it, then renamed over it (never half written)."""
    arrays, hi, lo = marks
    (hi_keys, hi_levels), (lo_keys, lo_levels) = _table(hi), _table(lo)
    part = path.with_name(path.name + ".part")
    with open(part, "wb") as f:
        kept: dict[str, Any] = {"header": _header(game), **arrays}
        kept |= {"hi_keys": hi_keys, "hi_levels": hi_levels}
        np.savez(f, lo_keys=lo_keys, lo_levels=lo_levels, **kept)
    os.replace(part, path)
