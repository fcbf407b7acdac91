"""The strongest Devil of a blind live game commits to nothing: the optimal sequence lasts to
its end, and the replay (and a peek) tell one line of play that every move agrees with."""

from __future__ import annotations

import itertools

import pytest
from helpers import detail
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


def test_where_no_strategy_wins_the_game_ends_lost_after_the_first_move(client):
    start = new(client, n=3)
    assert (start["winnable"], start["lost"], start["optimal"]) == (False, False, None)
    data = client.post("/api/move", json={"game": start["game"], "positions": [0]}).json()
    assert not data["won"] and data["lost"] and data["at_most"] is None
    assert "trap" in data["reason"]
    again = client.post("/api/move", json={"game": start["game"], "positions": [1]})
    assert again.status_code == 400 and "holds this game" in detail(again)


@pytest.mark.parametrize(("n", "off"), [(4, [0]), (4, [0, 2]), (8, [1, 2, 5])])
def test_after_a_move_off_the_optimal_line_the_hint_still_wins_within_its_count(client, n, off):
    """Against the strongest Devil, who commits to no state: the hint's moves win, and within
    the number of moves the state promised after the stray move."""
    game = new(client, n=n)["game"]
    data = client.post("/api/move", json={"game": game, "positions": off}).json()
    promised, played = data["at_most"], 0
    assert data["winnable"] and data["optimal"] is not None and promised < 2**n
    while not data["won"]:
        positions = [i for i, v in enumerate(data["optimal"]) if v]
        data = client.post("/api/move", json={"game": game, "positions": positions}).json()
        played += 1
        assert played <= promised and data["at_most"] == promised - played
