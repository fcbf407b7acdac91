"""The API reads its input strictly: whole numbers are JSON integers, messages are plain, and
/api/draw takes flip patterns."""

from __future__ import annotations

import pytest
from helpers import detail


@pytest.mark.parametrize("bad", [True, False, 4.0, "4"])
def test_a_whole_number_is_a_json_integer(client, bad):
    r = client.post("/api/new", json={"n": bad})
    assert r.status_code == 422, r.text
    assert detail(r).startswith("n: ")
    r = client.post("/api/verify", json={"n": 2, "moves": [[True]]})
    assert r.status_code == 422


def test_malformed_json_gets_a_plain_message(client):
    r = client.post("/api/new", content=b'{"n": 4,', headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    assert detail(r).startswith("the request body is not valid JSON"), detail(r)
    assert "JSON decode error" not in detail(r)
    assert not detail(r)[0].isdigit()


def test_refusals_drop_pydantics_prefix(client):
    r = client.post("/api/new", json={"n": 8, "values": 4, "group": "none"})
    assert r.status_code == 422
    assert "Value error" not in detail(r)
    assert detail(r).startswith("8 dials of 4 faces make 65,536 states")


def test_draw_takes_a_flip_pattern(client):
    by_pattern = client.get("/api/draw", params={"coins": "HTTH", "move": "FLFL"})
    by_positions = client.get("/api/draw", params={"coins": "HTTH", "move": "0,2"})
    assert by_pattern.status_code == 200, by_pattern.text
    assert by_pattern.text == by_positions.text
    assert client.get("/api/draw", params={"coins": "HTTH", "move": "flfl"}).text == (
        by_positions.text
    )
    r = client.get("/api/draw", params={"coins": "HTTH", "move": "FLF"})
    assert r.status_code == 422 and "3 letters" in detail(r)
