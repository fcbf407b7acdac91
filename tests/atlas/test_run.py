"""The atlas on Dask: the serial answers, resuming after an interrupt, time limits, dead workers.

One local cluster of two worker processes serves the module (about 3 s to start).
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time

import dask
import pytest
from atlas_solvers import MARKER
from helpers import atlas_fields

from devilcoins.atlas import AtlasEntry, atlas
from devilcoins.atlas.grid import grid
from devilcoins.atlas.run import local_client, run_atlas, threads
from devilcoins.atlas.store import AtlasStore
from devilcoins.cli.main import main
from devilcoins.core.game import Game

GRID = grid(range(1, 6), groups=("cyclic", "full"), observe=("blind", "touch"))


@pytest.fixture(scope="module")
def marker(tmp_path_factory):
    """The kill_worker_once marker file: set before the cluster starts, its workers inherit it."""
    path = tmp_path_factory.mktemp("atlas") / "killed"
    os.environ[MARKER] = str(path)
    yield path
    del os.environ[MARKER]


@pytest.fixture(scope="module")
def client(marker):
    with local_client(2) as client:
        yield client


def test_two_workers_give_the_serial_answers(client):
    assert threads(client) == 2
    with AtlasStore(":memory:") as store:
        distributed = run_atlas(GRID, store, client)
        assert len(store) == len(GRID) == 108  # full on one or two positions is the cyclic game
    assert [atlas_fields(e) for e in distributed] == [atlas_fields(e) for e in atlas(GRID)]


def test_an_interrupted_run_resumes_and_stores_every_game_once(client, tmp_path):
    path = tmp_path / "atlas.sqlite"
    first: list[str] = []

    def stop_after_five(entry: AtlasEntry) -> None:
        first.append(entry.text)
        if len(first) == 5:
            raise KeyboardInterrupt

    with AtlasStore(path) as store, pytest.raises(KeyboardInterrupt):
        run_atlas(GRID, store, client, on_result=stop_after_five)
    (kept,) = sqlite3.connect(path).execute("SELECT count(*) FROM games").fetchone()
    assert kept == 5
    second: list[str] = []
    with AtlasStore(path) as store:
        entries = run_atlas(GRID, store, client, on_result=lambda e: second.append(e.text))
        assert len(store) == len(GRID)
    assert sorted(first + second) == sorted(str(g) for g in GRID)  # each game solved once
    assert [e.text for e in entries] == [str(g) for g in GRID]
    again: list[str] = []
    with AtlasStore(path) as store:
        run_atlas(GRID, store, client, on_result=lambda e: again.append(e.text))
    assert again == []


def test_a_game_past_its_time_limit_is_stored_open(client):
    games = [Game(n) for n in (2, 3, 4, 5)]
    with AtlasStore(":memory:") as store:
        entries = run_atlas(games, store, client, time_limit=1.0, solver="atlas_solvers:slow")
        by_n = {e.game.n: e for e in entries}
        assert by_n[3].status == "open" and by_n[3].winnable is None
        assert by_n[3].note.startswith("time limit 1 s reached")
        assert [(by_n[n].winnable, by_n[n].length) for n in (2, 4, 5)] == [
            (True, 3),
            (True, 15),
            (False, None),
        ]
        assert store.pending(games, 1.0) == []
        assert store.pending(games, 2.0) == [Game(3)]


def test_a_solver_that_dies_leaves_its_game_open_and_the_next_one_is_solved(client):
    games = [Game(3), Game(4), Game(2)]
    with AtlasStore(":memory:") as store:
        entries = run_atlas(games, store, client, time_limit=30, solver="atlas_solvers:die_at_3")
    assert entries[0].status == "open"
    assert entries[0].note.startswith("the solver died (exit status 3)")
    assert [(e.winnable, e.length) for e in entries[1:]] == [(True, 15), (True, 3)]


def test_a_worker_killed_during_a_game_loses_only_that_game(client, marker):
    games = [Game(n) for n in range(1, 7)]
    with AtlasStore(":memory:") as store:
        entries = run_atlas(games, store, client, solver="atlas_solvers:kill_worker_once")
    worker = int(marker.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(worker, 0)  # the worker that met n = 4 first is gone
    assert [(e.text, e.winnable, e.length) for e in entries] == [
        (str(g), *expected)
        for g, expected in zip(
            games,
            [(True, 1), (True, 3), (False, None), (True, 15), (False, None), (False, None)],
            strict=True,
        )
    ]


def test_a_game_whose_worker_always_dies_is_stored_open_and_tried_again():
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        local_client(1) as client,
        AtlasStore(":memory:") as store,
    ):
        killer = "atlas_solvers:kill_worker_always"
        (entry,) = run_atlas([Game(4)], store, client, solver=killer)
        assert (entry.status, entry.winnable) == ("open", None)
        assert entry.note.startswith("its worker died each time it was tried")
        assert store.pending([Game(4)], 5.0) == [Game(4)]
        (entry,) = run_atlas([Game(3)], store, client, solver=killer)  # on the new worker
        assert (entry.status, entry.winnable, entry.method) == (
            "settled",
            False,
            "belief search (every reachable belief explored)",
        )


def test_a_task_that_fails_is_stored_open_with_the_error(client):
    (entry,) = run_atlas([Game(2)], AtlasStore(":memory:"), client, solver="atlas_solvers:nothing")
    assert entry.status == "open"
    assert entry.note.startswith("the task failed: RuntimeError: the solver atlas_solvers:nothing")


def test_the_command_uses_a_running_cluster(client, tmp_path, capsys):
    path = str(tmp_path / "atlas.sqlite")
    argv = ["atlas", "--max-n", "3", "--scheduler", client.scheduler.address, "--db", path]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("12 games, 12 settled, ")
    with AtlasStore(path) as store:
        assert len(store) == 12


def test_a_scheduler_that_does_not_answer_is_a_usage_error(capsys):
    import socket

    with socket.socket() as probe:  # a loopback port nobody listens on once it is closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = main(["atlas", "--max-n", "2", "--scheduler", f"tcp://127.0.0.1:{port}"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert err.startswith(f"devilcoins: error: no Dask scheduler answers at tcp://127.0.0.1:{port}")


CTRL_C = """
import signal, sys
from devilcoins.cli import main
if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)  # a shell's background job ignores it
    sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.slow
