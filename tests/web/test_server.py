"""The web app's API, through FastAPI's TestClient (no server process, no network)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from helpers import detail

from devilcoins import __version__
from devilcoins.coins.notation import Coins, Move
from devilcoins.core.game import Game
from devilcoins.devil import greedy_devil
from devilcoins.notebook import all_coins, update
from devilcoins.web.app import create_app
from devilcoins.web.store import CLIENT_COOKIE


def test_health(client):
    r = client.get("/api/health")
    assert r.status_code == 200
    data = r.json()
    assert data == {"ok": True, "version": __version__, "warm": data["warm"]}
    assert isinstance(data["warm"], bool)  # True once serve has worked out the first games


def test_new_game_hides_the_coins(client):
    r = client.post("/api/new", json={"n": 4, "devil": "random", "seed": 1})
    assert r.status_code == 200
    data = r.json()
    assert data["moves"] == 0 and data["won"] is False and data["peeked"] is False
    assert "coins" not in data
    # the game starts off all heads, so what the player knows leaves HHHH out
    assert data["belief"] == sorted(set(all_coins(4)) - {"HHHH"})
    assert data["belief_size"] == 5


def play_strategy(client, n: int, devil: str, seed: int | None = None) -> list[dict]:
    strategy = client.get(f"/api/strategy/{n}").json()
    game = client.post("/api/new", json={"n": n, "devil": devil, "seed": seed}).json()
    states = []
    for move in strategy["moves"]:
        r = client.post("/api/move", json={"game": game["game"], "positions": move})
        assert r.status_code == 200, r.text
        states.append(r.json())
        if states[-1]["won"]:
            break
    return states


@pytest.mark.parametrize("devil", ["random", "adversarial"])
def test_full_game_with_the_optimal_strategy(client, devil):
    beliefs = client.get("/api/strategy/4").json()["beliefs"]
    states = play_strategy(client, 4, devil, seed=2024)
    assert states[-1]["won"] is True
    assert len(states) <= 15
    assert states[-1]["belief"] == ["HHHH"] and states[-1]["belief_size"] == 1
    assert states[-1]["coins"] == "HHHH"
    for i, state in enumerate(states[:-1], 1):
        # before the win the player knows what the strategy's beliefs say, less all heads
        assert state["belief"] == [b for b in beliefs[i] if b != "HHHH"]
        assert state["moves"] == i and "coins" not in state


def test_a_seeded_game_repeats(client):
    first = [s["belief"] for s in play_strategy(client, 4, "random", seed=7)]
    again = [s["belief"] for s in play_strategy(client, 4, "random", seed=7)]
    assert first == again


def test_moves_after_the_win_are_refused(client):
    game = client.post("/api/new", json={"n": 1, "devil": "random", "seed": 3}).json()
    assert client.post("/api/move", json={"game": game["game"], "positions": [0]}).json()["won"]
    r = client.post("/api/move", json={"game": game["game"], "positions": [0]})
    assert r.status_code == 409 and "already won" in detail(r)


def test_peek(client):
    game = client.post("/api/new", json={"n": 6, "devil": "adversarial", "seed": 5}).json()
    r = client.post("/api/peek", json={"game": game["game"]})
    assert r.status_code == 200
    coins = r.json()["coins"]
    assert len(coins) == 6 and set(coins) <= {"H", "T"} and "T" in coins
    assert r.json()["peeked"] is True
    state = client.post("/api/move", json={"game": game["game"], "positions": [0]}).json()
    assert state["peeked"] is True and "coins" not in state


@pytest.mark.parametrize("body", [{"positions": []}, {"positions": [], "values": [0, 0, 0, 0]}])
def test_an_empty_move_is_refused_and_not_counted(client, body):
    n = 4
    values = {"values": 3} if "values" in body else {}
    game = client.post("/api/new", json={"n": n, **values}).json()
    r = client.post("/api/move", json={"game": game["game"], **body})
    assert r.status_code == 422 and r.json()["errors"] == []
    assert r.json()["detail"].startswith("a move ")
    state = client.post("/api/move", json={"game": game["game"], "positions": [0]})
    assert state.json()["moves"] == 1, state.text


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        ("get", "/api/solve?n=4&colour=red", None),
        ("post", "/api/new?n=4", {"n": 4}),
    ],
)
def test_unknown_query_parameters_are_refused_like_unknown_fields(client, method, url, body):
    r = client.request(method.upper(), url, json=body)
    assert r.status_code == 422, r.text
    (err,) = r.json()["errors"]
    assert err["type"] == "extra_forbidden" and err["loc"][0] == "query"
    field = client.post("/api/new", json={"n": 4, "colour": "red"})
    assert field.status_code == 422 and set(field.json()) == set(r.json()) == {"detail", "errors"}


def test_every_refusal_has_one_shape(client):
    answers = [
        client.get("/api/no-such-route"),
        client.delete("/api/solve"),
        client.get("/api/solve", params={"n": 0}),
        client.post("/api/move", json={"game": "0" * 16, "positions": [0]}),
    ]
    for r in answers:
        assert r.status_code >= 400
        data = r.json()
        assert set(data) == {"detail", "errors"}, data
        assert isinstance(data["detail"], str) and data["detail"]


def test_greedy_devil_keeps_off_all_heads_when_it_can():
    """The page's greedy Devil is the library's one greedy rule: of the turns of the coins, the
    first (in increasing order) that the move does not flip to all heads."""
    game = Game(4)
    devil = greedy_devil(game)
    for mask in range(1, 16):
        coins = Coins.from_mask(mask, 4)
        for move_mask in range(16):
            options = sorted({coins.rotate(r).tails_mask for r in range(4)})
            safe = [x for x in options if x ^ move_mask]
            turned = devil(1, mask, move_mask)
            assert turned == (safe[0] if safe else mask)


def test_strategy_for_two_coins_matches_update(client):
    data = client.get("/api/strategy/2").json()
    assert data["moves"] == [[0, 1], [0], [0, 1]]
    assert data["length"] == 3 and data["winnable"] is True
    belief = all_coins(2)
    expected = [sorted(belief)]
    for move in data["moves"]:
        belief = update(belief, move)
        expected.append(sorted(belief))
    assert data["beliefs"] == expected
    assert expected[-1] == ["HH"]


def test_strategy_without_a_win_and_for_sixteen(client):
    three = client.get("/api/strategy/3").json()
    assert three["winnable"] is False and three["moves"] == [] and "odd prime" in three["message"]
    sixteen = client.get("/api/strategy/16").json()
    assert sixteen["length"] == 65535 and len(sixteen["moves"]) == 64
    assert sixteen["beliefs"] is None and sixteen["truncated"] is True
    for n in (0, 9, 17):
        r = client.get(f"/api/strategy/{n}")
        assert r.status_code in (400, 422) and detail(r)


def test_verify(client):
    moves = client.get("/api/strategy/4").json()["moves"]
    r = client.post("/api/verify", json={"n": 4, "moves": moves})
    assert r.status_code == 200
    assert r.json()["wins"] is True and r.json()["won_at"] == 15
    assert "counterexample" not in r.json()

    dropped = moves[:7] + moves[8:]
    data = client.post("/api/verify", json={"n": 4, "moves": dropped}).json()
    assert data["wins"] is False and data["won_at"] is None
    counter = data["counterexample"]
    x = Coins(counter["start"])
    assert len(counter["turns"]) == len(dropped)
    assert not x.all_heads
    for r_turn, move in zip(counter["turns"], dropped, strict=True):
        x = x.rotate(r_turn).flipped(Move(move))  # as the coins lie: no canonical form
        assert not x.all_heads


def test_verify_refuses_too_much(client):
    r = client.post("/api/verify", json={"n": 17, "moves": [[0]]})
    assert r.status_code == 422 and "n" in detail(r) and "16" in detail(r)
    r = client.post("/api/verify", json={"n": 4, "moves": [[0]] * 70_001})
    assert r.status_code == 422 and "moves" in detail(r)
    assert len(r.text) < 2000  # the input is not echoed back
    r = client.post("/api/verify", json={"n": 4, "moves": [[0, 4]]})
    assert r.status_code == 422 and "position 4" in detail(r)


def test_draw(client):
    r = client.get("/api/draw", params={"coins": "HTTH", "move": "0,2"})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.startswith("<svg") and r.text.count('class="coin') == 4
    assert r.text.count(' flip"') == 2
    assert client.get("/api/draw", params={"coins": "HTXH"}).status_code == 422
    assert client.get("/api/draw", params={"coins": "HT", "move": "2"}).status_code == 422
    assert client.get("/api/draw", params={"coins": "H" * 65}).status_code == 422


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/new", {"n": 0}),
        ("/api/new", {"n": 9}),
        ("/api/new", {"n": 4, "devil": "kind"}),
        ("/api/new", {"n": 4, "seed": -1}),
        ("/api/new", {"n": "4x"}),
        ("/api/move", {"game": "0" * 65, "positions": []}),
        ("/api/move", {"game": "abc", "positions": [-1]}),
        ("/api/verify", {"n": 0, "moves": []}),
    ],
)
def test_bad_bodies(client, path, body):
    r = client.post(path, json=body)
    assert r.status_code == 422, r.text
    assert isinstance(detail(r), str) and detail(r)


def test_positions_off_the_table_and_unknown_games(client):
    game = client.post("/api/new", json={"n": 4}).json()["game"]
    r = client.post("/api/move", json={"game": game, "positions": [4]})
    assert r.status_code == 422 and "position 4" in detail(r)
    r = client.post("/api/move", json={"game": "deadbeef", "positions": [0]})
    assert r.status_code == 404 and "no game" in detail(r)
    assert client.post("/api/peek", json={"game": "deadbeef"}).status_code == 404
    assert client.post("/api/move", content=b"not json").status_code == 422


def test_body_size_is_bounded(client):
    r = client.post(
        "/api/verify", content=b" " * 5_000_000, headers={"content-type": "application/json"}
    )
    assert r.status_code == 413


def test_a_clients_games_are_capped_and_push_out_only_its_own():
    """One client's 1,000 new games used to drop every other client's game."""
    app = create_app()
    with TestClient(app) as flood, TestClient(app) as visitor:
        assert visitor.get("/").cookies.get(CLIENT_COOKIE)  # the page names its browser
        kept = visitor.post("/api/new", json={"n": 4}).json()["game"]
        glass = visitor.post("/api/touch/new", json={}).json()["game"]
        first = flood.post("/api/new", json={"n": 1}).json()["game"]
        for _ in range(1000):
            flood.post("/api/new", json={"n": 1})
        assert flood.post("/api/peek", json={"game": first}).status_code == 404
        assert visitor.post("/api/move", json={"game": kept, "positions": [0]}).status_code == 200
        assert visitor.post("/api/touch/feel", json={"game": glass, "positions": [0, 1]}).is_success


def test_a_game_id_alone_does_not_reach_another_clients_game():
    app = create_app()
    with TestClient(app) as owner, TestClient(app) as other:
        owner.get("/")
        game = owner.post("/api/new", json={"n": 4}).json()["game"]
        for path in ("/api/peek", "/api/undo", "/api/restart"):
            answer = other.post(path, json={"game": game})
            assert answer.status_code == 404 and "no game" in answer.json()["detail"]
        assert other.get(f"/api/replay/{game}").status_code == 404
        assert owner.post("/api/peek", json={"game": game}).status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/static/../server.py",
        "/static/%2e%2e/server.py",
        "/static/..%2fserver.py",
        "/static/%2e%2e%2fserver.py",
        "/static/../../pyproject.toml",
        "/server.py",
    ],
)
def test_no_path_traversal(client, path):
    r = client.get(path)
    assert r.status_code == 404
    assert "create_app" not in r.text


def test_index_and_static_files(client):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "/static/app.js" in r.text and "/static/style.css" in r.text
    assert "http://" not in r.text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    for name in ("app.js", "style.css", "index.html"):
        assert client.get(f"/static/{name}").status_code == 200


def test_a_loopback_server_answers_only_its_own_host_names():
    with TestClient(create_app(["127.0.0.1", "localhost"]), base_url="http://localhost") as c:
        assert c.get("/api/health").status_code == 200
        assert c.get("/api/health", headers={"host": "evil.example"}).status_code == 400


def test_the_openapi_schema_lists_the_api():
    with TestClient(create_app()) as c:
        paths = c.get("/openapi.json").json()["paths"]
    assert {"/api/new", "/api/move", "/api/peek", "/api/verify", "/api/draw"} <= set(paths)


def test_serve_refuses_a_busy_port_and_a_bad_one(capsys):
    import socket

    from devilcoins.cli.main import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
        assert "choose another --port" in capsys.readouterr().err
    assert main(["serve", "--port", "0"]) == 2
    assert main(["serve", "--port", "70000"]) == 2


def test_the_page_docs_name_every_route_and_section(client):
    """docs/page.md stays current: every API route of the schema and every section of the page."""
    import re
    from pathlib import Path

    docs = (Path(__file__).parents[2] / "docs" / "page.md").read_text()
    for path in client.get("/openapi.json").json()["paths"]:
        assert f"`{path}`" in docs, path
    page = client.get("/").text
    for title in re.findall(r'<h2 id="[a-z]+-title">([^<]+)</h2>', page):
        assert f"**{title}**" in docs, title


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/api/health", "/api/nowhere"])
def test_every_answer_carries_the_security_headers(client, path):
    headers = client.get(path).headers
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("n", [7, 8])
def test_a_count_game_with_no_turning_past_six_coins_is_refused_at_once(client, n):
    """It used to run the count search to its 4 GiB stop (275 s) and be asked again."""
    fields = {"n": n, "group": "none", "goal": "zero", "observe": "count"}
    solved = client.get("/api/solve", params=fields)
    assert solved.status_code == 400 and "up to 6 coins" in solved.json()["detail"]
    started = client.post("/api/new", json=fields)
    assert started.status_code == 422 and "up to 6 coins" in started.json()["detail"]


def test_a_move_naming_a_position_twice_is_refused_as_the_command_line_does(client):
    game = client.post("/api/new", json={"n": 4, "devil": "random"}).json()["game"]
    answer = client.post("/api/move", json={"game": game, "positions": [0, 0]})
    assert answer.status_code == 422 and "named twice" in answer.json()["detail"]
