"""What this process uses of the machine, measured: resident memory."""

from __future__ import annotations

import os

__all__ = ["resident_bytes"]


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
