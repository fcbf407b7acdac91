"""The "Be the Devil" API: /api/devil/turn and /api/devil/parse, with /api/verify's verdicts."""

from __future__ import annotations

import random

import pytest

from devilcoins.web.models import MAX_DEVIL_MOVES


@pytest.fixture(scope="module")
def optimal(client) -> list[list[int]]:
    data = client.get("/api/strategy/4").json()
    assert data["winnable"] and data["length"] == 15
    return data["moves"]


def simulate(coins: str, r: int, move: list[int]) -> tuple[str, str]:
    """The rules by hand: turn by r (coins[r:] + coins[:r]), then flip the move's positions."""
    turned = coins[r:] + coins[:r]
    flip = {"H": "T", "T": "H"}
    after = "".join(flip[c] if i in move else c for i, c in enumerate(turned))
    return turned, after


def turn(client, n, moves, coins, move_index, r) -> dict:
    body = {"n": n, "moves": moves, "coins": coins, "move_index": move_index, "r": r}
    response = client.post("/api/devil/turn", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def play(client, n, moves, start, turns) -> list[dict]:
    """Play turns against moves from start, checking each step against the simulator."""
    coins, steps = start, []
    for i, r in enumerate(turns):
        data = turn(client, n, moves, coins, i, r)
        turned, after = simulate(coins, r, moves[i])
        assert (data["turned"], data["after"]) == (turned, after)
        assert data["won"] is (after == "H" * n)
        assert data["done"] is (data["won"] or i == len(moves) - 1)
        steps.append(data)
        coins = after
        if data["done"]:
            break
    return steps


def broken(optimal, drop: int, pad: bool) -> list[list[int]]:
    """The optimal N = 4 strategy with move drop left out (and, with pad, another played twice)."""
    moves = optimal[:drop] + optimal[drop + 1 :]
    return [*moves, optimal[drop - 1] if drop else optimal[1]] if pad else moves


@pytest.mark.parametrize("drop", [0, 1, 7, 14])
@pytest.mark.parametrize("pad", [False, True])
def test_counterexample_never_reaches_all_heads(client, optimal, drop, pad):
    moves = broken(optimal, drop, pad)
    verdict = client.post("/api/verify", json={"n": 4, "moves": moves}).json()
    assert verdict["wins"] is False and verdict["won_at"] is None
    counter = verdict["counterexample"]
    start, turns = counter["start"], counter["turns"]
    assert len(start) == 4 and len(turns) == len(moves)
    if pad:  # 15 moves: no lower bound shortcut, the Devil has to turn the table
        assert any(turns)
    steps = play(client, 4, moves, start, turns)
    assert len(steps) == len(moves)
    assert not any(s["won"] for s in steps)
    assert steps[-1]["done"] is True and steps[-1]["after"] != "HHHH"


def test_verify_says_when_the_optimal_strategy_wins(client, optimal):
    verdict = client.post("/api/verify", json={"n": 4, "moves": optimal}).json()
    assert verdict["wins"] is True and verdict["won_at"] == 15
    assert "counterexample" not in verdict


def test_optimal_strategy_beats_every_devil_tried(client, optimal):
    rng = random.Random(4)
    starts = set()
    while len(starts) < 5:
        starts.add("".join(rng.choice("HT") for _ in range(4)).replace("HHHH", "THHH"))
    for start in sorted(starts):
        for _ in range(4):
            turns = [rng.randrange(4) for _ in optimal]
            steps = play(client, 4, optimal, start, turns)
            assert steps[-1]["won"] is True and steps[-1]["done"] is True
            assert len(steps) <= 15


def base(**changes) -> dict:
    body = {"n": 4, "moves": [[0, 2], [0]], "coins": "HTTH", "move_index": 0, "r": 1}
    body.update(changes)
    return body


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"r": 4}, "off the table"),
        ({"r": -1}, "r"),
        ({"move_index": 2}, "past the strategy"),
        ({"move_index": -1}, "move_index"),
        ({"coins": "HTXH"}, "coins"),
        ({"coins": "HTH"}, "3 letters"),
        ({"coins": "HTTHH"}, "5 letters"),
        ({"coins": ""}, "coins"),
        ({"n": 9, "coins": "HTTHHTTHH"}, "n"),
        ({"n": 0}, "n"),
        ({"moves": [[0, 4]]}, "position 4"),
        ({"moves": []}, "moves"),
        ({"moves": [[0]] * (MAX_DEVIL_MOVES + 1)}, "moves"),
        ({"extra": 1}, "extra"),
    ],
)
def test_bad_turns_are_refused(client, changes, words):
    response = client.post("/api/devil/turn", json=base(**changes))
    assert response.status_code == 422, response.text
    assert words in response.json()["detail"]


def test_no_turn_after_all_heads(client):
    response = client.post("/api/devil/turn", json=base(coins="HHHH"))
    assert response.status_code == 409
    assert "all heads" in response.json()["detail"]


def test_lowercase_coins_are_read(client):
    assert turn(client, 4, [[0, 2]], "htth", 0, 1)["turned"] == "TTHH"


def test_parse_reads_every_notation(client):
    text = "0 2\n{0, 1}\nFLFL\n# a comment\n\n-\n0123\n"
    response = client.post("/api/devil/parse", json={"n": 4, "text": text})
    assert response.status_code == 200, response.text
    assert response.json()["moves"] == [[0, 2], [0, 1], [0, 2], [], [0, 1, 2, 3]]


@pytest.mark.parametrize("text", ["{0, 2}\n{0, 1, 2, 3}\n", "{0,2}\n0 1 2 3", " { 0 , 2 }\nFFFF\n"])
def test_a_strategy_may_start_with_a_set_of_positions(client, text):
    """The seat's own example format '{0, 2}' on the first line is read as moves, not JSON."""
    response = client.post("/api/devil/parse", json={"n": 4, "text": text})
    assert response.status_code == 200, response.text
    assert response.json()["moves"] == [[0, 2], [0, 1, 2, 3]]


@pytest.mark.parametrize(
    ("text", "status", "words"),
    [
        ("0 2\n0 5\n", 400, "line 2"),
        ("FLF\n", 400, "3 letters"),
        ("", 422, "no moves"),
        ("0\n" * (MAX_DEVIL_MOVES + 1), 422, "at most 300"),
    ],
)
def test_parse_refuses_bad_strategies(client, text, status, words):
    response = client.post("/api/devil/parse", json={"n": 4, "text": text})
    assert response.status_code == status, response.text
    assert words in response.json()["detail"]


@pytest.mark.parametrize(
    ("text", "words"),
    [("0 2\n0 5\n", "line 2"), ("FLF\n", "3 letters"), ("", "no moves")],
)
def test_check_answers_what_parse_refuses(client, text, words):
    """The page's check: the same reading as parse, a mistake answered (200) rather than
    refused, with parse's own words."""
    refused = client.post("/api/devil/parse", json={"n": 4, "text": text}).json()["detail"]
    checked = client.post("/api/devil/check", json={"n": 4, "text": text})
    assert checked.status_code == 200
    assert checked.json() == {"n": 4, "moves": None, "problem": refused}
    assert words in refused
    good = client.post("/api/devil/check", json={"n": 4, "text": "0 2\nFFFF\n"}).json()
    assert good == {"n": 4, "moves": [[0, 2], [0, 1, 2, 3]], "problem": None}
