"""The atlas kept in SQLite: one row per game, its text the key, written as each answer arrives.

``AtlasStore(path)`` opens (or creates) the file; ``put`` stores an entry and commits, so an
interrupted run keeps what finished; ``pending`` says which games of a grid still need solving;
``entries`` reads the table back (by column name). An atlas written by an earlier version, whose
method column held 'too large' and 'open', gets a status column when opened (and one without
certificates an empty certificate column). A file that is not
an SQLite database, or a database of something else, is refused and left alone.

Every failure of the database itself (a full disk, a file locked by another program, a damaged
file) is a ``StoreError`` of one line that names the file and what to do; a writing store holds
an exclusive lock on its file, so a second run on the same file is refused rather than solving
the whole grid again; ``read_only`` opens a file for reading only (a folder that cannot be
written is fine).

>>> from devilcoins.atlas.entry import settle
>>> with AtlasStore(":memory:") as store:
...     store.put(settle(Game(4)))
...     [str(g) for g in store.pending([Game(4), Game(5)])], store.entries()[0].length
(['n=5'], 15)
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import quote

from devilcoins.atlas.entry import OPEN, AtlasEntry
from devilcoins.atlas.grid import GOALS, OBSERVE
from devilcoins.core.errors import InvalidInput
from devilcoins.core.game import Game
from devilcoins.core.symmetry import GROUP_NAMES

__all__ = ["AtlasStore", "StoreError"]

#: PRAGMA application_id of an atlas file ('dvat'): other SQLite files are not ours to change.
APPLICATION_ID = 0x64766174

SQLITE_MAGIC = b"SQLite format 3\x00"

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game TEXT PRIMARY KEY,      -- the game's one-line text form
    winnable INTEGER,           -- 1, 0, or NULL when not settled
    length INTEGER,             -- the least worst-case number of moves, when winnable
    method TEXT NOT NULL,       -- how it was settled ('' when it was not)
    note TEXT NOT NULL,         -- the evidence: the literature's source, or why not settled
    known_winnable INTEGER,     -- the literature's answer, NULL when it is silent
    known_length INTEGER,
    agrees INTEGER,             -- solver and literature agree: 1, 0, or NULL
    seconds REAL NOT NULL,      -- wall-clock seconds of the solve
    time_limit REAL,            -- the limit it ran under (NULL: none)
    version TEXT NOT NULL,      -- devilcoins version that solved it
    solved_at TEXT NOT NULL,    -- when (UTC, ISO 8601)
    status TEXT NOT NULL,       -- 'settled', 'too large', 'not supported', 'invalid' or 'open'
    certificate TEXT NOT NULL DEFAULT ''  -- SHA-256 of the checked certificate file, or ''
)
"""

COLUMNS = (
    "game",
    "status",
    "winnable",
    "length",
    "method",
    "note",
    "known_winnable",
    "known_length",
    "agrees",
    "seconds",
    "time_limit",
    "version",
    "solved_at",
    "certificate",
)

#: An atlas of an earlier version kept the status in the method column: this adds the column.
_ADD_STATUS = (
    "ALTER TABLE games ADD COLUMN status TEXT NOT NULL DEFAULT 'settled'",
    "UPDATE games SET status = method, method = '' WHERE method IN ('too large', 'open')",
)

#: An atlas of an earlier version had no certificate column: this adds it, empty.
_ADD_CERTIFICATE = "ALTER TABLE games ADD COLUMN certificate TEXT NOT NULL DEFAULT ''"


def _version() -> str:
    """The installed devilcoins version (the package root is above this layer)."""
    try:
        return metadata.version("devilcoins")
    except metadata.PackageNotFoundError:
        return "unknown"


class StoreError(InvalidInput):
    """The file given for the atlas cannot be used (not SQLite, someone else's, missing)."""


def _check_file(path: Path, *, create: bool) -> None:
    """Refuse a path that is a folder, missing (unless create) or not an SQLite file."""
    if path.is_dir():
        raise StoreError(f"{path} is a folder; give an atlas database file")
    if path.exists() and not path.is_file():
        raise StoreError(f"{path} is not a regular file; give an atlas database file")
    if not path.exists():
        if not create:
            raise StoreError(f"no such atlas database: {path}")
        if not path.absolute().parent.is_dir():
            raise StoreError(f"no such folder: {path.parent}; make it first or give another --db")
        return
    with path.open("rb") as file:
        head = file.read(len(SQLITE_MAGIC))
    if head and head != SQLITE_MAGIC:
        raise StoreError(f"{path} is not an SQLite database; not touching it")


