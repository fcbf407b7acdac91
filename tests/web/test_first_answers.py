"""The first answers come at once: ``devilcoins serve`` listens, works out everything the page
asks for as it loads and the first game of every kind of its menus before it takes its first
request (``web.ready``), starts its heavy-work workers ready, and works the menus' other
verdicts out beside it in a process of its own; a verdict still being worked out is answered
202 (ask again) to the page, which says so, instead of holding the request.

No test here times anything: each checks where the work was done (a cache that holds the
answer before it is asked for, a hook that sees the caches filled before the server runs)."""

from __future__ import annotations

import functools
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from helpers import free_port, get_json, healthy, post_json, start
from playwright.sync_api import expect

from devilcoins.web import app as web_app
from devilcoins.web import ready
from devilcoins.web.app import create_app
from devilcoins.web.heavy import HeavyWork
from devilcoins.web.models import MAX_PLAY_N, game_spec
from devilcoins.web.routes import solve
from devilcoins.web.touch import TOUCH_GAMES, touch_tree

AT_ONCE = {"Prefer": "respond-async"}


def _not_again(game):
    raise AssertionError(f"{game} was worked out again: it should have been kept")


def test_the_first_games_are_kept_once_warmed(monkeypatch):
    monkeypatch.setattr(solve, "ANSWERS", solve._Answers(512))
    solve.warm_first_games()
    monkeypatch.setattr(solve, "_running", _not_again)
    with TestClient(create_app()) as client:
        for observe in ("blind", "sight", "count"):
            for n in range(1, 9):
                answer = client.get("/api/solve", params={"n": n, "observe": observe})
                assert answer.status_code == 200, (n, observe, answer.text)
    assert solve.WARM.is_set()


@pytest.fixture
def held_solve(monkeypatch):
    """Small games' verdicts held in their run until the event is set."""
    release = threading.Event()
    outcome = solve._outcome

    def held(game):
        release.wait()
        return outcome(game)

    monkeypatch.setattr(solve, "ANSWERS", solve._Answers(512))
    monkeypatch.setattr(solve, "_outcome", held)
    yield release
    release.set()


def test_a_verdict_being_worked_out_is_answered_at_once(held_solve):
    with TestClient(create_app()) as client:
        pending = client.get("/api/solve", params={"n": 3}, headers=AT_ONCE)
        assert pending.status_code == 202 and pending.json()["pending"] is True
        assert pending.headers["retry-after"] == "1"
        assert pending.headers["preference-applied"] == "respond-async"
        again = client.get("/api/solve", params={"n": 3}, headers=AT_ONCE)
        assert again.status_code == 202  # the same run, still under way
        held_solve.set()
        answer = client.get("/api/solve", params={"n": 3})  # without the header: it waits
        assert answer.status_code == 200 and answer.json()["winnable"] is False
        kept = client.get("/api/solve", params={"n": 3}, headers=AT_ONCE)
        assert kept.status_code == 200 and kept.json() == answer.json()


@pytest.mark.browser
def test_the_page_says_being_worked_out_and_asks_again(page, held_solve):
    statuses: list[int] = []
    page.on("response", lambda r: "/api/solve" in r.url and statuses.append(r.status))
    start(page, 3, "random")
    verdict = page.locator("#play-solve")
    expect(verdict).to_contain_text("being worked out")
    page.wait_for_function(
        "() => performance.getEntriesByType('resource')"
        ".filter(e => e.name.includes('/api/solve?n=3')).length >= 2"
    )
    expect(verdict).to_contain_text("being worked out")  # asked again, still at it
    held_solve.set()
    expect(verdict).to_have_text(re.compile(r"^The strongest Devil can always stop you"))
    assert 202 in statuses and statuses[-1] == 200
    assert page.errors == []


