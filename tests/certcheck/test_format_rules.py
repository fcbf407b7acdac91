"""What the touch certificate format allows where a play never looks: every edge keeps the
rule of "left", one outcome per pattern felt, a value or bounds (not both), and the game named
by its meaning rather than its spelling (docs/mathematics.md §8.4)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from helpers import failed_half, touch_game

from devilcoins import Game, certificate, check_certificate, solve
from devilcoins.core.errors import InvalidInput


def _with_an_unused_pattern(game: Game) -> tuple[dict[str, Any], int, str]:
    """The game's certificate, a strategy node that lists fewer patterns than its reach can
    show, and one pattern no state arriving there shows."""
    cert = certificate(solve(game))
    m, k = game.values, game.hands or 0
    for j, node in enumerate(cert["strategy"]["nodes"]):
        listed = {out[0] for out in node["outcomes"]}
        for code in range(m**k):
            text = "".join("HT"[code >> i & 1] for i in range(k))
            if text not in listed:
                return cert, j, text
    raise AssertionError(f"every node of {game} lists every pattern")


@pytest.fixture(scope="module")
def unused() -> tuple[Game, dict[str, Any], int, str]:
    game = touch_game(6, 4)
    return (game, *_with_an_unused_pattern(game))


def test_an_unused_branch_to_a_node_promising_no_less_is_refused(
    unused: tuple[Game, dict[str, Any], int, str],
) -> None:
    game, cert, j, felt = unused
    assert check_certificate(game, cert).holds
    bad = copy.deepcopy(cert)
    node = bad["strategy"]["nodes"][j]
    node["outcomes"].append([felt, felt, 0])  # node 0 promises the most
    assert "promises no less" in failed_half(game, bad)


def test_an_unused_branch_to_no_node_is_refused(
    unused: tuple[Game, dict[str, Any], int, str],
) -> None:
    game, cert, j, felt = unused
    bad = copy.deepcopy(cert)
    bad["strategy"]["nodes"][j]["outcomes"].append([felt, felt, 9999])
    assert "node 9999 does not exist" in failed_half(game, bad)


def test_an_unused_branch_that_says_win_is_allowed(
    unused: tuple[Game, dict[str, Any], int, str],
) -> None:
    """No state takes it, so "win" is never false there: only next nodes carry a rule."""
    game, cert, j, felt = unused
    extra = copy.deepcopy(cert)
    extra["strategy"]["nodes"][j]["outcomes"].append([felt, felt, "win"])
    assert check_certificate(game, extra).holds


def test_a_pattern_with_two_outcomes_is_refused_even_when_they_agree() -> None:
    game = touch_game(4, 2)
    cert = certificate(solve(game))
    bad = copy.deepcopy(cert)
    outcomes = bad["strategy"]["nodes"][0]["outcomes"]
    outcomes.append(list(outcomes[0]))
    assert "two outcomes" in failed_half(game, bad)


def test_a_value_beside_bounds_is_refused() -> None:
    game = touch_game(4, 2)
    cert = certificate(solve(game))
    with pytest.raises(InvalidInput, match="not both"):
        check_certificate(game, dict(cert, bounds=[cert["value"], cert["value"]]))


def test_the_game_in_another_order_is_the_same_game(capsys, tmp_path: Path) -> None:
    game = touch_game(4, 2)
    cert = certificate(solve(game))
    words = cert["game"].split()
    shuffled = dict(cert, game=" ".join(reversed(words)))
    assert shuffled["game"] != cert["game"]
    assert check_certificate(game, shuffled).holds
    path = tmp_path / "reordered.json"
    path.write_text(json.dumps(shuffled))
    touch = ("--hands", "2", "--goal", "same", "--observe", "touch")
    code, out, err = run(capsys, "verify", "4", *touch, "--certificate", str(path))
    assert code == 0, out + err


def test_another_game_is_still_refused() -> None:
    game = touch_game(4, 2)
    cert = certificate(solve(game))
    with pytest.raises(InvalidInput, match="not n=4"):
        check_certificate(game, dict(cert, game="n=4 hands=3 goal=same observe=touch"))
    with pytest.raises(InvalidInput, match="the certificate is for"):
        check_certificate(game, dict(cert, game="x" * 10_000))
