"""Pay only for what is used: which heavy modules a command loads, and small games uncompiled."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

#: Run the command line in a fresh interpreter, then report the heavy modules it loaded.
PROBE = """
import json, sys
from devilcoins.cli.main import main
code = main(sys.argv[1:])
sys.stdout.flush()
heavy = ("numba", "numpy", "fastapi", "uvicorn", "matplotlib", "dask", "distributed",
         "devilcoins.certcheck", "devilcoins.observed.replay", "devilcoins.traps")
loaded = sorted(m for m in heavy if m in sys.modules)
print(json.dumps({"code": code, "loaded": loaded}), file=sys.stderr)
"""


def probe(*argv: str, **env: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=600,
        check=True,
    )
    result: dict = json.loads(done.stderr.splitlines()[-1])
    result["out"] = done.stdout
    return result


@pytest.mark.parametrize(
    "argv",
    [
        ["--version"],
        ["solve", "--help"],
        ["verify", "--help"],
        ["solve", "0"],  # a usage error
        ["solve", "4", "--observe", "smell"],
        ["classes", "10"],
    ],
)
def test_the_door_loads_no_numpy_numba_or_web(argv):
    found = probe(*argv)
    assert found["loaded"] == [], found


@pytest.mark.parametrize("argv", [["prove", "32"], ["move", "16", "5"], ["construct", "8"]])
def test_closed_forms_load_no_compiler_and_no_web(argv):
    found = probe(*argv)
    assert found["code"] == 0 and not {"numba", "fastapi", "matplotlib"} & set(found["loaded"])


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "4"],
        ["solve", "4", "--hands", "2", "--goal", "same", "--observe", "touch"],
        ["solve", "4", "--observe", "sight"],
        ["solve", "4", "--observe", "count"],
        ["explain", "4"],
    ],
)
def test_small_games_on_a_fresh_install_never_load_numba(argv, tmp_path):
    fresh = probe(*argv, NUMBA_CACHE_DIR=str(tmp_path), DEVILCOINS_KERNELS="")
    compiled = probe(*argv, DEVILCOINS_KERNELS="compiled")
    assert fresh["code"] == compiled["code"] == 0
    assert "numba" not in fresh["loaded"]
    assert _without_seconds(fresh["out"]) == _without_seconds(compiled["out"])
    assert not list(tmp_path.iterdir())  # nothing compiled, nothing cached


def _without_seconds(text: str) -> str:
    """The output with the line that says how long the search took left out."""
    return "\n".join(line for line in text.splitlines() if " explored in " not in line)


def test_json_reports_compile_and_load_seconds_apart(tmp_path):
    found = probe("solve", "4", "--json", NUMBA_CACHE_DIR=str(tmp_path), DEVILCOINS_KERNELS="")
    data = json.loads(found["out"])
    assert data["length"] == 15
    assert data["compile_seconds"] == data["load_seconds"] == 0.0  # small: nothing compiled
    forced = probe("solve", "4", "--json", DEVILCOINS_KERNELS="compiled")
    data = json.loads(forced["out"])
    assert data["compile_seconds"] + data["load_seconds"] > 0


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "6", "--hands", "4", "--goal", "same", "--observe", "touch"],
        ["solve", "4", "--observe", "sight"],
        ["solve", "4", "--observe", "count"],
    ],
)
def test_a_tree_solve_loads_no_certificate_checker_and_no_trap_check(argv):
    """The certificate checker and the trap checks load only to check a certificate or a trap;
    the replay loads, as solve checks every tree it finds by replaying it (one truth)."""
    found = probe(*argv)
    assert found["code"] == 0 and "devilcoins.observed.replay" in found["loaded"]
    assert not {"devilcoins.certcheck", "devilcoins.traps"} & set(found["loaded"])


def test_a_certificate_loads_the_checker(tmp_path):
    cert = tmp_path / "four.json"
    argv = ["4", "--hands", "2", "--goal", "same", "--observe", "touch"]
    assert probe("solve", *argv, "--certificate", str(cert))["code"] == 0
    found = probe("verify", *argv, "--certificate", str(cert))
    assert found["code"] == 0 and "devilcoins.certcheck" in found["loaded"]
