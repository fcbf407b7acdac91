"""The why routes: the library's roles and the certificate's answers, and refusals in words."""

from __future__ import annotations

from devilcoins.coins.why import devil_answer, strategy_roles


def test_the_strategy_route_is_the_librarys_roles(client):
    data = client.get("/api/why/strategy/8").json()
    why = strategy_roles(8)
    assert data["start_patterns"] == list(why.start_patterns)
    assert [(m["kind"], m["step"], tuple(m["flips"])) for m in data["moves"]] == [
        (m.kind, m.step, m.flips) for m in why.moves
    ]


def test_the_devil_route_answers_as_the_library_does(client):
    body = {"n": 5, "coins": "THHTH", "move": [0, 3]}
    data = client.post("/api/why/devil/turn", json=body).json()
    a = devil_answer(5, "THHTH", [0, 3])
    assert (data["r"], data["after"], data["plain_kept_out"]) == (a.r, a.after, a.plain_kept_out)
    assert client.get("/api/why/devil/6").json()["kept_out"][0] == "HHHHHH"


def test_games_without_a_picture_are_refused_in_words(client):
    r = client.get("/api/why/strategy/6")
    assert r.status_code == 400 and "N = 2, 4 and 8" in r.json()["detail"]
    r = client.get("/api/why/devil/4")
    assert r.status_code == 400 and "power of 2" in r.json()["detail"]
    r = client.get("/api/why/devil/9")
    assert r.status_code == 422
    r = client.post("/api/why/devil/turn", json={"n": 6, "coins": "HTHTHT", "move": [0]})
    assert r.status_code == 400 and "start from any other" in r.json()["detail"]
    r = client.post("/api/why/devil/turn", json={"n": 3, "coins": "THH", "move": [3]})
    assert r.status_code == 422 and "position 3 is off the table" in r.json()["detail"]
    r = client.post("/api/why/devil/turn", json={"n": 3, "coins": "TH", "move": []})
    assert r.status_code == 422 and "2 letters but N = 3" in r.json()["detail"]
