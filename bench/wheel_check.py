"""Run every devilcoins command from an installed wheel, and serve the page once (make wheel)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

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


def main() -> int:
    """Each command must exit 0; the page and a static file must be served."""
    exe = shutil.which("devilcoins", path=str(Path(sys.executable).parent))
    assert exe, "the wheel installed no devilcoins command"
    for command in COMMANDS:
        done = subprocess.run([exe, *command.split()], capture_output=True, text=True, check=False)
        print(f"devilcoins {command}: exit {done.returncode}")
        if done.returncode:
            print(done.stderr)
            return 1
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
            return 1
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"devilcoins serve: the page ({len(page):,} bytes) and app.js ({len(script):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
