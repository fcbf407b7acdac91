"""The solutions of games whose strategies are trees (``results``): their JSON and their text."""

from __future__ import annotations

import json

from devilcoins import Game, solve


def tree(text: str):
    return solve(Game.parse(text)).tree


def test_tree_json_and_text():
    sol = tree("n=6 hands=4 goal=same observe=touch")
    data = sol.to_json()
    assert {"winnable", "length", "explored", "seconds", "observe", "tree"} <= set(data)
    assert data["observe"] == "touch" and data["length"] == 5
    json.dumps(data)
    small = json.dumps(sol.tree(max_nodes=3))
    assert '"..."' in small and small.count('"reach"') == 3
    text = sol.to_text(max_lines=10)
    assert len(text.splitlines()) == 10 and "1. Reach for" in text and "more lines" in text
    gardner = tree("n=4 hands=2 goal=same observe=touch").tree()
    assert gardner["moves_left"] == 5 and len(gardner["belief"]) == 4
    assert all(out["next"] != "..." for out in gardner["outcomes"])
    lost = tree("n=5 hands=2 goal=same observe=touch")
    assert lost.tree()["winnable"] is False and "holds out" in lost.to_text()
    seen = tree("n=4 observe=sight")
    assert seen.tree()["worst_start"]["moves_left"] == 4
    assert "See THHH" in seen.to_text()
