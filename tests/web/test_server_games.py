"""The live games of other kinds (values, group, goal, hands) and /api/solve."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import expect

from devilcoins.web.app import create_app

# optimal: the library's next move (null once the game is won)
COIN_KEYS = {"game", "n", "devil", "moves", "belief", "belief_size", "won", "peeked", "game_words"}
COIN_KEYS |= {"optimal", "winnable", "at_most", "reason", "held", "lost"}


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


def solved(client, **fields) -> dict:
    r = client.get("/api/solve", params=fields)
    assert r.status_code == 200, r.text
    return r.json()


def play_strategy(client, moves: list[list[int]], **fields) -> dict:
    data = client.post("/api/new", json=fields).json()
    assert not data["won"]
    for mv in moves:
        data = client.post("/api/move", json={"game": data["game"], "positions": [], "values": mv})
        assert data.status_code == 200, data.text
        data = data.json()
        if data["won"]:
            break
    return data


@pytest.mark.parametrize("seed", range(8))
def test_coins_goal_same_won_within_7(client, seed):
    verdict = solved(client, n=4, goal="same")
    assert verdict["winnable"] and verdict["length"] == 7 == len(verdict["moves"])
    data = play_strategy(client, verdict["moves"], n=4, goal="same", seed=seed)
    assert data["won"] and data["moves"] <= 7
    assert data["game_text"] == "n=4 goal=same" and data["values"] == 2
    assert data["belief_size"] == 1 and data["coins"] in ("HHHH", "TTTT")


@pytest.mark.parametrize("seed", range(4))
def test_dials_won_within_26(client, seed):
    verdict = solved(client, n=3, values=3)
    assert verdict["winnable"] and verdict["length"] == 26
    data = play_strategy(client, verdict["moves"], n=3, values=3, seed=seed)
    assert data["won"] and data["moves"] <= 26 and data["coins"] == "000"


def test_adversarial_chain_stalls_never_won_and_the_game_ends_lost(client):
    verdict = solved(client, n=6, goal="same")
    assert not verdict["winnable"] and "stalls" in verdict["method"]
    data = client.post("/api/new", json={"n": 6, "goal": "same", "devil": "adversarial", "seed": 3})
    game = data.json()["game"]
    rng = random.Random(5)
    positions = [p for p in range(6) if rng.random() < 0.5] or [rng.randrange(6)]
    r = client.post("/api/move", json={"game": game, "positions": positions})
    assert r.status_code == 200 and not r.json()["won"] and r.json()["lost"]
    peeked = client.post("/api/peek", json={"game": game}).json()
    assert len(set(peeked["coins"])) > 1


def test_adversarial_greedy_and_random_dials(client):
    for devil in ("random", "adversarial"):
        data = client.post(
            "/api/new", json={"n": 4, "values": 3, "group": "dihedral", "devil": devil}
        ).json()
        r = client.post("/api/move", json={"game": data["game"], "positions": [0, 2]})
        assert r.status_code == 200
        assert all(set(b) <= set("012") for b in r.json()["belief"])


def test_hands_enforced(client):
    game = client.post("/api/new", json={"n": 4, "values": 3, "hands": 2}).json()["game"]
    r = client.post("/api/move", json={"game": game, "positions": [], "values": [1, 2, 1, 0]})
    assert 400 <= r.status_code < 500
    r = client.post("/api/move", json={"game": game, "positions": [0, 1, 2]})
    assert 400 <= r.status_code < 500
    r = client.post("/api/move", json={"game": game, "positions": [], "values": [1, 2, 0, 0]})
    assert r.status_code == 200


@pytest.mark.parametrize(
    "fields",
    [
        {"n": 4, "values": 6},
        {"n": 4, "values": 1},
        {"n": 4, "group": "weird"},
        {"n": 4, "goal": "odd"},
        {"n": 3, "hands": 4},
        {"n": 6, "values": 5},  # 5^6 states is too many
    ],
)
def test_bad_fields_refused(client, fields):
    assert 400 <= client.post("/api/new", json=fields).status_code < 500
    assert 400 <= client.get("/api/solve", params=fields).status_code < 500


def test_bad_move_values_refused(client):
    game = client.post("/api/new", json={"n": 3, "values": 3}).json()["game"]
    for values in ([1, 2], [3, 0, 0], [0, 0, 0, 0]):
        r = client.post("/api/move", json={"game": game, "positions": [], "values": values})
        assert 400 <= r.status_code < 500
    r = client.post("/api/move", json={"game": game, "positions": [1], "values": [1, 0, 0]})
    assert 400 <= r.status_code < 500


def test_defaults_are_the_coin_game(client):
    data = client.post("/api/new", json={"n": 4, "seed": 7}).json()
    same = client.post(
        "/api/new",
        json={"n": 4, "seed": 7, "values": 2, "group": "cyclic", "goal": "zero"},
    ).json()
    assert set(data) == set(same) == COIN_KEYS
    assert {k: v for k, v in data.items() if k != "game"} == {
        k: v for k, v in same.items() if k != "game"
    }
    r = client.post("/api/move", json={"game": data["game"], "positions": [0]})
    assert set(r.json()) == COIN_KEYS | {"judged"}  # a move comes with the coach's judgement
    r = client.post("/api/move", json={"game": data["game"], "positions": [], "values": [1] * 4})
    assert r.status_code == 422


@pytest.mark.browser  # the page fixture comes from conftest (skipped without chromium)
def test_browser_dials(page):
    page.select_option("#play-n", "3")
    page.select_option("#play-values", "3")
    page.click("#new-game")
    expect(page.locator("#play-rules")).to_contain_text("3 dials of 3 faces")
    expect(page.locator("#play-rules")).to_have_attribute("title", "n=3 values=3")
    expect(page.locator("#play-solve")).to_contain_text("26 moves")
    positions = page.locator("#play-table .position")
    positions.nth(0).click()
    positions.nth(0).click()
    expect(positions.nth(0)).to_contain_text("+2")
    page.click("#flip")
    expect(page.locator("#play-status")).to_contain_text(": 1 move")
    assert page.locator("#belief figure").count() >= 1
    assert page.errors == []
