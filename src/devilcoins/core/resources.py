"""What this process uses of the machine, measured (resident memory, the time since it
started), what the machine has, and the memory limit a command set for its searches.

The readings come from psutil, which reads them on Linux, macOS and Windows alike.

The limit holds in two ways: the command line's watcher (``cli.limits``) looks at the resident
memory twenty times a second and stops the command near it, and a search about to allocate
much at once (one compiled call, which no interrupt stops halfway) calls ``reserve`` first,
which refuses when the resident memory and the new bytes would pass the limit.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from devilcoins.core.errors import TooLarge

__all__ = [
    "CACHED_GAMES",
    "RESERVE_FROM",
    "machine_bytes",
    "memory_ceiling",
    "memory_limit",
    "on_memory_limit",
    "process_seconds",
    "reserve",
    "resident_bytes",
    "seconds_left",
    "until",
    "using_at_most",
]

#: How many games' tables (and the like) a process keeps, least recently used dropped first:
#: a long-lived process (the page, a test run) asked for many games stays bounded.
CACHED_GAMES = 32

#: The memory limit a command set (bytes), or None: see using_at_most.
_LIMIT: list[int | None] = [None]

#: When the command's time is up (``time.monotonic``), or None: see until.
_DEADLINE: list[float | None] = [None]


def _process() -> Any:
    """This process, as psutil sees it (made once: psutil keeps its handle open)."""
    if not _PROCESS:
        import psutil

        _PROCESS.append(psutil.Process())
    return _PROCESS[0]


_PROCESS: list[Any] = []


def resident_bytes() -> int:
    """This process's resident memory in bytes (psutil, on every OS; 0 where it cannot be read).

    >>> resident_bytes() > 0
    True
    """
    try:
        return int(_process().memory_info().rss)
    except Exception:  # psutil.Error, or a system that hides it: no reading, no limit to see
        return 0


def process_seconds() -> float:
    """How long this process has run (seconds since it started, its start-up and imports
    included), from psutil; 0.0 where the start cannot be read.

    >>> 0 <= process_seconds() < 10 * 86400
    True
    """
    try:  # Linux: to the clock tick (psutil's start time counts from the boot's whole second)
        with open("/proc/uptime", encoding="ascii") as f:
            up = float(f.read().split()[0])
        with open("/proc/self/stat", encoding="ascii") as f:
            ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        return max(0.0, up - ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        return max(0.0, time.time() - float(_process().create_time()))
    except Exception:
        return 0.0


def machine_bytes() -> int:
    """The memory this process may have: the machine's, or its control group's when smaller.

    >>> machine_bytes() > 0
    True
    """
    import psutil

    total = int(psutil.virtual_memory().total)
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(path, encoding="ascii") as f:
                text = f.read().strip()
        except OSError:
            continue
        if text.isdigit() and 0 < int(text) < total:
            total = int(text)
    return total


def memory_limit(default: int) -> int:
    """The resident size a search may reach: its own default, or less when a command said so.

    >>> memory_limit(6 << 30) == min(6 << 30, _LIMIT[0] or 6 << 30)
    True
    """
    return default if _LIMIT[0] is None else min(default, _LIMIT[0])


def memory_ceiling(allowance: int) -> int:
    """The resident size a search starting now may reach: what the process holds now plus the
    search's own allowance, or the command's limit when that is lower. A long-lived process
    (the page's server, a test run) that already holds much still gives each search its
    allowance; a command's --memory bounds the whole process, as its watcher measures it.

    >>> memory_ceiling(1 << 30) >= 1 << 30
    True
    >>> with using_at_most(1 << 20):
    ...     memory_ceiling(1 << 30)
    1048576
    """
    return memory_limit(resident_bytes() + allowance)


#: Allocations smaller than this (bytes) are not checked by reserve: the watcher sees memory
#: that grows by them in time.
RESERVE_FROM = 8 << 20

#: Called by reserve, in the allocating thread, before it refuses (``on_memory_limit``).
_ON_LIMIT: list[Callable[[], None]] = []


def reserve(size: int, what: str = "the search") -> None:
    """Before allocating size bytes at once: refuse (TooLarge) when the resident memory and
    them would pass the memory limit a command set (``using_at_most``; none set: no check).
    The command line's watcher hears of it first (``on_memory_limit``) and stops the command
    there as at its limit. Allocations under RESERVE_FROM are not checked.

    >>> reserve(1 << 40)  # no limit set: nothing to refuse
    >>> with using_at_most(1 << 30):
    ...     reserve(1 << 40, "the table")
    Traceback (most recent call last):
    ...
    devilcoins.core.errors.TooLarge: the table needs 1,099.5 GB more, past the memory limit (1.1 GB)
    """
    limit = _LIMIT[0]
    if limit is None or size < RESERVE_FROM or resident_bytes() + size <= limit:
        return
    for heard in list(_ON_LIMIT):
        heard()
    raise TooLarge(
        f"{what} needs {size / 1e9:,.1f} GB more, past the memory limit ({limit / 1e9:,.1f} GB)"
    )


@contextmanager
def on_memory_limit(heard: Callable[[], None]) -> Iterator[None]:
    """While inside, reserve calls heard() before it refuses an allocation (heard may raise:
    the command line stops the command there)."""
    _ON_LIMIT.append(heard)
    try:
        yield
    finally:
        _ON_LIMIT.remove(heard)


def seconds_left() -> float | None:
    """The seconds until the command's time limit (``until``; at least 0), or None when it
    set none: a solver that runs outside Python (HiGHS) is given them as its own limit.

    >>> seconds_left() is None
    True
    >>> with until(time.monotonic() + 60):
    ...     0 < seconds_left() <= 60
    True
    """
    end = _DEADLINE[0]
    return None if end is None else max(0.0, end - time.monotonic())


@contextmanager
def until(deadline: float | None) -> Iterator[None]:
    """While inside, seconds_left counts down to deadline (``time.monotonic``; None: none)."""
    saved = _DEADLINE[0]
    _DEADLINE[0] = deadline
    try:
        yield
    finally:
        _DEADLINE[0] = saved


@contextmanager
def using_at_most(limit: int | None) -> Iterator[None]:
    """While inside, memory_limit gives at most limit bytes (None: no limit of the command's).

    >>> with using_at_most(1 << 30):
    ...     memory_limit(6 << 30)
    1073741824
    """
    saved = _LIMIT[0]
    _LIMIT[0] = limit
    try:
        yield
    finally:
        _LIMIT[0] = saved
