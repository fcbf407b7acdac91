"""The atlas on Dask distributed: each game one task, each answer stored the moment it arrives.

``run_atlas(games, store, client)`` sends every game the store does not hold yet to the cluster
and puts each answer in the store (committed) as it comes back, so an interrupted run loses
nothing that finished and the next run goes on from there.  ``local_client(workers)`` starts a
cluster of worker processes on this machine (one thread each, no dashboard);
``remote_client(address)`` joins a running one; ``run_here`` settles the games one after
another in a child process of this one, each within the time limit, with no cluster at all.

On a worker, each game is solved in a child process that the worker keeps for the next game;
past its time limit the child is killed (the game is stored 'open', with the reason) and a new
one started. A game the solver refuses (``DevilcoinsError``) is stored with the kind of the
refusal as its status ('too large', 'not supported', 'invalid') and the message. A worker that
dies mid-game loses only that game: the scheduler gives it to another worker (and after too many
deaths it is stored 'open').

The child is ``python -m devilcoins.atlas.run SOLVER``: it reads one game's text per line and
answers each with the entry's JSON on one line (POSIX only: it waits with ``select``).
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pkgutil import resolve_name
from typing import IO, TYPE_CHECKING, Any

from devilcoins.atlas.entry import AtlasEntry, left_open, settle
from devilcoins.atlas.store import AtlasStore
from devilcoins.core.cluster import local_client, remote_client, threads
from devilcoins.core.game import Game

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "SOLVER",
    "local_client",
    "remote_client",
    "run_atlas",
    "run_here",
    "settle_task",
    "threads",
]

#: The solver the children call, as 'module:function' (a test may name a slower one).
SOLVER = "devilcoins.engine:solve"

_READY = "ready"

#: How long a new child may take to say it is ready (numba compiles on a first run, some 10 s).
STARTUP_SECONDS = 300.0

#: Games each child solves before it says it is ready, to load the compiled kernels first (the
#: first load, or a first compile, is not the game's time).
WARM_UP = ("n=3 hands=1", "n=2 hands=1 observe=touch", "n=2 observe=sight", "n=3 group=full")


# --- the child: one solver process --------------------------------------------------------------


def _exit_with_parent() -> None:
    """In the child: leave at once when the worker that started it is gone."""
    parent = os.getppid()
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def serve(solver: str) -> None:
    """The child's loop: a game's text in, its entry's JSON out, one line each, until EOF."""
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "w")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # stray prints must not reach the worker
    threading.Thread(target=_exit_with_parent, daemon=True).start()
    solve = resolve_name(solver)  # 'module:function', as an entry point names one
    try:
        for text in WARM_UP:
            settle(Game.parse(text))
        print(_READY, file=replies, flush=True)
        for line in sys.stdin:
            entry = settle(Game.parse(line.strip()), solve)
            print(json.dumps(entry.to_json()), file=replies, flush=True)
    except BrokenPipeError:  # the worker is gone (a run stopped): nothing to say, to no one
        os._exit(0)


def _read_line(stream: IO[bytes], limit: float | None) -> bytes | None:
    """One line from a child's stream; b'' if it ended, None if the limit passed first."""
    deadline = None if limit is None else time.monotonic() + limit
    fd, got = stream.fileno(), b""
    while not got.endswith(b"\n"):
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        if not select.select([fd], [], [], wait)[0]:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b""
        got += chunk
    return got


