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
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from devilcoins.core.errors import InvalidInput
from devilcoins.core.files import check_regular
from devilcoins.core.game import Game
from devilcoins.observed.touch.marks import MAX_LEVELS
from devilcoins.observed.touch.reaches import Restriction, searched

__all__ = [
    "FORMAT",
    "Marks",
    "damaged",
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


def _header(game: Game, only: Restriction | None) -> np.ndarray:
    return np.frombuffer(f"{FORMAT}\n{searched(game, only)}".encode(), dtype=np.uint8)


def _not_one(path: Path) -> InvalidInput:
    return InvalidInput(
        f"{path} is not a devilcoins checkpoint (the level search writes them with solve "
        "--checkpoint FILE.npz); name a new file (this one is left as it is)"
    )


def damaged(path: Path, what: str) -> InvalidInput:
    """The one-line refusal of a checkpoint with its true header whose marks are not what the
    level search writes (what: which field, and how)."""
    return InvalidInput(
        f"{path} is a damaged or edited checkpoint: {what}; name a new file (this one is left "
        "as it is)"
    )


#: What reading a file that is no checkpoint can raise.
_UNREADABLE = (OSError, ValueError, KeyError, UnicodeDecodeError, zipfile.BadZipFile, EOFError)


def read_header(path: Path, game: Game, only: Restriction | None = None) -> None:
    """Refuse, with a clear error, a file that is not a checkpoint of game searched over the
    reaches only allows (None: all; only its header is read; a named pipe or a device is
    refused before any read)."""
    check_regular(path, "checkpoint")
    try:
        with np.load(path, allow_pickle=False) as data:
            header = bytes(data["header"]).decode()
    except _UNREADABLE:
        raise _not_one(path) from None
    kind, _, named = header.partition("\n")
    if kind != FORMAT:
        raise InvalidInput(f"{path} is a checkpoint of another format ({kind!r}); start a new one")
    if named != searched(game, only):
        raise InvalidInput(
            f"{path} is the checkpoint of {named}, not {searched(game, only)}; name a new file"
        )


#: The marks a checkpoint holds: the arrays of the marks on the cylinder nodes (dense: the
#: least level each set of patterns off a reach is known to pass at, and the greatest known
#: to fail at; sparse: the answers kept per reach, ``marks.SparseMarks.arrays``); for each
#: belief asked (by its least image's bytes), the least level it is known won within (hi) and
#: one more than the greatest it is known lost at (lo).
Marks = tuple[dict[str, np.ndarray], Mapping[bytes, int], Mapping[bytes, int]]

#: The arrays each kind of marks keeps, by name (a checkpoint holds one kind).
_KINDS = (
    ("pass_at", "fail_at"),
    ("pass_masks", "pass_levels", "pass_counts", "fail_masks", "fail_levels", "fail_counts"),
)

#: The arrays of the beliefs' levels a checkpoint holds, whichever kind of marks.
_BELIEFS = ("hi_keys", "hi_levels", "lo_keys", "lo_levels")

#: Each array a checkpoint holds, as ``write_marks`` writes it: its dtype (exactly), its
#: number of axes, and the least and greatest value it may hold (None: any).
_FIELDS: dict[str, tuple[np.dtype[Any], int, int | None, int | None]] = {
    "pass_at": (np.dtype(np.int8), 2, 0, MAX_LEVELS),
    "fail_at": (np.dtype(np.int8), 2, -1, MAX_LEVELS),
    "pass_masks": (np.dtype(np.uint64), 3, None, None),
    "pass_levels": (np.dtype(np.int8), 2, 0, MAX_LEVELS),
    "pass_counts": (np.dtype(np.int64), 1, 0, None),
    "fail_masks": (np.dtype(np.uint64), 3, None, None),
    "fail_levels": (np.dtype(np.int8), 2, -1, MAX_LEVELS),
    "fail_counts": (np.dtype(np.int64), 1, 0, None),
    "hi_keys": (np.dtype(np.uint8), 2, None, None),
    "hi_levels": (np.dtype(np.int16), 1, 0, MAX_LEVELS - 1),
    "lo_keys": (np.dtype(np.uint8), 2, None, None),
    "lo_levels": (np.dtype(np.int16), 1, 1, MAX_LEVELS),
}


def _field(path: Path, name: str, a: np.ndarray) -> np.ndarray:
    """The array a (the checkpoint's field name), refused unless it has the dtype, axes and
    range the level search writes (a float is never truncated to a level)."""
    dtype, ndim, least, most = _FIELDS[name]
    if a.dtype != dtype:
        raise damaged(path, f"its {name} are {a.dtype}, not {dtype}")
    if a.ndim != ndim:
        raise damaged(path, f"its {name} are {a.ndim}-dimensional, not {ndim}-dimensional")
    if a.size and least is not None and int(a.min()) < least:
        raise damaged(path, f"its {name} hold {int(a.min())}, below {least}")
    if a.size and most is not None and int(a.max()) > most:
        raise damaged(path, f"its {name} hold {int(a.max())}, above {most}")
    return a


def read_marks(path: Path, game: Game, only: Restriction | None = None) -> Marks:
    """The marks kept in path for game (searched over the reaches only allows), or a clear
    error when the file is not a checkpoint, or one of another game or restriction."""
    read_header(path, game, only)
    try:
        with np.load(path, allow_pickle=False) as data:
            names = next((kind for kind in _KINDS if set(kind) <= set(data.files)), ())
            raw = {name: data[name] for name in (*names, *_BELIEFS)}
    except _UNREADABLE:
        raise _not_one(path) from None
    arrays = {name: _field(path, name, raw[name]) for name in names}
    beliefs = {name: _field(path, name, raw[name]) for name in _BELIEFS}
    if not arrays:
        raise InvalidInput(f"{path}: it holds no marks of the level search")
    if "pass_at" in arrays and arrays["pass_at"].shape != arrays["fail_at"].shape:
        shapes = f"{arrays['pass_at'].shape} and {arrays['fail_at'].shape}"
        raise damaged(path, f"its pass_at and fail_at are tables of two shapes, {shapes}")
    if "pass_masks" in arrays:
        _answers(path, arrays, "pass")
        _answers(path, arrays, "fail")
    hi = _beliefs(path, beliefs, "hi")
    lo = _beliefs(path, beliefs, "lo")
    return arrays, hi, lo


def _answers(path: Path, arrays: dict[str, np.ndarray], side: str) -> None:
    """Refuse sparse marks (one side: pass or fail) whose masks, levels and counts disagree:
    a level for each mask, a count for each reach, each count within the room kept."""
    masks, levels, counts = (arrays[f"{side}_{part}"] for part in ("masks", "levels", "counts"))
    if levels.shape != masks.shape[:2] or counts.shape != masks.shape[:1]:
        raise damaged(
            path,
            f"its {side}_masks {masks.shape}, {side}_levels {levels.shape} and "
            f"{side}_counts {counts.shape} do not match",
        )
    if counts.size and int(counts.max()) > masks.shape[1]:
        raise damaged(path, f"its {side}_counts exceed the {masks.shape[1]} masks kept a reach")


def _beliefs(path: Path, arrays: dict[str, np.ndarray], side: str) -> dict[bytes, int]:
    """Beliefs' levels (side: hi or lo) from their keys (one row of bytes each, each once)."""
    keys, levels = arrays[f"{side}_keys"], arrays[f"{side}_levels"]
    if len(keys) != len(levels):
        raise damaged(path, f"it holds {len(keys)} {side}_keys but {len(levels)} {side}_levels")
    got = {bytes(key): level for key, level in zip(keys, levels.tolist(), strict=True)}
    if len(got) != len(keys):
        raise damaged(path, f"its {side}_keys name a belief twice")
    return got


def _table(beliefs: Mapping[bytes, int]) -> tuple[np.ndarray, np.ndarray]:
    """Beliefs' keys as rows of bytes, and their levels, in the order of the keys' bytes (so
    the same beliefs make the same file, whatever order they were met in).  A mapping that
    holds its keys in arrays (``met.Side``) gives them as arrays (``table()``)."""
    table = getattr(beliefs, "table", None)
    if table is not None:
        keys, levels = table()
    else:
        width = len(next(iter(beliefs))) if beliefs else 0
        keys = np.frombuffer(b"".join(beliefs), dtype=np.uint8).reshape(len(beliefs), width)
        levels = np.fromiter(beliefs.values(), dtype=np.int16, count=len(beliefs))
    width = keys.shape[1]
    order = np.argsort(keys.view(np.dtype((np.void, max(width, 1)))).ravel(), kind="stable")
    return keys[order], np.asarray(levels, dtype=np.int16)[order]


def write_marks(path: Path, game: Game, marks: Marks, only: Restriction | None = None) -> None:
    """Keep the marks in path: written beside it, then renamed over it (never half written)."""
    arrays, hi, lo = marks
    (hi_keys, hi_levels), (lo_keys, lo_levels) = _table(hi), _table(lo)
    part = path.with_name(path.name + ".part")
    with open(part, "wb") as f:
        kept: dict[str, Any] = {"header": _header(game, only), **arrays}
        kept |= {"hi_keys": hi_keys, "hi_levels": hi_levels}
        np.savez(f, lo_keys=lo_keys, lo_levels=lo_levels, **kept)
    os.replace(part, path)
