"""The API refuses a JSON body with a key twice in one object (every route that reads a body, in
one place), and a refusal never echoes a long input whole: a game id, a key, a parameter's name
or a host is cut to a short excerpt."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from helpers import detail

from devilcoins.web.app import create_app
from devilcoins.web.errors import MAX_ECHO

JSON = {"content-type": "application/json"}
LONG = "f" * 100_000
LONG_URL = "f" * 60_000  # as long as a URL the test client sends may be (64 KB)


def body_routes() -> list[str]:
    """The path of every route that reads a JSON body (by the API's own schema)."""
    schema = create_app().openapi()["paths"]
    paths = [path for path, ops in schema.items() if "requestBody" in ops.get("post", {})]
    assert "/api/new" in paths and "/api/verify" in paths
    return paths


@pytest.mark.parametrize("path", body_routes())
def test_every_body_route_refuses_a_key_given_twice(client, path):
    r = client.post(path, content=b'{"seed": 1, "seed": 2}', headers=JSON)
    assert r.status_code == 422, r.text
    assert "'seed' is given twice" in detail(r), detail(r)
    assert r.json()["errors"][0]["type"] == "json_duplicate_key"


def test_a_key_twice_is_refused_however_deep_and_whatever_its_values(client):
    game = client.post("/api/new", json={"n": 4}).json()["game"]
    twice = f'{{"game": "{game}", "positions": [0], "game": "{game}"}}'
    r = client.post("/api/move", content=twice.encode(), headers=JSON)
    assert r.status_code == 422 and "'game' is given twice" in detail(r)
    r = client.post("/api/new", content=b'{"n": 4, "n": 4}', headers=JSON)
    assert r.status_code == 422 and "'n' is given twice" in detail(r)
    nested = b'{"n": 2, "moves": [[0], {"a": 1, "a": 1}]}'
    r = client.post("/api/verify", content=nested, headers=JSON)
    assert r.status_code == 422 and "'a' is given twice" in detail(r)
    # the same body with each key once is read as before
    r = client.post("/api/move", content=f'{{"game": "{game}", "positions": [0]}}', headers=JSON)
    assert r.status_code == 200, r.text


def test_a_long_key_given_twice_is_named_by_an_excerpt(client):
    body = f'{{"{LONG}": 1, "{LONG}": 2}}'.encode()
    r = client.post("/api/new", content=body, headers=JSON)
    assert r.status_code == 422
    assert len(r.text) < 500 and "…" in detail(r)


@pytest.mark.parametrize("path", ["/api/replay/", "/api/touch/replay/"])
def test_a_long_game_id_is_not_echoed_whole(client, path):
    r = client.get(path + LONG_URL)
    assert r.status_code == 404
    assert len(detail(r)) < 200, len(detail(r))
    assert repr(LONG_URL[: MAX_ECHO - 1] + "…") in detail(r)


def test_a_long_unknown_field_or_parameter_is_not_echoed_whole(client):
    r = client.post("/api/new", json={"n": 4, LONG: 1})
    assert r.status_code == 422
    assert len(r.text) < 1000, len(r.text)
    assert all(len(str(x)) <= MAX_ECHO for e in r.json()["errors"] for x in e["loc"])
    r = client.get("/api/touch/tree", params={LONG_URL: "1"})
    assert r.status_code == 422
    assert len(r.text) < 1000, len(r.text)


def test_a_long_host_is_not_echoed_whole():
    with TestClient(create_app(["127.0.0.1"]), base_url="http://127.0.0.1") as c:
        r = c.get("/api/health", headers={"host": LONG})
    assert r.status_code == 400
    assert len(detail(r)) < 200, len(detail(r))
