"""Try devilcoins from an installed wheel (make wheel), first without extras, then with all.

    python bench/wheel_check.py core   # the wheel alone: its core dependencies, no extra
    python bench/wheel_check.py all    # after pip install 'devilcoins-....whl[all]'

``core``: every core command exits 0 (verify takes construct's strategy on stdin), none of the
extras' modules is installed, and serve, plot and the atlas on Dask each print the one line that
names their extra, with status 2 and no traceback. ``all``: plot writes its picture, the atlas
runs on a one-worker Dask cluster, and serve answers with the page and a static file.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import devilcoins

COMMANDS = [
    "solve 4",
    "table --max 8",
    "play 4 --start HTTH --seed 2",
    "check 4 --seed 1",
    "count 20",
    "construct 4",
    "move 16 5",
    "prove 16",
    "prove 1000000007",
    "explain 4",
    "atlas",
    "draw HTTH",
    "solve 4 --hands 2 --goal same --observe touch",
]

#: The modules each extra brings (none of them is installed with the wheel alone).
EXTRAS = {"web": ("fastapi", "uvicorn"), "atlas": ("dask", "distributed"), "plot": ("matplotlib",)}

#: The commands that need an extra, and the one line each prints without it.
NEEDS = {
    "serve --port 8791": "devilcoins serve needs the web extra: pip install 'devilcoins[web]'",
    "plot 4 --output beliefs.png": "devilcoins plot needs the plot extra: "
    "pip install 'devilcoins[plot]'",
    "atlas --max-n 2 --workers 1": "devilcoins atlas with --db, --workers or --scheduler "
    "needs the atlas extra: pip install 'devilcoins[atlas]'",
}


def _run(exe: str, command: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """devilcoins COMMAND, in a new temporary folder (nothing is written beside the checkout)."""
    with tempfile.TemporaryDirectory() as folder:
        return subprocess.run(
            [exe, *command.split()],
            input=stdin,
            capture_output=True,
            text=True,
            check=False,
            cwd=folder,
            timeout=600,
        )


def _exits_0(exe: str, command: str, stdin: str | None = None) -> str | None:
    """The command's stdout when it exits 0; None (and why, printed) otherwise."""
    done = _run(exe, command, stdin)
    print(f"devilcoins {command}{' < stdin' if stdin else ''}: exit {done.returncode}")
    if done.returncode:
        print(done.stderr)
        return None
    return done.stdout


#: The core dependencies (pyproject.toml), sorted.
CORE = ["lazy_loader", "numba", "numpy", "psutil", "rich"]


def check_metadata() -> bool:
    """The wheel's version is devilcoins.__version__; its core needs CORE and nothing else."""
    version = importlib.metadata.version("devilcoins")
    requires = importlib.metadata.requires("devilcoins") or []
    core = sorted(r.split(">")[0].split("=")[0] for r in requires if "extra ==" not in r)
    print(f"metadata: version {version}, core {', '.join(core)}")
    if version != devilcoins.__version__ or core != CORE:
        print(f"expected version {devilcoins.__version__} and {', '.join(CORE)}")
        return False
    return True


def check_core(exe: str) -> bool:
    """Every core command answers; each command that needs an extra names it in one line."""
    present = [m for mods in EXTRAS.values() for m in mods if importlib.util.find_spec(m)]
    if present:
        print(f"the wheel alone brought {', '.join(present)}: an extra's module in the core")
        return False
    for command in COMMANDS:
        if _exits_0(exe, command) is None:
            return False
    strategy = _exits_0(exe, "construct 4")
    if strategy is None or _exits_0(exe, "verify 4 -", stdin=strategy) is None:
        return False
    for command, line in NEEDS.items():
        done = _run(exe, command)
        said = done.stderr.strip()
        print(f"devilcoins {command}: exit {done.returncode}: {said}")
        if (done.returncode, done.stdout, done.stderr) != (2, "", f"devilcoins: error: {line}\n"):
            print(f"expected exit 2 and the one line: devilcoins: error: {line}")
            return False
    return True


def check_all(exe: str) -> bool:
    """With every extra: plot writes its picture, the atlas runs on Dask, serve answers."""
    missing = [m for mods in EXTRAS.values() for m in mods if not importlib.util.find_spec(m)]
    if missing:
        print(f"the all extra did not bring {', '.join(missing)}")
        return False
    with tempfile.TemporaryDirectory() as folder:
        picture = Path(folder) / "beliefs.png"
        done = subprocess.run(
            [exe, "plot", "4", "--output", str(picture)],
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
        size = picture.stat().st_size if picture.exists() else 0
        print(f"devilcoins plot 4: exit {done.returncode}, {size:,} bytes of PNG")
        if done.returncode or not size:
            print(done.stderr)
            return False
    if _exits_0(exe, "atlas --max-n 2 --workers 1") is None:
        return False
    return check_serve(exe)


def check_serve(exe: str) -> bool:
    """serve answers with the page and its static script."""
    server = subprocess.Popen([exe, "serve", "--port", "8791"])
    try:
        for _ in range(50):
            try:
                page = urllib.request.urlopen("http://127.0.0.1:8791/", timeout=2).read()
                script = urllib.request.urlopen("http://127.0.0.1:8791/static/app.js").read()
                break
            except OSError:
                time.sleep(0.2)
        else:
            print("serve did not answer")
            return False
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"devilcoins serve: the page ({len(page):,} bytes) and app.js ({len(script):,} bytes)")
    return True


def main(argv: list[str]) -> int:
    """``core`` or ``all`` (see the module's docstring): 0 when every check holds."""
    if argv not in (["core"], ["all"]):
        print("usage: python bench/wheel_check.py core|all", file=sys.stderr)
        return 2
    exe = shutil.which("devilcoins", path=str(Path(sys.executable).parent))
    if not exe:
        print("the wheel installed no devilcoins command")
        return 1
    check = check_core if argv == ["core"] else check_all
    return 0 if check_metadata() and check(exe) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