def test_ctrl_c_on_the_terminal_stops_the_run_cleanly_and_a_rerun_finishes_it(tmp_path):
    # Ctrl-C reaches every process of the terminal's group: the command, its workers, their
    # children; only the command answers, with one line, and keeps what finished
    script = tmp_path / "devilcoins_cli.py"
    script.write_text(CTRL_C)
    path = tmp_path / "atlas.sqlite"
    argv = ["atlas", "--max-n", "8", "--values", "2,3", "--observe", "blind"]
    argv += ["--time-limit", "5", "--workers", "2", "--db", str(path)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    run = subprocess.Popen(
        [sys.executable, str(script), *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )
    deadline = time.monotonic() + 300  # a hang guard only
    while _stored(path) < 20 and time.monotonic() < deadline:
        time.sleep(0.2)
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=300)
    assert run.returncode == 130, err
    assert out == "" and "Traceback" not in err
    kept = _stored(path)
    assert 20 <= kept < 144
    assert f"devilcoins: interrupted; {kept} games kept in {path}" in err.splitlines()[-1]
    finish = subprocess.run(
        [sys.executable, str(script), *argv], capture_output=True, text=True, env=env, check=False
    )
    assert finish.returncode == 0, finish.stderr
    with AtlasStore(path) as store:
        assert len(store) == 144
    assert finish.stdout.splitlines()[-1].startswith("144 games, ")


def _stored(path) -> int:
    """How many games the file holds (0 before it exists)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.Error:
        return 0


def test_a_run_here_stops_each_game_at_its_limit_without_a_cluster():
    """run_here: the games one after another in a child process, a game past the limit stored
    open (its child killed, a new one started for the next game), no child left at the end."""
    from devilcoins.atlas import run as atlas_run
    from devilcoins.atlas.run import run_here

    games = [Game(n) for n in (2, 3, 4)]
    seen: list[str] = []
    with AtlasStore(":memory:") as store:
        entries = run_here(
            games,
            store,
            time_limit=2.0,
            solver="atlas_solvers:slow",
            on_result=lambda e: seen.append(e.status),
        )
    assert seen == ["settled", "open", "settled"]
    assert entries[1].note.startswith("time limit 2 s reached")
    assert [(e.winnable, e.length) for e in (entries[0], entries[2])] == [(True, 3), (True, 15)]
    assert atlas_run._children.__dict__.get("by_solver") == {}
