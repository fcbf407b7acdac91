"""Issue 10, the page: no key or click plays a move the player did not choose; a refused game
leaves no stale board; plain words; a phone-sized play area; a readable Watch table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def positions(page):
    return page.locator("#play-table .position")


def checked(page) -> list[int]:
    return positions(page).evaluate_all(
        "gs => gs.filter(g => g.getAttribute('aria-checked') === 'true')"
        ".map(g => Number(g.dataset.position))"
    )


def start(page, n: int, devil: str = "adversarial", **menus: str) -> None:
    page.select_option("#play-n", str(n))
    page.select_option("#play-devil", devil)
    for name, value in menus.items():
        page.select_option(f"#play-{name}", value)
    page.click("#new-game")
    expect(page.locator("#play-status")).to_contain_text(": 0 moves")


def test_keys_after_clicking_flip_choose_and_never_play_an_empty_move(page):
    start(page, 4)  # the adversarial Devil never lets one flip of one coin win
    positions(page).nth(0).click()
    page.click("#flip")
    status = page.locator("#play-status")
    expect(status).to_contain_text(": 1 move")
    # the focus is still on Flip: Enter presses it, with nothing chosen, and nothing is played
    assert page.evaluate("document.activeElement.id") == "flip"
    page.keyboard.press("Enter")
    message = page.locator("#play-message")
    expect(message).to_contain_text("choose at least one position")
    expect(status).to_contain_text(": 1 move")
    # digits still choose positions from the Flip button
    page.keyboard.press("2")
    assert checked(page) == [2]
    page.keyboard.press("Enter")
    expect(status).to_contain_text(": 2 moves")
    assert checked(page) == []
    assert page.errors == []


def test_flip_with_nothing_chosen_says_so(page):
    start(page, 4, "random")
    page.click("#flip")
    expect(page.locator("#play-message")).to_contain_text("choose at least one position")
    expect(page.locator("#play-status")).to_contain_text(": 0 moves")
    assert page.errors == []


def test_one_hand_chooses_one_position(page):
    start(page, 4, hands="1")
    positions(page).nth(0).click()
    positions(page).nth(2).click()
    assert checked(page) == [2]  # the second choice replaces the first
    page.keyboard.press("3")
    assert checked(page) == [3]
    start(page, 4, hands="2")
    for i in (0, 1, 2):
        positions(page).nth(i).click()
    assert checked(page) == [0, 1]
    expect(page.locator("#play-message")).to_contain_text("at most 2 positions")
    assert page.errors == []


def test_a_refused_new_game_clears_the_old_board(page):
    start(page, 4)
    positions(page).nth(1).click()
    page.select_option("#play-values", "4")
    page.select_option("#play-group", "none")
    page.select_option("#play-n", "8")
    page.click("#new-game")
    message = page.locator("#play-message")
    expect(message).to_have_text(re.compile(r"^4\^8 = 65,536 states"))
    expect(message).to_have_class(re.compile(r"\berror\b"))
    expect(page.locator("#flip")).to_be_disabled()
    expect(page.locator("#clear")).to_be_disabled()
    expect(page.locator("#peek")).to_be_disabled()
    expect(page.locator("#play-table [aria-checked]")).to_have_count(0)
    expect(page.locator("#belief figure")).to_have_count(0)
    expect(page.locator("#play-status")).not_to_contain_text("moves")
    expect(page.locator("#play-solve")).to_have_text("")
    page.keyboard.press("Enter")
    page.keyboard.press("1")
    expect(page.locator("#play-table [aria-checked]")).to_have_count(0)
    # the browser logs the refused request itself; the page throws nothing
    assert [e for e in page.errors if "status of 422" not in e] == []
