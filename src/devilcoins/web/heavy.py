"""Heavy requests run apart from the server: a few worker processes, each request with a time
budget, and a refusal at once (503 with Retry-After) when every worker is busy.

A verification of 65,535 moves holds the interpreter for seconds; run where the server answers,
it made every other visitor's move wait behind it.  In a worker process it holds only that
process, so the server's own threads keep answering the cheap requests (health, the page, a
move, a feel).  A worker stays taken until its work ends, even past the budget (the visitor is
told at the budget), so the number of busy workers never exceeds ``workers``.

``devilcoins serve`` starts the workers before it takes its first request (``start``), each
loading first what the heavy requests use, so that the first of them waits for no start-up; a
worker leaves Ctrl-C to the server, which stops it.

>>> work = HeavyWork(workers=1, budget=60)
>>> work.run(pow, 2, 10)
1024
>>> work.close()
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from typing import Any, TypeVar

from fastapi import HTTPException

__all__ = ["DEFAULT_BUDGET", "HEAVY", "HeavyWork", "default_workers", "without_ctrl_c"]

#: Seconds a heavy request may take before the visitor is told to try again.
DEFAULT_BUDGET = 30.0

#: Seconds a refused visitor is asked to wait (Retry-After).
RETRY_AFTER = 2

T = TypeVar("T")


def default_workers() -> int:
    """One worker less than the CPUs (the server keeps one for itself), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


class HeavyWork:
    """At most ``workers`` heavy requests at once, each in a worker process, each answered
    within ``budget`` seconds or refused."""

    def __init__(self, workers: int | None = None, budget: float = DEFAULT_BUDGET) -> None:
        self.workers = workers or default_workers()
        self.budget = budget
        self._slots = threading.BoundedSemaphore(self.workers)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._ready: Callable[[], object] | None = None

    def configure(self, workers: int | None, budget: float | None) -> None:
        """New sizes before the first request (``devilcoins serve --heavy-workers``)."""
        with self._lock:
            if self._pool is not None:
                raise RuntimeError("the heavy-work pool is running already")
            if workers:
                self.workers = workers
                self._slots = threading.BoundedSemaphore(workers)
            if budget:
                self.budget = budget

    def start(self, ready: Callable[[], object] | None = None) -> list[Future[int]]:
        """Start every worker now, each calling ready() (a top-level function) as it starts,
        before any request's work; the futures end once the workers have taken their first
        (empty) tasks, so once one worker at least is ready."""
        with self._lock:
            if self._pool is not None:
                raise RuntimeError("the heavy-work pool is running already")
            self._ready = ready
        pool = self._started()
        # each task submitted while no worker is idle starts one more worker, up to workers
        with without_ctrl_c():
            return [pool.submit(os.getpid) for _ in range(self.workers)]

    def run(self, work: Callable[..., T], *args: Any) -> T:
        """work(*args) in a worker process; a 503 now when every worker is busy, or when it
        takes past the budget (the worker finishes it meanwhile and is then free again)."""
        self.admit()
        return self.run_admitted(work, *args)

    def admit(self) -> None:
        """Take a worker for a request, or a 503 now when every worker is busy: a request
        admitted must then ``run_admitted`` (or ``release``)."""
        if not self._slots.acquire(blocking=False):
            raise _busy(
                f"the server is busy with {self.workers} heavy request"
                f"{'' if self.workers == 1 else 's'} already: try again in a moment"
            )

    def release(self) -> None:
        """Give back a worker admitted and not used."""
        self._slots.release()

    def run_admitted(
        self, work: Callable[..., T], *args: Any, kept: Callable[[T], None] | None = None
    ) -> T:
        """work(*args) in the worker admitted (see run); kept(answer) is called when the answer
        comes, even past the budget (so that it can be kept for the next request)."""
        try:
            future: Future[T] = self._started().submit(work, *args)
        except BaseException:
            self._slots.release()
            raise
        future.add_done_callback(lambda _: self._slots.release())
        if kept is not None:
            future.add_done_callback(lambda done: _keep(done, kept))
        try:
            return future.result(timeout=self.budget)
        except FutureTimeout:
            raise _busy(
                f"this request took more than its {self.budget:g} s: try again in a moment, "
                "or use the devilcoins command line (solve, verify), whose limits are yours"
            ) from None

    def _started(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_starts,
                    initargs=(self._ready,),
                )
            return self._pool

    def close(self) -> None:
        """Stop the workers (work not started is dropped)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


@contextmanager
def without_ctrl_c() -> Iterator[None]:
    """While inside, SIGINT waits (blocked in this thread), and so do the processes started:
    a Ctrl-C in a terminal reaches every process of the server, and one that came while a
    worker was still importing would end it with a traceback; the server stops its workers
    itself.  A SIGINT that came meanwhile reaches this process on the way out."""
    if not hasattr(signal, "pthread_sigmask"):  # no signal masks (Windows)
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _worker_starts(ready: Callable[[], object] | None) -> None:
    """In a worker as it starts: Ctrl-C left to the server (which stops its workers), then
    ready(); a ready() that fails only leaves the worker to load things as its work needs."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if ready is not None:
        try:
            ready()
        except Exception:
            logging.getLogger(__name__).exception("a heavy-work worker did not get ready")


def _keep(done: Future[T], kept: Callable[[T], None]) -> None:
    """Hand a finished future's answer to kept (a future that failed has none)."""
    if not done.cancelled() and done.exception() is None:
        kept(done.result())


def _busy(detail: str) -> HTTPException:
    return HTTPException(503, detail, headers={"Retry-After": str(RETRY_AFTER)})


#: The heavy-work pool of this process's server (shared by every app it creates).
HEAVY = HeavyWork()
