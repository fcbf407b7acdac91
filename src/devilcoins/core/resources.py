"""What this process uses of the machine, measured (resident memory, the time since it
started), what the machine has, and the memory limit a command set for its searches.

The readings come from psutil, which reads them on Linux, macOS and Windows alike.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = [
    "CACHED_GAMES",
    "machine_bytes",
    "memory_limit",
    "process_seconds",
    "resident_bytes",
    "using_at_most",
]

#: How many games' tables (and the like) a process keeps, least recently used dropped first:
#: a long-lived process (the page, a test run) asked for many games stays bounded.
CACHED_GAMES = 32

#: The memory limit a command set (bytes), or None: see using_at_most.
_LIMIT: list[int | None] = [None]


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
