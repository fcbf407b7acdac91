"""Undo and restart over the API: the same game played again up to a move (the state the page
was sent then), for the play and the glasses sections; refusals with nothing to take back."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("fields", [{"n": 4}, {"n": 6}, {"n": 4, "observe": "sight"},
                                    {"n": 4, "observe": "count"},
                                    {"n": 3, "values": 3}])  # fmt: skip
@pytest.mark.parametrize("devil", ["random", "adversarial"])
def test_undo_gives_back_the_state_before_the_last_move(client, fields, devil):
    start = client.post("/api/new", json={**fields, "devil": devil, "seed": 11}).json()
    game = start["game"]
    states = [start]
    for positions in ([0], [0, 1], [1]):
        answer = client.post("/api/move", json={"game": game, "positions": positions})
        if answer.status_code != 200:  # a game the Devil holds takes no more moves
            assert "holds" in answer.json()["detail"]
            break
        states.append(answer.json())
    while len(states) > 1:
        states.pop()
        assert client.post("/api/undo", json={"game": game}).json() == states[-1]
    refused = client.post("/api/undo", json={"game": game})
    assert refused.status_code == 409 and "nothing to take back" in refused.json()["detail"]


def test_restart_is_the_same_start_and_peeked_stays_marked(client):
    start = client.post("/api/new", json={"n": 4, "devil": "random", "seed": 5}).json()
    game = start["game"]
    client.post("/api/move", json={"game": game, "positions": [0]})
    client.post("/api/peek", json={"game": game})
    again = client.post("/api/restart", json={"game": game}).json()
    assert again == {**start, "peeked": True}
    twin = client.post("/api/new", json={"n": 4, "devil": "random", "seed": 5}).json()["game"]
    coins = client.post("/api/peek", json={"game": game}).json()["coins"]
    assert coins == client.post("/api/peek", json={"game": twin}).json()["coins"]


def test_the_glasses_undo_a_feel_then_a_round(client):
    start = client.post("/api/touch/new", json={"glasses": 4, "hands": 2, "devil": "greedy",
                                                "seed": 2}).json()  # fmt: skip
    game = start["game"]
    felt = client.post("/api/touch/feel", json={"game": game, "positions": [0, 1]}).json()
    assert client.post("/api/touch/undo", json={"game": game}).json() == start
    assert client.post("/api/touch/feel", json={"game": game, "positions": [0, 1]}).json() == felt
    after = client.post("/api/touch/set", json={"game": game, "glasses": ["up", "up"]}).json()
    client.post("/api/touch/feel", json={"game": game, "positions": [0, 2]})
    assert client.post("/api/touch/undo", json={"game": game}).json() == after
    assert client.post("/api/touch/undo", json={"game": game}).json() == start
    assert client.post("/api/touch/undo", json={"game": game}).status_code == 409
    assert client.post("/api/touch/restart", json={"game": game}).json() == start


def test_undo_of_a_game_that_is_gone_is_a_404(client):
    for path in ("/api/undo", "/api/restart", "/api/touch/undo", "/api/touch/restart"):
        answer = client.post(path, json={"game": "0" * 16})
        assert answer.status_code == 404 and "no game" in answer.json()["detail"]
