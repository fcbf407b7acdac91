"""The strongest Devil of a blind live game commits to nothing: the optimal sequence lasts to
its end, and the replay (and a peek) tell one line of play that every move agrees with."""

from __future__ import annotations

import itertools

import pytest
from reference import flipped


def new(client, **fields) -> dict:
    r = client.post("/api/new", json={"devil": "adversarial", **fields})
    assert r.status_code == 200, r.text
    return r.json()


def check_replay(steps: list[dict], n: int) -> None:
    """Each step: the coins turned by r (coins[r:] + coins[:r]), then the positions flipped."""
    for prev, s in itertools.pairwise(steps):
        assert s["before"] == prev["after"]
    for s in steps:
        r = s["turn"]
        assert s["turned"] == s["before"][r:] + s["before"][:r]
        assert s["after"] == flipped(s["turned"], set(s["positions"]))


@pytest.mark.parametrize("n", [2, 4])
def test_the_optimal_sequence_is_won_only_at_its_last_move(client, n):
    game = new(client, n=n)
    moves = client.get(f"/api/solve?n={n}").json()["moves"]
    for k, vec in enumerate(moves, 1):
        positions = [i for i, v in enumerate(vec) if v]
        data = client.post("/api/move", json={"game": game["game"], "positions": positions}).json()
        assert data["won"] == (k == len(moves)), k
    steps = client.get(f"/api/replay/{game['game']}").json()["steps"]
    assert len(steps) == len(moves) and steps[-1]["after"] == "H" * n
    check_replay(steps, n)


def test_a_peek_fixes_the_line_and_the_game_goes_on_from_the_coins_seen(client):
    game = new(client, n=4)["game"]
    for positions in ([0, 1, 2, 3], [0, 2]):
        client.post("/api/move", json={"game": game, "positions": positions})
    seen = client.post("/api/peek", json={"game": game}).json()["coins"]
    before = client.get(f"/api/replay/{game}").json()["steps"]
    assert before[-1]["after"] == seen
    client.post("/api/move", json={"game": game, "positions": [1]})
    after = client.get(f"/api/replay/{game}").json()["steps"]
    assert after[:2] == before and after[2]["before"] == seen
    check_replay(after, 4)


def test_where_no_strategy_wins_the_holdout_devil_never_loses(client):
    game = new(client, n=3)["game"]
    for k in range(30):
        data = client.post("/api/move", json={"game": game, "positions": [k % 3]}).json()
        assert not data["won"]
    data = client.post("/api/move", json={"game": game, "positions": [0, 1, 2]}).json()
    assert not data["won"] and data["belief_size"] >= 1
