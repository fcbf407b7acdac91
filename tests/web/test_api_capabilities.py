"""``/api/capabilities``: the page's server gives the family's declaration as the library does."""

from __future__ import annotations

import pytest

from devilcoins import Capabilities, Game, capabilities


@pytest.mark.parametrize(
    ("query", "text"),
    [
        ({"n": 4}, "n=4"),
        ({"n": 4, "hands": 2, "goal": "same"}, "n=4 hands=2 goal=same"),
        ({"n": 5, "observe": "count"}, "n=5 observe=count"),
        ({"n": 3, "values": 3, "group": "dihedral", "observe": "sight"},
         "n=3 values=3 group=dihedral observe=sight"),
    ],
)  # fmt: skip
def test_the_declaration_is_the_librarys(client, query, text):
    answer = client.get("/api/capabilities", params=query)
    assert answer.status_code == 200
    assert Capabilities.from_json(answer.json()) == capabilities(Game.parse(text))


def test_a_game_the_page_does_not_play_is_refused_in_words(client):
    answer = client.get("/api/capabilities", params={"n": 4, "hands": 9})
    assert answer.status_code in (400, 422)
    assert "hands" in answer.text
