"""What a test needs from the machine: skipped where it is missing, failed under CI.

A test that skips itself when Debian's chromium, the notebook's files or the build tools are
missing would pass a CI run that never ran it; ``make test`` installs all of them, so under CI
(the environment variable CI set, as .ci/run's runner sets it) a missing one fails the test.
"""

from __future__ import annotations

import os

import pytest


def missing(reason: str, *, module: bool = False) -> None:
    """Skip the calling test (or module) for reason; fail it instead when CI is set."""
    if os.environ.get("CI", "").lower() not in ("", "0", "false"):
        pytest.fail(f"{reason} (CI is set: make test provides this, so its absence is a failure)")
    pytest.skip(reason, allow_module_level=module)
