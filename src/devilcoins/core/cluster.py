"""A Dask cluster to spread work over: worker processes on this machine, or a running cluster.

``local_client(workers)`` starts worker processes here (one thread each, no dashboard, on the
loopback address); ``remote_client(address)`` joins a running cluster ('dask scheduler' and
'dask worker ADDRESS').  The atlas sends each game to one; the touch level search sends the
questions at its top level (``observed.touch.spread``).  Dask is imported only inside.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from devilcoins.core.errors import InvalidInput

if TYPE_CHECKING:
    from distributed import Client, LocalCluster

__all__ = ["CONNECT_SECONDS", "Cluster", "client_for", "local_client", "remote_client", "threads"]

T = TypeVar("T")

#: A cluster as a command names it: a number of worker processes on this machine, or the
#: address of a running cluster's scheduler.
Cluster = int | str


def dask_setup(worker: object) -> None:
    """On each local worker (a Dask preload): Ctrl-C on the terminal is for the run to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def local_client(workers: int) -> Iterator[Client]:
    """A client of a new cluster of worker processes on this machine, closed on the way out.

    An interrupt (Ctrl-C, SIGTERM, any BaseException that is not an error) while the cluster
    starts, or while it runs, leaves it at once (``_abandon``): its worker processes are
    killed and Dask's own goodbye, which waits for the workers (seconds, and a traceback at
    exit when they had not started), never runs."""
    import logging
    import multiprocessing

    from distributed import Client, LocalCluster
    from distributed.deploy.spec import SpecCluster

    clusters = set(SpecCluster._instances)
    children = set(multiprocessing.active_children())

    def leave() -> None:
        _abandon(set(SpecCluster._instances) - clusters, children, client)

    def start() -> LocalCluster:
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            # the scheduler's plain HTTP routes (no dashboard) on a free loopback port, not 8787
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            host="127.0.0.1",
            silence_logs=logging.CRITICAL,  # a worker stopping with the run is no news
            preload=["devilcoins.core.cluster"],  # dask_setup above
        )

    cluster: LocalCluster | None = None
    client: Client | None = None
    try:
        cluster = _waiting(start)
        client = _waiting(partial(Client, cluster))
        yield client
    except BaseException as stop:
        if not isinstance(stop, Exception | GeneratorExit):  # an interrupt: leave at once
            leave()
        else:
            _close((client, cluster), leave)
        raise
    _close((client, cluster), leave)


def _close(parts: tuple[Any, ...], leave: Callable[[], None]) -> None:
    """Close a client and its cluster, Dask's way (the workers told, then waited for); an
    interrupt meanwhile leaves them at once (leave)."""
    try:
        for part in parts:
            if part is not None:
                _waiting(part.close)
    except BaseException as stop:
        if not isinstance(stop, Exception):
            leave()
        raise


def _waiting(call: Callable[[], T]) -> T:
    """call() in a thread of its own, this thread waiting for it a tenth of a second at a time:
    a signal the kernel hands to another thread (any thread of the process may take it) is
    heard here within that, where Dask's own waits, ten seconds at a time, hear it only when
    they end (seconds: a SIGTERM while the cluster started took 4.7 s). On an interrupt the
    thread is left to itself (``_abandon`` stops what it started)."""
    import threading

    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(call())
        except BaseException as err:  # given to the waiting thread, not printed
            failed.append(err)

    thread = threading.Thread(target=run, name="devilcoins-dask", daemon=True)
    thread.start()
    while thread.is_alive():
        thread.join(0.1)
    if failed:
        raise failed[0]
    return done[0]


def _abandon(clusters: set[Any], children: set[Any], client: Client | None) -> None:
    """Leave clusters (started here, perhaps half) at once: their event loops stopped for good
    and their worker processes killed (``_freeze``; then any child of this process not in
    children), and nothing left for Dask to close at exit (its handler would wait for the
    workers, and fail on those still starting)."""
    import logging
    import multiprocessing

    from distributed import client as clients
    from distributed.core import Status
    from distributed.deploy.spec import SpecCluster

    # the tasks that were starting the workers end in errors nobody waits for: asyncio would
    # print each ('Task exception was never retrieved', a traceback) when it is collected
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    for cluster in clusters:
        SpecCluster._instances.discard(cluster)
        for nanny in getattr(cluster, "workers", {}).values():
            if nanny.status == Status.running:  # a worker killed below is not started again
                nanny.status = Status.closing
    if client is not None:
        with suppress(Exception):
            client.close(timeout=ABANDON_SECONDS)
    for made in list(clients._global_clients.values()):  # not closed at exit either (that
        if made is client or getattr(made, "cluster", None) in clusters:  # waits for the loop)
            with suppress(Exception):
                clients._del_global_client(made)
    for cluster in clusters:
        _freeze(cluster)
    for child in set(multiprocessing.active_children()) - children:
        child.kill()
        child.join(ABANDON_SECONDS)


def _freeze(cluster: Any) -> None:
    """Stop cluster's event loop for good, from its own thread, after killing its workers'
    processes there: a process on its way up (its start handed to the thread that starts it)
    is killed once started, and none is started after (a child started as this process ends
    prints a traceback, its parent's half of the pipe gone)."""
    import threading

    done = threading.Event()

    def freeze() -> None:
        try:
            for nanny in list(getattr(cluster, "workers", {}).values()):
                process = getattr(getattr(nanny, "process", None), "process", None)
                if process is None:  # no process made yet: none will be
                    continue
                with suppress(Exception):
                    process.kill()  # after its start, if that is on its way
                    process._watch_q.put_nowait({"op": "stop"})  # then the thread ends
                    process._watch_message_thread.join(FREEZE_SECONDS)
        finally:
            done.set()
        threading.Event().wait()  # the loop runs nothing more (its thread ends with us)

    with suppress(Exception):  # a loop already closed: nothing runs there anyway
        cluster.loop.add_callback(freeze)
        done.wait(2 * FREEZE_SECONDS)


#: How long an abandoned cluster's client and each worker are given to end (seconds).
ABANDON_SECONDS = 0.5

#: How long a worker process on its way up may take to be started, then killed, when its
#: cluster is abandoned (at most: it takes milliseconds, unless the machine is swamped).
FREEZE_SECONDS = 2.0


@contextmanager
def remote_client(address: str) -> Iterator[Client]:
    """A client of the running cluster whose scheduler is at address, closed on the way out;
    InvalidInput when nothing answers there within CONNECT_SECONDS."""
    from distributed import Client

    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except Exception as err:  # a service there that is not Dask may raise anything
        raise InvalidInput(
            f"no Dask scheduler answers at {address} ({type(err).__name__}: "
            f"{str(err).splitlines()[0][:120] if str(err) else 'no reply'}); start one with "
            "'dask scheduler' and workers with 'dask worker ADDRESS', or leave out --scheduler "
            "to run on this machine"
        ) from None
    with client:
        yield client


#: How long remote_client waits for a scheduler to answer.
CONNECT_SECONDS = 5


def threads(client: Client) -> int:
    """How many tasks the cluster runs at once (its worker threads)."""
    return sum(client.nthreads().values())


def client_for(cluster: Cluster) -> AbstractContextManager[Client]:
    """A client of the cluster named: workers started here (a number), or the running cluster
    whose scheduler is at the address (a string)."""
    return remote_client(cluster) if isinstance(cluster, str) else local_client(cluster)