class _Child:
    """A solver process on a worker, kept for the next game and killed when past a limit."""

    def __init__(self, solver: str) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "devilcoins.atlas.run", solver],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            start_new_session=True,  # Ctrl-C on the terminal is for the run, not each solver
        )
        if _read_line(self._out, STARTUP_SECONDS) != _READY.encode() + b"\n":
            self.stop()
            raise RuntimeError(f"the solver {solver} did not start")

    @property
    def _out(self) -> IO[bytes]:
        assert self.process.stdout is not None
        return self.process.stdout

    def ask(self, text: str, limit: float | None) -> bytes | None:
        """The child's answer for a game (b'' if it died), None if past limit."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(text.encode() + b"\n")
            self.process.stdin.flush()
        except BrokenPipeError:  # it died since the last game
            return b""
        return _read_line(self._out, limit)

    def stop(self) -> None:
        """Kill the child and wait for it."""
        self.process.kill()
        self.process.wait()


_children = threading.local()


def _settle_in_child(game: Game, limit: float | None, solver: str) -> AtlasEntry:
    """Settle game in this thread's child process (started if needed) within limit seconds."""
    kept: dict[str, _Child] = _children.__dict__.setdefault("by_solver", {})
    child = kept.get(solver) or kept.setdefault(solver, _Child(solver))
    t0 = time.perf_counter()
    answer = child.ask(str(game), limit)
    if answer:
        return AtlasEntry.from_json(json.loads(answer))
    child.stop()
    del kept[solver]
    seconds = time.perf_counter() - t0
    if answer is None:
        return left_open(game, f"time limit {limit:g} s reached", seconds)
    return left_open(game, f"the solver died (exit status {child.process.returncode})", seconds)


def _stop_children() -> None:
    """Stop this thread's solver processes."""
    kept: dict[str, _Child] = _children.__dict__.setdefault("by_solver", {})
    for child in kept.values():
        child.stop()
    kept.clear()


def settle_task(text: str, time_limit: float | None = None, solver: str = SOLVER) -> dict[str, Any]:
    """One Dask task: the game's entry as JSON data, settled within time_limit seconds."""
    return _settle_in_child(Game.parse(text), time_limit, solver).to_json()


# --- the client: the cluster and the run --------------------------------------------------------


def _entry(future: Any, game: Game) -> tuple[AtlasEntry, bool]:
    """A finished task's entry, and whether it ran to its end (False: its workers kept dying,
    or it failed)."""
    from distributed import KilledWorker

    try:
        return AtlasEntry.from_json(future.result()), True
    except KilledWorker:
        return left_open(game, "its worker died each time it was tried", 0.0), False
    except Exception as err:  # the task itself failed (a solver that cannot start, say)
        return left_open(game, f"the task failed: {type(err).__name__}: {err}", 0.0), False


def run_atlas(
    games: Iterable[Game],
    store: AtlasStore,
    client: Client,
    *,
    time_limit: float | None = None,
    solver: str = SOLVER,
    on_result: Callable[[AtlasEntry], None] | None = None,
) -> list[AtlasEntry]:
    """Settle every game the store lacks on client's cluster, storing each answer as it comes.

    on_result(entry) is called after each is stored.  Returns the stored entries of games.
    """
    from distributed import as_completed

    games = list(games)
    todo = {str(g): g for g in store.pending(games, time_limit)}
    futures = client.map(settle_task, list(todo), time_limit=time_limit, solver=solver, pure=False)
    by_key = {f.key: todo[text] for f, text in zip(futures, todo, strict=True)}
    try:
        for future in as_completed(futures):
            entry, finished = _entry(future, by_key[future.key])
            store.put(entry, time_limit=time_limit if finished else None)
            if on_result is not None:
                on_result(entry)
    finally:
        client.cancel(futures)
    return store.entries(games)


def run_here(
    games: Iterable[Game],
    store: AtlasStore,
    *,
    time_limit: float,
    solver: str = SOLVER,
    on_result: Callable[[AtlasEntry], None] | None = None,
) -> list[AtlasEntry]:
    """As run_atlas, with no cluster: the games the store lacks, one after another in a child
    process of this one, each stopped (stored 'open') past time_limit seconds."""
    games = list(games)
    try:
        for game in store.pending(games, time_limit):
            entry = _settle_in_child(game, time_limit, solver)
            store.put(entry, time_limit=time_limit)
            if on_result is not None:
                on_result(entry)
    finally:
        _stop_children()
    return store.entries(games)


if __name__ == "__main__":  # pragma: no cover  (the child: python -m devilcoins.atlas.run)
    serve(sys.argv[1] if len(sys.argv) > 1 else SOLVER)
