"""Games are kept per client fairly: a client is a browser that loaded the page (its cookie
signed by the app), a made-up cookie names no client, and past the app's limit on clients a new
one is refused while every client played within the grace period; of the clients idle past it,
the address with the most clients loses its own idlest first."""

from __future__ import annotations

import secrets

import pytest
from fastapi.testclient import TestClient

from devilcoins.web.app import create_app
from devilcoins.web.store import CLIENT_COOKIE, Caller, LiveGames


def test_made_up_cookies_make_no_client_that_could_push_others_out():
    app = create_app()
    with TestClient(app) as visitor, TestClient(app) as script:
        assert visitor.get("/").cookies.get(CLIENT_COOKIE)
        kept = visitor.post("/api/new", json={"n": 4}).json()["game"]
        first = script.post("/api/new", json={"n": 1}).json()["game"]
        for k in range(300):  # each with a fresh made-up cookie, of either shape
            made_up = secrets.token_hex(16) + ("" if k % 2 else "." + secrets.token_hex(16))
            script.cookies.set(CLIENT_COOKIE, made_up)
            assert script.post("/api/new", json={"n": 1}).status_code == 200
        script.cookies.clear()
        # every made-up cookie counted as the script's address: one client, its own 50 games
        assert script.post("/api/peek", json={"game": first}).status_code == 404
        assert visitor.post("/api/peek", json={"game": kept}).status_code == 200


def test_a_cookie_of_another_run_is_replaced_when_the_page_loads():
    with TestClient(create_app()) as before:
        old = before.get("/").cookies.get(CLIENT_COOKIE)
    with TestClient(create_app()) as after:
        after.cookies.set(CLIENT_COOKIE, old)
        fresh = after.get("/").cookies.get(CLIENT_COOKIE)
        assert fresh and fresh != old  # the new app did not sign the old one
        after.cookies.set(CLIENT_COOKIE, fresh)
        assert after.get("/").cookies.get(CLIENT_COOKIE) is None  # signed: kept as it is


def test_a_flood_of_page_loads_from_one_address_is_refused_and_pushes_out_no_one():
    app = create_app()
    with TestClient(app, client=("10.0.0.7", 5000)) as visitor:
        visitor.get("/")
        kept = visitor.post("/api/new", json={"n": 4}).json()["game"]
        flood = [TestClient(app, client=("10.0.0.9", 5000)) for _ in range(3)]
        first = None
        statuses = []
        for k in range(250):  # 250 browsers load the page from one address and play
            browser = flood[k % 3]
            browser.cookies.clear()
            browser.get("/")
            answer = browser.post("/api/new", json={"n": 1})
            statuses.append(answer.status_code)
            first = first or (browser.cookies.get(CLIENT_COOKIE), answer.json()["game"])
        assert statuses == [200] * 199 + [503] * 51  # the visitor holds the 200th place
        assert visitor.post("/api/peek", json={"game": kept}).status_code == 200
        browser.cookies.set(CLIENT_COOKIE, first[0])
        assert browser.post("/api/peek", json={"game": first[1]}).status_code == 200


@pytest.mark.parametrize("others", [1, 5])
def test_the_crowded_address_loses_its_idlest_client(others):
    # no grace period: every client is idle past it, and of those the crowded address's go
    games: LiveGames[str] = LiveGames(per_client=2, clients=10, grace=0)
    quiet = [Caller(f"page quiet{k}", "10.0.0.1") for k in range(others)]
    ids = [games.add("a game", c) for c in quiet]
    loud = [Caller(f"page loud{k}", "10.0.0.2") for k in range(40)]
    for c in loud:
        games.add("a game", c)
    for c, game_id in zip(quiet, ids, strict=True):
        assert games.find(game_id, c) == "a game"
    assert games.clients_of("10.0.0.2") == 10 - others
    assert games.clients_of("10.0.0.1") == others
