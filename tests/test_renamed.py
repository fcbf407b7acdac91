"""The old top-level names: each warns, naming its one spelling now, and answers as it does.

The rest of the suite turns these warnings into errors (pyproject.toml's filterwarnings), so
this is the one place that uses them.
"""

from __future__ import annotations

import importlib

import pytest

import devilcoins
from devilcoins import DevilcoinsDeprecationWarning, Game, Strategy, solve, verify
from devilcoins import notebook as nb

NOTEBOOK_NAMES = [
    "all_coins",
    "all_moves",
    "coin_search",
    "flip",
    "play",
    "probably_wins",
    "rotations",
    "search",
    "show",
    "update",
]


def old(name: str) -> object:
    """The old name's value, and the warning that must come with it."""
    with pytest.warns(
        DevilcoinsDeprecationWarning, match=rf"^devilcoins\.{name} is deprecated: use "
    ) as w:
        value = getattr(devilcoins, name)
    assert len(w) == 1 and w[0].filename == __file__  # the warning points at the caller
    return value


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_a_notebook_name_warns_and_is_the_notebook_function(name):
    with pytest.warns(DevilcoinsDeprecationWarning, match=rf"use devilcoins\.notebook\.{name}$"):
        value = getattr(devilcoins, name)
    assert value is getattr(nb, name)
    assert name in nb.__all__ and name not in devilcoins.__all__ and name not in dir(devilcoins)


def test_from_import_of_an_old_name_warns():
    with pytest.warns(DevilcoinsDeprecationWarning, match="use devilcoins.notebook.coin_search"):
        from devilcoins import coin_search
    assert coin_search(3) is None and coin_search(2) == Strategy([{0, 1}, {0}, {0, 1}])


@pytest.mark.parametrize("n", [1, 2, 3, 4, 6, 8])
def test_belief_search_warns_and_answers_as_solve_notebook(n):
    belief_search = old("belief_search")
    then, now = belief_search(n), solve(n, "notebook")
    assert (then.winnable, then.length, then.strategy, then.explored, then.depth) == (
        now.winnable,
        now.length,
        now.strategy,
        now.explored,
        now.depth,
    )
    assert then.method == now.method and then.game == now.game == Game(n)


def test_belief_search_still_follows_its_progress_and_refuses_what_it_refused():
    belief_search = old("belief_search")
    seen: list[tuple[int, int]] = []
    belief_search(4, on_progress=lambda depth, beliefs: seen.append((depth, beliefs)))
    assert seen and seen[-1][0] == 15
    with pytest.raises(devilcoins.TooLarge, match="stops at N = 15"):
        belief_search(16)


@pytest.mark.parametrize(
    ("n", "moves"),
    [(2, [{0, 1}, {0}, {0, 1}]), (2, [{0, 1}, {0}]), (4, [{0, 1, 2, 3}, {0, 2}]), (3, [])],
)
def test_verify_coins_warns_and_answers_as_verify(n, moves):
    verify_coins = old("verify_coins")
    then, now = verify_coins(Strategy(moves), n), verify(n, Strategy(moves))
    assert then.to_json() | {"seconds": 0} == now.to_json() | {"seconds": 0}


def test_verify_refuses_a_position_the_table_does_not_have():
    """verify_coins refused a move naming position 5 of 2 coins; verify, its new spelling, too."""
    for moves in ([{5}], [{0}, {-1}], [{0, "1"}]):
        with pytest.raises(devilcoins.NotationError, match=r"outside 0\.\.1"):
            verify(2, moves)


def test_the_notebook_is_a_public_module_of_its_own():
    module = importlib.import_module("devilcoins.notebook")
    assert module is nb
    assert set(NOTEBOOK_NAMES) <= set(nb.__all__)
    assert nb.Strategy is devilcoins.Strategy and nb.Coins is devilcoins.Coins
