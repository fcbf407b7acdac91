"""The atlas's SQLite store: rows round-trip, what is pending, and files that are not ours."""

from __future__ import annotations

import dataclasses
import sqlite3

import pytest
from helpers import atlas_fields

from devilcoins.atlas import AtlasEntry, atlas, left_open
from devilcoins.atlas.store import AtlasStore, StoreError
from devilcoins.core.game import Game

GAMES = ["n=4", "n=3 goal=same", "n=4 hands=2 goal=same observe=touch", "n=2 values=3"]


@pytest.fixture(scope="module")
def solved():
    return atlas(GAMES)


def test_entries_round_trip_and_are_committed_at_once(tmp_path, solved):
    path = tmp_path / "atlas.sqlite"
    with AtlasStore(path) as store:
        for entry in solved:
            store.put(entry, time_limit=5.0)
        # another connection sees every row before the store is closed: each put committed
        (count,) = sqlite3.connect(path).execute("SELECT count(*) FROM games").fetchone()
        assert count == len(solved)
    with AtlasStore(path, create=False) as store:
        back = store.entries([Game.parse(t) for t in GAMES])
        assert [atlas_fields(e) for e in back] == [atlas_fields(e) for e in solved]
        assert [e.seconds for e in back] == pytest.approx([e.seconds for e in solved])
        record = store.records()[0]
        assert record["time_limit"] == 5.0 and record["version"]
        assert record["solved_at"].endswith("+00:00")


class InterruptedAfterInsert:
    """A connection that runs each statement, then is interrupted (Ctrl-C) after an INSERT."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __getattr__(self, name: str):
        return getattr(self.db, name)

    def __enter__(self):
        return self.db.__enter__()

    def __exit__(self, *exc):
        return self.db.__exit__(*exc)

    def execute(self, sql: str, *args):
        done = self.db.execute(sql, *args)
        if sql.lstrip().startswith("INSERT"):
            raise KeyboardInterrupt
        return done


def test_an_interrupted_put_keeps_nothing_half_stored(tmp_path, solved):
    """Ctrl-C between the INSERT and its commit: the row is rolled back, so the count the store
    gives (which the interrupted run prints) is what the file holds."""
    path = tmp_path / "atlas.sqlite"
    with AtlasStore(path) as store:
        store.put(solved[0])
        real = store._db
        store._db = InterruptedAfterInsert(real)
        with pytest.raises(KeyboardInterrupt):
            store.put(solved[1])
        store._db = real
        assert len(store) == 1
    (count,) = sqlite3.connect(path).execute("SELECT count(*) FROM games").fetchone()
    assert count == 1


def test_a_game_is_stored_once_the_last_answer_kept(tmp_path, solved):
    with AtlasStore(tmp_path / "a.sqlite") as store:
        store.put(left_open(Game(4), "time limit 1 s reached", 1.0), time_limit=1.0)
        store.put(solved[0])
        store.put(solved[0])
        assert len(store) == 1
        (entry,) = store.entries()
        assert (entry.status, entry.winnable, entry.length) == ("settled", True, 15)
        assert entry.method == "the notebook's belief search"


def test_every_stored_entry_comes_back_in_table_order(solved):
    with AtlasStore(":memory:") as store:
        for entry in reversed(solved):
            store.put(entry)
        assert [str(e.game) for e in store.entries()] == [
            "n=3 goal=same",
            "n=4",
            "n=2 values=3",
            "n=4 hands=2 goal=same observe=touch",
        ]


def test_pending_skips_what_is_settled_and_retries_open_games_with_more_time(solved):
    games = [Game.parse(t) for t in GAMES] + [Game(5)]
    with AtlasStore(":memory:") as store:
        for entry in solved[:2]:
            store.put(entry, time_limit=2.0)
        store.put(left_open(games[2], "time limit 2 s reached", 2.0), time_limit=2.0)
        store.put(left_open(games[3], "its worker died each time it was tried", 0.0))
        assert store.pending(games, 2.0) == [games[3], games[4]]
        assert store.pending(games, 1.0) == [games[3], games[4]]
        assert store.pending(games, 3.0) == games[2:]
        assert store.pending(games, None) == games[2:]
        (entry,) = store.entries([games[2]])
        assert entry.status == "open" and entry.winnable is None
        assert entry.note.startswith("time limit 2 s reached; ")


def test_a_refused_game_is_stored_too_large_and_not_retried():
    refused = AtlasEntry(
        game=Game(9),
        status="too large",
        winnable=None,
        length=None,
        method="",
        seconds=0.1,
        note="why",
    )
    with AtlasStore(":memory:") as store:
        store.put(refused, time_limit=1.0)
        assert store.pending([Game(9)], 10.0) == []
        assert store.entries()[0].note == "why"


def test_a_file_that_is_not_sqlite_is_left_alone(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes(b"my notes\n")
    with pytest.raises(StoreError, match="not an SQLite database"):
        AtlasStore(path)
    assert path.read_bytes() == b"my notes\n"


def test_someone_elses_database_is_left_alone(tmp_path):
    path = tmp_path / "theirs.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE accounts (name TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="of something else"):
        AtlasStore(path)
    assert path.read_bytes() == before


def test_an_empty_file_becomes_a_store_and_a_missing_one_is_refused_for_reading(tmp_path):
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    with AtlasStore(empty) as store:
        assert len(store) == 0
    with pytest.raises(StoreError, match="no such atlas database"):
        AtlasStore(tmp_path / "missing.sqlite", create=False)
    with pytest.raises(StoreError, match="is a folder"):
        AtlasStore(tmp_path)
    other = tmp_path / "other.sqlite"
    other.touch()
    with pytest.raises(StoreError, match="not an atlas database"):
        AtlasStore(other, create=False)  # reading makes nothing
    assert other.read_bytes() == b""


def test_a_device_is_not_a_database():
    with pytest.raises(StoreError, match="not a regular file"):
        AtlasStore("/dev/null")


def test_an_atlas_of_an_earlier_version_gets_its_status_column(tmp_path):
    """Before, 'too large' and 'open' were written in the method column; opened now, those rows
    get them as their status, the others 'settled', and the rows read back by name."""
    import sqlite3

    from devilcoins.atlas.store import APPLICATION_ID

    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(
        "CREATE TABLE games (game TEXT PRIMARY KEY, winnable INTEGER, length INTEGER, "
        "method TEXT NOT NULL, note TEXT NOT NULL, known_winnable INTEGER, known_length "
        "INTEGER, agrees INTEGER, seconds REAL NOT NULL, time_limit REAL, version TEXT NOT "
        "NULL, solved_at TEXT NOT NULL)"
    )
    rows = [
        ("n=4", 1, 15, "chain construction", "", 1, 15, 1, 0.1, None, "0.1.0", "then"),
        ("n=12 hands=8 goal=same observe=touch", None, None, "too large", "why", None, None,
         None, 1.0, None, "0.1.0", "then"),
        ("n=5", None, None, "open", "time limit 1 s reached", 0, None, None, 1.0, 1.0, "0.1.0",
         "then"),
    ]  # fmt: skip
    db.executemany(f"INSERT INTO games VALUES ({', '.join('?' * 12)})", rows)
    db.commit()
    db.close()
    with AtlasStore(path, create=False) as store:
        entries = {str(e.game): e for e in store.entries()}
        assert [(e.status, e.method) for e in entries.values()] == [
            ("settled", "chain construction"),
            ("open", ""),
            ("too large", ""),
        ]
        assert entries["n=4"].length == 15 and store.pending([Game(5)], 2.0) == [Game(5)]
        assert {e.certificate for e in entries.values()} == {""}  # the column added, empty
        store.put(dataclasses.replace(entries["n=4"], certificate="ab" * 32))
        assert store.entries([Game(4)])[0].certificate == "ab" * 32


def test_each_kind_of_refusal_is_stored_as_its_status():
    """A refusal keeps its kind: a touch game with a list of moves is not supported (it was
    once filed as 'too large')."""
    unsupported = Game.parse("n=3 hands=1 moves=FLL,FFL observe=touch")
    with AtlasStore(":memory:") as store:
        (entry,) = atlas([unsupported])
        store.put(entry)
        (back,) = store.entries()
        assert (back.status, back.winnable) == ("not supported", None)
        assert "takes no move list" in back.note


# --- a broken database: one line each, never a traceback ---------------------------------------


def test_a_full_disk_is_a_store_error_and_keeps_what_was_stored(tmp_path, solved):
    """SQLite's 'database or disk is full' (here from a page limit, as a full disk gives it)."""
    path = tmp_path / "atlas.sqlite"
    with AtlasStore(path) as store:
        store.put(solved[0])
        (pages,) = store._db.execute("PRAGMA page_count").fetchone()
        store._db.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(StoreError, match="the disk is full; free some space"):
            for k in range(200):
                store.put(dataclasses.replace(solved[1], note="x" * 4000 + str(k)))
    with AtlasStore(path, read_only=True) as store:
        assert str(store.entries()[0].game) == str(solved[0].game)


