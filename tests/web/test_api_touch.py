"""Issue 10, the four glasses live (/api/touch/*): the optimal tree wins in 5 rounds against the
adversarial Devil, which holds out exactly that long; bad input is refused with a plain message."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import detail, play_the_tree
from reference import goal_vectors, touch_value

from devilcoins.observed.touch import playing as touchplay
from devilcoins.web.touch import GAME


def new(client, **fields: Any) -> dict[str, Any]:
    r = client.post("/api/touch/new", json=fields)
    assert r.status_code == 200, r.text
    return r.json()


def test_the_tree_is_the_librarys_and_needs_5_rounds(client):
    r = client.get("/api/touch/tree")
    assert r.status_code == 200
    data = r.json()
    assert data["length"] == 5 and data["tree"]["moves_left"] == 5
    assert data["tree"]["reach"] in ([0, 1], [0, 2])
    # the page plays the library's game: the value of its start, by the one touch solver and
    # by the naive minimax of the tests, is the tree's length
    assert touchplay.touch_values(GAME).value(touchplay.start(GAME)) == 5
    elements = {tuple((i - r) % 4 for i in range(4)) for r in range(4)}
    assert touch_value(4, 2, 2, elements, goal_vectors(4, 2, "same")) == 5


@pytest.mark.parametrize("seed", range(8))
def test_the_tree_beats_the_adversarial_devil_in_exactly_5(client, seed):
    tree = client.get("/api/touch/tree").json()["tree"]
    start = new(client, devil="adversarial", seed=seed)
    assert start["stage"] == "feel" and start["rounds"] == 0 and start["optimal"] == 5
    assert "glasses" not in start
    end, _ = play_the_tree(client, start["game"], tree)
    assert end["rounds"] == 5  # the Devil keeps the game going as long as the tree allows
    assert len(set(end["glasses"])) == 1 and end["possible"] == 0


@pytest.mark.parametrize("seed", range(8))
def test_the_tree_beats_the_random_devil_within_5(client, seed):
    tree = client.get("/api/touch/tree").json()["tree"]
    start = new(client, devil="random", seed=seed)
    end, _ = play_the_tree(client, start["game"], tree)
    assert 1 <= end["rounds"] <= 5 and len(set(end["glasses"])) == 1


def test_the_adversarial_devil_answers_any_reach_and_never_rings_early(client):
    game = new(client, seed=3)["game"]
    for _ in range(4):  # the same pair, set as felt: never the bell
        state = client.post("/api/touch/feel", json={"game": game, "positions": [1, 3]}).json()
        state = client.post("/api/touch/set", json={"game": game, "glasses": state["felt"]}).json()
        assert not state["bell"]
    assert state["rounds"] == 4 and state["possible"] >= 1


def test_won_games_refuse_more_moves(client):
    tree = client.get("/api/touch/tree").json()["tree"]
    game = new(client, seed=1)["game"]
    play_the_tree(client, game, tree)
    r = client.post("/api/touch/feel", json={"game": game, "positions": [0, 1]})
    assert r.status_code == 409 and "the bell has rung" in detail(r)


def test_feel_and_set_take_turns(client):
    game = new(client)["game"]
    r = client.post("/api/touch/set", json={"game": game, "glasses": ["up", "up"]})
    assert r.status_code == 409 and "feel two glasses first" in detail(r)
    assert client.post("/api/touch/feel", json={"game": game, "positions": [0, 2]}).is_success
    r = client.post("/api/touch/feel", json={"game": game, "positions": [0, 1]})
    assert r.status_code == 409 and "set the glasses you felt first" in detail(r)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"positions": [0, 0]}, "feel two different glasses"),
        ({"positions": [0]}, "positions: "),
        ({"positions": [0, 1, 2]}, "positions: "),
        ({"positions": [0, 4]}, "positions.1: "),
        ({"positions": [0, -1]}, "positions.1: "),
        ({"positions": [0, True]}, "positions.1: "),
        ({"positions": [0, 1.0]}, "positions.1: "),
        ({"positions": ["0", 1]}, "positions.0: "),
        ({"positions": [0, 1], "hands": 3}, "hands: "),
    ],
)
def test_bad_feels_are_refused(client, body, words):
    game = new(client)["game"]
    r = client.post("/api/touch/feel", json={"game": game, **body})
    assert r.status_code == 422, r.text
    assert words in detail(r), detail(r)


@pytest.mark.parametrize(
    ("glasses", "words"),
    [
        (["up"], "glasses: "),
        (["up", "down", "up"], "glasses: "),
        (["up", "sideways"], "glasses.1: "),
        ([0, 1], "glasses.0: "),
    ],
)
def test_bad_settings_are_refused(client, glasses, words):
    game = new(client)["game"]
    client.post("/api/touch/feel", json={"game": game, "positions": [0, 1]})
    r = client.post("/api/touch/set", json={"game": game, "glasses": glasses})
    assert r.status_code == 422, r.text
    assert words in detail(r), detail(r)


@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        ("/api/touch/new", {"devil": "kind"}, 422),
        ("/api/touch/new", {"seed": -1}, 422),
        ("/api/touch/new", {"seed": "1"}, 422),
        ("/api/touch/new", {"n": 5}, 422),
        ("/api/touch/feel", {"game": "abc", "positions": [0, 1]}, 404),
        ("/api/touch/feel", {"game": "XYZ", "positions": [0, 1]}, 422),
        ("/api/touch/set", {"game": "a" * 65, "glasses": ["up", "up"]}, 422),
    ],
)
def test_bad_games_are_refused(client, path, body, code):
    r = client.post(path, json=body)
    assert r.status_code == code, r.text
    assert detail(r)
