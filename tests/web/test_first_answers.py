"""The first answers come at once: ``devilcoins serve`` works out the games the menus open with
as it starts, and a verdict still being worked out is answered 202 (ask again) to the page,
which says so, instead of holding the request."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time

import pytest
from fastapi.testclient import TestClient
from helpers import free_port, get_json, healthy, post_json, start
from playwright.sync_api import expect

from devilcoins.web.app import create_app
from devilcoins.web.routes import solve

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
        while not healthy(url) or not get_json(url, "/api/health")["warm"]:
            assert server.poll() is None, "the server stopped"
            time.sleep(0.05)  # a poll's pace, not a wait for a time
        import urllib.request

        for n in range(1, 9):
            request = urllib.request.Request(f"{url}/api/solve?n={n}", headers=AT_ONCE)
            with urllib.request.urlopen(request, timeout=60) as response:
                assert response.status == 200, n  # kept: never 202
        assert post_json(url, "/api/new", {"n": 8, "devil": "adversarial"})["moves"] == 0
    finally:
        server.terminate()
        server.wait(timeout=60)
