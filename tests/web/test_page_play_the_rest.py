""" "Play the rest": the coach plays the game out from wherever the visitor stands, at the speed
chosen, with a stop, in Play and on the glasses; it wins whenever the game can be won."""

from __future__ import annotations

import re

import pytest
from helpers import new_touch_game, positions, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def rest(page, section: str = "play", speed: str = "0") -> None:
    """Choose the speed (0: no pause, the fastest) and press Play the rest."""
    page.select_option(f"#{section}-speed", speed)
    page.click(f"#{section}-rest")


def test_it_wins_eight_coins_against_the_strongest_devil(page):
    start(page, 8)
    rest(page)
    expect(page.locator("#play-message")).to_have_text(re.compile(r"you won in 255 moves"))
    expect(page.locator("#play-history li")).to_have_count(255)
    expect(page.locator("#play-rest-stop")).to_be_hidden()
    expect(page.locator("#replay-open")).to_be_visible()
    assert page.errors == []


@pytest.mark.parametrize(
    ("n", "menus"), [(4, {"observe": "count"}), (4, {"observe": "sight"}), (3, {"values": "3"})]
)
def test_it_wins_from_where_the_visitor_stands(page, n, menus):
    start(page, n, **menus)
    positions(page).nth(1).click()  # a move of the visitor's own first
    page.click("#flip")
    expect(page.locator("#play-status")).to_contain_text(": 1 move")
    if page.locator("#play-message.win").count():
        return  # pragma: no cover (that move won already)
    rest(page)
    expect(page.locator("#play-message")).to_have_class(re.compile(r"\bwin\b"))
    assert page.locator("#play-history li").count() >= 2
    assert page.errors == []


def test_stop_hands_the_game_back(page):
    start(page, 8)
    rest(page, speed="1000")
    history = page.locator("#play-history li")
    page.wait_for_function("() => document.querySelectorAll('#play-history li').length > 0")
    page.click("#play-rest-stop")
    expect(page.locator("#play-message")).to_contain_text("Stopped after")
    played = history.count()
    expect(page.locator("#play-rest")).to_be_visible()
    expect(page.locator("#flip")).to_be_enabled()
    positions(page).nth(0).click()
    page.click("#flip")  # the visitor plays on by hand
    expect(history).to_have_count(played + 1)
    assert page.errors == []


def test_no_rest_to_play_where_no_play_wins(page):
    start(page, 3, "random")
    expect(page.locator("#play-rest")).to_be_disabled()
    assert page.errors == []


def test_the_glasses_are_played_out_against_the_strongest_devil(page):
    new_touch_game(page)
    page.locator("#touch-tray .glass[data-position='0']").click()  # the visitor's reach first
    rest(page, "touch")
    message = page.locator("#touch-message")
    expect(message).to_contain_text("The bell rings!")
    expect(page.locator("#touch-rest-stop")).to_be_hidden()
    expect(page.locator("#touch-replay-open")).to_be_visible()
    assert page.locator("#touch-history li").count() >= 1
    assert page.errors == []


def test_the_glasses_rest_stops(page):
    new_touch_game(page)
    rest(page, "touch", speed="1000")
    expect(page.locator("#touch-rest-stop")).to_be_visible()
    page.click("#touch-rest-stop")
    expect(page.locator("#touch-message")).to_contain_text("Stopped after")
    expect(page.locator("#touch-rest")).to_be_visible()
    assert page.errors == []


def test_a_coach_move_in_flight_writes_nothing_on_a_new_game(page):
    """The race of issue 50: Play the rest, then New game while the coach's move is on its way.
    The third move's answer is held until the new game is on the table; then it lands, and the
    new game shows no line of the old one's coach, no move, and no Stop."""
    start(page, 8)
    held, seen = [], []

    def hold(route) -> None:  # the coach's third move waits here; the others go on
        seen.append(route)
        if len(seen) == 3:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/move", hold)
    rest(page, speed="0")
    while not held:
        page.wait_for_timeout(20)
    start(page, 4)  # a new game while the old move is still in flight
    new_game = page.locator("#play-table").get_attribute("data-game")
    held[0].continue_()  # the old answer arrives now
    expect(page.locator("#play-rest-stop")).to_be_hidden()
    expect(page.locator("#play-rest")).to_be_visible()
    expect(page.locator("#play-message")).not_to_contain_text("The coach plays on")
    expect(page.locator("#play-status")).to_contain_text(": 0 moves")
    assert page.locator("#play-table").get_attribute("data-game") == new_game
    assert page.locator("#play-history li").count() == 0
    assert page.errors == []


def test_the_moves_played_are_counted_and_the_first_said_to_be_above(page):
    """Issue 50: after 10 moves the list showed from move 2, with no scrollbar on a phone."""
    start(page, 8)
    rest(page, speed="350")  # medium: 12 moves in a few seconds, Stop still between two
    history = page.locator("#play-history li")
    expect(history).to_have_count(12, timeout=120_000)
    page.click("#play-rest-stop")
    expect(page.locator("#play-message")).to_contain_text("Stopped after")  # no move in flight
    title = page.locator("#play-history-title")
    expect(title).to_contain_text(f"Moves played: {history.count()}")
    expect(title).to_contain_text("(scroll up for the first)")
    page.locator("#play-history").evaluate("list => list.scrollTop = 0")
    expect(title).to_have_text(f"Moves played: {history.count()}")
    start(page, 4)
    expect(title).to_have_text("Moves played")
    assert page.errors == []
