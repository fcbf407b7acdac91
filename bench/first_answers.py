"""How soon a fresh ``devilcoins serve`` answers the page's first requests.

    .venv/bin/python bench/first_answers.py [--cold] [--runs 1] [--json]

Starts ``devilcoins serve`` in a subprocess (``--cold``: with ``NUMBA_CACHE_DIR`` a new empty
folder, as on a fresh install, so that every numba kernel compiles) and asks for the page the
moment its port accepts a connection.  Once the page has come, it asks at once, all together
as a browser does, what the page asks as it loads: the watch section's strategy
(``/api/strategy/4``), the play section's first game (``/api/new`` n=4, random Devil) and its
verdict (``/api/solve?n=4`` with ``Prefer: respond-async``, asked again after Retry-After on a
202 as the page does), the glasses offered and the four glasses' first game
(``/api/touch/new``, the strongest Devil), and the Why section's two pictures
(``/api/why/strategy/4``, ``/api/why/devil/3``), with ``/api/health`` beside them; and
meanwhile, one after the other, what a visitor picks next at once: a new game and its verdict
for each other kind of the "You learn" menu (count, sight) at N = 4, the 6-coin count game,
and 4 dials of 4 faces with 2 hands.

Prints the seconds from the start of the process to the port accepting connections and to the
page's coming, then each request's seconds from asking to its answer (a verdict: to its 200,
past any 202).  The issue's aim: every answer of the page within 1 s of its asking.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

#: What the page asks as it loads (app.js, play.js, touch.js, watch.js, why.js), by name:
#: (method, path, body or query).
ON_LOAD: list[tuple[str, str, str, dict[str, Any] | None]] = [
    ("health (not the page's)", "GET", "/api/health", None),
    ("strategy n=4 (watch)", "GET", "/api/strategy/4", None),
    ("new n=4 random (play)", "POST", "/api/new", {"n": 4, "devil": "random"}),
    ("solve n=4 (play verdict)", "SOLVE", "/api/solve", {"n": 4}),
    ("touch games", "GET", "/api/touch/games", None),
    ("touch new 4 glasses 2 hands", "POST", "/api/touch/new",
     {"glasses": 4, "hands": 2, "devil": "adversarial"}),
    ("why strategy n=4", "GET", "/api/why/strategy/4", None),
    ("why devil n=3", "GET", "/api/why/devil/3", None),
]  # fmt: skip

#: What a visitor asks next, one after the other, while the page loads.
NEXT: list[tuple[str, str, str, dict[str, Any] | None]] = [
    ("new n=4 count", "POST", "/api/new", {"n": 4, "observe": "count", "devil": "random"}),
    ("solve n=4 count", "SOLVE", "/api/solve", {"n": 4, "observe": "count"}),
    ("new n=4 sight", "POST", "/api/new", {"n": 4, "observe": "sight", "devil": "random"}),
    ("solve n=4 sight", "SOLVE", "/api/solve", {"n": 4, "observe": "sight"}),
    ("new n=6 count", "POST", "/api/new", {"n": 6, "observe": "count", "devil": "random"}),
    ("solve n=6 count", "SOLVE", "/api/solve", {"n": 6, "observe": "count"}),
    ("new 4 dials of 4, 2 hands", "POST", "/api/new",
     {"n": 4, "values": 4, "hands": 2, "devil": "random"}),
    ("solve 4 dials of 4, 2 hands", "SOLVE", "/api/solve", {"n": 4, "values": 4, "hands": 2}),
]  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def accepts(port: int) -> bool:
    """Whether something accepts a connection on the loopback port now."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def ask(client: httpx.Client, method: str, path: str, fields: dict[str, Any] | None) -> str:
    """One request as the page makes it; what came back, in a few words."""
    if method == "GET":
        answer = client.get(path)
        if path == "/api/health":
            return f"{answer.status_code}, warm: {answer.json()['warm']}"
    elif method == "POST":
        answer = client.post(path, json=fields)
    else:  # the verdict, as play.js asks it: at once, then again after Retry-After on 202/503
        headers = {"Prefer": "respond-async"}
        answer = client.get(path, params=fields, headers=headers)
        pending = 0
        while answer.status_code in (202, 503) and pending < 600:
            pending += 1
            time.sleep(float(answer.headers.get("retry-after", "2")))
            answer = client.get(path, params=fields, headers=headers)
        if pending:
            return f"{answer.status_code} after {pending} x 202/503"
    return str(answer.status_code)


def timed(base: str, name: str, method: str, path: str, fields: Any, rows: list[Any]) -> None:
    """Ask one request; its name, seconds from asking to answer, and what came, in rows."""
    with httpx.Client(base_url=base, timeout=300) as client:
        began = time.perf_counter()
        said = ask(client, method, path, fields)
        rows.append((name, time.perf_counter() - began, said))


def one_after_another(base: str, requests: list[Any], rows: list[Any]) -> None:
    for request in requests:
        timed(base, *request, rows)


def one_run(cold: bool) -> dict[str, Any]:
    """Start a server, ask for the page and then its requests, stop it: the seconds of each."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ)
    scratch = tempfile.TemporaryDirectory(prefix="numba-cold-") if cold else None
    if scratch is not None:
        env["NUMBA_CACHE_DIR"] = scratch.name
    cli = Path(sys.executable).with_name("devilcoins")
    began = time.perf_counter()
    server = subprocess.Popen(
        [str(cli), "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while not accepts(port):
            if server.poll() is not None:
                raise RuntimeError("the server stopped")
            time.sleep(0.01)
        listening = time.perf_counter() - began
        page: list[Any] = []
        timed(base, "page /", "GET", "/", None, page)
        came = time.perf_counter() - began
        loaded: list[Any] = []
        later: list[Any] = []
        threads = [
            threading.Thread(target=timed, args=(base, *request, loaded)) for request in ON_LOAD
        ]
        threads.append(threading.Thread(target=one_after_another, args=(base, NEXT, later)))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        names = [request[0] for request in ON_LOAD]
        loaded.sort(key=lambda row: names.index(row[0]))
    finally:
        server.terminate()
        server.wait(timeout=60)
        if scratch is not None:
            scratch.cleanup()
    return {
        "cold": cold,
        "listening": listening,
        "page": page[0][1],
        "page_came": came,
        "load": loaded,
        "next": later,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="an empty numba cache")
    parser.add_argument("--runs", type=int, default=1, help="fresh servers in turn (default 1)")
    parser.add_argument("--json", action="store_true", help="the runs as JSON")
    args = parser.parse_args()
    runs = [one_run(args.cold) for _ in range(args.runs)]
    if args.json:
        print(json.dumps(runs, indent=1))
        return 0
    for run in runs:
        cache = "empty (cold)" if run["cold"] else "as it is (warm)"
        print(f"numba cache {cache}: the port accepts after {run['listening']:.2f} s")
        print(
            f"  the page, asked then: came after {run['page']:.2f} s "
            f"({run['page_came']:.2f} s after the start)"
        )
        shown = [
            ("then what the page asks, together", run["load"]),
            ("meanwhile a visitor's next choices, in turn", run["next"]),
        ]
        for title, rows in shown:
            print(f"  {title}:")
            for name, seconds, said in rows:
                print(f"    {name:<30} {seconds:6.2f} s  ({said})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