def test_a_fresh_server_answers_the_first_games_from_what_it_worked_out(tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "devilcoins", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while not healthy(url, timeout=600):
            assert server.poll() is None, "the server stopped"
            time.sleep(0.05)  # a poll's pace, not a wait for a time
        # its first answer came only once the first games were worked out
        assert get_json(url, "/api/health")["warm"] is True
        asked = [f"n={n}" for n in range(1, 9)] + ["n=4&observe=count", "n=4&observe=sight"]
        for query in asked:
            request = urllib.request.Request(f"{url}/api/solve?{query}", headers=AT_ONCE)
            with urllib.request.urlopen(request, timeout=60) as response:
                assert response.status == 200, query  # kept: never 202
        assert post_json(url, "/api/new", {"n": 8, "devil": "adversarial"})["moves"] == 0
        glasses = {"glasses": 4, "hands": 2, "devil": "adversarial"}
        assert post_json(url, "/api/touch/new", glasses)["hands"] == 2
    finally:
        server.terminate()
        server.wait(timeout=60)


#: What the page asks as it loads (app.js, play.js, touch.js, watch.js, why.js), then the first
#: game of each other kind a visitor picks in the "You learn" menu, at the default N.
PAGE_ASKS: list[tuple[str, str, dict | None]] = [
    ("get", "/api/strategy/4", None),
    ("post", "/api/new", {"n": 4, "devil": "random"}),
    ("get", "/api/solve?n=4", None),
    ("get", "/api/touch/games", None),
    ("post", "/api/touch/new", {"glasses": 4, "hands": 2, "devil": "adversarial"}),
    ("get", "/api/why/strategy/4", None),
    ("get", "/api/why/devil/3", None),
    ("post", "/api/new", {"n": 4, "observe": "count", "devil": "random"}),
    ("get", "/api/solve?n=4&observe=count", None),
    ("post", "/api/new", {"n": 4, "observe": "sight", "devil": "random"}),
    ("get", "/api/solve?n=4&observe=sight", None),
]


def _cached() -> dict[str, functools._lru_cache_wrapper]:
    """Every function of the package with a cache (functools' cache and lru_cache), by name."""
    found = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("devilcoins"):
            for attribute, value in list(vars(module).items()):
                if callable(value) and hasattr(value, "cache_info"):
                    found[f"{name}.{attribute}"] = value
    return found


def _misses() -> dict[str, int]:
    return {name: function.cache_info().misses for name, function in _cached().items()}


def _the_first_games() -> list:
    return [
        game_spec(n, 2, "cyclic", "zero", None, observe)
        for observe in ("blind", "sight", "count")
        for n in range(1, MAX_PLAY_N + 1)
    ]


def test_once_the_first_answers_are_worked_out_the_page_works_nothing_out(monkeypatch):
    monkeypatch.setattr(solve, "ANSWERS", solve._Answers(512))
    for function in _cached().values():
        function.cache_clear()  # from nothing kept, as in a fresh server
    ready.first_answers()
    monkeypatch.setattr(solve, "_running", _not_again)  # no verdict searched for
    with TestClient(create_app()) as client:
        assert client.get("/").status_code == 200
        before = _misses()
        for method, path, body in PAGE_ASKS:
            answer = client.request(method, path, json=body, headers=AT_ONCE)
            assert answer.status_code == 200, (path, body, answer.text)  # never 202
        after = _misses()
    missed = {name: after[name] - before[name] for name in before if after[name] != before[name]}
    assert missed == {}  # every table, tree and strategy the page asked for was kept
    assert solve.WARM.is_set()


def test_a_heavy_worker_gets_ready_on_the_heavy_games_of_the_menus():
    ready.heavy_worker_ready()  # what each worker runs as it starts: it must not fail


class _Pool:
    """A stand-in for the heavy-work pool: what serve asks of it, in order."""

    def __init__(self, said: list[str]) -> None:
        self.said = said

    def configure(self, workers, budget):
        self.said.append("configure")

    def start(self, ready_first):
        assert ready_first is ready.heavy_worker_ready  # each worker loads what it needs
        self.said.append("workers started")
        return []

    def close(self):
        self.said.append("workers stopped")


class _Beside:
    """A stand-in for the process that works the other games out beside the server."""

    def __init__(self, said: list[str]) -> None:
        self.said = said

    def start(self):
        self.said.append("others started")
        return self

    def stop(self):
        self.said.append("others stopped")


def test_serve_works_the_first_answers_out_before_it_takes_a_request(monkeypatch):
    import uvicorn

    said: list[str] = []
    listened: list[socket.socket] = []
    monkeypatch.setattr(solve, "ANSWERS", solve._Answers(512))
    monkeypatch.setattr(web_app, "HEAVY", _Pool(said))
    monkeypatch.setattr(ready, "OtherGames", lambda: _Beside(said))

    def runs(server, sockets):
        """Where uvicorn would take its first request: what is done by then."""
        said.append("takes requests")
        listened.extend(sockets)
        for sock in sockets:  # listening all along: a browser that asked waits in its queue
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN) == 1
        assert server.config.host == "127.0.0.1" and server.config.port == port
        assert all(solve.ANSWERS.get(game) is not None for game in _the_first_games())
        assert solve.WARM.is_set()
        assert touch_tree.cache_info().currsize == len(TOUCH_GAMES)

    touch_tree.cache_clear()
    port = free_port()
    monkeypatch.setattr(uvicorn.Server, "run", runs)
    web_app.serve("127.0.0.1", port)
    assert said == [
        "configure",
        "workers started",
        "others started",
        "takes requests",
        "others stopped",
        "workers stopped",
    ]
    assert listened and all(sock.fileno() == -1 for sock in listened)  # closed once it ends


def test_a_browser_that_asks_as_it_starts_waits_in_the_queue_instead_of_being_refused():
    port = free_port()
    sockets = web_app.listening("127.0.0.1", port, 16)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=60) as browser:
            browser.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # no refusal
            (taken, _) = sockets[0].accept()  # what the server takes once it is ready
            with taken:
                assert taken.recv(3) == b"GET"
    finally:
        for sock in sockets:
            sock.close()


def test_the_heavy_work_workers_start_ready(tmp_path):
    work = HeavyWork(workers=1, budget=600)
    ready_file = tmp_path / "ready"
    try:
        started = work.start(functools.partial(Path(ready_file).touch))
        assert len(started) == 1
        for future in started:
            future.result(timeout=600)
        assert ready_file.exists()  # the worker got ready before its first task
        with pytest.raises(RuntimeError, match="running already"):
            work.start()
    finally:
        work.close()


def test_the_other_games_are_worked_out_beside_and_kept(monkeypatch):
    monkeypatch.setattr(solve, "ANSWERS", solve._Answers(512))
    games = [game_spec(4, 2, "dihedral", "same", None, "count"), game_spec(3, 3, "none", "zero", 2)]
    others = ready.OtherGames(games).start()
    try:
        assert others.done.wait(timeout=600)
    finally:
        others.stop()
    for game in games:
        assert solve.ANSWERS.get(game) == solve.solve_outcome(game)


def test_the_other_games_are_those_not_known_yet_and_stop_with_the_server(monkeypatch):
    monkeypatch.setattr(solve, "ANSWERS", solve._Answers(512))
    known = game_spec(4, 2, "cyclic", "same", None, "blind")
    everything = ready.other_games()
    solve.ANSWERS.put(known, solve.solve_outcome(known))
    games = ready.other_games()
    assert known in everything and known not in games and len(games) == len(everything) - 1
    others = ready.OtherGames(games).start()
    others.stop()  # long before the last: the process ends, what it sent stays kept
    assert others.done.is_set()