#: How long a write waits for another program's lock on the file before it gives up.
BUSY_SECONDS = 10.0


def _reason(path: str, err: sqlite3.Error) -> str:
    """One line for a failure of the database at path: what happened and what to do."""
    text = str(err)
    if "full" in text:
        return f"cannot write to the atlas {path}: the disk is full; free some space and run again"
    if "locked" in text or "busy" in text:
        return (
            f"the atlas {path} is locked by another program; wait for it to finish, "
            "or give another file"
        )
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        return f"the atlas {path} is damaged ({text}); restore it from a copy or start a new file"
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return f"cannot write to the atlas {path} ({text}); give a file in a folder you can write"
    return f"cannot use the atlas {path}: {text}"


@contextmanager
def _guarded(path: str) -> Iterator[None]:
    """Turn any failure of SQLite within into a one-line StoreError about path."""
    try:
        yield
    except sqlite3.Error as err:
        raise StoreError(_reason(path, err)) from None


def _open(path: str, *, read_only: bool) -> sqlite3.Connection:
    """The SQLite connection: read-only through a URI (immutable when the folder cannot hold
    the write-ahead log's shared memory file), else read-write."""
    if not read_only:
        return sqlite3.connect(path, timeout=BUSY_SECONDS)
    uri = f"file:{quote(os.path.abspath(path))}?mode=ro"
    db = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError as err:
        if not ("unable to open" in str(err) or "readonly" in str(err)):  # locked, damaged
            db.close()
            raise
        db.close()  # a log left by a stopped run, in a folder where no -shm file can be made
        db = sqlite3.connect(f"{uri}&immutable=1", uri=True, timeout=BUSY_SECONDS)
    return db


def _connect(path: str, *, create: bool, read_only: bool = False) -> sqlite3.Connection:
    """A connection to an atlas database (set up when new); someone else's database is refused."""
    if path != ":memory:":
        _check_file(Path(path), create=create and not read_only)
    try:
        db = _open(path, read_only=read_only)
        db.row_factory = sqlite3.Row
        _set_up(db, path, create=create and not read_only, read_only=read_only)
        if not read_only:
            # each commit reaches the file at once (an interrupt or a crash keeps it) without
            # waiting for the disk: a write-ahead log, synced at checkpoints
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
    except StoreError:
        raise
    except sqlite3.DatabaseError as err:
        raise StoreError(_reason(path, err)) from None
    return db


def _lock(path: str) -> int:
    """An exclusive lock on the atlas file (a descriptor to close when done); StoreError when
    another run holds it. flock locks are apart from SQLite's own (fcntl) locks on Linux."""
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreError(
            f"another atlas run is writing {path}; wait for it to finish (it keeps every "
            "answer there), or give another --db"
        ) from None
    return fd


def _set_up(db: sqlite3.Connection, path: str, *, create: bool, read_only: bool) -> None:
    """Check db is an atlas (or, when create, new: then make it one); close it if refused."""
    (app,) = db.execute("PRAGMA application_id").fetchone()
    if app == APPLICATION_ID:
        names = {row["name"] for row in db.execute("PRAGMA table_info(games)")}
        if not {"status", "certificate"} <= names and read_only:
            db.close()
            raise StoreError(
                f"{path} was written by an earlier devilcoins; run 'devilcoins atlas --db "
                f"{path}' once to bring it up to date"
            )
        if "status" not in names:
            for statement in _ADD_STATUS:
                db.execute(statement)
        if "certificate" not in names:
            db.execute(_ADD_CERTIFICATE)
        db.commit()
        return
    (tables,) = db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    if tables or not create:
        db.close()
        what = "an SQLite database of something else" if tables else "not an atlas database"
        raise StoreError(f"{path} is {what}; not touching it")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(SCHEMA)
    db.commit()


def _bool(value: Any) -> bool | None:
    """1/0/NULL from SQLite as True/False/None."""
    return None if value is None else bool(value)


def _entry(row: sqlite3.Row) -> AtlasEntry:
    """An entry from a row of ``games`` (read by column name)."""
    known = row["known_winnable"]
    return AtlasEntry(
        game=Game.parse(row["game"]),
        status=row["status"],
        winnable=_bool(row["winnable"]),
        length=row["length"],
        method=row["method"],
        seconds=row["seconds"],
        known=None if known is None else (bool(known), row["known_length"]),
        agrees=_bool(row["agrees"]),
        note=row["note"],
        certificate=row["certificate"],
    )


