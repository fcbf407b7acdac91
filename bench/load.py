"""A short load test of the web app on loopback: a bounded number of requests, latency figures.

    .venv/bin/python bench/load.py [--requests N] [--workers W] [--seconds S] [--json]

It starts the app with uvicorn on a free loopback port in this process, sends a mix of requests
(health, a new game and a move, the N = 4 strategy, a drawing, a verification) from W threads
until N requests are done or S seconds have passed, and prints the count, the errors (any
status other than 2xx, or a failed connection) and the latency percentiles.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import uvicorn

from devilcoins.web.app import create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The app served by uvicorn in a background thread, for the length of a with-block."""

    def __init__(self):
        self.port = free_port()
        config = uvicorn.Config(create_app(), host="127.0.0.1", port=self.port, log_level="error")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        url = f"http://127.0.0.1:{self.port}"
        for _ in range(200):
            try:
                httpx.get(url + "/api/health", timeout=1.0)
                return url
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


class ServedApart:
    """``devilcoins serve`` in a process of its own, for the length of a with-block."""

    def __init__(self):
        self.port = free_port()
        cli = str(Path(sys.executable).with_name("devilcoins"))
        self.process = subprocess.Popen(
            [cli, "serve", "--port", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def __enter__(self) -> str:
        url = f"http://127.0.0.1:{self.port}"
        for _ in range(400):
            try:
                httpx.get(url + "/api/health", timeout=1.0)
                time.sleep(3)  # it works out the touch games as it starts
                return url
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def __exit__(self, *exc) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def one_round(client: httpx.Client, i: int) -> list[tuple[float, int]]:
    """A few requests of different kinds; (seconds, status) for each."""
    out = []

    def timed(method: str, path: str, **kw) -> httpx.Response:
        t0 = time.perf_counter()
        r = client.request(method, path, **kw)
        out.append((time.perf_counter() - t0, r.status_code))
        return r

    kind = i % 5
    if kind == 0:
        timed("GET", "/api/health")
    elif kind == 1:
        game = timed("POST", "/api/new", json={"n": 4, "devil": "random", "seed": i}).json()
        timed("POST", "/api/move", json={"game": game["game"], "positions": [0, 1, 2, 3]})
    elif kind == 2:
        timed("GET", "/api/strategy/4")
    elif kind == 3:
        timed("GET", "/api/draw", params={"coins": "HTTHHT", "move": "0,2"})
    else:
        moves = [[0, 1], [0], [0, 1]]
        timed("POST", "/api/verify", json={"n": 2, "moves": moves})
    return out


def run(requests: int, workers: int, seconds: float) -> dict:
    """Send about `requests` requests within `seconds`; the figures as a dict."""
    results: list[tuple[float, int]] = []
    errors = 0
    t0 = time.perf_counter()
    with Server() as url, httpx.Client(base_url=url, timeout=10.0) as client:
        rounds = iter(range(10**9))
        lock = threading.Lock()

        def worker() -> int:
            nonlocal errors
            done = 0
            while time.perf_counter() - t0 < seconds:
                with lock:
                    if len(results) >= requests:
                        return done
                    i = next(rounds)
                try:
                    got = one_round(client, i)
                except httpx.HTTPError:
                    with lock:
                        errors += 1
                    continue
                with lock:
                    results.extend(got)
                done += 1
            return done

        with ThreadPoolExecutor(workers) as pool:
            list(pool.map(lambda _: worker(), range(workers)))
    wall = time.perf_counter() - t0
    latencies = sorted(s for s, _ in results)
    busy = sum(1 for _, status in results if status == 503)  # a heavy request, workers all busy
    bad = sum(1 for _, status in results if not 200 <= status < 300 and status != 503)

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000

    return {
        "requests": len(results),
        "errors": errors + bad,
        "busy": busy,
        "seconds": round(wall, 3),
        "per_second": round(len(results) / wall, 1),
        "p50_ms": round(pct(0.50), 2),
        "p95_ms": round(pct(0.95), 2),
        "p99_ms": round(pct(0.99), 2),
        "max_ms": round(latencies[-1] * 1000, 2),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 2),
        "workers": workers,
    }


def _percentiles(latencies: list[float]) -> dict:
    """p50, p99 and max of latencies (seconds) in milliseconds."""
    ordered = sorted(latencies) or [0.0]

    def pct(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

    return {"n": len(latencies), "p50_ms": pct(0.5), "p99_ms": pct(0.99), "max_ms": pct(1.0)}


def mixed(heavy_clients: int, seconds: float) -> dict:
    """heavy_clients verifying the 65,535-move strategy for N = 16 in a loop while one client
    asks /api/health and plays moves: both latencies, and how the heavy requests were answered
    (200, or 503 when every worker was busy)."""
    from devilcoins import Strategy, construction

    body = json.dumps({"n": 16, "moves": Strategy(construction(16)).to_json()}).encode()
    headers = {"content-type": "application/json"}
    heavy: list[float] = []
    cheap: list[float] = []
    answered: dict[int, int] = {}
    lock = threading.Lock()
    with ServedApart() as url:  # a server of its own: these clients do not share its interpreter
        stop = time.perf_counter() + seconds

        def verifier() -> None:
            with httpx.Client(base_url=url, timeout=600.0) as c:
                while time.perf_counter() < stop:
                    t0 = time.perf_counter()
                    status = c.post("/api/verify", content=body, headers=headers).status_code
                    with lock:
                        heavy.append(time.perf_counter() - t0)
                        answered[status] = answered.get(status, 0) + 1
                    if status == 503:
                        time.sleep(0.5)

        def visitor() -> None:
            with httpx.Client(base_url=url, timeout=600.0) as c:
                game = c.post("/api/new", json={"n": 8, "devil": "random"}).json()["game"]
                while time.perf_counter() < stop:
                    t0 = time.perf_counter()
                    c.get("/api/health")
                    c.post("/api/move", json={"game": game, "positions": [0]})
                    cheap.append((time.perf_counter() - t0) / 2)
                    time.sleep(0.02)

        threads = [threading.Thread(target=verifier) for _ in range(heavy_clients)]
        threads.append(threading.Thread(target=visitor))
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    return {
        "heavy_clients": heavy_clients,
        "seconds": seconds,
        "cheap": _percentiles(cheap),
        "heavy": _percentiles(heavy),
        "heavy_answers": {str(k): v for k, v in sorted(answered.items())},
    }


def slow_clients(count: int) -> dict:
    """count connections that send half a request and then nothing, against ``devilcoins
    serve``: how long until the server has closed them all, and /api/health's latency
    meanwhile."""
    import selectors

    with ServedApart() as url:
        port = int(url.rsplit(":", 1)[1])
        held = []
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            sock.setblocking(False)
            held.append(sock)
        t0 = time.perf_counter()
        waiting = selectors.DefaultSelector()
        for sock in held:
            waiting.register(sock, selectors.EVENT_READ)
        open_ = len(held)
        health: list[float] = []
        with httpx.Client(base_url=url, timeout=60.0) as client:
            while open_ and time.perf_counter() - t0 < 120:
                for key, _ in waiting.select(timeout=0.2):
                    try:
                        closed = key.fileobj.recv(4096) == b""
                    except OSError:
                        closed = True
                    if closed:
                        waiting.unregister(key.fileobj)
                        open_ -= 1
                h0 = time.perf_counter()
                client.get("/api/health")
                health.append(time.perf_counter() - h0)
        took = time.perf_counter() - t0
        for sock in held:
            sock.close()
    return {"count": count, "all_closed_s": round(took, 1), "still_open": open_,
            "health": _percentiles(health)}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Run the load test and print its figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--requests", type=int, default=2000)
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--mixed",
        type=int,
        default=0,
        metavar="K",
        help="also K clients verifying N = 16 in a loop beside one cheap client, for --seconds",
    )
    p.add_argument(
        "--slow",
        type=int,
        default=0,
        metavar="K",
        help="instead: K connections that send half a request, until the server closes them",
    )
    args = p.parse_args(argv)
    if args.slow:
        figures = slow_clients(args.slow)
        h = figures["health"]
        print(
            f"{args.slow:,} slow connections (half a request each): all closed by the server "
            f"after {figures['all_closed_s']} s ({figures['still_open']} still open); "
            f"/api/health meanwhile p50 {h['p50_ms']} ms, p99 {h['p99_ms']} ms, max "
            f"{h['max_ms']} ms"
        )
        return 0 if figures["still_open"] == 0 else 1
    if args.mixed:
        figures = mixed(args.mixed, args.seconds)
        if args.json:
            print(json.dumps(figures, indent=2))
        else:
            c, h = figures["cheap"], figures["heavy"]
            print(
                f"mixed, {args.mixed} clients verifying N = 16 for {args.seconds:g} s: cheap "
                f"requests p50 {c['p50_ms']} ms, p99 {c['p99_ms']} ms, max {c['max_ms']} ms "
                f"({c['n']:,}); verifications p50 {h['p50_ms']} ms, max {h['max_ms']} ms, "
                f"answered {figures['heavy_answers']}"
            )
        return 0
    figures = run(args.requests, args.workers, args.seconds)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(
            f"{figures['requests']:,} requests in {figures['seconds']} s "
            f"({figures['per_second']}/s, {figures['workers']} threads), "
            f"{figures['errors']} errors, {figures['busy']} answered busy (503); latency p50 "
            f"{figures['p50_ms']} ms, "
            f"p95 {figures['p95_ms']} ms, p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms"
        )
    return 0 if figures["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
