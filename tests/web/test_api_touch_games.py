"""Glasses on a tray (/api/touch/*) beyond the four glasses: the games offered are the library's
won touch games, each beaten by its tree in exactly its length against the strongest Devil and
within it against the greedy and the random Devils; a game not offered is refused, naming those
that are; a reach or a setting that does not fit the game is refused in plain words."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import detail, play_the_tree, tree_of

from devilcoins import LiveGame
from devilcoins.observed.touch import playing as touchplay
from devilcoins.web.touch import TOUCH_GAMES, touch_game


def test_the_games_offered_are_won_and_the_four_glasses_come_first(client):
    r = client.get("/api/touch/games")
    assert r.status_code == 200
    games = r.json()["games"]
    assert [(g["glasses"], g["hands"]) for g in games] == list(TOUCH_GAMES)
    assert games[0] == {
        "glasses": 4,
        "hands": 2,
        "game_words": "Four glasses, two hands",
        "length": 5,
    }
    for g in games:
        game = touch_game(g["glasses"], g["hands"])
        assert g["length"] == touchplay.touch_values(game).value(touchplay.start(game)) >= 1
    assert {g["game_words"] for g in games} >= {
        "Two glasses, one hand",
        "Eight glasses, seven hands",
    }


@pytest.mark.parametrize(("n", "k"), TOUCH_GAMES)
def test_every_offered_tree_beats_every_devil(client, n, k):
    r = client.get("/api/touch/tree", params={"glasses": n, "hands": k})
    assert r.status_code == 200, r.text
    data = r.json()
    assert (data["glasses"], data["hands"], data["game"]) == (n, k, str(touch_game(n, k)))
    tree = tree_of(data)
    assert tree["moves_left"] == data["length"]
    for devil in ("adversarial", "greedy", "random"):
        for seed in range(2):
            r = client.post(
                "/api/touch/new", json={"glasses": n, "hands": k, "devil": devil, "seed": seed}
            )
            assert r.status_code == 200, r.text
            start = r.json()
            assert (start["n"], start["hands"], start["optimal"]) == (n, k, data["length"])
            end, _ = play_the_tree(client, start["game"], tree)
            assert len(set(end["glasses"])) == 1 and len(end["glasses"]) == n
            if devil == "adversarial":  # he holds out as long as the tree allows
                assert end["rounds"] == data["length"], (devil, seed)
            else:
                assert 1 <= end["rounds"] <= data["length"], (devil, seed)


@pytest.mark.parametrize(
    ("fields", "code", "words"),
    [
        ({"glasses": 5, "hands": 2}, 400, "5 glasses with 2 hands is not offered; offered: 4"),
        ({"glasses": 8, "hands": 4}, 400, "8 glasses with 4 hands is not offered"),
        (
            {"glasses": 3, "hands": 1},
            400,
            "offered: 4 glasses with 2 hands, 2 glasses with 1 hand,",
        ),
        ({"glasses": 6}, 400, "6 glasses with 2 hands is not offered"),
        ({"hands": 3}, 200, ""),  # four glasses, three hands
        ({"glasses": 9, "hands": 2}, 422, "glasses: "),
        ({"glasses": 1, "hands": 1}, 422, "glasses: "),
        ({"glasses": 4, "hands": 0}, 422, "hands: "),
        ({"glasses": 8, "hands": 8}, 422, "hands: "),
        ({"glasses": "4"}, 422, "glasses: "),
        ({"glasses": 4.0}, 422, "glasses: "),
    ],
)
def test_new_refuses_games_not_offered(client, fields, code, words):
    r = client.post("/api/touch/new", json=fields)
    assert r.status_code == code, r.text
    if code != 200:
        assert words in detail(r), detail(r)
        assert set(r.json()) == {"detail", "errors"}
        assert (r.json()["errors"] == []) == (code == 400)
    else:
        assert (r.json()["n"], r.json()["hands"]) == (4, 3)


@pytest.mark.parametrize(
    ("query", "code", "words"),
    [
        ("glasses=5&hands=2", 400, "5 glasses with 2 hands is not offered; offered: "),
        ("glasses=7&hands=3", 400, "8 glasses with 7 hands"),  # the list names the last offered
        ("glasses=9", 422, "glasses: "),
        ("glasses=x&hands=2", 422, "glasses: "),
        ("hands=0", 422, "hands: "),
        ("n=4", 422, "unknown parameter (this route takes: glasses, hands)"),
    ],
)
def test_the_tree_refuses_games_not_offered(client, query, code, words):
    r = client.get(f"/api/touch/tree?{query}")
    assert r.status_code == code, r.text
    assert words in detail(r), detail(r)


def test_the_tree_defaults_to_the_four_glasses(client):
    data = client.get("/api/touch/tree").json()
    assert (data["glasses"], data["hands"], data["length"]) == (4, 2, 5)
    assert data == client.get("/api/touch/tree?glasses=4&hands=2").json()


@pytest.mark.parametrize(
    ("positions", "words"),
    [
        ([0, 1], "positions: feel four glasses (one a hand), not 2"),
        ([0, 1, 2, 3, 4], "positions: feel four glasses"),
        ([0, 1, 2, 6], "positions.3: glass 6 is not on the tray (its glasses are 0 to 5)"),
        ([0, 1, 1, 2], "feel four different glasses: position 1 is named twice"),
        ([0, 1, 2, 8], "positions.3: "),
    ],
)
def test_a_reach_must_fit_the_game(client, positions, words):
    game = client.post("/api/touch/new", json={"glasses": 6, "hands": 4}).json()["game"]
    r = client.post("/api/touch/feel", json={"game": game, "positions": positions})
    assert r.status_code == 422, r.text
    assert words in detail(r), detail(r)
    # the game goes on: a reach that fits is felt
    r = client.post("/api/touch/feel", json={"game": game, "positions": [0, 1, 2, 3]})
    assert r.status_code == 200 and len(r.json()["felt"]) == 4


def test_a_setting_must_fit_the_reach_and_one_hand_feels_one(client):
    game = client.post("/api/touch/new", json={"glasses": 2, "hands": 1}).json()["game"]
    r = client.post("/api/touch/set", json={"game": game, "glasses": ["up"]})
    assert r.status_code == 409 and "feel one glass first" in detail(r), detail(r)
    assert client.post("/api/touch/feel", json={"game": game, "positions": [1]}).is_success
    r = client.post("/api/touch/set", json={"game": game, "glasses": ["up", "up"]})
    assert r.status_code == 422 and "glasses: set the one glass you hold, not 2" in detail(r)


@pytest.mark.parametrize(("n", "k"), [(4, 2), (6, 4), (8, 5)])
def test_the_greedy_devil_keeps_the_most_states_alike(n, k):
    """Each feel, the pattern the greedy Devil lets the player feel is shared by as many states of
    the belief as any turn of his state could give (a brute force over his turns)."""
    rng = random.Random(n * 10 + k)
    live = LiveGame.start(touch_game(n, k), "greedy", 7)
    game = live.game
    for _ in range(6):
        reach = tuple(sorted(rng.sample(range(n), k)))
        before, x = live.possible_states(), live.x
        alike = Counter(touchplay.felt(game, y, reach) for y in before)
        most = max(alike[touchplay.felt(game, game.turn(x, p), reach)] for p in game.turns)
        live.feel(reach)
        assert alike[live.pattern] == most
        assert live.x in before and live.pattern == touchplay.felt(game, live.x, reach)
        live.set(tuple(rng.randrange(2) for _ in reach))
        if live.won:
            break


# -- the replay of a won game (/api/touch/replay/{game_id}) -----------------------------------


def test_the_replay_waits_for_the_bell(client):
    game = client.post("/api/touch/new", json={"devil": "random", "seed": 1}).json()["game"]
    for _ in range(2):  # before a round, and after one felt and set without the bell
        r = client.get(f"/api/touch/replay/{game}")
        assert r.status_code == 409, r.text
        assert r.json() == {
            "detail": "the game is still on: ring the bell first, then replay it",
            "errors": [],
        }
        client.post("/api/touch/feel", json={"game": game, "positions": [0, 1]})
        r = client.get(f"/api/touch/replay/{game}")
        assert r.status_code == 409 and "ring the bell first" in detail(r)
        state = client.post("/api/touch/set", json={"game": game, "glasses": ["up", "down"]})
        assert not state.json()["won"]  # up, down: never all the same
    r = client.get("/api/touch/replay/no-such-game")
    assert r.status_code == 404 and "no game 'no-such-game'" in detail(r)


@pytest.mark.parametrize(("n", "k"), [(4, 2), (2, 1), (6, 4), (8, 5)])
@pytest.mark.parametrize("devil", ["adversarial", "greedy", "random"])
def test_the_replay_is_one_line_of_play_under_every_round(client, n, k, devil):
    """Each step by hand: the turn r gives turned = before[r:] + before[:r], the player felt
    turned at the reach and set what they set, the steps chain, the last tray is the bell's."""
    tree = tree_of(client.get("/api/touch/tree", params={"glasses": n, "hands": k}).json())
    for seed in range(3):
        start = client.post(
            "/api/touch/new", json={"glasses": n, "hands": k, "devil": devil, "seed": seed}
        ).json()
        end, played = play_the_tree(client, start["game"], tree)
        r = client.get(f"/api/touch/replay/{start['game']}")
        assert r.status_code == 200, r.text
        data = r.json()
        assert (data["devil"], data["n"], data["hands"], data["won"]) == (devil, n, k, True)
        steps = data["steps"]
        assert len(steps) == data["rounds"] == end["rounds"] == len(played)
        for i, (step, (reach, felt, glasses)) in enumerate(zip(steps, played, strict=True)):
            before, turned, after = step["before"], step["turned"], step["after"]
            assert step["round"] == i + 1 and len(before) == n
            assert set(before + turned + after) <= {"up", "down"}
            r0 = step["turn"]
            assert isinstance(r0, int) and 0 <= r0 < n
            assert before[r0:] + before[:r0] == turned
            assert (step["reach"], step["felt"], step["set"]) == (reach, felt, glasses)
            assert [turned[p] for p in reach] == felt
            want = list(turned)
            for p, g in zip(reach, glasses, strict=True):
                want[p] = g
            assert after == want
            if i + 1 < len(steps):
                assert steps[i + 1]["before"] == after
                assert len(set(after)) == 2  # no bell before the last round
        assert len(set(steps[-1]["after"])) == 1
        assert steps[-1]["after"] == data["glasses"] == end["glasses"]


def test_eight_glasses_with_four_hands_are_shown_greyed_with_why(client):
    offered = client.get("/api/touch/games").json()
    assert {"glasses": 8, "hands": 4} not in [
        {"glasses": g["glasses"], "hands": g["hands"]} for g in offered["games"]
    ]
    (greyed,) = [g for g in offered["greyed"] if (g["glasses"], g["hands"]) == (8, 4)]
    assert "9 rounds" in greyed["why"]
    refused = client.post("/api/touch/new", json={"glasses": 8, "hands": 4, "devil": "random"})
    assert refused.status_code == 400 and refused.json()["detail"].endswith(greyed["why"])
