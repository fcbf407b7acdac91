"""Shared fixtures: the seeds folder (the notebook that specifies this project) and its texts."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from needs import missing

# Every hypothesis test runs without a deadline and without the too-slow health check: a busy
# machine (a CPU-bound loop on each core) must not fail a test; speed belongs to bench/.
settings.register_profile("devilcoins", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("devilcoins")

# The heavy modules imported once, before any test: a test that runs a command in this process
# with a short --time-limit interrupts it (the watcher's signal), and on a busy machine that
# signal could land inside a first import of numba, leaving a half-made module behind for every
# later test in the process.
import numba  # noqa: E402, F401
import numpy  # noqa: E402, F401

# The naive models and shared helpers assert too: have pytest explain their failures.
pytest.register_assert_rewrite("reference", "helpers")

#: shared/seeds sits beside the repository: /work/shared/seeds for a checkout at /work/main.
SEEDS_DIR = Path(__file__).resolve().parents[2] / "shared" / "seeds"

#: The older rendering (In/Out cells, whitespace kept) and the newest one (whitespace collapsed).
OLD_SEED = "000_5ee17284084f0652.txt"
NEW_SEED = "001_029773740cd44b03.txt"


def read_seed(name: str) -> str:
    """The text of one seed file, or skip the calling test when it is not there."""
    path = SEEDS_DIR / name
    if not path.is_file():
        missing(
            f"seed file {name} not found in {SEEDS_DIR}: the seeds folder shared/seeds must sit "
            "beside the repository for the tests that compare against the notebook"
        )
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The seeds folder; tests using it are skipped when it is missing."""
    if not SEEDS_DIR.is_dir():
        missing(f"seeds folder {SEEDS_DIR} not found (shared/seeds beside the repository)")
    return SEEDS_DIR


@pytest.fixture(scope="session")
def old_seed(seeds_dir: Path) -> str:
    """The older rendering of the notebook, with In/Out cells and whitespace preserved."""
    return read_seed(OLD_SEED)


@pytest.fixture(scope="session")
def new_seed(seeds_dir: Path) -> str:
    """The newest rendering of the notebook (whitespace collapsed inside outputs)."""
    return read_seed(NEW_SEED)
