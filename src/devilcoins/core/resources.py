"""What this process uses of the machine, measured (resident memory), what the machine has, and
the memory limit a command set for its searches."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["CACHED_GAMES", "machine_bytes", "memory_limit", "resident_bytes", "using_at_most"]

#: How many games' tables (and the like) a process keeps, least recently used dropped first:
#: a long-lived process (the page, a test run) asked for many games stays bounded.
CACHED_GAMES = 32

#: The memory limit a command set (bytes), or None: see using_at_most.
_LIMIT: list[int | None] = [None]


def resident_bytes() -> int:
    """This process's resident memory in bytes (from /proc; 0 where it cannot be read).

    >>> resident_bytes() >= 0
    True
    """
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def machine_bytes() -> int:
    """The memory this process may have: the machine's, or its control group's when smaller.

    >>> machine_bytes() > 0
    True
    """
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
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
