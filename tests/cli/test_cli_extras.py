"""Issue 26: the packaging says what it needs. A command whose extra is missing says so in one
line with status 2 (no traceback), the atlas runs without Dask where it can, the library's
modules that need an extra say which, ``python -m devilcoins`` is the command, and the version
lives in one place."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import socket
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from cli_helpers import assert_usage_error, run

import devilcoins
from devilcoins.atlas import atlas
from devilcoins.atlas.grid import grid
from devilcoins.atlas.store import AtlasStore

ROOT = Path(__file__).resolve().parents[2]

WEB = "devilcoins serve needs the web extra: pip install 'devilcoins[web]'"
PLOT = "devilcoins plot needs the plot extra: pip install 'devilcoins[plot]'"
ATLAS = (
    "devilcoins atlas with --db, --workers or --scheduler needs the atlas extra: "
    "pip install 'devilcoins[atlas]'"
)

#: Stands for a port already taken on loopback (the taken fixture): were the check missing, serve
#: would stop at its own probe ("cannot listen") rather than start a server.
TAKEN = "{taken}"

#: The atlas's smallest grid: blind coins, n = 1..2, both goals, every hand count.
SMALL = ["--max-n", "2"]


@pytest.fixture
def taken():
    """A port on 127.0.0.1 held by a listening socket while the test runs."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        yield str(held.getsockname()[1])


def _missing(monkeypatch, *modules: str, refuse: bool = False) -> None:
    """Make importlib.util.find_spec find none of modules (or, with refuse, raise as a finder
    that refuses them does); every other module is found as before."""
    real = importlib.util.find_spec

    def find_spec(name, package=None):
        if name.partition(".")[0] in modules:
            if refuse:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None
        return real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)


@pytest.mark.parametrize(
    ("argv", "missing", "line"),
    [
        (["serve", "--port", TAKEN], "fastapi", WEB),
        (["serve", "--port", TAKEN], "uvicorn", WEB),
        (["plot", "4"], "matplotlib", PLOT),
        (["plot", "4", "--table"], "matplotlib", PLOT),
        (["atlas", *SMALL, "--workers", "1"], "distributed", ATLAS),
        (["atlas", *SMALL, "--scheduler", "tcp://127.0.0.1:9"], "dask", ATLAS),
    ],
)
@pytest.mark.parametrize("refuse", [False, True], ids=["absent", "refused"])
def test_a_missing_extra_is_one_line_and_status_2(
    capsys, monkeypatch, tmp_path, taken, argv, missing, line, refuse
):
    monkeypatch.chdir(tmp_path)  # plot's default file would land here: nothing may be written
    _missing(monkeypatch, missing, refuse=refuse)
    code, out, err = run(capsys, *(a.format(taken=taken) for a in argv))
    assert assert_usage_error(code, out, err) == f"devilcoins: error: {line}"
    assert out == ""
    assert list(tmp_path.iterdir()) == []


def test_the_atlas_with_a_new_db_and_no_dask_makes_no_file(capsys, monkeypatch, tmp_path):
    _missing(monkeypatch, "dask", "distributed")
    db = tmp_path / "atlas.sqlite"
    code, out, err = run(capsys, "atlas", *SMALL, "--db", str(db))
    assert assert_usage_error(code, out, err) == f"devilcoins: error: {ATLAS}"
    assert not db.exists()


def test_the_atlas_runs_without_dask_where_it_can(capsys, monkeypatch, tmp_path):
    """Serially (with --time-limit too: in a child process), from a store (--from-db), and with
    a --db that holds every game asked for."""
    db = tmp_path / "atlas.sqlite"
    with AtlasStore(db) as store:
        for entry in atlas(grid(range(1, 3), goals=("zero", "same"))):
            store.put(entry)
    _missing(monkeypatch, "dask", "distributed")
    serial = run(capsys, "atlas", *SMALL, "--format", "csv")
    stored = run(capsys, "atlas", *SMALL, "--from-db", str(db), "--format", "csv")
    kept = run(capsys, "atlas", *SMALL, "--db", str(db), "--format", "csv")
    limited = run(capsys, "atlas", *SMALL, "--time-limit", "60", "--format", "csv")
    for code, out, err in (serial, stored, kept, limited):
        assert (code, err) == (0, ""), err
        assert "n=2 hands=1 goal=same" in out
    assert serial[1].splitlines()[0] == stored[1].splitlines()[0] == kept[1].splitlines()[0]
    assert len({len(result[1].splitlines()) for result in (serial, stored, kept, limited)}) == 1


