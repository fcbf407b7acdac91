"""The page's answers are the library's: on the same games the API gives solve's verdict, the
Devil's turns of devilcoins.devil (replayed by the one play loop), and beliefs that a naive
model of the game (every state, every turn of the group, written out) computes too."""

from __future__ import annotations

import numpy as np
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import all_vectors, closure, goal_vectors, naive_named, permute, to_number

from devilcoins import Game, solve
from devilcoins.core.tables import class_table
from devilcoins.devil import Uncommitted, live_devil, live_start
from devilcoins.playing import Step, play
from devilcoins.web.app import create_app
from devilcoins.web.models import game_spec

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


@st.composite
def page_games(draw) -> dict:
    """The fields of a small game the page plays: n, values, group, goal, hands."""
    n = draw(st.integers(1, 4))
    values = draw(st.sampled_from([2, 2, 3])) if n <= 3 else 2
    fields = {
        "n": n,
        "values": values,
        "group": draw(st.sampled_from(["cyclic", "dihedral", "none", "full"])),
        "goal": draw(st.sampled_from(["zero", "same"])),
    }
    if draw(st.booleans()):
        fields["hands"] = draw(st.integers(1, n))
    return fields


def _spec(fields: dict) -> Game:
    return game_spec(
        fields["n"], fields["values"], fields["group"], fields["goal"], fields.get("hands")
    )


@SETTINGS
@given(page_games())
def test_the_page_solves_as_the_library(client, fields):
    data = client.get("/api/solve", params=fields).json()
    verdict = solve(_spec(fields))
    assert (data["winnable"], data["length"], data["how"]) == (
        verdict.winnable,
        verdict.length,
        verdict.how,
    )
    moves = [list(_spec(fields).decode(int(a))) for a in (verdict.strategy or ())]
    assert data["moves"] == moves[:64] and data["truncated"] == (len(moves) > 64)


def _naive_beliefs(fields: dict, moves: list[list[int]]) -> list[set[str]]:
    """The classes possible after each move that did not win, named by their alphabetically
    first state: from every state outside the goal, turned by every element of the group, the
    move is added; the goal's states are then ruled out (the player hears when it shows)."""
    n, m = fields["n"], fields["values"]
    group = naive_named(fields["group"], n) if n > 1 else closure([(0,)], 1)
    goal = goal_vectors(n, m, fields["goal"])
    text = _spec(fields).state_text

    def name(x) -> str:
        return min(text(to_number(permute(g, x), m)) for g in group)

    belief, out = set(all_vectors(n, m)), []
    for a in moves:
        belief = {
            tuple((v + d) % m for v, d in zip(permute(g, x), a, strict=True))
            for x in belief - goal
            for g in group
        } - goal
        out.append({name(x) for x in belief})
    return out


def _move(vec: list[int], spec: Game) -> dict:
    """The move as the page sends it: positions to flip for two values, else the amounts."""
    if spec.values == 2:
        return {"positions": [i for i, v in enumerate(vec) if v]}
    return {"positions": [], "values": vec}


def _library_line(spec, moves, start, devil, rng) -> tuple[Step, ...]:
    """The library's own game: the page's strongest blind Devil is the holdout Devil (he holds no
    state, and tells his line at the end), every other Devil plays from the start."""
    encoded = [spec.encode(v) for v in moves]
    if devil != "adversarial" or spec.observe != "blind" or spec.devil_moves is not None:
        return play(spec, encoded, start, live_devil(spec, devil, rng))
    tab = class_table(spec)
    holdout = Uncommitted.start(spec, np.flatnonzero(tab.index_of >= tab.n_goal).tolist())
    for a in encoded:
        if holdout.move(a):
            break
    return holdout.line()


@SETTINGS
@given(page_games(), st.integers(0, 2**32), st.sampled_from(["random", "adversarial"]))
def test_a_live_game_on_the_page_is_the_librarys_game(client, fields, seed, devil):
    spec = _spec(fields)
    verdict = solve(spec)
    rng = np.random.default_rng(seed)
    start = live_start(spec, devil, rng)
    if start is None:  # every state is in the goal: the page refuses to start
        new = client.post("/api/new", json={**fields, "seed": seed, "devil": devil})
        assert new.status_code == 400 and "in the goal" in new.json()["detail"]
        return
    moves = [list(spec.decode(int(a))) for a in (verdict.strategy or ())][:40]
    if not moves:  # a lost game, which ends after its first move: one move the game allows
        allowed = [  # the page refuses a move that changes nothing
            v for v in all_vectors(spec.n, spec.values) if any(v) and spec.allowed(spec.encode(v))
        ]
        moves = [list(allowed[seed % len(allowed)])]
    new = client.post("/api/new", json={**fields, "seed": seed, "devil": devil}).json()
    steps = _library_line(spec, moves, start, devil, rng)
    beliefs = _naive_beliefs(fields, moves)
    shown = []
    for k, vec in enumerate(moves):
        body = client.post("/api/move", json={"game": new["game"], **_move(vec, spec)}).json()
        if body.get("won"):
            shown.append(body)
            break
        assert set(body["belief"]) == beliefs[k], (fields, k)
        shown.append(body)
    assert len(shown) == len(steps)
    won = spec.in_goal(steps[-1].after)
    assert shown[-1]["won"] == won
    if won and verdict.winnable:
        assert len(steps) <= verdict.length
    if not won:
        client.post("/api/peek", json={"game": new["game"]})
    replay = client.get(f"/api/replay/{new['game']}").json()["steps"]
    assert [(r["before"], r["turned"], r["after"]) for r in replay] == [
        (spec.state_text(s.before), spec.state_text(s.turned), spec.state_text(s.after))
        for s in steps
    ]