def _sort_key(game: Game) -> tuple[Any, ...]:
    """A stored table's order: observation, group, values, n, hands (every move first), goal."""
    return (
        OBSERVE.index(game.observe.value),
        GROUP_NAMES.index(game.group.name) if game.group.name in GROUP_NAMES else len(GROUP_NAMES),
        game.values,
        game.n,
        -1 if game.hands is None else game.hands,
        GOALS.index(game.goal) if game.goal in GOALS else len(GOALS),
        str(game),
    )


class AtlasStore:
    """An atlas database: ``put`` an entry (committed at once), read ``entries`` back."""

    def __init__(self, path: str | Path, *, create: bool = True, read_only: bool = False) -> None:
        self.path = str(path)
        self._db = _connect(self.path, create=create, read_only=read_only)
        self._lock: int | None = None
        if not read_only and self.path != ":memory:":
            try:
                self._lock = _lock(self.path)
            except StoreError:
                self._db.close()
                raise

    def __enter__(self) -> AtlasStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the database (everything put is already committed), then its lock."""
        if self._lock is not None:
            # a file at rest keeps no write-ahead log, so that a reader needs to write nothing
            # beside it (a folder that cannot be written); busy while another program reads
            with suppress(sqlite3.Error):
                self._db.execute("PRAGMA journal_mode = DELETE")
        self._db.close()
        if self._lock is not None:  # after SQLite's own descriptor: closing ours first would
            os.close(self._lock)  # drop the locks SQLite holds on the file (POSIX rules)
            self._lock = None

    def put(self, entry: AtlasEntry, *, time_limit: float | None = None) -> None:
        """Store entry under its game's text (replacing an earlier row) and commit."""
        known = entry.known or (None, None)
        row = {
            "game": str(entry.game),
            "status": entry.status,
            "winnable": entry.winnable,
            "length": entry.length,
            "method": entry.method,
            "note": entry.note,
            "known_winnable": known[0],
            "known_length": known[1],
            "agrees": entry.agrees,
            "seconds": entry.seconds,
            "time_limit": time_limit,
            "version": _version(),
            "solved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "certificate": entry.certificate,
        }
        names = ", ".join(COLUMNS)
        marks = ", ".join(f":{c}" for c in COLUMNS)
        with _guarded(self.path), self._db:  # committed, or rolled back when interrupted
            self._db.execute(f"INSERT OR REPLACE INTO games ({names}) VALUES ({marks})", row)

    def __len__(self) -> int:
        with _guarded(self.path):
            (count,) = self._db.execute("SELECT count(*) FROM games").fetchone()
        return int(count)

    def _rows(self) -> dict[str, sqlite3.Row]:
        """Every row by its game text."""
        select = f"SELECT {', '.join(COLUMNS)} FROM games"
        with _guarded(self.path):
            return {row["game"]: row for row in self._db.execute(select)}

    def pending(self, games: Iterable[Game], time_limit: float | None = None) -> list[Game]:
        """The games still to solve: not stored, or left open under a shorter time limit.

        A game left open without a limit (its worker died) is tried again by every run.
        """
        rows = self._rows()
        todo = []
        for game in games:
            row = rows.get(str(game))
            if row is None:
                todo.append(game)
            elif row["status"] == OPEN:
                before = row["time_limit"]
                if before is None or time_limit is None or time_limit > before:
                    todo.append(game)
        return todo

    def _selected(self, games: Iterable[Game] | None) -> list[sqlite3.Row]:
        """The rows of games, in their order (those stored), or every row in table order."""
        rows = self._rows()
        if games is None:
            return sorted(rows.values(), key=lambda row: _sort_key(Game.parse(row["game"])))
        return [rows[str(g)] for g in games if str(g) in rows]

    def entries(self, games: Iterable[Game] | None = None) -> list[AtlasEntry]:
        """The stored entries of games, in their order (those stored), or every stored entry."""
        return [_entry(row) for row in self._selected(games)]

    def records(self, games: Iterable[Game] | None = None) -> list[dict[str, Any]]:
        """The entries as JSON data, each with its time limit, version and time of solving."""
        extra = ("time_limit", "version", "solved_at")
        return [
            {**_entry(row).to_json(), **{name: row[name] for name in extra}}
            for row in self._selected(games)
        ]
