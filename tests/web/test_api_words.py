"""The page's words (``/api/words``): the server's one copy of them, keyed by the library's own
names, and the page's menus naming the same Devils and groups."""

from __future__ import annotations

import re

from devilcoins import DEVILS, GROUP_NAMES, How
from devilcoins.web.routes.words import DEVIL_WORDS, GROUP_COUNTED, GROUP_DOES, HOW_WORDS


def test_the_words_are_the_servers_tables_keyed_by_the_librarys_names(client):
    data = client.get("/api/words").json()
    assert data == {
        "devils": DEVIL_WORDS,
        "how": HOW_WORDS,
        "group_does": GROUP_DOES,
        "group_counted": GROUP_COUNTED,
    }
    assert list(data["devils"]) == list(DEVILS)  # every Devil, in the library's order
    assert list(data["how"]) == [h.value for h in How]
    assert list(data["group_does"]) == list(data["group_counted"]) == list(GROUP_NAMES)
    assert data["devils"]["adversarial"] == "strongest"
    assert all(data["devils"].values()) and all(data["how"].values())
    assert all(data["group_does"].values())


def test_the_menus_name_the_devils_and_groups_the_words_name(client):
    page = client.get("/").text
    for menu in ("play-devil", "touch-devil"):
        select = re.search(rf'<select id="{menu}">(.*?)</select>', page, re.S)
        assert select is not None, menu
        options = re.findall(r'<option value="(\w+)"[^>]*>([^<]+)</option>', select.group(1))
        assert dict(options) == DEVIL_WORDS, menu  # each Devil's option says his word
    select = re.search(r'<select id="play-group">(.*?)</select>', page, re.S)
    assert select is not None
    assert re.findall(r'<option value="(\w+)"', select.group(1)) == list(GROUP_NAMES)
