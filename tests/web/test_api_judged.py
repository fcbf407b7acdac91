"""Each move's judgement over the API: the coach's cost line and mark come with the move, agree
with the values the page shows (at_most before and after), and are the same after an undo."""

from __future__ import annotations

import pytest

GAMES = [
    {"n": 4},
    {"n": 4, "observe": "count"},
    {"n": 4, "observe": "sight"},
    {"n": 3, "values": 3},
]


@pytest.mark.parametrize("fields", GAMES)
def test_a_move_comes_with_its_cost_and_mark(client, fields):
    start = client.post("/api/new", json={**fields, "devil": "adversarial", "seed": 3}).json()
    game, before = start["game"], start
    for positions in ([0], [0, 1, 2]):
        after = client.post("/api/move", json={"game": game, "positions": positions}).json()
        judged = after["judged"]
        assert judged["best"] == before["at_most"]
        # the move's value is its worst case: the position it left is no worse; in a blind game
        # there is one position it can leave, the one the page shows next
        left = 0 if after.get("won") else after["at_most"]
        assert judged["value"] >= left + 1
        assert judged["value"] == left + 1 or fields.get("observe")
        assert judged["cost"] == judged["value"] - judged["best"]
        assert judged["mark"] == ("✓" if judged["cost"] == 0 else "?!")
        assert ("cost you" in judged["text"]) == (judged["cost"] > 0)
        before = after


def test_the_optimal_move_is_judged_best_and_another_costs(client):
    start = client.post("/api/new", json={"n": 4, "devil": "random", "seed": 2}).json()
    game = start["game"]
    best = [i for i, v in enumerate(start["optimal"]) if v]
    judged = client.post("/api/move", json={"game": game, "positions": best}).json()["judged"]
    assert judged["mark"] == "✓" and judged["text"].startswith("Best move")
    moved = client.post("/api/move", json={"game": game, "positions": [0]}).json()
    assert moved["judged"]["mark"] == "?!"
    assert moved["judged"]["text"].startswith("That move cost you ")
    back = client.post("/api/undo", json={"game": game}).json()
    assert back["judged"] == judged


def test_a_touch_reach_and_setting_are_judged(client):
    start = client.post("/api/touch/new", json={"glasses": 4, "hands": 2, "devil": "adversarial"})
    state = start.json()
    felt = client.post("/api/touch/feel", json={"game": state["game"], "positions": [0, 2]})
    reach = felt.json()["judged"]
    assert reach["action"] == "reach" and reach["best"] == state["at_most"]
    assert reach["mark"] == "✓"  # on four glasses both reaches up to turning are best
    held = felt.json()
    done = client.post("/api/touch/set", json={"game": state["game"], "glasses": ["up", "down"]})
    setting = done.json()["judged"]
    assert setting["action"] == "setting" and setting["best"] == held["at_most"]
    assert setting["cost"] == 1 and setting["mark"] == "?!"
    assert setting["value"] == done.json()["at_most"] + 1  # one outcome: the page's next value


def test_the_devil_s_turn_comes_judged(client):
    moves = [[0, 1], [0], [0, 1]]  # wins 2 coins from every start
    body = {"n": 2, "moves": moves, "coins": "TH", "move_index": 0, "r": 1}
    judged = client.post("/api/devil/turn", json=body).json()["judged"]
    assert judged["r"] == 1 and len(judged["won_by"]) == 2
    assert judged["mark"] == "✓" and "whatever you do" in judged["text"]
    short = {**body, "moves": [[0, 1], [0]], "r": 0}  # two moves cannot win every start
    judged = client.post("/api/devil/turn", json=short).json()["judged"]
    assert None in judged["won_by"]
