"""SVG pictures of the table: geometry, faces, flips, errors, and the notebook display."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from devilcoins import Belief, Coins, DevilcoinsError, Strategy
from devilcoins.cli.main import main
from devilcoins.render.pictures import MAX_DRAW_N, belief_svg, table_svg

SVG = "{http://www.w3.org/2000/svg}"


def coins_of(svg: str) -> list[ET.Element]:
    """The coin circles of a picture, in position order."""
    root = ET.fromstring(svg)
    found = [c for c in root.iter(f"{SVG}circle") if "coin" in c.get("class", "").split()]
    return sorted(found, key=lambda c: int(c.get("data-position")))


@settings(max_examples=60, deadline=None)
@given(st.text("HT", min_size=1, max_size=24), st.data())
def test_each_coin_sits_clockwise_from_twelve_oclock_with_its_face(text, data):
    flips = data.draw(st.sets(st.integers(0, len(text) - 1)))
    svg = table_svg(text, flips)
    circles = coins_of(svg)
    assert len(circles) == len(text)
    root = ET.fromstring(svg)
    table = next(c for c in root.iter(f"{SVG}circle") if c.get("class") == "table")
    cx, cy = float(table.get("cx")), float(table.get("cy"))
    for i, (circle, face) in enumerate(zip(circles, text, strict=True)):
        x, y = float(circle.get("cx")) - cx, float(circle.get("cy")) - cy
        # angle measured clockwise from straight up
        angle = math.atan2(x, -y) % (2 * math.pi)
        assert abs(angle - 2 * math.pi * i / len(text)) < 0.02 or (i == 0 and angle > 6.26)
        assert ("heads" if face == "H" else "tails") in circle.get("class").split()
        assert ("flip" in circle.get("class").split()) == (i in flips)
    # neighbouring coins do not overlap
    if len(text) > 1:
        a, b = circles[0], circles[1]
        gap = math.dist(
            (float(a.get("cx")), float(a.get("cy"))), (float(b.get("cx")), float(b.get("cy")))
        )
        assert gap > 2 * float(a.get("r"))


def test_the_title_names_the_coins_and_the_move():
    root = ET.fromstring(table_svg("HTTH", {1, 3}))
    assert root.find(f"{SVG}title").text == "HTTH, flipping {1, 3}"


def test_a_belief_is_a_row_of_tables_one_per_sequence():
    svg = belief_svg({"HHHH", "HTHT", "TTTT"})
    root = ET.fromstring(svg)
    tables = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "table"]
    assert len(tables) == 3
    xs = [float(t.get("cx")) for t in tables]
    assert xs == sorted(xs) and len(set(xs)) == 3
    assert len(coins_of(svg)) == 12
    assert ET.fromstring(belief_svg([])).find(f"{SVG}title").text == "empty belief"


class _Formatter:
    """What IPython's display formatters offer: a drawing function registered by type name."""

    def __init__(self) -> None:
        self.by_name: dict[tuple[str, str], object] = {}

    def for_type_by_name(self, module: str, name: str, draw: object) -> None:
        self.by_name[(module, name)] = draw


def test_notebooks_show_coins_and_beliefs_as_pictures():
    """The values are never patched: a notebook's shell is told how to draw them, by name."""
    from types import SimpleNamespace

    from devilcoins.render.display import register

    formatters = {"image/svg+xml": _Formatter(), "text/html": _Formatter()}
    register(SimpleNamespace(display_formatter=SimpleNamespace(formatters=formatters)))
    svg = formatters["image/svg+xml"].by_name
    assert len(coins_of(svg[("devilcoins.coins.notation", "Coins")](Coins("HTT")))) == 3
    belief = Belief({"HH", "HT"})
    assert len(coins_of(svg[("devilcoins.coins.notation", "Belief")](belief))) == 4
    html = formatters["text/html"].by_name[("devilcoins.coins.notation", "Strategy")]
    assert "HH    TT" in html(Strategy([{0, 1}, {0}, {0, 1}]))
    assert not hasattr(Coins("HT"), "_repr_svg_")  # nothing patched onto the values


def test_bad_pictures_are_refused():
    with pytest.raises(DevilcoinsError):
        table_svg("H" * (MAX_DRAW_N + 1))
    with pytest.raises(ValueError):
        table_svg("HTXH")
    with pytest.raises(ValueError):
        table_svg("HTTH", {4})


def test_draw_writes_a_new_file_and_never_overwrites(tmp_path, capsys):
    target = tmp_path / "table.svg"
    assert main(["draw", "HTTHHT", "--move", "FLFLLL", "--output", str(target)]) == 0
    circles = coins_of(target.read_text())
    assert [("flip" in c.get("class")) for c in circles] == [True, False, True, False, False, False]
    assert main(["draw", "HH", "--output", str(target)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert len(coins_of(target.read_text())) == 6  # untouched
    assert main(["draw", "HTXH"]) == 2
    assert main(["draw", "HT"]) == 0
    assert capsys.readouterr().out.startswith("<svg")
