"""Help without hover and a way back, at both window sizes: the section links at the top, "How
to play" opened by a tap, and Undo and Restart of the same game (a lost game taken back can be
played on)."""

from __future__ import annotations

import re

import pytest
from helpers import feel, new_touch_game, positions, set_held, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_section_links_at_the_top_bring_each_section_into_view(visitor):
    page = visitor
    for section in ("touch", "watch", "why", "devil", "play"):
        page.locator(f"nav.sections a[href='#{section}']").click()
        expect(page.locator(f"#{section} h2")).to_be_in_viewport()
    assert page.errors == []


def test_how_to_play_opens_on_a_tap_and_says_what_the_menus_mean(visitor):
    page = visitor
    help_box = page.locator("#play details.help")
    expect(help_box.locator("dl")).to_be_hidden()
    help_box.locator("summary").click()
    for word in ("Faces", "Devil's moves", "You learn", "Hands", "Grey buttons"):
        expect(help_box.locator("dt", has_text=word)).to_be_visible()
    for section in ("touch", "watch", "devil"):
        box = page.locator(f"#{section} details.help")
        box.locator("summary").click()
        expect(box.locator("p")).to_be_visible()
    assert page.errors == []


def test_undo_takes_the_last_move_back_and_restart_starts_the_same_game(visitor):
    page = visitor
    start(page, 4, "adversarial")  # the random Devil may let two flips win
    undo, restart, status = page.locator("#undo"), page.locator("#restart"), "#play-status"
    expect(undo).to_be_disabled()
    expect(restart).to_be_disabled()
    page.click("#peek")
    expect(page.locator("#play-message")).to_contain_text("You peeked")
    coins = re.search(r"coins are ([HT]{4})", page.locator("#play-message").inner_text()).group(1)
    for k in (1, 2):
        positions(page).nth(k).click()
        page.click("#flip")
        expect(page.locator(status)).to_contain_text(f": {k} move")
    undo.click()
    expect(page.locator(status)).to_contain_text(": 1 move")
    expect(page.locator("#play-history li")).to_have_count(1)
    expect(page.locator("#play-message")).to_contain_text("taken back")
    restart.click()
    expect(page.locator(status)).to_contain_text(": 0 moves")
    expect(page.locator("#play-history li")).to_have_count(0)
    expect(restart).to_be_disabled()
    page.click("#peek")  # the same hidden coins as at the start
    expect(page.locator("#play-message")).to_contain_text(f"coins are {coins}")
    assert page.errors == []


def test_a_lost_game_taken_back_can_be_played_on(visitor):
    page = visitor
    start(page, 6, "adversarial")  # a random Devil may let the first flip win
    positions(page).nth(0).click()
    page.click("#flip")
    message = page.locator("#play-message")
    expect(message).to_have_class(re.compile("loss"))
    expect(page.locator("#flip")).to_be_disabled()
    page.click("#undo")
    expect(page.locator("#play-status")).to_contain_text(": 0 moves")
    expect(message).not_to_have_class(re.compile("loss"))
    positions(page).nth(2).click()
    expect(page.locator("#flip")).to_be_enabled()
    assert page.errors == []


def test_a_large_belief_shows_its_first_tables_and_the_rest_on_a_tap(visitor):
    """Five dials of five faces: 628 small tables a move made each move slow; the page draws the
    first 96 and a button for the rest."""
    page = visitor
    start(page, 5, "random", values="5")
    size = int(re.search(r"(\d+) possible", page.locator("#belief-size").inner_text()).group(1))
    assert size > 96
    expect(page.locator("#belief figure")).to_have_count(96)
    more = page.locator("#belief-more")
    expect(more).to_have_text(f"Show the other {size - 96}")
    more.click()
    expect(page.locator("#belief figure")).to_have_count(size)
    expect(more).to_have_count(0)
    assert page.errors == []


def test_the_glasses_undo_a_feel_a_round_and_restart(visitor):
    """Against the strongest Devil no bell rings in the first rounds (he keeps a tray that is
    not all the same while one is possible), so the rounds are the test's own."""
    page = visitor
    page.select_option("#touch-devil", "adversarial")
    new_touch_game(page)
    undo, restart = page.locator("#touch-undo"), page.locator("#touch-restart")
    status, history = page.locator("#touch-status"), page.locator("#touch-history li")
    expect(undo).to_be_disabled()
    feel(page, [0, 1])
    expect(undo).to_be_enabled()
    undo.click()  # let go of the glasses held
    expect(page.locator("#touch-feel")).to_be_visible()
    expect(page.locator("#touch-message")).to_contain_text("let go")
    for k, (reach, values) in enumerate([([0, 2], ["up", "up"]), ([0, 1], ["down", "down"])]):
        feel(page, reach)
        set_held(page, values)
        expect(status).to_contain_text(f"{k + 1} round")
    expect(history).to_have_count(2)
    undo.click()
    expect(status).to_contain_text("1 round played")
    expect(history).to_have_count(1)
    restart.click()
    expect(status).to_contain_text("0 rounds played")
    expect(history).to_have_count(0)
    expect(restart).to_be_disabled()
    assert page.errors == []
