"""move_on: a move drawn on a table of the seats it is meant for, not one more than its last."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from devilcoins import DevilcoinsError, Move
from devilcoins.core.errors import InvalidInput, NotationError
from devilcoins.render.display import move_on
from devilcoins.render.pictures import FLIP_RING, MAX_DRAW_N

SVG = "{http://www.w3.org/2000/svg}"


def seats_of(svg: str) -> tuple[ET.Element, list[ET.Element]]:
    """The table circle and the coin circles (one per seat) of a picture, in position order."""
    root = ET.fromstring(svg)
    circles = list(root.iter(f"{SVG}circle"))
    table = next(c for c in circles if c.get("class") == "table")
    coins = [c for c in circles if "coin" in c.get("class", "").split()]
    return table, sorted(coins, key=lambda c: int(c.get("data-position")))


def clock_hour(table: ET.Element, coin: ET.Element) -> float:
    """Where a coin sits on the table, as an hour on a clock face (12 o'clock is 0)."""
    x = float(coin.get("cx")) - float(table.get("cx"))
    y = float(coin.get("cy")) - float(table.get("cy"))
    return round(math.degrees(math.atan2(x, -y)) % 360 / 30, 2) % 12


def test_move_0_2_on_four_seats_rings_12_and_6_oclock():
    svg = move_on({0, 2}, 4)._repr_svg_()
    table, coins = seats_of(svg)
    assert len(coins) == 4
    assert [int(c.get("data-position")) for c in coins] == [0, 1, 2, 3]
    ringed = [c for c in coins if c.get("stroke") == FLIP_RING]
    assert [int(c.get("data-position")) for c in ringed] == [0, 2]
    assert [("flip" in c.get("class").split()) for c in coins] == [True, False, True, False]
    assert [clock_hour(table, c) for c in coins] == [0, 3, 6, 9]
    assert [clock_hour(table, c) for c in ringed] == [0, 6]


def test_the_bare_move_draws_one_seat_past_its_last_position():
    """Why move_on exists: Move({0, 2}) on its own is drawn on 3 seats (12 and 8 o'clock)."""
    from devilcoins.render.display import DISPLAYS

    draw = next(draw for _, name, draw in DISPLAYS if name == "Move")
    table, coins = seats_of(draw(Move({0, 2})))
    assert len(coins) == 3
    assert [clock_hour(table, c) for c in coins if c.get("stroke") == FLIP_RING] == [0, 8]


def test_ipython_shows_the_picture():
    formatters = pytest.importorskip("IPython.core.formatters")
    data, _ = formatters.DisplayFormatter().format(move_on(Move.parse("FLFLLLLL"), 8))
    _, coins = seats_of(data["image/svg+xml"])
    assert len(coins) == 8
    assert [int(c.get("data-position")) for c in coins if c.get("stroke") == FLIP_RING] == [0, 2]
    assert data["text/plain"] == "move_on({0, 2}, 8)"


@pytest.mark.parametrize(
    ("move", "n", "error", "words"),
    [
        ({0, 4}, 4, NotationError, "position 4"),
        ({3}, 3, NotationError, "position 3"),
        ({-1}, 4, NotationError, "whole numbers >= 0"),
        ({0}, 0, InvalidInput, "at least 1"),
        ({0}, "4", InvalidInput, "whole number"),
        ({0}, MAX_DRAW_N + 1, DevilcoinsError, f"up to {MAX_DRAW_N} coins"),
    ],
)
def test_a_move_that_does_not_fit_the_table_is_refused_with_a_message(move, n, error, words):
    with pytest.raises(error, match=words):
        move_on(move, n)
