"""A game a player is using survives any number of other clients from any addresses: when the
app holds its most clients, a new one takes the place of a client idle past the grace period
(``KEEP_ACTIVE_SECONDS``), never of one that played within it, or is refused with 503 and
Retry-After; the memory bound (``MAX_CLIENTS`` clients of ``GAMES_PER_CLIENT`` games) holds."""

from __future__ import annotations

from fastapi import HTTPException
from fastapi.testclient import TestClient

from devilcoins.web.app import create_app
from devilcoins.web.store import (
    CLIENT_COOKIE,
    GAMES_PER_CLIENT,
    KEEP_ACTIVE_SECONDS,
    MAX_CLIENTS,
    Caller,
    LiveGames,
)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_players_game_survives_300_clients_from_distinct_addresses():
    app = create_app()
    with TestClient(app, client=("127.0.0.1", 5000)) as player:
        assert player.get("/").cookies.get(CLIENT_COOKIE)  # a browser: a signed cookie
        kept = player.post("/api/new", json={"n": 4}).json()["game"]
        answers = []
        for k in range(300):  # 300 clients from 127.0.x.y, one game each
            with TestClient(app, client=(f"127.0.{1 + k // 250}.{1 + k % 250}", 5000)) as c:
                answers.append(c.post("/api/new", json={"n": 1}))
        assert player.post("/api/peek", json={"game": kept}).status_code == 200
        taken = [a for a in answers if a.status_code == 200]
        refused = [a for a in answers if a.status_code != 200]
        assert len(taken) == MAX_CLIENTS - 1  # the player holds the other place
        assert {a.status_code for a in refused} == {503}
        for a in refused:  # one clear line, and when to ask again
            assert "try again" in a.json()["detail"]
            assert 1 <= int(a.headers["Retry-After"]) <= KEEP_ACTIVE_SECONDS
        assert app.state.games.held() == (MAX_CLIENTS, MAX_CLIENTS)  # clients, games: the bound


def test_made_up_cookies_from_many_addresses_push_out_no_one():
    app = create_app()
    with TestClient(app, client=("10.1.0.1", 5000)) as player:
        player.get("/")
        kept = player.post("/api/touch/new", json={}).json()["game"]
        for k in range(300):
            with TestClient(app, client=(f"10.2.{k // 200}.{k % 200}", 5000)) as c:
                c.cookies.set(CLIENT_COOKIE, f"{k:032x}.{k:032x}")  # signed by no one
                c.post("/api/touch/new", json={})
        assert player.get(f"/api/touch/replay/{kept}").status_code == 409  # found, still on
        assert app.state.glasses.held()[0] == MAX_CLIENTS


def test_a_game_in_play_outlives_a_flood_that_goes_on_for_hours():
    clock = Clock()
    games: LiveGames[str] = LiveGames(per_client=3, clients=10, clock=clock)
    player = Caller("page player", "10.0.0.1")
    mine = games.add("my game", player)
    refused = 0
    for k in range(3000):  # a new client every 6 s, each from its own address, for 5 hours
        clock.now += 6
        try:
            games.add("a game", Caller(f"page flood{k}", f"10.9.{k // 250}.{k % 250}"))
        except HTTPException as exc:
            assert exc.status_code == 503
            refused += 1
        if k % 100 == 0:  # the player moves every 10 minutes
            assert games.find(mine, player) == "my game"
        assert games.held()[0] <= 10
    assert games.find(mine, player) == "my game"
    assert 0 < refused < 3000  # places freed by the idle let others in


def test_an_idle_players_place_goes_to_a_newcomer_after_the_grace_period():
    clock = Clock()
    games: LiveGames[str] = LiveGames(per_client=3, clients=2, grace=600, clock=clock)
    idle, busy = Caller("page idle", "10.0.0.1"), Caller("page busy", "10.0.0.2")
    old = games.add("idle's game", idle)
    clock.now += 300
    games.add("busy's game", busy)
    newcomer = Caller("address 10.0.0.3", "10.0.0.3")
    try:
        games.add("a game", newcomer)
        raise AssertionError("the newcomer took a place played in within the grace period")
    except HTTPException as exc:
        assert exc.status_code == 503
        assert exc.headers == {"Retry-After": "300"}  # when the idle player's place frees
    clock.now += 300
    games.add("a game", newcomer)  # the idle player's place, not the busy one's
    assert games.held() == (2, 2)
    try:
        games.find(old, idle)
        raise AssertionError("the idle player's game was kept past the bound")
    except HTTPException as exc:
        assert exc.status_code == 404


def test_the_memory_bound_holds_for_a_client_with_many_games():
    clock = Clock()
    games: LiveGames[str] = LiveGames(clock=clock)
    for _ in range(GAMES_PER_CLIENT * 3):
        games.add("a game", Caller("page many", "10.0.0.1"))
    assert games.held() == (1, GAMES_PER_CLIENT)
