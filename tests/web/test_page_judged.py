"""The coach judges every move on the page, as lichess does: a best move gets ✓ in Moves played,
a move off the winning line gets ?! and the line saying what it cost; Undo takes the move back
with its mark, and the button's promise is the one before it."""

from __future__ import annotations

import re

import pytest
from helpers import feel, new_touch_game, positions, set_held, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def promise(page) -> int:
    hint = page.locator("#play-optimal")
    expect(hint).to_contain_text("within")
    return int(re.search(r"within (\d+) move", hint.inner_text()).group(1))


def test_a_move_off_the_winning_line_is_judged_and_taken_back(visitor):
    page = visitor
    start(page, 4)  # the strongest Devil
    message, history = page.locator("#play-message"), page.locator("#play-history li")
    before = promise(page)
    page.click("#play-optimal")
    page.click("#flip")
    expect(history.nth(0)).to_contain_text("✓")
    expect(message).to_contain_text(f"Best move: you now win within {before - 1} more moves")
    best_next = promise(page)
    assert best_next == before - 1
    positions(page).nth(0).click()  # off the line: the optimal move flips more than one coin
    page.click("#flip")
    expect(history).to_have_count(2)
    mark = history.nth(1).locator(".mark")
    expect(mark).to_have_text("?!")
    expect(message).to_contain_text("That move cost you")
    cost = int(re.search(r"cost you (\d+) move", message.inner_text()).group(1))
    now = promise(page)
    assert now == best_next - 1 + cost  # the line's cost is what the button now promises
    expect(mark).to_have_attribute("title", re.compile("cost you"))
    page.click("#undo")
    expect(history).to_have_count(1)
    expect(history.nth(0)).to_contain_text("✓")
    assert promise(page) == best_next
    assert page.errors == []


def test_a_touch_setting_off_the_winning_line_is_judged_and_taken_back(visitor):
    page = visitor
    new_touch_game(page)  # four glasses, two hands, the strongest Devil
    message, history = page.locator("#touch-message"), page.locator("#touch-history li")
    before = page.evaluate("() => devilcoins.touch.state.at_most")
    feel(page, [0, 2])  # a best reach on four glasses (so is [0, 1])
    expect(message).to_contain_text(f"Best reach: you now win within {before - 1} more rounds")
    set_held(page, ["up", "down"])  # one up and one down: a round more than the best setting
    expect(history).to_have_count(1)
    marks = history.nth(0).locator(".mark")
    expect(marks).to_have_text(["✓", "?!"])
    expect(message).to_contain_text("That setting cost you 1 round")
    assert page.evaluate("() => devilcoins.touch.state.judged.cost") == 1
    page.click("#touch-undo")
    expect(history).to_have_count(0)
    expect(message).to_contain_text("Your last round is taken back")
    assert page.evaluate("() => devilcoins.touch.state.at_most") == before
    assert page.errors == []


def test_the_devil_s_turns_are_judged_too(visitor):
    page = visitor
    page.select_option("#devil-n", "2")
    page.check("#devil-custom")
    page.fill("#devil-text", "0 1\n0\n0 1")  # wins 2 coins from every start
    page.fill("#devil-start", "TH")
    page.click("#devil-begin")
    page.fill("#devil-r", "0")
    page.click("#devil-go")
    row = page.locator("#devil-log tbody tr").nth(0)
    expect(row.locator(".mark")).to_have_text("✓")  # against this strategy no turn escapes
    expect(page.locator("#devil-message")).to_contain_text("whatever you do")
    assert page.errors == []
