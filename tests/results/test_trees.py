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


def test_past_ten_values_a_touch_certificate_writes_dots_and_reads_back():
    """With 11 values a felt pattern is written with dots ('10.3'), one value alone as its
    number ('10'): the solver's certificate and the peeled bounds both check."""
    from devilcoins import bounds_certificate, certificate, check_certificate, solve

    for text in ("n=2 values=11 hands=1", "n=3 values=11 hands=2"):
        game = Game.parse(f"{text} goal=same observe=touch")
        cert = certificate(solve(game))
        felt = {o[0] for node in cert["strategy"]["nodes"] for o in node["outcomes"]}
        assert any("10" in f.split(".") for f in felt)
        assert check_certificate(game, cert).holds
        assert check_certificate(game, bounds_certificate(game)).holds
