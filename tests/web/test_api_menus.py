"""Which games the play menus offer (``/api/menus``): the menus' own options, every combination
refused by /api/new in the very words the menus show, and the refusals exactly the page's
documented rules (docs/page.md), restated naively here."""

from __future__ import annotations

import itertools
import re

from devilcoins import Game, LiveGame
from devilcoins.web.models import MAX_GAME_STATES, MAX_PLAY_N, NewGame, play_refusal


def _options(page: str, menu: str) -> list[str]:
    select = re.search(rf'<select id="{menu}">(.*?)</select>', page, re.S)
    assert select is not None, menu
    return re.findall(r'<option value="(\w+)"', select.group(1))


def test_the_offer_lists_the_pages_own_menus(client):
    menus = client.get("/api/menus").json()
    page = client.get("/").text
    assert [str(v) for v in menus["faces"]] == _options(page, "play-values")
    assert menus["groups"] == _options(page, "play-group")
    assert menus["goals"] == _options(page, "play-goal")
    assert sorted(menus["observe"]) == sorted(_options(page, "play-observe"))
    assert menus["sizes"] == list(range(1, MAX_PLAY_N + 1))
    assert NewGame.model_fields["n"].metadata  # N is bounded by the same MAX_PLAY_N
    assert 0 < len(menus["refused"]) < len(list(_every(menus)))


def _every(menus: dict) -> itertools.product:
    return itertools.product(
        menus["faces"], menus["groups"], menus["goals"], menus["observe"], menus["sizes"]
    )


def _refused_naively(values: int, group: str, goal: str, observe: str, n: int) -> bool:
    """The page's rules as docs/page.md says them: at most 4,096 states; "how many tails" with
    coins only, and with no turning up to 6 coins; and a game with something to play (one
    position is always all the same)."""
    return (
        values**n > 4096
        or (observe == "count" and values != 2)
        or (observe == "count" and group == "none" and n > 6)
        or (n == 1 and goal == "same")
    )


def test_the_refusals_are_the_documented_rules(client):
    menus = client.get("/api/menus").json()
    assert MAX_GAME_STATES == 4096
    for values, group, goal, observe, n in _every(menus):
        key = f"{values} {group} {goal} {observe} {n}"
        naive = _refused_naively(values, group, goal, observe, n)
        assert (key in menus["refused"]) == naive, (key, menus["refused"].get(key))


def test_new_game_refuses_each_combination_in_the_menus_words(client):
    menus = client.get("/api/menus").json()
    for values, group, goal, observe, n in _every(menus):
        key = f"{values} {group} {goal} {observe} {n}"
        body = dict(n=n, values=values, group=group, goal=goal, observe=observe, seed=1)
        answer = client.post("/api/new", json={**body, "devil": "random"})
        if key not in menus["refused"]:
            assert answer.status_code == 200, (key, answer.text)
            continue
        assert 400 <= answer.status_code < 500, (key, answer.text)
        assert answer.json()["detail"] == menus["refused"][key], key


def test_a_family_that_coaches_none_is_not_played_and_says_so_in_its_words():
    from devilcoins import Can, capabilities

    restricted = Game.parse("n=3 devil_moves=1,2,0")  # no menu names it; the rule still holds
    words = capabilities(restricted).refusal(Can.COACH)
    assert words and play_refusal(restricted) == words
    LiveGame.start(restricted, "random", seed=1)  # the library still plays it, uncoached
    assert play_refusal(Game(3)) is None
