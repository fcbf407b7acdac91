"""Issue 10: /api/replay/{game} gives each move with the Devil's hidden turn, once it is over."""

from __future__ import annotations

import pytest
from helpers import detail

from devilcoins.coins.notation import Coins, Move


def flipped(coins: str, positions: list[int]) -> str:
    return str(Coins(coins).flipped(Move(positions)))


@pytest.mark.parametrize("devil", ["random", "adversarial"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replay_chains_the_moves_to_all_heads(client, devil, seed):
    moves = client.get("/api/strategy/4").json()["moves"]
    game = client.post("/api/new", json={"n": 4, "devil": devil, "seed": seed}).json()["game"]
    r = client.get(f"/api/replay/{game}")
    assert r.status_code == 409 and "finish or peek first" in detail(r)
    sent = []
    for move in moves:
        data = client.post("/api/move", json={"game": game, "positions": move}).json()
        sent.append(move)
        if data["won"]:
            break
        assert client.get(f"/api/replay/{game}").status_code == 409  # still refused mid-game
    assert data["won"], "the optimal strategy wins"
    r = client.get(f"/api/replay/{game}")
    assert r.status_code == 200, r.text
    replay = r.json()
    assert replay["won"] and replay["n"] == 4 and replay["devil"] == devil
    steps = replay["steps"]
    assert [s["positions"] for s in steps] == [sorted(m) for m in sent]
    for i, step in enumerate(steps):
        if i:
            assert step["before"] == steps[i - 1]["after"]
        assert step["before"] != "HHHH"
        assert step["turned"] == str(Coins(step["before"]).rotate(step["turn"]))
        assert step["after"] == flipped(step["turned"], step["positions"])
        assert step["move"] == [int(i in step["positions"]) for i in range(4)]
    assert steps[-1]["after"] == "HHHH" == replay["coins"]


def test_replay_after_a_peek_and_of_an_unknown_game(client):
    game = client.post("/api/new", json={"n": 3, "seed": 5}).json()["game"]
    client.post("/api/move", json={"game": game, "positions": [0]})
    coins = client.post("/api/peek", json={"game": game}).json()["coins"]
    replay = client.get(f"/api/replay/{game}").json()
    assert replay["peeked"] and not replay["won"]
    assert len(replay["steps"]) == 1 and replay["steps"][0]["after"] == coins == replay["coins"]
    assert client.get("/api/replay/nosuchgame").status_code == 404


def test_replay_of_another_game_gives_the_turned_state(client):
    game = client.post("/api/new", json={"n": 3, "values": 3, "group": "dihedral", "seed": 7})
    assert game.status_code == 200, game.text
    gid = game.json()["game"]
    r = client.post("/api/move", json={"game": gid, "positions": [], "values": [1, 0, 2]})
    assert r.status_code == 200, r.text
    client.post("/api/peek", json={"game": gid})
    (step,) = client.get(f"/api/replay/{gid}").json()["steps"]
    assert sorted(step["turned"]) == sorted(step["before"])  # a symmetry moves the digits only
    added = [(int(c) + v) % 3 for c, v in zip(step["turned"], [1, 0, 2], strict=True)]
    assert step["after"] == "".join(map(str, added))
    if step["turn"] is not None:
        t = step["turn"]
        assert step["turned"] == step["before"][t:] + step["before"][:t]