def test_a_database_another_program_locks_is_a_store_error(tmp_path, solved, monkeypatch):
    import devilcoins.atlas.store as store_module

    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.1)
    path = tmp_path / "atlas.sqlite"
    with AtlasStore(path) as store:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StoreError, match="is locked by another program"):
                store.put(solved[0])
        finally:
            other.execute("ROLLBACK")
            other.close()
        store.put(solved[0])
        assert len(store) == 1


def test_a_damaged_database_is_a_store_error(tmp_path, solved):
    path = tmp_path / "atlas.sqlite"
    with AtlasStore(path) as store:
        for k in range(40):
            store.put(dataclasses.replace(solved[0], note=f"{k}" * 500))
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xff" * 4096  # the second page: the table's first leaf
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="is damaged"), AtlasStore(path, read_only=True) as s:
        s.entries()


def test_a_second_writer_on_one_file_is_refused_while_the_first_holds_it(tmp_path, solved):
    path = tmp_path / "atlas.sqlite"
    with AtlasStore(path) as first:
        with pytest.raises(StoreError, match="another atlas run is writing"):
            AtlasStore(path)
        with AtlasStore(path, read_only=True) as reader:  # reading is always allowed
            assert len(reader) == 0
        first.put(solved[0])  # the refused store left the first one's locks alone
        assert len(first) == 1
    with AtlasStore(path) as again:  # and the lock went with the first
        assert len(again) == 1


def test_reading_changes_nothing_on_disk(tmp_path, solved):
    path = tmp_path / "atlas.sqlite"
    with AtlasStore(path) as store:
        store.put(solved[0])
    before = sorted(p.name for p in tmp_path.iterdir()), path.read_bytes()
    with AtlasStore(path, read_only=True) as store:
        assert len(store) == 1
        with pytest.raises(StoreError, match="cannot write to the atlas"):
            store.put(solved[1])
    assert (sorted(p.name for p in tmp_path.iterdir()), path.read_bytes()) == before


def test_a_store_in_a_missing_folder_names_the_folder(tmp_path):
    with pytest.raises(StoreError, match=r"no such folder: .*missing; make it first"):
        AtlasStore(tmp_path / "missing" / "atlas.sqlite")
    assert not (tmp_path / "missing").exists()
