"""``devilcoins atlas`` with ranges, a cluster and a database: errors, --from-db, a real run."""

from __future__ import annotations

import csv
import io
import json
from contextlib import contextmanager

import pytest
from cli_helpers import assert_usage_error, run

from devilcoins.atlas import run as atlas_run
from devilcoins.atlas import settle
from devilcoins.atlas.store import AtlasStore
from devilcoins.core.game import Game


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--max-n", "0"], "--max-n: the count must be at least 1, got 0"),
        (["--values", "1..x"], "values '1..x' is not a range"),
        (["--values", "1..3"], "each number must be at least 2"),
        (["--n", "5..2"], "a..b needs a <= b"),
        (["--groups", "cyclic,dihedrl"], "'dihedrl' is not one of cyclic, dihedral, none, full"),
        (["--goals", "all"], "'all' is not one of zero, same"),
        (["--observe", "hear"], "'hear' is not one of blind, touch, sight, count"),
        (["--hands", "some"], "hands 'some' is not a range"),
        (["--workers", "0"], "--workers: the count must be at least 1"),
        (["--time-limit", "0"], "seconds above 0, got '0'"),
        (["--time-limit", "inf"], "the digits 0-9 and at most one decimal point"),
        (["--time-limit", "soon"], "(no sign, space, underscore or exponent), got 'soon'"),
        (["--max-n", "3", "--n", "2"], "not allowed with argument --max-n"),
        (["--format", "json", "--markdown"], "disagree"),
    ],
)
def test_a_bad_option_is_one_line_and_status_2(capsys, argv, fragment):
    assert_usage_error(*run(capsys, "atlas", *argv), fragment)


@pytest.fixture
def no_cluster(monkeypatch):
    """Any attempt to start a cluster fails the test."""

    @contextmanager
    def refuse(workers):
        raise AssertionError("no cluster was needed")
        yield

    monkeypatch.setattr(atlas_run, "local_client", refuse)


def test_a_file_that_is_not_sqlite_is_refused_untouched(capsys, tmp_path, no_cluster):
    path = tmp_path / "notes.csv"
    path.write_text("game,winnable\n")
    result = run(capsys, "atlas", "--max-n", "2", "--db", str(path))
    assert_usage_error(*result, "is not an SQLite database; not touching it")
    assert path.read_text() == "game,winnable\n"
    assert_usage_error(*run(capsys, "atlas", "--from-db", str(path)), "not an SQLite database")
    missing = str(tmp_path / "missing.sqlite")
    assert_usage_error(*run(capsys, "atlas", "--from-db", missing), "no such atlas database")


@pytest.fixture
def stored(tmp_path):
    path = tmp_path / "atlas.sqlite"
    with AtlasStore(path) as store:
        for text in ("n=4", "n=3 goal=same", "n=4 hands=2 goal=same observe=touch"):
            store.put(settle(Game.parse(text)))
    return str(path)


def test_from_db_prints_the_stored_table_in_each_format(capsys, stored, no_cluster):
    code, out, _ = run(capsys, "atlas", "--from-db", stored)
    assert code == 0
    assert out.splitlines()[2].split()[:4] == ["n=3", "goal=same", "no", "no"]
    summary = "3 games, 3 settled, 3 checked against the literature, 0 disagreeing; "
    assert out.splitlines()[-1].startswith(summary)
    code, out, _ = run(capsys, "atlas", "--from-db", stored, "--format", "markdown")
    assert out.splitlines()[3] == "| `n=4` | yes | 15 | 15 | yes | the notebook's belief search |"
    code, out, _ = run(capsys, "atlas", "--from-db", stored, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["game"], r["winnable"], r["moves"]) for r in rows] == [
        ("n=3 goal=same", "no", ""),
        ("n=4", "yes", "15"),
        ("n=4 hands=2 goal=same observe=touch", "yes", "5"),
    ]
    code, out, _ = run(capsys, "atlas", "--from-db", stored, "--format", "json")
    data = json.loads(out)
    assert data["games"] == 3 and data["disagreements"] == []
    assert data["entries"][1]["length"] == 15 and data["entries"][1]["version"]
    assert_usage_error(*run(capsys, "atlas", "--from-db", stored, "--workers", "2"), "--from-db")


def test_a_run_stores_every_game_and_a_second_run_solves_nothing(capsys, tmp_path, monkeypatch):
    path = str(tmp_path / "atlas.sqlite")
    argv = ["atlas", "--max-n", "3", "--hands", "all", "--db", path, "--workers", "1"]
    code, out, err = run(capsys, *argv, "--time-limit", "30")
    assert code == 0, err
    assert out.splitlines()[-1].startswith("12 games, 12 settled, ")
    with AtlasStore(path) as store:
        assert len(store) == 12
    monkeypatch.setattr(atlas_run, "local_client", None)  # nothing is left to solve
    code, again, _ = run(capsys, *argv)
    assert code == 0 and again == out