def _python(code: str, *argv: str, blocked: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """Run code in a new interpreter where the blocked modules cannot be imported (a None in
    sys.modules: import raises ModuleNotFoundError and find_spec finds nothing)."""
    block = f"import sys\nfor _name in {blocked!r}:\n    sys.modules[_name] = None\n"
    return subprocess.run(
        [sys.executable, "-c", block + code, *argv],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=ROOT,
    )


COMMAND = "from devilcoins.cli.main import main\nsys.exit(main(sys.argv[1:]))"


@pytest.mark.parametrize(
    ("argv", "blocked", "line"),
    [
        (["serve", "--port", TAKEN], ("fastapi", "uvicorn", "starlette"), WEB),
        (["plot", "4", "--output", "never-written.png"], ("matplotlib",), PLOT),
        (["atlas", "--workers", "1"], ("dask", "distributed"), ATLAS),
    ],
)
def test_without_the_extra_installed_the_command_says_so(taken, argv, blocked, line):
    """The same in a real process, the modules truly unimportable."""
    done = _python(COMMAND, *(a.format(taken=taken) for a in argv), blocked=blocked)
    assert "Traceback" not in done.stderr
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"devilcoins: error: {line}\n")
    assert not (ROOT / "never-written.png").exists()


def test_the_core_commands_need_no_extra():
    blocked = ("fastapi", "uvicorn", "matplotlib", "dask", "distributed")
    done = _python(COMMAND, "prove", "16", blocked=blocked)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert "16" in done.stdout


@pytest.mark.parametrize(
    ("module", "blocked", "extra"),
    [
        ("devilcoins.web.app", "fastapi", "web"),
        ("devilcoins.web", "fastapi", "web"),
        ("devilcoins.render.plots", "matplotlib", "plot"),
    ],
)
def test_a_library_module_names_the_extra_it_needs(module, blocked, extra):
    code = (
        f"try:\n    import {module}\nexcept ImportError as err:\n"
        "    print(type(err).__name__, err.name, err, sep='|')\n"
    )
    done = _python(code, blocked=(blocked,))
    assert done.returncode == 0, done.stderr
    name, missing, message = done.stdout.strip().split("|")
    assert name == "ImportError" and missing == blocked
    assert f"needs the {extra} extra: pip install 'devilcoins[{extra}]'" in message


def test_import_devilcoins_needs_no_extra_nor_numpy():
    """The rule the guards keep: ``import devilcoins`` loads none of them, and none of its own
    modules: lazy_loader (standard library only) defers the rest."""
    blocked = ("numpy", "numba", "fastapi", "uvicorn", "matplotlib", "dask", "distributed")
    code = (
        "import devilcoins\n"
        "print(devilcoins.__version__, sorted(m for m in sys.modules if m.startswith('devil')))"
    )
    done = _python(code, blocked=blocked)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    loaded = "['devilcoins']"
    assert done.stdout.strip() == f"{devilcoins.__version__} {loaded}"


def test_python_m_devilcoins_is_the_command():
    version = subprocess.run(
        [sys.executable, "-m", "devilcoins", "--version"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (version.returncode, version.stdout, version.stderr) == (
        0,
        f"devilcoins {devilcoins.__version__}\n",
        "",
    )
    usage = subprocess.run(
        [sys.executable, "-m", "devilcoins", "solve", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert usage.returncode == 2 and usage.stdout == ""
    assert usage.stderr.startswith("devilcoins: error:") and "at least 1" in usage.stderr


def test_the_version_lives_in_one_place():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert importlib.metadata.version("devilcoins") == devilcoins.__version__


def test_the_core_needs_only_numpy_numba_rich_psutil_and_lazy_loader():
    """The installed metadata: every requirement past the five is behind an extra (psutil
    reads the process's memory and age for the limits on every OS; lazy_loader loads the public
    names on first use, from the one list of them in devilcoins/__init__.pyi)."""
    requires = importlib.metadata.requires("devilcoins") or []
    core = sorted(r.split(">")[0].split("=")[0] for r in requires if "extra ==" not in r)
    assert core == ["lazy_loader", "numba", "numpy", "psutil", "rich"]
    extras = set(importlib.metadata.metadata("devilcoins").get_all("Provides-Extra") or [])
    assert {"web", "atlas", "plot", "all"} <= extras
