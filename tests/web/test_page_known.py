"""The page's "More glasses: what is known" says what docs/touch_table.json holds: each number
marked with its game is that game's value, or its bounds written L–U, as measured and checked."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from devilcoins.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]


def _said(entry: dict) -> str:
    """A table row as the page writes it: the value, or 'L–U' (one number when L = U)."""
    if entry["result"] == "bounds":
        low, high = entry["bounds"]
        return str(low) if low == high else f"{low}–{high}"
    return str(entry["result"])


def test_the_page_says_what_the_touch_table_holds():
    """Every number the page marks with a game agrees with the measured table, and the
    sixteen-glass row is there from 8 hands to 16."""
    page = TestClient(create_app()).get("/").text
    marked = re.findall(r'data-game="([^"]+)">([^<]+)<', page)
    table = json.loads((ROOT / "docs" / "touch_table.json").read_text())
    assert {game for game, _ in marked} >= {f"n=16 hands={k} goal=same" for k in range(8, 17)}
    for game, text in marked:
        assert text == _said(table[game]), game
