"""Optimality certificates: written from the solver, checked by code of their own; each kind of
damage (a claim raised, a node dropped, an answer swapped) is caught and named."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers import failed_half, touch_game
from reference import brute_node, brute_sight, brute_touch, count_value

from devilcoins import Game, certificate, check_certificate, solve
from devilcoins.observed.certificates import states_text


@pytest.fixture(scope="module")
def four() -> tuple[Game, dict[str, Any]]:
    game = touch_game(4, 2)
    return game, certificate(solve(game))


@pytest.mark.parametrize(
    "game",
    [
        *(
            touch_game(4, 2),
            touch_game(5, 4),
            touch_game(6, 4),
            touch_game(6, 5),
            touch_game(4, 3, values=3),
        ),
        *(touch_game(4, 2, group="dihedral"), touch_game(4, 3, goal="zero", values=3)),
    ],
    ids=str,
)
def test_certificate_holds_with_the_brute_force_value(game: Game) -> None:
    cert = certificate(solve(game))
    checked = check_certificate(game, cert)
    assert checked.holds, checked.lines()
    assert checked.value == brute_touch(game, cap=12) == cert["value"]


@pytest.mark.parametrize("game", [touch_game(6, 4, goal="zero"), touch_game(8, 1)], ids=str)
def test_a_trap_holds_and_a_broken_trap_fails(game: Game) -> None:
    """With few patterns off a reach (bitmasks) and with 128 of them (every change tried)."""
    cert = certificate(solve(game))
    assert cert["value"] is None and check_certificate(game, cert).holds
    bad = dict(cert, trap=states_text(game, [game.parse_state("H" * (game.n - 1) + "T")]))
    assert "lets the player out" in failed_half(game, bad)
    goal = dict(cert, trap=states_text(game, [0, 1]))
    assert "goal" in failed_half(game, goal)


def test_a_raised_value_fails_at_the_start(four: tuple[Game, dict[str, Any]]) -> None:
    game, cert = four
    bad = dict(cert, value=cert["value"] + 1)
    assert "the start: on reach" in failed_half(game, bad)


def test_a_lowered_value_fails_the_upper_bound(four: tuple[Game, dict[str, Any]]) -> None:
    game, cert = four
    bad = dict(cert, value=cert["value"] - 1)
    assert "not the value claimed" in failed_half(game, bad)


@pytest.mark.parametrize(
    "game", [touch_game(4, 2), touch_game(6, 4), touch_game(4, 3, values=3)], ids=str
)
def test_a_dropped_start_node_fails(game: Game) -> None:
    """The nodes claiming V - 1 answer the start, one per reach: without one, that reach of
    the start has no answer."""
    cert = certificate(solve(game))
    top = [i for i, node in enumerate(cert["witness"]) if node["claim"] == cert["value"] - 1]
    assert top
    for i in top:
        bad = copy.deepcopy(cert)
        del bad["witness"][i]
        assert f"the start: on reach {cert['witness'][i]['reach']}" in failed_half(game, bad)


@pytest.mark.parametrize(
    "game", [touch_game(4, 2), touch_game(5, 4), touch_game(4, 3, values=3)], ids=str
)
def test_node_claims_are_true_and_a_raised_one_fails(game: Game) -> None:
    """Every node's claim is at most its value by brute force; each raised to one more than
    that value must be refused."""
    cert = certificate(solve(game))
    for i, node in enumerate(cert["witness"]):
        exact = brute_node(game, node)
        bad = copy.deepcopy(cert)
        bad["witness"][i]["claim"] = exact + 1
        assert exact >= node["claim"] and not check_certificate(game, bad).holds


def test_a_node_from_which_the_player_wins_at_once_is_refused(
    four: tuple[Game, dict[str, Any]],
) -> None:
    game, cert = four
    bad = copy.deepcopy(cert)
    bad["witness"][0]["off"] = ["HH"]  # set HH on the reach: all heads
    assert "reaches the goal" in failed_half(game, bad)


def test_a_malformed_node_is_named(four: tuple[Game, dict[str, Any]]) -> None:
    game, cert = four
    for change, said in [
        ({"reach": [0, 0]}, "not 2 positions"),
        ({"off": []}, "no pattern off"),
        ({"off": ["HHH"]}, "witness node 0: off"),
        ({"claim": 0}, "claims 0"),
        ({"claim": "x"}, "not claim, reach and off"),
    ]:
        bad = copy.deepcopy(cert)
        bad["witness"][0].update(change)
        assert said in failed_half(game, bad)


def test_a_dropped_strategy_node_fails(four: tuple[Game, dict[str, Any]]) -> None:
    game, cert = four
    nodes = cert["strategy"]["nodes"]
    for i in range(1, len(nodes)):
        bad = copy.deepcopy(cert)
        del bad["strategy"]["nodes"][i]
        assert "strategy node" in failed_half(game, bad)


def test_a_changed_outcome_fails(four: tuple[Game, dict[str, Any]]) -> None:
    game, cert = four
    bad = copy.deepcopy(cert)
    outcome = bad["strategy"]["nodes"][0]["outcomes"][0]
    outcome[1] = outcome[0]  # change nothing where the strategy changed something
    assert not check_certificate(game, bad).holds


@pytest.mark.parametrize("n,m", [(4, 2), (8, 2), (3, 3)])
def test_sight_certificate_holds_with_the_naive_value(n: int, m: int) -> None:
    game = Game.parse(f"n={n} values={m} observe=sight")
    cert = certificate(solve(game))
    checked = check_certificate(game, cert)
    assert checked.holds and checked.value == brute_sight(game) == cert["value"]
    bad = copy.deepcopy(cert)
    bad["witness"][0]["claim"] += 1
    bad["value"] += 1
    assert not check_certificate(game, bad).holds


@pytest.mark.parametrize(
    "text", ["n=4 observe=count", "n=4 goal=same observe=count", "n=6 observe=count",
             "n=1 goal=same observe=count", "n=2 goal=same observe=count",
             "n=3 values=3 goal=same observe=count", "n=3 observe=count",
             "n=5 goal=same observe=count"]
)  # fmt: skip
def test_count_certificate_holds_with_the_brute_force_value(text: str) -> None:
    game = Game.parse(text)
    cert = certificate(solve(game))
    checked = check_certificate(game, cert)
    assert checked.holds, checked.lines()
    assert cert["value"] == count_value(game.n, game.values, game.goal) == checked.value


def test_a_damaged_count_certificate_fails() -> None:
    """A raised value, a dropped member, a raised member claim, a trap member removed."""
    game = Game.parse("n=4 observe=count")
    cert = certificate(solve(game))
    assert "the start is no member" in failed_half(game, dict(cert, value=cert["value"] + 1))
    for i in range(1, len(cert["witness"])):
        bad = copy.deepcopy(cert)
        del bad["witness"][i]
        assert "no count heard" in failed_half(game, bad)
    bad = copy.deepcopy(cert)
    bad["witness"][-1]["claim"] += 1
    assert not check_certificate(game, bad).holds
    lost = Game.parse("n=3 observe=count")
    trap = certificate(solve(lost))
    assert trap["value"] is None and check_certificate(lost, trap).holds
    false = dict(cert, value=None, trap=[cert["witness"][0]["states"]])  # 4 coins are won
    assert "lets the player out" in failed_half(game, false)


SCHEMA_GAMES = [
    "n=4 hands=2 goal=same observe=touch",
    "n=3 hands=1 observe=touch",
    "n=4 observe=sight",
    "n=3 goal=same observe=sight",
    "n=4 observe=count",
    "n=3 observe=count",
    "n=4 values=3 hands=3 observe=touch",
]


@pytest.mark.parametrize("text", SCHEMA_GAMES)
def test_every_certificate_has_the_shape_the_docs_schema_gives(text: str) -> None:
    """docs/certificate.schema.json describes each field a reader needs; a certificate that
    leaves its shape (a field renamed, a pattern written otherwise) fails here."""
    import json
    from pathlib import Path

    import jsonschema

    schema = json.loads(
        (Path(__file__).parents[2] / "docs" / "certificate.schema.json").read_text()
    )
    jsonschema.Draft202012Validator.check_schema(schema)
    cert = certificate(solve(Game.parse(text)))
    jsonschema.validate(cert, schema, cls=jsonschema.Draft202012Validator)
    broken = copy.deepcopy(cert)
    broken["version"] = 3
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema, cls=jsonschema.Draft202012Validator)
