"""The package as a user installs it: the wheel built from this tree, installed into a fresh
virtual environment, runs ``devilcoins solve 4`` and ``python -m devilcoins --version``; the
sdist holds what MANIFEST.in says and no tests; the description links nowhere relative.

Nothing here reaches the network: the wheel is built with this environment's setuptools (no
build isolation), installed without its dependencies (--no-deps --no-index), and the fresh
environment borrows numpy, numba, rich, psutil and lazy_loader from this one by a .pth file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from importlib.metadata import version
from pathlib import Path

import pytest
from needs import missing

import devilcoins

ROOT = Path(__file__).resolve().parents[1]

#: What a build reads from the tree (MANIFEST.in and pyproject.toml say the rest).
TREE = ("pyproject.toml", "MANIFEST.in", "LICENSE", "README.md", "DESCRIPTION.md", "CHANGELOG.md")


def _setuptools_builds() -> bool:
    """Whether this environment's setuptools is new enough for pyproject.toml (>= 77)."""
    try:
        return int(version("setuptools").split(".")[0]) >= 77
    except Exception:
        return False


pytestmark = pytest.mark.slow
if not _setuptools_builds():
    missing(
        "building without the network needs setuptools >= 77 here (the test group)", module=True
    )


def _run(*argv: str | Path, cwd: Path | None = None) -> str:
    """Run a command without this test run's PYTHONPATH; its stdout (stderr shown on failure)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run(
        [str(a) for a in argv], capture_output=True, text=True, cwd=cwd, env=env, timeout=600
    )
    assert done.returncode == 0, (argv, done.stdout[-2000:], done.stderr[-2000:])
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The sdist and the wheel, built from a copy of the tree (nothing written beside it)."""
    work = tmp_path_factory.mktemp("package")
    tree = work / "tree"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "site")
    shutil.copytree(ROOT / "src", tree / "src", ignore=ignore)
    shutil.copytree(ROOT / "docs", tree / "docs", ignore=ignore)
    for name in TREE:
        shutil.copy2(ROOT / name, tree / name)
    out = work / "dist"
    build = (sys.executable, "-m", "build", "--no-isolation", "--outdir", out, tree)
    _run(*build[:3], "--sdist", *build[3:])
    _run(*build[:3], "--wheel", *build[3:])
    return out


def test_the_wheel_installed_in_a_fresh_environment_runs(dist, tmp_path):
    (wheel,) = dist.glob("devilcoins-*.whl")
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    site = Path(
        _run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").strip()
    )
    # numpy, numba, rich, psutil, lazy_loader from this environment; its editable devilcoins is a
    # .pth file of its own, which a folder added this way does not run
    (site / "borrowed.pth").write_text(sysconfig.get_path("purelib") + "\n")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
         "--no-index", wheel)  # fmt: skip
    where = _run(python, "-c", "import devilcoins; print(devilcoins.__file__)")
    assert Path(where.strip()).is_relative_to(venv), where  # the wheel's, not this tree's
    solved = _run(venv / "bin" / "devilcoins", "solve", "4", cwd=tmp_path)
    assert solved.splitlines()[0] == "4 coins: the player wins in 15 moves."
    said = _run(python, "-m", "devilcoins", "--version", cwd=tmp_path)
    assert said.strip() == f"devilcoins {devilcoins.__version__}"


def test_the_sdist_and_wheel_are_ready_to_publish(dist):
    """bench/package_check.py: the sdist's files (no tests), the version from one place, the
    changelog naming it, a description without relative links or placeholder addresses."""
    from package_check import main

    assert main(str(dist)) == 0
