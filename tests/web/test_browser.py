"""The page in a real browser: Debian's chromium driven by Playwright against a live server.

The server, the browser and the page come from tests/web/conftest.py: one uvicorn server and one
chromium serve the whole module, every test gets a fresh browser context, and every test is
skipped, saying why, when Debian's chromium is missing (``make test`` installs it where apt-get
can).
"""

from __future__ import annotations

import re

import pytest
from helpers import get_json, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: The shortest strategy for N = 2 (the one /api/strategy/2 serves).
STRATEGY_2 = [[0, 1], [0], [0, 1]]


def moves(k: int) -> str:
    return f"{k} move{'' if k == 1 else 's'}"


def positions(page):
    return page.locator("#play-table .position")


def new_game(page, n: int, devil: str = "random") -> None:
    start(page, n, devil)
    shown = {"adversarial": "strongest"}.get(devil, devil)  # as the Devil menu names him
    expect(page.locator("#play-status")).to_have_text(f"N = {n}, {shown} Devil: 0 moves")


def won(page) -> bool:
    return "All heads" in page.locator("#play-message").inner_text()


def wait_after_move(page, k: int) -> None:
    """Wait until the server's answer to move k is on the page."""
    expect(page.locator("#play-status")).to_contain_text(f": {moves(k)}")


def strategy(base_url: str, n: int) -> list[list[int]]:
    data = get_json(f"{base_url}/api/strategy/{n}")
    assert data["winnable"] and data["length"] == len(data["moves"])
    return data["moves"]


def assert_won_within(page, n: int, length: int) -> None:
    message = page.locator("#play-message")
    expect(message).to_have_class(re.compile(r"\bwin\b"))
    k = int(re.search(r"you won in (\d+) moves?!", message.inner_text()).group(1))
    assert 1 <= k <= length
    expect(page.locator("#flip")).to_be_disabled()
    # once won, the coins are known: the table shows n heads, and there is nothing to peek at
    expect(page.locator("#peek")).to_be_disabled()
    expect(page.locator("#play-status")).not_to_contain_text("(peeked)")
    expect(positions(page).locator("text")).to_have_text(["H"] * n)
    expect(page.locator("#belief-size")).to_have_text("1 possible")
    expect(page.locator("#belief figcaption")).to_have_text(["H" * n])


def test_page_loads_and_the_table_has_n_positions(page):
    expect(page).to_have_title(re.compile("devilcoins"))
    # the first screen has a game of 4 coins on the table, ready to play
    expect(positions(page)).to_have_count(4)
    expect(page.locator("#flip")).to_be_enabled()
    for n in (3, 6, 1):
        new_game(page, n)
        expect(positions(page)).to_have_count(n)
        expect(page.locator("#flip")).to_be_enabled()
        # every position is a checkbox that a click turns on and off
        last = positions(page).nth(n - 1)
        expect(last).to_have_attribute("aria-checked", "false")
        last.click()
        expect(positions(page).nth(n - 1)).to_have_attribute("aria-checked", "true")
        positions(page).nth(n - 1).click()
        expect(positions(page).nth(n - 1)).to_have_attribute("aria-checked", "false")
    # with one coin only T is possible: the game never starts in the goal, all heads
    expect(page.locator("#belief figcaption")).to_have_text(["T"])
    assert page.errors == []


@pytest.mark.parametrize(("n", "devil"), [(2, "random"), (4, "adversarial")])
def test_win_with_the_mouse(page, base_url, n, devil):
    plan = STRATEGY_2 if n == 2 else strategy(base_url, n)
    new_game(page, n, devil)
    for k, move in enumerate(plan, 1):
        for i in move:
            positions(page).nth(i).click()
        checked = positions(page).evaluate_all(
            "gs => gs.filter(g => g.getAttribute('aria-checked') === 'true')"
            ".map(g => Number(g.dataset.position))"
        )
        assert checked == move
        page.click("#flip")
        wait_after_move(page, k)
        if won(page):
            break
    assert_won_within(page, n, len(plan))
    assert page.errors == []


def test_clear_and_peek_mid_game(page):
    new_game(page, 4)
    positions(page).nth(1).click()
    positions(page).nth(3).click()
    page.click("#clear")
    expect(page.locator("#play-table [aria-checked='true']")).to_have_count(0)
    page.click("#peek")
    message = page.locator("#play-message")
    expect(message).to_have_text(re.compile(r"^You peeked: the coins are [HT]{4}\.$"))
    coins = message.inner_text()[-5:-1]
    expect(positions(page).locator("text")).to_have_text(list(coins))
    expect(page.locator("#play-status")).to_have_text("N = 4, random Devil: 0 moves (peeked)")
    # a move turns the table, so the peeked coins are no longer shown
    # (flipping all four can win only from all tails, which would need no peek to know)
    for i in range(4):
        positions(page).nth(i).click()
    page.click("#flip")
    wait_after_move(page, 1)
    if coins != "TTTT":
        expect(positions(page).locator("text")).to_have_text(["0", "1", "2", "3"])
    assert page.errors == []


