"""The checker's two ways to keep a witness's claims (a table over every subset, the sets as
listed) agree on every certificate and every damage; the listed sets take any number of
patterns off a reach, so no witness is refused for its width."""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
import pytest
from helpers import touch_game
from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins import Game, certificate, solve
from devilcoins.certcheck.claims import SparseClaims
from devilcoins.certcheck.tables import CertificateFailed, Tables
from devilcoins.certcheck.touch import TouchLower

GAMES = [
    touch_game(4, 2),
    touch_game(6, 4),
    touch_game(6, 5),
    touch_game(3, 2),
    touch_game(4, 3, values=3),
    touch_game(8, 4),
]


def _lower(game: Game, cert: dict[str, Any], dense: bool) -> int | str:
    """The lower bound the witness shows, or the failure's message."""
    try:
        return TouchLower(Tables(game), cert, dense=dense).check(cert["value"])
    except CertificateFailed as err:
        return str(err)


@pytest.fixture(scope="module")
def certificates() -> dict[str, tuple[Game, dict[str, Any]]]:
    return {str(g): (g, certificate(solve(g))) for g in GAMES}


@pytest.mark.parametrize("text", [str(g) for g in GAMES])
def test_both_ways_show_the_value(certificates, text: str) -> None:
    game, cert = certificates[text]
    assert _lower(game, cert, dense=True) == _lower(game, cert, dense=False) == cert["value"]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_both_ways_agree_on_damaged_witnesses(certificates, data: st.DataObject) -> None:
    """Raise a claim, drop a node, drop a pattern, or raise the start's value: the two ways
    give the same verdict and the same message."""
    text = data.draw(st.sampled_from(sorted(certificates)))
    game, cert = certificates[text]
    bad = copy.deepcopy(cert)
    nodes = bad["witness"]
    i = data.draw(st.integers(0, len(nodes) - 1))
    damage = data.draw(st.sampled_from(["raise", "drop", "shrink", "value"]))
    if damage == "raise":
        nodes[i]["claim"] += 1
    elif damage == "drop":
        del nodes[i]
    elif damage == "shrink" and len(nodes[i]["off"]) > 1:
        del nodes[i]["off"][data.draw(st.integers(0, len(nodes[i]["off"]) - 1))]
    elif damage == "value":
        bad["value"] += 1
    assert _lower(game, bad, dense=True) == _lower(game, bad, dense=False)


def test_a_damage_is_caught_both_ways(certificates) -> None:
    game, cert = certificates[str(touch_game(6, 4))]
    bad = dict(cert, value=cert["value"] + 1)
    for dense in (True, False):
        assert "the start: on reach" in str(_lower(game, bad, dense))


def test_listed_sets_of_any_width_answer_inside_or_not() -> None:
    """300 patterns off a reach (5 words): a set is found inside a larger one, not inside a
    smaller one, and the largest claim inside is what counts."""
    claims = SparseClaims(1, 300)
    claims.enter(0, np.array([1, 70, 299]), 3)
    claims.enter(0, np.array([5]), 1)
    claims.close()
    felt = np.zeros(400, dtype=np.int64)
    off = np.arange(400) % 300
    states = np.array([[1, 70, 299, 5], [1, 70, 5, 5]])
    live = np.ones_like(states, dtype=bool)
    assert claims.first_short(0, states, live, felt, off, 1, 3) == 1
    assert claims.first_short(0, states[:1], live[:1], felt, off, 1, 3) == -1
    assert claims.first_short(0, states, live, felt, off, 1, 1) == -1
    assert claims.first_short(0, states, live, felt, off, 1, 4) == 0


def _wide_bounds(claim_sets: list[tuple[int, list[str]]]) -> dict[str, Any]:
    """A bounds certificate [2, null] for 8 glasses with 2 hands (64 patterns off a reach,
    past any table over every subset): witness nodes on each reach of the checker's orbits."""
    witness = []
    for positions in ([0, 1], [0, 2], [0, 3], [0, 4]):
        for claim, off in claim_sets:
            witness.append({"claim": claim, "reach": positions, "off": off})
    return {
        "certificate": "devilcoins certificate",
        "version": 2,
        "game": "n=8 hands=2 goal=same observe=touch",
        "value": None,
        "bounds": [2, None],
        "witness": witness,
    }


EVERY_REST = ["".join("HT"[x >> i & 1] for i in range(6)) for x in range(64)]


def test_a_witness_with_64_patterns_off_a_reach_is_checked(capsys, tmp_path) -> None:
    """Every rest still possible after feeling 2 glasses: no setting of 2 wins at once, so
    nothing wins in 1 move, as the naive minimax says."""
    from cli_helpers import run
    from reference import brute_touch

    game = touch_game(8, 2)
    assert brute_touch(game, cap=1) is None  # no strategy wins within 1 move
    cert = _wide_bounds([(1, EVERY_REST)])
    assert TouchLower(Tables(game), {**cert, "value": 2}).check(2) == 2
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(cert))
    code, out, err = run(capsys, "verify", "8", "--hands", "2", "--goal", "same", "--observe",
                         "touch", "--certificate", str(path))  # fmt: skip
    assert code == 0, out + err
    assert "no strategy wins in fewer than 2 moves" in out


def test_a_wide_witness_node_the_player_leaves_at_once_fails() -> None:
    """A node whose only rest is all heads: setting heads on the reach wins at once."""
    game = touch_game(8, 2)
    cert = _wide_bounds([(1, ["HHHHHH"])])
    with pytest.raises(CertificateFailed, match="reaches the goal"):
        TouchLower(Tables(game), {**cert, "value": 2}).check(2)