def test_an_interrupt_keeps_what_finished_and_exits_130(capsys, tmp_path, monkeypatch):
    @contextmanager
    def no_cluster(workers):
        yield None

    def interrupted(games, store, client, **_options):
        for game in games[:2]:
            store.put(settle(game))
        raise KeyboardInterrupt

    monkeypatch.setattr(atlas_run, "local_client", no_cluster)
    monkeypatch.setattr(atlas_run, "threads", lambda client: 2)
    monkeypatch.setattr(atlas_run, "run_atlas", interrupted)
    path = str(tmp_path / "atlas.sqlite")
    code, out, err = run(capsys, "atlas", "--max-n", "4", "--db", path)
    assert code == 130 and out == ""
    assert err.strip() == f"devilcoins: interrupted; 2 games kept in {path}, run again to go on"
    with AtlasStore(path) as store:
        assert [str(e.game) for e in store.entries()] == ["n=1", "n=1 goal=same"]


def test_from_db_with_ranges_prints_those_games(capsys, stored, no_cluster):
    code, out, _ = run(capsys, "atlas", "--from-db", stored, "--max-n", "4", "--format", "csv")
    assert code == 0
    assert [r["game"] for r in csv.DictReader(io.StringIO(out))] == ["n=3 goal=same", "n=4"]
    code, out, _ = run(capsys, "atlas", "--from-db", stored, "--n", "4", "--format", "json")
    assert [e["game"] for e in json.loads(out)["entries"]] == ["n=4"]


def test_a_time_limit_alone_solves_here_with_no_cluster(capsys, no_cluster):
    code, out, err = run(capsys, "atlas", "--max-n", "3", "--time-limit", "60", "--json")
    assert code == 0, err
    here = {e["game"]: (e["winnable"], e["length"]) for e in json.loads(out)["entries"]}
    code, out, _ = run(capsys, "atlas", "--max-n", "3", "--json")
    assert here == {e["game"]: (e["winnable"], e["length"]) for e in json.loads(out)["entries"]}
    assert len(here) == 12


def test_a_second_run_on_a_file_in_use_is_refused_and_the_file_kept(capsys, stored, no_cluster):
    with AtlasStore(stored) as running:
        before = len(running)
        result = run(capsys, "atlas", "--max-n", "2", "--db", stored)
        assert_usage_error(*result, "another atlas run is writing", "give another --db")
        assert len(running) == before


def test_a_damaged_or_locked_file_is_one_line(capsys, stored, no_cluster, monkeypatch):
    import sqlite3

    from devilcoins.atlas import store as store_module

    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.1)
    other = sqlite3.connect(stored, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    result = run(capsys, "atlas", "--n", "5", "--db", stored, "--time-limit", "30")
    other.execute("ROLLBACK")
    other.close()
    assert_usage_error(*result, f"the atlas {stored} is locked by another program")
    with open(stored, "r+b") as file:
        file.seek(4096)
        file.write(b"\xff" * 4096)
    result = run(capsys, "atlas", "--from-db", stored)
    assert_usage_error(*result, f"the atlas {stored} is damaged")


@pytest.mark.parametrize("journal", ["delete", "wal"])
def test_from_db_reads_an_atlas_in_a_folder_it_cannot_write(tmp_path, journal):
    """As a user who may not write the folder (root runs the command as 'nobody'); a file left
    in write-ahead-log mode (a run that was killed) needs a -shm file nobody can make there."""
    import os
    import shutil
    import subprocess
    import sys
    import tempfile

    folder = tempfile.mkdtemp(prefix="devilcoins-ro-")
    try:
        path = os.path.join(folder, "atlas.sqlite")
        with AtlasStore(path) as store:
            store.put(settle(Game(4)))
        if journal == "wal":
            import sqlite3

            sqlite3.connect(path).execute("PRAGMA journal_mode = WAL").fetchone()
        os.chmod(path, 0o444)
        os.chmod(folder, 0o555)
        as_nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        if os.geteuid() != 0:
            as_nobody = []
        elif shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: the folder would be writable")
        env = dict(os.environ, HOME=folder, NUMBA_CACHE_DIR=folder)
        if as_nobody:
            _skip_unless_nobody_can_import(as_nobody, env)
        done = subprocess.run(
            [*as_nobody, sys.executable, "-m", "devilcoins", "atlas", "--from-db", path],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[2].split()[:3] == ["n=4", "yes", "15"]
        assert sorted(os.listdir(folder)) == ["atlas.sqlite"]
    finally:
        os.chmod(folder, 0o755)
        shutil.rmtree(folder)


def _skip_unless_nobody_can_import(as_nobody: list[str], env: dict[str, str]) -> None:
    """Skip, saying why, when the user 'nobody' cannot run this Python with devilcoins: a clone
    in a private folder (mode 0700, a home folder) holds the package and its virtual
    environment where no other user may read them."""
    import subprocess
    import sys

    probe = subprocess.run(
        [*as_nobody, sys.executable, "-c", "import devilcoins"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    if probe.returncode != 0:
        pytest.skip(
            "the user 'nobody' cannot import devilcoins from this Python (the clone or its "
            f"virtual environment is in a folder only its owner may read: {sys.prefix}); "
            "clone it into a folder others may read to run this test"
        )