def test_win_with_the_keyboard(page, base_url):
    n = 4
    plan = strategy(base_url, n)
    # choose N and start the game from the keyboard too
    page.focus("#play-n")
    page.select_option("#play-n", str(n))
    page.keyboard.press("Tab")  # to the Devil menu
    page.keyboard.press("Tab")  # to "New game"
    assert page.evaluate("document.activeElement.id") == "new-game"
    first = page.locator("#play-table").get_attribute("data-game")  # the game set out on load
    page.keyboard.press("Enter")
    expect(page.locator("#play-table")).not_to_have_attribute("data-game", first)
    expect(page.locator("#play-status")).to_have_text(f"N = {n}, random Devil: 0 moves")
    page.keyboard.press("Tab")  # off the button, onto position 0 of the table
    for k, move in enumerate(plan, 1):
        for i in move:
            page.keyboard.press(str(i))
        expect(page.locator("#play-table [aria-checked='true']")).to_have_count(len(move))
        page.keyboard.press("9")  # no such position: ignored
        page.keyboard.press("Enter")
        wait_after_move(page, k)
        if won(page):
            break
    assert_won_within(page, n, len(plan))
    assert page.errors == []


def test_watch_the_strategy(page):
    page.select_option("#watch-n", "4")
    step = page.locator("#watch-step")
    expect(step).to_have_text("move 0 of 15")
    rows = page.locator("#watch-rows tbody tr")
    expect(rows).to_have_count(1)
    expect(page.locator("#back")).to_be_disabled()
    for k in range(1, 16):
        page.click("#forward")
        expect(rows).to_have_count(k + 1)
    expect(step).to_have_text("move 15 of 15: flip {0, 1, 2, 3}")
    expect(page.locator("#forward")).to_be_disabled()
    expect(page.locator("#watch-message")).to_have_text(
        "The belief is all heads: the strategy has won."
    )
    expect(rows).to_have_count(16)
    first = rows.nth(0).locator("td").nth(2).inner_text()
    assert first.split() == ["HHHH", "HHHT", "HHTT", "HTHT", "HTTT", "TTTT"]
    last = rows.nth(15)
    expect(last).to_have_class("current")
    assert last.locator("td").nth(0).inner_text() == "15"
    assert last.locator("td").nth(1).inner_text() == "0123"
    assert last.locator("td").nth(2).inner_text().split() == ["HHHH"]
    page.click("#back")
    expect(rows).to_have_count(15)
    expect(step).to_have_text("move 14 of 15: flip {0, 2}")
    # right after clicking Back, the arrows step too
    page.keyboard.press("ArrowLeft")
    expect(rows).to_have_count(14)
    page.keyboard.press("ArrowRight")
    expect(rows).to_have_count(15)
    # the arrow keys step once the section has the focus
    page.click("#watch-title")
    page.keyboard.press("ArrowLeft")
    expect(rows).to_have_count(14)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(rows).to_have_count(16)
    page.keyboard.press("ArrowRight")  # past the end: stays
    expect(rows).to_have_count(16)
    # an unwinnable N says so and shows the one starting belief
    page.select_option("#watch-n", "3")
    expect(page.locator("#watch-message")).to_contain_text("No strategy wins for N = 3")
    expect(rows).to_have_count(1)
    assert page.errors == []


def test_phone_sized_window(browser, base_url, timeout_ms):
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True)
    ctx.set_default_timeout(timeout_ms)
    try:
        pg = ctx.new_page()
        pg.goto(base_url + "/")
        expect(pg.locator("#watch-step")).to_have_text("move 0 of 15")
        new_game(pg, 8)
        pg.select_option("#watch-n", "8")
        expect(pg.locator("#watch-step")).to_contain_text("move 0 of ")
        for _ in range(5):
            pg.click("#forward")
        expect(pg.locator("#play-table")).to_be_visible()
        expect(pg.locator("#watch-table")).to_be_visible()
        box = pg.locator("#play-table").bounding_box()
        assert box["width"] > 100 and box["x"] >= 0 and box["x"] + box["width"] <= 375 + 1
        width = pg.evaluate("document.documentElement.scrollWidth")
        assert width <= 375 + 1, f"the page scrolls sideways: {width} px wide"
    finally:
        ctx.close()


def test_screenshots(page, tmp_path):
    new_game(page, 4)
    for k, i in enumerate((0, 2), 1):
        if page.locator("#flip").is_disabled():
            break  # a lucky random Devil can let the first flip win: the game is over
        positions(page).nth(i).click()
        page.click("#flip")
        wait_after_move(page, k)
    page.select_option("#watch-n", "4")
    expect(page.locator("#watch-step")).to_have_text("move 0 of 15")
    for _ in range(4):
        page.click("#forward")
    for name, full in (("viewport.png", False), ("full.png", True)):
        path = tmp_path / name
        page.screenshot(path=str(path), full_page=full)
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    assert page.errors == []
