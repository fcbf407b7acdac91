"""Every blind kind of game on the page (dials, another group, limited hands) played to the
goal with "Show me the optimal move" against each Devil, then replayed, in both windows.

Against the strongest Devil (the holdout Devil, who commits to no state) the optimal sequence
wins at its last move exactly; against the others it wins by then at the latest.
"""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request

import pytest
from helpers import start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: (menus, the game's fields for /api/solve)
KINDS = {
    "dials": ({"values": "3", "n": "3"}, {"n": 3, "values": 3}),
    "dihedral": ({"group": "dihedral", "n": "4"}, {"n": 4, "group": "dihedral"}),
    "hands": ({"goal": "same", "n": "4", "hands": "2"}, {"n": 4, "goal": "same", "hands": 2}),
}
CASES = [
    ("dials", "adversarial"),
    ("dials", "random"),
    ("dihedral", "adversarial"),
    ("dihedral", "greedy"),
    ("hands", "adversarial"),
    ("hands", "greedy"),
    ("hands", "random"),
]


def length_of(base_url: str, fields: dict) -> int:
    query = urllib.parse.urlencode(fields)
    with urllib.request.urlopen(f"{base_url}/api/solve?{query}", timeout=60) as response:
        return json.loads(response.read())["length"]


#: Each case at one window size, the sizes taking turns (both sizes play every kind; a case at
#: both took 40 s of the suite for what the layout tests check once).
SIZED = [((1280, 900) if i % 2 else (390, 844), *case) for i, case in enumerate(CASES)]


@pytest.mark.parametrize(
    ("visitor", "kind", "devil"),
    SIZED,
    indirect=["visitor"],
    ids=[f"{'desktop' if w > 500 else 'phone'}-{k}-{d}" for (w, _), k, d in SIZED],
)
def test_each_kind_is_won_with_the_optimal_move_and_replayed(visitor, base_url, kind, devil):
    page = visitor
    menus, fields = KINDS[kind]
    start(page, devil=devil, **menus)
    length = length_of(base_url, fields)
    message = page.locator("#play-message")
    played = 0
    for played in range(1, length + 1):
        page.click("#play-optimal")
        page.click("#flip")
        expect(page.locator("#play-status")).to_contain_text(f": {played} move")
        if "you won" in message.inner_text():
            break
    expect(message).to_have_text(re.compile(r"you won in \d+ moves?!$"))
    if devil == "adversarial":
        assert played == length  # he holds out to the sequence's last move
    page.click("#replay-open")
    expect(page.locator("#replay-step")).to_contain_text("step 0 of ")
    page.keyboard.press("End")
    expect(page.locator("#replay-text")).to_have_class(re.compile("win"))
    assert page.errors == []
