"""How long the page's Feel and Set take, for every touch game it offers, against the strongest
Devil: a server started as ``devilcoins serve`` starts it (it works the games out as it starts),
then three games each played by the coach's advice over HTTP.

    .venv/bin/python bench/touch_feel.py [--games 3]

Prints, per game, the slowest Feel and the slowest Set in milliseconds (the page's aim: 300 ms).
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from devilcoins.web.touch import TOUCH_GAMES


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def timed(client: httpx.Client, path: str, body: dict) -> tuple[dict, float]:
    began = time.perf_counter()
    answer = client.post(path, json=body)
    answer.raise_for_status()
    return answer.json(), time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games a kind (default 3)")
    args = parser.parse_args()
    port = free_port()
    cli = Path(sys.executable).with_name("devilcoins")
    server = subprocess.Popen(
        [str(cli), "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
            for _ in range(100):
                try:
                    client.get("/api/health")
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            time.sleep(5)  # the server works the games out as it starts
            print(f"{'glasses':>7} {'hands':>5} {'slowest feel':>13} {'slowest set':>12}")
            for n, k in TOUCH_GAMES:
                feel = put = 0.0
                for _ in range(args.games):
                    body = {"glasses": n, "hands": k, "devil": "adversarial"}
                    state, _ = timed(client, "/api/touch/new", body)
                    while not state["won"]:
                        body = {"game": state["game"], "positions": state["next_reach"]}
                        state, took = timed(client, "/api/touch/feel", body)
                        feel = max(feel, took)
                        body = {"game": state["game"], "glasses": state["next_set"]}
                        state, took = timed(client, "/api/touch/set", body)
                        put = max(put, took)
                print(f"{n:>7} {k:>5} {feel * 1000:>10.0f} ms {put * 1000:>9.0f} ms")
    finally:
        server.terminate()
        server.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
