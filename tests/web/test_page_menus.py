"""Every figure on the play section belongs to the game on the table, and every combination of
its menus is either played or not offered (with words naming a choice that works), never a page
error."""

from __future__ import annotations

import itertools
import re

import pytest
from helpers import Held, start
from playwright.sync_api import expect

from devilcoins.web.models import NewGame

pytestmark = pytest.mark.browser

FACES = ("2", "3", "4", "5")
GROUPS = ("cyclic", "dihedral", "none", "full")
GOALS = ("zero", "same")
LEARN = ("blind", "count", "sight")

#: Every game the menus name (faces, Devil's moves, goal, what you learn, N), as the page's
#: fields; the page's own rule says which it offers.
OFFERED = """(all) => all.map(([values, group, goal, observe, n]) =>
  devilcoins.refusal({ n: n, values: values, group: group, goal: goal, observe: observe })
  === null)"""


def test_the_verdict_line_goes_the_moment_new_game_is_pressed(page):
    solve = page.locator("#play-solve")
    expect(solve).to_have_text(re.compile(r"^You can always win in 15 moves"))
    held = Held(page, "**/api/solve?*")  # the next game's verdict comes only when let through
    page.select_option("#play-n", "8")
    page.click("#new-game")
    expect(solve).to_have_attribute("data-state", "solving")
    expect(solve).to_contain_text("being worked out")
    expect(solve).not_to_contain_text("15 moves")
    expect(page.locator("#play-status")).to_contain_text("N = 8")  # the new game is on the table
    expect(solve).to_have_attribute("data-state", "solving")  # and no old figure came back
    held.release()
    page.unroute("**/api/solve?*")  # asked again (202: being worked out), it goes through
    expect(solve).to_have_text(re.compile(r"^You can always win in 255 moves"))
    assert page.errors == []


def test_a_late_verdict_of_the_game_before_is_dropped(page):
    held = Held(page, "**/api/solve?n=6*")
    start(page, 6)  # its verdict is held back
    solve = page.locator("#play-solve")
    expect(solve).to_have_attribute("data-state", "solving")
    start(page, 4, "random")
    expect(solve).to_have_text(re.compile(r"^You can always win in 15 moves"))
    held.release()  # the 6 coins' answer lands now, after the 4 coins' one
    page.wait_for_function(
        "() => performance.getEntriesByType('resource')"
        ".filter(e => e.name.includes('/api/solve?n=6')).length === 1"
    )
    expect(page.locator("#play-status")).to_contain_text("N = 4")
    expect(solve).to_have_text(re.compile(r"^You can always win in 15 moves"))
    assert page.errors == []


def test_a_late_move_of_the_game_before_is_not_drawn_on_the_new_one(page):
    start(page, 8, "random")
    held = Held(page, "**/api/move")
    page.locator("#play-table .position").nth(0).click()
    page.click("#flip")
    page.wait_for_function("() => devilcoins.play.busy")  # the move is on its way, held
    start(page, 4, "random")
    held.release()  # the 8 coins' move lands after the 4 coins' game is set out
    page.wait_for_function("() => !devilcoins.play.busy")
    expect(page.locator("#play-status")).to_contain_text("N = 4, random Devil: 0 moves")
    expect(page.locator("#play-history li")).to_have_count(0)
    expect(page.locator("#play-table .position")).to_have_count(4)
    assert page.errors == []


def test_dials_never_offer_how_many_tails_and_say_what_works(visitor):
    page = visitor
    page.select_option("#play-values", "3")
    count = page.locator('#play-observe option[value="count"]')
    expect(count).to_be_disabled()
    works = re.compile("coins only.*: choose Faces “2 \\(coins\\)”")
    expect(count).to_have_attribute("title", works)
    offered = page.locator("#play-offered")
    expect(offered).to_be_visible()
    expect(offered).to_contain_text("You learn “how many tails”")
    expect(offered).to_contain_text("choose Faces “2 (coins)” first")
    # the other way round: with how many tails chosen, no dial is offered, and N is refreshed
    page.select_option("#play-values", "2")
    page.select_option("#play-observe", "count")
    for faces in ("3", "4", "5"):
        expect(page.locator(f'#play-values option[value="{faces}"]')).to_be_disabled()
    expect(offered).to_contain_text("choose You learn “nothing” first")
    page.select_option("#play-n", "8")
    page.select_option("#play-group", "none")
    expect(page.locator('#play-n option[value="8"]')).to_be_disabled()
    expect(page.locator("#play-n")).to_have_value("6")  # the largest size offered
    expect(page.locator("#play-hands option")).to_have_count(7)  # any, 1..6
    start(page, None)
    expect(page.locator("#play-status")).to_contain_text("N = 6")
    assert page.errors == []


def test_a_walk_through_every_combination_of_the_menus_meets_no_page_error(page):
    page.select_option("#play-devil", "random")
    for faces, group, goal, learn in itertools.product(FACES, GROUPS, GOALS, LEARN):
        for name, value in (("values", faces), ("group", group), ("goal", goal),
                            ("observe", learn)):  # fmt: skip
            option = page.locator(f'#play-{name} option[value="{value}"]')
            if option.is_disabled():  # not offered: it says why and what works instead
                assert "choose" in option.get_attribute("title")
                continue
            page.select_option(f"#play-{name}", value)
        state = page.evaluate(
            """() => ({
              selected: [...document.querySelectorAll('#play .controls select')]
                .map(s => s.selectedOptions[0]).filter(o => o && o.disabled).map(o => o.value),
              n: Number(document.querySelector('#play-n').value),
              hands: document.querySelectorAll('#play-hands option').length,
              refused: devilcoins.refusal(devilcoins.gameFields()),
            })"""
        )
        combo = (faces, group, goal, learn)
        assert state["selected"] == [], combo  # no choice shown is one the page refuses
        assert state["refused"] is None, combo
        assert state["hands"] == state["n"] + 1, combo
        assert page.errors == [], combo
    start(page, None, "random")  # the last combination, played
    assert page.errors == []


def test_every_game_the_menus_offer_is_played_and_every_other_is_refused(page, client):
    # the page offers exactly what the server's offer (/api/menus) does; that /api/new plays
    # every game offered and refuses the rest in the same words is tests/web/test_api_menus.py
    refused = client.get("/api/menus").json()["refused"]
    games = [
        [int(v), g, goal, learn, n]
        for v, g, goal, learn, n in itertools.product(FACES, GROUPS, GOALS, LEARN, range(1, 9))
    ]
    offered = page.evaluate(OFFERED, games)
    assert 0 < sum(offered) < len(games)
    for (values, group, goal, observe, n), shown in zip(games, offered, strict=True):
        assert shown == (f"{values} {group} {goal} {observe} {n}" not in refused)
        if not shown:
            continue
        body = dict(n=n, values=values, group=group, goal=goal, observe=observe, devil="random")
        for hands in range(1, n + 1):  # the Hands menu: fields the server takes
            kept = NewGame(**body, hands=hands).spec().hands  # N hands: as many as any
            assert kept == (hands if hands < n else None), (body, hands)
