"""One guard for every late answer (issue 50): an answer asked for one game that lands after New
game has put another on the table writes nothing on it.  Each test holds one kind of request
(page.route), starts a new game while it is out, then lets the old answer land, and reads the
new game: no line, move, mark, replay or coins of the old one.  The same goes for the Devil's
seat (another Start), the Why section's Devil (another table) and Watch (another N)."""

from __future__ import annotations

import pytest
from helpers import feel, new_touch_game, positions, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def held_requests(page, pattern: str) -> list:
    """Hold every request matching pattern until the test lets it go (route.continue_)."""
    held: list = []

    def hold(route) -> None:
        held.append(route)

    page.route(pattern, hold)
    return held


def wait_for(page, held: list) -> None:
    while not held:
        page.wait_for_timeout(20)


def let_go(page, pattern: str, held: list) -> None:
    for route in held:
        route.continue_()
    page.unroute(pattern)


@pytest.mark.parametrize("what", ["move", "undo", "peek", "replay"])
def test_a_play_answer_for_the_old_game_writes_nothing_on_the_new_one(page, what):
    start(page, 4, "adversarial")  # the strongest Devil: no first move wins (Peek stays open)
    if what != "move":
        positions(page).nth(0).click()
        page.click("#flip")
        expect(page.locator("#play-status")).to_contain_text(": 1 move")
    if what == "replay":
        page.click("#peek")
        expect(page.locator("#replay-open")).to_be_visible()
    pattern = {"move": "**/api/move", "undo": "**/api/undo", "peek": "**/api/peek",
               "replay": "**/api/replay/**"}[what]  # fmt: skip
    held = held_requests(page, pattern)
    if what == "move":
        positions(page).nth(0).click()
        page.click("#flip")
    else:
        page.click({"undo": "#undo", "peek": "#peek", "replay": "#replay-open"}[what])
    wait_for(page, held)
    start(page, 6, "random")  # a new game while the old answer is out
    new_game = page.locator("#play-table").get_attribute("data-game")
    let_go(page, pattern, held)
    page.wait_for_timeout(300)  # room for the old answer to land (it must change nothing)
    assert page.locator("#play-table").get_attribute("data-game") == new_game
    expect(page.locator("#play-status")).to_contain_text("N = 6")
    expect(page.locator("#play-status")).to_contain_text(": 0 moves")
    assert page.locator("#play-history li").count() == 0
    expect(page.locator("#replay")).to_be_hidden()
    message = page.locator("#play-message")
    for old in ("taken back", "You peeked", "Best move", "cost you", "The Devil turned"):
        expect(message).not_to_contain_text(old)
    assert page.errors == []


def test_a_feel_for_the_old_tray_writes_nothing_on_the_new_one(page):
    new_touch_game(page)
    held = held_requests(page, "**/api/touch/feel")
    for p in (0, 1):
        page.locator(f"#touch-tray .glass[data-position='{p}']").click()
    page.click("#touch-feel")
    wait_for(page, held)
    new_touch_game(page)  # New game is taken while the feel is out
    new = page.evaluate("() => devilcoins.touch.game")
    let_go(page, "**/api/touch/feel", held)
    page.wait_for_timeout(300)
    assert page.evaluate("() => devilcoins.touch.game") == new
    assert page.evaluate("() => devilcoins.touch.state.stage") == "feel"
    expect(page.locator("#touch-message")).not_to_contain_text("You feel")
    expect(page.locator("#touch-setters")).to_be_hidden()
    feel(page, [0, 2])  # the new game plays on
    assert page.errors == []


def test_a_turn_for_the_devils_old_game_writes_nothing_on_the_new_one(page):
    page.fill("#devil-start", "HTTT")
    page.click("#devil-begin")
    status = page.locator("#devil-status")
    expect(status).to_contain_text("Move 1 of 15")
    held = held_requests(page, "**/api/devil/turn")
    page.click("#devil-turns button >> nth=1")
    wait_for(page, held)
    page.fill("#devil-start", "TTTH")
    page.click("#devil-begin")  # another game while the turn is out
    expect(page.locator("#devil-table")).to_have_attribute("aria-label", "the coins: TTTH")
    let_go(page, "**/api/devil/turn", held)
    page.wait_for_timeout(300)
    expect(page.locator("#devil-table")).to_have_attribute("aria-label", "the coins: TTTH")
    expect(status).to_contain_text("Move 1 of 15")
    expect(page.locator("#devil-log tbody tr")).to_have_count(0)
    expect(page.locator("#devil-message")).not_to_contain_text("You turned")
    page.click("#devil-turns button >> nth=0")  # the new game plays on
    expect(page.locator("#devil-log tbody tr")).to_have_count(1)
    assert page.errors == []


def test_an_answer_of_the_why_devil_for_the_old_table_writes_nothing_on_the_new_one(page):
    expect(page.locator("#why-devil-status")).to_contain_text("The coins show")
    held = held_requests(page, "**/api/why/devil/turn")
    page.locator("#why-devil-table [data-position='0']").click()
    page.click("#why-devil-flip")
    wait_for(page, held)
    page.click("#why-devil-new")  # another table while the Devil's answer is out
    coins = page.locator("#why-devil-status").inner_text()
    let_go(page, "**/api/why/devil/turn", held)
    page.wait_for_timeout(300)
    expect(page.locator("#why-devil-status")).to_have_text(coins)
    expect(page.locator("#why-devil-history li")).to_have_count(0)
    expect(page.locator("#why-devil-answer")).not_to_contain_text("Still not all heads")
    assert page.errors == []


def test_a_strategy_for_an_n_no_longer_watched_is_dropped(page):
    held = held_requests(page, "**/api/strategy/8")
    page.select_option("#watch-n", "8")
    wait_for(page, held)
    page.select_option("#watch-n", "2")  # another N while the strategy for 8 is out
    step = page.locator("#watch-step")
    expect(step).to_have_text("move 0 of 3")
    let_go(page, "**/api/strategy/8", held)
    page.wait_for_timeout(300)
    expect(step).to_have_text("move 0 of 3")
    page.click("#forward")
    expect(step).to_contain_text("move 1 of 3")
    assert page.errors == []
