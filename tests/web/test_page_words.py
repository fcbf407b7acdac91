"""Plain words: the belief column and the pairs view each say in one line what is still
possible and why it shrinks, the jargon behind a link to the page's glossary; turns are said
one way everywhere (the short way round); the Devil's moves take the verb of his group."""

from __future__ import annotations

import re

import pytest
from helpers import get_json, start
from playwright.sync_api import expect


@pytest.mark.parametrize(
    ("group", "verb"),
    [("cyclic", "turn the table so"), ("dihedral", "turn the table or turn it over"),
     ("full", "shuffle the positions")],
)  # fmt: skip
def test_the_devils_moves_take_his_groups_verb(client, group, verb):
    game = client.post("/api/new", json={"n": 5, "group": group, "devil": "adversarial"}).json()
    data = client.post("/api/move", json={"game": game["game"], "positions": [0]}).json()
    assert data["lost"] and verb in data["reason"], data["reason"]
    if group == "full":
        assert "turn the table" not in data["reason"]


@pytest.mark.browser
def test_the_belief_column_says_what_it_is_in_one_line(visitor):
    page = visitor
    header = page.locator("#watch-rows th").nth(2)
    expect(header).to_have_text("Still possible")
    hint = page.locator("#watch-rows-hint")
    expect(hint).to_contain_text("may still show after that move")
    expect(hint).to_contain_text("rules out")
    hint.get_by_role("link").click()
    expect(page.locator("#glossary-belief")).to_be_in_viewport()
    expect(page.locator("#glossary-belief + dd")).to_contain_text("What a blindfolded player knows")
    assert page.errors == []


@pytest.mark.browser
def test_the_pairs_view_says_what_is_possible_and_why_it_shrinks(visitor):
    page = visitor
    patterns = page.locator("#why-patterns")
    expect(patterns).to_contain_text("Which pairs of opposite coins may still differ")
    expect(patterns).not_to_contain_text("Patterns of pairs")
    hint = page.locator("#why-patterns-hint")
    expect(hint).to_contain_text("same face or different")
    hint.get_by_role("link").click()
    expect(page.locator("#glossary-pairs")).to_be_in_viewport()
    assert page.errors == []


@pytest.mark.browser
def test_be_the_devil_says_turns_the_short_way_round(page):
    # one head: flipping all four (move 1) leaves a tail, two flips (move 2) leave an odd count
    page.fill("#devil-start", "HTTT")
    page.click("#devil-begin")
    expect(page.locator("#devil-status")).to_contain_text("Move 1 of 15")
    page.click("#devil-turns button >> nth=3")  # r = 3 of 4 coins: one place clockwise
    expect(page.locator("#devil-message")).to_contain_text("You turned the table 1 place clockwise")
    page.click("#devil-turns button >> nth=2")  # half way: anticlockwise, as in every replay
    expect(page.locator("#devil-message")).to_contain_text(
        "You turned the table 2 places anticlockwise"
    )
    assert page.errors == []


@pytest.mark.browser
def test_a_dial_move_is_listed_in_words(page):
    start(page, 3, "random", values="3")
    page.locator("#play-table .position").nth(1).click()
    page.locator("#play-table .position").nth(1).click()  # twice: +2
    page.click("#flip")
    expect(page.locator("#play-history li").first).to_have_text(re.compile(r"^dial 1 \+2"))
    assert page.errors == []


@pytest.mark.browser
def test_the_page_names_devils_and_verdicts_in_the_servers_words(page, base_url):
    """The page asks for its words once (/api/words): the strongest Devil is named so in the
    play and glasses sections, the verdict in its route's words, the Devil's moves by group."""
    words = get_json(base_url, "/api/words")
    start(page, 4, "adversarial")
    expect(page.locator("#play-status")).to_contain_text("N = 4, strongest Devil: 0 moves")
    verdict = get_json(base_url, "/api/solve?n=4")
    expect(page.locator("#play-solve")).to_contain_text(words["how"][verdict["how"]])
    expect(page.locator("#intro")).to_contain_text(words["group_does"]["cyclic"])
    expect(page.locator("#touch-status")).to_contain_text("Against the strongest Devil")
    assert page.errors == []
