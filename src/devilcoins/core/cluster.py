"""A Dask cluster to spread work over: worker processes on this machine, or a running cluster.

``local_client(workers)`` starts worker processes here (one thread each, no dashboard, on the
loopback address); ``remote_client(address)`` joins a running cluster ('dask scheduler' and
'dask worker ADDRESS').  The atlas sends each game to one; the touch level search sends the
questions at its top level (``observed.touch.spread``).  Dask is imported only inside.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING

from devilcoins.core.errors import InvalidInput

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["CONNECT_SECONDS", "Cluster", "client_for", "local_client", "remote_client", "threads"]

#: A cluster as a command names it: a number of worker processes on this machine, or the
#: address of a running cluster's scheduler.
Cluster = int | str


def dask_setup(worker: object) -> None:
    """On each local worker (a Dask preload): Ctrl-C on the terminal is for the run to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def local_client(workers: int) -> Iterator[Client]:
    """A client of a new cluster of worker processes on this machine, closed on the way out."""
    import logging

    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            # the scheduler's plain HTTP routes (no dashboard) on a free loopback port, not 8787
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            host="127.0.0.1",
            silence_logs=logging.CRITICAL,  # a worker stopping with the run is no news
            preload=["devilcoins.core.cluster"],  # dask_setup above
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


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
