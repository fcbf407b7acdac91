"""The page's coach, at both window sizes: the hint stays while the game can be won (with the
moves it needs) and following it wins; a game the Devil holds ends with a loss verdict; keys
pressed in another section never play here; move numbers past 99 show whole."""

from __future__ import annotations

import re

import pytest
from helpers import positions, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_after_a_move_off_the_optimal_line_the_hint_still_wins(visitor):
    page = visitor
    start(page, 4)  # the strongest Devil: he commits to no state, so only a sure line wins
    positions(page).nth(0).click()  # not the optimal first move (that flips all four)
    page.click("#flip")
    expect(page.locator("#play-status")).to_contain_text(": 1 move")
    hint = page.locator("#play-optimal")
    expect(hint).to_be_enabled()
    promised = int(re.search(r"within (\d+) move", hint.inner_text()).group(1))
    assert promised <= 15
    for k in range(1, promised + 1):
        expect(hint).to_be_enabled()
        hint.click()
        page.click("#flip")
        expect(page.locator("#play-status")).to_contain_text(f": {k + 1} move")
        if k < promised:
            expect(page.locator("#play-message")).not_to_contain_text("you won")
    expect(page.locator("#play-message")).to_contain_text(f"you won in {promised + 1} moves")
    assert page.errors == []


def test_a_game_the_devil_holds_ends_with_a_loss_after_the_first_move(visitor):
    page = visitor
    start(page, 6, "random")
    message = page.locator("#play-message")
    expect(message).to_contain_text("No strategy wins this game")
    expect(page.locator("#play-optimal")).to_be_disabled()
    positions(page).nth(1).click()
    page.click("#flip")
    expect(message).to_contain_text("You lost: the Devil can now hold you off forever")
    expect(message).to_have_class(re.compile("loss"))
    expect(page.locator("#flip")).to_be_disabled()
    expect(page.locator("#replay-open")).to_be_visible()
    positions(page).nth(2).click()  # the table takes no more choices
    assert page.locator("#play-table [aria-checked='true']").count() == 0
    assert page.errors == []


def test_digits_pressed_in_why_the_devil_wins_do_not_play_here(page):
    start(page, 4, "random")
    page.locator("#why-devil-table [tabindex]").first.focus()  # a coin of that section's table
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    assert page.locator("#play-table [aria-checked='true']").count() == 0
    expect(page.locator("#play-status")).to_contain_text(": 0 moves")
    assert page.errors == []


def test_move_numbers_past_99_show_whole(page):
    start(page, 8, "random")
    # the list's markers sit in its left padding: it must hold '100.' in the list's font
    room = page.evaluate(
        "() => { const ol = document.getElementById('play-history');"
        " const s = getComputedStyle(ol); const probe = document.createElement('span');"
        " probe.style.font = s.font; probe.textContent = '100. ';"
        " document.body.appendChild(probe); const w = probe.getBoundingClientRect().width;"
        " probe.remove(); return [parseFloat(s.paddingLeft), w]; }"
    )
    assert room[0] >= room[1], room


def test_the_glasses_hint_waits_until_it_is_asked_for(visitor):
    page = visitor
    tip = page.locator("#touch-tip")
    expect(tip).to_have_attribute("data-feel", re.compile(r"^\d,\d$"))  # worked out, not shown
    expect(tip).to_be_hidden()
    page.locator("#touch-hint summary").click()
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("feel glass")
    assert page.errors == []


def test_a_won_game_offers_no_peek_and_no_how_to_move(page):
    start(page, 2)  # two coins against the strongest Devil: the optimal line wins at move 3
    hint = page.locator("#play-optimal")
    for k in range(1, 4):
        hint.click()
        page.click("#flip")
        expect(page.locator("#play-status")).to_contain_text(f": {k} move")
    expect(page.locator("#play-message")).to_contain_text("you won in 3 moves")
    expect(page.locator("#peek")).to_be_disabled()
    expect(page.locator("#play-hint")).to_be_hidden()
    expect(page.locator("#play-status")).not_to_contain_text("peeked")
    assert page.errors == []
