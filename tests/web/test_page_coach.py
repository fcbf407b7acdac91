"""The page's coach, at both window sizes: the hint stays while the game can be won (with the
moves it needs) and following it wins; a game the Devil holds ends with a loss verdict; keys
pressed in another section never play here; move numbers past 99 show whole."""

from __future__ import annotations

import re

import pytest
from helpers import feel, follow_touch_tip, glass, new_touch_game, positions, set_held, start
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
    start(page, 6, "adversarial")  # a random Devil may let the first flip win (seen once)
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


def test_opposite_glasses_first_keeps_the_optimal_play_and_wins_in_five(visitor):
    """The classic first move of the four glasses (two opposite) is no detour: the hint goes on
    from there and wins within five rounds in all (it said "You have left the optimal play")."""
    page = visitor
    page.select_option("#touch-devil", "adversarial")
    new_touch_game(page)
    expect(page.locator("#touch-hint")).not_to_have_attribute("open", "")  # nothing said unasked
    feel(page, [0, 2])
    page.locator("#touch-hint summary").click()
    tip = page.locator("#touch-tip")
    expect(tip).to_contain_text("5 rounds at most")
    set_held(page, tip.get_attribute("data-set").split(","))
    status = page.locator("#touch-status")
    for k in range(2, 7):
        if page.locator("#touch-message.win").count():
            break
        expect(tip).to_contain_text(f"{6 - k} round")
        follow_touch_tip(page)
        expect(status).to_contain_text(f"{k} round")
    expect(page.locator("#touch-message")).to_have_class(re.compile("win"))
    played = int(re.search(r"(\d+) rounds? played", status.inner_text()).group(1))
    assert played <= 5
    assert page.errors == []


def test_show_me_the_optimal_play_goes_on_from_the_game_in_progress(visitor):
    """It used to throw the game away and start another."""
    page = visitor
    page.select_option("#touch-devil", "adversarial")
    new_touch_game(page)
    game = page.evaluate("() => devilcoins.touch.game")
    feel(page, [0, 1])
    set_held(page, ["down", "up"])
    expect(page.locator("#touch-status")).to_contain_text("1 round played")
    page.click("#touch-optimal")
    assert page.evaluate("() => devilcoins.touch.game") == game
    message = page.locator("#touch-message")
    expect(message).to_contain_text("The optimal play from here")
    step = page.locator("#touch-next")
    for _ in range(12):
        if page.locator("#touch-message.win").count():
            break
        said = message.text_content()
        step.click()
        page.wait_for_function(
            "([m, said]) => m.textContent !== said", arg=[message.element_handle(), said]
        )
    expect(message).to_contain_text("The bell rings!")
    assert page.evaluate("() => devilcoins.touch.game") == game
    assert page.locator("#touch-history li").count() >= 2
    assert glass(page, 0).get_attribute("data-face") in ("up", "down")
    assert page.errors == []
