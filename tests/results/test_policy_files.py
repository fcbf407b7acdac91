"""Touch and sight strategies of any size as policy files (JSON lines, ``strategy_lines``),
verified exactly from the file; mutations are caught and the naive models replay the
counterexample."""

from __future__ import annotations

import json

import pytest
from helpers import solve_tree
from reference import replay_touch, rotate, sight_policy_wins

from devilcoins import Game, NotationError, verify

GARDNER = "n=4 hands=2 goal=same observe=touch"


def _lines(spec: str) -> tuple[Game, list[str]]:
    game = Game.parse(spec)
    return game, list(solve_tree(game).strategy_lines())


def _linked(lines: list[str]) -> dict:
    """The file's nodes linked into the nested tree replay_touch follows (naively)."""
    nodes = [json.loads(line) for line in lines[1:]]
    tree = [
        {
            "reach": n["reach"],
            "outcomes": [{"felt": f, "set": s, "next": t} for f, s, t in n["outcomes"]],
        }
        for n in nodes
    ]
    for node in tree:
        for out in node["outcomes"]:
            if out["next"] != "win":
                out["next"] = tree[out["next"]]
    return tree[0]


@pytest.mark.parametrize(
    "spec",
    [GARDNER, "n=6 hands=4 goal=same observe=touch", "n=4 observe=sight", "n=8 observe=sight"],
)
def test_round_trip_wins_with_the_solvers_length(spec):
    game, lines = _lines(spec)
    head = json.loads(lines[0])
    assert head["format"] == "devilcoins-policy" and head["game"] == str(game)
    v = verify(game, lines)
    assert v.wins and v.won_at == head["length"]


def test_every_changed_winning_move_of_gardner_is_caught_and_replays():
    game, lines = _lines(GARDNER)
    caught = 0
    for i in range(1, len(lines)):
        node = json.loads(lines[i])
        for j, (_felt, new, then) in enumerate(node["outcomes"]):
            if then != "win":
                continue
            bad_node = json.loads(lines[i])
            bad_node["outcomes"][j][1] = "".join("HT"[c == "H"] for c in new[:1]) + new[1:]
            bad = [*lines[:i], json.dumps(bad_node), *lines[i + 1 :]]
            v = verify(game, bad)
            assert not v.wins
            c = v.counterexample.to_json()
            assert replay_touch(_linked(bad), c["start"], c["turns"]) == "false win"
            caught += 1
    assert caught >= 2


def test_a_changed_sight_move_is_caught_and_the_naive_policy_check_agrees():
    game, lines = _lines("n=4 observe=sight")
    for i in range(1, len(lines)):
        entry = json.loads(lines[i])
        entry["move"] = "LLLL"
        bad = [*lines[:i], json.dumps(entry), *lines[i + 1 :]]
        v = verify(game, bad)
        policy = {}
        for line in bad[1:]:
            row = json.loads(line)
            for r in range(4):
                policy[rotate(row["state"], r)] = row["move"]
        assert not v.wins
        start = v.counterexample.to_json()["start"]
        values = tuple("HT".index(c) for c in start)
        assert not sight_policy_wins(values, lambda s, p=policy: p["".join("HT"[x] for x in s)])


def test_a_promise_too_short_is_caught():
    """The header and every line promise 4 moves (they agree: tests/results/test_policy_headers.py
    refuses a header alone changed); the replay finds a start that needs 5."""
    game, lines = _lines(GARDNER)
    head = json.loads(lines[0])
    head["length"] = 4
    nodes = [json.loads(line) for line in lines[1:]]
    body = [json.dumps({**node, "left": min(node["left"], 4)}) for node in nodes]
    v = verify(game, [json.dumps(head), *body])
    assert not v.wins and "within the 4 moves" in v.counterexample.why


def test_past_the_json_trees_limit_the_file_is_small_and_verifies():
    """n=8 hands=5: the nested tree has over 20,000 nodes (past the JSON tree's limit); the policy
    file has one line a node (a few hundred), under 100 kB, and solve --json gives the same shared
    nodes, whole: nothing is cut.  (How long the file takes to verify: bench/speed.py.)"""
    game = Game.parse("n=8 hands=5 goal=same observe=touch")
    sol = solve_tree(game)
    lines = list(sol.strategy_lines())
    assert len(lines) - 1 < 1000 and sum(map(len, lines)) < 100_000
    v = verify(game, lines)
    assert v.wins and v.won_at == 8
    data = sol.strategy_json()
    assert sol.expanded_size() > 20_000 and len(data["nodes"]) == len(lines) - 1
    assert "..." not in json.dumps(data)
    whole = verify(game, {**data, "length": sol.length})
    assert whole.wins and whole.won_at == 8


@pytest.mark.parametrize(
    ("change", "line", "says"),
    [
        (lambda ls: ["{oops", *ls[1:]], 1, "not JSON"),
        (lambda ls: ['{"format": "other"}', *ls[1:]], 1, "not a header"),
        (lambda ls: [ls[0].replace("n=4", "n=5"), *ls[1:]], 1, "the file is for"),
        (lambda ls: [ls[0], "[1, 2]", *ls[2:]], 2, "not a JSON object"),
        (lambda ls: [ls[0], ls[2], ls[1], *ls[3:]], 2, "number the nodes"),
        (lambda ls: [*ls, ls[1].replace('"node":0', f'"node":{len(ls) - 1}')], None, "later node"),
        (
            lambda ls: [ls[0], ls[1].replace('"outcomes":[[', '"outcomes":[["HQ",'), *ls[2:]],
            2,
            "felt",
        ),
        (lambda ls: [ls[0]], 2, "has a node"),
        (lambda ls: [], 1, "header"),
    ],
)
def test_malformed_files_name_the_line(change, line, says):
    game, lines = _lines(GARDNER)
    with pytest.raises(NotationError) as err:
        verify(game, change(lines))
    text = str(err.value)
    assert says in text
    if line is not None:
        assert text.startswith(f"line {line}:"), text
