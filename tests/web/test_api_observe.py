"""Sight and count games on the page's API: what the player sees or hears, the library's optimal
next move, and the three Devils (random, greedy, the strongest)."""

from __future__ import annotations

import pytest

from devilcoins import Game, solve


def _positions(vec: list[int]) -> dict:
    return {"positions": [i for i, v in enumerate(vec) if v]}


def _follow(client, body: dict, most: int = 40) -> list[dict]:
    """Start a game and play the optimal moves the server offers until it is won."""
    states = [client.post("/api/new", json=body).json()]
    while not states[-1]["won"]:
        assert states[-1]["optimal"] is not None, states[-1]
        assert len(states) <= most
        move = _positions(states[-1]["optimal"])
        r = client.post("/api/move", json={"game": states[-1]["game"], **move})
        assert r.status_code == 200, r.text
        states.append(r.json())
    return states


@pytest.mark.parametrize("devil", ["random", "greedy", "adversarial"])
@pytest.mark.parametrize("n", [4, 8])
def test_a_sight_game_shows_the_coins_and_the_optimal_play_wins(client, n, devil):
    length = solve(Game(n, observe="sight")).length
    states = _follow(client, {"n": n, "observe": "sight", "devil": devil, "seed": n})
    assert all("coins" in s and s["belief_size"] == 1 for s in states)
    assert states[-1]["coins"] == "H" * n
    assert len(states) - 1 <= length
    if devil == "adversarial":  # he starts where the most moves are needed, and holds out
        assert len(states) - 1 == length


@pytest.mark.parametrize("devil", ["random", "greedy", "adversarial"])
@pytest.mark.parametrize("n", [4, 8])
def test_a_count_game_hides_the_coins_and_says_the_count(client, n, devil):
    length = solve(Game(n, observe="count")).length
    states = _follow(client, {"n": n, "observe": "count", "devil": devil, "seed": 3})
    assert all("coins" not in s for s in states[:-1])
    assert "heard" not in states[0]
    assert all(s["heard"] > 0 for s in states[1:-1])  # no bell: some coin shows tails
    assert states[-1]["heard"] == 0 and states[-1]["coins"] == "H" * n
    assert len(states) - 1 <= length


def test_only_a_count_game_takes_a_move_that_changes_nothing(client):
    for observe, ok in (("count", True), ("blind", False), ("sight", False)):
        game = client.post("/api/new", json={"n": 4, "observe": observe}).json()["game"]
        r = client.post("/api/move", json={"game": game, "positions": []})
        assert (r.status_code == 200) == ok, (observe, r.text)
        if not ok:
            assert "name the positions" in r.json()["detail"]


def test_the_count_game_with_dials_is_refused_in_plain_words(client):
    r = client.post("/api/new", json={"n": 3, "values": 3, "observe": "count"})
    assert r.status_code == 422 and "coins only" in r.text
    r = client.get("/api/solve?n=3&values=3&observe=count")
    assert r.status_code == 400 and "coins only" in r.json()["detail"]
    r = client.get("/api/solve?n=4&observe=count")
    assert r.status_code == 200 and r.json()["length"] == solve(Game(4, observe="count")).length


def test_no_optimal_move_where_the_devil_holds_out(client):
    data = client.post("/api/new", json={"n": 3, "observe": "sight", "devil": "adversarial"})
    assert data.json()["optimal"] is None
